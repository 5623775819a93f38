"""How well a passage answers a question: the weighted share of the question's concepts it contains.

Retrieval ranks passages; this decides whether the best one really speaks to the question (the not-found
threshold is applied to it) and which of its sentences to quote. A concept is one idea of the question with
the lease words for it (see vocab.question_concepts); its weight is the rarity (IDF) of its rarest word in
this lease, so "the" weighs nothing, "tenant" little, and "sublet" or "aquarium" much. A concept whose words
never occur in the lease gets a full weight: a question about a swimming pool is not answered by a clause
that merely mentions the tenant.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from agents.doma.lease.chunks import Chunk, Sentence
from agents.doma.lease.vocab import Concept, content_stems

_MONEY_Q = re.compile(r"\b(how much|cost|costs|price|fee|fees|amount|charge|charges|pay|owe|penalty)\b", re.I)
_TIME_Q = re.compile(r"\b(how long|how many|how soon|when|notice|deadline|days|months|within|date)\b", re.I)
_MONEY = re.compile(r"\$\s?\d|\d\s?%|\bpercent\b", re.I)
_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)\b", re.I)

QUOTE_WHOLE_CHARS = 600  # a clause this short is quoted whole (dev: 450 -> 600 moved answer recall 0.772 -> 0.783)


def idf(df: int, n: int) -> float:
    """BM25-style inverse document frequency (always positive)."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


MISSING_WEIGHT = 0.5  # share of a rare word's weight given to a concept the lease never mentions
LIGHT_WEIGHT = 0.5  # everyday modifiers ("bedroom", "bring") matter less than the subject of a question
SECONDARY_CREDIT = 0.85  # credit for matching a concept only by its looser words


def concept_weights(concepts: list[Concept], df: Counter[str], n: int) -> list[float]:
    """Weight of each concept: IDF of its rarest word present in the lease.

    A concept absent from the whole lease gets half the weight of a word seen once: enough that a question
    about a swimming pool is not answered by the clause that merely mentions the building, not so much that
    one stray word ("while traveling") sinks a question the lease does answer.
    """
    weights = []
    for concept in concepts:
        present = [df[s] for s in concept.stems if df.get(s)]
        weight = idf(min(present), n) if present else MISSING_WEIGHT * idf(1, n)
        weights.append(LIGHT_WEIGHT * weight if concept.light else weight)
    return weights


def coverage(concepts: list[Concept], weights: list[float], stems: frozenset[str] | set[str]) -> float:
    """Weighted share (0..1) of the concepts found among `stems` (looser matches count a little less)."""
    total = sum(weights)
    if total <= 0:
        return 0.0
    got = 0.0
    for concept, weight in zip(concepts, weights, strict=True):
        if concept.primary & stems:
            got += weight
        elif concept.secondary & stems:
            got += SECONDARY_CREDIT * weight
    return got / total


def intents(question: str) -> set[str]:
    """What kind of fact the question wants: "money" (amounts) and/or "time" (periods, dates, notice)."""
    out = set()
    if _MONEY_Q.search(question):
        out.add("money")
    if _TIME_Q.search(question):
        out.add("time")
    return out


def intent_bonus(text: str, wanted: set[str]) -> float:
    """A small bonus for text holding the kind of fact asked for (an amount, a number of days)."""
    bonus = 0.0
    if "money" in wanted and _MONEY.search(text):
        bonus += 0.08
    if "time" in wanted and _NUMBER.search(text):
        bonus += 0.04
    return bonus


@dataclass(frozen=True)
class Evidence:
    """A passage judged against a question, and the sentences to quote from it."""

    chunk: Chunk
    coverage: float
    score: float
    quote: tuple[Sentence, ...]


def pick_sentences(
    chunk: Chunk, concepts: list[Concept], weights: list[float], wanted: set[str]
) -> tuple[Sentence, ...]:
    """The sentences that carry the answer: the whole clause when short, else the best one or two."""
    if len(chunk.text) <= QUOTE_WHOLE_CHARS:
        return chunk.sentences
    scored = [
        (coverage(concepts, weights, set(content_stems(s.text))) + intent_bonus(s.text, wanted), i)
        for i, s in enumerate(chunk.sentences)
    ]
    best_score, best = max(scored, key=lambda item: (item[0], -item[1]))
    chosen = {best}
    # Add the next-best sentence when it also speaks to the question and the quote stays readable.
    for score, i in sorted(scored, key=lambda item: (-item[0], item[1])):
        if i in chosen or score <= 0 or score < 0.5 * best_score:
            continue
        if len(chunk.sentences[best].text) + len(chunk.sentences[i].text) <= QUOTE_WHOLE_CHARS:
            chosen.add(i)
        break
    return tuple(chunk.sentences[i] for i in sorted(chosen))


def judge(
    candidates: Iterable[tuple[Chunk, frozenset[str], float]],
    concepts: list[Concept],
    weights: list[float],
    question: str,
) -> list[Evidence]:
    """Score retrieved passages (chunk, its stems, fused retrieval score), best first.

    The score is the concept coverage plus small tie-breakers: the retrieval rank and whether the passage
    holds the kind of fact asked for.
    """
    wanted = intents(question)
    items = list(candidates)
    top = max((r for _, _, r in items), default=0.0) or 1.0
    judged = []
    for chunk, stems, fused in items:
        cov = coverage(concepts, weights, stems)
        score = cov + 0.1 * fused / top + intent_bonus(chunk.text, wanted)
        judged.append((score, cov, chunk))
    judged.sort(key=lambda item: (-item[0], item[2].index))
    return [
        Evidence(chunk, cov, score, pick_sentences(chunk, concepts, weights, wanted)) for score, cov, chunk in judged
    ]
