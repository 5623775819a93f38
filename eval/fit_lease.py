"""`python -m eval fit-lease`: fit the lease clause ranker and the not-found model on the lease train split,
calibrate the not-found threshold on dev, write agents/doma/config/lease_ranker.json.

A candidate clause is labeled good when it sits on an expected page and holds every expected answer phrase.
The not-found model sees only the questions no amenity rule has answered (lease_qa.absent_topic); its threshold is
the lowest at which no dev question the lease answers is called not found, raised while dev cannot tell the
difference.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from agents.doma.lease.clause_types import ARTEFACT as TYPES_ARTEFACT
from agents.doma.lease.clause_types import question_features as type_features
from agents.doma.lease.document import LeaseIndex
from agents.doma.lease.glossary import english
from agents.doma.lease.ranker import (
    ARTEFACT,
    Candidate,
    LeaseRanker,
    clause_features,
    question_features,
    rank,
)
from agents.linear import LinearModel, load_linear
from eval.fit_linear import fit_logistic, split_cases

LEASE_DIR = Path(__file__).resolve().parent / "datasets" / "leases"
C_CLAUSE = 0.3  # chosen on dev among 0.3, 1, 3
C_FOUND = 1.0
C_TYPES = 3.0  # across writers (fit on two, score the other two) 1, 3, 10 gave 0.736/0.670, 0.750/0.677, 0.743/0.705
CLAUSE_QUESTIONS = LEASE_DIR / "clause_questions.jsonl"  # paraphrased questions labelled with clause types
# Saying "not in the lease" of a question it answers is the costly mistake (the bar is a precision of 1.00): the
# threshold keeps dev precision at or above this. The one dev question that kept 1.0 out of reach ("can we put our
# logo by the suite door?", a signage clause) is found since "logo" reads as signage; the threshold is 0.7 either way.
NOT_FOUND_PRECISION = 1.0
MIN_CALLS = 5
THRESHOLDS = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def _index(case: dict[str, Any]) -> LeaseIndex:
    from agents.doma.lease_qa import index_lease
    from eval.tasks.lease import _pdf_bytes

    data, name = _pdf_bytes(case, LEASE_DIR)
    return index_lease(data, name)


def _good(candidate: Candidate, expected: dict[str, Any]) -> bool:
    chunk = candidate.evidence.chunk
    text = _norm(chunk.text)
    return bool(set(chunk.pages) & set(expected.get("pages") or [])) and all(
        _norm(p) in text for p in expected.get("answer_contains") or [])


def _examples(cases: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, Any]]:
    """(case, its question in English words, candidates()) for every case whose question has concepts."""
    out = []
    for case in cases:
        question = english(str(case["question"]))
        found = _index(case).candidates(question)
        if found is not None:
            out.append((case, question, found))
    return out


def _reaches_model(example: tuple[dict[str, Any], str, Any]) -> bool:
    """A question about a topic the lease never names is answered "not found" before any model looks at it
    (lease_qa.absent_topic): it is no example for the not-found model, which sees only the questions left."""
    from agents.doma.lease_qa import absent_topic

    case = example[0]
    return absent_topic(_index(case), str(case["question"])) is None


def _question_rows(clause: LinearModel, examples: list[tuple[dict[str, Any], str, Any]]) -> list[dict[str, float]]:
    return [question_features(concepts, weights, absent, rank(clause, question, concepts, weights, candidates),
                              type_coverage)
            for _case, question, (concepts, weights, absent, candidates, type_coverage) in examples]


def fit_clause_types(out: Path = TYPES_ARTEFACT) -> dict[str, Any]:
    """Fit the question -> clause type classifier on the paraphrased questions; write its artefact."""
    import json

    rows, labels = [], []
    for line in CLAUSE_QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            item = json.loads(line)
            for name in item["types"]:  # a question asking two things is an example of each
                rows.append(type_features(english(item["text"])))
                labels.append(name)
    model = fit_logistic(rows, labels, C=C_TYPES, min_count=2)
    out.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    load_linear.cache_clear()
    return {"type_questions": len(rows), "types": len(model.classes), "type_features": len(model.weights)}


def _calibrate(found: LinearModel, rows: list[dict[str, float]], labels: list[str]) -> float:
    """The lowest threshold at which at least NOT_FOUND_PRECISION of the dev questions called not found really
    are (and at least MIN_CALLS are called, so that one lucky question does not set it), raised as far as it still
    calls as many of them."""
    probs = [found.probabilities(r)["not_found"] for r in rows]

    def called(t: float) -> list[str]:
        return [label for p, label in zip(probs, labels, strict=True) if p >= t]

    for i, t in enumerate(THRESHOLDS):
        calls = called(t)
        if len(calls) >= MIN_CALLS and calls.count("not_found") >= NOT_FOUND_PRECISION * len(calls):
            # ... then the highest threshold that still finds as many: dev cannot tell them apart, and an unseen
            # question wrongly called not found costs more than one more question answered with a clause
            for higher in reversed(THRESHOLDS[i:]):
                if called(higher).count("not_found") == calls.count("not_found"):
                    return higher
    return 1.01  # never: no threshold is safe enough on dev


def fit(train: list[dict[str, Any]], dev: list[dict[str, Any]]) -> tuple[LeaseRanker, dict[str, Any]]:
    """Fit both models on train, calibrate on dev; the ranker and its figures."""
    examples = _examples(train)
    rows, labels = [], []
    for case, question, (concepts, weights, _absent, candidates, _type_coverage) in examples:
        expected = case.get("expected") or {}
        for c in candidates:
            rows.append(clause_features(question, concepts, weights, c))
            labels.append("good" if not expected.get("not_found") and _good(c, expected) else "bad")
    clause = fit_logistic(rows, labels, C=C_CLAUSE, min_count=1)
    asked = [example for example in examples if _reaches_model(example)]
    q_labels = ["not_found" if (case.get("expected") or {}).get("not_found") else "found" for case, _, _ in asked]
    found = fit_logistic(_question_rows(clause, asked), q_labels, C=C_FOUND, min_count=1)
    dev_examples = [example for example in _examples(dev) if _reaches_model(example)]
    dev_labels = ["not_found" if (case.get("expected") or {}).get("not_found") else "found"
                  for case, _, _ in dev_examples]
    threshold = _calibrate(found, _question_rows(clause, dev_examples), dev_labels)
    figures = {"train_questions": len(examples), "model_questions": len(asked), "clause_rows": len(rows),
               "good_rows": labels.count("good"),
               "dev_questions": len(dev_examples), "not_found_at": threshold}
    return LeaseRanker(clause, found, threshold), figures


def main(out: Path = ARTEFACT) -> dict[str, Any]:
    """Fit on the train split, calibrate on dev, write the artefact; the figures."""
    import json

    from agents.doma.lease.ranker import load_lease_ranker

    type_figures = fit_clause_types()  # first: the clause ranker's features use it
    ranker, figures = fit(split_cases("lease", "train"), split_cases("lease", "dev"))
    figures.update(type_figures)
    out.write_text(json.dumps(ranker.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    load_lease_ranker.cache_clear()
    figures["artefact"] = out.name
    return figures
