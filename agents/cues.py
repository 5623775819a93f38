"""Message cues the router and the nodes share (kept apart so that no node imports the router)."""

from __future__ import annotations

import re
from typing import Any

# A visit asked for: "book", "tour", "viewing", "agenda una visita", "احجز"
TOUR_WORDS = re.compile(r"\b(?:book|tours?|see it|see them|visit|viewings?|showings?|schedule|hold|visitas?|"
                        r"ag[eé]nd\w*|reserv[ae]\w*)\b|معاينة|زيارة|احجز", re.I)
# A unit of the inventory by its id
UNIT_ID = re.compile(r"\b(?:SE|U)-\d+\b", re.IGNORECASE)

# A market's own places, by name (a statistic about them is a market question even right after a search).
MARKET_PLACE = re.compile(r"\b(?:yas|reem|abu ?dhabi|saadiyat|dubai|hdb|singapore)\b|ياس|الريم|ريم|ظبي|أبوظبي|دبي",
                          re.I)
# The tours just proposed, at another time.
ANOTHER_TIME = re.compile(r"\b(?:another|a different|other|new|later|earlier) (?:time|day|slot)\b|\binstead\b|"
                          r"\breschedul\w*|\bmove (?:it|that|this|the tour|them|the viewing)\b|\bchange the time\b|"
                          r"\bmake (?:it|that) \d|\bshift (?:it|that|the viewing|the tour)\b|"
                          r"\bpush (?:it|that|the tour) (?:back|to)\b", re.I)
# What to ask for a flat just valued ("should I list it higher than that estimate?")
LISTING_PRICE = re.compile(r"\b(?:list|sell|price|ask|put) (?:it|the flat|my flat|ours?) (?:\w+ ){0,3}?(?:higher|lower|"
                           r"above|below|at|for)\b|\basking price\b|\broom to negotiate\b|\blist(?:ing)? price\b|"
                           r"\blist (?:it )?(?:at|for) \$?\d|"
                           r"\b(?:(?:should|shall|can|could) (?:i|we)|(?:i|we) (?:should|could|can|will|'ll)) "
                           r"(?:ask|list|sell|price|put)\b(?: (?:it|the flat|ours?))?(?: (?:for|at))?\s+\$?\d", re.I)


def address_named(text: str, address: str) -> bool:
    """The message names this address by its number and street ("53 pearl" for "53 Pearl St, Suite 8")."""
    found = re.match(r"\s*(\d+[a-z]?)(?:-\d+)?\s+(?:(?:e|w|n|s|east|west|north|south)\.?\s+)?"
                     r"(\d+(?:st|nd|rd|th)|[a-z]{3,})", address, re.I)
    if not found:
        return False
    return re.search(rf"\b{re.escape(found.group(1))}\s+(?:(?:e|w|n|s|east|west|north|south)\.?\s+)?"
                     rf"{re.escape(found.group(2))}", text, re.I) is not None


def street_named(text: str, address: str) -> bool:
    """The message names this address's street without its number ("the pearl st one", "water st")."""
    found = re.match(r"\s*\d+[a-z]?(?:-\d+)?\s+(?:(?:e|w|n|s|east|west|north|south)\.?\s+)?"
                     r"(\d+(?:st|nd|rd|th)|[a-z]{3,})\s+(st|street|ave|avenue|pl|place|blvd|rd|road|sq|square|way|lane)\b",
                     address, re.I)
    if not found:  # a street with no type ("1674 Broadway", "Bowery"): named as "the broadway one"
        bare = re.match(r"\s*\d+[a-z]?(?:-\d+)?\s+([a-z]{4,})\s*(?:,|$)", address, re.I)
        return bare is not None and re.search(rf"\b(?:the|that|this) {re.escape(bare.group(1))} (?:one|space|suite|"
                                              rf"office|building|unit)\b", text, re.I) is not None
    return re.search(rf"\b{re.escape(found.group(1))}\s+(?:st|street|ave|avenue|pl|place|blvd|rd|road|sq|square|way|"
                     rf"lane)\b|\bthe {re.escape(found.group(1))} (?:one|space|suite|office|building|unit)\b", text,
                     re.I) is not None


def named_at(text: str, unit: dict[str, Any]) -> int:
    """Where the message names this unit's street ("pearl st 2pm and water st after": Pearl first); the end of the
    message when it does not."""
    found = re.match(r"\s*\d+[a-z]?(?:-\d+)?\s+(?:(?:e|w|n|s|east|west|north|south)\.?\s+)?"
                     r"(\d+(?:st|nd|rd|th)|[a-z]{3,})", unit["row_preview"].get("address") or "", re.I)
    where = re.search(rf"\b{re.escape(found.group(1))}\b", text, re.I) if found else None
    return where.start() if where else len(text)


