"""Reading a rental conversation: Canadian places (which send a search to REALTOR.CA), narrowing and sorting
follow-ups ("only 1 bathroom", "cheapest first"), and a viewing preference ("weekday evenings 6–8pm")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

# alias -> (search area as pyRealtor is given it, IANA time zone). Provinces are ambiguous: a city is asked for.
CITIES: dict[str, tuple[str, str]] = {
    "vancouver": ("Vancouver", "America/Vancouver"),
    "city of vancouver": ("City of Vancouver", "America/Vancouver"),
    "metro vancouver": ("Metro Vancouver", "America/Vancouver"),
    "greater vancouver": ("Metro Vancouver", "America/Vancouver"),
    "north vancouver": ("North Vancouver", "America/Vancouver"),
    "burnaby": ("Burnaby", "America/Vancouver"),
    "surrey": ("Surrey", "America/Vancouver"),
    "richmond, bc": ("Richmond", "America/Vancouver"),
    "richmond bc": ("Richmond", "America/Vancouver"),
    "victoria, bc": ("Victoria", "America/Vancouver"),
    "victoria bc": ("Victoria", "America/Vancouver"),
    "kelowna": ("Kelowna", "America/Vancouver"),
    "toronto": ("Toronto", "America/Toronto"),
    "gta": ("Toronto", "America/Toronto"),
    "scarborough": ("Scarborough", "America/Toronto"),
    "mississauga": ("Mississauga", "America/Toronto"),
    "brampton": ("Brampton", "America/Toronto"),
    "markham": ("Markham", "America/Toronto"),
    "hamilton": ("Hamilton", "America/Toronto"),
    "ottawa": ("Ottawa", "America/Toronto"),
    "kitchener": ("Kitchener", "America/Toronto"),
    "waterloo": ("Waterloo", "America/Toronto"),
    "brantford": ("Brantford", "America/Toronto"),
    "st. catharines": ("St. Catharines", "America/Toronto"),
    "st catharines": ("St. Catharines", "America/Toronto"),
    # the other Ontario cities of the recorded sample (data/realtor_ca), so a search there is not sent to Toronto
    "guelph": ("Guelph", "America/Toronto"),
    "richmond hill": ("Richmond Hill", "America/Toronto"),
    "vaughan": ("Vaughan", "America/Toronto"),
    "burlington": ("Burlington", "America/Toronto"),
    "oakville": ("Oakville", "America/Toronto"),
    "whitby": ("Whitby", "America/Toronto"),
    "newmarket": ("Newmarket", "America/Toronto"),
    "oshawa": ("Oshawa", "America/Toronto"),
    "aurora, on": ("Aurora", "America/Toronto"),
    "caledon": ("Caledon", "America/Toronto"),
    "ajax": ("Ajax", "America/Toronto"),
    "pickering": ("Pickering", "America/Toronto"),
    "stoney creek": ("Stoney Creek", "America/Toronto"),
    "cambridge, on": ("Cambridge", "America/Toronto"),
    "halton hills": ("Halton Hills", "America/Toronto"),
    "niagara-on-the-lake": ("Niagara-on-the-Lake", "America/Toronto"),
    "montreal": ("Montreal", "America/Toronto"),
    "montréal": ("Montreal", "America/Toronto"),
    "quebec city": ("Quebec City", "America/Toronto"),
    "calgary": ("Calgary", "America/Edmonton"),
    "edmonton": ("Edmonton", "America/Edmonton"),
    "winnipeg": ("Winnipeg", "America/Winnipeg"),
    "halifax": ("Halifax", "America/Halifax"),
}
PROVINCES: dict[str, tuple[str, list[str], str]] = {
    "ontario": ("Ontario", ["Toronto", "Ottawa", "Hamilton", "Mississauga"], "America/Toronto"),
    "british columbia": ("British Columbia", ["City of Vancouver", "Metro Vancouver", "Victoria", "Kelowna"],
                         "America/Vancouver"),
    "b.c.": ("British Columbia", ["City of Vancouver", "Metro Vancouver", "Victoria", "Kelowna"],
             "America/Vancouver"),
    "bc": ("British Columbia", ["City of Vancouver", "Metro Vancouver", "Victoria", "Kelowna"],
           "America/Vancouver"),
    "alberta": ("Alberta", ["Calgary", "Edmonton"], "America/Edmonton"),
    "quebec": ("Quebec", ["Montreal", "Quebec City"], "America/Toronto"),
}
DEFAULT_TZ = "America/Toronto"
_REALTOR = re.compile(r"\brealtor\.?\s?ca\b", re.I)
_CANADA = re.compile(r"\bcanada\b", re.I)


def _alias_pattern(names: list[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w])", re.I)


_CITY = _alias_pattern(list(CITIES))
_PROVINCE = _alias_pattern(list(PROVINCES))


@dataclass(frozen=True)
class CanadianPlace:
    """Where a Canadian search goes: the area, its time zone, and the cities to offer when it is a province."""

    area: str
    tz: str
    choices: list[str] = field(default_factory=list)  # non-empty: ambiguous (a province), ask which city
    explicit_source: bool = False  # "on REALTOR.CA"


def city_tz(area: str) -> str:
    """The time zone of a search area (the province's, else Toronto's)."""
    key = area.lower()
    if key in CITIES:
        return CITIES[key][1]
    for alias, (_name, _choices, tz) in PROVINCES.items():
        if alias in key:
            return tz
    return DEFAULT_TZ


@lru_cache(maxsize=1)
def _new_york_hoods() -> frozenset[str]:
    from data.sources.nyc import load_inventory  # the neighbourhood names, read once

    return frozenset(str(h).lower() for h in load_inventory().frame["neighborhood"].dropna().unique())


def in_new_york_name(text: str, word: str) -> bool:
    """Whether a Canadian city's name is said as part of a New York neighbourhood's ("hamilton heights")."""
    return any(word.lower() in hood.split() and hood != word.lower() and hood in text.lower()
               for hood in _new_york_hoods())


_ORIGIN = re.compile(r"\b(?:from|live in|living in|based in|currently in|moving from|relocating from|leaving)\s+$",
                     re.I)


def canadian_place(text: str) -> CanadianPlace | None:
    """The Canadian place a message names (or "on REALTOR.CA" / "in Canada" without one), else None."""
    explicit = bool(_REALTOR.search(text))
    # "hamilton heights", "windsor terrace", "richmond hill": New York places, not the cities
    cities = [c for c in _CITY.finditer(text) if explicit or not in_new_york_name(text, c.group(0))]
    # "hi from Mississauga … a house in Hamilton": the place searched, not the one the person comes from
    targets = [c for c in cities if not _ORIGIN.search(text[max(0, c.start() - 30):c.start()])]
    city = next(iter(targets or cities), None)
    if city:
        area, tz = CITIES[city.group(0).lower()]
        return CanadianPlace(area=area, tz=tz, explicit_source=explicit)
    province = _PROVINCE.search(text)
    if province and (province.group(0).lower() not in ("bc",) or explicit or _CANADA.search(text)
                     or re.search(r"\bin bc\b", text, re.I)):
        name, choices, tz = PROVINCES[province.group(0).lower()]
        return CanadianPlace(area=name, tz=tz, choices=choices, explicit_source=explicit)
    if explicit or _CANADA.search(text):
        return CanadianPlace(area="Canada", tz=DEFAULT_TZ, choices=["Vancouver", "Toronto", "Montreal", "Calgary"],
                             explicit_source=explicit)
    return None


# ---- narrowing and sorting follow-ups (filter_listings) ----

_NUM = r"\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?"
_ONLY = r"(?:only|just|exactly)"
_BATHS = re.compile(rf"(?:(?P<only>{_ONLY})\s+)?(?:(?P<min>at least|min(?:imum)?|(?:no )?more than)\s+)?"
                    r"(?P<n>\d+(?:\.5)?)\s*\+?\s*(?:ba|baths?|bathrooms?)\b(?:\s+(?P<only2>only))?"
                    r"(?:\s+(?P<plus>or more|plus))?", re.I)
_BEDS = re.compile(rf"(?:(?P<only>{_ONLY})\s+)?(?:(?P<min>at least|min(?:imum)?)\s+)?"
                   r"(?P<n>\d+)\s*\+?\s*(?:br|bd|beds?|bedrooms?)\b(?:\s+(?P<only2>only))?"
                   r"(?:\s+(?P<plus>or more|plus))?", re.I)
_RENT_MAX = re.compile(rf"\b(?:under|below|less than|max(?:imum)?|up to|at most|cheaper than|no more than)\s+{_NUM}"
                       r"(?!\s*(?:sq|sf|square))", re.I)
_RENT_MIN = re.compile(rf"\b(?:over|above|more than|at least|min(?:imum)?|from)\s+{_NUM}"
                       r"(?!\s*(?:sq|sf|square|ba|bed|br))", re.I)
_SQFT_MIN = re.compile(rf"\b(?:at least|over|more than|min(?:imum)?|bigger than|larger than)\s+{_NUM}\s*"
                       r"(?:sq\.?\s?ft|sqft|sf|square feet)", re.I)
_SQFT_MAX = re.compile(rf"\b(?:under|below|less than|max(?:imum)?|smaller than|up to)\s+{_NUM}\s*"
                       r"(?:sq\.?\s?ft|sqft|sf|square feet)", re.I)
SORTS: tuple[tuple[re.Pattern[str], str, bool], ...] = (
    (re.compile(r"\b(?:cheapest|lowest (?:price|rent)|least expensive)\b(?: first)?|\bsort\w* (?:\w+ )?by "
                r"(?:price|rent)(?: ascending| low to high)?\b|\bprice,? low to high\b", re.I), "price", True),
    (re.compile(r"\b(?:most expensive|highest (?:price|rent)|priciest)\b|\bprice,? high to low\b|"
                r"\bsort\w* (?:\w+ )?by (?:price|rent) descending\b", re.I), "price", False),
    (re.compile(r"\b(?:largest|biggest)\b(?: first)?|\bsort\w* (?:\w+ )?by (?:size|sqft|square feet)\b", re.I),
     "sqft", False),
    (re.compile(r"\b(?:smallest)\b(?: first)?", re.I), "sqft", True),
    (re.compile(r"\bmost bedrooms\b|\bsort\w* (?:\w+ )?by bedrooms?\b", re.I), "bedrooms", False),
    (re.compile(r"\bmost bathrooms\b|\bsort\w* (?:\w+ )?by bathrooms?\b", re.I), "bathrooms", False),
    (re.compile(r"\bsort\w* (?:\w+ )?by address\b|\balphabetical\w*\b", re.I), "address", True),
)


def _amount(number: str, k: str | None) -> float:
    value = float(number.replace(",", ""))
    return value * 1000 if k else value


def narrowing(text: str) -> tuple[dict[str, float], str | None, bool] | None:
    """(criteria, sort_by, ascending) of a follow-up that narrows or sorts the list shown, or None."""
    criteria: dict[str, float] = {}
    work = text
    for pattern, low, high in ((_SQFT_MIN, "min_sqft", None), (_SQFT_MAX, None, "max_sqft")):
        m = pattern.search(work)
        if m:
            criteria[low or high or ""] = _amount(m.group(1), m.group(2))
            work = work[:m.start()] + " " + work[m.end():]
    for pattern, low, high in ((_BATHS, "min_bathrooms", "max_bathrooms"), (_BEDS, "min_bedrooms", "max_bedrooms")):
        m = pattern.search(work)
        if m:
            n = float(m.group("n"))
            criteria[low] = n
            if (m.group("only") or m.group("only2")) and not (m.group("min") or m.group("plus")):
                criteria[high] = n
            work = work[:m.start()] + " " + work[m.end():]
    m = _RENT_MAX.search(work)
    if m:
        criteria["rent_max"] = _amount(m.group(1), m.group(2))
    m = _RENT_MIN.search(work)
    if m:
        criteria["rent_min"] = _amount(m.group(1), m.group(2))
    sort_by, ascending = None, True
    for pattern, key, asc in SORTS:
        if pattern.search(text):
            sort_by, ascending = key, asc
            break
    if not criteria and sort_by is None:
        return None
    return criteria, sort_by, ascending


# ---- viewing preference ----

DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = re.compile(r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?s?\b", re.I)
_RANGE = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to|until|till)\s*(\d{1,2})(?::(\d{2}))?\s*"
                    r"(am|pm)?\b", re.I)
_AT = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b", re.I)
PARTS = {"morning": ((9, 0), (12, 0)), "afternoon": ((13, 0), (17, 0)), "evening": ((18, 0), (20, 0)),
         "night": ((18, 0), (21, 0)), "lunch": ((12, 0), (13, 0))}


@dataclass(frozen=True)
class Preference:
    """When viewings suit: weekdays (0 = Monday) and a daily window."""

    days: tuple[int, ...]
    start: tuple[int, int]
    end: tuple[int, int]
    text: str

    def describe(self) -> str:
        """e.g. 'weekdays 18:00–20:00'."""
        if self.days == (0, 1, 2, 3, 4):
            days = "weekdays"
        elif self.days == (5, 6):
            days = "weekends"
        elif len(self.days) == 7:
            days = "any day"
        else:
            days = ", ".join(DAY_NAMES[d].title() for d in self.days)
        return f"{days} {self.start[0]:02d}:{self.start[1]:02d}–{self.end[0]:02d}:{self.end[1]:02d}"


def _hour(hour: int, meridiem: str | None, *, evening: bool) -> int:
    if meridiem:
        if meridiem.lower() == "pm" and hour < 12:
            return hour + 12
        if meridiem.lower() == "am" and hour == 12:
            return 0
        return hour
    return hour + 12 if (evening or hour < 8) and hour < 12 else hour


def viewing_preference(text: str) -> Preference:
    """'weekday evenings 6–8pm' -> Mon–Fri, 18:00–20:00. Unstated days: any day; unstated hours: 10:00–18:00."""
    low = text.lower()
    days: set[int] = set()
    if re.search(r"\bweekdays?\b|\bworkdays?\b|\bmon(?:day)?\s*(?:-|–|to)\s*fri(?:day)?\b", low):
        days.update(range(5))
    if re.search(r"\bweekends?\b", low):
        days.update((5, 6))
    for m in _DAY.finditer(low):
        key = m.group(1)[:3]
        days.add([d[:3] for d in DAY_NAMES].index(key))
    part = next((p for p in PARTS if p in low), None)
    evening = part in ("evening", "night")
    start, end = PARTS[part] if part else ((10, 0), (18, 0))
    span = _RANGE.search(low)
    if span:
        meridiem_end = span.group(6)
        meridiem_start = span.group(3) or meridiem_end
        h1 = _hour(int(span.group(1)), meridiem_start, evening=evening)
        h2 = _hour(int(span.group(4)), meridiem_end, evening=evening)
        if h2 > h1:
            start, end = (h1, int(span.group(2) or 0)), (h2, int(span.group(5) or 0))
    else:
        at = _AT.search(low)
        if at:
            h = _hour(int(at.group(1)), at.group(3), evening=evening)
            start, end = (h, int(at.group(2) or 0)), (min(h + 2, 23), int(at.group(2) or 0))
    return Preference(days=tuple(sorted(days)) or tuple(range(7)), start=start, end=end, text=text.strip())


def rental_filters(spec: Any, area: str) -> dict[str, Any]:
    """Spec §4.1 filters from a parsed SearchSpec and the search area (min_bedrooms 0 when unstated: any)."""
    filters: dict[str, Any] = {"location": area, "min_bedrooms": spec.min_bedrooms or 0, "listing_type": "for_rent"}
    if spec.max_bedrooms is not None:
        filters["max_bedrooms"] = spec.max_bedrooms
    if spec.min_bathrooms is not None:
        filters["min_bathrooms"] = spec.min_bathrooms
    if spec.min_sqft is not None:
        filters["min_sqft"] = spec.min_sqft
    if spec.max_sqft is not None:
        filters["max_sqft"] = spec.max_sqft
    if spec.budget_min is not None:
        filters["rent_min"] = spec.budget_min
    if spec.budget_max is not None:
        filters["rent_max"] = spec.budget_max
    return filters


# An MLS number ("MLS E4067943", "mls# x3959570", a bare "X3959570"): that REALTOR.CA listing, looked up
MLS_NUMBER = re.compile(r"\bmls\b\W{0,3}(?:no\.?\s*|number\s*)?([a-z]\d{7})\b|\b((?-i:[A-Z])\d{7})\b", re.I)
# What the REALTOR.CA records hold only in words: the listings whose description or amenities say it
FEATURES = {"parking": re.compile(r"\bparking\b|\bgarage\b|\bdriveway\b|\bstationnement\b", re.I)}
# A follow-up that goes on with the search shown ("2600 CAD yes. also i need parking", "3 bed instead")
_GOES_ON = re.compile(r"\b(?:cad|c\$|also|need|must|only|instead|with|without|budget|bed(?:room)?s?|baths?|"
                      r"cheaper|bigger|under|below|max)\b", re.I)


def feature_asked(text: str) -> str | None:
    """The feature a message asks for that only a listing's words can tell ("i have a car so i need parking")."""
    return next((name for name, pattern in FEATURES.items() if pattern.search(text)), None)


