"""Task 'rank': text -> spec -> ranked ids; metrics NDCG@3 and MRR@3 (grades from qrels, or from criteria)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.via.match_rank import match
from agents.via.needs import read_spec
from data.sources.nyc import load_inventory
from eval.judgments import grade_units
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import mrr_at_k, ndcg_at_k

TOP = 10


def predict(case: Case, _case_dir: Path, model: Any) -> Prediction:
    spec = read_spec(case["text"], model)[0]
    items, _relaxations, _full = match(spec, load_inventory(), top_n=TOP)
    return {"ids": [item.id for item in items], "spec": spec.model_dump(mode="json")}


def qrels_of(case: Case) -> dict[str, float]:
    """The case's graded judgments: as given, or derived from its criteria."""
    if case.get("qrels"):
        return {k: float(v) for k, v in case["qrels"].items()}
    return {k: float(v) for k, v in grade_units(case.get("criteria", {}), load_inventory().frame).items()}


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    ndcg, mrr, per_case = [], [], {}
    for case, prediction in zip(cases, predictions, strict=True):
        ranked = (prediction or {}).get("ids", [])
        qrels = qrels_of(case)
        n, m = ndcg_at_k(ranked=ranked, qrels=qrels, k=3), mrr_at_k(ranked=ranked, qrels=qrels, k=3)
        ndcg.append(n)
        mrr.append(m)
        per_case[case["id"]] = {"ndcg@3": round(n, 4), "mrr@3": round(m, 4)}
    count = len(ndcg) or 1
    return {"ndcg@3": sum(ndcg) / count, "mrr@3": sum(mrr) / count, "per_case": per_case}


register(Task("rank", predict, score))
