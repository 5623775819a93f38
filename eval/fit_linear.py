"""Fit a `agents.linear.LinearModel` with scikit-learn: logistic regression over named sparse features.

Features seen in fewer than `min_count` training rows are dropped (except those with a kept prefix: rule scores
and context flags carry meaning even when rare) and tiny weights pruned, so the JSON artefact stays small.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from agents.linear import LinearModel
from eval.runner import read_cases
from eval.splits import files

PRUNE_BELOW = 0.01


def split_cases(task: str, split: str) -> list[dict[str, Any]]:
    """Every readable case of one task's split (cases the reader could not parse are left out)."""
    return [c for path in files(task, split) for c in read_cases(path) if "_error" not in c]


def fit_logistic(rows: Sequence[dict[str, float]], labels: Sequence[str], *, C: float,
                 min_count: int = 2, keep_prefixes: tuple[str, ...] = (),
                 class_weight: dict[str, float] | str | None = None, digits: int = 4) -> LinearModel:
    """A multinomial (or binary) logistic regression as a LinearModel (weights rounded to `digits` places)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    seen: Counter[str] = Counter(name for row in rows for name in row)
    keep = {n for n, k in seen.items() if k >= min_count or n.startswith(keep_prefixes)}
    rows = [{n: v for n, v in row.items() if n in keep} for row in rows]
    vectorizer = DictVectorizer()
    matrix = vectorizer.fit_transform(rows)
    classifier = LogisticRegression(C=C, max_iter=5000, class_weight=class_weight)
    classifier.fit(matrix, list(labels))
    classes = tuple(str(c) for c in classifier.classes_)
    # Binary: scikit-learn gives one logit for classes_[1]; the other class's logit is 0 (same probabilities).
    coef = classifier.coef_ if len(classes) > 2 else [0.0 * classifier.coef_[0], classifier.coef_[0]]
    intercept = classifier.intercept_ if len(classes) > 2 else [0.0, classifier.intercept_[0]]
    weights: dict[str, tuple[float, ...]] = {}
    for j, name in enumerate(vectorizer.feature_names_):
        row = tuple(round(float(coef[i][j]), digits) for i in range(len(classes)))
        if max(abs(w) for w in row) >= PRUNE_BELOW:
            weights[str(name)] = row
    return LinearModel(classes, tuple(round(float(b), digits) for b in intercept), weights)
