"""Which listed unit a phrase points at: by id, rent, suite, size or street ("6K", "the 11.6k one", "the 42 w 38th
one"), by its place in the list ("the second one"), by comparing them ("whichever is closest to the subway", "the
cheapest one with two baths", "el más barato de Inwood", "الأرخص"), by what only it has ("the 4br"), or "that one".

A superlative (or a comparative: "the cheaper one") orders the units the person has seen by one measure; the words
beside it (a neighbourhood of those units, a bedroom or bathroom count, an amenity) first narrow them to the ones
meant. One reading for every path that needs it: a tour request, a swap of a tour, a question about the results.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agents.cues import SUITE_SAID, UNIT_ID, address_named, shown_by_address, suite_at
from agents.via.match_rank import preview
from agents.via.refine import floor_said, on_floor, unit_about, unit_named
from agents.via.vocab import LOCATION_ALIASES
from data.sources.nyc import Inventory

Unit = dict[str, Any]  # a shown match: {"id", "score", "row_preview": {...}}

# measure -> (words that ask for it, the direction that wins); the first that matches is read
_CHEAP = r"cheap(?:er|est)|\bthe cheap\b|less expensive|least expensive|most affordable|lowest (?:rent|price)|" \
         r"m[aá]s barat[oa]s?|m[aá]s econ[oó]mic[oa]|(?:ال)?[أا]رخص"
MEASURES: tuple[tuple[str, str, bool], ...] = (
    ("ppsf", rf"(?:{_CHEAP}|best|lowest)\s+(?:\$\s*)?(?:per|/|a)\s*(?:sf|sq\.?\s?ft|square f(?:oo|ee)t|foot)\b|"
             r"\bbest (?:value|deal) per (?:sf|square foot|foot)\b|"
             # "which gives me the most space for the money": the lowest rent per square foot
             r"\bmost (?:space|room|square feet|sq\.? ?ft|sf) (?:for (?:the|my|our|your) money|per dollar)\b|"
             r"\bbest (?:value|bang for (?:the|my|our) buck)\b", False),
    ("rent", rf"(?:{_CHEAP})", False),
    ("rent", r"\bpriciest\b|\bmost expensive\b|\bm[aá]s car[oa]\b|(?:ال)?[أا]غلى", True),
    ("sqft", r"\bbigg(?:er|est)\b|\blarg(?:er|est)\b|\broomiest\b|\bmost (?:space|room|square feet)\b|"
             r"\bm[aá]s grande\b|\bm[aá]s amplio\b|(?:ال)?[أا]كبر|(?:ال)?[أا]وسع", True),
    ("sqft", r"\bsmall(?:er|est)\b|\bm[aá]s peque[nñ][oa]\b|(?:ال)?[أا]صغر", False),
    ("min_to_subway", r"\b(?:clos|near)(?:er|est)\b|\bm[aá]s cerca\b|(?:ال)?[أا]قرب|"
                      r"\b(?:short|quick)(?:er|est) (?:walk|commute|trip)\b|\bleast walking\b", False),
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


_WALK = re.compile(r"\b(\d{1,2})[- ]?(?:min(?:ute)?s?|mins?)\b(?:\s+(?:walk\w*|away))?\s*(?:from|to|of|de|del|al)\s+"
                   r"(?:the\s+|el\s+|la\s+)?(?:train|subway|metro|station|stop|tren|estaci[oó]n)", re.I)


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
    walk = _WALK.search(phrase)
    if walk:  # "the cheapest one thats like 1 min from the train": those that close, then the cheapest
        most = float(walk.group(1))
        filters.append(lambda u: (u["row_preview"].get("min_to_subway") or float("inf")) <= most)
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


# Places in a list: "the second one", "#2", "el segundo", "الثاني".
_ORDINAL_WORDS = (("primero", "first"), ("primer", "first"), ("segundo", "second"), ("tercero", "third"),
                  ("tercer", "third"), ("cuarto", "fourth"), ("quinto", "fifth"), ("الأولى", "first"),
                  ("الاولى", "first"), ("الأول", "first"), ("الثانية", "second"), ("الثاني", "second"),
                  ("الثالثة", "third"), ("الثالث", "third"))


def swap_words(text: str, table: tuple[tuple[str, str], ...], pad: str = "") -> str:
    """Each whole word or phrase of the table replaced by its English."""
    for said, english in table:
        text = re.sub(rf"(?<!\w){re.escape(said)}(?!\w)", f"{pad}{english}{pad}", text, flags=re.I)
    return text


def english_ordinals(text: str) -> str:
    """Spanish and Arabic ordinals in English (\"el segundo\" -> \"el second\")."""
    return swap_words(text, _ORDINAL_WORDS)


ORDINALS = {"first": 0, "1st": 0, "top": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
            "fifth": 4, "5th": 4}
ORDINAL = re.compile(r"#([1-5])\b|\b(first|1st|top|second|2nd|third|3rd|fourth|fifth|last)\b", re.I)


def ordinal_reference(text: str) -> int:
    """'the second one' / '#2' -> 1; 'the last one' -> -1 (the last match); anything else -> 0 (the top one)."""
    m = ORDINAL.search(english_ordinals(text))
    if not m:
        return 0
    if m.group(1):
        return int(m.group(1)) - 1
    word = m.group(2).lower()
    return 10 if word == "last" else ORDINALS[word]


def unit_for_tour(row: dict[str, Any]) -> dict[str, Any]:
    """What a tour needs of an inventory row: its id, a place a person can find, and its kind."""
    address = row.get("address") or f"{row.get('neighborhood', '')} apartment (building {row.get('building_id')})"
    if row.get("kind") == "office" and row.get("suite"):
        address += f", Suite {row['suite']}"
    return {"unit_id": row["unit_id"], "address": address, "kind": row.get("kind", "apartment")}


# the parts of a request that may each name a unit: "ese el sábado a las 10 y el más barato de Inwood a las 11:30"
_PARTS = re.compile(r"\s*(?:[,;]|\band (?:then|also)\b|\band\b|&|\bplus\b|\bthen\b|\bvs\.?|\bversus\b|\by\b|"
                    r"(?<=\s)و(?=ال))\s*", re.I)
_POINTER = re.compile(r"^\W*(?:\w+\s+){0,4}?(?:it|that one|this one|that|this|there|that place|ese|esa|este|esta|"
                      r"esa unidad|ese apartamento)\b(?!\s+(?:one|is|are)\b)", re.I)


_SUITE_LABEL = re.compile(r"\b(?:suite|ste\.?|#)\s*([a-z]?\d{1,4}[a-z]{0,2})\b|\b(\d{1,2}[a-z]|[a-z]\d{1,3})\b", re.I)


def suite_in_inventory(text: str, inventory: Inventory) -> dict[str, Any] | None:
    """The one office suite a label names ("6K", "suite 300A") when no other suite has that label: a suite the
    person saw further down the results, or on the broker's flyer."""
    for found in _SUITE_LABEL.finditer(text):
        label = (found.group(1) or found.group(2)).upper()
        frame = inventory.frame
        rows = frame[(frame["kind"] == "office") & (frame["suite"].astype(str).str.upper() == label)]
        if len(rows) == 1:
            row = rows.iloc[0].to_dict()
            return {"id": row["unit_id"], "row_preview": {**preview(row), **unit_for_tour(row)}}
    return None


def floor_unit(part: str, listed: list[dict[str, Any]], pool: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "the 21st floor one", "el del primer piso": the unit on that floor, of the list shown now first; None when
    no unit or several units there are on it."""
    floor = floor_said(part)
    if floor is None:
        return None
    found = on_floor(listed, floor) or on_floor(pool, floor)
    return found[0] if len({m["id"] for m in found}) == 1 else None


def unit_in(part: str, pool: list[dict[str, Any]], focus: dict[str, Any] | None,
            inventory: Inventory | None = None, *, shown: int | None = None,
            mentioned: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The unit one part of a request names: by id, rent, suite or place; by street; by rank; by a superlative
    ("the cheapest 2 bath one"); by what only it has ("the 4br", "the forest hills 3br"); or "that one".

    Args:
        pool: the units the person has seen, the list shown now first.
        shown: how many of the pool are the list shown now: a rank or a superlative is read over those only.
        mentioned: units the last answer named: "the forest hills one" means the one just talked of first.
    """
    listed = pool[:shown] if shown else pool
    for unit_id in UNIT_ID.findall(part):
        found = next((m for m in pool if m["id"] == unit_id.upper()), None)
        if found is not None:
            return found
    named = unit_named(part, pool) or unit_about(part, pool) or floor_unit(part, listed, pool) or (
        suite_in_inventory(part, inventory) if inventory is not None else None)
    if named is not None:
        having = narrowed(part, pool)
        if having and len(having) < len(pool) and named not in having:
            # "the east village one with a dishwasher": the dishwasher alone named a unit elsewhere; every trait
            # said narrows to another
            return sorted(having, key=lambda m: m["id"] not in mentioned)[0]
        return named
    streets = shown_by_address(part, pool)
    if streets:
        return streets[0]  # several suites on that street: the best ranked
    if ORDINAL.search(english_ordinals(part)):
        index = ordinal_reference(part)
        return listed[index] if index < len(listed) else None
    if measure(part):  # "the cheapest one", "whichever is closest": among those that fit the search, when some do
        if not POINTED.search(part):
            return None  # "sort by biggest": an order asked for, no unit pointed at
        full = [m for m in listed if (m.get("score") or 0) >= 100]
        return best(part, full if len(full) >= 2 else listed)
    having = sorted(narrowed(part, pool), key=lambda m: m["id"] not in mentioned)
    if len(having) < len(pool):
        return having[0]
    return focus if focus is not None and _POINTER.search(part) else None


# An Arabic superlative with its article: "الأرخص", "لأرخص" (to the cheapest)
_AR_SUPERLATIVE = r"(?:ال[أا]|لأ)(?:رخص|كبر|قرب|صغر|حدث|غلى|وسع)"
# a superlative that points at a unit: "the cheapest", "whichever is closest", "el más barato", "الأرخص"
POINTED = re.compile(r"\b(?:the|whichever|which ever|one that'?s|el|la|lo|los|las)\s+(?:\w+\s+){0,2}?"
                     r"(?:cheap|bigg|larg|small|clos|near|new|high|pric|m[aá]s|most|least|lowest|best|roomiest)|"
                     rf"\bwhichever\b|{_AR_SUPERLATIVE}", re.I)
# a superlative, not a comparative: "the two cheapest" orders the list, "the bigger of the two" does not
SUPERLATIVE = re.compile(rf"\b\w+est\b|\bm[aá]s\b|\bmost\b|\bwhichever\b|\bper (?:sf|square|foot)\b|\bpsf\b|"
                         rf"{_AR_SUPERLATIVE}", re.I)


# "the bigger of the two 3800 ones ... the other one": a choice within a pair, read by the pair's own rules
_WITHIN_A_PAIR = re.compile(r"\bof (?:the|those|these) (?:two|2)\b|\bthe other(?: one)?\b", re.I)


FROM_BEFORE = re.compile(r"\b(?:from before|from earlier|from the first (?:list|search|batch)|from the (?:other|last|"
                         r"previous) (?:list|search|batch)|you showed (?:me )?(?:before|earlier|first))\b", re.I)


_ORDER_ONLY = re.compile(r"^\W*(?:the\s+)?(?:cheaper|cheapest|bigger|biggest|smaller|closer|closest|nearer|pricier|"
                         r"larger|el m[aá]s barato|la m[aá]s barata)(?:\s+(?:one|ones|of them|of the two))?\s+"
                         r"(?:first|last|then|primero|después)\b", re.I)


def each_named(text: str, pool: list[dict[str, Any]], focus: dict[str, Any] | None,
               inventory: Inventory | None = None, *, shown: int | None = None,
               mentioned: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The units a request names part by part, in the order said; [] unless two or more parts each name one. "it"
    after a unit is named points back at that unit ("the cheaper of those 2, can i see it sunday"), not at another."""
    found: list[dict[str, Any]] = []
    if _WITHIN_A_PAIR.search(text):
        return found
    for part in _PARTS.split(text):
        if _ORDER_ONLY.match(part):
            continue  # "cheaper one first": the order of the units named, not another unit
        # "the biggest one from before": among the units of the list before this one
        among = pool[shown:] if shown is not None and FROM_BEFORE.search(part) and len(pool) > shown else pool
        unit = unit_in(part, among, None if found else focus, inventory, shown=shown if among is pool else len(among),
                       mentioned=mentioned) if part.strip() else None
        if unit is not None and unit not in found:
            found.append(unit)
    return found if len(found) >= 2 else []


def address_in_inventory(text: str, inventory: Inventory) -> list[dict[str, Any]]:
    """The office suites at an address the message names ("113 university"), shown or not."""
    frame = inventory.frame
    return [{"id": row["unit_id"], "row_preview": {**preview(row), **unit_for_tour(row)}}
            for row in frame[frame["kind"] == "office"].to_dict("records")
            if address_named(text, str(row.get("address") or ""))]


def suite_named(text: str, inventory: Inventory, spec: Any = None) -> dict[str, Any] | None:
    """The one office suite an address and a suite number name ("99 university pl suite 600"), or "the 124 w 36th
    one" where one suite there has the size searched for, shown or not; None unless exactly one fits."""
    said = SUITE_SAID.search(text)
    if said is None and not _ONE_AT_ADDRESS.search(text):
        return None
    at = [u for u in address_in_inventory(text, inventory)
          if said is None or suite_at(said.group(1), u["row_preview"].get("address") or "")]
    low, high = (getattr(spec, "min_sqft", None) or 0), (getattr(spec, "max_sqft", None) or float("inf"))
    sized = [u for u in at if low <= float(u["row_preview"].get("sqft") or 0) <= high]
    return at[0] if len(at) == 1 else sized[0] if len(sized) == 1 else None


_ONE_AT_ADDRESS = re.compile(r"\bthe\s+\d+[a-z]?(?:-\d+)?\s+[\w .']{2,30}?\s+one\b", re.I)  # "the 124 w 36th one"


_PLACE_ONE = re.compile(r"\b(?:the|that) ([a-z][a-z .'-]{1,30}?) (?:one|apartment|apt|unit|place|listing)\b", re.I)


def named_elsewhere(text: str, pool: list[dict[str, Any]], inventory: Inventory, spec: Any = None,
                    mentioned: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Units a message names that none of those in play are: the suites at an address it names ("the 53 pearl
    one"), the ones an answer mentioned first; else the best match of the search in a place it names as "the dumbo
    one" when no unit in play is there. [] when it names neither."""
    in_play = {u["id"] for u in pool}
    at = address_in_inventory(text, inventory)
    if any(u["id"] in in_play for u in at):
        return []  # a suite there is in play: the units shown are read as before
    if at:
        answered = [u for u in at if u["id"] in mentioned]
        return (answered or sorted(at, key=lambda u: u["row_preview"].get("rent") or 0))[:1]
    found = _PLACE_ONE.search(text)
    said = found.group(1).lower().strip() if found else ""
    hoods = {str(h).lower() for h in inventory.frame["neighborhood"].unique() if h}
    place = LOCATION_ALIASES.get(said) or (said if said in hoods else None)
    if place is None or spec is None or any(place in str(u["row_preview"].get("neighborhood") or "").lower()
                                            for u in pool):
        return []
    from agents.via.match_rank import match  # the search, in the place named

    items, _relax, _full = match(spec.model_copy(update={"location": [place]}), inventory, top_n=1)
    if not items or place not in str(items[0].row_preview.get("neighborhood") or "").lower():
        return []
    row = inventory.row(items[0].id)
    return [{"id": items[0].id, "row_preview": {**preview(row), **unit_for_tour(row)}}] if row is not None else []


# "the $80 ones", "the ones at $85/sf": the shown suites listed at that rate per square foot
_RATE_ONES = re.compile(r"\bthe \$?(\d{2,3}(?:\.\d{1,2})?)\s*(?:(?:/|per )\s*(?:sf|sq\.? ?ft|foot)\s*)?ones\b|"
                        r"\bthe ones (?:at|for) \$?(\d{2,3}(?:\.\d{1,2})?)\b(?!,\d)", re.I)


def at_rate(text: str, pool: list[dict[str, Any]], shown: int | None = None) -> list[dict[str, Any]]:
    """The units a message names by their rate per square foot ("the $80 ones"), those shown now first; []."""
    said = _RATE_ONES.search(text)
    if said is None:
        return []
    rate = float(said.group(1) or said.group(2))
    listed = pool[:shown] if shown else pool
    return [m for m in listed if abs(float(m["row_preview"].get("ppsf_year") or 0) - rate) < 0.5]


def units_meant(text: str, pool: list[dict[str, Any]], focus: dict[str, Any] | None,
                inventory: Inventory | None = None, *, shown: int | None = None,
                mentioned: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The units a question is about: each one its parts name ("the 4br vs the cheap 3br"), else the one the whole
    message names, else the suites at an address it names; [] when it names none."""
    rated = at_rate(text, pool, shown)
    if rated:
        return rated
    each = each_named(text, pool, focus, inventory, shown=shown, mentioned=mentioned)
    if each:
        return each
    one = unit_in(text, pool, focus, inventory, shown=shown, mentioned=mentioned)
    if one is not None:
        return [one]
    return address_in_inventory(text, inventory) if inventory is not None else []
