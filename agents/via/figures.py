"""The arithmetic a follow-up asks about the units it names: a rent split N ways or per bedroom, a year or N years
of rent, square feet per person against the office rule of thumb, the rent at another $/SF.

"is the 11.6k one enough for 55 ppl? and whats it per year", "total cost for 6K over a 3 yr deal", "the 4 bed one,
split 3 ways?", "cost per bedroom for the 4br vs the cheap 3br", "what would 113 university cost at $85/sf". The
units come from `referents`; the figures are computed here from the listing, never searched again.
"""

from __future__ import annotations

import re
from typing import Any

from agents.cues import A_YEAR, SF_PER_PERSON, UNITS_COMPARED
from agents.textnum import words_to_digits

Unit = dict[str, Any]

_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5}
# how many people: "55 ppl", "3 of us", "split 3 ways", "80 employees"
PEOPLE = re.compile(r"\b(\d{1,4})[\s-]*(?:people|ppl|persons?|personas|employees|empleados|staff|heads|seats|of us|"
                    r"roommates|roomies|guys|folks|adults|workers|attorneys|lawyers|students|engineers)\b|"
                    r"\bsplit (\d|two|three|four|five|six) ways\b|"
                    r"\b(\d|two|three|four|five|six) ways\b|\bbetween (?:the )?(\d|two|three|four|five|six) of us\b",
                    re.I)
_PER_PERSON = re.compile(r"\bper (?:person|head|roommate|pp|employee|staff(?:er| member)?|worker|seat|desk)\b|\beach\b|"
                         r"\bsplit\b|\bways\b|\bpor (?:persona|empleado)\b|"
                         r"\bلكل شخص\b", re.I)
_PER_BEDROOM = re.compile(r"\bper (?:bed ?room|br|bed|room)\b|\bpor (?:habitaci[oó]n|dormitorio)\b|لكل غرفة", re.I)
_FITS = re.compile(r"\benough (?:space |room |sf )?for\b|\b(?:fit|fits|hold|seat)\s+\d|\bbig enough\b|"
                   r"\balcanza\b|\bsf (?:per|a) (?:person|head)\b", re.I)
# "how many people would that fit?": the headcount a space holds, by the rule of thumb
_CAPACITY = re.compile(r"\bhow many (?:people|ppl|persons|staff|employees|desks|seats|workstations|heads)\b.{0,25}"
                       r"\b(?:fit|fits|hold|holds|seat|seats|take|takes|accommodate)\b|\bcapacity\b|"
                       r"\bcu[aá]ntas personas\b|\bكم شخص\b", re.I)
_YEARS = re.compile(r"\b(\d{1,2})[- ]?(?:years?|yrs?)\b", re.I)
# a monthly figure asked about units named ("whats monthly on the $80 ones"), not a budget stated "a month"
_MONTHLY = re.compile(r"\bwhat'?s (?:the )?monthly\b|\bmonthly (?:on|for)\b|\bhow much (?:a|per) month\b|"
                      r"\bcu[aá]nto (?:ser[ií]a |es |sale )?al mes\b|\bالإيجار الشهري\b", re.I)
_TOTAL = re.compile(r"\btotal\b|\bcost\b|\bover\b|\bdeal\b|\bterm\b|\ball in\b", re.I)
_RATE = re.compile(r"\$?\s?(\d{2,3}(?:\.\d+)?)\s*(?:/|per\s*|a\s*)\s*(?:sf|sq\.?\s?ft|square foot|foot)\b", re.I)
_IF_RATE = re.compile(r"\bif\b|\bat\b|\bdown to\b|\bnegotiat\w*|\bget (?:it|them)\b|\bwould\b|\bsi\b", re.I)


