"""A note for the landlord said with a booking ("pls note i need a step-free way in", "ask them if they take dogs",
"pregúntales si aceptan perros"): carried with the tour into the viewing request, never dropped in silence."""

from __future__ import annotations

import re

# the cue and the clause after it, to the end of its sentence
_CUE = re.compile(
    r"\b(?:(?:pls|please|plz)\s+)?(?:(?<!to )note(?! to self)(?: that)?|"
    r"let (?:them|the (?:landlord|owner|agent|super)) know(?: that)?|"
    r"tell (?:them|the (?:landlord|owner|agent|super))(?: that)?|mention(?: to them)?(?: that)?|"
    r"make sure they know(?: that)?)\s*[:,]?\s+(?P<say>[^.!?\n]{6,160})|"
    r"\bask (?:them|the (?:landlord|owner|agent|super|broker)|him|her)\s+(?P<ask>(?:if|whether|about|what|how|when|"
    r"do|does|is|are|can)\b[^.!?\n]{3,160})|"
    r"\b(?:preg[uú]nt(?:e|a)?les|preg[uú]ntale|preg[uú]ntenle)\s+(?P<es_ask>[^.!?\n]{4,160})|"
    r"\b(?:p[ií]dales|d[ií]gales|diles|av[ií]sales)\s+(?P<es>[^.!?\n]{4,160})|"
    r"(?:اسألهم|اسأله|اسأل المالك|قل لهم|أخبرهم)\s+(?P<ar>[^.!?؟\n]{3,160})",
    re.I)


def landlord_note(text: str) -> str | None:
    """What the person asks to pass on to the landlord with the tour, as they said it, or None."""
    m = _CUE.search(text)
    if m is None:
        return None
    said = next(g for g in (m.group("say"), m.group("ask"), m.group("es_ask"), m.group("es"), m.group("ar"))
                if g is not None)
    said = re.sub(r"\s+", " ", said).strip(" ,;:¿?")
    if m.group("ask") is not None:
        return "Question from the renter: " + re.sub(r"^if\b", "whether", said, flags=re.I) + "."
    if m.group("es_ask") is not None:
        return f"Pregunta: ¿{said}?"
    return said[0].upper() + said[1:]
