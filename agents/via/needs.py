"""NeedsAgent: a message -> SearchSpec, deterministically (a model may help when configured).

Order matters: sizes and $/SF rates are read (and blanked) first, so their numbers are not taken for a budget;
then money, bedrooms, term, amenities (must vs nice by the cue words of their clause), places, kind, use case
and timeline. A request with neither place nor budget is 'underconstrained' and gets ONE clarifying question.
"""

from __future__ import annotations

import logging
import re
import time
from functools import lru_cache
from typing import Any

import numpy as np
from langchain_core.messages import HumanMessage
from rapidfuzz import fuzz, process

from agents.cues import ABOUT_A_UNIT, SF_PER_PERSON, UNIT_ID, shown_by_address
from agents.i18n import localized_notes
from agents.i18n import phrase as i18n_phrase
from agents.prompts import SPEC_PROMPT
from agents.state import AgentState
from agents.textnum import amount, spanish_amounts, words_to_digits
from agents.via.area_stats import (
    AVERAGE_Q,
    DISTANCE_Q,
    LIST_PRICE_Q,
    OVERALL_Q,
    PREMIUM_Q,
    amenity_premium,
    compare_areas,
    distance_answer,
    list_price,
    overall_rates,
)
from agents.via.fair_housing import PROTECTED_MESSAGE, guard_spec, protected_request
from agents.via.figures import asks_figures, asks_shares, describe, money_compared, people_said, with_me
from agents.via.listing_draft import draft_asked, listing_draft
from agents.via.match_rank import DEEPER, match, preview
from agents.via.pairs import JOINED, combined, pair_named
from agents.via.referents import suite_named, units_meant
from agents.via.refine import (
    BETWEEN,
    COMPARE_PAIR,
    DETAILS_Q,
    DROP,
    DROPPED_TRANSIT,
    INSTEAD_OF,
    ORDERS,
    THAT_BUILDING,
    UNHELD_LANGS,
    _pick,
    answer_about_results,
    answer_each,
    asks_over_the_set,
    best_in_building,
    beyond_shown,
    changes,
    data_age,
    edit_search,
    is_edit,
    others_listing,
    required_note,
    size_restated,
    stated_order,
    unheld_notes,
    unit_details,
    unit_named,
    without_referents,
    yearly_budget,
)
from agents.via.rental_text import rental_request
from agents.via.suites import COMBINE, describe_pairs, suite_pairs
from agents.via.unit_facts import comparison
from agents.via.vocab import (
    AMBIGUOUS_PLACES,
    AMENITY_PHRASES,
    ARABIC_GLOSSARY,
    LANDMARKS,
    LOCATION_ALIASES,
    MUST_CUES,
    NICE_CUES,
    SPANISH_GLOSSARY,
    SPANISH_MARKERS,
    WISHES_NOT_HELD,
    WORKPLACE_CONFIDENCE,
    place_title,
)
from contracts.search import Budget, SearchSpec
from data.places import normalize_street
from data.sources.nyc import load_inventory

log = logging.getLogger(__name__)

SQM_TO_SQFT = 10.7639
NUM = r"(\d[\d,]*(?:\.\d+)?)"
SIZE_UNIT = r"(sf|sq\.? ?ft\.?|square[- ]f(?:ee|oo)t|sqft|rsf|usf|sqm|sq\.? ?m\b|m2|m²|square met(?:er|re)s?)"
_K = r"(k|m|mm|thousand|grand|million)?"

_SIZE_RANGE = re.compile(rf"(?:between\s+)?~?{NUM}\s*(k)?\s*{SIZE_UNIT}?\s*(?:-|to|and)\s*~?{NUM}\s*(k)?\s*{SIZE_UNIT}",
                         re.I)
_SIZE = re.compile(rf"~?{NUM}\s*(k)?\s*\+?\s*{SIZE_UNIT}", re.I)
_MIN_WORDS = re.compile(r"(at least|min(imum)?( of)?|(?<!not )(?<!nothing )(?<!no )over|(?<!no )(?<!nothing )(?<!not )"
                        r"more than|\bfrom|"
                        r"no (less|smaller) than|>|≥)\s*$", re.I)
_MIN_AFTER = re.compile(r"^\s*(\+|or (more|larger|bigger|above|greater)|min(imum)?\b|plus\b|and up|at least\b)", re.I)
_MAX_WORDS = re.compile(r"(no more than|no (bigger|larger) than|max(imum)?( of)?|under|up to|at most|less than|"
                        r"not (?:over|above|more than|bigger than|larger than)|nothing (?:over|above|bigger than)|"
                        r"below|<|≤)\s*$", re.I)
# "about 15k sf give or take 1k": that size, plus or minus the margin said
_MARGIN = rf"(?:give or take|plus or minus|\+/-|±)\s*{NUM}\s*(k)?"
_GIVE_OR_TAKE = re.compile(rf"^\s*,?\s*{_MARGIN}\b", re.I)
# ... or said apart from any size ("around that size (give or take 1000 SF)")
_ANY_MARGIN = re.compile(rf"{_MARGIN}\s*(?:sf|sq|square)?", re.I)
_ISH_AFTER = re.compile(r"^\s*(?:-?ish\b|or so\b)", re.I)
APPROX_SIZE = (0.8, 1.25)  # "about 2,000 SF" reads as 1,600-2,500 SF
_MAX_AFTER = re.compile(r"^\s*(or (less|smaller|under|below)|max(imum)?\b(?!\s*(?:\$|\d))|tops\b|at most)", re.I)

_RATE = re.compile(rf"\$?\s*{NUM}\s*(?:(?:dollars?|bucks)\s*)?(?:/|per|a|an)\s*"
                   rf"(?:sf|sq\.? ?ft|square foot|sqft|rsf|foot|ft)\b"
                   rf"(?:\s*(?:/|per)\s*(?:yr|year|annum))?|\$?\s*{NUM}\s*psf\b", re.I)
_MONEY = re.compile(
    r"(?P<cur>\$|usd\s*)?(?P<a>\d[\d,]*(?:\.\d+)?)\s*(?P<ka>k|m|mm|thousand|grand|million)?\b"
    r"(?:\s*(?:-|to|and|–)\s*(?P<cur2>\$)?(?P<b>\d[\d,]*(?:\.\d+)?)\s*(?P<kb>k|m|mm|thousand|grand|million)?\b)?"
    r"(?P<per>\s*(?:/|per|a|an|each)\s*(?:mo|month|yr|year|annum)\b|\s*(?:monthly|annually|yearly|"
    r"per annum)\b)?",
    re.I,
)
_BUDGET_BEFORE = re.compile(r"(under|below|less than|max(imum)?|up to|no more than|at most|<|budget( of| is)?( \w+)?|"
                            r"can (spend|do|afford|pay)( up to)?|spend|pay|around|about|approx(imately)?|~|roughly|"
                            r"between|from|for|at|rent( of)?|\bof)\s*$", re.I)
_BUDGET_AFTER = re.compile(r"^\s*(?:total\b|(total |monthly |all[- ]in )?(budget|max\b|maximum|tops|or less|a month|"
                           r"per month|/\s*mo|rent\b))", re.I)
_MAX_MONEY_BEFORE = re.compile(r"(can'?t|cannot|won'?t|will not|not|don'?t want to|unable to|never)\s+"
                               r"(go|spend|pay|be)?\s*(over|above|more than|beyond|exceed|past)\s*$"
                               r"|no (higher|more) than\s*$", re.I)
_MIN_MONEY_BEFORE = re.compile(r"(at least|min(imum)?|(?<!no )(?<!nothing )(?<!not )more than|over|from|"
                               r"starting at)\s*$", re.I)
_APPROX_BEFORE = re.compile(r"(around|about|approx(imately)?|~|roughly)\s*$", re.I)

_BEDS = re.compile(r"(\d+(?:\.5)?)\s*(\+)?\s*-?\s*(?:brs?|bds?|bdr|bdrm|bdrms|beds?|bedrooms?|bed ?rooms?)\b", re.I)
_BEDS_OR = re.compile(r"(\d+|studio)\s*(?:or|-|to)\s*(\d+)\s*-?\s*(?:br|bd|bdrm|beds?|bedrooms?)\b", re.I)
_STUDIO = re.compile(r"\bstudios?\b(?!\s+(?:space|de|of)\b)", re.I)  # "estudio de arquitectura": a firm
# A building's number before its street ("345 7th ave", "99 university place", "53 pearl st")
_ADDRESS_AFTER = re.compile(r"\s*(?:(?:e|w|n|s|east|west|north|south)\.?\s+)?(?:\d{1,3}(?:st|nd|rd|th)|[a-z]+)\s+"
                            r"(?:ave|avenue|st|street|blvd|boulevard|pl|place|rd|road|plaza|sq|square|way|lane)\b|"
                            r"\s*broadway\b", re.I)
_STUDIO_USE = re.compile(r"\b(creative|art|artist|photo|photography|recording|yoga|dance|design|music|film|"
                         r"podcast|pilates|tattoo|architecture|architectural)\s+studio|\bstudio (?:de|of) \w+", re.I)
_BATHS = re.compile(r"(\d+(?:\.5)?)\s*(\+)?\s*-?\s*(?:full\s+)?(?:ba|baths?|bathrooms?)\b", re.I)
# The home the person has now ("selling our 3 bedroom house in westchester", "we currently have a 1br in astoria",
# "moving from toronto"): its rooms and place are background when the message states others for the search
_CURRENT_HOME = re.compile(
    r"\b(?:selling|sold|leaving|moving (?:out of|from)|coming from|relocating from|downsiz\w* from|upgrad\w* from|"
    r"outgr[eo]w\w*|(?:we|i) (?:currently |now )?(?:have|own|live in|rent|are in|am in)|our (?:current|old|existing)|"
    r"my (?:current|old|existing)|currently (?:in|have|live in|renting)|"
    # "our 1br in crown heights won't cut it anymore": the home outgrown, by what is said of it
    r"(?:our|my)(?= [^,.;!?]{0,40}?\b(?:won'?t cut it|(?:is|are|'s) too (?:small|tight|cramped)|not big enough|"
    r"isn'?t big enough|no longer works?)\b))\b"
    r"[^,.;!?]*?(?=[,.;!?]|\s+(?:to|into|and (?:we|i)|but|we want|i want|looking|want|need)\b|$)", re.I)
# Where someone works: not where they search, unless nothing else says where
_WORKPLACE = re.compile(
    r"\b(?:(?:i|we|he|she|they|my (?:husband|wife|partner|gf|bf|boyfriend|girlfriend|spouse|son|daughter)|"
    r"husband|wife|partner)\s+(?:works?|working|commutes?|has (?:a |his |her )?(?:job|office))|"
    r"trabaj(?:a|o|amos|an)|(?:يعمل|تعمل|أعمل|اعمل|نعمل|يشتغل|تشتغل|اشتغل))\s+(?:in|at|near|to|out of|en)\b[^,.;!?،؟]*",
    re.I)
_TERM = re.compile(r"(\d+)\s*-?\s*(months?|mos?|years?|yrs?)(?:\s*-?\s*long)?\s*(?:lease|term|commitment|contract)"
                   r"|(?:lease|term)\s*(?:of|for)?\s*(\d+)\s*-?\s*(months?|years?)"
                   r"|\bfor (\d+) (years?|yrs?|months?)\b", re.I)
_TIMELINE = re.compile(
    r"\b(?:(?:this|next|coming)\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b"
    r"(?:\s+(?:morning|afternoon|evening|night))?(?:\s*(?:at|after|before|around|@)?\s*\d{1,2}(?::\d{2})?\s*"
    r"(?:am|pm)?)?"
    r"|\b(?:today|tomorrow|tonight)\b(?:\s*(?:at|after|around)?\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?"
    r"|\b(?:in|by|from|starting|start of|end of|early|late|mid)\s+(?:january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\b"
    r"|\b(?:within|in|over)\s+(?:the\s+)?(?:next\s+)?\d+\s+(?:days?|weeks?|months?)\b"
    r"|\bnext\s+(?:\d+\s+)?(?:week|weeks|month|months)\b|\bthis weekend\b|\basap\b|\bimmediately\b|\bright away\b",
    re.I,
)
_OFFICE = re.compile(r"\b(office|offices|suites?|commercial|workspace|coworking|co-working|startup|firm|"
                     r"headquarters|hq|showroom|desks?|loft office|retail)\b|/\s*sf|\bpsf\b", re.I)
_HOME = re.compile(r"\b(apartment|apt|apts|condo|home|roommates?|family|place to live|rental|live|bedrooms?|"
                   r"\d\s*br|bath|studio apartment|flat)\b", re.I)
_USE_CASE = re.compile(
    r"\b((?:creative|art|artist|photo|photography|recording|yoga|dance|design|music|film|podcast) studio"
    r"|(?:law|architecture|design|accounting|consulting) (?:firm|practice|office)"
    r"|(?:medical|dental|therapy|doctor'?s) (?:office|practice)|showroom|gallery|retail (?:store|space)|"
    r"restaurant|startup|tech company|agency|nonprofit|non-profit|call center|coworking|classroom|warehouse)\b",
    re.I,
)
_NEGATED = r"(?:no|don'?t need|do not need|without|not|never)\s+(?:a\s+|an\s+|the\s+)?"

