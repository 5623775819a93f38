"""Learned routing weights: a linear model over the rule scores, words, word pairs, character n-grams and context.

The keyword table stays the prior: each node's rule score (keywords, cue phrases, context boosts) is a feature,
so the model learns how far to trust it and which other words shift a message between nodes ("before my renewal
date" in a repair). Weights are fitted offline with scikit-learn (`python -m eval fit-router`, reading the train
split) and shipped as a small JSON artefact (`agents/linear.py`).
"""

from __future__ import annotations

from pathlib import Path

from agents.linear import LinearModel, load_linear, text_features

ARTEFACT = Path(__file__).resolve().parent / "config" / "route_model.json"
RULE_CAP = 6.0  # rule scores above this say no more: "very sure" is enough


def features(text: str, rule_scores: dict[str, float], context: dict[str, str | bool | None]) -> dict[str, float]:
    """The features of one message: rule scores, stems, stem pairs, character trigrams, context flags."""
    feats: dict[str, float] = {}
    for node, value in rule_scores.items():
        if value:
            feats[f"rule:{node}"] = min(value, RULE_CAP) / 3.0
    feats.update(text_features(text))
    for key, flag in context.items():
        if flag is True:
            feats[f"ctx:{key}"] = 1.0
        elif isinstance(flag, str) and flag:
            feats[f"ctx:{key}={flag}"] = 1.0
    return feats


def load_route_model(path: str | None = None) -> LinearModel | None:
    """The shipped routing weights; None when there are none, and routing falls back to the rule scores."""
    return load_linear(str(Path(path) if path else ARTEFACT))
