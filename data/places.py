"""Street-name normalisation shared by the inventory (addresses) and the NeedsAgent (user tokens).

"West 38th Street", "W 38th St" and "w. 38th st" all become "w 38th st"; "Seventh Avenue" becomes
"seventh ave", and an address also answers to its numeric twin ("7th ave") so either wording matches.
"""

from __future__ import annotations

import re

_ORDINAL_WORDS = {
    "first": "1st",
    "second": "2nd",
    "third": "3rd",
    "fourth": "4th",
    "fifth": "5th",
    "sixth": "6th",
    "seventh": "7th",
    "eighth": "8th",
    "ninth": "9th",
    "tenth": "10th",
    "eleventh": "11th",
    "twelfth": "12th",
}
_WORDS_FOR_ORDINAL = {v: k for k, v in _ORDINAL_WORDS.items()}
_SUFFIXES = {
    "street": "st",
    "str": "st",
    "avenue": "ave",
    "av": "ave",
    "place": "pl",
    "square": "sq",
    "boulevard": "blvd",
    "road": "rd",
    "drive": "dr",
}
_DIRECTIONS = {"west": "w", "east": "e", "north": "n", "south": "s"}
_ORDINAL = re.compile(r"^\d+(st|nd|rd|th)$")


def normalize_street(text: str) -> str:
    """Canonical lowercase street wording: directions and suffixes abbreviated, periods dropped."""
    words = re.sub(r"[.,]", " ", text.lower()).split()
    out: list[str] = []
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if word in _DIRECTIONS and (_ORDINAL.match(nxt) or nxt in _ORDINAL_WORDS or nxt == "houston"):
            out.append(_DIRECTIONS[word])
        elif word in _SUFFIXES and out:
            out.append(_SUFFIXES[word])
        else:
            out.append(word)
    return " ".join(out)


def street_variants(address: str) -> list[str]:
    """The canonical address plus its twin with ordinal words and numbers swapped ('seventh' <-> '7th')."""
    canonical = normalize_street(address)
    words = canonical.split()
    twin = [_ORDINAL_WORDS.get(w) or _WORDS_FOR_ORDINAL.get(w) or w for w in words]
    variants = [canonical]
    if twin != words:
        variants.append(" ".join(twin))
    return variants


def location_text(*, neighborhood: str, submarket: str, borough: str, address: str) -> str:
    """The lowercase text a location token is looked up in (substring match, as in the eval format)."""
    parts = [neighborhood.lower(), submarket.lower(), borough.lower(), *street_variants(address)]
    return " | ".join(p for p in parts if p)
