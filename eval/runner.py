"""Run a task over a case file (one prediction per case, errors recorded per case, then the metrics) or the benches.

Importing this module registers every task (`eval.tasks`) and benchmark (`eval.bench_via`, `eval.bench_load`
and the task modules).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import eval.bench_load
import eval.bench_rental
import eval.bench_via
import eval.tasks  # noqa: F401 - importing registers the tasks and their benchmarks
from eval.benches import BENCHES, ON_DEMAND
from eval.registry import Case, get_task

log = logging.getLogger(__name__)


def read_cases(path: Path) -> list[Case]:
    """JSON Lines cases; a line that is not JSON becomes a case with an error, so the run goes on."""
    cases: list[Case] = []
    for number, line in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            cases.append({"id": f"line-{number}", "_error": f"line {number} is not JSON: {exc.msg}"})
            continue
        if not isinstance(case, dict):
            cases.append({"id": f"line-{number}", "_error": f"line {number} is not a JSON object"})
            continue
        cases.append(case)
    return cases


def predict_all(task_name: str, cases_path: Path, model: Any = None) -> Iterator[dict[str, Any]]:
    """Yield {"id", "prediction"} (or {"id", "prediction": None, "error"}) per case, with its latency."""
    task = get_task(task_name)
    case_dir = cases_path.resolve().parent
    for case in read_cases(cases_path):
        started = time.perf_counter()
        record: dict[str, Any] = {"id": case.get("id")}
        if "_error" in case:
            record.update(prediction=None, error=case["_error"])
        else:
            try:
                record["prediction"] = task.predict(case, case_dir, model)
            except Exception as exc:  # one bad case must not stop the run
                log.warning("case %s failed: %s", case.get("id"), exc)
                record.update(prediction=None, error=f"{type(exc).__name__}: {exc}")
        record["latency_ms"] = round((time.perf_counter() - started) * 1000, 3)
        yield record


def score_file(task_name: str, cases_path: Path, model: Any = None) -> dict[str, Any]:
    """Predict every case and compute the task's metrics (plus errors and latency)."""
    task = get_task(task_name)
    cases = [c for c in read_cases(cases_path) if "_error" not in c]
    records = list(predict_all(task_name, cases_path, model))
    by_id = {r["id"]: r for r in records}
    predictions = [by_id.get(c.get("id"), {}).get("prediction") for c in cases]
    metrics = task.score(cases, predictions)
    latencies = sorted(r["latency_ms"] for r in records)
    metrics["cases"] = len(records)
    metrics["errors"] = sum(1 for r in records if "error" in r)
    if latencies:
        metrics["latency_ms_p50"] = latencies[len(latencies) // 2]
        metrics["latency_ms_p95"] = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    return metrics


def run_benches(names: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Run the named benchmarks (all but the on-demand ones, such as the load test, when None); figures per bench."""
    chosen = names or sorted(set(BENCHES) - ON_DEMAND)
    unknown = [name for name in chosen if name not in BENCHES]
    if unknown:
        raise KeyError(f"unknown bench {', '.join(unknown)}; known: {', '.join(sorted(BENCHES))}")
    return {name: BENCHES[name]() for name in chosen}
