"""Task 'comps': a valuation request as of a date -> the estimate, range, pool and the comps it used.

Metrics: share of sales within ±5 % and ±10 %, median absolute percentage error, range coverage, and the leak
check (no comp registered in or after the month of as_of). Two baselines run in the same pass over the same
cases, from the sales before as_of only: the town + flat-type median price, and the street's median $/sqm times
the floor area. Bench 'comps': one turn over all rows (p50/p95).
"""

from __future__ import annotations

import time
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from agents.market.comps import default_engine
from data.sources.hdb import FLAT_TYPES, month_index
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register

BASELINE_MONTHS = 12  # the baselines look at the same default window as the search


def predict(case: Case, _case_dir: Path, model: Any) -> Prediction:
    as_of = date.fromisoformat(str(case["as_of"]))
    result = default_engine().run(str(case["text"]), as_of=as_of, model=model)
    return {
        "estimate": result.estimate, "low": result.low, "high": result.high, "pool_size": result.pool_size,
        "stats": result.stats.model_dump(), "question": result.question,
        "comps": [{"month": c.month, "block": c.block, "street_name": c.street_name, "storey_range": c.storey_range,
                   "floor_area_sqm": c.floor_area_sqm, "resale_price": c.resale_price} for c in result.comps],
    }


def _window(month: np.ndarray, as_of_m: int) -> np.ndarray:
    """Sales in the 12 months before as_of; all earlier sales when that window is empty."""
    recent = (month < as_of_m) & (month >= as_of_m - BASELINE_MONTHS)
    return recent if recent.any() else month < as_of_m


def baselines(expected: dict[str, Any], as_of: date) -> tuple[float | None, float | None]:
    """(town + flat-type median price, street median $/sqm × area) from sales before as_of."""
    t = default_engine().table
    usable = _window(t.month, month_index(as_of))
    seg = usable & (t.town == t.town_code(expected["town"])) & (t.flat_type == FLAT_TYPES.index(expected["flat_type"]))
    town_median = float(np.median(t.price[seg])) if seg.any() else None
    street = usable & (t.street == expected["street_name"])
    street_ft = street & (t.flat_type == FLAT_TYPES.index(expected["flat_type"]))
    pick = street_ft if street_ft.sum() >= 3 else street if street.any() else seg
    street_psm = (float(np.median(t.price[pick] / t.area[pick])) * float(expected["floor_area_sqm"])
                  if pick.any() else None)
    return town_median, street_psm


def _accuracy(errors: list[float | None]) -> dict[str, Any]:
    valid = np.array([e for e in errors if e is not None])
    n = len(errors)
    if n == 0:
        return {"n": 0}
    return {"within_5pct": round(float((valid <= 0.05).sum()) / n, 4),
            "within_10pct": round(float((valid <= 0.10).sum()) / n, 4),
            "median_ape": round(float(np.median(valid)), 4) if len(valid) else None,
            "answered": round(len(valid) / n, 4), "n": n}


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    errors: list[float | None] = []
    town_errors: list[float | None] = []
    street_errors: list[float | None] = []
    covered = leaks = 0
    for case, prediction in zip(cases, predictions, strict=True):
        price = float(case["expected"]["resale_price"])
        as_of = date.fromisoformat(str(case["as_of"]))
        p = prediction or {}
        estimate = p.get("estimate")
        errors.append(abs(estimate - price) / price if estimate else None)
        if estimate and p.get("low") is not None and p["low"] <= price <= p["high"]:
            covered += 1
        cutoff = f"{as_of:%Y-%m}"
        leaks += sum(1 for c in p.get("comps") or [] if str(c.get("month")) >= cutoff)
        town, street = baselines(case["expected"], as_of)
        town_errors.append(abs(town - price) / price if town else None)
        street_errors.append(abs(street - price) / price if street else None)
    return _accuracy(errors) | {"range_coverage": round(covered / max(len(cases), 1), 4), "leaked_comps": leaks,
                                "baseline_town_flat_type_median": _accuracy(town_errors),
                                "baseline_street_median_psm": _accuracy(street_errors)}


register(Task("comps", predict, score))


