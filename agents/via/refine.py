"""Follow-ups that edit the search just shown: cheaper, bigger or smaller, another place instead, one more
must-have, closer to the subway, sorted by price, the next page.

They are read against the stored spec and the results the person just saw ("cheaper" means cheaper than those),
and each edit is said back, so the person knows what changed.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.cues import UNIT_ID, address_named, shown_by_address
from agents.textnum import words_to_digits
from agents.via.figures import asks_shares, people_said
from agents.via.vocab import LOCATION_ALIASES, WORKPLACE_CONFIDENCE
from contracts.search import Budget, SearchSpec

# "whichever is cheaper" or "the fourth looks cheaper" compare what is shown; they do not lower the budget.
# "which is cheaper", "book the cheaper one": a comparison or a pointer at a unit, not a lower budget
NOT_A_CUT = re.compile(r"\b(?:whichever|which(?: one)?|looks?|seems?|is|are)\s+(?:\w+\s+)?cheaper\b|"
                       r"\bthe cheaper (?:one|unit|place|apartment|suite|listing|option)\b(?!s)", re.I)
PER_FOOT = re.compile(r"\bper (?:square )?(?:foot|feet|ft|sf)\b|\bpsf\b|/\s?sf\b|\ba (?:square )?foot\b|"
                      r"\bpor pie\b|\bel pie\b", re.I)
CHEAPER = re.compile(r"\b(?:cheaper|less expensive|more affordable|too (?:expensive|pricey)|"
                     r"lower (?:price|rent|budget)|lower the budget|spend less)\b", re.I)
# "which is bigger?", "cuál es más grande": a question about the units shown, not a wish for bigger ones
_WHICH_IS = r"(?<!which is )(?<!which one is )(?<!which's )(?<!cuál es )(?<!cual es )(?<!which of them is )"
BIGGER = re.compile(_WHICH_IS + r"\b(?:bigger|larger|roomier|more (?:space|room|square feet))\b", re.I)
SMALLER = re.compile(_WHICH_IS + r"\b(?:smaller|less space)\b", re.I)
TRANSIT = re.compile(r"\b(?:closer to|near(?:er)?(?: to)?|by) (?:the |a )?(?:subway|train|transit|station|metro)\b",
                     re.I)
_SORT_BY = r"\b(?:sort|order|rank)\w* (?:them |it |these |those )?by "
SORT_SIZE = re.compile(_SORT_BY + r"(?:size|square (?:feet|footage)|sq ?ft|space)\b|\b(?:biggest|largest) first\b",
                       re.I)
SORT_PPSF = re.compile(_SORT_BY + r"(?:price |rent |cost )?per (?:square )?(?:foot|feet|sf)\b|"
                       r"\b(?:sorted|ordered) by (?:price |rent )?per (?:square )?(?:foot|sf)\b|"
                       r"\$/sf,? lowest first\b", re.I)
SORT_PRICE = re.compile(r"\b(?:sort|order|rank)\w* (?:them |it |these |those )?by (?:price|rent|cost)\b|"
                        r"\b(?:cheapest|lowest (?:price|rent)) first\b", re.I)
# A stated preference orders the full matches ("a high floor for the view", "be closer" after "far from the subway"):
# ties break toward it, not toward the lowest rent.
_TRANSIT_WORD = r"(?:subway|train|station|transit|metro|mta)"
SORT_SUBWAY = re.compile(rf"\b(?:closer|closest|nearest|nearer)\b(?: (?:\w+ ){{0,2}}(?:to|from) (?:the |a )?"
                         rf"{_TRANSIT_WORD})?(?=.*\b{_TRANSIT_WORD}\b)|\b{_TRANSIT_WORD}\b.*\b(?:closer|closest|nearer)\b|"
                         rf"\bshort(?:er|est) walk\b|\b(?:sort|order|rank)\w* (?:them |it |these |those )?by "
                         rf"(?:the )?(?:subway|commute|walk|distance)", re.I)
SORT_HIGH_FLOOR = re.compile(r"(?<!no )(?<!not a )\b(?:high|higher|highest|top|upper) floors?\b|\bhigher up\b|"
                             r"\bhigh up\b|\b(?:sort|order|rank)\w* (?:them |it |these |those )?by floor\b|"
                             r"\bpisos? alto", re.I)
SORT_LOW_FLOOR = re.compile(r"(?<!not )(?<!not a )(?<!no )(?<!above )(?<!above the )(?<!except )(?<!off the )"
                            r"\b(?:low|lower|lowest|ground|first) floors?\b|\bfewer stairs\b|\bno stairs\b", re.I)
ORDERS = {"subway": "Sorted by walk to the subway, closest first.", "floor": "Sorted by floor, highest first.",
          "floor_low": "Sorted by floor, lowest first.", "size": "Sorted by size, biggest first."}


def stated_order(text: str) -> str | None:
    """The order a message asks for by a preference it states (a key of ORDERS), or None."""
    if SORT_SIZE.search(text):  # "up to $7k. sort biggest first"
        return "size"
    if SORT_SUBWAY.search(text):
        return "subway"
    if SORT_HIGH_FLOOR.search(text):
        return "floor"
    if SORT_LOW_FLOOR.search(text):
        return "floor_low"
    return None


MORE = re.compile(r"^\W*(?:more|next|others?)\W*(?:please|pls)?\W*$|"
                  r"\b(?:show|see|give) (?:me )?(?:some )?more\b|\bnext (?:page|ones|five|5)\b|"
                  r"\bmore (?:options|results|listings|units|places)\b", re.I)
INSTEAD = re.compile(r"\b(?:instead|rather|en vez|en lugar)\b|^\s*(?:what|how) about\b|"
                     r"\b(?:switch|change) (?:it |the area )?to\b", re.I)
MUST = re.compile(r"^\s*(?:only|just)\b|\b(?:must|has to|needs? to) (?:have|be)\b|^\s*with\b", re.I)
DROP = re.compile(r"\b(?:no|without|drop|remove|forget|nvm|never ?mind|don'?t need)\s+(?:the\s+|a\s+)?"
                  r"((?:doorman|elevator|lift|gym|roof ?deck|washer|dryer|w/d|wd|dishwasher|patio|outdoor(?: space)?|"
                  r"balcony|terrace|backyard|garden|pets?|no fee)\b)", re.I)
# "dishwasher optional", "make the doorman optional": no longer required
OPTIONAL = re.compile(r"\b((?:doorman|elevator|lift|gym|roof ?deck|washer|dryer|w/d|wd|dishwasher|patio|"
                      r"outdoor(?: space)?|pets?|no fee)\b)\s+(?:is\s+|as\s+)?(?:optional|opcional|"
                      r"a nice[- ]to[- ]have|not required|not a must)", re.I)
_FEWER_BATHS = re.compile(r"\b(?:drop|forget|skip|lose|don'?t need|no need for|without)\s+(?:the\s+)?(?:2nd|second|"
                          r"extra|other)\s+bath(?:room)?\b|\b(?:one|1) bath(?:room)? is (?:fine|ok|okay)\b", re.I)
ANY_SIZE = re.compile(r"\b(?:regardless of (?:the )?size|any size|whatever (?:the )?size|size doesn'?t matter)\b", re.I)
_AMENITY_WORDS = {"doorman": "doorman", "elevator": "elevator", "lift": "elevator", "gym": "gym", "roof": "roofdeck",
                  "washer": "washer_dryer", "dryer": "washer_dryer", "w/d": "washer_dryer", "wd": "washer_dryer",
                  "dishwasher": "dishwasher", "patio": "patio", "outdoor": "patio", "balcony": "patio",
                  "terrace": "patio", "backyard": "patio", "garden": "patio",
                  "pet": "pet_friendly", "no fee": "no_fee"}
ONLY = re.compile(r"\b(?:only|just)\b", re.I)
ALSO_PLACE = re.compile(r"\btoo\b(?!\s+(?:far|much|many|expensive|pricey|small|big|loud|noisy|long|late|early|high|"
                        r"low|sketchy|busy))|\b(?:as well|also)\b|\balso (?:look|search) in\b|\band also\b", re.I)
ROUND = 50


@dataclass
class Edit:
    """The edited spec, how to show the results, and what changed (said back to the person)."""

    spec: SearchSpec
    view: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


# "the 4 bed one is kinda small", "the 725 sq ft one": a unit shown, pointed at, not a new filter
REFERENT = re.compile(r"\b(?:the|that|this)\s+(?!one\b)(?:[\w$,.'/-]+\s+){1,4}?one\b(?!s)"
                      r"(?:\s+(?:for|at)\s+\$?\d[\d,.]*k?\b)?", re.I)


def without_referents(text: str) -> str:
    """The message with its pointers at shown units taken out, for reading the search changes it states."""
    return REFERENT.sub(" ", text)


# "instead of LIC", "en vez de LIC", "rather than astoria": the place that goes
INSTEAD_OF = re.compile(r"\b(?:instead of|rather than|in place of|en vez de|en lugar de)\s+(?:the\s+|el\s+|la\s+)?"
                        r"([a-z][\w .'-]{1,30}?)(?=,|\.|;|!|\?|\s+(?:and|y|miro|busco|look|try|i|we|let|go|what|how|"
                        r"check|then|pls|please)\b|$)", re.I)



# "what if a roof deck counts" after asking for a patio: the roof deck stands in for the patio (outdoor space either
# way), it is no second must-have
COUNTS_INSTEAD = re.compile(r"\bwhat if (?:a |an |the )?([\w/ ]{2,20}?) counts?\b|\b(?:a |an )?([\w/ ]{2,20}?) "
                            r"(?:counts|would count|works|is fine) (?:too|as well|instead)\b|"
                            r"\b(?:what|how) about (?:a |an |the )?([\w/ ]{2,20}?) instead\b", re.I)
_STAND_INS = ({"patio", "roofdeck"}, {"doorman", "elevator"})


def stand_in(text: str, musts: list[str]) -> tuple[str, str] | None:
    """(the must-have replaced, the one that stands in for it) when a message lets a kindred amenity count."""
    said = COUNTS_INSTEAD.search(text)
    if said is None:
        return None
    words = (said.group(1) or said.group(2) or said.group(3) or "").lower()
    new = next((key for word, key in _AMENITY_WORDS.items() if word in words), None)
    for family in _STAND_INS:
        old = next((m for m in musts if m in family and m != new), None)
        if new in family and old is not None:
            return old, new
    return None


FEE_OK = re.compile(r"\b(?:i'?ll|i will|i can|we can|we'?ll|ok(?:ay)? to|fine to|happy to|willing to|"
                    r"don'?t mind (?:to )?|do not mind (?:to )?)(?: \w+)? pay(?:ing)? (?:a |the |some )?"
                    r"(?:broker(?:'?s)? )?fees?\b|"
                    r"\b(?:a |the )?(?:broker )?fee(?:'s| is) (?:fine|ok(?:ay)?|not a problem)\b|"
                    r"\bacepto pagar (?:la )?comisi[oó]n\b|\bpago (?:la )?comisi[oó]n\b|\bno importa la comisi[oó]n\b|"
                    r"\bcon comisi[oó]n\b", re.I)


def is_edit(text: str) -> bool:
    """Whether a message edits the search just shown (rather than starting a new one)."""
    return bool(CHEAPER.search(text) and not NOT_A_CUT.search(text)) or any(p.search(text) for p in (
        BIGGER, SMALLER, TRANSIT, SORT_PRICE, SORT_SIZE, SORT_PPSF, SORT_SUBWAY, SORT_HIGH_FLOOR, MORE, INSTEAD, MUST,
        DROP, OPTIONAL, ANY_SIZE, COUNTS_INSTEAD, FEE_OK,
        _FEWER_BATHS, DROPPED_TRANSIT))


def _round(value: float) -> int:
    return int(round(value / ROUND) * ROUND)


def _area_note(places: Sequence[str]) -> str:
    return f"Area now: {', '.join(t.title() for t in places)}."


def _bedrooms_note(low: float, high: float | None) -> str:
    return f"Bedrooms now: {low:g}" + (f"–{high:g}." if high not in (None, low) else ".")


def amenity_words(key: str) -> str:
    """An amenity key as said ("washer_dryer" -> "washer dryer", "roofdeck" -> "roof deck")."""
    return {"roofdeck": "roof deck", "washer_dryer": "washer/dryer"}.get(key, key.replace("_", " "))


def required_note(keys: Sequence[str]) -> str:
    return "Now required: " + ", ".join(amenity_words(m) for m in keys) + "."


def changes(old: SearchSpec, new: SearchSpec) -> list[str]:
    """What a follow-up merged into the search changed, said back ("Budget now up to $2,200 (was $2,500).")."""
    notes = []
    if new.budget_max != old.budget_max and new.budget_max:
        notes.append(f"Budget now up to ${new.budget_max:,.0f}"
                     + (f" (was ${old.budget_max:,.0f})." if old.budget_max else "."))
    if new.location != old.location and new.location:
        notes.append(_area_note(new.location))
    if new.min_bedrooms != old.min_bedrooms and new.min_bedrooms is not None:
        notes.append(_bedrooms_note(new.min_bedrooms, new.max_bedrooms))
    if new.min_sqft != old.min_sqft and new.min_sqft:
        notes.append(f"At least {new.min_sqft:,.0f} SF now.")
    added = [m for m in new.must_haves if m not in old.must_haves]
    if added:
        notes.append(required_note(added))
    return notes


_MONEY_SIGN = re.compile(r"\$|\b(?:usd|dollars?|bucks|budget|rent|a month|per month|/mo|monthly|a year|per year|"
                         r"/yr|psf|/sf|per (?:sq|square))\b", re.I)


def size_restated(text: str, spec: SearchSpec, parsed: SearchSpec) -> bool:
    """ "fine manhattan near fidi then, around 10k" after "~10k sf office": the size said again, not a budget of
    $10,000 (a bare amount, no money word, inside the size asked for)."""
    amount = parsed.budget_max or parsed.budget_min
    low, high = spec.min_sqft, spec.max_sqft
    if not amount or _MONEY_SIGN.search(text) or not (low or high):
        return False
    return (low or 0) <= amount <= (high or (low or 0) * 1.25)


_THAN_NTH = re.compile(r"\bthan (?:the |#)?(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th|[1-5])\b"
                       r"(?: one| unit| place| listing)?", re.I)
_NTH = {"first": 0, "1st": 0, "1": 0, "second": 1, "2nd": 1, "2": 1, "third": 2, "3rd": 2, "3": 2, "fourth": 3,
        "4th": 3, "4": 3, "fifth": 4, "5th": 4, "5": 4, "last": -1}


def _than_unit(text: str, shown: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The shown unit a comparison is made against ("cheaper than the first one", "than SE-8414"), with a rent."""
    nth = _THAN_NTH.search(text)
    named = UNIT_ID.search(text.split("than", 1)[-1]) if "than" in text.lower() else None
    unit = (shown[_NTH[nth.group(1).lower()]] if nth and len(shown) > max(_NTH[nth.group(1).lower()], 0)
            else next((m for m in shown if named and m["id"].upper() == named.group(0).upper()), None))
    return unit if unit is not None and unit["row_preview"].get("rent") else None


