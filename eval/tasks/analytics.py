"""Task 'analytics': a direct tool call {tool, args} -> the tool's JSON result; metric: exact figures (every
expected figure found among the result's figures within 0.5 %) and errors where an error is expected."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from agents.market.analytics import analytics_turn
from agents.tools import load_tools
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register

TOLERANCE = 0.005


def predict(case: Case, _case_dir: Path, _model: Any) -> Prediction:
    tools = load_tools()
    if case["tool"] not in tools:
        return {"error": "unknown_tool", "message": case["tool"]}
    return tools[case["tool"]].run(dict(case.get("args") or {}))


def numbers(value: Any) -> list[float]:
    """Every number inside a JSON value."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int | float):
        return [float(value)]
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers(v)]
    return []


def figures_match(expected: list[float], result: dict[str, Any]) -> bool:
    """Every expected figure equals one of the result's headline figures within the tolerance."""
    found = numbers(result.get("figures"))
    return all(any(abs(f - e) <= TOLERANCE * max(abs(e), 1.0) for f in found) for e in expected)


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    right, wrong = [], []
    for case, prediction in zip(cases, predictions, strict=True):
        got = prediction or {}
        expected = case["expected"]
        if expected.get("error"):
            ok = "error" in got
        else:
            ok = "error" not in got and figures_match([float(x) for x in expected.get("figures") or []], got)
        right.append(ok)
        if not ok:
            wrong.append(str(case.get("id")))
    return {"figures_exact": sum(right) / (len(right) or 1), "wrong": wrong}


register(Task("analytics", predict, score))


@register_bench("analytics")
def bench_analytics() -> dict[str, Any]:
    """One analytics turn (router, planner, tool calls, answer), warm."""
    texts = ("How many transactions were there in Yas Island in 2023?", "قارن الإيجارات بين ياس والريم لشقة غرفتين",
             "compare sales on Yas vs Reem in 2024", "supply on Reem from 2025 to 2028")
    return percentiles([t for text in texts for t in timings_ms(partial(analytics_turn, text), repeat=30)])
