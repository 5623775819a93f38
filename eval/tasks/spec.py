"""Task 'spec': text -> SearchSpec; metric: Spec F1 (macro over fields, and per field)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.via.needs import parse_spec, read_spec
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import spec_f1


def predict(case: Case, _case_dir: Path, model: Any) -> Prediction:
    spec = read_spec(case["text"], model)[0]  # the NeedsAgent's own choice: a usable model spec, else the rules
    return spec.model_dump(mode="json")


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    return spec_f1((p or {}, c["expected"]) for c, p in zip(cases, predictions, strict=True))


register(Task("spec", predict, score))


@register_bench("needs")
def bench_needs() -> dict[str, Any]:
    text = "Looking for a 2 bed 2 bath in Park Slope between $3,800 and $4,600. W/D is a must, dishwasher nice."
    parse_spec(text)
    return percentiles(timings_ms(lambda: parse_spec(text), repeat=300))
