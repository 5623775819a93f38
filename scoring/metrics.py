"""Evaluation metrics, implemented once: ranking (NDCG@k, MRR@k), Spec F1, accuracy and recall."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def dcg(gains: Sequence[float]) -> float:
    """Discounted cumulative gain with linear gains: sum(g_i / log2(i + 1)), i from 1."""
    return sum(g / math.log2(i + 2) for i, g in enumerate(gains))


def ndcg_at_k(*, ranked: Sequence[str], qrels: Mapping[str, float], k: int = 3) -> float:
    """NDCG@k of a ranked id list against graded relevance (ids absent from qrels have grade 0)."""
    ideal = dcg(sorted(qrels.values(), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    return dcg([qrels.get(unit, 0.0) for unit in ranked[:k]]) / ideal


def mrr_at_k(*, ranked: Sequence[str], qrels: Mapping[str, float], k: int = 3, min_grade: float = 2) -> float:
    """Reciprocal rank of the first id of grade >= min_grade within the top k (0 when none)."""
    for position, unit in enumerate(ranked[:k], start=1):
        if qrels.get(unit, 0) >= min_grade:
            return 1.0 / position
    return 0.0


def set_f1(predicted: Iterable[str], expected: Iterable[str]) -> float:
    """F1 of two sets (two empty sets agree fully)."""
    p, e = set(predicted), set(expected)
    if not p and not e:
        return 1.0
    hits = len(p & e)
    if hits == 0:
        return 0.0
    precision, recall = hits / len(p), hits / len(e)
    return 2 * precision * recall / (precision + recall)


def _key(item: str) -> str:
    return str(item).strip().lower().replace("-", "_").replace(" ", "_")


AMENITY_LIST_FIELDS = ("must_haves", "nice_to_haves")


def field_score(name: str, predicted: Any, expected: Any) -> float:
    """One field of Spec F1: lists as sets (F1), numbers within 2 %, strings after lowercasing."""
    if isinstance(expected, list):
        items = predicted if isinstance(predicted, list) else []
        if name in AMENITY_LIST_FIELDS:
            return set_f1(map(_key, items), map(_key, expected))
        return set_f1((str(i).strip().lower() for i in items), (str(e).strip().lower() for e in expected))
    if isinstance(expected, bool) or expected is None:
        return float(predicted == expected)
    if isinstance(expected, int | float):
        if not isinstance(predicted, int | float) or isinstance(predicted, bool):
            return 0.0
        if expected == 0:
            return float(predicted == 0)
        return float(abs(predicted - expected) <= 0.02 * abs(expected))
    return float(str(predicted).strip().lower() == str(expected).strip().lower())


def flatten_spec(spec: Mapping[str, Any]) -> dict[str, Any]:
    """A SearchSpec as JSON -> the flat keys of the eval format (budget_monthly_usd.max -> budget_max)."""
    flat = dict(spec)
    budget = flat.pop("budget_monthly_usd", None) or {}
    flat["budget_min"] = budget.get("min")
    flat["budget_max"] = budget.get("max")
    return flat


def spec_f1(pairs: Iterable[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> dict[str, Any]:
    """Spec F1 over (predicted SearchSpec JSON, expected flat fields) pairs: per field and the macro average."""
    per_field: dict[str, list[float]] = {}
    for predicted, expected in pairs:
        flat = flatten_spec(predicted or {})
        for name, value in expected.items():
            per_field.setdefault(name, []).append(field_score(name, flat.get(name), value))
    fields = {name: sum(v) / len(v) for name, v in sorted(per_field.items())}
    macro = sum(fields.values()) / len(fields) if fields else 0.0
    return {"spec_f1": macro, "per_field": fields}


def accuracy(pairs: Iterable[tuple[Any, Any]]) -> float:
    """Share of (predicted, expected) pairs that are equal."""
    items = list(pairs)
    return sum(p == e for p, e in items) / len(items) if items else 0.0


def recall_of(pairs: Iterable[tuple[Any, Any]], positive: Any) -> float | None:
    """Share of expected == positive that were predicted positive (None when there is no positive case)."""
    hits = [p == positive for p, e in pairs if e == positive]
    return sum(hits) / len(hits) if hits else None


def precision_of(pairs: Iterable[tuple[Any, Any]], positive: Any) -> float | None:
    """Share of predicted == positive that were expected positive (None when nothing was predicted)."""
    hits = [e == positive for p, e in pairs if p == positive]
    return sum(hits) / len(hits) if hits else None