# A new budget 8 to 16 times the monthly one is a year's rent ("stretch to 1.25M" after "$1.2M a year"), unless a
# month is said
ANNUAL_RATIO = (8.0, 16.0)
_MONTHLY_SAID = re.compile(r"\b(?:a|per|each|every|/)\s?(?:month|mo)\b|\bmonthly\b|/mo\b|\bal mes\b|\bmensual", re.I)


def yearly_budget(text: str, old_max: float | None, new_max: float | None) -> float | None:
    """The monthly budget when a follow-up's new one is a year's rent ("if we could stretch to 1.25M?" after a cap of
    $1.2M a year, kept as $100,000 a month); None when it is a monthly one."""
    if not (old_max and new_max) or _MONTHLY_SAID.search(text):
        return None
    return round(new_max / 12) if ANNUAL_RATIO[0] <= new_max / old_max <= ANNUAL_RATIO[1] else None


def edit_search(text: str, spec: SearchSpec, parsed: SearchSpec, shown: list[dict[str, Any]],
                view: dict[str, Any] | None) -> Edit | None:
    """Apply a follow-up to the stored spec; None when the message is no edit of it.

    Args:
        text: the follow-up message.
        spec: the stored spec of the search just shown.
        parsed: the follow-up parsed on its own (places, musts, numbers it states).
        shown: the MatchItems just shown (their rents and sizes are what "cheaper" and "bigger" compare to).
        view: how the results were shown (sort, page).
    """
    if not is_edit(text):
        return None
    data = spec.model_dump()
    notes: list[str] = []
    new_view = {"sort": (view or {}).get("sort"), "page": 0}
    rents = [m["row_preview"]["rent"] for m in shown if m["row_preview"].get("rent")]
    sizes = [m["row_preview"]["sqft"] for m in shown if m["row_preview"].get("sqft")]
    rates = [12 * m["row_preview"]["rent"] / m["row_preview"]["sqft"] for m in shown
             if m["row_preview"].get("rent") and m["row_preview"].get("sqft")]
    monthly = yearly_budget(text, spec.budget_max, parsed.budget_max)
    if monthly is not None and parsed.budget_max:
        data["budget_monthly_usd"] = Budget(min=None, max=monthly).model_dump()
        notes.append(f"Budget now up to ${parsed.budget_max:,.0f} a year (${monthly:,.0f}/mo).")
    elif parsed.budget_monthly_usd is not None and not size_restated(text, spec, parsed):
        data["budget_monthly_usd"] = parsed.budget_monthly_usd.model_dump()
        notes.append(f"Budget now up to ${parsed.budget_max:,.0f}." if parsed.budget_max else "Budget updated.")
    elif CHEAPER.search(text) and PER_FOOT.search(text) and not NOT_A_CUT.search(text) and (
            spec.budget_ppsf_year or rates):
        # "anything cheaper per foot?": a lower rate than those shown, the monthly budget left to follow the size
        basis = statistics.median(rates) if rates else float(spec.budget_ppsf_year or 0)
        new_rate = float(int(min(0.9 * spec.budget_ppsf_year, basis) if spec.budget_ppsf_year else 0.9 * basis))
        data["budget_ppsf_year"] = new_rate
        notes.append(f"Cheaper per foot: up to ${new_rate:,.0f}/SF/yr now"
                     + (f" (was ${spec.budget_ppsf_year:,.0f})." if spec.budget_ppsf_year else "."))
    elif CHEAPER.search(text) and not NOT_A_CUT.search(text) and (than := _than_unit(text, shown)) is not None:
        # "anything cheaper than the first one?": under that unit's rent
        rent = float(than["row_preview"]["rent"])
        data["budget_monthly_usd"] = Budget(min=None, max=rent - 1).model_dump()
        notes.append(f"Cheaper than {than['id']} (${rent:,.0f}/mo): budget now under ${rent:,.0f}"
                     + (f" (was ${spec.budget_max:,.0f})." if spec.budget_max else "."))
    elif CHEAPER.search(text) and not NOT_A_CUT.search(text) and (rents or spec.budget_max):
        # Cheaper than what was shown: below the middle of those rents, and at least 10 % under the old cap.
        basis = statistics.median(rents) if rents else float(spec.budget_max or 0)
        new_max = _round(min(0.9 * spec.budget_max, basis) if spec.budget_max else basis)
        data["budget_monthly_usd"] = Budget(min=None, max=new_max).model_dump()
        notes.append(f"Cheaper: budget now up to ${new_max:,.0f}"
                     + (f" (was ${spec.budget_max:,.0f})." if spec.budget_max else "."))
    if parsed.min_sqft and (BIGGER.search(text) or parsed.min_sqft != spec.min_sqft):
        data["min_sqft"] = parsed.min_sqft  # "bigger - at least 900 sqft": the stated size, not a guess
        notes.append(f"At least {parsed.min_sqft:,.0f} SF now.")
    elif parsed.max_sqft and parsed.max_sqft != spec.max_sqft and not parsed.min_sqft:
        data["max_sqft"] = parsed.max_sqft  # "what if we go up to 18k sf": a new ceiling, the floor kept below it
        data["min_sqft"] = spec.min_sqft if (spec.min_sqft or 0) <= parsed.max_sqft else None
        notes.append(f"Up to {parsed.max_sqft:,.0f} SF now.")
    elif BIGGER.search(text) and sizes:
        data["min_sqft"] = _round(1.1 * statistics.median(sizes))
        data["max_sqft"] = None if (spec.max_sqft or 0) < data["min_sqft"] else spec.max_sqft
        notes.append(f"Bigger: at least {data['min_sqft']:,} SF now.")
    elif SMALLER.search(text) and sizes:
        data["max_sqft"] = _round(0.9 * statistics.median(sizes))
        data["min_sqft"] = None if (spec.min_sqft or 0) > data["max_sqft"] else spec.min_sqft
        notes.append(f"Smaller: up to {data['max_sqft']:,} SF now.")
    if parsed.location and parsed.confidence.get("location") == WORKPLACE_CONFIDENCE and spec.location:
        pass  # "my husband works in Manhattan, which is closest?": where someone works, the search keeps its area
    elif parsed.location and ALSO_PLACE.search(text) and not re.search(r"\b(?:instead|rather)\b", text, re.I):
        data["location"] = list(dict.fromkeys([*spec.location, *parsed.location]))  # "what about bushwick too"
        notes.append(_area_note(data["location"]))
    elif parsed.location and (INSTEAD.search(text) or ONLY.search(text) or parsed.location != spec.location):
        data["location"] = parsed.location  # a place named in a follow-up replaces the place, it does not add one
        notes.append(_area_note(parsed.location))
    if spec.min_bathrooms and _FEWER_BATHS.search(text):  # "and if we drop the 2nd bathroom?"
        data["min_bathrooms"] = None
        notes.append("Any number of bathrooms.")
    elif parsed.min_bathrooms is not None and parsed.min_bathrooms != spec.min_bathrooms:
        data["min_bathrooms"] = parsed.min_bathrooms  # "but we do need 2 bathrooms"
        notes.append(f"At least {parsed.min_bathrooms:g} bathrooms.")
    for key, label in (("min_bedrooms", "bedrooms"), ("max_bedrooms", None)):
        if getattr(parsed, key) is not None and getattr(parsed, key) != getattr(spec, key):
            data[key] = getattr(parsed, key)
            if label:
                notes.append(_bedrooms_note(parsed.min_bedrooms, parsed.max_bedrooms))  # type: ignore[arg-type]
    dropped = {key for word, key in _AMENITY_WORDS.items() for m in [*DROP.finditer(text), *OPTIONAL.finditer(text)]
               if re.search(rf"(?<![a-z]){re.escape(word)}", m.group(1).lower())}  # "dishwasher" is no washer
    if FEE_OK.search(text):  # "ok i'll pay a broker fee", "si acepto pagar comisión": no-fee is no longer required
        dropped.add("no_fee")
    if DROPPED_TRANSIT.search(text):  # "ok forget the train thing": no walk limit, no transit must-have
        dropped.add("near_transit")
        if spec.max_min_to_subway is not None:
            data["max_min_to_subway"] = None
            notes.append("Any walk to the subway.")
    swap = stand_in(text, list(spec.must_haves))
    if swap:
        dropped.add(swap[0])
    musts = list(dict.fromkeys([*(m for m in spec.must_haves if m not in dropped),
                                *(m for m in parsed.must_haves if m not in dropped),
                                *(["near_transit"] if TRANSIT.search(text) else [])]))
    if parsed.max_min_to_subway is not None and parsed.max_min_to_subway != spec.max_min_to_subway:
        data["max_min_to_subway"] = parsed.max_min_to_subway  # "max 3 min walk to the train"
        notes.append(f"Subway within {parsed.max_min_to_subway} min walk.")
    if dropped & set(spec.must_haves):
        data["must_haves"] = musts
        notes.append("No longer required: " + ", ".join(sorted(amenity_words(d) for d in dropped)) + ".")
    added = [m for m in musts if m not in spec.must_haves]
    if added:
        data["must_haves"] = musts
        notes.append(required_note(added))
    if ANY_SIZE.search(text) and (spec.min_sqft or spec.max_sqft):
        data["min_sqft"] = data["max_sqft"] = data["headcount"] = None
        notes.append("Any size now.")
    order = stated_order(text)
    if order and order != new_view["sort"]:
        new_view["sort"] = order
        notes.append(ORDERS[order])
    elif SORT_PPSF.search(text):
        new_view["sort"] = "ppsf"
        notes.append("Sorted by rent per square foot, lowest first.")
    elif SORT_SIZE.search(text):
        new_view["sort"] = "size"
        notes.append("Sorted by size, biggest first.")
    elif SORT_PRICE.search(text):
        new_view["sort"] = "price"
        notes.append("Sorted by rent, lowest first.")
    elif BIGGER.search(text) and not new_view["sort"]:  # "what's bigger?": the biggest first, not the cheapest
        new_view["sort"] = "size"
        notes.append("Sorted by size, biggest first.")
    if MORE.search(text) and not notes:
        new_view["page"] = int((view or {}).get("page") or 0) + 1
        notes.append("The next results:")
    if not notes:
        return None
    data["spec_status"] = "ok"
    if data.get("min_sqft") is not None and data.get("max_sqft") is not None and data["min_sqft"] > data["max_sqft"]:
        # "what if we go up to 18k sf" after 14-16k: the bound just said stands, the other one goes
        data["min_sqft" if parsed.max_sqft is not None else "max_sqft"] = None
    return Edit(SearchSpec.model_validate(data), new_view, notes)


# Questions about the results just shown, answered from them (no new search).
# Who to talk to about a listing ("who's the broker on it", "who do I contact")
BROKER_Q = re.compile(r"\b(?:brokers?(?!'?s? fees?)|listing agent|leasing (?:agent|contact)|agent)\b(?!'?s? fees?)"
                      r".{0,25}(?:\?|$|\bon\b|"
                      r"\bfor\b)|\bwho(?:'s| is| do i| should i| can i| do we)\b.{0,25}\b(?:contact|call|email|"
                      r"agent|broker|reach|talk to)\b|\bcontact (?:info|details|person)\b", re.I)
RESULT_QUESTION = re.compile(
    BROKER_Q.pattern + "|"
    r"\b(?:how much|what(?:'s|s| is)(?: that)?(?: in)?(?: the)? (?:monthly )?(?:rent|price|cost)|what does)\b.{0,30}"
    r"\b(?:the )?(?:first|top|second|third|fourth|fifth|last|#\d)\b|"
    r"\bsplit (?:\d|two|three|four|five) ways\b|\bper person\b|"
    # "which gives me the most space for the money", "which one has the lowest $/sf": a pick among those shown
    r"\bwhich (?:one |of (?:them|those|these) )?(?:gives?|has|offers?|gets?|is) (?:me |us )?(?:the )?"
    r"(?:most|best|biggest|largest|least|lowest|cheapest|highest)\b|"
    r"\bwhat floor is (?:the )?(?:first|second|third|fourth|fifth|last|top) one\b|"
    r"\bper[- ](?:foot|sf|square (?:foot|feet))\b|\$/sf\b|\bpsf\b|\bside by side\b|\bcompare (?:the )?(?:top|first) "
    r"(?:two|2|three|3)\b|"
    r"\b(?:does|do|is|are) (?:the )?(?:cheapest|first|second|third|top|last|biggest|smallest)(?: one| unit| apartment| "
    r"place| listing| suite)? (?:have|has|allow|take|come with|got)\b|\bthe cheapest (?:one )?with\b|"
    r"\b(?:for|of|on|about) the (?:first|top|second|third|last|cheapest|biggest) (?:one|unit|suite|listing|option)\b|"
    r"أرخص|الأرخص|الخيار الأول|الأولى|الأول\b|"
    r"\bwhich (?:ones?|of (?:those|these|them|the \w+))?\s*(?:is|es|has|are|have|would be|allow|take|accept|come)\b|"
    r"\bwhich one'?s\b|\bsame (?:building|bldg|address)\b|^\W*(?:and\s+)?(?:is there (?:one|any)|are there any)\b|"
    r"\bcu[aá]l(?:es)?(?: de (?:esos|estos|ellos|esas|estas|ellas))? (?:es|est[aá]|tiene|son|is|are|has|have)\b|"
    r"\bwhat(?:'s|s| is) the (?:cheapest|closest|nearest|biggest|largest|smallest|newest)\b|"
    r"^\W*(?:and\s+|ok\s+|so\s+)?(?:the\s+)?(?:cheapest|closest|nearest|biggest|largest|smallest|newest)\s+"
    r"(?:one|unit|place|apartment|option)\b|"
    r"^\W*(?:\w+\W+){0,3}(?:the )?(?:highest|top|lowest)[- ]floor (?:one|unit|option|place)?"
    r"\W*(?:then|please|pls)?\W*$|"
    r"\b(?:is|does|has|was) the (?:cheapest|first|second|third|fourth|fifth|top|last|biggest|smallest|1st|2nd|3rd)"
    r"(?: one| unit| apartment| place| listing| suite)?\b|\bwhich (?:one )?is (?:cheaper|bigger|closer|newer)\b|"
    r"\b(?:do|does|are|is) (?:any|either|none) of (?:those|these|them)\b|\bany of (?:those|these|them)\b|"
    r"\b(?:does|do|is|are) (?:either|any|both|neither)(?: one| of the two)? (?:have|has|come with|include|allow)\b|"
    r"\b(?:does|do|will|would) (?:the landlord|the owner|they|the building)(?: there)? (?:allow|accept|take|permit)\b|"
    r"\btell me (?:more|about)\b|\bmore (?:about|on|info|details)\b|\bdetails? (?:of|on|about|for)\b|\bhow old\b|"
    r"\b(?:the|that) one with (?:the |a )?\w+|\b(?:the )?(?:1st|2nd|3rd|4th|5th) one\b|"
    r"\b(?:the )?(?:cheapest|first|second|third|fourth|fifth|top|last|biggest|smallest|1st|2nd|3rd)(?: one)?\b.{0,40}"
    r"\b(?:does it|is it|has it|is there|how far|how old|how big|how many)\b", re.I)
