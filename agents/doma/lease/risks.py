"""Risk flags: clauses a tenant should read twice, each with the page and section where it stands."""

from __future__ import annotations

import re
from collections.abc import Callable

from agents.doma.lease.chunks import Chunk, Sentence
from contracts.doma import Citation, RiskFlag

_I = re.IGNORECASE
_NE = r"(?:[^.]|\.(?=\d))"  # any character but a sentence end ("$36,000.00" keeps its period)
_NEGATED_RENEWAL = re.compile(r"\b(?:not|no|never)\b[^.]{0,30}\b(?:renew|automatic)", _I)
_AUTO_RENEWAL = re.compile(
    r"\bautomatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)|\b(?:renew|extend)(?:s|ed)?\s+automatically|\bauto[- ]?renew"
    r"|\bevergreen\b",
    _I,
)
_NON_REFUNDABLE = re.compile(r"\bnon[- ]?refundable\b", _I)
_LATE_FEE = re.compile(
    r"\blate\s+(?:fee|charge|payment\s+(?:fee|charge))"
    r"|\b(?:late|overdue|not\s+(?:paid|received))\b[^.]{0,120}\b(?:fee|charge)\b",
    _I,
)
_ENTRY = re.compile(
    r"\b(?:enter|entry|access)\b[^.]{0,80}\b(?:without\s+(?:any\s+)?(?:prior\s+|advance\s+)?notice|at\s+any\s+time)\b"
    r"|\bwithout\s+(?:any\s+)?(?:prior\s+|advance\s+)?notice\b[^.]{0,60}\b(?:enter|entry|access)\b",
    _I,
)
_ENTRY_NEGATED = re.compile(r"\b(?:shall|will|may)\s+not\s+enter\b", _I)
_EMERGENCY_ONLY = re.compile(
    r"without\s+(?:any\s+)?(?:prior\s+|advance\s+)?notice\s+(?:only\s+)?in\s+(?:an?\s+|the\s+event\s+of\s+(?:an?\s+)?"
    r"|case\s+of\s+(?:an?\s+)?)?emergenc",
    _I,
)
_ALL_REPAIRS = re.compile(
    r"\btenant\b[^.]{0,40}\b(?:responsible\s+for|pay\s+for|bear\s+the\s+cost\s+of|make)\s+(?:all|any\s+and\s+all)\s+"
    r"(?:repairs|maintenance)"
    r"|\ball\s+repairs\b[^.]{0,60}\b(?:tenant'?s?\s+(?:sole\s+)?(?:cost|expense)|(?:cost|expense)\s+of\s+tenant)",
    _I,
)
_EARLY_TERMINATION = re.compile(
    r"\bearly\s+termination|\bterminat\w*\b[^.]{0,80}\b(?:before|prior\s+to|early)\b|\btermination\s+(?:fee|charge|payment)",
    _I,
)
_PENALTY = re.compile(
    r"\b(?:fee|penalty|liquidated\s+damages|forfeit\w*)\b|\bmonths?['’]?\s+(?:of\s+)?(?:base\s+)?rent\b", _I
)
_NO_PENALTY = re.compile(r"\bwithout\s+(?:any\s+)?(?:penalty|fee)", _I)
_SUBLET = re.compile(
    r"\b(?:shall|may|will|must)\s+not\s+(?:\w+\s+){0,3}?(?:sublet|sublease|assign)"
    r"|\bno\s+(?:subletting|sublease|sublet)|\b(?:sublet\w*|sublease\w*)\b[^.]{0,60}\b(?:prohibited|not\s+(?:be\s+)?"
    r"(?:permitted|allowed)|forbidden)",
    _I,
)
_WITH_CONSENT = re.compile(r"without\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?consent", _I)
_WAIVER = re.compile(
    r"\bwaive[sd]?\b[^.]{0,120}\b(?:right|rights|jury|trial|notice|claims?|defen[cs]es?|protections?|benefits?)\b"
    r"|\b(?:right|rights|jury\s+trial)\b[^.]{0,40}\b(?:is|are)\s+(?:hereby\s+)?waived",
    _I,
)
_AMOUNT = r"\$\s?([\d,]+(?:\.\d{1,2})?)"
_RENT_AMOUNT = re.compile(
    r"\b(?:monthly\s+(?:base\s+)?rent|monthly\s+installments?|rent\s+of|rent\s+(?:is|shall\s+be))\b[^.$]{0,60}?"
    + _AMOUNT,
    _I,
)
_DEPOSIT_AMOUNT = re.compile(
    r"\bsecurity\s+deposit\b[^.$]{0,80}?" + _AMOUNT + r"|" + _AMOUNT + r"[^.$]{0,40}?\bsecurity\s+deposit\b", _I
)
_DEPOSIT_MONTHS = re.compile(
    r"\bdeposit\b" + _NE + r"{0,120}\b(?:one\s+and\s+(?:one-)?(?:a\s+)?half|two|three|four|six|1\.5|[2-6])"
    r"\s*(?:\(\d+(?:\.\d+)?\)\s*)?months?['’]?",
    _I,
)