@lru_cache(maxsize=1)
def place_names() -> dict[str, str]:
    """Every name or nickname a person may use for a place -> its location token."""
    names = {n.lower(): n.lower() for n in load_inventory().frame["neighborhood"].unique() if n}
    names.update(LOCATION_ALIASES)
    names["stuyvesant town"] = "stuyvesant town"
    return names


@lru_cache(maxsize=1)
def _wider_of() -> dict[str, set[str]]:
    """Neighborhood token -> the words of the wider areas every unit there lies in (its borough and submarket:
    "financial district" -> {"manhattan", "all downtown"}), from the inventory."""
    frame = load_inventory().frame
    out: dict[str, set[str]] = {}
    for hood, borough, market in frame[["neighborhood", "borough", "submarket"]].drop_duplicates().itertuples(
            index=False):
        if hood:
            out.setdefault(str(hood).lower(), set()).add(f"{borough} {market}".lower())
    return out


def _narrowest(location: list[str]) -> list[str]:
    """A place named inside a wider one narrows it: "downtown, FiDi area" is the Financial District, "Chelsea in
    Manhattan" is Chelsea; two places side by side ("Midtown or Williamsburg") both stay."""
    wider = _wider_of()

    def covers(wide: str, narrow: str) -> bool:
        areas = wider.get(narrow) or set()
        return bool(areas) and wide != narrow and all(wide in area for area in areas)

    return [t for t in location if not any(covers(t, other) for other in location)]


def _held(token: str) -> bool:
    """Whether we list anything in a place token: a neighbourhood, a wider area of ours, or a street."""
    return token in _wider_of() or any(token in area for areas in _wider_of().values() for area in areas) \
        or bool(re.search(r"\b(?:st|ave|pl|sq|row)$", token))


_CROSS_STREET = re.compile(r"^[ew] \d{1,3}(?:st|nd|rd|th) st$")
# "West 30s preferred", "ideally the 40s": streets wished for, which rank the district's suites but keep them all
_STREETS_WISHED = re.compile(r"(?:\d0'?s|\d(?:st|nd|rd|th)(?:\s+st(?:reet)?)?)\W+(?:\w+\W+){0,2}?"
                             r"(?:preferred|ideally|if possible|would be nice|is a plus)\b|"
                             r"\b(?:prefer\w*|ideally)\W+(?:\w+\W+){0,3}?(?:\d0'?s|\d{1,3}(?:st|nd|rd|th))\b", re.I)


@lru_cache(maxsize=1)
def _office_streets_in() -> dict[str, frozenset[str]]:
    """Each office location text -> the streets of its addresses ("124 w 36th st" -> "w 36th st")."""
    offices = load_inventory().frame
    offices = offices[offices["kind"] == "office"]
    return {str(text): frozenset(re.sub(r"^\d+[a-z]?(?:-\d+)?\s+", "", a) for a in str(text).split(" | ")[3:])
            for text in offices["loc_text"].unique()}


def _streets_narrow(location: list[str]) -> list[str]:
    """Offices: cross streets said with the district they lie in narrow it ("the garment district (W 35th to W
    39th)"); kept side by side, the district would match every suite in it. A place none of them lies in stays."""
    streets = {t for t in location if _CROSS_STREET.match(t)}
    if not streets:
        return location

    def holds_them(place: str) -> bool:
        return any(place in text and said & streets for text, said in _office_streets_in().items())

    return [t for t in location if t in streets or t not in place_names().values() or not holds_them(t)]


@lru_cache(maxsize=1)
def _place_pattern() -> re.Pattern[str]:
    names = sorted(place_names(), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])", re.I)


_STREET = re.compile(
    r"\b(w|e|west|east)\.?\s+(\d{1,3})(?:(?:st|nd|rd|th)\b(?:\s+(?:st|street|str)\b\.?)?|\s+(?:st|street|str)\b\.?)"
    r"|\b(\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
    r"twelfth|lexington|park|madison|amsterdam|columbus|york|lenox|west end)\s+(ave|avenue|av)\b\.?"
    r"|(?<![\w.])(\d{1,3})(?:st|nd|rd|th)\s+(?:st|street|str)\b\.?",  # "36th st": east or west, both are searched
    re.I,
)


# a landmark, not a building's address ("9 times sq" is a building on it)
LANDMARK = re.compile(r"(?<!\d)(?<!\d )\b(" + "|".join(sorted(map(re.escape, LANDMARKS), key=len, reverse=True)) +
                      r")\b", re.I)


def landmark_note(text: str, spec: SearchSpec) -> str | None:
    """How a landmark in the request was read, said back (the listings have no landmark field)."""
    found = LANDMARK.search(text)
    if found is None:
        return None
    hood, streets = LANDMARKS[found.group(1).lower()]
    place = found.group(1).title()
    if spec.kind == "office":
        numbered = [s for s in streets if re.match(r"[we] \d", s)]
        others = [place_title(s) for s in streets if not re.match(r"[we] \d", s)]
        span = (f"{numbered[0].split()[1]}–{numbered[-1].split()[1]} St" if numbered else "") + (
            (" and " if numbered else "") + ", ".join(others) if others else "")
        return f"Near {place} read as the cross streets within about three blocks ({span}); our listings have " \
               "addresses but no landmarks."
    return f"Near {place} read as {hood.title()} (apartment listings have no street addresses)."


def _ordinal(number: str) -> str:
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _blank(text: str, span: tuple[int, int]) -> str:
    return text[: span[0]] + " " * (span[1] - span[0]) + text[span[1]:]


@lru_cache(maxsize=1)
def _addresses() -> frozenset[str]:
    """The buildings' addresses as the location texts hold them ("345 seventh ave", "124 w 36th st")."""
    return frozenset(part for text in load_inventory().frame["loc_text"].unique()
                     for part in str(text).split(" | ")[3:])


@lru_cache(maxsize=1)
def _building_numbers() -> frozenset[str]:
    """The numbers of the buildings we list ("1674" of "1674 broadway")."""
    return frozenset(a.split()[0] for a in _addresses() if a[:1].isdigit())


def _building_number(value: float, text: str) -> bool:
    """The amount is the number of a building we list, said bare ("all at 1674?"), not money."""
    number = f"{value:.0f}"
    if value != int(value) or number not in _building_numbers():
        return False
    return not re.search(rf"\$\s?{number}\b|\b{number}\s*(?:/mo|a month|per month|monthly|usd|dollars)\b|"
                         rf"\b(?:budget|under|max|up to|below|less than)\s+\$?{number}\b", text, re.I)


_BUILDING_NUMBER = re.compile(r"(?<![\d$.,])(\d{1,4}(?:-\d{1,4})?)\s+$")


# "below 14th st", "south of 14th": Manhattan's neighborhoods downtown of 14th Street (StreetEasy's names)
_BELOW_14TH = re.compile(r"\b(?:below|south of|under|beneath|downtown of)\s+14(?:th)?\b(?:\s*(?:st|street|str)\b\.?)?",
                         re.I)
BELOW_14TH = ("financial district", "battery park city", "tribeca", "soho", "chinatown", "little italy", "nolita",
              "lower east side", "east village", "greenwich village", "west village")


# "55th 54th or 52nd st", "w 38th and 39th streets": several numbered streets said once
_STREET_LIST = re.compile(r"\b(?:(w|e|west|east)\.?\s+)?((?:\d{1,3}(?:st|nd|rd|th)\s*(?:,|or|and|&|/)?\s*){2,})"
                          r"(?:sts?|streets?|str)\b\.?", re.I)
_STREET_RANGE = re.compile(r"(?:\bbetween\s+)?\b(?:(e/w|w/e|w|e|west|east)\.?\s+)?(\d{1,3})(?:st|nd|rd|th)?\s*"
                           r"(?:to|-|–|through|thru|(?<=\d)(?:st|nd|rd|th)?\s+and(?=\s))\s*"
                           r"(?:(w|e|west|east)\.?\s+)?(\d{1,3})(?:st|nd|rd|th)\b(?!\s*(?:ave|avenue|av)\b)"
                           r"(?:\s*(?:sts?|streets?|str)\b\.?)?", re.I)
_DECADE = re.compile(r"\b(east|west|e|w)\.?\s+([1-9])0'?s\b", re.I)
# "in the 40s & 50s", "the 30s streets": cross streets by the tens, the side said elsewhere or both
_DECADES = re.compile(r"\bthe\s+([1-9])0'?s\s*(?:(?:&|and|or|to|through|thru|-|–)\s*(?:the\s+)?([1-9])0'?s\b|"
                      r"(?=\s*(?:streets?|sts?)\b))", re.I)
_SIDE = re.compile(r"\b(east|west|e|w)\.?\s+(?:\d0s|side|\d{1,3}(?:st|nd|rd|th))\b", re.I)


@lru_cache(maxsize=1)
def _named_streets() -> dict[str, str]:
    """The named (not numbered) streets of the buildings we list: its name -> the street as addresses hold it
    ("mulberry" -> "mulberry st", "houston" -> "e houston st")."""
    streets = {re.sub(r"^\d+[a-z]?(?:-\d+)?\s+", "", a) for a in _addresses() if a[:1].isdigit()}
    return {re.sub(r"^(?:e|w)\s+", "", street).split()[0]: street for street in streets
            if re.match(r"^(?:(?:e|w)\s+)?[a-z]{4,}\s+(?:st|pl|sq)$", street)}


_EVERYDAY_WORDS = {"water", "grand", "times", "university"}  # said bare, these are not a street ("near water")


@lru_cache(maxsize=1)
def _named_street_pattern() -> re.Pattern[str] | None:
    """Those names as said, with or without their suffix (built once: every message is parsed with it)."""
    names = _named_streets()
    return re.compile(r"\b(?:e\.?\s+|east\s+|w\.?\s+|west\s+)?(" + "|".join(map(re.escape, names)) +
                      r")(\s+(?:st|street|pl|place|sq|square)\b\.?)?", re.I) if names else None


def _named_street_tokens(text: str, listed: bool) -> tuple[list[tuple[int, str]], str]:
    """Named streets said with their suffix ("university pl", "elizabeth st"), or bare ("mulberry") in a message
    that names other streets too."""
    found: list[tuple[int, str]] = []
    pattern, names = _named_street_pattern(), _named_streets()
    if pattern is None:
        return found, text
    for m in pattern.finditer(text):
        if m.group(2) or (listed and m.group(1).lower() not in _EVERYDAY_WORDS):
            found.append((m.start(), names[m.group(1).lower()]))
            text = _blank(text, m.span())
    return found, text


def _streets(text: str) -> tuple[list[tuple[int, str]], str]:
    found: list[tuple[int, str]] = []
    said = text  # the side said anywhere ("east 50s, 55th 54th or 52nd st") is read before parts are blanked
    for m in _BELOW_14TH.finditer(text):
        found += [(m.start(), hood) for hood in BELOW_14TH]
        text = _blank(text, m.span())
    for m in _STREET_RANGE.finditer(text):  # "w 36th to w 40th", "e/w 17th to 25th st": every street between
        first, last = int(m.group(2)), int(m.group(4))
        named_side = (m.group(1) or m.group(3) or "").lower()
        sides = ["w", "e"] if not named_side or "/" in named_side else [named_side[0]]
        if first < last <= first + 20:
            found += [(m.start(), f"{s} {_ordinal(str(n))} st") for n in range(first, last + 1) for s in sides]
            text = _blank(text, m.span())
    for m in _DECADE.finditer(text):  # "east 50s": East 50th to 59th Street
        tens = int(m.group(2)) * 10
        found += [(m.start(), f"{m.group(1)[0].lower()} {_ordinal(str(n))} st") for n in range(tens, tens + 10)]
        text = _blank(text, m.span())
    for m in _DECADES.finditer(text):  # "midtown east, lex/park/madison in the 40s & 50s": E 40th to 59th
        sides = sorted({w[0].lower() for w in re.findall(r"\b(east|west)\b", said, re.I)} or {"w", "e"})
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        found += [(m.start(), f"{side} {_ordinal(str(n))} st") for n in range(first * 10, last * 10 + 10)
                  for side in sides] if first <= last else []
        text = _blank(text, m.span())
    for m in _STREET_LIST.finditer(text):
        side = m.group(1) or next((s.group(1) for s in _SIDE.finditer(said)), None)
        sides = [side[0].lower()] if side else ["w", "e"]
        found += [(m.start(), f"{s} {_ordinal(n)} st") for n in re.findall(r"(\d{1,3})(?:st|nd|rd|th)", m.group(2))
                  for s in sides]
        text = _blank(text, m.span())
    named, text = _named_street_tokens(text, listed=False)
    found += named
    for m in _STREET.finditer(text):
        if m.group(1):
            token = f"{m.group(1)[0].lower()} {_ordinal(m.group(2))} st"
        elif m.group(5):
            found += [(m.start(), f"{side} {_ordinal(m.group(5))} st") for side in ("w", "e")]
            text = _blank(text, m.span())
            continue
        else:
            token = normalize_street(f"{m.group(3)} {m.group(4)}")
        number = _BUILDING_NUMBER.search(text[:m.start()])
        if number and f"{number.group(1)} {token}" in _addresses():
            token = f"{number.group(1)} {token}"  # "345 seventh avenue": that building, not the whole avenue
        found.append((m.start(), token))
        text = _blank(text, m.span())
    if found:  # "university pl, elizabeth st, bowery or mulberry": a bare street name in a list of streets
        named, text = _named_street_tokens(text, listed=True)
        found += named
    return found, text


