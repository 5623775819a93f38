"""Learned routing weights: a linear model over the rule scores, words, word pairs, character n-grams and context.

The keyword table stays the prior: each node's rule score (keywords, cue phrases, context boosts) is a feature,
so the model learns how far to trust it and which other words shift a message between nodes ("before my renewal
date" in a repair). Weights are fitted offline with scikit-learn (`python -m eval fit-router`, reading the train
split) and shipped as a small JSON artefact; routing itself is a sparse dot product in plain Python.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from retrieval.text import stem

ARTEFACT = Path(__file__).resolve().parent / "config" / "route_model.json"
RULE_CAP = 6.0  # rule scores above this say no more: "very sure" is enough
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def features(text: str, rule_scores: dict[str, float], context: dict[str, str | bool | None]) -> dict[str, float]:
    """The features of one message: rule scores, stems, stem pairs, character trigrams, context flags."""
    feats: dict[str, float] = {}
    for node, value in rule_scores.items():
        if value:
            feats[f"rule:{node}"] = min(value, RULE_CAP) / 3.0
    stems = [stem(t) for t in _TOKEN.findall(text.lower())]
    for s in stems:
        feats[f"w:{s}"] = 1.0
    for a, b in pairwise(stems):
        feats[f"b:{a} {b}"] = 1.0
    for token in set(stems):
        padded = f"<{token}>"
        for i in range(len(padded) - 2):
            feats[f"c:{padded[i:i + 3]}"] = feats.get(f"c:{padded[i:i + 3]}", 0.0) + 0.3
    for key, flag in context.items():
        if flag is True:
            feats[f"ctx:{key}"] = 1.0
        elif isinstance(flag, str) and flag:
            feats[f"ctx:{key}={flag}"] = 1.0
    return feats


@dataclass(frozen=True)
class RouteModel:
    """Fitted weights: per feature, one weight per class; an intercept per class; the abstain threshold."""

    classes: tuple[str, ...]
    intercept: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]
    abstain_below: float = 0.0

    def probabilities(self, feats: dict[str, float]) -> dict[str, float]:
        """Softmax over the classes."""
        logits = list(self.intercept)
        for name, value in feats.items():
            row = self.weights.get(name)
            if row is not None:
                for i, w in enumerate(row):
                    logits[i] += w * value
        top = max(logits)
        exp = [math.exp(v - top) for v in logits]
        total = sum(exp)
        return {c: e / total for c, e in zip(self.classes, exp, strict=True)}

    def explain(self, feats: dict[str, float], node: str, k: int = 5) -> list[tuple[str, float]]:
        """The k features that pushed hardest toward `node` (weight times value), strongest first."""
        i = self.classes.index(node)
        pushes = [(name, self.weights[name][i] * value) for name, value in feats.items() if name in self.weights]
        return sorted((p for p in pushes if p[1] > 0), key=lambda p: -p[1])[:k]

    def to_json(self) -> dict[str, object]:
        return {"classes": list(self.classes), "intercept": list(self.intercept),
                "abstain_below": self.abstain_below, "weights": {k: list(v) for k, v in self.weights.items()}}


@lru_cache(maxsize=2)
def load_route_model(path: str | None = None) -> RouteModel | None:
    """The shipped artefact (cached); None when there is none, and routing falls back to the rule scores."""
    file = Path(path) if path else ARTEFACT
    if not file.exists():
        return None
    data = json.loads(file.read_text(encoding="utf-8"))
    return RouteModel(
        classes=tuple(data["classes"]),
        intercept=tuple(float(v) for v in data["intercept"]),
        weights={k: tuple(float(x) for x in v) for k, v in data["weights"].items()},
        abstain_below=float(data.get("abstain_below", 0.0)),
    )
