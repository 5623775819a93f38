"""Place names of the Abu Dhabi tables in English and Arabic: resolve a name, or find the places a message names.

Every place is indexed under its table name, display name, Arabic name and aliases, each reduced to a key:
normalized letters, Arabic article and suffixes stemmed, and the generic words ("island", "جزيرة", "city") left
out, so "Yas", "YAS ISLAND", "جزيرة ياس" and "ياس" are one key. Typos are caught by fuzzy matching (rapidfuzz).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from data.sources.abu_dhabi import MarketTables, Place, load_market
from retrieval.arabic import stem, tokens

GENERIC = {"island", "islands", "isl", "al", "el", "city", "the", "district", "community", "project", "area",
           "جزير", "جزيره", "جزر", "مدين", "مدينه", "منطق", "منطقه", "حي", "مشروع", "امار", "اماره"}
# Everyday names the tables do not carry (checked: the municipality table has "ADM" and "أبوظبي" only).
EXTRA_ALIASES = {"Abu Dhabi City": ("AD", "Abu Dhabi", "ابو ظبي", "أبو ظبي", "ابوظبي")}
KIND_ORDER = {"district": 0, "municipality": 1, "community": 2, "project": 3}
# A cheap first look (no tables loaded) for callers outside the market pipeline: may this text name an Abu Dhabi
# place at all? `mentions` then says which.
MAY_NAME_A_PLACE = re.compile(r"\b(?:yas+|re+m|abu ?dhabi|abudhabi|AD)\b|ياس|ريم|ظبي", re.I)
FUZZY_MIN = 85  # a typo of a one-word place ("yass", "reeem") still matches; unrelated words do not


def key(text: str) -> str:
    """The matching key of a name: stemmed normalized tokens without generic words ("Al Reem Island" -> "reem")."""
    return " ".join(t for t in (stem(t) for t in tokens(text)) if t not in GENERIC)


@dataclass(frozen=True)
class Match:
    """A place found for a query, with how well it matched (0..100)."""

    place: Place
    score: float
    matched: str  # the spelling that matched

    def as_dict(self) -> dict[str, object]:
        """JSON form for the tools."""
        p = self.place
        return {"type": p.kind, "name": p.name, "display": p.display, "name_ar": p.name_ar, "district": p.district,
                "score": round(self.score, 1), "matched": self.matched}


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[str, str, Place], ...]:
    """(key, spelling, place) for every spelling of every place (projects named in the fact tables too)."""
    tables = load_market()
    places = list(tables.places)
    known = {p.name.lower() for p in places if p.kind == "project"}
    for frame in (tables.facts["transactions_project"], tables.facts["rental_index_project"],
                  tables.facts["supply_project"], tables.facts["sale_rates_project"]):
        for name, district in frame[["project_name", "district"]].drop_duplicates().itertuples(index=False):
            if name and name.lower() not in known:
                known.add(name.lower())
                places.append(Place("project", name, name, None, district))
    entries = []
    for place in places:
        extra = EXTRA_ALIASES.get(place.name, ()) if place.kind == "municipality" else ()
        for spelling in sorted({place.name, place.display, place.name_ar or "", *place.aliases, *extra} - {""}):
            if spelling and (k := key(spelling)):
                entries.append((k, spelling, place))
    return tuple(entries)


def search(query: str, *, kinds: tuple[str, ...] | None = None, limit: int = 5) -> list[Match]:
    """The places a query names, best first: exact keys, then keys inside the query, then close spellings."""
    q = key(query)
    if not q:
        return []
    q_tokens = set(q.split())
    best: dict[tuple[str, str], Match] = {}
    for k, spelling, place in _index():
        if kinds and place.kind not in kinds:
            continue
        if k == q:
            score = 100.0
        elif f" {k} " in f" {q} ":
            score = 70.0 + 25 * len(k) / len(q)  # the place is named inside a longer query
        elif f" {q} " in f" {k} " and len(q) >= 3:
            score = 80.0 + 15 * len(q) / len(k)  # the query is part of the name ("reem hills" in "reem hills phase 1a")
        else:
            score = fuzz.ratio(q, k) if len(q_tokens) == 1 else fuzz.token_set_ratio(q, k) * 0.95
            if score < FUZZY_MIN:
                continue
        ident = (place.kind, place.name)
        if ident not in best or score > best[ident].score:
            best[ident] = Match(place, score, spelling)
    ranked = sorted(best.values(), key=lambda m: (-m.score, KIND_ORDER[m.place.kind], m.place.name))
    return ranked[:limit]


ALL_KINDS = ("district", "municipality", "community", "project")


def mentions(text: str, *, kinds: tuple[str, ...] = ALL_KINDS) -> list[Match]:
    """Every place a message names, in the order they appear (districts first where one spelling fits several)."""
    words = [w for w in (stem(t) for t in tokens(text)) if w not in GENERIC]
    padded = f" {' '.join(words)} "
    found: dict[tuple[str, str], tuple[int, Match]] = {}
    for k, spelling, place in _index():
        if place.kind not in kinds:
            continue
        if len(k) < 3 and not (spelling.isupper() and re.search(rf"\b{re.escape(spelling)}\b", text)):
            continue  # a two-letter name ("AD") only as written, in capitals
        at = padded.find(f" {k} ")
        if at < 0 and " " not in k and place.kind in ("district", "municipality") and len(k) >= 3:
            # one-word district names tolerate a typo ("yass", "reeem")
            at = next((padded.find(f" {w} ") for w in words if len(w) >= 3 and fuzz.ratio(w, k) >= FUZZY_MIN), -1)
        if at < 0:
            continue
        ident = (place.kind, place.name)
        score = 100.0 if place.kind in ("district", "municipality") else 90.0 + min(len(k), 30) / 10
        if ident not in found or at < found[ident][0]:
            found[ident] = (at, Match(place, score, spelling))
    # A project or community whose name contains a district's name ("Yas Bay") hides that district mention only
    # when they start at the same place.
    chosen = sorted(found.values(), key=lambda item: (item[0], -len(key(item[1].matched))))
    result: list[Match] = []
    covered: list[tuple[int, int]] = []
    for at, match in chosen:
        span = (at, at + len(key(match.matched)) + 1)
        if any(s <= span[0] and span[1] <= e for s, e in covered):
            continue
        covered.append(span)
        result.append(match)
    return result


def resolve(name: str, kind: str, tables: MarketTables | None = None) -> tuple[Place | None, list[str]]:
    """The place of that kind a name means, or None with the nearest names (for a structured error)."""
    tables = tables or load_market()
    exact = tables.place(kind, name)
    if exact:
        return exact, []
    matches = search(name, kinds=(kind,), limit=5)
    clear = len(matches) == 1 or (len(matches) > 1 and matches[1].score < matches[0].score - 5)
    if matches and (matches[0].score >= 90 or (matches[0].score >= FUZZY_MIN and clear)):
        return matches[0].place, []
    nearest = [m.place.display for m in matches]
    if not nearest:
        scored = sorted(((fuzz.WRatio(name, p.display), p.display) for p in tables.places if p.kind == kind),
                        reverse=True)
        nearest = [d for _s, d in scored[:3]]
    return None, nearest