_NOT_HERE = re.compile(r"(?:\bnot|\bno|\bexcept|\bavoid(?:ing)?|\banything but|\bbut not|\bscrap|\bditch|"
                       r"\bforget(?: about)?|\bnix|\bskip|\bveto(?:ed|es)?|\bruled out|\brules out|\bhates?)\s+"
                       r"(?:in\s+|the\s+)?$", re.I)
_TOO_FAR = re.compile(r"^\s+(?:is|'s|are)\s+(?:too|way too|really)\s+(?:far|expensive|pricey|loud|noisy)\b", re.I)


def _places(text: str) -> tuple[list[str], float]:
    found, text = _streets(text)
    names = place_names()
    for m in _place_pattern().finditer(text):
        name = m.group(1).lower()
        if name in AMBIGUOUS_PLACES and not text[m.start()].isupper():
            continue  # "toilet keeps flushing" is not Flushing
        if _NOT_HERE.search(text[max(0, m.start() - 20):m.start()]) or _TOO_FAR.match(text[m.end():]):
            continue  # "downtown (not midtown)", "ocean parkway is too far": a place ruled out
        found.append((m.start(), names[name]))
    confidence = 0.95
    if not found:
        found = _fuzzy_places(text)
        confidence = 0.7
    tokens: list[str] = []
    for _, token in sorted(found):
        if token not in tokens:
            tokens.append(token)
    return tokens, confidence


@lru_cache(maxsize=1)
def _fuzzy_names() -> list[str]:
    return [n for n in place_names() if len(n) >= 6 and n not in AMBIGUOUS_PLACES]


def _fuzzy_places(text: str) -> list[tuple[int, str]]:
    """Misspelt places ('williamsberg', 'astoira'): 1-3 word n-grams close to a known name."""
    lower = text.lower()
    words = list(re.finditer(r"[a-z][a-z'-]+", lower))
    grams = [(words[i].start(), lower[words[i].start(): words[i + size - 1].end()])
             for size in (3, 2, 1) for i in range(len(words) - size + 1)]
    grams = [(start, gram) for start, gram in grams if len(gram) >= 6]
    if not grams:
        return []
    names = _fuzzy_names()
    # One matrix of scores in C instead of a Python loop of lookups: the first best name per n-gram, as extractOne.
    scores = process.cdist([gram for _, gram in grams], names, scorer=fuzz.ratio, score_cutoff=88, dtype=np.float32)
    best = scores.argmax(axis=1)
    return [(start, place_names()[names[j]]) for (start, _), j, row in zip(grams, best, scores, strict=True)
            if row[j] > 0]


def _sqft_factor(unit: str) -> float:
    """Square metres convert to square feet; every other size unit is square feet already."""
    return SQM_TO_SQFT if unit.startswith(("sqm", "sq m", "sq. m", "m2", "m²", "square met")) else 1.0


_SIZE_TALK = re.compile(r"\b(?:sq\.?\s?ft|sqft|sf|square f(?:ee|oo)t|tiny|small|bigger|larger|space)\b", re.I)
_BARE_SIZE = re.compile(r"(?<!budget )(?<!rent )(?<!pay )(?<![$\d,.])\b(\d{1,2},?\d{3}|\d{3})\s*"
                        r"(?:\+|or (?:more|bigger|larger))(?!\s*(?:k\b|/mo|a month|per month|budget|dollars|usd|rent))",
                        re.I)


def _sizes(text: str) -> tuple[int | None, int | None, str]:
    low = high = None
    m = _SIZE_RANGE.search(text)
    if m:
        unit = (m.group(6) or m.group(3) or "").lower()
        factor = _sqft_factor(unit)
        # "12–15k SF": a scale written once applies to both ends
        a = amount(m.group(1), m.group(2) or m.group(5)) * factor
        b = amount(m.group(4), m.group(5) or m.group(2)) * factor
        low, high = round(min(a, b)), round(max(a, b))
        return low, high, _blank(text, m.span())
    for m in _SIZE.finditer(text):
        unit = m.group(3).lower()
        factor = _sqft_factor(unit)
        value = round(amount(m.group(1), m.group(2)) * factor)
        before, after = text[max(0, m.start() - 25): m.start()], text[m.end(): m.end() + 20]
        margin = _GIVE_OR_TAKE.match(text[m.end():])
        if margin:  # "15k sf give or take 1k": 14,000-16,000 SF (and the "1k" is no budget)
            plus = round(amount(margin.group(1), margin.group(2) or m.group(2)) * factor)
            low, high = value - plus, value + plus
            text = _blank(text, (m.start(), m.end() + margin.end()))
            continue
        if "+" in m.group(0) or _MIN_AFTER.search(after) or _MIN_WORDS.search(before):
            low = value
        elif _MAX_WORDS.search(before) or _MAX_AFTER.search(after):
            high = value
        elif m.group(0).startswith("~") or _APPROX_BEFORE.search(before) or _ISH_AFTER.search(after):
            # "~2000 sf", "around 10k sf": near that size, not anything above it
            low, high = round(value * APPROX_SIZE[0]), round(value * APPROX_SIZE[1])
        else:
            low = value  # "2,000 SF office": at least that much space
        text = _blank(text, m.span())
    bare = _BARE_SIZE.search(text) if high is None and _SIZE_TALK.search(text) else None
    if bare:  # "700 sqft is tiny. anything 1000+ in that list?": in talk of sizes, "1000+" is the size asked for
        low = int(bare.group(1).replace(",", ""))
        text = _blank(text, bare.span())
    return low, high, text


def rate_per_sf(text: str) -> float | None:
    """A rent stated per square foot per year ("$90/sf/yr", "$75 psf"), or None."""
    rate = _RATE.search(text)
    return float((rate.group(1) or rate.group(2)).replace(",", "")) if rate else None


_HEADCOUNT = re.compile(r"\bfor\s+(?:a\s+)?(?:team of\s+)?(\d{1,4})\s*(?:people|persons?|employees|staff|heads|seats|"
                        r"desks?|-person|person)\b|\b(\d{1,4})[- ](?:person|people|employee|seat)\s+(?:team|company|"
                        r"office|startup|firm)\b|\bteam of\s+(\d{1,4})\b", re.I)


# "we're 40 people", "we have 25 employees", "somos 30 personas": a team's size, read only where an office is asked
# for (four people looking for a flat are sharers, not a headcount)
_TEAM_SIZE = re.compile(r"\b(?:we(?:'re| are)|we're|there are|we have|we've got|somos|tenemos)\s+(?:about\s+|around\s+|"
                        r"roughly\s+)?(\d{1,4})\s*(?:people|persons|employees|staff|of us|personas|empleados)\b", re.I)
_OFFICE_ASKED = re.compile(r"\boffices?\b|\bsuites?\b|\bworkspace\b|\bcommercial space\b|\boficinas?\b|مكتب", re.I)
# "broker says ~250 SF a head": the space per person a team plans with (an office's way of sizing)
PER_HEAD = re.compile(r"(?<![$\d])~?\s*(\d{2,4})\s*(?:sf|sq\.? ?ft|square feet|rsf)?\s*(?:a|per|for each|each)\s*"
                      r"(?:head|person|employee|seat|desk|staffer|worker)\b", re.I)
# "anything on Broadway that fits 80 at 250 a head", "we might be 80 by 2028": the team a space per head is for
_FITS = re.compile(r"\b(?:fits?|for|be|seats?|holds?)\s+(\d{1,4})\b(?!\s*(?:sf|sq|square|%|k\b|\$))", re.I)


def headcount(text: str) -> int | None:
    """How many people an office is for ("for 12 people", "a 20-person team", "we're 40 people ... office"), or None."""
    m = _HEADCOUNT.search(text)
    if m and (_OFFICE_ASKED.search(text) or not re.search(r"\b(?:people|persons?|person)\b", m.group(0), re.I)
              or not re.search(r"(?:\b|(?<=\d))(?:bed(?:room)?s?|br|bd|bath(?:room)?s?|ba|apartment|apt|flat|studio)\b",
                               text, re.I)):
        return int(next(g for g in m.groups() if g))
    per_head = PER_HEAD.search(text)
    team = _TEAM_SIZE.search(text) if _OFFICE_ASKED.search(text) or per_head else None
    if team is None and per_head:
        team = _FITS.search(text)
    return int(team.group(1)) if team else None


# An income is no budget: landlords here commonly ask for a yearly income of 40 times the monthly rent.
INCOME_MULTIPLE = 40
_INCOME = re.compile(
    r"\b(?:i|we)\s+(?:make|earn|bring in|gross|take home)\s+(?:about\s+|around\s+|roughly\s+)?"
    r"|\b(?:my|our)?\s*(?:take[- ]home|stipend|net pay)(?: pay)?\s+(?:will be|is|of)?\s*(?:about\s+|around\s+)?"
    r"|\b(?:my|our)\s+(?:combined\s+)?(?:income|salary|salaries|pay)\s+(?:is|are|of)?\s*(?:about\s+|around\s+)?"
    r"|\b(?:income|salary)\s+(?:of\s+)?",
    re.I,
)


# "3 of us ... each of us can do max 1400", "we're 4 roommates, 1200 each": a share per person, the rent is the total
_SHARERS = re.compile(r"\b(\d|two|three|four|five|six)\s+(?:of us|roommates|roomies|people|friends|persons|adults)\b|"
                      r"\bsomos (\d|dos|tres|cuatro|cinco)\b", re.I)
_EACH = re.compile(r"\beach(?: of us)?\b|\bper (?:person|head)\b|\bapiece\b|\bcada (?:uno|una)\b|\bpor persona\b",
                   re.I)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5}


_TOTAL_SAID = re.compile(r"\$?(\d{1,2},\d{3}|\d{4,5})\s*(?:total|in total|combined|altogether|between (?:us|the two of "
                         r"us|both of us))\b|"
                         r"\b(?:total|combined) (?:budget )?(?:of |is |=|:)?\s*\$?(\d{1,2},\d{3}|\d{4,5})\b", re.I)


def shared_budget(text: str) -> int | None:
    """How many people share a rent stated per person ("3 of us, each can do max 1400" -> 3, "me + 2 roommates. max
    1300 each" -> 3), or None."""
    people = _SHARERS.search(text)
    if not _EACH.search(text):
        return None
    counted = with_me(text)
    if counted is not None:
        return counted if 2 <= counted <= 6 else None
    if not people:
        return None
    said = (people.group(1) or people.group(2)).lower()
    n = _COUNTS.get(said) or int(said)
    return n if 2 <= n <= 6 else None


def income_budget(text: str) -> tuple[float, float, str] | None:
    """(yearly income, the monthly rent it supports, the text without it) when the message states an income."""
    text = re.sub(r"(\d)\s*(?:dollars|usd|bucks)\b", r"\1", text, flags=re.I)  # "7,500 dollars per month"
    cue = _INCOME.search(text)
    if not cue:
        return None
    m = _MONEY.match(text, cue.end())
    if not m or not m.group("a"):
        return None
    value = amount(m.group("a"), m.group("ka"))
    per = (m.group("per") or "").lower()
    yearly = value * 12 if ("mo" in per or "month" in per) else value
    if yearly < 10_000:
        return None
    return yearly, round(yearly / INCOME_MULTIPLE, 2), _blank(text, (cue.start(), m.end()))


# "any borough", "anywhere", "doesn't matter where": no place
ANYWHERE = re.compile(r"\bany (?:borough|neighbou?rhood|area|part of (?:the city|town|nyc))\b|\banywhere\b|"
                      r"\b(?:does ?n'?t|does not) matter where\b|\bcualquier (?:barrio|zona|lugar|parte)\b|"
                      r"\ben cualquier lugar\b|أي مكان|أي منطقة", re.I)
# a number that names a suite, a unit or a room ("the other suite on 21 (2102)", "apt 1203") is no budget
_LABELLED = re.compile(r"\b(?:suites?|ste|units?|apt|room|rm)\b(?:\W+\w+){0,3}\W*$|#\s*$", re.I)