# A sentence that says the risky thing does not happen ("a non-refundable pet fee is not charged", "no late fee
# will be charged", "Landlord shall not charge ..."): no flag.
_NEGATES = re.compile(
    r"\b(?:is|are|will|shall|may|would)\s+not\s+(?:be\s+)?(?:charged|required|imposed|applied|applicable|collected|"
    r"payable|due|owed|apply|renew\w*)\b|\b(?:shall|will|may|does|do)\s+not\s+(?:charge|require|impose|collect|apply)\b"
    r"|^\s*(?:there\s+(?:is|are)\s+)?no\s+(?:\w+\s+){0,3}(?:fee|fees|charge|charges|penalty|penalties)\b",
    _I,
)
NEGATABLE = ("non_refundable_fee", "late_fee", "early_termination_penalty", "automatic_renewal",
             "tenant_pays_all_repairs")

Rule = Callable[[str], bool]

RULES: dict[str, Rule] = {
    "automatic_renewal": lambda s: bool(_AUTO_RENEWAL.search(s)) and not _NEGATED_RENEWAL.search(s),
    "non_refundable_fee": lambda s: bool(_NON_REFUNDABLE.search(s)),
    "late_fee": lambda s: bool(_LATE_FEE.search(s)),
    "entry_without_notice": lambda s: (
        bool(_ENTRY.search(s))
        and not _ENTRY_NEGATED.search(s)
        and not _EMERGENCY_ONLY.search(s)
        and not (
            re.search(r"at\s+any\s+time", s, _I) and re.search(r"\bnotice\b", s, _I) and "without" not in s.lower()
        )
    ),
    "tenant_pays_all_repairs": lambda s: bool(_ALL_REPAIRS.search(s)),
    "early_termination_penalty": lambda s: (
        bool(_EARLY_TERMINATION.search(s) and _PENALTY.search(s)) and not _NO_PENALTY.search(s)
    ),
    "sublet_prohibited": lambda s: bool(_SUBLET.search(s)) and not _WITH_CONSENT.search(s),
    "waiver_of_rights": lambda s: bool(_WAIVER.search(s)),
}


def _money(text: str) -> float:
    return float(text.replace(",", ""))


def _flag(kind: str, chunk: Chunk, sentence: Sentence) -> RiskFlag:
    text = sentence.text if len(sentence.text) <= 400 else sentence.text[:397] + "..."
    return RiskFlag(kind=kind, text=text, citation=Citation(page=sentence.page, section=chunk.cite_section))


def _deposit_flag(chunks: list[Chunk]) -> RiskFlag | None:
    """A security deposit larger than one month's rent (stated as an amount or as months of rent)."""
    rents = [_money(m.group(1)) for c in chunks for s in c.sentences for m in _RENT_AMOUNT.finditer(s.text)]
    # The largest monthly figure is the rent itself (smaller ones are pet or parking rent).
    rent = max(rents, default=0.0)
    for chunk in chunks:
        for sentence in chunk.sentences:
            if _DEPOSIT_MONTHS.search(sentence.text):
                return _flag("deposit_above_one_month", chunk, sentence)
            m = _DEPOSIT_AMOUNT.search(sentence.text)
            if m and rent > 0:
                amount = _money(m.group(1) or m.group(2))
                if amount > rent + 0.005:
                    return _flag("deposit_above_one_month", chunk, sentence)
    return None


def find_risk_flags(chunks: list[Chunk]) -> list[RiskFlag]:
    """Every risky clause of a lease, one flag per kind and clause, in reading order."""
    flags: list[RiskFlag] = []
    for chunk in chunks:
        for kind, rule in RULES.items():
            for sentence in chunk.sentences:
                if rule(sentence.text) and not (kind in NEGATABLE and _NEGATES.search(sentence.text)):
                    flags.append(_flag(kind, chunk, sentence))
                    break
    deposit = _deposit_flag(chunks)
    if deposit:
        flags.append(deposit)
    return flags
