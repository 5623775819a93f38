"""Words for retrieval: lowercase tokens with contractions undone, and a light English suffix stemmer."""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")


_SUFFIXES = (
    ("ies", "y"),
    ("sses", "ss"),
    ("ments", ""),
    ("ment", ""),
    ("ing", ""),
    ("edly", ""),
    ("ed", ""),
    ("ly", ""),
    ("s", ""),
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix stemmer: plurals, -ing, -ed, -ly, and doubled consonants ("subletting" -> "sublet").

    Deliberately gentle so that lease words stay readable and short words are left alone.
    """
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    if len(w) <= 3:
        return w
    for suffix, repl in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                break
            w = w[: len(w) - len(suffix)] + repl
            if suffix in ("ing", "ed", "edly") and len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # "subletting" -> "sublett" -> "sublet"
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]  # "lease"/"leas", "charge"/"charg": -e never separates meanings here
    return w


_CONTRACTIONS = (
    (re.compile(r"\bcan't\b"), "can"),
    (re.compile(r"\bwon't\b"), "will"),
    (re.compile(r"n't\b"), ""),
    (re.compile(r"'(?:s|m|re|ve|ll|d)\b"), ""),
)


def words(text: str) -> list[str]:
    """Lowercase word tokens (numbers kept, apostrophes folded, contractions undone)."""
    text = text.lower().replace("’", "'")
    if "'" in text:
        for pattern, repl in _CONTRACTIONS:
            text = pattern.sub(repl, text)
    return _WORD.findall(text)