SUITE_SAID = re.compile(r"\b(?:suite|ste\.?|unit|#)\s*([0-9]{1,4}[a-z]?|[a-z]?[0-9]{1,4}|retl|ph\w*)\b", re.I)


def suite_at(number: str, address: str) -> bool:
    """Whether an address is that suite's ("99 University Pl, Suite 600" for "600")."""
    return re.search(rf"\bsuite\s+{re.escape(number)}\b", address, re.I) is not None


def shown_by_address(text: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown units the message names by address ("53 pearl"), else by a street only one of them is on."""
    exact = [m for m in shown if address_named(text, m["row_preview"].get("address") or "")]
    suite = SUITE_SAID.search(text)
    if suite and len(exact) > 1:  # "99 university pl suite 600": that suite of the several at the address
        exact = [m for m in exact if suite_at(suite.group(1), m["row_preview"].get("address") or "")] or exact
    if exact:
        return exact
    by_street = [m for m in shown if street_named(text, m["row_preview"].get("address") or "")]
    streets: dict[str, list[dict[str, Any]]] = {}
    for m in by_street:
        street = re.sub(r"^\s*\d+[a-z]?(?:-\d+)?\s+", "", (m["row_preview"].get("address") or "").split(",")[0])
        streets.setdefault(street.lower(), []).append(m)
    picked = []
    for on_street in streets.values():
        # a street two shown units share names the one that fully matches the search, else neither
        full = [m for m in on_street if (m.get("score") or 0) >= 100]
        if len(on_street) > 1 and len(full) != 1:
            return []
        picked.append(full[0] if len(on_street) > 1 else on_street[0])
    return picked


# "does the old lease hurt me?", "how much does the short lease knock off?": the remaining lease, not a document
LEASE_LEFT_Q = re.compile(r"\b(?:old|short|shorter|remaining|older|low|little|less)\s+lease\b.{0,40}(?:\?|hurt|cost|"
                          r"matter|affect|knock|lower|reduce|impact)|\blease\s+(?:decay|left|remaining)\b.{0,30}\?|"
                          r"\b(?:years?|yrs?|how much|how long)\b.{0,20}\b(?:left|remaining)\b.{0,12}\blease\b",
                          re.I)


# Office space per person, by a common rule of thumb: 150 SF (open plan) to 250 SF (private offices).
SF_PER_PERSON = (150, 250)

# Two or more things compared: "compare", "vs", "what's the diff", "قارن"
UNITS_COMPARED = re.compile(r"\bcompar\w*|\bvs\.?(?!\w)|\bversus\b|\bdiff(?:erence|erent)?\b|\bdiferencia\b|قارن|الفرق",
                            re.I)
# A figure for a year: "per year", "annual", "the first year", "al año"
A_YEAR = re.compile(r"\bper (?:year|yr|annum)\b|\ba year\b|\bannual(?:ly)?\b|\byearly\b|/\s?yr\b|\bfirst year\b|"
                    r"\bal a[nñ]o\b|\bpor a[nñ]o\b|\bprimer a[nñ]o\b|\banual\b|سنوي", re.I)

# What a unit named by its id is like: "whats the deal with it", "tell me about", "info on"
ABOUT_A_UNIT = re.compile(r"\btell me (?:more )?about\b|\bwhat'?s the (?:deal|story|catch)\b|"
                          r"\bwhat do you know about\b|"
                          r"\b(?:more )?(?:info|information|details?) (?:on|about|for)\b|\bthoughts on\b|"
                          r"\bcu[eé]ntame (?:m[aá]s )?(?:de|sobre)\b|\bqu[eé] tal (?:es|est[aá])\b|"
                          r"\binformaci[oó]n (?:de|sobre)\b|\bأخبرني عن\b|\bمعلومات عن\b", re.I)

# A time of the person's day, not of a viewing: "we both leave for work at 7:15", "is it safe walking home at 7am?"
ROUTINE_TIME = re.compile(r"\b(?:leave|leaves|leaving|left|get off|gets off|getting off|off work|start work|"
                          r"starts work|finish work|walk(?:ing)? home|come home|coming home|get home|getting home|"
                          r"wake up|commute|shift (?:starts|ends)|work(?:s)? (?:until|till|til|from))\b"
                          r"(?:\s+(?:for\s+)?\w+){0,2}?\s+(?:at|around|by|until|till)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|"
                          # "i sleep like 9am-5pm", "i work nights 7pm to 7am": the hours of the person's day
                          r"\b(?:i|we) (?:sleep|work|am at work|work nights)\b(?:\s+\w+){0,2}?\s+(?:from\s+)?\d{1,2}"
                          r"(?::\d{2})?\s*(?:am|pm)?\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?",
                          re.I)
