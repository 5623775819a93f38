"""Pure functions over listing dicts (the §4.2 Listing as JSON): narrow, sort, summarize, suggest relaxations,
and group by distance. A missing value never meets a bound (a listing without a stated rent is not "under $2,500").
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# criterion -> (listing field, True when it is a lower bound)
BOUNDS: dict[str, tuple[str, bool]] = {
    "min_bedrooms": ("bedrooms", True),
    "max_bedrooms": ("bedrooms", False),
    "min_bathrooms": ("bathrooms", True),
    "max_bathrooms": ("bathrooms", False),
    "min_sqft": ("sqft", True),
    "max_sqft": ("sqft", False),
    "rent_min": ("price", True),
    "rent_max": ("price", False),
}
TEXT_KEYS = frozenset({"address", "id", "title"})
EARTH_KM = 6371.0088


def filter_rows(rows: Sequence[Mapping[str, Any]], *, criteria: Mapping[str, float | None]) -> list[Mapping[str, Any]]:
    """The rows meeting every set bound (inclusive); a row lacking the field fails that bound."""
    checks: list[tuple[str, float, bool]] = []
    for name, bound in criteria.items():
        if bound is None:
            continue
        field, lower = BOUNDS[name]
        checks.append((field, float(bound), lower))
    if not checks:
        return list(rows)
    out: list[Mapping[str, Any]] = []
    for row in rows:
        for field, bound, lower in checks:
            value = row.get(field)
            if value is None or (value < bound if lower else value > bound):
                break
        else:
            out.append(row)
    return out


def sort_rows(rows: Sequence[Mapping[str, Any]], *, key: str, ascending: bool = True) -> list[Mapping[str, Any]]:
    """Rows ordered by one field; rows without it always come last (either direction); stable otherwise."""
    present = [r for r in rows if r.get(key) is not None]
    missing = [r for r in rows if r.get(key) is None]
    if key in TEXT_KEYS:
        present.sort(key=lambda r: str(r[key]).casefold(), reverse=not ascending)
    elif key == "price":  # a for-sale row's price is an illustrative figure: its asking price orders it exactly
        present.sort(key=lambda r: float(r.get("asking_price") or r["price"]), reverse=not ascending)
    else:
        present.sort(key=lambda r: float(r[key]), reverse=not ascending)
    return present + missing


def _range(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "min": None, "median": None, "mean": None, "max": None}
    return {"count": len(values), "min": min(values), "median": float(statistics.median(values)),
            "mean": round(statistics.fmean(values), 2), "max": max(values)}


def _count_label(value: Any) -> str:
    if value is None:
        return "unknown"
    return f"{value:g}" if isinstance(value, float | int) else str(value)


def _distribution(values: Iterable[Any]) -> dict[str, int]:
    counts = Counter(_count_label(v) for v in values)

    def order(label: str) -> tuple[int, float, str]:
        try:
            return (0, float(label), label)
        except ValueError:
            return (1, 0.0, label)

    return {label: counts[label] for label in sorted(counts, key=order)}


def summarize_rows(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Count, price min/median/mean/max, bedroom and bathroom distributions, size stats, property types."""
    return {
        "count": len(rows),
        "price": _range([float(r["price"]) for r in rows if r.get("price") is not None]),
        "bedrooms": _distribution(r.get("bedrooms") for r in rows),
        "bathrooms": _distribution(r.get("bathrooms") for r in rows),
        "sqft": _range([float(r["sqft"]) for r in rows if r.get("sqft") is not None]),
        "house_category": dict(Counter(r.get("house_category") or "unknown" for r in rows).most_common()),
    }


def suggest_relaxations(rows: Sequence[Mapping[str, Any]], *, criteria: Mapping[str, float | None]) -> list[str]:
    """When the criteria match nothing: each set bound dropped alone, with how many rows that lets in."""
    out: list[tuple[int, str]] = []
    for name, bound in criteria.items():
        if bound is None:
            continue
        others = {k: v for k, v in criteria.items() if k != name}
        added = len(filter_rows(rows, criteria=others))
        if added:
            field, lower = BOUNDS[name]
            word = field.replace("price", "rent")
            out.append((added, f"drop the {'minimum' if lower else 'maximum'} {word} ({bound:g}) → {added} listings"))
    out.sort(key=lambda pair: -pair[0])
    return [label for _, label in out]


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(a)))


def group_nearby(points: Sequence[tuple[float, float] | None], *, radius_km: float = 2.0) -> list[list[int]]:
    """Indices grouped into outings: single-link clusters where each hop is within `radius_km`.

    Points without coordinates are each their own group. Groups keep the input order of their first member.
    """
    parent = list(range(len(points)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(points):
        if a is None:
            continue
        for j in range(i + 1, len(points)):
            b = points[j]
            if b is not None and haversine_km(a[0], a[1], b[0], b[1]) <= radius_km:
                parent[find(j)] = find(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(points)):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])