def with_feature(listings: list[dict[str, Any]], feature: str) -> list[dict[str, Any]]:
    """The listings whose description, amenities or title say the feature."""
    return [x for x in listings if FEATURES[feature].search(" ".join(
        str(x.get(k) or "") for k in ("description", "ammenities", "title")))]


def rental_request(text: str, rental: dict[str, Any] | None, *, other_results: bool) -> dict[str, Any] | None:
    """What a message asks of the rental flow, or None: a listing by its MLS number, a new search (a Canadian place,
    "on REALTOR.CA"), or a narrowing / sorting of the REALTOR.CA list shown (not when another search's results
    came since). A follow-up that names no place goes on with the REALTOR.CA search (the needs node sends one that
    names a New York place to the NYC inventory)."""
    mls = MLS_NUMBER.search(text)
    if mls:
        return {"kind": "lookup", "mls": (mls.group(1) or mls.group(2)).upper(), "text": text}
    place = canadian_place(text)
    if place is not None:
        return {"kind": "search", "area": place.area, "tz": place.tz, "choices": place.choices, "text": text}
    if not rental or other_results:
        return None
    if rental.get("listings") and VIEW_Q.search(text):
        ids = viewing_pick(text, rental["listings"])
        if ids:
            return {"kind": "view", "ids": ids, "text": text}
    if rental.get("listings"):
        wanted = narrowing(text)
        if wanted is not None:
            criteria, sort_by, ascending = wanted
            return {"kind": "narrow", "criteria": criteria, "sort_by": sort_by, "ascending": ascending, "text": text}
        if feature_asked(text) or _GOES_ON.search(text):  # said only in the listings' words, or not at all
            return {"kind": "narrow", "criteria": {}, "sort_by": None, "ascending": True, "text": text}
    elif rental.get("filters"):
        # Nothing matched last time: a changed bound ("under $3,500") or a dropped one ("drop the maximum rent",
        # as the relaxations offer) searches again with the stored filters changed.
        dropped = [DROPS[(m.group(1).lower(), m.group(2).lower())] for m in _DROP.finditer(text)]
        wanted = narrowing(text)
        if dropped or (wanted is not None and wanted[0]) or _AGAIN.search(text) or feature_asked(text) \
                or _GOES_ON.search(text):
            return {"kind": "research", "criteria": wanted[0] if wanted else {}, "drop": dropped, "text": text}
    if rental.get("filters"):
        # "is 1800 even realistic for the plateau?": still the Canadian search, which can only say what it holds
        return {"kind": "about", "text": text}
    return None


