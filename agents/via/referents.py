"""Which listed unit a phrase points at by comparing them: "whichever is closest to the subway", "the cheapest one
with two baths", "el más barato de Inwood", "الأرخص", "the biggest one".

A superlative (or a comparative: "the cheaper one") orders the units the person has seen by one measure; the words
beside it (a neighbourhood of those units, a bedroom or bathroom count, an amenity) first narrow them to the ones
meant. One reading for every path that needs it: a tour request, a swap of a tour, a question about the results.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agents.via.vocab import LOCATION_ALIASES

Unit = dict[str, Any]  # a shown match: {"id", "score", "row_preview": {...}}

# measure -> (words that ask for it, the direction that wins); the first that matches is read
_CHEAP = r"cheap(?:er|est)|less expensive|least expensive|most affordable|lowest (?:rent|price)|" \
         r"m[aá]s barat[oa]s?|m[aá]s econ[oó]mic[oa]|(?:ال)?[أا]رخص"
MEASURES: tuple[tuple[str, str, bool], ...] = (
    ("ppsf", rf"(?:{_CHEAP}|best|lowest)\s+(?:\$\s*)?(?:per|/|a)\s*(?:sf|sq\.?\s?ft|square f(?:oo|ee)t|foot)\b|"
             r"\bbest (?:value|deal) per (?:sf|square foot|foot)\b", False),
    ("rent", rf"(?:{_CHEAP})", False),
    ("rent", r"\bpriciest\b|\bmost expensive\b|\bm[aá]s car[oa]\b|(?:ال)?[أا]غلى", True),
    ("sqft", r"\bbigg(?:er|est)\b|\blarg(?:er|est)\b|\broomiest\b|\bmost (?:space|room|square feet)\b|"
             r"\bm[aá]s grande\b|\bm[aá]s amplio\b|(?:ال)?[أا]كبر|(?:ال)?[أا]وسع", True),
    ("sqft", r"\bsmall(?:er|est)\b|\bm[aá]s peque[nñ][oa]\b|(?:ال)?[أا]صغر", False),
    ("min_to_subway", r"\b(?:clos|near)(?:er|est)\b|\bm[aá]s cerca\b|(?:ال)?[أا]قرب", False),
    ("building_age_yrs", r"\bnewest\b|\bnewer\b|\bm[aá]s nuev[oa]\b|(?:ال)?[أا]حدث", False),
    ("floor", r"\bhighest floor\b|\bhigher floor\b|\bpiso m[aá]s alto\b", True),
)

_BEDS = re.compile(r"\b(\d)\s*-?\s*(?:br|bd|bed(?:room)?s?|habitaciones?|dormitorios?|rec[aá]maras?)\b|\bstudio\b",
                   re.I)
_BATHS = re.compile(r"\b(\d|one|two|three)\s*-?\s*(?:ba|baths?|bathrooms?|ba[nñ]os?)\b|(حمامين)|(ثلاث(?:ة)? حمامات)",
                    re.I)
_WORD_NUMBER = {"one": 1, "two": 2, "three": 3}
_AMENITIES = (("doorman", r"\bdoorman|\bportero|\bبواب"), ("elevator", r"\belevator|\blift\b|\bascensor|\bمصعد"),
              ("gym", r"\bgym|\bgimnasio"), ("washer", r"\bwasher|\bw/d\b|\blaundry|\blavadora|\bغسالة ملابس"),
              ("dishwasher", r"\bdishwasher|\blavavajillas|غسالة صحون"), ("patio", r"\bpatio|\bterraza"),
              ("roof", r"\broof ?deck|\bazotea"), ("no fee", r"\bno[- ]?fee\b|\bsin comisi[oó]n\b"))


def measure(phrase: str) -> tuple[str, bool] | None:
    """(the field a superlative or comparative orders by, whether higher wins), or None when the phrase has none."""
    for field, words, higher in MEASURES:
        if re.search(words, phrase, re.I):
            return field, higher
    return None


def _value(unit: Unit, field: str) -> float | None:
    row = unit["row_preview"]
    if field == "ppsf" and row.get("ppsf_year") is None and row.get("rent") and row.get("sqft"):
        return float(row["rent"]) * 12 / float(row["sqft"])
    value = row.get("ppsf_year" if field == "ppsf" else field)
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):  # a floor such as "P6"
        digits = re.search(r"\d+", str(value))
        return float(digits.group(0)) if digits else None


def _has(unit: Unit, label: str) -> bool:
    return any(str(a).lower().startswith(label) for a in unit["row_preview"].get("amenities") or [])


def narrowed(phrase: str, units: list[Unit]) -> list[Unit]:
    """The units that have what the phrase names beside its comparison: a neighbourhood of theirs, a bedroom or
    bathroom count, an amenity. Each filter that would leave none is not applied (a word may not be a filter)."""
    lowered = phrase.lower()
    filters: list[Callable[[Unit], bool]] = []
    hoods = {str(u["row_preview"].get("neighborhood") or "").lower() for u in units} - {""}
    said = {h for h in hoods if any(re.search(rf"\b{re.escape(name)}\b", lowered) for name in
                                    [h, *(nick for nick, full in LOCATION_ALIASES.items() if full == h)])}
    if said and said != hoods:
        filters.append(lambda u: str(u["row_preview"].get("neighborhood") or "").lower() in said)
    beds = _BEDS.search(phrase)
    if beds:
        count = float(beds.group(1)) if beds.group(1) else 0.0
        filters.append(lambda u: u["row_preview"].get("bedrooms") == count)
    baths = _BATHS.search(phrase)
    if baths:
        word = (baths.group(1) or "").lower()
        count = 2.0 if baths.group(2) else 3.0 if baths.group(3) else float(_WORD_NUMBER.get(word) or word)
        filters.append(lambda u: (u["row_preview"].get("bathrooms") or 0) >= count)
    for label, words in _AMENITIES:
        if re.search(words, phrase, re.I):
            filters.append(lambda u, label=label: _has(u, label))  # type: ignore[misc]
    for keep in filters:
        units = [u for u in units if keep(u)] or units
    return units


def ranked(phrase: str, units: list[Unit]) -> list[Unit] | None:
    """The units the phrase narrows to, best first by its superlative; None when it compares nothing. Units without
    the measure go last; ties keep the order shown."""
    asked = measure(phrase)
    if asked is None or not units:
        return None
    field, higher = asked
    pool = narrowed(phrase, units)
    known = [u for u in pool if _value(u, field) is not None]
    order = sorted(known, key=lambda u: -(_value(u, field) or 0) if higher else (_value(u, field) or 0))
    return order + [u for u in pool if u not in known]


def best(phrase: str, units: list[Unit]) -> Unit | None:
    """The one unit a superlative phrase points at ("the cheapest one with two baths"), or None."""
    order = ranked(phrase, units)
    return order[0] if order else None