def _money(text: str, size_for_rate: int | None) -> tuple[float | None, float | None, float, str]:
    """Budget min and max (monthly USD), the confidence, and the text with the amounts blanked."""
    low = high = None
    confidence = 0.0
    rate = _RATE.search(text)
    if rate:
        per_sf = float((rate.group(1) or rate.group(2)).replace(",", ""))
        if size_for_rate:
            high = round(per_sf * size_for_rate / 12, 2)
            confidence = 0.85
        text = _blank(text, rate.span())
    for m in _MONEY.finditer(text):
        a_raw, b_raw = m.group("a"), m.group("b")
        before = text[max(0, m.start() - 30): m.start()]
        after = text[m.end(): m.end() + 12]
        signalled = bool(m.group("cur") or m.group("ka") or m.group("kb") or m.group("per") or m.group("cur2"))
        if re.match(r"\s*(%|percent|min|minutes?|mins?|people|person|desks?|units?|floors?|years? old|am\b|pm\b|"
                    r"br\b|bed|bath|st\b|nd\b|rd\b|th\b|ave|street|-?(month|year)|months|years|yrs|weeks?|days?)",
                    after + " ", re.I) and not m.group("per"):
            continue
        if not signalled and _ADDRESS_AFTER.match(text[m.end(): m.end() + 40]):
            continue  # "what about 345 7th ave?": a building's number, not a budget
        a_value = amount(a_raw, m.group("ka") or (m.group("kb") if b_raw and not m.group("ka") else None))
        b_value = amount(b_raw, m.group("kb")) if b_raw else None
        if not signalled and not _BUDGET_BEFORE.search(before) and not _BUDGET_AFTER.search(after) and (
                b_value is None or b_value < 300):
            continue
        if a_value < 300 and not m.group("ka"):
            continue  # small bare numbers are counts, floors or days, not a monthly budget
        yearly = bool(m.group("per")) and re.search(r"yr|year|annum|annual", m.group("per"), re.I)
        divide = 12.0 if yearly else 1.0
        if b_value is not None and b_value >= 300:
            low, high = round(a_value / divide, 2), round(b_value / divide, 2)
            if low > high:
                low, high = high, low
            confidence = 0.9
        elif _MIN_MONEY_BEFORE.search(before) and not _MAX_MONEY_BEFORE.search(before):
            low = round(a_value / divide, 2)
            confidence = max(confidence, 0.8)
        else:
            if high is None or confidence < 0.85:
                high = round(a_value / divide, 2)
            confidence = 0.6 if _APPROX_BEFORE.search(before) else 0.9
        text = _blank(text, m.span())
    if low is None and high is None:
        # A lone bare amount ("1br in harlem 2500") is most likely the budget; low confidence says so.
        bare = [m for m in re.finditer(r"(?<![\w$.,/-])(\d{1,2},?\d{3})(?![\w,.%/-])", text)
                if not re.fullmatch(r"(19|20)\d\d", m.group(1)) and 500 <= float(m.group(1).replace(",", "")) <= 60000
                and not _LABELLED.search(text[max(0, m.start() - 25):m.start()])
                and not (text[m.start() - 1:m.start()] == "(" and text[m.end():m.end() + 1] == ")")]
        if len(bare) == 1:
            high, confidence = float(bare[0].group(1).replace(",", "")), 0.5
            text = _blank(text, bare[0].span())
    return low, high, confidence, text


def _bedrooms(text: str) -> tuple[int | None, int | None, float | None]:
    m = _BEDS_OR.search(text)
    if m:
        first = 0 if m.group(1).lower() == "studio" else int(m.group(1))
        return first, int(m.group(2)), None
    baths = None
    counts = list(_BATHS.finditer(text))
    # "one bathroom for 4 people is a no. 2 baths minimum": the count said as the minimum, when two are said
    marked = [m for m in counts if re.match(r"\s*(?:minimum|min\b|at least|or more)", text[m.end():], re.I)
              or re.search(r"(?:at least|minimum|min\.?)\s*$", text[:m.start()], re.I)]
    bm = marked[0] if marked else (counts[0] if counts else None)
    if bm:
        baths = float(bm.group(1))
    if re.search(r"studio\s+or\s+(a\s+)?1\b", text, re.I):
        return 0, 1, baths
    m = _BEDS.search(text)
    if m and _STUDIO.search(text) and re.search(r"studio.{0,40}\bor\b|\bor\b.{0,40}studio", text, re.I):
        return 0, int(float(m.group(1))), baths  # "a studio or a one-bedroom"
    if m:
        value = int(float(m.group(1)))
        before, after = text[max(0, m.start() - 20): m.start()], text[m.end(): m.end() + 25]
        if m.group(2) or _MIN_WORDS.search(before) or _MIN_AFTER.search(after):
            return value, None, baths
        if _MAX_WORDS.search(before):
            return None, value, baths
        return value, value, baths
    if _STUDIO.search(text) and not _STUDIO_USE.search(text):
        # "studio is totally fine", "even a studio": a studio will do, so anything from a studio up
        return (0, None, baths) if _STUDIO_WILL_DO.search(text) else (0, 0, baths)
    return None, None, baths


_STUDIO_WILL_DO = re.compile(r"\bstudios?\s+(?:is|are|would be|'?s)?\s*(?:totally |perfectly |also |even |"
                             r"just )?(?:fine|ok|okay|good|alright|acceptable|works?)\b|\beven a studio\b|"
                             r"\ba studio (?:would|could) (?:do|work)\b|\bun estudio (?:est[aá] bien|sirve)\b",
                             re.I)


def _term(text: str) -> int | None:
    m = _TERM.search(text)
    if not m:
        return None
    number, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
    months = int(number) * (12 if unit.lower().startswith(("y", "yr")) else 1)
    return months if 1 <= months <= 240 else None


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<!\d)[,.](?!\d)|[;!?()\n]|\s[-–—]\s|\bbut\b", text) if c.strip()]


@lru_cache(maxsize=1)
def _amenity_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str],
                                 list[tuple[str, list[re.Pattern[str]]]]]:
    """The amenity phrases compiled once, with one pattern of them all that most clauses fail at once."""
    phrases = {key: [re.compile(p, re.I) for p in group] for key, group in AMENITY_PHRASES.items()}
    any_phrase = re.compile("|".join(f"(?:{p})" for group in AMENITY_PHRASES.values() for p in group), re.I)
    return (any_phrase, re.compile("|".join(NICE_CUES), re.I), re.compile("|".join(MUST_CUES), re.I),
            list(phrases.items()))


_NOT_REQUIRED = re.compile(r"not (required|necessary|a must|essential|needed)", re.I)
_NEGATED_BEFORE = re.compile(_NEGATED + r"$", re.I)


def _amenities(text: str) -> tuple[list[str], list[str]]:
    musts: list[str] = []
    nice: list[str] = []
    any_phrase, nice_cue, must_cue, phrases = _amenity_patterns()
    for clause in _clauses(text):
        if not any_phrase.search(clause):
            continue
        is_nice = bool(nice_cue.search(clause)) and not (must_cue.search(clause) and not _NOT_REQUIRED.search(clause))
        for key, patterns in phrases:
            for pattern in patterns:
                m = pattern.search(clause)
                if not m:
                    continue
                if key != "no_fee" and _NEGATED_BEFORE.search(clause[: m.start()]):
                    break  # "no doorman needed", "without a gym"
                target = nice if is_nice else musts
                if key not in musts and key not in nice:
                    target.append(key)
                break
    return musts, nice


def _kind(text: str, has_bedrooms: bool, min_sqft: int | None) -> str | None:
    if has_bedrooms:
        return "apartment"
    office = bool(_OFFICE.search(text)) or bool(_STUDIO_USE.search(text))
    home = bool(_HOME.search(text))
    if office and not home:
        return "office"
    if home and not office:
        return "apartment"
    if office and home:
        return "office" if re.search(r"\boffices?\b", text, re.I) else "apartment"
    if min_sqft and min_sqft >= 4000:
        return "office"
    return None


# "5 min walk to the N/W", "max like 3 min walk to the train", "within 10 minutes of the subway"
BARE_WALK_MAX = 20  # "N min to the subway" without "max"/"within" is a wish only this near
_WALK = re.compile(r"\b(\d{1,2})\s*-?\s*(?:min(?:ute)?s?|mins?)\.?\s*(?:or (?:less|under|fewer)\s*)?"
                   r"(?:walk(?:ing)?\s*)?(?:to|from|of)\s+"
                   r"(?:the\s+|a\s+|an\s+)?(?:subway|train|station|metro|transit|[a-z0-9](?:/[a-z0-9])*(?:\s+(?:train|line|stop))?)\b|"
                   # "under 5 min walk", "5 min walk max"
                   r"\b(?:under|within|less than|max(?:imum)?|at most|no more than|up to)\s+(\d{1,2})\s*-?\s*"
                   r"(?:min(?:ute)?s?)\.?\s*(?:walk|walking)\b|"
                   r"\b(\d{1,2})\s*-?\s*min(?:ute)?s?\s*walk(?:ing)?\s*(?:max|or less|tops|at most)\b|"
                   # "cant walk far to the train, 5 min tops"; "a 5 min del metro o menos"
                   r"(?<=train|ubway|ation|metro|ansit)\W+(?:\w+\W+){0,2}?(\d{1,2})\s*-?\s*min(?:ute)?s?\s*"
                   r"(?:tops|max|or less|at most)\b|"
                   r"\ba\s+(\d{1,2})\s*min(?:uto)?s?\s+(?:(?:o|or)\s+(?:menos|less)\s+)?(?:del?|al)\s+"
                   r"(?:metro|tren|subte|subway|estaci[oó]n)\b|"
                   # "no más de 5 minutos caminando al metro"; "خمس دقائق مشي كحد أقصى" (after the metro is named)
                   r"\b(?:no m[aá]s de|m[aá]ximo|menos de)\s+(\d{1,2})\s*min(?:uto)?s?\b(?=[^.?!]{0,30}\b(?:metro|tren|"
                   r"subte|estaci[oó]n)\b)|"
                   r"(\d{1,2})\s*(?:دقائق|دقيقة)(?=[^.؟]{0,40}(?:مترو|المحطة|أقصى|اقصى|subway|metro|station))|"
                   r"(?:مترو|المحطة|subway|metro)[^.؟]{0,40}?(\d{1,2})\s*(?:دقائق|دقيقة)", re.I)
# Arabic number words before minutes ("خمس دقائق"): the digits the walk limit reads
_AR_MINUTES = {"ثلاث": 3, "ثلاثة": 3, "أربع": 4, "اربع": 4, "أربعة": 4, "خمس": 5, "خمسة": 5, "ست": 6, "ستة": 6,
               "سبع": 7, "سبعة": 7, "عشر": 10, "عشرة": 10, "عشرين": 20}


# "what options are there at 345 Seventh Avenue?": every unit of the same search at that address
_OPTIONS_AT = re.compile(r"\b(?:options|suites|units|spaces|floors|what(?:'s| is| else is)? (?:there|available)|"
                         r"anything else|other (?:suites|units|options)|opciones|qu[eé] hay)\b", re.I)