# A visit asked for in words after a REALTOR.CA list ("can I go see 22 arbutus cres saturday?", "book a viewing of
# the cheapest one"): the listing is resolved here, the day and hours by viewing_preference.
VIEW_Q = re.compile(r"\b(?:see|view|viewing|viewings|visit|tour|showing|look at|go (?:and )?see|book|schedule)\b|"
                    r"\b(?:ver|visitar|visita)\b", re.I)
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
             "5th": 5, "last": -1}
_ORDINAL = re.compile(r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\b(?!\s+(?:time|"
                      r"week|day))|(?:#|\bnumber\s+|\bno\.?\s*)([1-9])\b", re.I)
_CHEAPEST = re.compile(r"\b(?:cheapest|least expensive|lowest(?:[- ]priced)?)\b", re.I)
_DEAREST = re.compile(r"\b(?:most expensive|priciest|highest[- ]priced)\b", re.I)


def _price(listing: dict[str, Any]) -> float:
    return float(listing.get("asking_price") or listing["price"])


_STREET_KIND = r"(?:st|street|rd|road|ave|avenue|dr|drive|cres|crescent|blvd|way|ct|court|pl|place|lane|ln)\b"


def viewing_pick(text: str, listings: list[dict[str, Any]]) -> list[str]:
    """The ids of the listings a message names: by MLS number, street address ("22 arbutus cres", or a street name
    only one listing has), place in the list ("the second one", "#3"), or price ("the cheapest"). A home listed
    twice under two MLS numbers is picked once."""
    low = text.lower()
    picked: list[dict[str, Any]] = [x for x in listings if re.search(rf"\b{re.escape(x['id'].lower())}\b", low)]
    for x in listings:
        street = x["address"].split(",")[0].lower().split()
        if len(street) >= 2 and street[0][:1].isdigit():
            number, name = street[0], next((w for w in street[1:] if len(w) > 2), street[1])
            if re.search(rf"\b{re.escape(number)}\s+{re.escape(name)}", low):
                picked.append(x)
    if not picked:
        named = [x for x in listings if any(
            (len(w) > 3 and re.search(rf"\b{re.escape(w)}\b", low))
            or (len(w) == 3 and re.search(rf"\b{re.escape(w)}\s+{_STREET_KIND}", low))  # "the oak st one"
            for w in x["address"].split(",")[0].lower().split()[1:2])]
        if len({x["address"] for x in named}) == 1:
            picked = named
    if not picked:
        for m in _ORDINAL.finditer(text):
            n = _ORDINALS[m.group(1).lower()] if m.group(1) else int(m.group(2))
            if -1 <= n <= len(listings) and n != 0:
                picked.append(listings[n - 1] if n > 0 else listings[-1])
    if not picked and listings and _CHEAPEST.search(text):
        picked = [min(listings, key=_price)]
    if not picked and listings and _DEAREST.search(text):
        picked = [max(listings, key=_price)]
    out: list[dict[str, Any]] = []
    for x in picked:
        if not any(y["id"] == x["id"] or (y["address"] == x["address"] and y["price"] == x["price"]) for y in out):
            out.append(x)
    return [x["id"] for x in out]


def viewing_asked(text: str, rental: dict[str, Any] | None, other_results: bool) -> bool:
    """Whether a message asks to visit a REALTOR.CA listing of the list shown (and names which)."""
    return bool(rental and rental.get("listings") and not other_results and VIEW_Q.search(text)
                and viewing_pick(text, rental["listings"]))


_AGAIN = re.compile(r"\b(?:search|try|look) again\b|\bretry\b", re.I)
_DROP = re.compile(r"\b(?:drop|remove|forget|no|without)\s+(?:the\s+)?(min(?:imum)?|max(?:imum)?)\s+"
                   r"(rent|bedrooms?|bathrooms?|sqft|size)\b", re.I)
DROPS = {(end, field): name
         for end_words, field_words, name in (
             (("min", "minimum"), ("rent",), "rent_min"), (("max", "maximum"), ("rent",), "rent_max"),
             (("min", "minimum"), ("bedroom", "bedrooms"), "min_bedrooms"),
             (("max", "maximum"), ("bedroom", "bedrooms"), "max_bedrooms"),
             (("min", "minimum"), ("bathroom", "bathrooms"), "min_bathrooms"),
             (("max", "maximum"), ("bathroom", "bathrooms"), "max_bathrooms"),
             (("min", "minimum"), ("sqft", "size"), "min_sqft"), (("max", "maximum"), ("sqft", "size"), "max_sqft"))
         for end in end_words for field in field_words}
