"""Task 'route': text -> {pipeline, node}; metric: accuracy of (pipeline, node), with a confusion table."""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from agents.manager import route
from agents.route_model import load_route_model
from agents.settings import Settings
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import accuracy


def context_of(case: Case, learned: Any = None) -> dict[str, Any]:
    """The conversation context of a case: its own keys, else what its `history` (earlier user turns, oldest
    first) implies: the previous node is where the last earlier turn was routed, in its own context."""
    previous = case.get("previous_node")
    history = [t for t in case.get("history") or [] if isinstance(t, str) and t.strip()]
    if previous is None and history:
        prior: str | None = None
        for turn in history:
            prior = route(turn, has_lease=bool(case.get("has_lease")), previous_node=prior, learned=learned).node
        previous = None if prior == "clarify" else prior
    return {"has_lease": bool(case.get("has_lease")), "previous_node": previous, "awaiting": case.get("awaiting")}


def predict(case: Case, _case_dir: Path, model: Any, *, rules_only: bool = False) -> Prediction:
    weights = None if rules_only or Settings().router == "rules" else load_route_model()
    decision = route(case["text"], **context_of(case, weights), model=model, learned=weights)
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
# The keyword rules alone on the same cases, reported beside what the product does (the learned weights over them).
register(Task("route_rules", partial(predict, rules_only=True), score))


@register_bench("route")
def bench_route() -> dict[str, Any]:
    """One routing decision as the product makes it (the learned weights over the rules, unless ROUTER=rules)."""
    texts = ["looking for a 1br in astoria under 2500", "the sink is leaking under the cabinet",
             "can I book a tour of SE-1545 saturday", "what is the late fee in my lease?"]
    weights = None if Settings().router == "rules" else load_route_model()
    cycle = iter(texts * 400)
    return percentiles(timings_ms(lambda: route(next(cycle), learned=weights), repeat=800, warmup=8)) | {
        "unit": "one message", "router": "learned" if weights else "rules"}
