"""Graded relevance from a case's stated criteria (FORMAT.md): 3 meets all and every nice; 2 meets all;
1 meets location and budget but misses one other criterion; 0 otherwise."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def grade_units(criteria: dict[str, Any], frame: pd.DataFrame) -> dict[str, int]:
    """Unit id -> grade (> 0 only) for every unit of the inventory frame."""
    n = len(frame)
    text = (frame["neighborhood"] + " | " + frame["submarket"] + " | " + frame["borough"] + " | "
            + frame["address"]).str.lower()
    tokens = [t.lower() for t in criteria.get("location", [])]
    location = np.zeros(n, dtype=bool) if tokens else np.ones(n, dtype=bool)
    for token in tokens:
        location |= text.str.contains(token, regex=False).to_numpy()
    budget = criteria.get("budget_max")
    price = (frame["rent"] <= budget).to_numpy() if budget is not None else np.ones(n, dtype=bool)
    others: list[np.ndarray] = []
    with np.errstate(invalid="ignore"):
        if criteria.get("min_sqft") is not None:
            others.append((frame["sqft"] >= criteria["min_sqft"]).to_numpy())
        if criteria.get("max_sqft") is not None:
            others.append((frame["sqft"] <= criteria["max_sqft"]).to_numpy())
        if criteria.get("min_bedrooms") is not None:
            others.append((frame["bedrooms"] >= criteria["min_bedrooms"]).to_numpy())
        if criteria.get("max_bedrooms") is not None:
            others.append((frame["bedrooms"] <= criteria["max_bedrooms"]).to_numpy())
    for must in criteria.get("must", []):
        others.append(frame[_key(must)].to_numpy(dtype=bool) if _key(must) in frame else np.zeros(n, dtype=bool))
    if criteria.get("kind"):
        others.append((frame["kind"] == criteria["kind"]).to_numpy())
    misses = sum((~o).astype(int) for o in others) if others else np.zeros(n, dtype=int)
    nice = [_key(k) for k in criteria.get("nice", [])]
    all_nice = np.ones(n, dtype=bool)
    for key in nice:
        all_nice &= frame[key].to_numpy(dtype=bool) if key in frame else np.zeros(n, dtype=bool)
    base = location & price
    grade = np.where(base & (misses == 0) & all_nice, 3, np.where(base & (misses == 0), 2,
                                                                  np.where(base & (misses == 1), 1, 0)))
    ids = frame["unit_id"].to_numpy()
    return {str(ids[i]): int(grade[i]) for i in np.flatnonzero(grade > 0)}