# "tell me more about the 3rd one", "the one with the washer dryer, how far is it from the train": that unit's facts
# A question about one unit's own facts ("how far", "what floor", "how big")
DETAILS_Q = re.compile(r"\btell me (?:more|about)\b|\bmore (?:about|on|info|details)\b|\bdetails?\b|\bhows? old\b|"
                      r"\bwhat'?s the catch\b|\bany catch\b|\btoo good to be true\b|"
                      r"\bwhy (?:is it |so )?(?:so )?cheap\b|"
                      r"\bhow far\b|\b(?:what|which) (?:floor|else)\b|\bbuilding age\b|\byear built\b|\bhow big\b|"
                      r"\bsq ?ft\b|\bsquare (?:feet|foot|footage)\b|\bhow many (?:bath|bed)", re.I)
_THE_ONE_WITH = re.compile(r"\b(?:the|that) one with (?:the |a )?([\w/ ]{3,20}?)(?:,|\.|\?|$| how| what| is| does)",
                           re.I)
_ORDINAL_NUM = re.compile(r"\b(?:the )?(?:#|number |no\.? ?)?([1-5])(?:st|nd|rd|th)?(?: one)\b|#([1-5])\b", re.I)
# "500 sf of that space at the same rate": part of a suite priced at its own rate
PART_AT_RATE = re.compile(r"\b(\d[\d,]{1,6})\s*(?:sf|sq\.? ?ft|square feet)\b.{0,60}?\b(?:at|for) (?:the same|that|"
                           r"its|their|the listed|the asking) (?:rate|price|\$/sf|per (?:sf|foot|square foot))\b", re.I)
_RATE_MATH = re.compile(r"\$\s?(\d[\d,.]*)\s*(k)?\s*(?:/|a |per )?\s*(?:mo|month)\w*.{0,40}?\b(\d[\d,]{2,6})\s*"
                        r"(?:sf|sq ?ft|square feet)\b", re.I)
# Amenities a question about the shown results may name (dishwasher before washer: "dishwasher" holds "washer").
_RESULT_AMENITIES = (("no fee", r"\bfee\b|عمولة"), ("doorman", r"\bdoorman\b|\bportero\b|بواب"),
                     ("elevator", r"\belevator|\blift\b|\bascensor\b|مصعد"),
                     ("gym", r"\bgym\b|\bgimnasio\b|صالة رياضية|نادي رياضي|جيم"),
                     ("roof deck", r"\broof|\bazotea\b"), ("dishwasher", r"\bdishwasher|\blavavajillas\b"),
                     ("washer/dryer", r"\b(?:washer|dryer|laundry|w/d|lavadora|secadora)"),
                     ("patio", r"\bpatio|\boutdoor|\bterraza\b|\bterrace|\bbalcon|\bbackyard\b|\bgarden\b"))
_AMENITY_ES = {"doorman": "portero", "elevator": "ascensor", "gym": "gimnasio", "roof deck": "azotea",
               "dishwasher": "lavavajillas", "washer/dryer": "lavadora/secadora", "patio": "patio o terraza",
               "no fee": "sin comisión"}
_MONEY_WORDS = re.compile(r"\b(?:rent|price|cost|annual|yearly|monthly|per year|a year)\b|السعر|الإيجار|الايجار", re.I)
_ONE_UNIT = re.compile(r"\b(?:the )?(cheapest|first|second|third|top|last|biggest|largest|smallest)(?: one| unit| "
                       r"apartment| place| listing| suite)?\b", re.I)


def _a(word: str) -> str:
    """The word with its article: "an elevator", "a doorman"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


_COMPARATIVES = {"bigger": "biggest", "larger": "biggest", "cheaper": "cheapest", "smaller": "smallest"}


def _pick(pool: list[dict[str, Any]], which: str) -> dict[str, Any]:
    """The unit a word names among `pool` (in the order shown); "the bigger one" of two is the biggest."""
    which = _COMPARATIVES.get(which, which)
    if which == "cheapest":  # among the full matches when there are some: the near-misses were shown as extras
        full = [m for m in pool if not m["row_preview"].get("misses")] or pool
        return min(full, key=lambda m: m["row_preview"].get("rent") or float("inf"))
    if which in ("biggest", "largest", "smallest"):
        sized = [m for m in pool if m["row_preview"].get("sqft")] or pool
        key = lambda m: m["row_preview"].get("sqft") or 0  # noqa: E731
        return max(sized, key=key) if which != "smallest" else min(sized, key=key)
    which = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth"}.get(which, which)
    places = {"first": 0, "top": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": len(pool) - 1}
    index = places.get(which, 0)
    return pool[min(index, len(pool) - 1)]


def _lists(amenities: list[str], label: str) -> bool:
    """A unit's amenity labels name this one ("washer/dryer" is listed as "washer/dryer", never as "dishwasher")."""
    return any(a == label or a.startswith(label.split("/")[0]) for a in amenities)


_THAT_HAS = re.compile(r"\b(?:with|that has|that have|which has|having|that comes with)\s+(?:a |an |the )?"
                       r"([\w/ ]{3,20}?)(?:\s*[-,.?]|\s+(?:how|what|is|does)\b|$)", re.I)


def _referenced_unit(text: str, shown: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str | None]:
    """The shown unit a message points at ("the 3rd one", "#2", "the one with the washer dryer", "the cheapest"),
    and, when it names an amenity none of them has, that amenity."""
    named = shown_by_address(text, shown)
    if len(named) == 1:  # "the pearl st one", "53 pearl"
        return named[0], None
    number = _ORDINAL_NUM.search(text)
    if number:
        n = int(number.group(1) or number.group(2))
        return (shown[n - 1], None) if n <= len(shown) else (None, "#")
    with_what = _THE_ONE_WITH.search(text)
    if with_what:
        said = with_what.group(1).lower()
        label = next((a for a, pattern in _RESULT_AMENITIES if re.search(pattern, said)), None)
        if label:
            unit = next((m for m in shown if _lists(m["row_preview"].get("amenities", []), label)), None)
            return unit, (None if unit else label)
    which = _ONE_UNIT.search(text)
    having = _THAT_HAS.search(text)
    label = next((a for a, pattern in _RESULT_AMENITIES if having and re.search(pattern, having.group(1).lower())),
                 None)
    if which and label:  # "the cheapest one that has a gym": the cheapest of those with one
        with_it = [m for m in shown if _lists(m["row_preview"].get("amenities", []), label)]
        return (_pick(with_it, which.group(1).lower()), None) if with_it else (None, label)
    if which:
        return _pick(shown, which.group(1).lower()), None
    if re.search(r"\b(?:lowest (?:rent|price)|least expensive|cheapest)\b", text, re.I):  # "the lowest rent one"
        return _pick(shown, "cheapest"), None
    if re.search(r"\b(?:that|this|it)\b", text, re.I):
        return shown[0], None
    return None, None


# "what's the exact address", "cross streets?": the rental listings have none, and the reply says so
ADDRESS_Q = re.compile(r"\b(?:exact|street|full|actual) address\b|\bwhat(?:'s|s| is)(?: the)? address\b|"
                       r"\baddress (?:of|for)\b|\b(?:street ?view|google maps)\b|"
                       r"\bcross[- ]streets?\b|\bwhere exactly\b|\bwhat street\b|\bwhich street\b|"
                       r"\bdirecci[oó]n\b|العنوان", re.I)
_NO_ADDRESS = re.compile(r"apartment \(building (\d+)\)")  # the rental listings' label: no street address


# a floor said: "the 21st floor one", "floor 3", "the 4th-floor space", "el del primer piso", "ground floor"
_FLOOR_SAID = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th|º|°|o)?[\s-]*(?:fl(?:oor|r)?|piso|planta)\b(?!\s*(?:plan|area))|"
                         r"\b(?:floor|piso|planta) (?:[a-z])?(\d{1,2})\b|"
                         r"\b(ground|primer|first|segundo|second|tercer|third|fourth|fifth)[\s-]+(?:floor|piso|planta)\b",
                         re.I)
_FLOOR_WORDS = {"ground": 1, "primer": 1, "first": 1, "segundo": 2, "second": 2, "tercer": 3, "third": 3, "fourth": 4,
                "fifth": 5}


def floor_said(text: str) -> int | None:
    """The floor a message names, or None."""
    said = _FLOOR_SAID.search(text)
    if said is None:
        return None
    return int(said.group(1) or said.group(2) or _FLOOR_WORDS[said.group(3).lower()])


def on_floor(units: list[dict[str, Any]], floor: int) -> list[dict[str, Any]]:
    """The units on that floor: apartment floors are numbers ("21"), office floors carry letters ("P18", "E7")."""
    return [m for m in units if (found := re.fullmatch(r"[a-z]*0*(\d+)(?:\.0)?", str(m["row_preview"].get("floor")
                                                                                      or ""), re.I))
            and int(found.group(1)) == floor]


def _on_floor(text: str, units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of several units at one address, the one on the floor the message names ("the 255 fifth ave space on the 4th
    floor": floor E4); all of them when it names none or none matches."""
    floor = floor_said(text)
    if len(units) < 2 or floor is None:
        return units
    return on_floor(units, floor) or units


def _position(unit: dict[str, Any], shown: list[dict[str, Any]]) -> int:
    """The unit's number in the list shown, or 0 for a unit of an earlier list (said without a number)."""
    return shown.index(unit) + 1 if unit in shown else 0


# Safety asked of a place: the listings hold no crime data, and say where it is
SAFETY_Q = re.compile(r"\bsafe\b|\bsafety\b|\bcrime\b|\bdangerous\b|\bsketchy\b|\bsegur[oa]\b|\bseguridad\b|"
                      r"\bpeligros\w*|آمن|أمان", re.I)
SAFETY_NOTE = ("The listings hold no crime or safety data: NYC's crime map (NYPD CompStat 2.0) shows reported crime by "
               "precinct, and walking the route at the hour you would is the best check.")


_PETS_Q = re.compile(r"\b(?:pets?|dogs?|cats?|pet[- ]friendly|puppy|kitten|mascotas?|perros?|gatos?)\b", re.I)


def _pets_said(shown: list[dict[str, Any]]) -> tuple[str, str]:
    """Which shown units allow pets, by the listings, and which do not say (and the unit to focus on)."""
    allowed = [f"#{i} {m['id']}" for i, m in enumerate(shown, start=1) if m["row_preview"].get("pet_friendly")]
    unknown = [f"#{i}" for i, m in enumerate(shown, start=1) if m["row_preview"].get("pet_friendly") is None]
    if len(unknown) == len(shown):
        return ("None of those listings says whether pets are allowed: ask the landlord before you apply.",
                shown[0]["id"])
    said = f"Pets allowed: {', '.join(allowed)}." if allowed else "None of those is listed as pet-friendly."
    if unknown:
        said += f" The listing does not say for {', '.join(unknown)}: ask the landlord."
    return said, (shown[int(allowed[0].split()[0][1:]) - 1]["id"] if allowed else shown[0]["id"])


# What the listings do not hold, and what to do instead
NOT_HELD: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bmove[- ]?in\b|\bavailab\w*|\bvacan\w*|\bstart date\b|\bdisponib\w*|\bmudar\w*|متاح|الانتقال",
                re.I), "move-in or availability dates: the listing answers that when you book a viewing"),
    (re.compile(r"\bhow far\b|\bdistance\b|\bcommute\b|\bcampus\b|\b(?:from|to) (?:work|school|the office|my job)\b|"
                r"\blejos\b|\bdistancia\b|بعيد|المسافة", re.I),
     "distances to other places: only the minutes to the nearest subway station"),
    (re.compile(r"\bnois[ey]\b|\bquiet\b|\bsunny\b|\bnatural light\b|(?<!street )\bviews?\b|\bruido\w*|"
                r"\bluz natural\b", re.I),
     "noise, light or views: see them on a viewing"),
    (re.compile(r"\butilit\w*|\bheat (?:and hot water )?included\b|\bservicios incluidos\b", re.I),
     "utility details (whether heat or other utilities are included): ask the landlord"),
    (re.compile(r"\bparking\b|\bgarage\b|\bestacionamiento\b", re.I), "parking"),
    (re.compile(r"\bguarant(?:or|ee|or'?s)\b|\bco-?sign", re.I), "guarantor policy: ask the landlord or broker"),
    (re.compile(r"\bincome\b|\bhow much (?:must|do|should|would) (?:i|we|she|he|they) (?:earn|make)\b|\b40 ?x\b|"
                r"\bcredit (?:score|check)\b", re.I), "income or credit requirement: ask the landlord or broker"),
    (re.compile(r"\bschools?\b|\bzoned\b|\bps \d+\b", re.I), "school zones (and no street addresses to look them up)"),
    (re.compile(r"\bdeposit\b|\bdep[oó]sito\b", re.I), "deposit amounts: ask the landlord or broker"),
)


PETS_ASKED = re.compile(r"\b(?:pets?|cats?|dogs?|kittens?|pupp(?:y|ies)|animals?|mascotas?|perros?|gatos?)\b|"
                        r"حيوان|قطة|قط\b|كلب", re.I)


def unit_details(unit: dict[str, Any], n: int, text: str = "", *, held_note: bool = True) -> str:
    """Everything the data says of one shown unit, and what it does not say when that is what was asked (unless the
    caller says it: `held_note`)."""
    row = unit["row_preview"]
    facts = [f"${row['rent']:,.0f}/mo" if row.get("rent") else None,
             f"{row['bedrooms']:g} bedroom(s)" if row.get("bedrooms") is not None and row.get("kind") == "apartment"
             else None,
             f"{row['bathrooms']:g} bath(s)" if row.get("bathrooms") else None,
             f"{row['sqft']:,.0f} SF" if row.get("sqft") else None,
             f"${row['ppsf_year']:,.2f}/SF/yr" if row.get("ppsf_year") and row.get("kind") == "office" else None,
             f"floor {row['floor']}" if row.get("floor") else None,
             f"{row['min_to_subway']:g} min walk to the subway" if row.get("min_to_subway") is not None else None]
    said = f"{f'#{n} ' if n else ''}{row['address']} ({unit['id']}), {row.get('neighborhood') or ''}: " + ", ".join(
        f for f in facts if f) + "."
    amenities = row.get("amenities") or []
    said += f" Amenities: {', '.join(amenities)}." if amenities else " The listing names no amenities."
    asked = [label for label, pattern in _RESULT_AMENITIES if re.search(pattern, text.lower())
             and not (label == "washer/dryer" and re.search(r"\bdishwasher", text.lower())
                      and not re.search(r"\b(?<!dish)washer|\bdryer|\blaundry", text.lower()))]
    for label in asked:  # "is there a doorman?": answered in so many words
        has = _lists(amenities, label)
        said += f" {'It has' if has else 'No'} {label}{'' if has else ' listed'}."
    if row.get("building_age_yrs") is not None:
        said += f" The building is {row['building_age_yrs']:g} years old."
    elif re.search(r"\bhow old\b|\bbuilding age\b|\byear built\b|\bbuilt\b", text, re.I):
        said += " The listing does not give the building's age: ask the landlord or check the building on NYC's "\
                "property records."
    if row.get("pet_friendly") is not None:
        said += " Pets allowed." if row["pet_friendly"] else " No pets."
    elif PETS_ASKED.search(text):  # "does the second one allow cats?": the listing is silent, said so
        said += " The listing does not say whether pets are allowed: ask the landlord before you count on it."
    if SAFETY_Q.search(text):  # "is it safe walking home at 7am?"
        said += f" {SAFETY_NOTE}"
    if held_note:  # "does 8414 have a quiet bedroom away from the street?": what the listing cannot say, said
        said += unheld_notes(text, said)
    return said


