"""A New York rent-stabilized unit at renewal, for the manager: the law sets the rent, not the market.

The Rent Guidelines Board's order for the year the renewal lease starts caps the increase for a 1- and a 2-year term
(the tenant chooses), and the owner must offer the renewal 90 to 150 days before the lease ends (Rent Stabilization
Code § 2523.5). The board's rates are not in the data: the manager states them ("suppose it's 3% for 1 yr and 4.5%
for 2 yr") and the offers are computed from them.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

import dateparser

# a unit said to be rent-stabilized (or regulated), and one said not to be
STABILIZED = re.compile(r"\brent[- ](?:stabili[sz]\w*|regulat\w*|controll?ed)\b|\bstabili[sz]ed\b|"
                        r"\brenta (?:estabilizada|regulada|controlada)\b|\bestabilizad[oa]\b|"
                        r"تثبيت الإيجار|إيجار مثبت|rent[- ]stab", re.I)
NOT_STABILIZED = re.compile(r"\b(?:isn'?t|is not|not|no longer|never)\s+(?:been\s+)?(?:rent[- ])?stabili[sz]ed\b|"
                            r"\b(?:de-?stabili[sz]ed|free[- ]market|market[- ]rate (?:unit|apartment|lease))\b", re.I)
RGB_Q = re.compile(r"\b(?:rgb|rent guidelines? board|guidelines?)\b", re.I)
OFFER_WINDOW = (150, 90)  # days before the lease ends: the earliest and the latest day to offer the renewal


def stabilized_unit(history: str) -> bool:
    """Whether the conversation says the unit is rent-stabilized (and not, later, that it is not)."""
    said = [m.start() for m in STABILIZED.finditer(history)]
    denied = [m.start() for m in NOT_STABILIZED.finditer(history)]
    return bool(said) and (not denied or max(said) > max(denied) + 12)


def offer_window(lease_end: str | None, today: date) -> str:
    """When the renewal offer must reach the tenant, from the lease end said ("Feb 28, 2027"), and how long is left."""
    ends = _lease_end(lease_end, today)
    if ends is None:
        return ("The offer must reach the tenant 90 to 150 days before the lease ends (tell me the end date and I "
                "will give the dates).")
    first, last = (ends - timedelta(days=d) for d in OFFER_WINDOW)
    when = (f"{(last - today).days} days from today" if first <= today <= last else
            f"it opens in {(first - today).days} days" if today < first else
            f"that window closed {(today - last).days} days ago: send it at once")
    return (f"The offer must reach the tenant 90 to 150 days before the lease ends ({ends:%b %-d, %Y}): between "
            f"{first:%b %-d} and {last:%b %-d, %Y} ({when}).")


def _lease_end(lease_end: str | None, today: date) -> date | None:
    base = datetime.combine(today, time())
    ends = dateparser.parse(lease_end, settings={"PREFER_DATES_FROM": "future", "RELATIVE_BASE": base}) \
        if lease_end else None
    return ends.date() if ends else None


def rgb_answer(lease_end: str | None, today: date) -> str:
    """'what are the RGB percentages right now': not in the data; which order applies to this renewal."""
    ends = _lease_end(lease_end, today)
    start = ends + timedelta(days=1) if ends else None
    year = (start.year if start.month >= 10 else start.year - 1) if start else None
    which = (f"A renewal lease starting {start:%b %-d, %Y} falls under the order for leases starting Oct 1, {year} "
             f"to Sep 30, {year + 1} (the board votes each June)." if start and year else
             "The order that applies is the one for the year the renewal lease starts (Oct 1 to Sep 30; the board "
             "votes each June).")
    return (f"The Rent Guidelines Board's percentages are not in my data, so I won't guess them. {which} Check that "
            "order on the board's site (rentguidelinesboard.cityofnewyork.us), then give me its 1- and 2-year rates "
            "and I will compute both offers.")


def stabilized_note(lease_end: str | None, today: date, own_terms: bool) -> str:
    """What a manager is told about a stabilized unit before any figure."""
    what = ("Your rates are the offer: check them against the order for the year the lease starts; the market "
            "comparison and the policy's below-market check do not apply." if own_terms else
            "Comparable market rents cannot set it, so 'bringing it to market' is not allowed at renewal. The "
            "board's rates are not in my data: tell me this year's 1- and 2-year percentages and I will compute "
            "both offers.")
    return (f"**The unit is rent-stabilized:** the renewal increase is capped by the NYC Rent Guidelines Board's "
            f"order for the year the new lease starts, and the tenant chooses a 1- or 2-year term on the same "
            f"conditions. {what} {offer_window(lease_end, today)} The owner (and counsel, for anything unusual) signs "
            "off.")
