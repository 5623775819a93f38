"""Arithmetic on a rate the previous reply quoted from the lease: "so if we run 6-10pm on 15 weeknights what's that
cost?" after "After-hours HVAC service is available ... at a charge of $85.00 per hour" is 4 × 15 × $85.00.

Only the lease's own rate and the person's own quantities are used; anything missing (no rate quoted, no quantity
said) leaves the question to the clause search.
"""

from __future__ import annotations

import re
from typing import Any

from agents.textnum import words_to_digits

COST_Q = re.compile(r"\bhow much\b|\bwhat(?:'s| is| would| will|d)?\b.{0,40}\b(?:cost|come to|run (?:us|me)|total|"
                    r"charge|bill|pay)\b|\b(?:cost|total)\b.{0,20}\?|\bcu[aá]nto\b|كم (?:سيكلف|التكلفة|ندفع)", re.I)
# "$85.00 per hour", "$150 a day", "$25 per night"
RATE = re.compile(r"\$\s?([\d,]+(?:\.\d{1,2})?)\s*(?:per|an?|/|each)\s*(hour|hr|night|evening|day|week|month)\b",
                  re.I)
# "6-10pm", "from 6 to 10 pm", "6pm to 10pm"
_SPAN = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to|until|till)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b",
                   re.I)
_HOURS = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:hours?|hrs?)\b", re.I)
_COUNT = re.compile(r"\b(\d+)\s*(?:more\s+)?(week ?nights?|nights?|evenings?|days?|weekdays?|times|weekends?|"
                    r"saturdays?|sundays?|sessions?)\b", re.I)


def _span_hours(text: str) -> float | None:
    """Hours in a time span said ("6-10pm" is 4), or None."""
    span = _SPAN.search(text)
    if span is None:
        return None
    start, end = int(span.group(1)) + int(span.group(2) or 0) / 60, int(span.group(4)) + int(span.group(5) or 0) / 60
    start_pm = (span.group(3) or span.group(6) or "").lower() == "pm" and start < 12
    end_pm = (span.group(6) or "").lower() == "pm" and end < 12
    start, end = start + (12 if start_pm else 0), end + (12 if end_pm else 0)
    if end <= start:
        end += 12
    hours = end - start
    return hours if 0 < hours <= 24 else None


_CITED = re.compile(r"\(page (\d+), ([^)]+?)\): \"")


def rate_cost(text: str, previous: str | None) -> tuple[str, list[dict[str, Any]]] | None:
    """(the reply, the citations) for a cost asked on the rate the previous reply quoted from the lease, or None."""
    if not previous or not COST_Q.search(text):
        return None
    rate = RATE.search(previous)
    cited = [m for m in _CITED.finditer(previous) if m.start() < rate.start()] if rate else []
    if rate is None or not cited:  # a rate the lease states, quoted with its page
        return None
    said = words_to_digits(text)
    price, unit = float(rate.group(1).replace(",", "")), rate.group(2).lower()
    count = _COUNT.search(said)
    steps: list[str] = []
    if unit in ("hour", "hr"):
        hours = _span_hours(said)
        if hours is None and (found := _HOURS.search(said)):
            hours = float(found.group(1))
        if hours is None:
            return None
        steps.append(f"{hours:g} hour{'s' if hours != 1 else ''}")
        total = price * hours
    else:
        if count is None:
            return None
        total = price
    if count is not None:
        steps.append(f"{count.group(1)} {count.group(2).lower()}")
        total *= int(count.group(1))
    steps.append(f"${price:,.2f}" + (" an hour" if unit in ("hour", "hr") else f" a {unit}"))
    citations = [{"page": int(cited[-1].group(1)), "section": cited[-1].group(2)}]
    where = f"page {citations[0]['page']}, {citations[0]['section']}"
    reply = (f"{' × '.join(steps)} = **${total:,.2f}**, at the rate the lease states ({where}): "
             f"\"{rate.group(0)}\". Check the lease for any notice it asks (e.g. a request in advance) before you "
             "count on it.")
    return reply, citations
