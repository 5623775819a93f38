"""The benchmark registry: stages register a function here; `eval.runner.run_benches` runs them.

It imports nothing of `eval`, so tasks and bench modules can register without an import circle.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

Bench = Callable[[], dict[str, Any]]
BENCHES: dict[str, Bench] = {}
ON_DEMAND: set[str] = set()  # benches that run only when named (long, or needing a server): not in "all"


def register_bench(name: str, *, on_demand: bool = False) -> Callable[[Bench], Bench]:
    """Decorator: add a benchmark (a function returning its figures as a dict) under a name."""

    def wrap(fn: Bench) -> Bench:
        BENCHES[name] = fn
        if on_demand:
            ON_DEMAND.add(name)
        return fn

    return wrap


def timings_ms(fn: Callable[[], Any], *, repeat: int, warmup: int = 2) -> list[float]:
    """Wall times of `repeat` calls in milliseconds (after `warmup` untimed calls)."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def percentiles(values: list[float]) -> dict[str, float]:
    """p50 and p95 of a sample (nearest-rank), rounded for reading."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return {"p50_ms": round(statistics.median(ordered), 3), "p95_ms": round(p95, 3), "n": len(ordered)}

