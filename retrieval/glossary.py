"""A word-for-word glossary into English: how a domain reads Arabic and Spanish messages with English rules.

Not machine translation: a domain lists the phrases and words its rules need (a repair report's "رائحة غاز",
a lease question's "depósito"). Arabic is matched on normalized letters, phrases first, then single words by
their light stem (with a clinging "and"); Spanish words after folding accents. Words outside the glossary pass
through unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from retrieval.arabic import ARABIC, normalize, stem

_ARABIC_WORD = re.compile(r"[\u0621-\u064a]+")


def fold_accents(text: str) -> str:
    """"depósito" -> "deposito" (and ñ -> n): Spanish typed with or without accents reads the same."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _with_and(english: str) -> Callable[[re.Match[str]], str]:
    """The replacement of a phrase: its English, after "and" when the phrase carried a clinging "و"."""
    return lambda match: f" and {english} " if match.group(1) else f" {english} "


class Glossary:
    """Arabic phrases and words, and Spanish words, each with its English wording."""

    def __init__(self, arabic_phrases: Iterable[tuple[str, str]] = (), arabic_words: Mapping[str, str] | None = None,
                 spanish: Mapping[str, str] | None = None) -> None:
        # a phrase may carry a clinging "and" ("وكبيرة في السن": "and elderly"), as single words may
        self.phrases = tuple((re.compile(rf"(?<![\u0621-\u064a])(و)?{re.escape(normalize(a))}(?![\u0621-\u064a])"),
                              e) for a, e in sorted(arabic_phrases, key=lambda p: -len(p[0])))
        self.words: dict[str, str] = {}
        for arabic, english in (arabic_words or {}).items():  # a listed word before any other word's stem:
            self.words.setdefault(normalize(arabic), english)   # "درج" is stairs, though "درجة" (degree) stems to it
        for arabic, english in (arabic_words or {}).items():
            self.words.setdefault(stem(normalize(arabic)), english)
        self.spanish = {fold_accents(k).lower(): v for k, v in (spanish or {}).items()}
        # an infinitive with its pronouns joined on ("subarrendarle", "quedarse") is read as the infinitive
        self._spanish_re = (re.compile(r"\b(" + "|".join(sorted(map(re.escape, self.spanish), key=len, reverse=True))
                                       + r")(?:(?<=r)(?:me|te|se|le|les|lo|la|los|las|nos))?\b", re.I)
                            if self.spanish else None)

    def from_arabic(self, text: str) -> str:
        """The glossary's Arabic words in English (other words and Latin text unchanged)."""
        if not ARABIC.search(text):
            return text
        t = normalize(text)
        for pattern, english in self.phrases:
            t = pattern.sub(_with_and(english), t)

        def word(match: re.Match[str]) -> str:
            token = match.group(0)
            if token in self.words:
                return self.words[token]
            if token[0] == "و" and len(token) > 3 and token[1:] in self.words:
                return "and " + self.words[token[1:]]  # "والماء": a clinging "and"
            for article in ("وال", "بال", "ال"):  # the article on a word the stemmer would cut otherwise
                if token.startswith(article) and token[len(article):] in self.words:
                    english = self.words[token[len(article):]]
                    return f"and {english}" if article == "وال" else english  # "والحرارة": and the heat
            return self.words.get(stem(token), token)

        return _ARABIC_WORD.sub(word, t)

    def from_spanish(self, text: str) -> str:
        """The glossary's Spanish words in English, accents folded first."""
        if self._spanish_re is None:
            return text
        return self._spanish_re.sub(lambda m: self.spanish[m.group(1).lower()], fold_accents(text))

    def english(self, text: str) -> str:
        """Both: Arabic, then Spanish."""
        return self.from_spanish(self.from_arabic(text))
