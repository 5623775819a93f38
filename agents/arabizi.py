"""Arabic in Latin letters and digits ("Arabizi": "3ayez a2aggar sha2a"), read in the English words routing knows.

A glossary of the product's own topics, not a transliterator: rent, renew, the lease, a flat, a repair, a viewing,
a price. Digits stand for Arabic letters (2 hamza, 3 ain, 5 kha, 7 ha, 9 sad), so a word is only read when it is
spelt that way or is a plain Arabizi word with no English sense; everything else passes through unchanged.
"""

from __future__ import annotations

import re

WORDS: dict[str, str] = {
    # rent, renewal, the lease and money
    "egar": "rent", "eigar": "rent", "igar": "rent", "iijar": "rent", "ijar": "rent", "el-egar": "the rent",
    "tagdeed": "renewal", "tajdeed": "renewal", "agaded": "renew", "ajadded": "renew", "ajaddid": "renew",
    "agadded": "renew", "ygadded": "renew", "yjadded": "renew", "ngaded": "renew",
    "yzawed": "raise", "yezawed": "raise", "zyada": "increase", "ziyada": "increase", "zeyada": "increase",
    "3a2d": "lease", "3aqd": "lease", "el3a2d": "the lease", "ta2meen": "deposit", "ta2min": "deposit",
    "malek": "landlord", "el-malek": "the landlord", "mo2aggar": "landlord",
    "as3ar": "prices", "se3r": "price", "si3r": "price", "ta2yeem": "valuation", "taqyeem": "valuation",
    # homes and viewings
    "sha2a": "apartment", "shaqa": "apartment", "sha22a": "apartment", "a2aggar": "rent", "a2ajjar": "rent",
    "mo3ayna": "viewing", "mo3aina": "viewing", "mu3ayana": "viewing", "ziyara": "visit", "a7goz": "book",
    "a7jez": "book", "ma3ad": "appointment", "maw3ed": "appointment", "maw3id": "appointment",
    # repairs
    "tasle7": "repair", "tasleeh": "repair", "ta9lee7": "repair", "sayana": "maintenance", "seyana": "maintenance",
    "3otl": "broken", "3atlan": "broken", "3atlana": "broken", "maksoor": "broken", "maksour": "broken",
    "tasreeb": "leak", "ba2": "leak", "mayya": "water", "maya": "water", "kahraba": "electricity",
    "7aree2a": "fire", "7ari2a": "fire", "do5an": "smoke", "dukhan": "smoke", "ghaz": "gas", "gaz": "gas",
    # asking
    "3ayez": "i want", "3ayza": "i want", "3awez": "i want", "abgha": "i want", "baddi": "i want",
    "a3mel": "do", "a3mal": "do", "eh": "what", "esh": "what", "shu": "what", "kam": "how much", "bkam": "how much",
}

# Only a message that writes Arabic letters as digits inside words ("3ayez", "sha2a", "a7goz") is read this way: "gaz"
# or "kam" alone in an English or Spanish message stays what it is.
_ARABIZI = re.compile(r"\b[a-z]*[2375-9][a-z]{2,}\b", re.I)
_WORD = re.compile(r"\b[a-z0-9-]+\b", re.I)


def is_arabizi(text: str) -> bool:
    """Whether the message writes Arabic in Latin letters (at least one word spelt with a digit for a letter)."""
    # (not "3rd", "2br", "5rm", "3pm": figures with their units)
    return any(not re.fullmatch(r"\d+(?:st|nd|rd|th|br|ba|bd|bhk|rm|room|am|pm|yr|yrs|k|m)s?", m.group(0), re.I)
               for m in _ARABIZI.finditer(text))


def from_arabizi(text: str) -> str:
    """The message with its Arabizi words in English; unchanged when it is not written in Arabizi."""
    if not is_arabizi(text):
        return text
    return _WORD.sub(lambda m: WORDS.get(m.group(0).lower(), m.group(0)), text)
