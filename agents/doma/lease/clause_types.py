"""Clause types: what kind of clause a lease passage is, and what kind a question asks for.

A tenant names a clause type in words the lease never uses ("can we walk away after year two" is early
termination; "will they shove us into another suite" is relocation). Leases, by contrast, name their clauses in a
few formal words. So the two sides are typed differently:
- a passage by the lease words of its heading (strong) or its text (weaker), with the patterns below;
- a question by a linear classifier over its words and character n-grams, fitted on paraphrased questions written
  without any lease in view (`eval/datasets/leases/clause_questions.jsonl`, `python -m eval fit-lease`).
The match between the two is a feature of the clause ranker and of the not-found model (a question whose type no
passage of this lease has is likely not answered by it).
"""

from __future__ import annotations

import re
from pathlib import Path

from agents.linear import LinearModel, load_linear, text_features

ARTEFACT = Path(__file__).resolve().parents[1] / "config" / "lease_clause_types.json"
HEADING_SCORE = 1.0
SECTION_SCORE = 0.75  # the article's title, over a sub-clause with a title of its own
TEXT_SCORE = 0.5
TEXT_MIN_HITS = 2  # a passage is of a type by its text only when it uses that type's words more than in passing
SHORT_PASSAGE = 300  # ... or is a short line ("(c) Base Rent: $12,000.00 per month")

# The words leases use for each clause type.
_PATTERNS: dict[str, str] = {
    "term": r"\bterm\b|commencement|expiration|expiry|tenancy period|\bbegin",
    "rent_payment": r"\brent\b|instal+ments?|payable|payments?\b|accommodation (?:fee|charge)",
    "late_payment": r"\blate\b|overdue|arrears|\binterest\b|returned (?:check|cheque)|past due|credit control",
    "deposit": r"deposit|\bbond\b",
    "rent_increase": r"increase|escalat|rent review|adjustment",
    "utilities": r"utilit|electricity|\bgas\b|\bwater\b|council tax|broadband|internet|\bbills?\b",
    "building_services": r"hvac|heating|air.conditioning|after.hours|janitorial|cleaning|elevator|services",
    "repairs": r"repair|maintenance|maintain|wear and tear|defects?\b",
    "entry": r"\bentry\b|\benter\b|\baccess\b|inspect|prospective",
    "alterations": r"alteration|improvement|decorat|\bpaint|partition",
    "pets": r"\bpets?\b|animals?",
    "guests_occupancy": r"guests?\b|occupan|visitors?|overnight|occupier",
    "sublet_assignment": r"sublet|sublease|assign|transfer|lodger|short.term let",
    "early_termination": r"terminat|break clause|cancel|withdraw|early",
    "renewal_extension": r"renew|extend|extension|option",
    "holdover": r"hold(?:ing)?[ -]?over",
    "move_out": r"vacat|surrender|move.out|moving out|end of the tenancy|abandon",
    "default_eviction": r"default|evict|possession|forfeit|breach|\bcure\b",
    "insurance": r"insur",
    "use_of_premises": r"permitted use|\buse of\b|business|\btrade\b|profession|residential purposes",
    "noise_conduct": r"noise|quiet|nuisance|conduct|disturb|anti.social",
    "smoking": r"smok|vap(?:e|ing)",
    "parking_storage": r"parking|vehicles?|storage|bicycles?|bikes?\b|garage",
    "notices": r"\bnotices\b|address for|service of",
    "casualty": r"\bfire\b|casualty|destruction|uninhabitable|abatement|insured risk",
    "inventory_condition": r"inventory|condition report|check.in",
    "absence": r"absen|unoccupied",
    "keys_locks": r"\bkeys?\b|\blocks?\b|rekey",
    "signage": r"\bsigns?\b|signage|directory",
    "relocation": r"relocat|substitut\w* (?:of )?(?:other )?(?:premises|space)",
    "pests": r"\bpests?\b|vermin|infest|rodent|insects?",
    "waste": r"refuse|rubbish|trash|garbage|recycl|\bbins?\b",
}
_TITLED = re.compile(r"[A-Za-z]{3,}")  # a sub-clause with a title of its own, not just "(a)" or "4.2"
PATTERNS = {name: re.compile(pattern, re.IGNORECASE) for name, pattern in _PATTERNS.items()}
TYPES = tuple(PATTERNS)


def passage_types(section: str, label: str, text: str) -> dict[str, float]:
    """Each type the passage is of, with how surely: named in its own title ("3.3 Late Charge"), in its article's
    ("ARTICLE THREE: RENT"), or said in its text (repeatedly, unless the passage is a short line)."""
    out: dict[str, float] = {}
    for name, pattern in PATTERNS.items():
        if pattern.search(label):
            out[name] = HEADING_SCORE
        elif pattern.search(section):
            out[name] = SECTION_SCORE if _TITLED.search(label) else HEADING_SCORE
        else:
            hits = len(pattern.findall(text))
            if hits >= TEXT_MIN_HITS or (hits and len(text) <= SHORT_PASSAGE):
                out[name] = TEXT_SCORE
    return out


def question_features(question: str) -> dict[str, float]:
    """The classifier's features of a question (already in English words)."""
    return text_features(question)


def load_type_model(path: str | None = None) -> LinearModel | None:
    """The fitted question classifier (read once), or None when there is none (the match is then 0 everywhere)."""
    return load_linear(path or str(ARTEFACT))


def question_types(question: str, model: LinearModel | None = None) -> dict[str, float]:
    """The probability of each clause type for a question (empty without a fitted model)."""
    model = model or load_type_model()
    if model is None:
        return {}
    return model.probabilities(question_features(question))


def match(asked: dict[str, float], types: dict[str, float]) -> float:
    """How well a passage's types meet what the question asks (0..1)."""
    return sum(p * types.get(name, 0.0) for name, p in asked.items())
