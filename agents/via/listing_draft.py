"""A message to a listing's agent or landlord about one unit ("write a msg to the agent asking if theyd take 2350 and
whether heat is included", "escríbeme un mensaje para el agente preguntando si aceptan perros"): drafted from the
unit's facts and the person's own asks, to send themselves (the product sends nothing)."""

from __future__ import annotations

import re
from typing import Any

# A draft asked for ("write a msg", "draft an email", "escríbeme un mensaje") to whoever shows or owns a listing (a
# renewal letter or a repair request is another node's: they never reach a search's follow-ups)
_DRAFT = re.compile(r"\b(?:draft|write|compose|prepare)\b.{0,30}\b(?:e-?mail|msg|message|note|letter|text)\b|"
                    r"\bdraft (?:it|one|that|something)\b|"
                    r"\b(?:escr[ií]b\w*|redact\w*)\b.{0,30}\b(?:mensaje|correo|e-?mail|carta|nota)\b", re.I)
_TO_LISTING = re.compile(r"\b(?:agent|broker|landlord|owner|listing|leasing|management|asking|to ask|agente|corredor|"
                         r"due[ñn]o|propietari[oa]|casero|preguntando)\b", re.I)


def draft_asked(text: str) -> bool:
    """A message to a listing's agent or landlord is asked to be drafted."""
    return bool(_DRAFT.search(text) and _TO_LISTING.search(text))


# What they want asked: the rest of the sentence after "asking", "to ask", "preguntando" …
_ASKS = re.compile(r"\b(?:asking|to ask|and ask|ask(?:ing)? (?:them|him|her|if|whether|about))\s+(?:them\s+)?(.+)|"
                   r"\b(?:preguntando|pregunt[aá]ndo(?:le|les)|para preguntar(?:le|les)?|y pregunt\w*)\s+(.+)", re.I)
_YOU = [(r"\btheyd\b|\bthey'd\b", "you'd"), (r"\bthey would\b", "you would"), (r"\bthey're\b|\btheyre\b", "you're"),
        (r"\bthey\b", "you"), (r"\btheir\b", "your"), (r"\bthem\b", "you")]
# a figure said after an offer verb is a monthly rent: "take 2350" -> "take $2,350"
_OFFER = re.compile(r"\b(take|accept|do|offer|go (?:down )?to|for)\s+\$?(\d{1,3}(?:,\d{3})+|\d{3,6})\b(?![\d,.%])",
                    re.I)


def asks_of(text: str) -> tuple[str, str] | None:
    """(the language of the ask, what the person wants asked, in the second person), or None when nothing is said."""
    m = _ASKS.search(text)
    if m is None:
        return None
    said = re.split(r"(?<=[.!?])\s", (m.group(1) or m.group(2)).strip())[0].strip(" .?!¿¡")
    if not said:
        return None
    if m.group(2) is not None:
        return "es", said
    for pattern, you in _YOU:
        said = re.sub(pattern, you, said, flags=re.I)
    said = _OFFER.sub(lambda o: f"{o.group(1)} ${int(o.group(2).replace(',', '')):,}", said)
    return "en", re.sub(r"^if\b", "whether", said, flags=re.I)


def _question(said: str | None, office: bool) -> str:
    """The sentence that puts the asks to the agent."""
    if not said:
        return "Is it still available, and when could we see it?" if office else \
            "Is it still available, and when could I see it?"
    us = "us" if office else "me"
    if re.match(r"(?:about|whether)\b", said, re.I):
        return f"Could you tell {us} {said}?"
    if re.match(r"for\b", said, re.I):  # "asking for a viewing this week and whether you'd waive the fee"
        return f"{'We' if office else 'I'}'d like to ask {said}."
    return f"Could you tell {us}: {said}?"


def listing_draft(text: str, unit: dict[str, Any], lang: str | None = None) -> str:
    """The reply: who the listing names as its contact (if anyone) and the draft, in the person's language."""
    row = unit["row_preview"]
    office = row.get("kind") == "office"
    asked = asks_of(text)
    spanish = lang == "es" or (asked is not None and asked[0] == "es")
    name = str(row.get("broker") or "").split(" ")[0]
    size = f"{row['sqft']:,.0f} {'SF' if office else ('pies²' if spanish else 'sq ft')}" if row.get("sqft") else ""
    price = (f"${row['ppsf_year']:,.2f}/SF {'al año' if spanish else 'a year'}" if office and row.get("ppsf_year") else
             f"${row['rent']:,.0f}/{'mes' if spanish else 'month'}" if row.get("rent") else "")
    facts = [size, price]
    listed = ", ".join(f for f in facts if f)
    if spanish:
        ask = f"Quisiera preguntarle {asked[1]}." if asked else "¿Sigue disponible? ¿Cuándo podría verlo?"
        draft = (f"Asunto: {row['address']} ({unit['id']})\n\nHola{' ' + name if name else ''}:\n\n"
                 f"Me interesa {row['address']} ({unit['id']}{', ' + listed if listed else ''}). {ask}\n\n"
                 "Quedo atento/a a su respuesta. Gracias,\n[su nombre]")
        who = (f"El contacto del anuncio es {row['broker']}. " if row.get("broker") else
               "El anuncio no indica agente: envíelo por el anuncio. ")
        return f"{who}No puedo enviarlo por usted; aquí tiene un borrador para enviar:\n\n{draft}"
    draft = (f"Subject: {row['address']} ({unit['id']})\n\nHello{' ' + name if name else ''},\n\n"
             f"{'We are' if office else 'I am'} interested in {row['address']}{f' ({listed})' if listed else ''}. "
             f"{_question(asked[1] if asked else None, office)}\n\nThank you,\n[your name]")
    if row.get("broker"):
        email = f" ({row['broker_email']})" if row.get("broker_email") else ""
        who = f"The listing contact for {row['address']} ({unit['id']}) is {row['broker']}{email}."
    else:
        who = f"The listing data names no agent for {row['address']} ({unit['id']}): send it through the listing."
    return f"{who} I can't send it for you; here is a draft to send yourself:\n\n{draft}"
