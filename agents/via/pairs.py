"""Two units shown, named together ("the two university pl ones", "the two on the 6th floor"): compared side by side,
or taken together ("could we take both and combine them?") with their summed size and rent."""

from __future__ import annotations

import re
from typing import Any

from agents.via.refine import on_floor

_TWO_ON_FLOOR = re.compile(r"\b(?:the|both|those|these) (?:two |2 )?(?:ones? |suites |units |spaces )?on (?:the )?"
                           r"(\d{1,2})(?:st|nd|rd|th)?\s*(?:floor|fl)\b", re.I)
_TWO_NAMED = re.compile(r"\b(?:the|both|those|these) (?:two|2) ([a-z0-9][\w .'-]{1,30}?) (?:ones|suites|units|places|"
                        r"apartments|listings)\b", re.I)
JOINED = re.compile(r"\bcombin\w*|\btake (?:them )?both\b|\bput (?:them )?together\b|\bjoin (?:them|the two)\b|"
                    r"\bknock (?:them )?through\b|\bboth together\b|\btogether\b", re.I)


def pair_named(text: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The two shown units a message names as a pair, by floor or by a word of their address or neighbourhood; None
    unless exactly two fit."""
    floor = _TWO_ON_FLOOR.search(text)
    if floor:
        found = on_floor(shown, int(floor.group(1)))
        return found if len(found) == 2 else None
    named = _TWO_NAMED.search(text)
    if named:
        said = named.group(1).lower().strip()
        found = [m for m in shown if said in str(m["row_preview"].get("address") or "").lower()
                 or said in str(m["row_preview"].get("neighborhood") or "").lower()]
        return found if len(found) == 2 else None
    return None


def combined(pair: list[dict[str, Any]]) -> str:
    """Two suites taken together: the summed size and rent, and what the data cannot say (whether they adjoin)."""
    a, b = (m["row_preview"] for m in pair)
    sqft = (a.get("sqft") or 0) + (b.get("sqft") or 0)
    rent = (a.get("rent") or 0) + (b.get("rent") or 0)
    same = a.get("floor") == b.get("floor") and str(a.get("address", "")).split(",")[0] == \
        str(b.get("address", "")).split(",")[0]
    return (f"Together, {a['address']} ({pair[0]['id']}) and {b['address']} ({pair[1]['id']}) are "
            f"{a.get('sqft') or 0:,.0f} + {b.get('sqft') or 0:,.0f} = **{sqft:,.0f} SF** for ${a.get('rent') or 0:,.0f}"
            f" + ${b.get('rent') or 0:,.0f} = **${rent:,.0f} a month** (${rent * 12:,.0f} a year). "
            + ("They are on the same floor, but " if same else "")
            + "whether they adjoin or can be joined into one space is not in the listings: ask the broker.")
