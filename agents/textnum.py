"""Numbers written as words or with shorthand: 'three and a half thousand' -> 3500, '$3.5k' -> 3500."""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "a couple": 2, "a few": 3,
}
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 1_000_000}
_WORD = r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|" \
        r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_PHRASE = re.compile(
    rf"\b{_WORD}(?:[ -]{_WORD})*(?: and a half)?(?:[ -](?:hundred|thousand|grand|million)(?: and a half)?"
    rf"(?:[ -](?:and )?{_WORD}(?:[ -]{_WORD})*(?:[ -](?:hundred|thousand))?)*)?\b",
    re.IGNORECASE,
)


def _spoken_pairs(words: list[str]) -> float | None:
    """ "thirty-seven fifty" -> 3750, "twenty nine fifty" -> 2950: two two-digit groups said the way rents are."""
    if any(w not in _UNITS or w.startswith("a ") for w in words):
        return None
    groups: list[int] = []
    for word in words:
        value = _UNITS[word]
        if groups and groups[-1] % 10 == 0 and groups[-1] >= 20 and value < 10 and groups[-1] % 100 != 0 \
                and len(str(groups[-1])) == 2:
            groups[-1] += value  # "thirty" + "seven"
        else:
            groups.append(value)
    if len(groups) == 2 and all(10 <= g <= 99 for g in groups):
        return float(groups[0] * 100 + groups[1])
    return None


def _phrase_value(phrase: str) -> float:
    pairs = _spoken_pairs([w for w in re.split(r"[ -]+", phrase.lower()) if w])
    if pairs is not None:
        return pairs
    total = 0.0
    current = 0.0
    half = False
    for word in re.split(r"[ -]+", phrase.lower()):
        if word in ("and", "a"):
            continue
        if word == "half":
            half = True
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _SCALES:
            scale = _SCALES[word]
            value = (current or 1) + (0.5 if half else 0)
            half = False
            if scale == 100:
                current = value * 100
            else:
                total += value * scale
                current = 0
    if half:
        current += 0.5
    return total + current


_ES_UNITS = {
    "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
    "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
    "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veinticinco": 25, "treinta": 30,
    "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100,
    "ciento": 100, "doscientos": 200, "trescientos": 300, "cuatrocientos": 400, "quinientos": 500,
    "seiscientos": 600, "setecientos": 700, "ochocientos": 800, "novecientos": 900,
}
_ES_WORD = r"(?:" + "|".join(sorted(_ES_UNITS, key=len, reverse=True)) + r")"
# a Spanish amount in words with "mil" in it: "dos mil quinientos" (2500), "mil ochocientos" (1800), "tres mil"
_ES_PHRASE = re.compile(rf"\b(?:{_ES_WORD}\s+(?:y\s+)?)*mil(?:\s+(?:y\s+)?{_ES_WORD})*\b", re.I)


def _spanish_value(phrase: str) -> int:
    before, _, after = phrase.lower().partition("mil")
    thousands = sum(_ES_UNITS[w] for w in before.split() if w in _ES_UNITS) or 1
    return thousands * 1000 + sum(_ES_UNITS[w] for w in after.split() if w in _ES_UNITS)


_HOURS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_MINUTES = {"o'clock": 0, "oclock": 0, "fifteen": 15, "thirty": 30, "forty five": 45, "forty-five": 45}
# a clock time said in words after a word of time ("thursday lunch like twelve thirty", "at four fifteen"): a time,
# never an amount (1230)
_CLOCK = re.compile(r"\b((?:at|like|around|about|by|say|until|till|from|to|lunch|noon|morning|afternoon|evening|"
                    r"tonight|tomorrow|\w+day)\s+)(" + "|".join(_HOURS) + r")\s+(" + "|".join(_MINUTES) + r")\b", re.I)


def clock_words(text: str) -> str:
    """ "like twelve thirty" -> "like 12:30": a clock time in words, after a word of time, in digits."""
    return _CLOCK.sub(lambda m: f"{m.group(1)}{_HOURS.index(m.group(2).lower()) + 1}:"
                                f"{_MINUTES[m.group(3).lower()]:02d}", text)


def words_to_digits(text: str, at_least: float = 0) -> str:
    """Replace number words by digits ('two-bedroom' -> '2-bedroom', 'three thousand' -> '3000', 'dos mil
    quinientos' -> '2500', a clock time 'at twelve thirty' -> 'at 12:30'); with `at_least`, only numbers that large
    ('forty five' but not 'one')."""

    def swap(match: re.Match[str]) -> str:
        value = _phrase_value(match.group(0))
        if value < at_least:
            return match.group(0)
        return str(int(value)) if value == int(value) else str(value)

    return _PHRASE.sub(swap, spanish_amounts(clock_words(text)))


def spanish_amounts(text: str) -> str:
    """Spanish amounts with "mil" in digits: "dos mil quinientos" -> "2500", "2 mil" -> "2000", "2,5 mil" -> "2500"."""
    text = re.sub(r"\b(\d+(?:[.,]\d)?)\s+mil\b", lambda m: f"{float(m.group(1).replace(',', '.')) * 1000:.0f}", text,
                  flags=re.I)
    return _ES_PHRASE.sub(lambda m: str(_spanish_value(m.group(0))), text)


def amount(number: str, suffix: str | None = None) -> float:
    """'1,500' -> 1500; ('3.5', 'k') -> 3500; ('1.6', 'm') -> 1_600_000."""
    value = float(number.replace(",", ""))
    scale = {"k": 1e3, "m": 1e6, "mm": 1e6, "thousand": 1e3, "grand": 1e3, "million": 1e6}
    return value * scale.get((suffix or "").lower().strip(), 1.0)
