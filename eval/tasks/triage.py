"""Task 'triage': repair message -> TriageResult; metrics: category and priority accuracy, P0 recall.

Also checks what makes a P0 more than a label: every predicted P0 must carry safety instructions and a
handoff (reported as p0_actionable, the share of predicted P0s that do).
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from agents.doma.triage import classify
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import accuracy, precision_of, recall_of


def predict(case: Case, _case_dir: Path, model: Any, *, rules_only: bool = False) -> Prediction:
    learned: Any = None if rules_only else "settings"
    return classify(case["text"], model=model, learned=learned).model_dump(mode="json")


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    categories: list[tuple[Any, Any]] = []
    priorities: list[tuple[Any, Any]] = []
    confusion: Counter[str] = Counter()
    missed_p0: list[str] = []
    actionable: list[bool] = []
    for case, prediction in zip(cases, predictions, strict=True):
        got = prediction or {}
        expected = case["expected"]
        categories.append((got.get("category"), expected["category"]))
        priorities.append((got.get("priority"), expected["priority"]))
        confusion[f"{expected['priority']}→{got.get('priority')}"] += 1
        if expected["priority"] == "P0" and got.get("priority") != "P0":
            missed_p0.append(str(case.get("id")))
        if got.get("priority") == "P0":
            actionable.append(bool(got.get("safety_instructions")) and bool(got.get("handoff")))
    return {
        "category_accuracy": accuracy(categories),
        "priority_accuracy": accuracy(priorities),
        "p0_recall": recall_of(priorities, "P0"),
        "p0_precision": precision_of(priorities, "P0"),
        "p0_actionable": sum(actionable) / len(actionable) if actionable else None,
        "missed_p0": missed_p0,
        "priority_confusion": dict(sorted(confusion.items())),
    }


register(Task("triage", predict, score))
# The rules alone on the same cases, reported beside what the product does (rules + the learned model).
register(Task("triage_rules", partial(predict, rules_only=True), score))

BENCH_TEXTS = (
    "strong gas smell by the stove, none of the knobs are on",
    "there's a steady drip coming from the bathroom ceiling corner, I put a bucket under it",
    "no heat since last night and it's 15°F outside",
    "I don't smell gas anymore but the burner will not light",
    "radiator in the living room clanks and bangs every morning when the heat comes on",
    "huele a gas en la cocina",
)


@register_bench("triage")
def bench_triage() -> dict[str, Any]:
    """Latency of one classify() call per message (deterministic path, bundled config)."""
    texts = iter(BENCH_TEXTS * 200)
    figures = percentiles(timings_ms(lambda: classify(next(texts)), repeat=len(BENCH_TEXTS) * 150, warmup=6))
    return figures | {"unit": "one message"}
