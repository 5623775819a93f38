"""Task 'route': text -> {pipeline, node}; metric: accuracy of (pipeline, node), with a confusion table."""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from agents.manager import route
from agents.route_model import load_route_model
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import accuracy


def predict(case: Case, _case_dir: Path, model: Any, *, learned: bool = False) -> Prediction:
    decision = route(case["text"], has_lease=bool(case.get("has_lease")), previous_node=case.get("previous_node"),
                     awaiting=case.get("awaiting"), model=model, learned=load_route_model() if learned else None)
    return {"pipeline": decision.pipeline, "node": decision.node}


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    pairs = []
    confusion: Counter[str] = Counter()
    for case, prediction in zip(cases, predictions, strict=True):
        expected = (case["expected"]["pipeline"], case["expected"]["node"])
        got = (prediction or {}).get("pipeline"), (prediction or {}).get("node")
        pairs.append((got, expected))
        confusion[f"{expected[1]}→{got[1]}"] += 1
    return {"route_accuracy": accuracy(pairs), "confusion": dict(sorted(confusion.items()))}


register(Task("route", predict, score))
# The same cases through the learned weights (agents/config/route_model.json), reported beside the rules.
register(Task("route_learned", partial(predict, learned=True), score))


@register_bench("route")
def bench_route() -> dict[str, Any]:
    texts = ["looking for a 1br in astoria under 2500", "the sink is leaking under the cabinet",
             "can I book a tour of SE-1545 saturday", "what is the late fee in my lease?"]
    return percentiles(timings_ms(lambda: [route(t) for t in texts], repeat=200)) | {"messages_per_call": 4}
