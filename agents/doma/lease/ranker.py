"""The learned layer of lease answers: which retrieved clause answers, and whether any does.

The rules (concept coverage with the lease thesaurus, `evidence.py`) stay the prior: each candidate clause's
coverage, heading match, lexical and dense retrieval ranks are features of a small linear model fitted on
labeled questions over real leases (`python -m eval fit-lease`), which orders the candidates. A second model
reads the question-level evidence (how sure the best clause is, how much of the question the lease never
mentions, whether the lease has a clause of the type asked about) and says "not in the lease" only above a
threshold calibrated on the dev leases, where saying it of a question the lease does answer is the costly mistake.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agents.doma.lease.evidence import Evidence, coverage, intent_bonus, intents
from agents.doma.lease.vocab import Concept, content_stems
from agents.linear import LinearModel

ARTEFACT = Path(__file__).resolve().parents[1] / "config" / "lease_ranker.json"


@dataclass(frozen=True)
class Candidate:
    """A judged clause with what retrieval said of it."""

    evidence: Evidence
    judged_rank: int  # place in the rules' order (coverage first)
    fused_rank: int  # place in the BM25 + dense fusion
    bm25: float  # BM25 score over the best BM25 score among the candidates
    dense: float  # cosine similarity to the question
    type_match: float = 0.0  # how well the clause's type meets the question's (clause_types.match)


def clause_features(question: str, concepts: list[Concept], weights: list[float],
                    candidate: Candidate) -> dict[str, float]:
    """Features of one candidate clause for one question."""
    item = candidate.evidence
    chunk = item.chunk
    heading = set(content_stems(f"{chunk.section} {chunk.label}"))
    quote = set(content_stems(" ".join(s.text for s in item.quote)))
    primary_only = [Concept(c.label, c.primary, frozenset(), c.light) for c in concepts]
    wanted = intents(question)
    return {
        "cov": item.coverage,
        "cov_sq": item.coverage ** 2,
        "cov_primary": coverage(primary_only, weights, set(content_stems(chunk.text)) | heading),
        "cov_heading": coverage(concepts, weights, heading),
        "cov_quote": coverage(concepts, weights, quote),
        "judged_first": float(candidate.judged_rank == 0),
        "judged_inv": 1.0 / (1 + candidate.judged_rank),
        "fused_inv": 1.0 / (1 + candidate.fused_rank),
        "bm25": candidate.bm25,
        "dense": candidate.dense,
        "length": min(math.log1p(len(chunk.text)) / 8.0, 1.0),
        "intent": intent_bonus(chunk.text, wanted) * 10,
        "quote_intent": intent_bonus(" ".join(s.text for s in item.quote), wanted) * 10,
        "type": candidate.type_match,
        "type_cov": candidate.type_match * item.coverage,
    }


def rank(clause: LinearModel, question: str, concepts: list[Concept], weights: list[float],
         candidates: list[Candidate]) -> list[tuple[float, Candidate]]:
    """The candidates with the clause model's probability that each answers, best first (the rules' order breaks
    ties)."""
    return sorted(((clause.probabilities(clause_features(question, concepts, weights, c))["good"], c)
                   for c in candidates), key=lambda pair: (-pair[0], pair[1].judged_rank))


def question_features(concepts: list[Concept], weights: list[float], absent: float,
                      ranked: list[tuple[float, Candidate]], type_coverage: float = 0.0) -> dict[str, float]:
    """Features of the whole question: the ranker's two best probabilities, the best clause's coverage, the share
    of the question's weight on concepts the lease never mentions (`absent`), and the heaviest concept the best
    clause leaves out (a question about a pool answered by the clause about the building)."""
    p = [prob for prob, _ in ranked[:2]] + [0.0] * (2 - len(ranked[:2]))
    top = ranked[0][1].evidence if ranked else None
    total = max(sum(weights), 1e-9)
    uncovered = 0.0
    if top is not None:
        stems = set(content_stems(f"{top.chunk.section} {top.chunk.label} {top.chunk.text}"))
        uncovered = max((w for c, w in zip(concepts, weights, strict=True) if not (c.primary | c.secondary) & stems),
                        default=0.0) / total
    return {"p1": p[0], "p2": p[1], "gap": p[0] - p[1], "cov1": top.coverage if top else 0.0, "absent": absent,
            "uncovered": uncovered, "concepts": min(len(concepts), 8) / 8.0,
            "heavy": max(weights, default=0.0) / total, "type_lease": type_coverage,
            "type1": ranked[0][1].type_match if ranked else 0.0}


@dataclass(frozen=True)
class LeaseRanker:
    """The clause model (classes bad/good), the not-found model (found/not_found) and its threshold."""

    clause: LinearModel
    found: LinearModel
    not_found_at: float

    def not_found(self, feats: dict[str, float]) -> float:
        """Probability that the lease does not answer the question."""
        return self.found.probabilities(feats)["not_found"]

    def to_json(self) -> dict[str, object]:
        return {"clause": self.clause.to_json(), "found": self.found.to_json(), "not_found_at": self.not_found_at}


@lru_cache(maxsize=4)
def load_lease_ranker(path: str | None = None) -> LeaseRanker | None:
    """The shipped models; None when there are none (the rules' coverage threshold decides then)."""
    import json

    file = Path(path) if path else ARTEFACT
    if not file.exists():
        return None
    data = json.loads(file.read_text(encoding="utf-8"))
    return LeaseRanker(LinearModel.from_json(data["clause"]), LinearModel.from_json(data["found"]),
                       float(data["not_found_at"]))
