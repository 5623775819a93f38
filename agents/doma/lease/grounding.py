"""Is a model's lease answer bound to the excerpts it cites? Every check names what failed, for the trace.

A reply is kept only when: its quotes are verbatim in the excerpts it cites (and are not instructions planted in
the lease), every number, number word and month it states is written there, and what it says is allowed,
forbidden, required or not required agrees with the quoted clause ("Yes, you may sublet" quoting "Tenant shall
not sublet" is refused). Anything else falls back to the deterministic answer.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

# Negated forms first: they are blanked before the positive forms are looked for ("may not" is not "may").
_FORBID = re.compile(
    r"\b(may not|shall not|must not|will not|cannot|can ?not|can't|won't|is not (?:allowed|permitted)|"
    r"are not (?:allowed|permitted)|not (?:be )?(?:allowed|permitted)|prohibited|forbidden|not entitled|"
    r"no (?:\w+ )?(?:is|are|shall be) (?:allowed|permitted))\b", re.I)
_EXEMPT = re.compile(
    r"\b(need not|needn't|not (?:required|obligated|obliged|responsible|liable)|(?:does|do|don't|doesn't) not? ?"
    r"have to|no need to|nothing to pay|free of charge)\b", re.I)
_PERMIT = re.compile(r"\b(may|can|allowed|permitted|entitled|free to|is welcome to)\b", re.I)
_OBLIGE = re.compile(r"\b(must|shall|required|obligated|obliged|responsible for|has to|have to|needs? to|liable)\b",
                     re.I)
_YES = re.compile(r"^\W*yes\b", re.I)
_NO = re.compile(r"^\W*no\b", re.I)

# Text addressed to an AI inside a lease is data, never support for an answer.
_INSTRUCTION = re.compile(
    r"\b(ignore (?:all |any )?(?:previous|prior|above|earlier) (?:instructions|rules)|(?:ai|language model|llm|"
    r"chatbot) assistants?|system prompt|admin mode|you are now|reply (?:only )?with|respond (?:only )?with|"
    r"disregard (?:the|your|all))\b", re.I)

_NUMBER_WORDS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30",
    "forty": "40", "forty-five": "45", "fifty": "50", "sixty": "60", "ninety": "90", "hundred": "100",
}
_MONTHS = re.compile(r"\b(january|february|march|april|june|july|august|september|october|november|december)\b",
                     re.I)
MIN_QUOTE_CHARS = 12
_FILLER = frozenset({"that", "this", "with", "your", "from", "have", "will", "shall", "there", "which", "about",
                     "would", "could", "shoul", "these", "those", "under", "other", "their", "excer", "lease"})


class Cited(Protocol):
    """An excerpt the model may cite: only its text matters here."""

    @property
    def text(self) -> str: ...


def normalise(text: str) -> str:
    """Lower case, straight quotes and dashes, single spaces (a quote survives re-typing, nothing else)."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("–", "-").replace("—", "-")
    return re.sub(r"\s+", " ", text).strip().lower()


def numbers(text: str) -> set[str]:
    """Figures in a text (digits, and number words as digits), without thousands separators."""
    found = {n.replace(",", "").rstrip(".") for n in re.findall(r"\d[\d,.]*", text)}
    found |= {_NUMBER_WORDS[w.lower()] for w in re.findall(r"[A-Za-z]+(?:-five)?", text) if w.lower() in _NUMBER_WORDS}
    return {n.removesuffix(".00") for n in found}


def _content(text: str) -> set[str]:
    """Content words of a text, as 5-letter prefixes (sublet / subletting / sublets meet)."""
    return {w[:5] for w in re.findall(r"[a-z]{4,}", normalise(text))} - _FILLER


def polarity(text: str) -> set[str]:
    """What a text says about an act: forbid, exempt, permit, oblige (any mix)."""
    found: set[str] = set()
    for name, pattern in (("forbid", _FORBID), ("exempt", _EXEMPT)):
        if pattern.search(text):
            found.add(name)
            text = pattern.sub(" ", text)
    for name, pattern in (("permit", _PERMIT), ("oblige", _OBLIGE)):
        if pattern.search(text):
            found.add(name)
    return found


def polarity_conflict(answer: str, quotes: list[str]) -> str | None:
    """Why the answer's may / may not / must / need not disagrees with the quoted clause, or None."""
    said = polarity(answer)
    quoted = set().union(*(polarity(q) for q in quotes)) if quotes else set()
    unsupported = sorted(said - quoted)
    if unsupported:
        return f"answer says {'/'.join(unsupported)} but the quoted clause says {'/'.join(sorted(quoted)) or 'neither'}"
    if _YES.search(answer) and quoted and quoted <= {"forbid", "exempt"}:
        return "answer says yes to a clause that forbids or exempts"
    if _NO.search(answer) and quoted and quoted <= {"permit", "oblige"}:
        return "answer says no to a clause that permits or requires"
    return None


def check_reply(reply: dict[str, Any], by_id: dict[str, Any], text_of: Any) -> tuple[list[tuple[Any, str]] | None,
                                                                                     str]:
    """(excerpt, quote) pairs when the reply is bound to its cited excerpts, else (None, the reason).

    Args:
        reply: the model's parsed JSON ({"answer", "quotes", "sources", ...}).
        by_id: excerpt id ("S1") -> the excerpt object.
        text_of: excerpt object -> its text.
    """
    answer, quotes, sources = reply.get("answer"), reply.get("quotes"), reply.get("sources")
    if not isinstance(answer, str) or not answer.strip():
        return None, "no answer text"
    if not isinstance(quotes, list) or not quotes or not isinstance(sources, list) or not sources:
        return None, "no quotes or no sources"
    cited = [by_id.get(str(s).strip().strip("[]")) for s in sources]
    if any(c is None for c in cited):
        return None, "cites an excerpt it was not given"
    items = [c for c in cited if c is not None]
    pairs: list[tuple[Any, str]] = []
    for quote in quotes:
        if not isinstance(quote, str) or len(normalise(quote)) < MIN_QUOTE_CHARS:
            return None, "a quote is missing or too short"
        home = next((c for c in items if normalise(quote) in normalise(text_of(c))), None)
        if home is None:
            return None, "a quote is not verbatim in the cited excerpts"
        if _INSTRUCTION.search(quote):
            return None, "quotes an instruction planted in the lease"
        pairs.append((home, quote.strip()))
    written = " ".join(text_of(c) for c in items)
    if not numbers(answer) <= numbers(written):
        return None, "states a number the cited excerpts do not contain"
    if not {m.lower() for m in _MONTHS.findall(answer)} <= {m.lower() for m in _MONTHS.findall(written)}:
        return None, "states a date the cited excerpts do not contain"
    if _INSTRUCTION.search(answer) or not _content(answer) & _content(" ".join(q for _, q in pairs)):
        return None, "the answer does not speak about what it quotes"
    conflict = polarity_conflict(answer, [q for _, q in pairs])
    if conflict:
        return None, conflict
    return pairs, "supported"
