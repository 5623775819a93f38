"""Is a token an everyday English word? (pyspellchecker's frequency list, loaded once.)

Used where a rule must not mistake a common word for a name or a typo: the triage typo corrector ("leaning" is not
"leaking") and the HDB street reader ("lower floor" is no street called Lower Delta).
"""

from __future__ import annotations

from functools import lru_cache

from spellchecker import SpellChecker


@lru_cache(maxsize=1)
def _dictionary() -> SpellChecker:
    return SpellChecker(language="en", distance=1)


@lru_cache(maxsize=8192)
def is_english_word(token: str) -> bool:
    """True for a word of the English word list (case-insensitive)."""
    return bool(_dictionary().known([token.lower()]))
