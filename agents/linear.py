"""A small linear classifier shipped as JSON: the learned layer of routing and triage.

Weights are fitted offline with scikit-learn (`eval/fit_linear.py`) over sparse named features; at run time a
decision is a sparse dot product in plain Python (microseconds, no scikit-learn import), and the features that
pushed hardest toward it are its explanation.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

import numpy as np

from retrieval.text import stem

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def text_features(text: str, *, trigram_weight: float = 0.3) -> dict[str, float]:
    """Stems ("w:"), adjacent stem pairs ("b:") and character trigrams of each stem ("c:")."""
    feats: dict[str, float] = {}
    stems = [stem(t) for t in _TOKEN.findall(text.lower())]
    for s in stems:
        feats[f"w:{s}"] = 1.0
    for a, b in pairwise(stems):
        feats[f"b:{a} {b}"] = 1.0
    for token in set(stems):
        padded = f"<{token}>"
        for i in range(len(padded) - 2):
            key = f"c:{padded[i:i + 3]}"
            feats[key] = feats.get(key, 0.0) + trigram_weight
    return feats


@dataclass(frozen=True)
class LinearModel:
    """Fitted weights: per feature, one weight per class; an intercept per class; an abstain threshold."""

    classes: tuple[str, ...]
    intercept: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]
    abstain_below: float = 0.0

    _rows: dict[str, int] = field(init=False, repr=False, compare=False)
    _matrix: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The weights as one matrix with a row per feature: a decision gathers its rows in C, not in a Python loop.
        object.__setattr__(self, "_rows", {name: i for i, name in enumerate(self.weights)})
        matrix = np.array(list(self.weights.values()), dtype=np.float64).reshape(len(self.weights), len(self.classes))
        object.__setattr__(self, "_matrix", matrix)

    def _pushes(self, feats: dict[str, float]) -> tuple[list[str], np.ndarray]:
        """The known features and their weight times value, one row each."""
        names = [name for name in feats if name in self._rows]
        values = np.array([feats[name] for name in names], dtype=np.float64)
        return names, self._matrix[[self._rows[name] for name in names]] * values[:, None]

    def probabilities(self, feats: dict[str, float]) -> dict[str, float]:
        """Softmax over the classes."""
        logits = np.array(self.intercept) + self._pushes(feats)[1].sum(axis=0)
        exp = np.exp(logits - logits.max())
        return dict(zip(self.classes, (exp / exp.sum()).tolist(), strict=True))

    def explain(self, feats: dict[str, float], label: str, k: int = 5) -> list[tuple[str, float]]:
        """The k features that pushed hardest toward `label` (weight times value), strongest first."""
        names, pushes = self._pushes(feats)
        column = pushes[:, self.classes.index(label)].tolist()
        return sorted(((n, p) for n, p in zip(names, column, strict=True) if p > 0), key=lambda p: -p[1])[:k]

    def to_json(self) -> dict[str, object]:
        return {"classes": list(self.classes), "intercept": list(self.intercept),
                "abstain_below": self.abstain_below, "weights": {k: list(v) for k, v in self.weights.items()}}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> LinearModel:
        weights = data["weights"]
        assert isinstance(weights, dict)
        return cls(classes=tuple(data["classes"]),  # type: ignore[arg-type]
                   intercept=tuple(float(v) for v in data["intercept"]),  # type: ignore[attr-defined]
                   weights={k: tuple(float(x) for x in v) for k, v in weights.items()},
                   abstain_below=float(data.get("abstain_below", 0.0)))  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def load_linear(path: str) -> LinearModel | None:
    """A shipped artefact (cached); None when the file is missing."""
    file = Path(path)
    if not file.exists():
        return None
    return LinearModel.from_json(json.loads(file.read_text(encoding="utf-8")))
