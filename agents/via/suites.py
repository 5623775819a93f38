"""Two office suites in one building for a need no single suite meets ("30,000 SF, two suites in the same
building is fine"): the pairs that reach the size, with each suite's floor and the rent of both together."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

import pandas as pd

from contracts.search import SearchSpec

COMBINE = re.compile(r"\b(?:two|2|multiple|several) suites\b|\bsame building\b|\bcombin\w*\b|\bconsolidat\w*\b|"
                     r"\bsuites? together\b|\bdos (?:oficinas|suites)\b|\bmismo edificio\b", re.I)
PAIRS_SHOWN = 3


def suite_pairs(spec: SearchSpec, frame: pd.DataFrame, top: int = PAIRS_SHOWN) -> list[dict[str, Any]]:
    """The best pair of suites per building that together reach spec.min_sqft (within the $/SF/yr budget and the
    named neighborhoods when given), closest to the size first, then the lower rent."""
    target = spec.min_sqft or 0
    offices = frame[frame["kind"] == "office"]
    if spec.budget_ppsf_year:
        offices = offices[offices["ppsf_year"] <= spec.budget_ppsf_year]
    places = {p.lower() for p in spec.location}
    named = offices[offices["neighborhood"].str.lower().isin(places)] if places else offices
    offices = named if len(named) else offices  # "Manhattan": every suite we hold is there
    found = []
    for address, group in offices.groupby("address"):
        rows = group.to_dict("records")
        best = None
        for a, b in combinations(rows, 2):
            total = a["sqft"] + b["sqft"]
            if total < target:
                continue
            key = (total - target, a["rent"] + b["rent"])
            if best is None or key < best[0]:
                best = (key, a, b)
        if best:
            found.append({"address": address, "suites": [best[1], best[2]], "sqft": best[1]["sqft"] + best[2]["sqft"],
                          "rent": best[1]["rent"] + best[2]["rent"]})
    found.sort(key=lambda p: (p["sqft"] - target, p["rent"]))
    return found[:top]


def describe_pairs(pairs: list[dict[str, Any]], target: float) -> str:
    """The pairs as a short list: each suite's size, floor and rate, the total and the rent of both."""
    if not pairs:
        return f"No building we hold has two suites that together reach {target:,.0f} SF within your budget."
    lines = [f"**Two suites in one building** reaching {target:,.0f} SF:"]
    for i, pair in enumerate(pairs, start=1):
        a, b = pair["suites"]
        floors = "same floor" if a["floor"] == b["floor"] else "different floors"
        suites = " + ".join(f"Suite {s['suite']} ({s['unit_id']}, {s['sqft']:,.0f} SF, floor {s['floor']}, "
                            f"${s['ppsf_year']:,.0f}/SF/yr)" for s in (a, b))
        lines.append(f"{i}. {pair['address']}: {suites} = {pair['sqft']:,.0f} SF, ${pair['rent']:,.0f}/mo together "
                     f"({floors}).")
    return "\n".join(lines)
