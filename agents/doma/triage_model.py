"""The learned layer of triage: category and P1/P2 from a linear model over the rules' findings and the words.

Safety stays first: a P0 found by the rules is never lowered. The model adds a second way to P0 (its probability
of P0 above a threshold calibrated on dev to miss none there), because a false P0 costs a phone call and a missed
one can cost a life; such a P0 asks one question about the danger. Below P0 the model picks P1 or P2 and the
category, with the rules' signals as its strongest features. Fitted by `python -m eval fit-triage`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agents.doma.triage_rules import Analysis, fitting_asked, low_battery, routine_upkeep
from agents.linear import LinearModel, text_features

ARTEFACT = Path(__file__).resolve().parent / "config" / "triage_model.json"


def features(analysis: Analysis) -> dict[str, float]:
    """Rule signals (name, priority, category, hazard), negated cues, context flags, and the words."""
    feats = text_features(analysis.normalized)
    for signal in analysis.signals:
        feats[f"sig:{signal.name}"] = 1.0
        feats[f"sigp:{signal.priority}"] = 1.0
        feats[f"sigc:{signal.category}"] = 1.0
        if signal.hazard:
            feats[f"hz:{signal.hazard}"] = 1.0
    top = analysis.top
    feats[f"top:{top.priority if top else 'none'}"] = 1.0
    if top:
        feats[f"topc:{top.category}"] = 1.0
    for cue in analysis.negated:
        feats[f"neg:{cue}"] = 1.0
    for flag, on in analysis.context.items():
        if on:
            feats[f"ctx:{flag}"] = 1.0
    return feats


# Greetings and asks with nothing in them ("hello, quick question", "مرحبا عندي سؤال"): no evidence of anything, so
# no P0 from the model, however unfamiliar the words are to it.
_FILLER = re.compile(r"\b(?:hello|hi|hey|hiya|good (?:morning|afternoon|evening)|dear|sir|madam|hola|buenas|"
                     r"buenos dias|"
                     r"quick|question|questions|query|please|pls|thanks|thank you|help|can|could|i|we|have|a|an|one|"
                     r"una|un|pregunta|tengo|ayuda|por favor|gracias)\b|مرحبا|مرحباً|السلام عليكم|اهلا|أهلا|عندي|"
                     r"سؤال|سوال|"
                     r"لو سمحت|من فضلك|شكرا|مساعدة", re.I)


def says_something(text: str) -> bool:
    """Whether a message holds anything besides greetings and "I have a question"."""
    return bool(re.search(r"\w", _FILLER.sub(" ", text)))


@dataclass(frozen=True)
class TriageModel:
    """Two fitted linear models and the calibrated P0 threshold."""

    priority: LinearModel
    category: LinearModel
    p0_at: float

    def decide(self, analysis: Analysis) -> tuple[str, str | None, dict[str, float]]:
        """(priority, category or None for P0, the priority probabilities) for what the rules found."""
        feats = features(analysis)
        probs = self.priority.probabilities(feats)
        # The model may add a P0 the rules did not name, never one they saw and ruled out ("nothing's sparking").
        # ... nor one they read as a detector's low battery or end of life ("beeps once a minute and says LB"), or
        # as a fitting asked for ("grandma would like a grab bar")
        routine = low_battery(analysis.normalized) or fitting_asked(analysis.normalized) \
            or routine_upkeep(analysis.normalized)
        if probs.get("P0", 0.0) >= self.p0_at and not analysis.negated and not routine \
                and says_something(analysis.normalized):
            return "P0", None, probs
        priority = "P1" if probs.get("P1", 0.0) >= probs.get("P2", 0.0) else "P2"
        cats = {c: p for c, p in self.category.probabilities(feats).items() if c != "emergency"}
        return priority, max(cats, key=cats.__getitem__), probs

    def to_json(self) -> dict[str, object]:
        return {"priority": self.priority.to_json(), "category": self.category.to_json(), "p0_at": self.p0_at}


@lru_cache(maxsize=2)
def load_triage_model(path: str | None = None) -> TriageModel | None:
    """The shipped artefact; None when there is none (the rules decide alone)."""
    file = Path(path) if path else ARTEFACT
    if not file.exists():
        return None
    data = json.loads(file.read_text(encoding="utf-8"))
    return TriageModel(LinearModel.from_json(data["priority"]), LinearModel.from_json(data["category"]),
                       float(data["p0_at"]))


@lru_cache(maxsize=1)
def default_triage_model() -> TriageModel | None:
    """The model the settings choose (TRIAGE=learned, the default), or None for the rules alone; read once."""
    from agents.settings import Settings

    return load_triage_model() if Settings().triage == "learned" else None