_SPLIT = re.compile(r"\bsplit (\d|two|three|four|five) ways\b|\b(\d|two|three|four|five) ways\b", re.I)
_COMPARE = re.compile(r"\bcompare\b|\bside by side\b|\bdifference between\b", re.I)
_PER_FOOT = re.compile(r"\bper[- ](?:foot|sf|square foot)\b|\$/sf\b|\bpsf\b", re.I)
_ORDINAL_PRICE = re.compile(r"\b(?:how much|rent|price|cost|monthly|annual|yearly|a month|a year|\$/sq ?ft|\$/sf|"
                            r"per sq(?:uare)? ?f(?:oo)?t|psf)\b.{0,40}?\b(first|top|second|third|fourth|fifth|last|"
                            r"1st|2nd|3rd|4th|5th|#\d)\b|"
                            r"\b(first|top|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th|#\d)\b (?:one|unit|suite|"
                            r"listing)?\W*"
                            r"(?:cost|rent)", re.I)
# The superlatives said in Spanish (the answer's language follows the person's)
_PER_FOOT_WORDS = r"\bper[- ]?(?:sf|sq\.? ?ft|square f(?:oo|ee)t|foot)\b|\$/sf\b|\bpsf\b|\ba foot\b"
# a subway line named: "walk to the L", "near the 7 train", "the A line"
SUBWAY_LINE = re.compile(r"\b(?:walk|close|closest|near|nearest|next|closer) to the ([a-gj-nqrwz]|[1-7])\b"
                         r"(?!\s*(?:min|br|bed))|"
                         r"\bthe ([a-gj-nqrwz]|[1-7]) (?:train|line)\b", re.I)
_ASKS_ES = {("min_to_subway", False): "el más cercano al metro ({value:g} min a pie)",
            ("rent", False): "el más barato (${value:,.0f}/mes)", ("rent", True): "el más caro (${value:,.0f}/mes)",
            ("sqft", True): "el más grande ({value:,.0f} SF)", ("sqft", False): "el más pequeño ({value:,.0f} SF)",
            ("rent_per_sf", False): "el más barato por pie cuadrado (${value:,.2f}/SF al mes)"}
_ASKS: tuple[tuple[re.Pattern[str], str, str, bool], ...] = (
    (re.compile(r"\b(?:closest|nearest)\b.{0,20}\b(?:subway|train|transit|station|metro)|\b(?:subway|train)\b|"
                r"\b(?:short|quick)est (?:walk|commute|trip)\b", re.I),
     "min_to_subway", "closest to the subway ({value:g} min walk)", False),
    (re.compile(r"\b(?:cheapest|cheaper|least expensive|less expensive|lowest (?:rent|price))\b(?!.{0,20}(?:"
                + _PER_FOOT_WORDS + "))", re.I), "rent", "the cheapest (${value:,.0f}/mo)", False),
    (re.compile(r"\b(?:cheapest|cheaper|least expensive|lowest|best)\b.{0,20}(?:" + _PER_FOOT_WORDS + ")|"
                r"\blowest (?:rate|\$/sf)", re.I), "ppsf_year", "the lowest rate (${value:,.2f}/SF/yr)", False),
    (re.compile(r"\b(?:most expensive|priciest)\b", re.I), "rent", "the most expensive (${value:,.0f}/mo)", True),
    # "the most space for the money" is the lowest rent per square foot, not the largest
    (re.compile(r"\bmost (?:space|room|square feet|sf) (?:for (?:the|my|our|your) money|per dollar)\b|"
                r"\bbest value\b|\bbang for (?:the|my|our) buck\b", re.I),
     "rent_per_sf", "the cheapest per square foot (${value:,.2f}/SF a month)", False),
    (re.compile(r"\b(?:biggest|largest|most space)\b(?! (?:for (?:the|my|our|your) money|per dollar))", re.I), "sqft",
     "the largest ({value:,.0f} SF)", True),
    (re.compile(r"\bsmallest\b", re.I), "sqft", "the smallest ({value:,.0f} SF)", False),
    (re.compile(r"\b(?:highest|top)[- ]floor|\bhighest (?:one|unit|up)\b|\bhigh(?:est)? up\b", re.I), "floor",
     "on the highest floor (floor {value:g})", True),
    (re.compile(r"\blowest[- ]floor|\bground[- ]floor\b|\bclosest to the ground\b", re.I), "floor",
     "on the lowest floor (floor {value:g})", False),
    (re.compile(r"\b(?:newest|most recent(?:ly built)?|youngest) (?:building|one|unit|place|option)?|\bnewest\b", re.I),
     "building_age_yrs", "in the newest building ({value:g} years old)", False),
)


_HOW_MUCH = re.compile(r"\bhow much\b|\ba month\b|\bmonthly\b|\bper month\b|\bcu[aá]nto\b", re.I)


def _ask_value(row: dict[str, Any], key: str) -> float | None:
    """A unit's value for a superlative question; a floor is its number ("18", "18.0"; a lettered floor has none)."""
    if key == "rent_per_sf":  # a month's rent over the square feet, for homes and offices alike
        return row["rent"] / row["sqft"] if row.get("rent") and row.get("sqft") else None
    value = row.get(key)
    if key == "floor" and value is not None:
        number = re.match(r"\s*(\d+(?:\.\d+)?)\s*$", str(value))
        return float(number.group(1)) if number else None
    return value


# Concessions are negotiated, never listed: said, not invented
CONCESSION = re.compile(r"\bfree rent\b|\bfree months?\b|\bconcessions?\b|\brent abatement\b|\bti allowance\b|"
                        r"\b(?:build-?out|tenant improvement) allowance\b|\bthrow in\b", re.I)
CONCESSIONS_UNKNOWN = ("Concessions such as free rent or a build-out allowance are not in the listing data: they are "
                       "negotiated with the landlord (usually through a broker), and a longer term tends to earn more.")
# "does it have a washer dryer too?": an amenity of the unit the conversation is about
IT_HAS = re.compile(r"\b(?:does|do|has)\s+(?:it|that(?: one| place| unit)?|this(?: one| place| unit)?|the place)\s+"
                    r"(?:have|has|come with|include|got|offer)\b|"
                    # "is there a gym in the building?", "هل في المبنى صالة رياضية؟": of the unit talked of
                    r"\bis there (?:a|an)\b[^.?!]{0,30}\b(?:in (?:the|that|this) (?:building|place|unit|apartment)|"
                    r"there)\b|هل (?:في|in|يوجد في|يوجد|بها|فيها|عندها) ?(?:المبنى|العمارة|الشقة)?|"
                    r"(?:^|[¿\s])(?<!\balguno de esos )(?<!\balguna de esas )(?<!\balguno )(?<!\balguna )"
                    r"(?<!\bcu[aá]l )(?<!\bcu[aá]les )(?<!\bninguno )(?<!\bany of those )(?<!\bany of these )"
                    r"(?<!\bany )(?<!\bwhich )"
                    r"(?:y\s+)?(?:tiene|tienen|trae|incluye)\s+(?!que\b)", re.I)


_ABOUT_ONE = re.compile(r"\b(?:is|does|has|was|how (?:far|big|old|close|new) is) the (cheapest|first|second|third|"
                        r"fourth|fifth|top|last|biggest|largest|smallest|1st|2nd|3rd)(?: one| unit| apartment| place|"
                        r" listing| suite)?\b", re.I)
NEVER_MIND = re.compile(r"^\W*(?:(?:ok|okay|yeah|yes|ah|oh|well|hmm)\W+)?(?:(?:that'?s|its|it'?s)\s+(?:way\s+)?"
                        r"(?:out of|over|above)\s+(?:my |our )?budget\W+)?(?:never ?mind|nvm|forget it|no thanks|"
                        r"nah|skip it|not for (?:me|us))\W*$|^\W*(?:\w+\W+){0,8}(?:never ?mind|nvm|forget it)\W*$",
                        re.I)
COMPARE_TO = re.compile(r"\bcomp[aá]r\w*\b|\bvs\.?\b|\bversus\b|\bdifference\b|\bdiferencia\b|قارن", re.I)
WORTH = re.compile(r"\bworth (?:it|the)\b", re.I)
# "forget the train thing", "drop the subway": the walk to transit set aside, not asked about
DROPPED_TRANSIT = re.compile(r"\b(?:forget|drop|never ?mind|nvm|ignore|skip|no need for|don'?t need|doesn'?t matter)"
                             r"\b[^.?!]{0,15}\b(?:subway|train|transit|station|metro)", re.I)
# "of the three", "of those two": only the first units shown
_OF_THE_FIRST = re.compile(r"\bof (?:the|those|these) (two|three|2|3)\b", re.I)
_QUESTION_WORD = re.compile(r"^\s*(?:what|whats|how|is|does|do|can|which|when|where|tell me)\b", re.I)
IT_ASKED = re.compile(r"\b(?:does|is|has|how (?:big|far|old|many)(?: \w+)? (?:is|does))\s+(?:it|that(?: one)?|this"
                      r"(?: one)?)\b|\band how (?:big|far|old)\b", re.I)
BUILT_WITHIN = re.compile(r"\bbuilt (?:in )?(?:the )?(?:last|past|within(?: the)?(?: last)?)\s+(\d{1,2})?\s*"
                          r"(?:yrs?|years?)\b|\bnew(?:er)? (?:construction|build(?:ing)?s?)\b", re.I)


def _AMENITY_ASKED(text: str) -> bool:
    return any(re.search(said, text.lower()) for _, said in _RESULT_AMENITIES)


def others_listing(text: str, shown: list[dict[str, Any]], deeper: list[dict[str, Any]]) -> tuple[str, str] | None:
    """When none of the units shown has the amenity asked about, the other matches of the same search that do
    ("any of them with an elevator?": #8 has one); None when none of them has it either."""
    label = next((a for a, said in _RESULT_AMENITIES if re.search(said, text.lower())), None)
    seen = {m["id"] for m in shown}
    if label is None:
        return None
    having = [(i, m) for i, m in enumerate(deeper, start=1) if m["id"] not in seen
              and _lists(m["row_preview"].get("amenities", []), label)]
    found = [(i, m) for i, m in having if not m["row_preview"].get("misses")]
    near = not found
    found = found or having  # none fits every criterion with it: the closest that have it, with what they miss
    if not found:
        return None
    in_area = [(i, m) for i, m in found
               if not any("Outside the area" in x for x in m["row_preview"].get("misses") or [])]
    found = in_area or found
    which = _ONE_UNIT.search(text)
    if which and which.group(1).lower() in ("cheapest", "biggest", "largest", "smallest"):
        # "the cheapest one that has a gym": ordered by what was asked
        key, largest = ("rent", False) if which.group(1).lower() == "cheapest" else (
            "sqft", which.group(1).lower() != "smallest")
        found = sorted(found, key=lambda im: (im[1]["row_preview"].get(key) or 0) * (-1 if largest else 1))
    listed = "; ".join(f"#{i} {m['row_preview']['address']} ({m['id']}), ${m['row_preview']['rent']:,.0f}/mo"
                       + (f" ({'; '.join(m['row_preview'].get('misses') or [])})" if near else "")
                       for i, m in found[:3])
    if near:
        return (f"Further down the same search, none with {_a(label)} fits every criterion; the closest: {listed}.",
                str(found[0][1]["id"]))
    return f"Further down the same search, {len(found)} {'does' if len(found) == 1 else 'do'}: {listed}.", \
        str(found[0][1]["id"])


_AMENITY_WORDS_RX = (r"(?:no[- ]?fee|doorman|elevator|gym|roof ?deck|w/?d|washer(?:[/ ]dryer)?|laundry|dishwasher|"
                     r"patio|outdoor space|lavadora|portero|ascensor|lavavajillas|gimnasio|terraza)")
_AMENITY_ONE = re.compile(rf"\bthe {_AMENITY_WORDS_RX} (?:one|unit|place|apartment|listing|suite)\b|"
                          rf"\b(?:the one|one|el que|la que|alguno|alguna|uno|una)\b.{{0,20}}?\b(?:with|has|having|"
                          rf"tiene|con)\b.{{0,25}}?{_AMENITY_WORDS_RX}", re.I)


