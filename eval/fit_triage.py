"""`python -m eval fit-triage`: fit the triage model on the triage train split; choose the P0 threshold by leaving
one writer out.

Two logistic regressions (`eval/fit_linear.py`) over `agents.doma.triage_model.features`: priority (P0/P1/P2)
and category. The P0 threshold is chosen on reports the model has not seen from a writer it has not seen, as the
product meets them: for each blind writer, the priority model is refitted without that writer's train part and
decides that writer's train and dev reports. The threshold kept is the candidate with the least cost over all of
them, a missed P0 costing MISS_COST needless emergency calls (safety first, but a threshold at the floor turns every
leaking tap into a 911 script). Calibrating on dev alone set it from reports whose writers the model had been fitted
on, too high for a new writer: sessions 43-44 missed frozen P0s the model gave 0.14-0.18 with the threshold at 0.20.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from agents.doma.triage_model import ARTEFACT, TriageModel, features
from agents.doma.triage_rules import Analysis, analyze
from eval.fit_linear import fit_logistic
from eval.runner import read_cases
from eval.splits import files

C_PRIORITY = 0.5
C_CATEGORY = 2.0
DEFAULT_P0_AT = 0.3
MISS_COST = 8
BOOTSTRAP_ROUNDS = 300
KEEP = ("sig", "hz:", "top", "neg:", "ctx:")
CANDIDATES = (0.5, 0.4, 0.3, 0.25, 0.2, 0.18, 0.16, 0.15, 0.14, 0.13, 0.12, 0.11, 0.1, 0.09, 0.08, 0.07, 0.06, 0.05,
              0.04, 0.03)
_WRITER = re.compile(r"triage_blind(\d*)_(?:train|dev)\.jsonl$")  # one blind writer's parts share its number


class HeldOut(NamedTuple):
    """One report decided by a model fitted without its writer."""

    p0: bool  # labelled P0
    rules: bool  # the rules alone say P0
    eligible: bool  # the guards let the model add a P0 (no negation, no routine upkeep, not a greeting)
    prob: float  # the model's P0 probability
    floor: float  # that model's P0 probability for an empty message


def writer_of(path: Path) -> str | None:
    """The blind writer a labelled file comes from ("triage_blind7_dev.jsonl" → "7"), None for the own sets."""
    match = _WRITER.search(path.name)
    return (match.group(1) or "1") if match else None


def _load(split: str) -> list[dict[str, Any]]:
    return [{**c, "_writer": writer_of(path)} for path in files("triage", split) for c in read_cases(path)
            if "_error" not in c]


def _writers(cases: Iterable[dict[str, Any]]) -> list[str]:
    """The blind writers of the cases, in their number's order."""
    return sorted({str(c["_writer"]) for c in cases if c.get("_writer")}, key=lambda w: (len(w), w))


def fit(train: list[dict[str, Any]], dev: list[dict[str, Any]]) -> tuple[TriageModel, dict[str, Any]]:
    """Fit on train; the P0 threshold from leaving each writer of train and dev out (`_writer` on each case)."""
    analyses = [analyze(c["text"]) for c in train]
    rows = [features(a) for a in analyses]
    priority = fit_logistic(rows, [c["expected"]["priority"] for c in train], C=C_PRIORITY, keep_prefixes=KEEP)
    category = fit_logistic(rows, [c["expected"]["category"] for c in train], C=C_CATEGORY, keep_prefixes=KEEP)
    decided = held_out(train, analyses, rows, dev)
    p0_at = choose_threshold(decided) if decided else DEFAULT_P0_AT
    figures = {"train_cases": len(train), "dev_cases": len(dev), "features": len(priority.weights), "p0_at": p0_at,
               "writers_left_out": len(_writers([*train, *dev])), "held_out_reports": len(decided),
               **_cost_at(decided, p0_at)}
    return TriageModel(priority, category, p0_at), figures


def held_out(train: list[dict[str, Any]], analyses: list[Analysis], rows: list[dict[str, float]],
             dev: list[dict[str, Any]]) -> list[HeldOut]:
    """Each writer's train and dev reports, decided by a priority model refitted without that writer's train part
    (`analyses` and `rows`: the train reports' own, computed once)."""
    judged = [*zip(train, analyses, strict=True), *((c, analyze(c["text"])) for c in dev if c.get("_writer"))]
    decided: list[HeldOut] = []
    for writer in _writers([*train, *dev]):
        kept = [i for i, c in enumerate(train) if c.get("_writer") != writer]
        if not kept:
            continue
        priority = fit_logistic([rows[i] for i in kept], [train[i]["expected"]["priority"] for i in kept],
                                C=C_PRIORITY, keep_prefixes=KEEP)
        model = TriageModel(priority, priority, p0_at=-1.0)  # below any probability: decide() says P0 when allowed
        floor = priority.probabilities({}).get("P0", 0.0)
        for case, analysis in judged:
            if case.get("_writer") != writer:
                continue
            top = analysis.top
            verdict, _, probs = model.decide(analysis)
            decided.append(HeldOut(case["expected"]["priority"] == "P0", bool(top and top.priority == "P0"),
                                   verdict == "P0", probs.get("P0", 0.0), floor))
    return decided


def _says_p0(d: HeldOut, threshold: float) -> bool:
    return d.rules or (d.eligible and d.prob >= threshold)


def _cost_at(decided: Iterable[HeldOut], threshold: float) -> dict[str, int]:
    missed = false = 0
    for d in decided:
        says_p0 = _says_p0(d, threshold)
        missed += d.p0 and not says_p0
        false += says_p0 and not d.p0
    return {"held_out_missed_p0": missed, "held_out_false_p0": false}


def choose_threshold(decided: list[HeldOut], *, rounds: int = BOOTSTRAP_ROUNDS, seed: int = 45) -> float:
    """The highest candidate whose cost (MISS_COST × missed P0 + false P0 over the held-out reports) is within one
    standard error of the least cost, never at or below the P0 probability of an empty message (there the model
    says nothing about danger). The cost is flat near its least (one more writer moved the least-cost candidate from
    0.13 to 0.10, where "a rat ran across my kitchen floor" became an emergency): within the noise, fewer alarms
    (Breiman's one-standard-error rule). The error is the spread of the least cost over bootstrap resamples of the
    reports (seeded: the fit is reproducible)."""
    import numpy as np

    floor = max(d.floor for d in decided)
    usable = [t for t in CANDIDATES if t > floor] or [max(CANDIDATES)]
    p0 = np.array([d.p0 for d in decided])
    says = {t: np.array([_says_p0(d, t) for d in decided]) for t in usable}
    each = {t: MISS_COST * (p0 & ~says[t]).astype(int) + (~p0 & says[t]).astype(int) for t in usable}
    least = min(usable, key=lambda t: (int(each[t].sum()), -t))
    rng = np.random.default_rng(seed)
    spread = float(np.std([each[least][rng.integers(0, len(decided), len(decided))].sum() for _ in range(rounds)]))
    return max(t for t in usable if each[t].sum() <= each[least].sum() + spread)


def main(out: Path = ARTEFACT) -> dict[str, Any]:
    """Fit on the train split, choose the threshold leaving each writer out, write the artefact; the figures."""
    import json

    model, figures = fit(_load("train"), _load("dev"))
    out.write_text(json.dumps(model.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    figures["artefact"] = out.name
    figures["bytes"] = out.stat().st_size
    return figures