_N = r"(\d|two|three|four|five|dos|tres|cuatro|cinco)"
# the speaker and N others: "me + 2 roommates", "my 2 roommates and i", "yo y dos amigos" are N + 1 people
_AND_ME = re.compile(rf"\b(?:me|i|myself|yo)\s*(?:\+|and|&|plus|y|with)\s*(?:my\s+|mis\s+)?{_N}\s+"
                     r"(?:roommates|roomies|friends|flatmates|mates|others|people|amig[oa]s|compañer[oa]s)\b|"
                     rf"\b(?:my\s+|mis\s+)?{_N}\s+(?:roommates|roomies|friends|flatmates|mates|amig[oa]s|compañer[oa]s)"
                     r"\s+(?:and|&|\+|plus|y)\s+(?:me|i|myself|yo)\b", re.I)


def with_me(text: str) -> int | None:
    """How many people "me + 2 roommates" is (3), or None when the message does not count itself in that way."""
    found = _AND_ME.search(text)
    if found is None:
        return None
    said = (found.group(1) or found.group(2)).lower()
    return (_COUNT.get(said) or int(said)) + 1


def people_said(texts: list[str]) -> int | None:
    """The number of people the conversation last stated ("3 of us", "we're ~55 people", "me + 2 roommates"),
    newest first."""
    for text in reversed(texts):
        counted = with_me(text)
        if counted is not None:
            return counted
        found = PEOPLE.search(words_to_digits(text))
        if found:
            said = next(g for g in found.groups() if g)
            return _COUNT.get(said.lower()) or int(said)
    return None


def asks_figures(text: str) -> bool:
    """Whether a message asks for arithmetic on a unit (per person, per bedroom, a year, N years, fits N people,
    at another $/SF)."""
    text = words_to_digits(text)
    return bool(_PER_PERSON.search(text) or _PER_BEDROOM.search(text) or A_YEAR.search(text) or _FITS.search(text)
                or _MONTHLY.search(text) or _CAPACITY.search(text)
                or (_YEARS.search(text) and _TOTAL.search(text)) or (_RATE.search(text) and _IF_RATE.search(text)))


def asks_shares(text: str) -> bool:
    """Whether a message asks how a rent or a space divides (per person, per bedroom, enough for N people): figures
    the answers about a single unit do not give."""
    text = words_to_digits(text)
    return bool(_PER_PERSON.search(text) or _PER_BEDROOM.search(text) or _FITS.search(text) or _CAPACITY.search(text))


_RULE_OF_THUMB = f"offices usually plan {SF_PER_PERSON[0]}-{SF_PER_PERSON[1]} SF a person, open plan to private offices"


# "assume a broker fee of 15% of annual rent", "a 15% broker fee": a fee on a year's rent, as New York brokers charge
_FEE_ASSUMED = re.compile(r"\bbroker(?:'?s)? fee (?:of |at |is |=\s*)?(\d{1,2}(?:\.\d+)?)\s*%|"
                          r"\b(\d{1,2}(?:\.\d+)?)\s*%\s*(?:broker(?:'?s)? )?fee\b", re.I)


def _money(value: float) -> str:
    return f"${value:,.0f}"