def building_options(text: str, shown: list[dict[str, Any]], spec: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The full matches of the same search at the one address the message names, or None."""
    at = shown_by_address(text, shown)
    streets = {str(m["row_preview"]["address"]).split(",")[0].strip().lower() for m in at}
    if len(streets) != 1 or not _OPTIONS_AT.search(text):
        return None
    street = streets.pop()
    deeper, _, _ = match(SearchSpec.model_validate(spec), load_inventory(), top_n=DEEPER)
    here = [m for m in deeper if str(m.row_preview["address"]).split(",")[0].strip().lower() == street]
    fits = [m for m in here if m.score >= 100] or here
    if not fits:
        return None
    lines = []
    for m in fits:
        p = m.row_preview
        rate = f", ${p['ppsf_year']:,.0f}/SF/yr" if p.get("ppsf_year") else ""
        size = f", {p['sqft']:,.0f} SF" if p.get("sqft") else ""
        lines.append(f"- {p['address']} ({m.id}){size}{rate}: ${p['rent']:,.0f}/mo")
    head = (f"At {place_title(street)}, {len(fits)} {'units fit' if len(fits) > 1 else 'unit fits'} the search"
            if fits[0].score >= 100 else f"At {place_title(street)}, nothing fits every criterion; the closest")
    return head + ":\n" + "\n".join(lines), [m.id for m in fits]


def parse_spec(text: str) -> SearchSpec:
    """Read a request into a SearchSpec without a model."""
    text = readable(text)
    original = text
    work = words_to_digits(text.replace("–", "-").replace("—", " - ").replace("’", "'"))
    work = re.sub(r"\b(?:SE|U)-\d+\b", " ", work, flags=re.I)  # unit ids are not numbers of the request
    # "can stretch to 2300", "could go up to 3k": a new ceiling
    work = re.sub(r"\b(?:stretch|go up|push|bump (?:it )?up|raise (?:it|the budget|my budget))\s+(?:it\s+)?to\s+\$?"
                  r"(\d[\d,.]*k?)\b(?!\s*(?:sf|sq|square|rsf|ft))", r"max $\1", work, flags=re.I)  # a size stays a size
    confidence: dict[str, float] = {}
    people = headcount(work)
    per_sf = rate_per_sf(work)
    per_head = PER_HEAD.search(work)
    if per_head:
        work = _blank(work, per_head.span())  # a rate of space per person, not a size
    margin = _ANY_MARGIN.search(work) if per_head and people else None
    if margin:
        work = _blank(work, margin.span())
    min_sqft, max_sqft, work = _sizes(work)
    if people and per_head and min_sqft is None and max_sqft is None:
        # "60 people, ~250 SF a head, give or take 1000 SF": 15,000 SF, within the margin said (or about that size)
        size = people * int(per_head.group(1))
        plus = amount(margin.group(1), margin.group(2)) if margin else None
        min_sqft, max_sqft = (round(size - plus), round(size + plus)) if plus else (
            round(size * APPROX_SIZE[0]), round(size * APPROX_SIZE[1]))
        confidence["min_sqft"] = confidence["max_sqft"] = 0.8
    elif people and min_sqft is None and max_sqft is None:
        min_sqft, max_sqft = people * SF_PER_PERSON[0], people * SF_PER_PERSON[1]
        confidence["min_sqft"] = confidence["max_sqft"] = 0.6
    if min_sqft is not None and max_sqft is not None and min_sqft > max_sqft:
        min_sqft, max_sqft = max_sqft, min_sqft  # two sizes read apart: the range they span, never a failed spec
    if min_sqft is not None:
        confidence["min_sqft"] = 0.9
    if max_sqft is not None:
        confidence["max_sqft"] = 0.9
    income = income_budget(work)
    if income:
        work = income[2]
    budget_min, budget_max, money_conf, work = _money(work, min_sqft or max_sqft)
    if budget_max is not None and _building_number(budget_max, original):
        budget_max = None  # "all at 1674? anything at 1412 broadway": a building's number, not a rent
    total = _TOTAL_SAID.search(original)
    if total:  # "she can do 1400 max and i can do 2200, so 3600 total": the total is the rent
        budget_max = float((total.group(1) or total.group(2)).replace(",", ""))
    sharing = shared_budget(work)
    stated_total = budget_max is not None and re.search(
        rf"(?<![\d,.])(?:{budget_max:.0f}|{budget_max:,.0f})\s*(?:total|in total|combined|altogether)\b", original)
    if sharing and budget_max is not None and not stated_total:
        budget_max = budget_max * sharing  # "3 of us, each of us can do max 1400": the rent is the total
    if income and budget_max is None:
        budget_max, money_conf = income[1], 0.6  # from the stated income, by the 40x rule
    budget = None
    if budget_min is not None or budget_max is not None:
        if budget_min is not None and budget_max is not None and budget_min > budget_max:
            budget_min = None
        budget = Budget(min=budget_min, max=budget_max)
        for end, value in (("min", budget_min), ("max", budget_max)):
            if value is not None:
                confidence[f"budget_monthly_usd.{end}"] = money_conf
    background = _CURRENT_HOME.search(work)
    now_home = _blank(work, background.span()) if background else work
    min_beds, max_beds, baths = _bedrooms(now_home)
    if background and min_beds is None and max_beds is None:
        min_beds, max_beds, baths = _bedrooms(work)  # "we have a 2br and want the same": the count is the wish
    if min_beds is not None:
        confidence["min_bedrooms"] = 0.9
    if max_beds is not None:
        confidence["max_bedrooms"] = 0.9
    term = _term(work)
    if term is not None:
        confidence["term_months"] = 0.9
    musts, nice = _amenities(_place_pattern().sub(" ", work))  # "Carroll Gardens" names a place, not a patio
    walk = _WALK.search(re.sub(r"(?<![\u0600-\u06ff])(" + "|".join(_AR_MINUTES) + r")\s+(?=دقائق|دقيقة)",
                               lambda m: f"{_AR_MINUTES[m.group(1)]} ", work))
    if walk and walk.group(1) and int(walk.group(1)) > BARE_WALK_MAX:
        walk = None  # "43 minutes to the subway?? that can't be right": a figure questioned, not a wish
    if walk:  # "max like 3 min walk to the train": near transit, that near (a wish when "ideally")
        wish = bool(re.search(r"\b(?:ideally|prefer\w*|bonus|nice|if possible|would be great|hopefully)\b",
                              work[max(0, walk.start() - 30):walk.end() + 20], re.I))
        musts = [m for m in musts if m != "near_transit"]
        nice = [n for n in nice if n != "near_transit"]
        (nice if wish else musts).append("near_transit")
        confidence["max_min_to_subway"] = 0.85
    if musts:
        confidence["must_haves"] = 0.8
    if nice:
        confidence["nice_to_haves"] = 0.8
    landmark = LANDMARK.search(work)
    if landmark:  # "near bryant park": read by the kind of space below, not as a neighbourhood name
        work = _blank(work, landmark.span())
    workplace = _WORKPLACE.search(work)
    elsewhere = [m.span() for m in (background, workplace) if m]
    searched = work
    for span in elsewhere:
        searched = _blank(searched, span)
    location, loc_conf = _places(searched)
    if background and not location:
        location, loc_conf = _places(work)  # "i live in astoria and want a 1br there"
    if workplace and not location:
        # "i work in midtown, need a studio": the place, but only as a guess a search already on the table keeps
        # its own area over ("my husband works in Manhattan, which is closest to the subway?")
        location, loc_conf = _places(work)
        loc_conf = WORKPLACE_CONFIDENCE
    elif workplace and not any(map(_held, location)):
        # "a 2br in jersey city or hoboken, i work in fidi": places we list nothing in, and where they work, which we do
        location = list(dict.fromkeys([*location, *_places(workplace.group(0))[0]]))
    # "Chelsea in Manhattan": the borough only says which Chelsea; kept, it would match every Manhattan unit.
    location = _narrowest(location)
    if location:
        confidence["location"] = loc_conf
    kind = _kind(original, min_beds is not None or max_beds is not None, min_sqft)
    if kind is None and (people or per_sf):
        kind = "office"  # a team's headcount or a rent per square foot is how offices are asked for
    if kind:
        confidence["kind"] = 0.8
    if landmark:
        hood, streets = LANDMARKS[landmark.group(1).lower()]
        location = list(dict.fromkeys([*location, *(streets if kind == "office" else [hood])]))
        confidence["location"] = 0.8
    if kind == "office" and not _STREETS_WISHED.search(work):
        location = _streets_narrow(location)
    use = _USE_CASE.search(original)
    timeline = _TIMELINE.search(original)
    status = "ok" if (location or budget or per_sf) else "underconstrained"  # "under $82/SF/yr": a budget too
    return SearchSpec(
        location=location,
        min_sqft=min_sqft,
        max_sqft=max_sqft,
        budget_monthly_usd=budget,
        term_months=term,
        must_haves=musts,
        nice_to_haves=nice,
        timeline=timeline.group(0).strip() if timeline else None,
        use_case=use.group(1).lower() if use else None,
        confidence=confidence,
        spec_status=status,
        min_bedrooms=min_beds,
        max_bedrooms=max_beds,
        min_bathrooms=baths,
        kind=kind,  # type: ignore[arg-type]
        currency="USD" if budget else None,
        budget_ppsf_year=per_sf,
        headcount=people,
        max_min_to_subway=int(next(g for g in walk.groups() if g)) if walk else None,
    )


def readable(text: str) -> str:
    """A Spanish or Arabic request in the English wording the parser and the follow-up rules read (and "1BHK",
    Indian English for a one-bedroom flat)."""
    text = re.sub(r"\b(\d)\s*-?\s*bhk\b", r"\1 bedroom apartment", text, flags=re.I)
    # "studio ev under 2500": the East Village, unless it is a car ("EV charging", "an EV spot")
    text = re.sub(r"\bev\b(?!\s*(?:charg\w*|stations?|cars?|plugs?|parking|spots?|outlets?))", "east village", text,
                  flags=re.I)
    if re.search(r"[\u0600-\u06ff]", text):
        text = from_arabic(text)
    if re.search(SPANISH_MARKERS, text, re.I):
        text = from_spanish(text)
    # "2 bedrooms or 3 bedrooms" (as the glossaries give "بغرفتين أو ثلاث غرف"): the range the parser reads
    return re.sub(r"\b(\d) bedrooms? or (\d) bedrooms?\b", r"\1 or \2 bedrooms", text)


def from_arabic(text: str) -> str:
    """Arabic request -> English wording (the glossary's words; others pass through)."""
    for pattern, replacement in ARABIC_GLOSSARY:
        # "وغسالة ونشافة", "بغرفتين نوم": a word with "and", "with" or "for" joined to its front is still that word
        text = re.sub(rf"(?<![\u0621-\u064a])(?:و|ب|ل|ف|وب|ول)?(?:{pattern})(?![\u0621-\u064a])", f" {replacement} ",
                      text)
    return re.sub(r"\s+", " ", text).strip()


def from_spanish(text: str) -> str:
    """Spanish request -> the English wording the parser reads (place names pass through unchanged)."""
    text = spanish_amounts(text)  # before the glossary turns "dos" of "dos mil" into "2"
    for pattern, replacement in SPANISH_GLOSSARY:
        text = re.sub(pattern, replacement, text, flags=re.I)
    return text


GOOD_DEAL = re.compile(r"\b(?:good|fair|decent|bad|great) (?:deal|price|value)\b|\boverpriced\b|\bunderpriced\b|"
                       r"\b(?:too (?:much|high)|a steal)\b", re.I)


def rent_against_area(unit: dict[str, Any]) -> str:
    """A unit's rent against the listings of its neighbourhood with as many bedrooms (the data's own market)."""
    row = unit["row_preview"]
    frame = load_inventory().frame
    same = frame[(frame["neighborhood"] == row.get("neighborhood")) & (frame["kind"] == row.get("kind"))]
    if row.get("bedrooms") is not None and row.get("kind") == "apartment":
        same = same[same["bedrooms"] == row["bedrooms"]]
    rents, place = same["rent"].dropna(), str(row.get("neighborhood"))
    if len(rents) < 5:  # a few listings say little: the wider area (StreetEasy's submarket) with as many bedrooms
        unit_row = frame[frame["unit_id"] == unit["id"]]
        market = str(unit_row["submarket"].iloc[0]) if len(unit_row) and "submarket" in frame else ""
        wider = frame[(frame["submarket"] == market) & (frame["kind"] == row.get("kind"))] if market else frame[:0]
        if row.get("bedrooms") is not None and row.get("kind") == "apartment":
            wider = wider[wider["bedrooms"] == row["bedrooms"]]
        if len(wider["rent"].dropna()) > len(rents):
            rents, place = wider["rent"].dropna(), market.replace("All ", "")
    if len(rents) < 3 or not row.get("rent"):
        return (f"Too few {row.get('neighborhood')} listings like {unit['id']} in the data to say whether "
                f"${row.get('rent') or 0:,.0f} is a good price.")
    median, low, high = rents.median(), rents.quantile(0.25), rents.quantile(0.75)
    gap = (row["rent"] / median - 1) * 100
    where = ("below the middle of the market there" if row["rent"] < low else
             "above the middle of the market there" if row["rent"] > high else "within the usual range there")
    kind = f"{row['bedrooms']:g}-bedroom " if row.get("kind") == "apartment" and row.get("bedrooms") else ""
    return (f"{unit['id']} at ${row['rent']:,.0f}/mo is {abs(gap):.0f}% {'below' if gap < 0 else 'above'} the median "
            f"of the {len(rents)} {place} {kind}listings in the data (${median:,.0f}; middle half "
            f"${low:,.0f}-${high:,.0f}): {where}. The data is a StreetEasy sample of about 2016, so compare with "
            "today's listings before you decide.")


def inventory_unit(unit_id: str | None) -> dict[str, Any] | None:
    """A unit of the inventory as the results show it, by id."""
    row = load_inventory().row(unit_id) if unit_id else None
    return {"id": row["unit_id"], "row_preview": preview(row)} if row else None


def building_units(unit: dict[str, Any]) -> list[dict[str, Any]]:
    """Every unit of the inventory at the same address as this one."""
    frame = load_inventory().frame
    address = str(unit["row_preview"].get("address") or "").split(",")[0]
    same = frame[frame["address"].fillna("") == address] if address else frame.iloc[:0]
    return [{"id": row["unit_id"], "row_preview": preview(row)} for row in same.to_dict("records")]


_PLACE_AND_RENT = re.compile(r"\bthe\s+(.{2,30}?)\s+one\s+(?:for|at)\s+\$?(\d{1,2},\d{3}|\d{3,5})(k)?\b", re.I)


def inventory_named(text: str, spec: SearchSpec) -> dict[str, Any] | None:
    """The one unit of the inventory a message names by its place and rent ("the LES one for 2195"), of the kind and
    bedrooms searched for; None when it names none or several."""
    said = _PLACE_AND_RENT.search(text)
    places = parse_spec(said.group(1)).location if said else []
    if said is None or not places:
        return None
    rent = float(said.group(2).replace(",", "")) * (1000 if said.group(3) else 1)
    frame = load_inventory().frame
    rows = frame[(frame["rent"] == rent) & frame["loc_text"].map(lambda t: any(p in t for p in places))]
    if spec.kind:
        rows = rows[rows["kind"] == spec.kind]
    if spec.min_bedrooms is not None and len(rows) > 1:
        rows = rows[rows["bedrooms"] == spec.min_bedrooms]
    for must in spec.must_haves:  # two LES 1brs at $2,195: the one with the patio searched for
        key = must.replace("-", "_").replace(" ", "_").lower()
        if len(rows) > 1 and key in rows.columns:
            rows = rows[rows[key].astype(bool)]
    if len(rows) != 1:
        return None
    row = rows.iloc[0].to_dict()
    return {"id": row["unit_id"], "row_preview": preview(row)}


def merge_specs(old: SearchSpec, new: SearchSpec) -> SearchSpec:
    """Complete an earlier spec with a follow-up: what the follow-up states wins, the rest is kept."""
    data = old.model_dump()
    fresh = new.model_dump(exclude_defaults=True)
    fresh.pop("spec_status", None)
    for key in ("must_haves", "nice_to_haves"):
        if key in fresh:
            fresh[key] = list(dict.fromkeys([*data[key], *fresh[key]]))
    if old.location and new.confidence.get("location") == WORKPLACE_CONFIDENCE:
        fresh.pop("location", None)  # "my husband works in Manhattan": the search keeps its own area
    data.update(fresh)
    # A bound the follow-up states wins over the kept other bound it contradicts ("take ~10k SF" after 1,500-2,500)
    for low, high in (("min_sqft", "max_sqft"), ("min_bedrooms", "max_bedrooms")):
        if data.get(low) is not None and data.get(high) is not None and (
                data[low] > data[high] or (data[low] == data[high] and (low in fresh) != (high in fresh)
                                           and low == "min_sqft")):
            # "under 10k sf" after "at least 10k sf": the bound just said wins, the stale one goes
            data[high if low in fresh else low] = None
    budget = data.get("budget_monthly_usd") or {}
    if budget.get("min") is not None and budget.get("max") is not None and budget["min"] > budget["max"]:
        data["budget_monthly_usd"] = {**budget, "min": None}
    data["confidence"] = {**old.confidence, **new.confidence}
    data["spec_status"] = "ok" if (data["location"] or data["budget_monthly_usd"] or data.get("budget_ppsf_year")) \
        else "underconstrained"
    return SearchSpec.model_validate(data)


def spec_from_model(text: str, model: Any) -> tuple[SearchSpec | None, str | None]:
    """Ask the model for a SearchSpec: (spec, None), or (None, why it failed) on garbage, invalid JSON, a schema
    violation, a timeout or an HTTP error."""
    try:
        result = model.with_structured_output(SearchSpec).invoke(SPEC_PROMPT.format(message=text))
        spec = result if isinstance(result, SearchSpec) else SearchSpec.model_validate(result)
    except Exception as exc:
        log.warning("model spec failed, using the deterministic parse: %s", type(exc).__name__)
        return None, f"{type(exc).__name__}: {str(exc)[:120]}"
    status = "ok" if (spec.location or spec.budget_monthly_usd or spec.budget_ppsf_year) else "underconstrained"
    return spec.model_copy(update={"spec_status": status}), None


def spec_with_model(text: str, model: Any) -> SearchSpec | None:
    """Ask the model for a SearchSpec; None on any failure (garbage, invalid JSON, an exception)."""
    return spec_from_model(text, model)[0]


def read_spec(text: str, model: Any = None) -> tuple[SearchSpec, dict[str, Any]]:
    """The spec of a message, from the model when it gives a usable one, else from the rules; always through the
    fair-housing guard.

    Returns:
        (spec, {"source": "model" | "rules", "model_error": why the model's spec was not used (when it was asked),
        "protected": removed protected-class values, "unknown": dropped names that are no amenity we know}).
    """
    origin: dict[str, Any] = {"source": "rules"}
    if model is not None:
        model_spec, error = spec_from_model(text, model)
        if model_spec is not None:
            guarded, protected, unknown = guard_spec(model_spec, place_names().values())
            if guarded.model_dump(exclude={"confidence", "spec_status", "currency"}, exclude_defaults=True):
                return guarded, {"source": "model", "protected": protected, "unknown": unknown}
            error = "no usable criteria after the fair-housing guard"
        origin["model_error"] = error
    spec, protected, unknown = guard_spec(parse_spec(text), place_names().values())
    return spec, {**origin, "protected": protected, "unknown": unknown}


def clarifying_question(spec: SearchSpec, lang: str | None = "en") -> str:
    """ONE question naming what is missing (place and budget), echoing what was understood (in English)."""
    understood = describe_spec(spec)
    return i18n_phrase("ask_area_budget", lang, lead=f"Got it — {understood}. " if understood else "")


def describe_spec(spec: SearchSpec) -> str:
    """A short human summary of a spec ('2 bedrooms in park slope, up to $4,600/mo, must have doorman')."""
    parts: list[str] = []
    if spec.min_bedrooms is not None or spec.max_bedrooms is not None:
        lo, hi = spec.min_bedrooms, spec.max_bedrooms
        word = "studio" if lo == hi == 0 else (f"{lo} bedrooms" if lo == hi else
                                              f"{lo if lo is not None else 0}–{hi if hi is not None else '+'} "
                                              f"bedrooms")
        parts.append(word)
    elif spec.kind:
        parts.append(spec.kind)
    if spec.location:
        parts.append("in " + " or ".join(spec.location))
    if spec.min_sqft or spec.max_sqft:
        parts.append(f"{spec.min_sqft or 0:,}–{spec.max_sqft:,} SF" if spec.max_sqft else f"{spec.min_sqft:,}+ SF")
    if spec.budget_monthly_usd:
        b = spec.budget_monthly_usd
        if b.min and b.max:
            parts.append(f"${b.min:,.0f}–${b.max:,.0f}/mo")
        elif b.max:
            parts.append(f"up to ${b.max:,.0f}/mo")
        elif b.min:
            parts.append(f"from ${b.min:,.0f}/mo")
    if spec.must_haves:
        parts.append("must have " + ", ".join(m.replace("_", " ") for m in spec.must_haves))
    if spec.nice_to_haves:
        parts.append("ideally " + ", ".join(m.replace("_", " ") for m in spec.nice_to_haves))
    if spec.term_months:
        parts.append(f"{spec.term_months}-month term")
    return ", ".join(parts)


ADD_PLACE = re.compile(r"\b(?:add|also|as well|plus|include|and also)\b|\btoo\b(?!\s+(?:far|much|many|expensive|pricey|"
                       r"small|big|loud|noisy|long|late|early|high|low|sketchy|busy))|\btambi[eé]n\b|\bagrega\w*\b|"
                       r"أضف|كمان|أيضا", re.I)
# A place set aside in a follow-up ("forget bed stuy", "not Harlem", "drop Astoria"): what follows the verb.
DROP_PLACE = re.compile(r"\b(?:forget(?: about)?|not(?! (?:far|too|more|less|much|sure|that))|"
                        r"no(?! (?:more than|less than|fee|broker))|drop|except|without|exclude|skip|remove|no more)"
                        r"\s+(?:the\s+)?"
                        r"([a-z][a-z .'-]{2,30}?)(?=,|\.|;|!|\?| and\b| just\b| only\b| instead\b|$)", re.I)
NEW_SEARCH = re.compile(r"\b(?:new search|start over|start again|from scratch|forget (?:that|it|those|the last)|"
                        r"something (?:else|different) entirely)\b", re.I)
# Area words every city has: after a Toronto search, "downtown only" narrows Toronto, it does not mean Manhattan.
GENERIC_AREAS = {"downtown", "midtown", "uptown", "city centre", "city center"}
REFINEMENT = re.compile(r"^\s*(what about|how about|and|also|instead|make it|actually|only|now|maybe|or|plus|"
                        r"with|without|under|below|max|in)\b", re.I)


# A question over everything listed, not the results: "overall", "anywhere", "in your inventory", "just curious"
OVERALL = re.compile(r"\b(?:overall|at all|anywhere|(?:in|across) (?:the|your) (?:whole )?(?:inventory|data|listings)|"
                     r"you (?:have|list)|of all|in general|curious)\b", re.I)
IF_NOT_SHOW = re.compile(r"\b(?:if (?:not|no)|otherwise|si no)\b\W+(?:\w+\W+){0,2}?(?:show|find|give|get|list|look "
                         r"for|search for|muestra\w*|busca\w*)\b(?: me)?(.*)", re.I)
IF_NOT_CANCEL = re.compile(r"\b(?:if (?:not|no)|otherwise|si no)\b.{0,20}\bcancel", re.I)


_SECOND_QUESTION = re.compile(r"\?\s+(?=(?:and|also|plus|oh and|y|adem[aá]s|و)\b)", re.I)


def _two_questions(text: str) -> tuple[str, str] | None:
    """A message of two questions joined by "and" after the first's question mark, each of three words or more."""
    parts = _SECOND_QUESTION.split(text, maxsplit=1)
    if len(parts) != 2 or min(len(p.split()) for p in parts) < 3:
        return None
    second = re.sub(r"^(?:and|also|plus|oh and|y|adem[aá]s|و)\s+", "", parts[1].strip(), flags=re.I)
    return parts[0].strip() + "?", second


def needs_node(state: AgentState, *, model: Any = None, answer: bool = True) -> dict[str, Any]:
    """Graph node: the message (plus the stored spec when it answers our question) -> SearchSpec. With `answer`
    off, a question about the results just shown is not answered from them (the message changes the search)."""
    started = time.perf_counter()
    text = state.get("text", "")
    previous = state.get("spec")
    patch = state.get("spec_patch")
    if patch and previous:
        # A one-click relaxation: the stored spec with the suggested change, no parsing of the button text.
        spec = SearchSpec.model_validate({**previous, **patch})
        return {"spec": spec.model_dump(mode="json"), "awaiting": None, "reply": "", "spec_patch": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "spec_status": spec.spec_status, "relaxed": sorted(patch)}]}
    rental = rental_request(text, state.get("rental"), other_results=bool(state.get("matches")))
    if rental is not None and rental["kind"] != "search" and set(parse_spec(text).location) - GENERIC_AREAS:
        rental = None  # "2br in Williamsburg under $5k" after a Vancouver search is a new NYC search
    if rental is not None:  # a Canadian place or "on REALTOR.CA": the REALTOR.CA source, not the NYC inventory
        return {"rental_request": rental, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "source": "realtor_ca", "request": rental["kind"]}]}
    market = abu_dhabi_search(text, state.get("lang"))
    if market is not None:  # a home on Yas Island: not in our inventory; the market tables say what rents are there
        return {**market, "answered": True, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "source": "abu_dhabi_market"}]}
    english = readable(text)
    pair = pair_named(english, state.get("matches") or []) if answer and previous else None
    if pair is not None and JOINED.search(english):  # "the two on the 6th floor - could we take both and combine?"
        return {"reply": combined(pair), "answered": True, "focus": pair[0]["id"], "awaiting": None,
                "mentioned": [m["id"] for m in pair],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "combined": [m["id"] for m in pair]}]}
    if pair is not None:  # "compare the two university pl ones": those two, by their ids
        english = f"{english} ({pair[0]['id']} and {pair[1]['id']})"
    drafted = draft_unit(english, state) if answer and previous and state.get("matches") and draft_asked(text) \
        else None
    if drafted is not None:  # "write a msg to the agent asking if theyd take 2350": a draft about that unit, no search
        return {"reply": listing_draft(text, drafted, state.get("lang")), "focus": drafted["id"], "answered": True,
                "mentioned": [drafted["id"]], "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "draft_for": drafted["id"]}]}
    both = _two_questions(english) if answer and previous and state.get("matches") else None
    if both is not None and is_edit(both[1]):
        # "does the second one allow cats? and is there anything cheaper than the first one?": the first answered
        # from the results shown, then the search the second changes
        first = needs_node({**state, "text": both[0]}, model=model)
        if first.get("answered"):
            second = needs_node({**state, "text": both[1], "focus": first.get("focus") or state.get("focus")},
                                model=model)
            replies = [first.get("reply", ""), second.get("reply", "")]
            return {**second, "reply": "\n\n".join(r for r in replies if r),
                    "mentioned": list(dict.fromkeys([*(first.get("mentioned") or []),
                                                     *(second.get("mentioned") or [])])),
                    "trace": [*first.get("trace", []), *second.get("trace", [])]}
    about_id = UNIT_ID.search(english) if answer and not state.get("matches") and ABOUT_A_UNIT.search(english) else None
    named_unit = inventory_unit(about_id.group(0).upper()) if about_id else None
    if named_unit is not None:  # "my friend sent me SE-1545, whats the deal with it": that unit, and a search like it
        row = named_unit["row_preview"]
        beds = int(row["bedrooms"]) if row.get("bedrooms") is not None else None
        like = SearchSpec(location=[str(row.get("neighborhood") or "").lower()], min_bedrooms=beds, max_bedrooms=beds,
                          kind=row.get("kind"), budget_monthly_usd={"max": row["rent"]} if row.get("rent") else None)
        return {"reply": unit_details(named_unit, 0, english), "focus": named_unit["id"], "answered": True,
                "matches": [named_unit], "mentioned": [named_unit["id"]], "spec": like.model_dump(mode="json"),
                "awaiting": None, "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                                             "unit_asked_about": named_unit["id"]}]}
    dated = data_age(english, state.get("matches") or []) if answer else None
    if dated is not None:  # "are these prices current tho? feels low": when the listings are from, no new search
        return {"reply": dated, "answered": True, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3), "data_age": True}]}
    asked = parse_spec(english) if answer and DISTANCE_Q.search(english) else None
    if asked is not None and not asked.budget_monthly_usd:
        # "how far is hamilton heights from campus": a question about the area, not a move of the search to it
        around = SearchSpec.model_validate(previous) if previous else asked
        about = asked.model_copy(update={"location": asked.location or around.location,
                                         "min_bedrooms": around.min_bedrooms})
        return {"reply": distance_answer(about, load_inventory()), "answered": True, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "distance_question": about.location}]}
    # the kind is read (a parse) only when an average over everything is asked
    kind = ((previous or {}).get("kind") or parse_spec(english).kind or "apartment") \
        if answer and OVERALL_Q.search(english) else "apartment"
    overall = overall_rates(english, kind, load_inventory()) if answer else None
    if overall is not None:  # "what's the average $/SF across everything you have, so I know if 80 is good"
        return {"reply": overall, "answered": True, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "overall_rates": kind}]}
    stats = area_answer(english, previous)
    if stats is not None and stats[2]:  # "cheapest EV 1brs under 2.6k. also is the LES even cheaper?": both
        search = needs_node({**state, "text": stats[2]}, model=model, answer=answer)
        return {**search, "reply": "\n\n".join(p for p in (stats[0], search.get("reply", "")) if p)}
    if stats is not None:  # "is the EV cheaper than the WV for a 1br on average?": the areas' rents, not units
        # a search shown stays as it was (its budget and must-haves); without one, the areas asked become the search
        search_kept = previous if previous and state.get("matches") else stats[1].model_dump(mode="json")
        return {"reply": stats[0], "spec": search_kept, "answered": True, "awaiting": None,
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "area_stats": stats[1].location}]}
    suite = suite_named(english, load_inventory(), SearchSpec.model_validate(previous)) \
        if previous and answer and state.get("matches") else None
    if suite is not None:  # "who do i talk to for 99 university pl suite 600": that suite, in the list shown or not
        shown_now = list(state["matches"])
        state = {**state, "focus": suite["id"],
                 "matches": shown_now if suite["id"] in {m["id"] for m in shown_now} else [*shown_now, suite]}
    at_building = building_options(english, state.get("matches") or [], previous) if previous and answer else None
    if at_building is not None:  # "and at 345 Seventh Avenue specifically? what options are there in that range?"
        return {"reply": at_building[0], "focus": at_building[1][0], "answered": True, "mentioned": at_building[1],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "building_options": at_building[1]}]}
    deal = GOOD_DEAL.search(english) if previous and answer and state.get("matches") else None
    pointed = (unit_named(english, state["matches"]) or next(
        (m for m in state["matches"] if m["id"] == state.get("focus")), None)) if deal else None
    if pointed is not None:  # "is 3695 for the nolita one a good deal for the area?": against the area's rents
        return {"reply": rent_against_area(pointed), "focus": pointed["id"], "answered": True,
                "mentioned": [pointed["id"]],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "deal_checked": pointed["id"]}]}
    talked_of = state.get("focus") or next((m["id"] for m in state.get("matches") or []), None)
    in_focus = inventory_unit(talked_of) if previous and answer and THAT_BUILDING.search(english) else None
    in_building = best_in_building(english, in_focus, building_units(in_focus)) if in_focus else None
    if in_building:  # "whats the cheapest per sf in that building": every suite there, not only those shown
        named_ids = re.findall(r"\((?:SE|U)-\d+", in_building)
        return {"reply": in_building, "focus": named_ids[0][1:], "answered": True,
                "mentioned": [b[1:] for b in named_ids],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "answered_from_building": named_ids[0][1:]}]}
    pair = the_two(english, state) if previous and answer else None
    compared = money_compared(english, pair) if pair else None
    if compared:  # "¿y cuánto es la diferencia anual entre los dos?": the two toured (or last named), side by side
        return {"reply": compared, "answered": True, "mentioned": [u["id"] for u in pair or []],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "compared": [u["id"] for u in pair or []]}]}
    sums = unit_sums(english, state) if previous and answer else None
    if sums is not None:  # "is the 11.6k one enough for 55 ppl? and whats it per year": computed for that unit
        return {"reply": sums[0], "focus": sums[1][0], "answered": True, "mentioned": sums[1],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "figures_for": sums[1]}]}
    earlier = [*(state.get("earlier") or []), *named_by_id(english, state)]  # "compare the 5k one with SE-7162"
    held = {m["id"] for m in [*(state.get("matches") or []), *earlier]}
    if state.get("focus") and state["focus"] not in held and (talked := inventory_unit(state["focus"])):
        earlier.append(talked)  # the unit just talked of though no list shows it ("and if we negotiate it to $75/sf?")
    answered = (answer_each(english, state.get("matches") or [], state.get("focus"), earlier, state.get("lang"))
                or answer_about_results(english, state.get("matches") or [], state.get("focus"), earlier,
                                        state.get("lang"), tuple(state.get("mentioned") or []))) \
        if (previous and answer) else None
    compared_pair = comparison(english, state.get("matches") or [], state.get("focus"), earlier, inventory_unit) \
        if (previous and answer) else None
    if compared_pair is not None and (answered is None or len(
            set(UNIT_ID.findall(compared_pair[0])) & set(UNIT_ID.findall(answered[0]))) < 2):
        # "that 1900 one ... compare it to the 930 sqft one": an answer about one of the two answers half of it
        answered = compared_pair
    new_places = set(parse_spec(without_referents(text)).location) - set(previous.get("location") or []) \
        if previous and suite is None else set()  # a suite named by its address is no new place
    named_here = unit_named(english, state.get("matches") or []) if new_places else None
    if answer and previous and state.get("matches") and DETAILS_Q.search(english) and new_places and (
            named_here is None or not {str(named_here["row_preview"].get(k) or "").lower()
                                       for k in ("neighborhood", "borough")} & new_places):
        # "back to williamsburg. the 2 bath one that's just over 4k, how far is it from the train?": the place
        # first, then the question about the unit it names, on the new results (by match_rank)
        return {**needs_node(state, model=model, answer=False), "ask_after": english}
    if answered is not None and asks_over_the_set(english) and unit_named(english, state["matches"]) is None \
            and not BETWEEN.search(english) and not COMPARE_PAIR.search(english) \
            and (parse_spec(text).location or re.search(r"\b(?:stretch|go up|up to|raise|increase)\b", english, re.I)
                 or DROPPED_TRANSIT.search(english) or DROP.search(english)
                 or parse_spec(english).max_min_to_subway is not None):
        # "wash heights or inwood is fine. can stretch to 2300. whats the biggest", "biggest one thats under 5 min
        # walk?": the change first, then the question answered on the new results (by match_rank)
        return {**needs_node(state, model=model, answer=False), "ask_after": english}
    if answered is not None and answered[0].startswith("None of those lists") and previous:
        # "any of them with an elevator?": none of the five shown, but maybe further down the same search
        deeper, _, _ = match(SearchSpec.model_validate(previous), load_inventory(), top_n=DEEPER)
        further = others_listing(english, state["matches"], [m.model_dump(mode="json") for m in deeper])
        if further:
            answered = (f"{answered[0]} {further[0]}", further[1])
    if answered is not None and previous and (answered[0].startswith("Of those") or answered[0].startswith("De esos")):
        # "which is the biggest?" over five shown, when the same search has more: the best of all of them too
        searched = SearchSpec.model_validate(previous)
        deeper, _, _ = match(searched, load_inventory(), top_n=DEEPER)
        full = [m.model_dump(mode="json") for m in deeper if m.score >= 100]
        label = "full matches"
        if not full and OVERALL.search(english):
            # nothing fits the search: "the cheapest per square foot then, just curious" is over all we list
            kind = searched.kind or "apartment"
            frame = load_inventory().frame
            full = [{"id": row["unit_id"], "row_preview": preview(row)}
                    for row in frame[frame["kind"] == kind].to_dict("records")]
            label = f"{'office suites' if kind == 'office' else 'apartments'} we list"
        extra = beyond_shown(english, state["matches"], full, state.get("lang"), label)
        if extra:  # the best of the whole search is the one a "book that one" next means
            top = re.search(r"\((?:SE|U)-\d+", extra)
            answered = (f"{answered[0]}\n{extra}", top.group(0)[1:] if top else answered[1])
    if answered is not None and asks_shares(english) and answered[0].startswith(("Of those", "De esos")):
        # "cuál sale más barato por pie cuadrado? y si crecemos a 55 personas, ¿alcanza?": the figures of the one named
        picked = [m for m in [*(state.get("matches") or []), *(state.get("earlier") or [])] if m["id"] == answered[1]]
        asked_before = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)]
        shares = describe(picked[:1], english, people_said([*asked_before, text])) if picked else None
        if shares and shares not in answered[0]:
            answered = (f"{answered[0]}\n{shares}", answered[1])
    if answered is not None:  # "which of those is closest to the subway?": from the results just shown
        answered = (localized_notes(answered[0], state.get("lang")), answered[1])
        out: dict[str, Any] = {"reply": answered[0], "focus": answered[1], "answered": True,
                               "mentioned": list(dict.fromkeys(re.findall(r"\b(?:SE|U)-\d+\b", answered[0]))),
                               "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                                          "answered_from_results": answered[1]}]}
        instead = IF_NOT_SHOW.search(english) if previous and answered[0].startswith("No:") else None
        if instead:  # "does it have a doorman? if not show me doorman ones, same budget": no, so the search changes
            wanted = parse_spec(instead.group(1))
            stored = previous or {}
            musts = list(dict.fromkeys([*stored.get("must_haves", []), *wanted.must_haves]))
            spec = SearchSpec.model_validate({**stored, "must_haves": musts, "spec_status": "ok"})
            return {"spec": spec.model_dump(mode="json"), "view": {}, "awaiting": None,
                    "reply": f"{answered[0]} {required_note(wanted.must_haves) if wanted.must_haves else ''}".strip(),
                    "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "answered_then_edited": answered[1]}]}
        tours = (state.get("plan") or {}).get("actions") or []
        if answered[0].startswith("No:") and IF_NOT_CANCEL.search(text) and tours:
            # "does it have a washer dryer too? if not cancel": it does not, so its tour goes
            kept = [a for a in tours if a["unit_id"] != answered[1]]
            out["plan"] = {**(state.get("plan") or {}), "actions": kept} if kept else None
            out["reply"] += " So I dropped its tour, as you asked." + ("" if kept else " No tours are proposed now.")
        return out
    elsewhere = inventory_named(english, SearchSpec.model_validate(previous)) if previous and answer and (
        DETAILS_Q.search(english) or "?" in english) else None
    if elsewhere is not None:  # "tell me more about the LES one for 2195": a unit of no list shown here, looked up
        return {"reply": unit_details(elsewhere, 0, english), "focus": elsewhere["id"], "answered": True,
                "mentioned": [elsewhere["id"]],
                "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "answered_from_inventory": elsewhere["id"]}]}
    if previous and state.get("matches") and state.get("awaiting") != "spec":
        # "en vez de LIC miro en Astoria": the place after "instead of" goes, the other replaces it
        stated = parse_spec(without_referents(INSTEAD_OF.sub(" instead ", text)))
        edit = edit_search(english, SearchSpec.model_validate(previous), stated, state["matches"], state.get("view"))
        if edit is not None:  # "cheaper", "Greenpoint instead", "sort by price": the search just shown, edited
            unheld = wishes_not_held(english)
            return {"spec": edit.spec.model_dump(mode="json"), "view": edit.view, "awaiting": None,
                    "reply": " ".join([*edit.notes, *([not_filtered(unheld)] if unheld else [])]),
                    "trace": [{"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "spec_status": "ok", "edited": edit.notes}]}
    spec, origin = read_spec(without_referents(text) if previous and state.get("matches") else text, model)
    # After a search, a message is read as a change to it ("like 4k", "2 bedrooms", "ok just 1br's"): what it states
    # replaces, what it leaves out is kept, unless the person starts over.
    after_search = state.get("previous_node") in ("needs", "tour") or bool(state.get("matches"))
    follow_up = state.get("awaiting") == "spec" or (after_search and not NEW_SEARCH.search(text))
    merged = False
    changed: list[str] = []
    if previous and follow_up:
        before = SearchSpec.model_validate(previous)
        if size_restated(text, before, spec):  # "around 10k" after "~10k sf office": the size, not a budget
            spec = spec.model_copy(update={"budget_monthly_usd": None})
        monthly = yearly_budget(text, before.budget_max, spec.budget_max)
        if monthly is not None:  # "if we could stretch to 1.25M?" after "$1.2M a year": a year's rent, as said before
            spec = spec.model_copy(update={"budget_monthly_usd": Budget(min=None, max=monthly)})
        spec = merge_specs(before, spec)
        if ADD_PLACE.search(text) and spec.location != before.location and before.location:
            # "go up to 2000 and add brooklyn too": the place joins the search, it does not replace it
            spec = spec.model_copy(update={"location": list(dict.fromkeys([*before.location, *spec.location]))})
        anywhere = bool(ANYWHERE.search(readable(text)) and not parse_spec(text).location and spec.location)
        if anywhere:  # "up to 3000, any borough": the place leaves the search
            spec = spec.model_copy(update={"location": []})
        gone = {place for m in DROP_PLACE.finditer(readable(text)) for place in parse_spec(m.group(1)).location}
        if gone:  # "forget bed stuy, just bushwick": the place set aside leaves the search
            spec = spec.model_copy(update={"location": [p for p in spec.location if p not in gone]})
        merged = True
        changed = changes(before, spec) if state.get("matches") else []  # said back: what this follow-up changed
        if anywhere:
            changed.append("Area now: anywhere we list.")
    # The same fair-housing guard for every spec, whoever produced it (again after a merge).
    spec, protected, unknown = guard_spec(spec, place_names().values())
    protected, unknown = [*origin.pop("protected"), *protected], [*origin.pop("unknown"), *unknown]
    unknown += [wish for wish in wishes_not_held(english) if wish not in unknown]
    notes: list[str] = list(changed)
    read_landmark = landmark_note(english, spec)
    if read_landmark:
        notes.append(read_landmark)
    if protected or protected_request(text):
        notes.append(PROTECTED_MESSAGE)
    if unknown:
        notes.append(not_filtered(unknown))
    note: dict[str, Any] = {"node": "needs", "ms": round((time.perf_counter() - started) * 1000, 3),
                            "spec_status": spec.spec_status, "merged_with_previous": merged, **origin}
    if protected or unknown:
        note["dropped"] = {"protected": protected, "unknown": unknown}
    sharing = shared_budget(words_to_digits(readable(text)))
    if sharing and spec.budget_max:
        notes.append(f"{sharing} people at ${spec.budget_max / sharing:,.0f} each: I searched for a total rent up "
                     f"to ${spec.budget_max:,.0f}/mo.")
    income = income_budget(words_to_digits(text))
    if income and spec.budget_max == income[1]:
        notes.append(f"Your income of ${income[0]:,.0f} a year supports a rent up to ${income[1]:,.0f}/mo (landlords "
                     f"here usually ask for a yearly income of {INCOME_MULTIPLE}× the monthly rent).")
    if spec.kind == "office" and spec.min_sqft and COMBINE.search(english):
        notes.append(describe_pairs(suite_pairs(spec, load_inventory().frame), spec.min_sqft))
    update: dict[str, Any] = {"spec": spec.model_dump(mode="json"), "trace": [note]}
    if spec.spec_status == "underconstrained":
        update.update(reply="\n\n".join([*notes, clarifying_question(spec, state.get("lang"))]), awaiting="spec",
                      matches=[],
                      relaxations=[], plan=None)
    else:
        # a preference stated ("a high floor for the view") orders the matches; a follow-up keeps the order in force
        order = stated_order(english) or ((state.get("view") or {}).get("sort") if merged else None)
        if order in ORDERS and order != ((state.get("view") or {}).get("sort") if merged else None):
            notes.append(ORDERS[order])
        update.update(awaiting=None, reply="\n\n".join(notes), view={"sort": order} if order else {})
        if asks_over_the_set(readable(text)) and answer:
            # "what's the smallest office you have downtown?": the search, then the question over all it finds
            update["ask_after"] = readable(text)
    return update


def wishes_not_held(text: str) -> list[str]:
    """What the message wishes for that no listing field can show ("furnished", "for 3 months", "wheelchair")."""
    return [label for label, said in WISHES_NOT_HELD if re.search(said, text, re.I)]


def not_filtered(wishes: list[str]) -> str:
    return f"I have no data on {', '.join(repr(w) for w in wishes)}, so I did not filter on it."


_SEVERAL_ASKED = re.compile(r"\b(?:top|first) (?:two|2|three|3)\b|\bboth\b|\ball\b|\beach of\b|\bthe ones\b", re.I)
_THEM = re.compile(r"\bthose\b|\bthem\b|\bthese\b", re.I)


_COMPARED_ONE = re.compile(r"\b(?:the )?(bigger|larger|cheaper|smaller|biggest|largest|cheapest|smallest)"
                           r"(?: one| unit| apartment| place| listing| suite)?\b", re.I)


def draft_unit(text: str, state: AgentState) -> dict[str, Any] | None:
    """The unit a message to its agent is about: named by id (shown or not), "the bigger one" of the units just
    talked of (else of those shown), a unit shown told by a fact, else the one in focus, else the first shown."""
    for unit_id in dict.fromkeys(u.upper() for u in UNIT_ID.findall(text)):
        if (unit := inventory_unit(unit_id)) is not None:
            return unit
    shown = state.get("matches") or []
    pool = {m["id"]: m for m in [*shown, *(state.get("earlier") or [])]}
    mentioned = [pool[i] for i in dict.fromkeys(state.get("mentioned") or []) if i in pool]
    which = _COMPARED_ONE.search(text)
    most = which.group(1).lower() if which else None
    if most and len(mentioned) >= 2:  # "going with the bigger one" after two were compared
        return _pick(mentioned, most)
    named = unit_named(text, shown, tuple(state.get("mentioned") or ()))
    if named is not None:
        return named
    if most and shown:
        return _pick(shown, most)
    return pool.get(state.get("focus") or "") or inventory_unit(state.get("focus")) or (shown[0] if shown else None)


def named_by_id(text: str, state: AgentState) -> list[dict[str, Any]]:
    """Units a message names by id that are in no list shown ("compare the 5k one with SE-7162"), as list items."""
    seen = {m["id"] for m in [*(state.get("matches") or []), *(state.get("earlier") or [])]}
    rows = [(unit_id, load_inventory().row(unit_id)) for unit_id in
            dict.fromkeys(m.upper() for m in UNIT_ID.findall(text)) if unit_id not in seen]
    return [{"id": unit_id, "row_preview": preview(row)} for unit_id, row in rows if row is not None]


def unit_sums(text: str, state: AgentState) -> tuple[str, list[str]] | None:
    """(the figures asked, the units' ids) when a follow-up asks arithmetic about units it names ("the 4 bed one,
    split 3 ways?", "total cost for 6K over 3 years"); None otherwise (the other answers and edits read it)."""
    pool = [*(state.get("matches") or []), *(state.get("earlier") or [])]
    if not pool or not asks_figures(text):
        return None
    focus = next((m for m in pool if m["id"] == state.get("focus")), None)
    meant = units_meant(text, pool, focus, load_inventory(), shown=len(state.get("matches") or []),
                        mentioned=tuple(state.get("mentioned") or []))
    spec = SearchSpec.model_validate(state["spec"]) if state.get("spec") else None
    if len(meant) > 1 and spec is not None and len({m["row_preview"]["address"].split(",")[0] for m in meant}) == 1:
        # several suites at the address named: the one the search's size range fits, when one does
        sized = [m for m in meant if (m["row_preview"].get("sqft") or 0) >= (spec.min_sqft or 0)
                 and (m["row_preview"].get("sqft") or 0) <= (spec.max_sqft or float("inf"))]
        meant = sized if len(sized) == 1 else meant
    shown = state.get("matches") or []
    if not meant and focus is None and shown and re.search(r"\bper (?:person|head)\b", text, re.I) \
            and re.search(r"\b(?:that|it|this)\b", text, re.I) and not is_edit(text) and not re.search(
                r"\bsplit\b|\bways\b|\beach\b", text, re.I):
        meant = [shown[0]]  # "per person what does that come out to?" after a list: its first unit, the one said first
    plural = _SEVERAL_ASKED.search(text) or (meant and meant[0] is focus and _THEM.search(text))
    if not meant or (len(meant) == 1 and plural):
        return None
    ids = {m["id"] for m in pool}
    if len(meant) == 1 and meant[0]["id"] in ids and not asks_shares(text):
        return None  # a year or N years of one unit shown: the answers about that unit say it, with its details
    said = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)]
    reply = describe(meant, text, people_said([*said, text]))
    if reply and state.get("lang") in UNHELD_LANGS:
        reply += unheld_notes(text, reply)  # "whats that per person, and is heat included?"
    return (reply, [m["id"] for m in meant]) if reply else None


ABU_DHABI_NOTE = {
    "en": "Our listings are in New York and Canada, so I can't show homes to rent in {place}. Here is what the Abu "
          "Dhabi market tables say about rents there:",
    "ar": "قوائمنا في نيويورك وكندا، لذلك لا أستطيع عرض مساكن للإيجار في {place}. هذا ما تقوله جداول سوق أبوظبي عن "
          "الإيجارات هناك:",
}


def abu_dhabi_search(text: str, lang: str | None) -> dict[str, Any] | None:
    """A search for a home in Abu Dhabi (Yas Island, Al Reem Island) with no place of ours in it: say so, and answer
    from the Abu Dhabi market tables (projects whose rents fit, or the rent levels) instead of New York results."""
    from agents.market.places import MAY_NAME_A_PLACE, mentions

    if not MAY_NAME_A_PLACE.search(text) or parse_spec(text).location:
        return None  # the usual New York or Canadian search: the market tables are never loaded for it
    from agents.market.analytics import analytics_turn  # local: the market tables load only when needed

    places = [m for m in mentions(text, kinds=("district", "municipality"))]
    if not places:
        return None
    arabic = lang == "ar"
    turn = analytics_turn(text, lang="ar" if arabic else None)
    if not any("error" not in c["result"] for c in turn["market"]["calls"]) and not turn["market"]["question"]:
        return None
    place = places[0].place.name_ar if arabic and places[0].place.name_ar else places[0].place.display
    note = ABU_DHABI_NOTE["ar" if arabic else "en"].format(place=place)
    return {"reply": f"{note}\n\n{turn['reply']}", "market": turn["market"]}


THE_TWO = re.compile(r"\b(?:the|those|these) (?:two|2)\b|\bboth\b|\b(?:los|las) dos\b|\bamb[oa]s\b|"
                     r"\bbetween them\b|\bentre ellos\b", re.I)


def the_two(english: str, state: AgentState) -> list[dict[str, Any]] | None:
    """The two units "the two" means: the two tours just proposed, else the two units the last answer named."""
    if not THE_TWO.search(english):
        return None
    pool = [*(state.get("matches") or []), *(state.get("earlier") or [])]
    toured = [a["unit_id"] for a in (state.get("plan") or {}).get("actions") or []]
    ids = toured if len(toured) == 2 else list(state.get("mentioned") or [])
    if len(ids) != 2:
        return None
    units = [next((m for m in pool if m["id"] == i), None) for i in ids]
    return [u for u in units if u is not None] if all(units) else None


THAN_A_UNIT = re.compile(r"\bthan (?:the|that|this|my|our) (?:\w+ ){0,2}(?:one|unit|place|apartment|apt|listing|"
                         r"suite)\b|\bthan (?:#\d|(?:SE|U)-\d+)|\bthan (?:it|that)\b", re.I)
UNIT_PICK = re.compile(r"\bwhich (?:one |of (?:them|those|these) )?(?:gives?|has|offers?|gets?|is)\b.{0,25}\b(?:the )?"
                       r"most\b", re.I)


def _about(english: str, previous: dict[str, Any] | None) -> SearchSpec:
    """The area and size a question names, else those of the search before."""
    stated = parse_spec(english)
    earlier = SearchSpec.model_validate(previous) if previous else None
    if earlier is None or stated.location:
        return stated
    return stated.model_copy(update={"location": earlier.location, "min_bedrooms": stated.min_bedrooms if
                                     stated.min_bedrooms is not None else earlier.min_bedrooms})


def area_answer(english: str, previous: dict[str, Any] | None) -> tuple[str, SearchSpec, str] | None:
    """(the answer, the spec it was read over, the rest of the message when it also asks a search) for a question
    about areas' rents or a unit's list price; the areas and size said, else those of the search before ("and
    which gives you more space for the money"). "cheapest EV 1brs under 2.6k. also is the LES even cheaper?" is
    a search (the rest) and a comparison of the LES with the EV."""
    about = _about(english, previous) if PREMIUM_Q.search(english) else None
    premium = amenity_premium(english, about, load_inventory()) if about is not None else None
    if about is not None and premium:  # "do astoria 1brs with those amenities actually cost more?": with vs without
        return premium, about, ""
    if not (AVERAGE_Q.search(english) or LIST_PRICE_Q.search(english)):
        return None
    if THAN_A_UNIT.search(english):
        return None  # "anything cheaper than the first one?": units under that one's rent, not the areas' averages
    if UNIT_PICK.search(english) and not parse_spec(english).location:
        return None  # "which gives me the most space for the money": one of the units shown, not the area's figures
    sentences = [s for s in re.split(r"(?<=[.?!;])\s+|\s+also\s+", english) if s.strip()]
    asked = " ".join(s for s in sentences if AVERAGE_Q.search(s) or LIST_PRICE_Q.search(s))
    rest = " ".join(s for s in sentences if not (AVERAGE_Q.search(s) or LIST_PRICE_Q.search(s)))
    if LIST_PRICE_Q.search(english):
        rest = ""  # "got a vacant 2br in bushwick ... what should i list it at": the unit described, no search
    searched = parse_spec(rest) if rest else None
    if searched is not None and not (searched.budget_monthly_usd or searched.location or searched.must_haves):
        rest, searched = "", None  # "like on average": no search beside the question
    stated = parse_spec(english if LIST_PRICE_Q.search(english) else asked)
    spec = stated
    earlier = SearchSpec.model_validate(previous) if previous else None
    around = searched or earlier  # the area the question is set against
    if around is not None:
        sized = next((s for s in (stated, searched, earlier) if s is not None and s.min_bedrooms is not None), stated)
        spec = stated.model_copy(update={
            "location": list(dict.fromkeys([*stated.location, *(around.location if searched or not stated.location
                                                                 else [])])) or around.location,
            "min_bedrooms": sized.min_bedrooms, "max_bedrooms": sized.max_bedrooms})
    inventory = load_inventory()
    said = list_price(english, spec, inventory) or compare_areas(asked, spec, inventory)
    if said is None:
        return None
    kept = spec.model_copy(update={"kind": spec.kind or "apartment", "spec_status": "ok"})
    return said, kept, rest


def needs_target(state: AgentState) -> str:
    """Conditional edge after needs: rank when the spec is usable, else end the turn on the question (or on the
    answer about the results just shown)."""
    if state.get("answered"):
        return "end"
    if state.get("rental_request"):
        return "rental"
    status = (state.get("spec") or {}).get("spec_status")
    if status == "ok":
        return "match_rank"
    if status == "underconstrained":
        return "end"
    raise ValueError(f"unknown spec status: {status!r}")
