"""Arabic text for matching: one spelling per letter form, no diacritics, and a light prefix/suffix stemmer.

Users write the same word many ways: أ/إ/آ/ا, ى/ي, ة/ه, with or without diacritics and tatweel, with the article
and a clinging conjunction or preposition ("والمعاملات", "بالمعاملات"). Matching compares the normalized stems.
"""

from __future__ import annotations

import re
from functools import lru_cache

_DIACRITICS = re.compile(r"[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")  # harakat, tanwin, tatweel
_LETTERS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه", "ؤ": "و", "ئ": "ي",
                          "٠": "0", "١": "1", "٢": "2", "٣": "3", "٤": "4", "٥": "5", "٦": "6", "٧": "7",
                          "٨": "8", "٩": "9", "،": ",", "؟": "?", "٬": ",", "٫": "."})
ARABIC = re.compile(r"[\u0600-\u06ff]")
_TOKEN = re.compile(r"[\u0621-\u064a]+|[a-z0-9]+")
# Clinging particles before the article (wa-, bi-, ka-, fa-, li-) and the article itself; longest first.
_PREFIXES = ("وبال", "وال", "بال", "كال", "فال", "لل", "ال")
_SUFFIXES = ("ات", "ون", "ين", "ان", "يه", "ها", "هم", "ه", "ي")


def normalize(text: str) -> str:
    """Lowercase, one form per letter, no diacritics or tatweel, Arabic-Indic digits as ASCII."""
    return _DIACRITICS.sub("", text.lower()).translate(_LETTERS)


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """A light stemmer for a normalized Arabic token: drop the article (with a clinging particle) and one
    common suffix, keeping at least three letters; other tokens are returned unchanged."""
    if not ARABIC.match(token):
        return token
    for prefix in _PREFIXES:
        if token.startswith(prefix) and len(token) - len(prefix) >= 3:
            token = token[len(prefix):]
            break
    else:
        if token[0] in "وب" and len(token) >= 5:
            token = token[1:]  # "وياس", "بياس": a clinging conjunction or preposition without the article
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


def tokens(text: str) -> list[str]:
    """Normalized tokens of Arabic and Latin script (Latin lowercased, digits kept)."""
    return _TOKEN.findall(normalize(text))


def is_arabic(text: str) -> bool:
    """True when the text is mostly Arabic script."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(bool(ARABIC.match(c)) for c in letters) * 2 >= len(letters)
