"""Task 'comps': a valuation request as of a date -> the estimate, range, pool and the comps it used.

Metrics: share of sales within ±5 % and ±10 %, median absolute percentage error, range coverage, and the leak
check (no comp registered in or after the month of as_of). Two baselines run in the same pass over the same
cases, from the sales before as_of only: the town + flat-type median price, and the street's median $/sqm times
the floor area. Bench 'comps': one turn over all rows (p50/p95).
"""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

from agents.market.comps import default_engine
from data.sources.hdb import FLAT_TYPES, month_index
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register

BASELINE_MONTHS = 12  # the baselines look at the same default window as the search


def predict(case: Case, _case_dir: Path, _model: Any) -> Prediction:
    as_of = date.fromisoformat(str(case["as_of"]))
    result = default_engine().run(str(case["text"]), as_of=as_of)
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
    return {"comps": _accuracy(errors) | {"range_coverage": round(covered / max(len(cases), 1), 4)},
            "baseline_town_flat_type_median": _accuracy(town_errors),
            "baseline_street_median_psm": _accuracy(street_errors),
            "leaked_comps": leaks}


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
        times += timings_ms(lambda text=text: engine.run(text, as_of=as_of), repeat=40)
    return percentiles(times) | {"rows": engine.table.size, "cold_first_turn_ms": round(cold_ms, 1)}