@register_bench("comps")
def bench_comps() -> dict[str, Any]:
    """One comps turn over all 31,835 rows, each turn timed on its own (engine, index and price model warm, as in
    the running app); the cold first turn (load, index, fit) is reported beside it."""
    started = time.perf_counter()
    engine = default_engine()
    texts = ["what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?",
             "Find comps for 4 rm near Compassvale, ~95 sqm, last 12 months",
             "5 room blk 393 Tampines Avenue 7, 121 sqm, 3rd floor",
             "executive in Bukit Batok, 145 sqm, high floor, lease from 1987",
             "3-room Toa Payoh low floor, at least 50 years lease, under $400k"]
    as_of = date(2026, 4, 1)
    engine.run(texts[0], as_of=as_of)
    cold_ms = (time.perf_counter() - started) * 1000
    times: list[float] = []
    for text in texts:
        times += timings_ms(partial(engine.run, text, as_of=as_of), repeat=40)
    return percentiles(times) | {"rows": engine.table.size, "cold_first_turn_ms": round(cold_ms, 1)}


@register_bench("comps_store")
def bench_comps_store() -> dict[str, Any]:
    """Why the embedded default is numpy: one filtered count (town, flat type, window, sqm band) over the 31,835
    rows, and the fetch of the matching rows into arrays for the rerank and the estimate, as numpy masks against
    an in-memory SQLite table with a (town, flat_type, month) index (the server-less SQL alternative)."""
    import sqlite3

    t = default_engine().table
    town, flat, lo, hi = t.town_code("SENGKANG"), 3, t.month.max() - 12, t.month.max()

    def numpy_count() -> int:
        return int(((t.town == town) & (t.flat_type == flat) & (t.month >= lo) & (t.month < hi)
                    & (np.abs(t.area - 95) <= 5)).sum())

    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE s (town INT, flat_type INT, month INT, area REAL, price REAL)")
    db.executemany("INSERT INTO s VALUES (?,?,?,?,?)", zip(t.town.tolist(), t.flat_type.tolist(), t.month.tolist(),
                                                         t.area.tolist(), t.price.tolist(), strict=True))
    db.execute("CREATE INDEX s_tfm ON s (town, flat_type, month)")
    query = "SELECT COUNT(*) FROM s WHERE town=? AND flat_type=? AND month>=? AND month<? AND ABS(area-95)<=5"

    def sqlite_count() -> int:
        return int(db.execute(query, (town, flat, int(lo), int(hi))).fetchone()[0])

    fetch = query.replace("COUNT(*)", "rowid - 1, area, price, month")

    def numpy_fetch() -> np.ndarray:
        rows = np.flatnonzero((t.town == town) & (t.flat_type == flat) & (t.month >= lo) & (t.month < hi)
                              & (np.abs(t.area - 95) <= 5))
        return np.column_stack([rows, t.area[rows], t.price[rows], t.month[rows]])

    def sqlite_fetch() -> np.ndarray:
        return np.array(db.execute(fetch, (town, flat, int(lo), int(hi))).fetchall(), dtype=np.float64)

    assert numpy_count() == sqlite_count() == len(sqlite_fetch())  # the same answer, or the comparison means nothing
    numpy_ms = percentiles(timings_ms(numpy_count, repeat=300))
    sqlite_ms = percentiles(timings_ms(sqlite_count, repeat=300))
    numpy_f = percentiles(timings_ms(numpy_fetch, repeat=300))
    sqlite_f = percentiles(timings_ms(sqlite_fetch, repeat=300))
    return {"numpy_count_p50_ms": numpy_ms["p50_ms"], "sqlite_count_p50_ms": sqlite_ms["p50_ms"],
            "numpy_fetch_to_arrays_p50_ms": numpy_f["p50_ms"], "sqlite_fetch_to_arrays_p50_ms": sqlite_f["p50_ms"],
            "pool_rows": numpy_count(),
            "table_mb": round(sum(getattr(t, c).nbytes for c in ("month", "town", "flat_type", "storey_low",
                                                                  "storey_high", "storey_mid", "area", "flat_model",
                                                                  "lease_commence", "lease_months", "price",
                                                                  "street_code", "block_code")) / 1e6, 2)}