def compared_units(text: str, pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The units a comparison names: one after another ("the 3675 one vs the 3200 one"), or the two shown at one
    rent ("compare the two at 4995"); empty when the message compares nothing."""
    if not (COMPARE_TO.search(text) or WORTH.search(text)):
        return []
    pair = units_named(text, pool)
    if len(pair) >= 2 or not COMPARE_TO.search(text):
        return pair
    halves = re.split(r"\s+with\s+", text, maxsplit=1)  # "compare the 2,400 one with the 2,600 one"
    if len(halves) == 2:
        one, two = unit_named(halves[0], pool), unit_named(halves[1], pool)
        if one is not None and two is not None and one is not two:
            return [one, two]
    for said in re.finditer(r"(?<![\w.])\$?(\d{1,2},\d{3}|\d{3,5})(k)?\b", text):
        value = float(said.group(1).replace(",", "")) * (1000 if said.group(2) else 1)
        at = [m for m in pool if abs((m["row_preview"].get("rent") or 0) - value) <= 1]
        if len(at) == 2:
            return at
    return pair


def units_named(text: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown units a message names one after another ("the 3525 one and the 1200 sqft one"), in that order."""
    found: list[dict[str, Any]] = []
    # (Spanish "con", "y"; a comma inside "2,400" splits nothing)
    for part in re.split(r"\s+(?:and|&|plus|vs\.?|versus|or|compared (?:to|with)|con|y|contra|frente a)\s+"
                         r"|,(?!\d{3}\b)\s*", text):
        unit = unit_named(part, shown)
        if unit is not None and unit not in found:
            found.append(unit)
    return found


GCI = re.compile(r"\bgci\b|\bgross commission\b", re.I)
_FIRST_N = re.compile(r"\b(?:the )?(?:first|top) (two|2|three|3)\b|\bboth\b", re.I)
_SEARCHY = re.compile(r"\bwhat(?:'s| is| else is)? available\b|\banything (?:at|in|on|under|with)\b|\bshow me\b|"
                      r"\bany (?:suites?|units?|apartments?|offices?|listings?)\b|\bwhat else\b", re.I)
NEGOTIATE = re.compile(r"\bnegotiat\w*|\bnegoci\w*|\bif we (?:got|get|can get) (?:it|them) (?:down )?to\b|"
                       r"\b(?:talk|bring|push) (?:it|them|the landlord) down to\b|\bcounter (?:at|with)\b", re.I)
_RATE_IF = re.compile(r"\$?\s?(\d{2,3}(?:\.\d+)?)\s*(?:(?:/|per\s*)\s*(?:sf|sq\.?\s?ft|square foot)\b|"
                      r"(?:el|por|/|a)\s*(?:pie|foot)(?:\s+cuadrado)?\b)", re.I)
_YEARS_COST = re.compile(r"\b(\d{1,2})\s+(?:years?|yrs?)\b", re.I)


BROKER_FEE = re.compile(r"\bbroker(?:'?s)? fees?\b|\bbroker(?:age)? commission\b|\bcomisi[oó]n\b", re.I)


PER_SF_MONTH = re.compile(r"\bper (?:sq\.? ?ft|sf|square f(?:oo|ee)t)(?: per| a)? month\b|\b/sf/mo\b|"
                          r"\bpor pie(?: cuadrado)?(?: al| por)? mes\b", re.I)


def money_terms(unit: dict[str, Any], text: str) -> str:
    """The arithmetic a question about one unit's money asks: a year of its rent, N years at the listed rent, its
    monthly at another rate per square foot ("if it were $80/sf")."""
    row = unit["row_preview"]
    rent, sqft = row.get("rent"), row.get("sqft")
    out = []
    rate = _RATE_IF.search(text)
    if rate and sqft:
        at = float(rate.group(1))
        monthly = at * sqft / 12
        out.append(f" At ${at:g}/SF a year it would be ${monthly:,.0f} a month ({sqft:,.0f} SF × ${at:g} ÷ 12)"
                   + (f", {monthly - rent:+,.0f} on the listed ${rent:,.0f}." if rent else "."))
    elif rent and re.search(r"\bannual|\byearly|\ba year\b|\bper year\b|\bfor a year\b|\bal a[nñ]o\b|"
                            r"\bpor a[nñ]o\b|\banual\b", text, re.I):
        out.append(f" That is ${rent * 12:,.0f} a year.")
    if row.get("ppsf_year") and PER_SF_MONTH.search(text):  # "¿y por pie cuadrado al mes?"
        out.append(f" That is ${row['ppsf_year'] / 12:,.2f}/SF a month (${row['ppsf_year']:,.2f}/SF a year ÷ 12).")
    if rent and BROKER_FEE.search(text):
        # New York's FARE Act (June 2025): the landlord's broker cannot charge the tenant
        out.append(" No broker fee: the listing is marked no-fee." if "no fee" in row.get("amenities", []) else
                   f" Broker fee: the listing is not marked no-fee, but under New York City's FARE Act (since June "
                   f"2025) a broker the landlord hired cannot charge you; a fee applies only to a broker you hire "
                   f"yourself (often about one month, ${rent:,.0f}).")
    people = people_said([text]) if rent and asks_shares(text) else None
    if people:  # "board's asking cost per employee, we're 45 people": the rent and the space, divided
        out.append(f" Per person ({people}): ${rent / people:,.0f} a month, ${rent * 12 / people:,.0f} a year"
                   + (f", {sqft / people:,.0f} SF each." if sqft else "."))
    years = _YEARS_COST.search(words_to_digits(text))  # "three years" as "3 years"
    if rent and years and re.search(r"\bcost|\btotal|\bover\b", text, re.I):
        n = int(years.group(1))
        out.append(f" {n} years at the listed rent: ${rent * 12 * n:,.0f} (before any escalation, which the listing "
                   "does not state).")
        bump = _BUMPS.search(text)
        if bump:  # "assume 3% bumps": each year the rent of the year before, raised by that much
            pct = float(bump.group(1) or bump.group(2)) / 100
            yearly = [rent * 12 * (1 + pct) ** y for y in range(n)]
            out.append(f" With {pct:.0%} a year (your assumption): ${sum(yearly):,.0f} over {n} years ("
                       + ", ".join(f"${v:,.0f}" for v in yearly) + ").")
    bump, nth = _BUMPS.search(text), _YEAR_N.search(text)
    if rent and bump and nth and 1 < int(nth.group(1) or nth.group(2)) <= 30:
        # "10 years with 5% annual bumps. what's the year-10 monthly rent": the listed rent raised n - 1 times
        n, pct = int(nth.group(1) or nth.group(2)), float(bump.group(1) or bump.group(2)) / 100
        out.append(f" Year {n} with {pct:.0%} a year (your assumption; the listing states no escalation): "
                   f"**${rent * (1 + pct) ** (n - 1):,.0f} a month** (${rent:,.0f} × {1 + pct:g}^{n - 1})"
                   + (f", ${row['ppsf_year'] * (1 + pct) ** (n - 1):,.2f}/SF a year." if row.get("ppsf_year") else "."))
    return "".join(out)


# "the year-10 monthly rent", "in the 10th year"
_YEAR_N = re.compile(r"\byear[- ]?(\d{1,2})\b|\b(\d{1,2})(?:st|nd|rd|th) year\b", re.I)
# "assume 3% bumps", "3% annual escalations", "increasing 3% a year"
_BUMPS = re.compile(r"\b(\d(?:\.\d+)?)\s*%\s*(?:annual |yearly |a year |per year )?(?:bumps?|escalat\w*|increases?|"
                    r"steps?|raises?)\b|\b(?:bumps?|escalat\w*|increas\w*|steps?) (?:of )?(\d(?:\.\d+)?)\s*%", re.I)


def asks_over_the_set(text: str) -> bool:
    """The question picks from the whole result set ("whats the biggest", "which is closest to the subway"), so it
    can be answered on the results of an edit the same message makes ("can stretch to 2300. whats the biggest")."""
    return any(pattern.search(text) and not (key == "min_to_subway" and DROPPED_TRANSIT.search(text))
               for pattern, key, *_ in _ASKS) or bool(re.search(
        r"\bwhich (?:ones?|of (?:them|those|these))?\s*(?:have|has|come with|allow)\b", text, re.I))


TWINS_Q = re.compile(r"\bsame (?:apartment|apt|unit|place|listing|one|home)\b|\bidentical\b|\blisted twice\b|"
                     r"\bduplicates?\b|\bdifference between\b|\bany difference\b", re.I)
_FACTS = ("rent", "sqft", "bedrooms", "bathrooms", "floor", "min_to_subway", "neighborhood", "building_age_yrs")


SAME_BUILDING_Q = re.compile(r"\bsame (?:building|bldg|address)\b|\bmismo edificio\b", re.I)


def same_building(text: str, shown: list[dict[str, Any]]) -> tuple[str, str] | None:
    """"are these all the same building?": the shown units that share a building (the data's building id or the
    office address), and the ones that stand alone."""
    if not SAME_BUILDING_Q.search(text) or len(shown) < 2:
        return None
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in shown:
        address = str(m["row_preview"].get("address") or "")
        building = _NO_ADDRESS.search(address)  # an apartment's building id; an office's street address
        groups.setdefault(building.group(1) if building else address.split(",")[0], []).append(m)
    shared = [g for g in groups.values() if len(g) >= 2]
    if not shared:
        return f"No: the {len(shown)} shown are in {len(groups)} different buildings.", shown[0]["id"]
    lines = [f"Same building ({key if not key.isdigit() else 'building ' + key}): " + ", ".join(
        f"#{shown.index(m) + 1} {m['id']}" for m in g) for key, g in groups.items() if len(g) >= 2]
    alone = [m for g in groups.values() if len(g) == 1 for m in g]
    if alone:
        lines.append("On their own: " + ", ".join(f"#{shown.index(m) + 1} {m['id']}" for m in alone) + ".")
    return "Yes. " + "\n".join(lines), shared[0][0]["id"]


def _same_listing(text: str, shown: list[dict[str, Any]]) -> tuple[str, str] | None:
    """Two shown units that look the same: side by side, and whether the data tells them apart."""
    if not TWINS_Q.search(text):
        return None
    by_id = [m for m in shown if re.search(rf"(?<![\d$,.]){re.escape(str(m['id']).split('-')[-1])}(?![\d,.])", text)]
    price = re.search(r"(?<![\w.])\$?(\d{1,2},?\d{3})\b", text)
    value = float(price.group(1).replace(",", "")) if price else None
    pool = by_id if len(by_id) == 2 else [  # "are 2697 and 8447 the same apt": those two, by their ids
        m for m in shown if value is not None and abs((m["row_preview"].get("rent") or 0) - value) <= 1]
    if len(pool) != 2:  # else: the first two shown with the same facts
        key = lambda m: tuple(m["row_preview"].get(f) for f in _FACTS)  # noqa: E731
        groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        for m in shown:
            groups.setdefault(key(m), []).append(m)
        pool = next((g[:2] for g in groups.values() if len(g) >= 2), [])
    if len(pool) != 2:
        return None
    a, b = pool
    same = all(a["row_preview"].get(f) == b["row_preview"].get(f) for f in _FACTS) and sorted(
        a["row_preview"].get("amenities") or []) == sorted(b["row_preview"].get("amenities") or [])
    verdict = ("The data shows no difference between them (only the listing ids differ): they may be the same "
               "apartment listed twice. Ask at a viewing or the landlord before you count them as two options."
               if same else "They differ as listed above.")
    return "\n".join([unit_details(a, shown.index(a) + 1, text), unit_details(b, shown.index(b) + 1, text),
                      verdict]), str(a["id"])


_NEAR_RENT = re.compile(r"\b(just over|a bit over|slightly over|just above|just under|a bit under|just below|around|"
                        r"about|roughly|near)\s+\$?(\d{1,2}(?:,\d{3})?|\d{3,5})(k)?\b(?! ?(?:sq|sf|square|min))", re.I)


_MINUTES_ONE = re.compile(r"\bthe (\d{1,2})[- ]?min(?:ute)?s?(?: walk)? (?:one|unit|place|apartment|listing)\b", re.I)
_RENT_SAID = re.compile(r"(?<![\w.])\$?(\d{1,3}(?:,\d{3})+|\d{3,6})(k)?\b(?!\s*(?:sq|sf|square|min))", re.I)
_LIMIT_BEFORE = re.compile(r"(?:under|below|max|up to|budget|than|at most|within|around|about|hasta|m[aá]ximo|menos de|"
                           r"subo a|حتى|لحد)\s*$")


def _at_rents(text: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown units whose rent a message names ("the 1900 one", "the 3k one"); a figure after "under", "max" or
    "budget" is a limit, not a unit's rent."""
    out = []
    for amount in _RENT_SAID.finditer(text):
        if _LIMIT_BEFORE.search(text[:amount.start()].rstrip("$ ").lower() + " "):
            continue
        value = float(amount.group(1).replace(",", "")) * (1000 if amount.group(2) else 1)
        out += [m for m in shown if m["row_preview"].get("rent") and abs(m["row_preview"]["rent"] - value) <= 1]
    return out


def _by_traits(text: str, shown: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one shown unit that has each of two or more traits a phrase gives it (a rent, an amenity, a walk to the
    subway, a neighbourhood): "the 3000 doorman one", "the 1 min one with w/d". None unless exactly one has them all."""
    lowered = text.lower()
    traits: list[set[str]] = []
    rents = {m["id"] for m in _at_rents(text, shown)}
    if rents:
        traits.append(rents)
    minutes = _MINUTES_ONE.search(lowered)
    if minutes:
        traits.append({m["id"] for m in shown if m["row_preview"].get("min_to_subway") == float(minutes.group(1))})
    for label, said in _RESULT_AMENITIES:
        if re.search(said, lowered) and not re.search(rf"\b(?:no|without|sin)\s+(?:a\s+)?{said}", lowered):
            traits.append({m["id"] for m in shown if _lists(m["row_preview"].get("amenities", []), label)})
    hoods = {str(m["row_preview"].get("neighborhood") or "").lower() for m in shown} - {""}
    for hood in hoods:
        if re.search(rf"\b{re.escape(hood)}\b", lowered):
            traits.append({m["id"] for m in shown if str(m["row_preview"].get("neighborhood") or "").lower() == hood})
    if len(traits) < 2:
        return None
    common = set.intersection(*traits)
    return next((m for m in shown if m["id"] in common), None) if len(common) == 1 else None


def shown_figures(shown: list[dict[str, Any]]) -> set[str]:
    """The rents and sizes of the units shown, as said in words ("3558"): a number among them is no unit id."""
    return {str(int(v)) for m in shown for k in ("rent", "sqft") if (v := m["row_preview"].get(k))}


# "the 4 bedroom", "the 3br one", "the studio": a unit told by its bedroom count
_BEDS_ONE = re.compile(r"\bthe (\d|one|two|three|four|five)[- ]?(?:br|bd|bed(?:room)?s?)\b(?!\s*(?:and|or|,|/))|"
                       r"\bthe (studio)\b(?: one| unit| apartment| place)?(?!\s*(?:and|or|,|/|apartments|s\b))", re.I)


# "the bushwick 2br right at the subway": a unit told by being the nearest a station (not "which is closest?")
_CLOSEST = re.compile(r"^(?!.*\b(?:which|what)\b).*\bthe\b(?:\s+[\w$,.-]+){0,4}?\s+(?:right (?:at|by|next to|on top of|"
                      r"above|on)|closest to|nearest(?: to)?|next to) (?:the |a )?(?:subway|train|station|metro)\b|"
                      r"\bthe 0[- ]?min(?:ute)? (?:one|walk)\b", re.I)


def unit_named(text: str, shown: list[dict[str, Any]], mentioned: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The one shown unit a message names by its suite ("the 2102 one"), its rent ("the 1br for 2995", "the 1900
    one") or its neighborhood ("the LES one", "the bushwick one"); None when it names none or several. `mentioned`:
    the units the last answer named ("which have a dishwasher? … the no fee one" is the no-fee one of those)."""
    lowered = text.lower()
    figures = shown_figures(shown)
    by_number = [m for m in shown if len(number := m["id"].split("-")[-1]) >= 3 and number not in figures
                 and re.search(rf"(?<![\d$,.-]){number}(?![\d,.])", lowered)]
    if len(by_number) == 1:  # "whats the address for 506?": SE-506, its id said without the prefix
        return by_number[0]
    for m in shown:  # a suite number said on its own
        suite = str(m["row_preview"].get("suite") or "")
        if suite and re.search(rf"(?<![\d$,.]){re.escape(suite.lower())}(?![\d,.])", lowered) and (
                m["row_preview"].get("rent") is None or not re.search(
                    rf"(?:under|below|max|up to|budget|than|at most)\s+\$?{re.escape(suite)}", lowered)):
            return m
    both = _by_traits(text, shown)
    if both is not None:  # "the 3000 doorman one": the one unit that has every trait said, not the first with one
        return both
    # "the 23rd floor one", "the one on the 8th floor", "la del piso 8": a unit told by its floor
    one_on_a_floor = re.search(r"\bfloor (?:one|unit|place|apartment|apt|suite|listing)\b|\bthe one on (?:the )?\d|"
                               r"\b(?:la|el|lo)s? del? (?:\w+ )?(?:piso|planta)\b|"
                               r"\b(?:la|el) (?:del|en el) (?:\d{1,2}\w* )?(?:piso|planta)\b", lowered)
    floor = floor_said(lowered) if one_on_a_floor else None
    on = on_floor(shown, floor) if floor is not None else []
    if len(on) == 1:  # "the 23rd floor one": the one shown unit on that floor
        return on[0]
    for size in re.finditer(r"\b(\d{1,2},?\d{3}|\d{3})\s*(?:sq\.?\s?ft|sqft|sf|square f(?:ee|oo)t)\b", lowered):
        # "the 1200 sqft one": the shown unit of that size
        value = float(size.group(1).replace(",", ""))
        sized = [m for m in shown if m["row_preview"].get("sqft") and abs(m["row_preview"]["sqft"] - value) <= 1]
        after = lowered[size.end():size.end() + 12]
        before = lowered[max(0, size.start() - 7):size.start()]  # "el de 10.154 pies": the one of that size
        if len(sized) == 1 and (re.search(r"\bone\b|\bunit\b|\bplace\b|\bsuite\b", after)
                                or re.search(r"\b(?:el|la|lo) de\s*$|\bthe\s*$", before)):
            return sized[0]
    walk = re.search(r"\bthe (\d{1,2})[- ]?min(?:ute)?s?(?: walk)? (?:one|unit|place|apartment|apt)\b", lowered)
    walked = [m for m in shown if walk and m["row_preview"].get("min_to_subway") == float(walk.group(1))]
    fitting = [m for m in walked if (m.get("score") or 0) >= 100]  # a near miss is no "one" the person chose from
    if len(walked) == 1 or len(fitting) == 1:  # "book the 1 min one": the one shown unit that close to the subway
        return walked[0] if len(walked) == 1 else fitting[0]
    if _CLOSEST.search(lowered):  # "the 2br right at the subway": the one shown unit nearest a station
        timed = [m for m in shown if m["row_preview"].get("min_to_subway") is not None]
        nearest = min((m["row_preview"]["min_to_subway"] for m in timed), default=None)
        at_best = [m for m in timed if m["row_preview"]["min_to_subway"] == nearest]
        if len(at_best) == 1:
            return at_best[0]
    which = _AMENITY_ONE.search(lowered)
    if which and not re.search(r"\b(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\b", lowered):
        # "the no fee one", "the one with the doorman", "alguno con lavadora": the first shown unit with it (not
        # "the first one ... has an elevator?": the place in the list names that one)
        label = next((a for a, said in _RESULT_AMENITIES if re.search(said, which.group(0))), None)
        having = [m for m in shown if label and _lists(m["row_preview"].get("amenities", []), label)]
        if having:
            return min(having, key=lambda m: m["id"] not in mentioned)
    rents = _at_rents(text, shown)
    if len({m["id"] for m in rents}) == 1:
        return rents[0]
    bare = re.search(r"\bthe (\d{1,2},?\d{3}|\d{3}) (?:one|unit|place|apartment|apt|suite)\b", lowered)
    if bare and not rents:  # "the 1200 one" where no rent is 1200: the shown unit of that size
        sized = [m for m in shown if m["row_preview"].get("sqft") == float(bare.group(1).replace(",", ""))]
        if len(sized) == 1:
            return sized[0]
    near = _NEAR_RENT.search(text)
    if near:  # "the 2 bath one that's just over 4k", "the one around 2,500": the shown rent nearest on that side
        value = float(near.group(2).replace(",", "")) * (1000 if near.group(3) else 1)
        side = near.group(1).lower()
        fits = [m for m in shown if m["row_preview"].get("rent") and (
            m["row_preview"]["rent"] >= value if "over" in side or "above" in side else
            m["row_preview"]["rent"] <= value if "under" in side or "below" in side else True)]
        beds = re.search(r"\b(\d)\s*(?:bath|ba)\b", text, re.I)
        if beds:
            fits = [m for m in fits if m["row_preview"].get("bathrooms") == float(beds.group(1))] or fits
        if fits:
            best = min(fits, key=lambda m: abs(m["row_preview"]["rent"] - value))
            if abs(best["row_preview"]["rent"] - value) <= 0.15 * value:
                return best
    beds = _BEDS_ONE.search(lowered)
    if beds:  # "is PS 101 the zoned school for the 4 bedroom?": the one shown unit with that many bedrooms
        said = beds.group(1) or beds.group(2)
        count = 0 if said == "studio" else int(words_to_digits(said))
        bedded = [m for m in shown if m["row_preview"].get("bedrooms") == count]
        if len(bedded) == 1:
            return bedded[0]
    hoods: dict[str, list[dict[str, Any]]] = {}
    for m in shown:
        hood = str(m["row_preview"].get("neighborhood") or "").lower()
        names = [hood] + [nick for nick, name in LOCATION_ALIASES.items() if name == hood]
        if hood and any(re.search(rf"\bthe {re.escape(n)}\b(?: (?:one|place|unit|apartment|listing|suite))", lowered)
                        or re.search(rf"\bthe (?:one|place|unit|apartment|listing) in {re.escape(n)}\b", lowered)
                        for n in names):
            hoods.setdefault(hood, []).append(m)
    if len(hoods) == 1:
        only = next(iter(hoods.values()))
        full = [m for m in only if (m.get("score") or 0) >= 100]
        # two shown in that place: the one that fully matches the search is the one meant
        return only[0] if len(only) == 1 else full[0] if len(full) == 1 else None
    return None


# "between the soho one with the patio and that tribeca one, which is cheaper and by how much?": two named units
BETWEEN = re.compile(r"\bbetween\s+(.{3,60}?)\s+and\s+(.{3,60}?)(?:,|\?|$|\s+which\b|\s+what\b)", re.I)
# "compare the cheapest dumbo one to the brooklyn heights one" ("A vs B" is read with the units' details elsewhere)
COMPARE_PAIR = re.compile(r"\bcompare\s+(.{2,60}?)\s+(?:to|with|w/?|and|against|vs\.?)\s+(.{3,60}?)(?:,|\?|\.|$)", re.I)
_POINTS_BACK = re.compile(r"^\W*(?:it|that|this|that one|this one|the one we talked about|ese|esa|este|esta)\W*$", re.I)
_COMPARE_WORDS = re.compile(r"\b(?:cheaper|pricier|bigger|smaller|larger|closer|difference|by how much|which|"
                            r"compare)\b", re.I)


def _first_in_hood(part: str, pool: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "the astoria one" among several Astoria units: the first of them as listed (the best ranked); "the cheapest
    dumbo one": the cheapest of them."""
    low = part.lower()
    there = [m for m in pool if str(m["row_preview"].get("neighborhood") or "").lower() in low
             and m["row_preview"].get("neighborhood")]
    if there and re.search(r"\bcheap(?:er|est)\b|\blowest\b", low):
        return min(there, key=lambda m: m["row_preview"].get("rent") or float("inf"))
    return there[0] if there else None


_ABOUT_K = re.compile(r"\b(\d{1,3}(?:\.\d{1,2})?)\s*k\b(?:\s*(?:sf|sq\.?\s?ft|square feet))?\s+(?:one|suite|unit|space|"
                      r"place|option)\b", re.I)


def unit_about(part: str, pool: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "the 11.6k one": the one unit whose size (or rent) that rounded figure is."""
    said = _ABOUT_K.search(part)
    if said is None:
        return None
    value = float(said.group(1)) * 1000
    close = [m for m in pool if any(m["row_preview"].get(k) and abs(float(m["row_preview"][k]) - value) <= 0.01 * value
                                    + 50 for k in ("sqft", "rent"))]
    return close[0] if len({m["id"] for m in close}) == 1 else None


def _unit_of_part(part: str, pool: list[dict[str, Any]], focus: dict[str, Any] | None = None
                  ) -> dict[str, Any] | None:
    """The unit one side of a comparison names: by its id, by what only it is, by its place, or by a rounded figure
    ("the 5k one")."""
    if focus is not None and _POINTS_BACK.match(part):  # "compare that w the 3k one": the unit just talked of
        return focus
    said = UNIT_ID.search(part)
    if said is not None:
        return next((m for m in pool if m["id"].upper() == said.group(0).upper()), None)
    found = unit_named(part, pool) or _first_in_hood(part, pool) or unit_about(part, pool)
    said_k = _ABOUT_K.search(part)
    if found is None and said_k is not None:  # several near "3k": the best ranked of those at exactly that figure
        value = float(said_k.group(1)) * 1000
        found = next((m for m in pool if value in (m["row_preview"].get("rent"), m["row_preview"].get("sqft"))), None)
    return found


def compare_two(text: str, pool: list[dict[str, Any]], focus: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """The two units a "between A and B" question names (in the list shown or an earlier one), side by side with
    the rent difference."""
    pair = BETWEEN.search(text) or COMPARE_PAIR.search(text)
    if not pair or not _COMPARE_WORDS.search(text):
        return None
    first, second = (_unit_of_part(part, pool, focus) for part in pair.groups())
    if first is None or second is None or first is second:
        return None
    a, b = first["row_preview"], second["row_preview"]
    lines = [f"{r['address']} ({m['id']}): ${r['rent']:,.0f}/mo" + (f", {r['sqft']:,.0f} SF" if r.get("sqft") else "")
             for m, r in ((first, a), (second, b))]
    cheap, dear = sorted(((first, a), (second, b)), key=lambda item: item[1]["rent"])
    gap = dear[1]["rent"] - cheap[1]["rent"]
    said = (f"{cheap[1]['address']} ({cheap[0]['id']}) is cheaper by ${gap:,.0f} a month (${gap * 12:,.0f} a year)."
            if gap else "They rent for the same.")
    return "\n".join([*(f"- {line}" for line in lines), said]), cheap[0]["id"]


THAT_BUILDING = re.compile(r"\b(?:in|at|of) (?:that|this|the same|the) (?:building|address|tower)\b|"
                           r"\bsame building\b", re.I)


def best_in_building(text: str, unit: dict[str, Any], units: list[dict[str, Any]]) -> str | None:
    """Each superlative asked ("the cheapest per sf in that building"), over every unit at the address of the unit in
    focus, whether or not it fits the search; None when nothing is asked or known."""
    street = str(unit["row_preview"].get("address") or "").split(",")[0]
    here = [m for m in units if str(m["row_preview"].get("address") or "").split(",")[0] == street]
    lines = []
    for pattern, key, wording, largest in _ASKS:
        known = [m for m in here if _ask_value(m["row_preview"], key) is not None]
        if not pattern.search(text) or not known:
            continue
        best = (max if largest else min)(known, key=lambda m: _ask_value(m["row_preview"], key) or 0.0)
        row = best["row_preview"]
        size = f", {row['sqft']:,.0f} SF" if row.get("sqft") else ""
        lines.append(f"{row['address']} ({best['id']}{size}, ${row['rent']:,.0f}/mo) is "
                     f"{wording.format(value=_ask_value(row, key))} of the {len(here)} listed at {street}, whether or "
                     "not they fit your search.")
    return "\n".join(lines) or None


def beyond_shown(text: str, shown: list[dict[str, Any]], full: list[dict[str, Any]], lang: str | None,
                 label: str = "full matches") -> str:
    """For each superlative asked ("the biggest", "closest to the subway"): the best of all the full matches of the
    search when one beyond the five shown beats the best shown; empty when the shown ones hold the best."""
    lines = []
    ids = {m["id"] for m in shown}
    for pattern, key, wording, largest in _ASKS:
        if not pattern.search(text):
            continue
        known = [m for m in full if _ask_value(m["row_preview"], key) is not None]
        seen = [m for m in shown if _ask_value(m["row_preview"], key) is not None]
        if not known or not seen:
            continue
        pick = max if largest else min
        best = pick(_ask_value(m["row_preview"], key) or 0.0 for m in known)
        best_shown = pick(_ask_value(m["row_preview"], key) or 0.0 for m in seen)
        if (best <= best_shown) if largest else (best >= best_shown):
            continue  # the shown units hold the best already
        tops = [m for m in known if _ask_value(m["row_preview"], key) == best and m["id"] not in ids][:3]
        if not tops:
            continue
        spanish = lang == "es" and (key, largest) in _ASKS_ES
        said = (_ASKS_ES[(key, largest)] if spanish else wording).format(value=best)
        units = ", ".join(f"{m['row_preview']['address']} ({m['id']}, ${m['row_preview']['rent']:,.0f}/mo)"
                          for m in tops)
        lines.append(f"De las {len(full)} que cumplen todo, {units}: {said}." if spanish and label == "full matches"
                     else f"Of all {len(full)} {label}, {units} {'is' if len(tops) == 1 else 'are'} {said}.")
    return "\n".join(lines)


# "which one's the biggest? and do any of them have a dishwasher": two questions, each answered
_NEXT_ASK = re.compile(r"\?+\s*(?=\S)|\s+(?:and|also|plus)\s+(?=(?:do|does|did|is|are|which|what|whats|how|can|"
                       r"could|any)\b)|\.\s+(?=(?:do|does|is|are|which|what|whats|how|can|any)\b)", re.I)


_ABOUT_IT = re.compile(r"^\W*(?:and\s+)?(?:does|is|has|did|was|how (?:far|big|old) is) (?:it|that|this|she|he)\b",
                       re.I)


def answer_each(text: str, shown: list[dict[str, Any]], focus: str | None = None,
                earlier: list[dict[str, Any]] | None = None, lang: str | None = None) -> tuple[str, str] | None:
    """Each question of a message that asks two or three about the results, answered in turn (None unless every
    part is a question the results answer)."""
    parts = [p.strip(" ?.,") for p in _NEXT_ASK.split(text) if p.strip(" ?.,")]
    if not 2 <= len(parts) <= 3 or any(_ABOUT_IT.search(p) for p in parts):
        return None  # "the 725 sq ft one, what floor and does it have a dishwasher": one unit, asked two things
    if len(compared_units(text, [*shown, *(earlier or [])])) >= 2:
        return None  # "compare the 2,400 one with the 2,600 one: price, size, which is nearer the subway": side by side
    answers = []
    for part in parts:  # "which is the cheapest? tell me more about that one": each answer is the next one's "that"
        said = answer_about_results(part, shown, focus, earlier, lang)
        if said is None:
            return None
        answers.append(said)
        focus = said[1]
    # "whats the address for 506? want to look at it on street view": one answer to both parts is said once
    return "\n".join(dict.fromkeys(a for a, _ in answers)), answers[-1][1]


# "floor 18 with no elevator? that can't be right": the person doubts what the data says of a unit
DOUBT = re.compile(r"\bcan'?t be right\b|\bcannot be right\b|\bcan not be right\b|"
                   r"\bthat'?s (?:wrong|odd|weird|strange)\b|"
                   r"\bis that (?:right|correct|true)\b|\bseems (?:off|wrong)\b|\bare you sure\b|\bno way\b|"
                   r"\btypo\b|\b(?:gotta|must|has to) be (?:wrong|a mistake|an error)\b|\ba data error\b", re.I)


# "are these prices current?", "how old is this data?": when the listings are from, not a new search
DATA_AGE = re.compile(r"\b(?:are|is) (?:these|those|the|this|that|it|they)\b.{0,25}\b(?:current|up[- ]to[- ]date|"
                      r"recent|still (?:valid|available|accurate|good))\b|"
                      r"\bhow (?:old|recent|current|fresh) (?:is|are) (?:this|the|these|your)\b.{0,12}"
                      r"\b(?:data|listings?|prices?|rents?)\b|"
                      r"\bwhen (?:is|was|are|were) (?:this|the|these|your) (?:data|listings?|prices?)\b|"
                      r"\b(?:son|est[aá]n) (?:actuales|vigentes)\b|\bprecios actuales\b", re.I)


# "are rents going up or down this year? should I wait for spring?": a trend the undated listings cannot show
TREND_Q = re.compile(r"\b(?:going up|going down|go up|go down|rising|falling|dropping|trend\w*)\b.{0,40}"
                     r"\b(?:this|next) (?:year|spring|summer|fall|winter|month)\b|"
                     r"\b(?:rents?|prices?)\b.{0,30}\b(?:going (?:up|down)|rising|falling|dropping|trend\w*)\b|"
                     r"\bshould (?:i|we) wait\b|\bbetter (?:time|month) to (?:rent|sign|look)\b", re.I)


def data_age(text: str, shown: list[dict[str, Any]]) -> str | None:
    """How current the listings are, for "are these prices current?" or a trend asked of them; None unless that is
    asked."""
    if TREND_Q.search(text) and not DATA_AGE.search(text):
        return ("I can't tell from these listings: they are an undated sample (the apartments from about 2016), so "
                "they show no trend over time and say nothing about whether waiting would pay. Use them to compare "
                "areas and units with each other, and watch current asking rents on the listing sites for the trend.")
    if not DATA_AGE.search(text):
        return None
    offices = any(m["row_preview"].get("kind") == "office" for m in shown)
    if offices:
        return ("The office suites come from a brokerage's listing sheet with no dates in it, so treat the asking "
                "rents as indicative and confirm them with the listing's broker.")
    return ("No: the New York apartment listings are a public StreetEasy sample from about 2016, with no dates, so "
            "today's rents are likely higher. Use them to compare areas and units with each other, and check the "
            "current asking rent with the listing before you decide.")


# A listing's figures that someone may doubt, and how to say them back
_FIGURES = (("min_to_subway", "{:g} minutes to the subway"), ("building_age_yrs", "a building {:g} years old"),
            ("bathrooms", "{:g} bathrooms"), ("sqft", "{:,.0f} SF"), ("rent", "${:,.0f} a month"))


def _figure_doubted(text: str, pool: list[dict[str, Any]]) -> tuple[dict[str, Any], str] | None:
    """The one shown unit with a figure the message repeats ("43 minutes??"), and that figure said."""
    numbers = {float(n.replace(",", "")) for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", text)}
    hits = [(m, fmt.format(float(m["row_preview"][key]))) for key, fmt in _FIGURES for m in pool
            if m["row_preview"].get(key) is not None and float(m["row_preview"][key]) in numbers]
    return hits[0] if len({m["id"] for m, _ in hits}) == 1 else None


def data_doubt(text: str, shown: list[dict[str, Any]], pool: list[dict[str, Any]],
               in_focus: dict[str, Any] | None) -> tuple[str, str] | None:
    """An answer to someone doubting what a listing says: what the data says of that unit, that an amenity it does not
    list may simply be missing from the data, and to confirm with the listing agent; None unless a doubt is voiced."""
    if not DOUBT.search(text):
        return None
    floor = floor_said(text)
    floored = on_floor(pool, floor) if floor is not None else []
    figure = _figure_doubted(text, pool)
    about = (floored[0] if len(floored) == 1 else None) or (figure[0] if figure else None) or unit_named(text, pool) \
        or in_focus
    if about is None:
        return None
    row = about["row_preview"]
    missing = [label for label, said in _RESULT_AMENITIES if re.search(rf"\bno\s+(?:\w+\s+)?{said}", text.lower())
               and not _lists(row.get("amenities", []), label)]
    if figure and figure[0] is about:  # "43 minutes?? to a subway in BPC? that's gotta be a typo"
        return (f"Fair question. The listing data for {row.get('address')} ({about['id']}) does say {figure[1]}, and "
                f"I can't check it against anything else: it may well be an error in the data. Ask the listing agent "
                f"before you count on it (or rule the unit out for it)."), about["id"]
    said = (f"Fair question. The listing data for {row.get('address')} ({about['id']}) says"
            + (f" floor {row['floor']}" if row.get("floor") else "")
            + (f" and lists no {', '.join(missing)}" if missing else "") + ".")
    if missing:
        said += (" Listings often leave amenities out, so that is more likely a gap in the data than a fact about the "
                 "building.")
    return said + " Ask the listing agent to confirm before you rule it in or out.", about["id"]


_THAT_ONE = re.compile(r"\b(?:that|this) one\b|\b(?:about|on) (?:it|that|this)\W*$", re.I)


def answer_about_results(text: str, shown: list[dict[str, Any]],
                         focus: str | None = None,
                         earlier: list[dict[str, Any]] | None = None,
                         lang: str | None = None, mentioned: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(the answer, the unit it names) for a question about the results just shown, or None; a second question the
    listings cannot answer ("whats that per person, and is heat included?") is said to be unanswerable rather than
    dropped."""
    answered = _answer_about_results(text, shown, focus, earlier, lang, mentioned)
    if answered is None:
        return _only_unheld(text, shown + [m for m in earlier or [] if m not in shown], focus, lang)
    said, unit = answered
    if lang not in UNHELD_LANGS:
        return answered
    return said + unheld_notes(text, said), unit


def _only_unheld(text: str, pool: list[dict[str, Any]], focus: str | None,
                 lang: str | None) -> tuple[str, str] | None:
    """ "what deposit do they ask for SE-4534?": a question about one unit in view that only asks what no listing
    holds, said so for that unit (not a new search); None otherwise."""
    if lang not in UNHELD_LANGS or not any(pattern.search(text) for pattern, _what in NOT_HELD):
        return None
    ids = {m.upper() for m in UNIT_ID.findall(text)}
    unit = next((m for m in pool if m["id"] in ids), None) or unit_named(text, pool) or (
        next((m for m in pool if m["id"] == focus), None) if _ABOUT_IT.search(text) else None)
    if unit is None:
        return None
    row = unit["row_preview"]
    return f"{row.get('address')} ({unit['id']}):{unheld_notes(text, '')}", unit["id"]


UNHELD_LANGS = (None, "en", "es")  # the languages the not-held notes have templates in (i18n.NOTES for Spanish)


def unheld_notes(text: str, said: str) -> str:
    """What a question asks that the listings hold no word of (NOT_HELD), unless the answer already says it."""
    return "".join(f" The listings hold no {what}." for pattern, what in NOT_HELD
                   if pattern.search(text) and what not in said)


def _answer_about_results(text: str, shown: list[dict[str, Any]],
                          focus: str | None = None,
                          earlier: list[dict[str, Any]] | None = None,
                          lang: str | None = None, mentioned: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(the answer, the unit it names) for a question about the results just shown, or None.

    "which of those is closest to the subway?" picks from the shown units by their own data; a question about an
    amenity ("which has a doorman?") lists the shown units that have it; "does it have a gym?" answers for the unit
    in focus (else the first shown).
    """
    if not shown:
        return None
    pool = shown + [m for m in earlier or [] if m["id"] not in {x["id"] for x in shown}]
    in_focus = next((m for m in pool if m["id"] == focus), None)
    if in_focus is not None and NEGOTIATE.search(text) and _RATE_IF.search(text):
        # "what if we negotiate it to $80/sf?" about the suite just discussed: its money at that rate, not a new cap
        row = in_focus["row_preview"]
        return (f"{row['address']} ({in_focus['id']}) lists at ${row.get('ppsf_year') or 0:,.2f}/SF a year."
                + money_terms(in_focus, text)), in_focus["id"]
    part = PART_AT_RATE.search(text)
    rated = in_focus or unit_named(text, shown, mentioned)
    if part and rated is not None and rated["row_preview"].get("ppsf_year"):
        # "if i could rent just 500 sf of that space at the same rate what would that cost": the arithmetic, and what
        # the listing cannot say
        row, sf = rated["row_preview"], float(part.group(1).replace(",", ""))
        per_sf = float(row["ppsf_year"])
        return (f"{sf:,.0f} SF at {row['address']}'s ${per_sf:,.2f}/SF a year is **${sf * per_sf / 12:,.0f} a "
                f"month** (${sf * per_sf:,.0f} a year: {sf:,.0f} × ${per_sf:,.2f} ÷ 12). That is arithmetic only: the "
                f"listing is the whole {row.get('sqft') or 0:,.0f} SF suite, and whether part of it can be let or "
                "sublet is not in the data."), rated["id"]
    if in_focus is not None and DETAILS_Q.search(text) and _THAT_ONE.search(text) and len(text.split()) <= 8:
        # "which is the cheapest? tell me more about that one": the unit just named, not the first shown
        return unit_details(in_focus, _position(in_focus, shown), text), in_focus["id"]
    compared = compare_two(text, pool, in_focus)
    if compared is not None:
        return compared
    doubted = data_doubt(text, shown, pool, in_focus)
    if doubted is not None:
        return doubted

    if BROKER_FEE.search(text) and (_MONEY_WORDS.search(text) or re.search(r"\bhow much\b", text, re.I)):
        # "how much would the first one cost me for a year including the broker fee?": its money, the fee said
        which = _ONE_UNIT.search(text)
        about = (_pick(shown, which.group(1).lower()) if which else None) or unit_named(text, shown, mentioned) or next(
            (m for m in shown if m["id"] == focus), shown[0])
        row = about["row_preview"]
        return (f"#{shown.index(about) + 1} {row['address']} ({about['id']}) rents for ${row['rent']:,.0f} a month."
                + money_terms(about, text if re.search(r"\byear|\bannual", text, re.I) else text + " a year")), \
            about["id"]
    wanted_here = next((a for a, said in _RESULT_AMENITIES if re.search(said, text.lower())), None)
    if IT_HAS.search(text) and wanted_here and not (_ONE_UNIT.search(text) or _ORDINAL_NUM.search(text)
                                                     or DETAILS_Q.search(text) or _THE_ONE_WITH.search(text)):
        said_unit = unit_named(text, shown, mentioned)  # "the 2br right at the subway ... does it have laundry"
        about = said_unit or next((m for m in shown if m["id"] == focus), shown[0])
        if focus is None and said_unit is None and len(shown) > 1 and re.search(r"\bis there\b|هل", text, re.I):
            # "is there a gym in the building?" with several shown and none singled out: each of them
            with_it = [m for m in shown if _lists(m["row_preview"].get("amenities", []), wanted_here)]
            what = f"{'an' if wanted_here[0] in 'aeiou' else 'a'} {wanted_here}"
            said_units = ", ".join(f"#{shown.index(m) + 1} {m['id']}" for m in with_it)
            return ((f"Of the {len(shown)} shown, {said_units} list{'s' if len(with_it) == 1 else ''} {what}; the "
                     f"others do not." if with_it else f"None of the {len(shown)} shown lists {what}."),
                    (with_it or shown)[0]["id"])
        row = about["row_preview"]
        listed = _lists(row.get("amenities", []), wanted_here)
        article = "an" if wanted_here[0] in "aeiou" else "a"
        if lang == "es":
            return (f"{'Sí' if listed else 'No'}: #{shown.index(about) + 1} {row['address']} ({about['id']}) "
                    f"{'tiene' if listed else 'no indica'} {_AMENITY_ES.get(wanted_here, wanted_here)}."), about["id"]
        return (f"{'Yes' if listed else 'No'}: #{shown.index(about) + 1} {row['address']} ({about['id']}) "
                f"{'lists' if listed else 'does not list'} {article} {wanted_here}."), about["id"]
    if NEVER_MIND.search(text):  # "that's way out of budget, never mind": nothing to redo
        return ("No problem: I've left it there. Tell me what to change (area, size, budget) or ask about one of "
                "the results."), shown[0]["id"]
    if GCI.search(text):  # "a '256k GCI' for the 18th floor suite - is that what we'd pay over 3 years?"
        floor = floor_said(text)
        floored = on_floor(pool, floor) if floor is not None else []
        about = unit_named(text, pool, mentioned) or (floored[0] if len(floored) == 1 else None) or next(
            (m for m in pool if m["id"] == focus), shown[0])
        row = about["row_preview"]
        said = (f"No: GCI is the broker's gross commission income on the deal (what the broker earns, usually a "
                f"percentage of the lease's total rent), not what you pay. {row['address']} ({about['id']}) rents for "
                f"${row['rent']:,.0f} a month" if row.get("rent") else "No: GCI is the broker's commission, not rent")
        over = _YEARS_COST.search(words_to_digits(text))
        n = int(over.group(1)) if over else 3
        if row.get("rent"):
            said += f"; {n} years at the listed rent is ${row['rent'] * 12 * n:,.0f} (before any escalation)."
        return said, about["id"]
    if BROKER_Q.search(text):  # "who's the broker on it": the listing's contact, where the data names one
        by_id = [m for m in shown if re.search(rf"\b{re.escape(m['id'])}\b", text, re.I)]  # "the broker on U-20"
        at = [m for m in pool if address_named(text, m["row_preview"].get("address") or "")]  # "on 139 fifth"
        about = (by_id[0] if by_id else None) or (at[0] if len(at) == 1 else None) \
            or unit_named(text, shown, mentioned) or next((m for m in shown if m["id"] == focus), shown[0])
        row = about["row_preview"]
        place = f"#{shown.index(about) + 1} " if about in shown else ""
        cannot = (" I can't send email or call anyone for you: write to them directly (I can draft the message)."
                  if re.search(r"\b(?:email|e-mail|call|text|message|contact|write to)\s+(?:them|him|her|the "
                               r"broker|the agent)\b", text, re.I) else "")
        if row.get("broker"):
            email = f" ({row['broker_email']})" if row.get("broker_email") else ""
            contact = f"The listing contact for {place}{row['address']} ({about['id']}) is {row['broker']}{email}."
            return contact + cannot, about["id"]
        return (f"The listing data does not name a broker or agent for {place}{row['address']} ({about['id']}): a tour "
                f"request goes to the listing, and they will tell you who shows it."), about["id"]
    first_n = _FIRST_N.search(text)
    if first_n and (_MONEY_WORDS.search(text) or _YEARS_COST.search(words_to_digits(text))):
        # "whats the annual on the first two, and what would 3 yrs cost me": each one's figures
        n = 2 if first_n.group(1) is None or first_n.group(1) in ("two", "2") else 3
        lines = [f"#{i} {m['row_preview']['address']} ({m['id']}): ${m['row_preview']['rent']:,.0f}/mo."
                 + money_terms(m, text if re.search(r"\bannual|\byear", text, re.I) else text + " a year")
                 for i, m in enumerate(shown[:n], start=1) if m["row_preview"].get("rent")]
        if lines:
            return "\n".join(lines), shown[0]["id"]
    grouped = same_building(text, shown)
    if grouped is not None:  # "3 of those look like the same building?"
        return grouped
    twins = _same_listing(text, shown)
    if twins is not None:  # "what's the difference between the two at 3410?", "are those two the same apartment?"
        return twins
    if ADDRESS_Q.search(text) and not _SEARCHY.search(text):
        # "whats the exact address of the no fee 3225 one?": said, or said to be missing from the data
        about = unit_named(text, pool, mentioned) or next((m for m in pool if m["id"] == focus), None) or shown[0]
        row = about["row_preview"]
        building = _NO_ADDRESS.search(str(row.get("address") or ""))
        if building is None:
            return f"{row['address']} ({about['id']}), {row.get('neighborhood') or ''}.", about["id"]
        return (f"The listing data has no street address for {about['id']}: only its neighborhood "
                f"({row.get('neighborhood')}) and building number {building.group(1)}. "
                "Book a viewing and the listing will give you the address."), about["id"]
    pair = compared_units(text, pool)
    if len(pair) >= 2:  # "is the 3675 one worth it vs the 3200 one? compare": side by side, and what differs
        one, two = pair[:2]
        lines = [unit_details(m, _position(m, shown), text) for m in (one, two)]
        gap = (one["row_preview"].get("rent") or 0) - (two["row_preview"].get("rent") or 0)
        if gap:
            dear, cheap = (one, two) if gap > 0 else (two, one)
            lines.append(f"{dear['id']} costs ${abs(gap):,.0f} a month more (${abs(gap) * 12:,.0f} a year) than "
                         f"{cheap['id']}.")
        return "\n".join(lines), pair[0]["id"]
    named_unit = unit_named(text, shown, mentioned)
    if named_unit is None and len(pool) > len(shown):  # "the 725 sq ft one" from the list before this one
        named_unit = unit_named(text, pool[len(shown):])
    at_address = [m for m in shown if address_named(text, m["row_preview"].get("address") or "")] \
        if named_unit is None else []
    if len(at_address) == 1:  # "whats that per month for the 124 w 36th one": the suite at that number and street
        named_unit = at_address[0]
    in_focus = next((m for m in shown if m["id"] == focus), None)
    if named_unit is not None and COMPARE_TO.search(text) and in_focus is not None and in_focus is not named_unit:
        # "how does it compare to the 1br for 2995": the unit in focus and that one, side by side
        return "\n".join(unit_details(m, _position(m, shown), text) for m in (in_focus, named_unit)), named_unit["id"]
    if named_unit is not None and (_MONEY_WORDS.search(text) or DETAILS_Q.search(text) or "?" in text
                                   or _QUESTION_WORD.search(text)):
        # "tell me more about the LES one for 2195", "whats the annual rent on the 2102 one": that unit's facts
        said = unit_details(named_unit, _position(named_unit, shown), text) + money_terms(named_unit, text)
        return said, named_unit["id"]
    if in_focus is not None and IT_ASKED.search(text) and (DETAILS_Q.search(text) or _AMENITY_ASKED(text)):
        # "does it have a doorman? and how big": the unit the conversation is about
        return unit_details(in_focus, shown.index(in_focus) + 1, text), in_focus["id"]
    newer = BUILT_WITHIN.search(text)
    if newer:  # "anything in a building built in the last 5 yrs?": from the shown results, by building age
        years = float(newer.group(1) or 5)
        aged = [m for m in shown if m["row_preview"].get("building_age_yrs") is not None]
        young = [f"#{shown.index(m) + 1} {m['row_preview']['address']} ({m['id']}, "
                 f"{m['row_preview']['building_age_yrs']:g} years old)" for m in aged
                 if m["row_preview"]["building_age_yrs"] <= years]
        if not aged:
            return "The listings shown do not give their buildings' age.", shown[0]["id"]
        if not young:
            return (f"None of those was built in the last {years:g} years: the newest is "
                    f"{min(m['row_preview']['building_age_yrs'] for m in aged):g} years old."), shown[0]["id"]
        first_young = next(m for m in aged if m["row_preview"]["building_age_yrs"] <= years)
        return f"Built in the last {years:g} years: {'; '.join(young)}.", str(first_young["id"])
    by_address = _on_floor(text, [] if _SEARCHY.search(text) else shown_by_address(text, shown))
    if len(by_address) == 1 and (not RESULT_QUESTION.search(text) or _PER_FOOT.search(text)) and (
            _MONEY_WORDS.search(text) or DETAILS_Q.search(text) or "?" in text):
        # "monthly on the pearl st one? and do they throw in free rent": that unit's facts
        one = by_address[0]
        said = unit_details(one, shown.index(one) + 1, text) + money_terms(one, text)
        return said + (f" {CONCESSIONS_UNKNOWN}" if CONCESSION.search(text) else ""), one["id"]
    if not RESULT_QUESTION.search(text):
        return None
    if DETAILS_Q.search(text) and not any(key == "ppsf_year" and pattern.search(text) for pattern, key, *_ in _ASKS):
        unit, missing = _referenced_unit(text, shown)
        if unit is not None:
            return unit_details(unit, shown.index(unit) + 1, text), unit["id"]
        if missing:
            return (f"Only {len(shown)} were shown." if missing == "#" else f"None of those lists {_a(missing)}."), \
                shown[0]["id"]
    which = _ONE_UNIT.search(text)
    wanted = next((a for a, said in _RESULT_AMENITIES if re.search(said, text.lower())), None)
    if which and wanted:  # "does the cheapest one have an elevator?", "the cheapest one with a washer dryer"
        label = wanted.split("/")[0].split()[0]
        def has(m: dict[str, Any]) -> bool:
            return any(label in a for a in m["row_preview"].get("amenities", []))
        if re.search(r"\bwith\b", text.lower()):
            pool = [m for m in shown if has(m)]
            if not pool:
                return f"None of those lists {_a(wanted)}.", shown[0]["id"]
        else:
            pool = shown
        unit = _pick(pool, which.group(1).lower())
        n = shown.index(unit) + 1
        row = unit["row_preview"]
        verdict = "has" if has(unit) else "does not list"
        article = "an" if wanted[0] in "aeiou" else "a"
        return (f"#{n} {row['address']} ({unit['id']}), ${row['rent']:,.0f}/mo, {verdict} {article} {wanted}."), \
            unit["id"]
    single = _ABOUT_ONE.search(text)
    if single:  # "is the cheapest one close to the train?": that unit's own facts
        unit = _pick(shown, single.group(1).lower())
        return unit_details(unit, shown.index(unit) + 1, text), unit["id"]
    split = _SPLIT.search(text)
    if split:  # "split 4 ways what's that per person"
        said = (split.group(1) or split.group(2)).lower()
        ways = {"two": 2, "three": 3, "four": 4, "five": 5}.get(said) or int(said)
        lines = [f"#{i} {m['row_preview']['address']} ({m['id']}): ${m['row_preview']['rent']:,.0f}/mo, "
                 f"${m['row_preview']['rent'] / ways:,.0f} each for {ways}" for i, m in enumerate(shown, start=1)]
        return "\n".join(lines), shown[0]["id"]
    rate = _RATE_MATH.search(text)
    if rate:  # "what would $40k/month get us per square foot at 6000sf": the arithmetic, said
        monthly = float(rate.group(1).replace(",", "")) * (1000 if rate.group(2) else 1)
        sqft = float(rate.group(3).replace(",", ""))
        return (f"${monthly:,.0f} a month for {sqft:,.0f} SF is ${monthly * 12 / sqft:,.2f}/SF a year "
                f"(${monthly:,.0f} × 12 ÷ {sqft:,.0f})."), shown[0]["id"]
    if (_COMPARE.search(text) or _PER_FOOT.search(text)) and not any(
            key == "ppsf_year" and pattern.search(text) for pattern, key, *_ in _ASKS):
        # "compare the top two", "what's the per-foot on those" (not "which is cheapest per sf": that one, named)
        count = 2 if _COMPARE.search(text) and re.search(r"\b(?:two|2|both)\b", text, re.I) else len(shown)
        side, lines = shown[:count], []
        in_focus = next((m for m in shown if m["id"] == focus), None)
        if in_focus is not None and not _COMPARE.search(text) and not re.search(
                r"\b(?:those|these|them|all|each|every|ones|esos|esas|todos|todas)\b", text, re.I):
            side = [in_focus]  # "and per sf a month?" after an answer about one unit: that unit's figures
        listing = [label for label, pattern in _RESULT_AMENITIES if re.search(pattern, text.lower())]
        if listing and _COMPARE.search(text):  # "which of those are no fee? compare them": those, side by side
            having = [m for m in shown if all(_lists(m["row_preview"].get("amenities") or [], w) for w in listing)]
            said = " and ".join(listing)
            lines.append(f"{len(having)} of the {len(shown)} list {said}: " + ", ".join(f"#{shown.index(m) + 1} "
                                                                                      f"({m['id']})" for m in having)
                         + "." if having else f"None of the {len(shown)} lists {said}.")
            side = having or side
        for unit in side:
            row = unit["row_preview"]
            facts = [f"${row['rent']:,.0f}/mo"]
            if row.get("ppsf_year") and row.get("kind") == "office":
                facts.append(f"${row['ppsf_year']:,.2f}/SF/yr")
                if PER_SF_MONTH.search(text):
                    facts.append(f"${row['ppsf_year'] / 12:,.2f}/SF a month")
            if row.get("sqft"):
                facts.append(f"{row['sqft']:,.0f} SF")
            if row.get("bedrooms") is not None and row.get("kind") == "apartment":
                facts.append(f"{row['bedrooms']:g} bedroom(s)")
            if row.get("floor"):
                facts.append(f"floor {row['floor']}")
            if row.get("min_to_subway") is not None:
                facts.append(f"{row['min_to_subway']:g} min to the subway")
            if row.get("building_age_yrs") is not None:
                facts.append(f"building {row['building_age_yrs']:g} years old")
            if row.get("amenities"):
                facts.append(", ".join(row["amenities"]))
            lines.append(f"#{shown.index(unit) + 1} {row['address']} ({unit['id']}): " + "; ".join(facts))
        return "\n".join(lines), side[0]["id"]
    asked = _ORDINAL_PRICE.search(text)
    named = _ONE_UNIT.search(text) if not asked and _MONEY_WORDS.search(text) else None
    if asked or named:  # "what's that in monthly rent for the top one?", "the annual rent of the first": its numbers
        word = ((asked.group(1) or asked.group(2)) if asked else named.group(1) if named else "").lower()
        unit = shown[int(word[1:]) - 1] if word.startswith("#") and int(word[1:]) <= len(shown) else _pick(shown, word)
        i = shown.index(unit)
        row = unit["row_preview"]
        said = (f"#{i + 1} {row['address']} ({unit['id']}) rents for ${row['rent']:,.0f} a month "
                f"(${row['rent'] * 12:,.0f} a year)")
        if row.get("sqft") and row.get("ppsf_year"):
            said += f": {row['sqft']:,.0f} SF at ${row['ppsf_year']:,.2f}/SF a year"
        return said + ".", unit["id"]
    answers: list[tuple[str, str]] = []
    first = _OF_THE_FIRST.search(text)
    among = shown[:{"two": 2, "2": 2, "three": 3, "3": 3}[first.group(1).lower()]] if first else shown
    for pattern, key, wording, largest in _ASKS:  # "which is the biggest and which is closest to the subway?": each
        if pattern.search(text) and not (key == "min_to_subway" and DROPPED_TRANSIT.search(text)):
            known = [m for m in among if _ask_value(m["row_preview"], key) is not None]
            if not known:
                continue
            best = (max if largest else min)(known, key=lambda m: _ask_value(m["row_preview"], key) or 0.0)
            spanish = lang == "es" and (key, largest) in _ASKS_ES
            value = _ask_value(best["row_preview"], key)
            said = (_ASKS_ES[(key, largest)] if spanish else wording).format(value=value)
            tied = [m for m in known if _ask_value(m["row_preview"], key) == value]
            if key == "sqft":  # a tie in size: the one nearer the subway, then the cheaper, is the one "book it" means
                best = min(tied, key=lambda m: (m["row_preview"].get("min_to_subway") or 99,
                                                m["row_preview"].get("rent") or 0))
            joined = " y " if spanish else " and "
            tied_units = joined.join(f"#{shown.index(m) + 1} {m['row_preview']['address']} ({m['id']})" for m in tied)
            # a tie is said: "the bigger / cheaper of those two" then picks between the units named
            rent = best["row_preview"].get("rent")
            # "how much a month is the cheapest per foot?": the pick, and what it costs
            cost = (f", ${rent:,.0f} a month" if rent and key != "rent" and _HOW_MUCH.search(text) and len(tied) == 1
                    else "")
            if spanish:
                answers.append((f"De esos, {tied_units} {'empatan como' if len(tied) > 1 else 'es'} {said}{cost}.",
                                best["id"]))
            else:
                answers.append((f"Of those, {tied_units} {'are' if len(tied) > 1 else 'is'} {said}"
                                f"{', a tie' if len(tied) > 1 else ''}{cost}.", best["id"]))
    pets = _pets_said(shown) if _PETS_Q.search(text) else None
    if answers:
        if SUBWAY_LINE.search(text) and lang != "es":  # "the shortest walk to the L": the data has no lines
            answers.append(("The listings give minutes to the nearest subway station, not which lines stop there.",
                            answers[0][1]))
        if pets:  # "which has the most space? and do any of them take dogs": both parts
            answers.append(pets)
        return "\n".join(a for a, _ in answers), answers[0][1]
    if pets:
        return pets
    lowered = text.lower()
    amenities_asked = [amenity for amenity, said in _RESULT_AMENITIES if re.search(said, lowered)]
    if len(amenities_asked) > 1 and not re.search(r"\bor\b", lowered):  # "which ones have both the dishwasher and w/d"
        having = [m for m in shown if all(_lists(m["row_preview"].get("amenities", []), a) for a in amenities_asked)]
        if not having:
            return f"None of those lists {' and '.join(amenities_asked)} together.", shown[0]["id"]
        fitting = [m for m in having if (m.get("score") or 0) >= 100]
        said = f"With {' and '.join(amenities_asked)}: " + ", ".join(f"#{shown.index(m) + 1} {m['id']}"
                                                           for m in fitting or having)
        if fitting and len(fitting) < len(having):  # the full matches first; the others miss something else
            said += " (the full matches); also " + ", ".join(f"#{shown.index(m) + 1} {m['id']}" for m in having
                                                             if m not in fitting) + ", which miss another criterion"
        return said + ".", (fitting or having)[0]["id"]
    if len(amenities_asked) > 1 and lang != "es":  # "does either have a dishwasher or laundry in unit": each one
        lines = []
        for amenity in amenities_asked:
            have = [f"#{shown.index(m) + 1} {m['id']}" for m in shown if _lists(m["row_preview"].get("amenities", []),
                                                                               amenity)]
            lines.append(f"With {_a(amenity)}: {', '.join(have)}." if have else f"None of those lists {_a(amenity)}.")
        having = [m for m in shown if any(_lists(m["row_preview"].get("amenities", []), a) for a in amenities_asked)]
        return " ".join(lines), (having or shown)[0]["id"]
    for amenity, said in _RESULT_AMENITIES:
        if re.search(said, lowered):
            have = [f"#{i} {m['id']}" for i, m in enumerate(shown, start=1)
                    if any(amenity.split()[0] in a for a in m["row_preview"].get("amenities", []))]
            label = "No broker fee" if amenity == "no fee" else f"With a {amenity}"
            if not have:
                none = (f"Ninguno de esos indica {_AMENITY_ES.get(amenity, amenity)}." if lang == "es" else
                        f"None of those lists {'no fee' if amenity == 'no fee' else _a(amenity)}.")
                low = [m for m in shown if amenity == "elevator" and str(m["row_preview"].get("floor") or "") in
                       ("0", "1", "G", "g")]
                if low:  # stairs are the worry: a ground-floor unit needs none
                    units = ", ".join(f"#{shown.index(m) + 1} {m['id']}" for m in low)
                    none += (f" En planta baja o primer piso (sin escaleras o casi): {units}; confírmelo en la visita."
                             if lang == "es" else f" On the ground or first floor (few or no stairs): {units}; check "
                             "the entrance on the tour.")
                return none, (low or shown)[0]["id"]
            return f"{label}: {', '.join(have)}.", shown[int(have[0].split()[0][1:]) - 1]["id"]
    return None