def figures(unit: Unit, text: str, people: int | None) -> list[str]:
    """The figures the message asks for, for one unit (each a short sentence)."""
    text = words_to_digits(text)
    row = unit["row_preview"]
    rent, sqft, beds = row.get("rent"), row.get("sqft"), row.get("bedrooms")
    out: list[str] = []
    rate = _RATE.search(text) if _IF_RATE.search(text) else None
    if rate and sqft:
        at = float(rate.group(1))
        year = at * sqft
        out.append(f"at ${at:g}/SF a year: {_money(year)} a year, {_money(year / 12)} a month ({sqft:,.0f} SF × "
                   f"${at:g})" + (f", ${abs(year / 12 - rent):,.0f} a month {'less' if year / 12 < rent else 'more'} "
                                  f"than the listed {_money(rent)}" if rent else ""))
        rent = year / 12  # what follows (a year, N years, per person) is at that rate
    low, high = SF_PER_PERSON
    if rent and _FITS.search(text) and people and sqft:
        each = sqft / people
        verdict = ("comfortable" if each >= high else "workable" if each >= low else
                   f"tight (under {low} SF a person)")
        out.append(f"{sqft:,.0f} SF for {people} people is about {each:,.0f} SF a person: {verdict} ({_RULE_OF_THUMB})")
    if sqft and _CAPACITY.search(text):
        out.append(f"{sqft:,.0f} SF holds about {sqft / high:,.0f}-{sqft / low:,.0f} people ({_RULE_OF_THUMB})"
                   + (f"; {people} people would have about {sqft / people:,.0f} SF each" if people else ""))
    fee = _FEE_ASSUMED.search(text)
    if rent and fee and not rate:
        # "assume a broker fee of 15% of annual rent on the one that isn't no fee": a year with it, where it applies
        if "no fee" in (row.get("amenities") or []):
            out.append(f"{_money(rent * 12)} for 12 months ({_money(rent)} × 12; listed no-fee, so no broker fee)")
        else:
            charged = float(fee.group(1) or fee.group(2)) / 100 * rent * 12
            out.append(f"{_money(rent * 12 + charged)} for 12 months ({_money(rent)} × 12 + a "
                       f"{float(fee.group(1) or fee.group(2)):g}% broker fee of {_money(charged)}, your assumption)")
    elif rent and A_YEAR.search(text) and not rate:
        out.append(f"{_money(rent * 12)} a year ({_money(rent)} × 12)")
    elif rent and _MONTHLY.search(text) and not rate:
        out.append(f"{_money(rent)} a month ({_money(rent * 12)} a year)")
    years = _YEARS.search(text)
    if rent and years and _TOTAL.search(text) and 1 < int(years.group(1)) <= 20:
        n = int(years.group(1))
        out.append(f"{n} years at that rent: {_money(rent * 12 * n)} (flat; the listing states no escalations, "
                   "operating expenses or free rent)")
    if rent and _PER_PERSON.search(text) and people and 1 < people <= 8 and not _FITS.search(text):
        out.append(f"{_money(rent)} split {people} ways is about {_money(rent / people)} each a month")
    elif rent and _PER_PERSON.search(text) and people and people > 8 and not _FITS.search(text):
        # "per person what does that come out to?" for a team's office: the cost of a seat
        out.append(f"{_money(rent)} a month for {people} people is about {_money(rent / people)} a person a month"
                   + (f" ({sqft / people:,.0f} SF each)" if sqft else ""))
    if rent and _PER_BEDROOM.search(text) and beds:
        out.append(f"{_money(rent)} over {beds:g} bedroom{'s' if beds != 1 else ''} is about {_money(rent / beds)} "
                   "a bedroom a month")
    return out


def describe(units: list[Unit], text: str, people: int | None) -> str | None:
    """The asked figures for each unit named, one line each; None when none could be computed."""
    lines = []
    for unit in units:
        said = figures(unit, text, people)
        if said:
            lines.append(f"**{unit['row_preview'].get('address')}** ({unit['id']}): " + "; ".join(said) + ".")
    return "\n".join(lines) if lines else None


def money_compared(text: str, units: list[Unit]) -> str | None:
    """ "annual difference?" about two units: each one's rent a month and a year, and the gap; None unless the
    message asks a comparison of exactly two units with rents."""
    priced = [u for u in units if u["row_preview"].get("rent")]
    if len(priced) != 2 or not UNITS_COMPARED.search(text):
        return None
    lines = [f"{u['row_preview'].get('address')} ({u['id']}): ${u['row_preview']['rent']:,.0f} a month, "
             f"${u['row_preview']['rent'] * 12:,.0f} a year"
             + (f", {u['row_preview']['sqft']:,.0f} SF" if u["row_preview"].get("sqft") else "") for u in priced]
    one, two = priced
    gap = abs(one["row_preview"]["rent"] - two["row_preview"]["rent"]) * 12
    cheaper = one if one["row_preview"]["rent"] < two["row_preview"]["rent"] else two
    return "\n".join([*lines, f"{cheaper['id']} is ${gap:,.0f} a year cheaper."])
