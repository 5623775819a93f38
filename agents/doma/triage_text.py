"""Text normalisation for repair triage: one spelling per idea, so the rules stay short.

Lowercases, strips accents (Spanish "calefacción" -> "calefaccion"), expands contractions ("won't" -> "will not",
also without the apostrophe), fixes common misspellings, and joins compounds whose words mean something else
alone ("water heater", "heat wave", "smoke detector", "fire escape") into single tokens so that "heat" or
"smoke" in a rule never fires on them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from agents.doma.triage_arabic import from_arabic
from agents.textnum import words_to_digits
from retrieval.english import is_english_word

_CONTRACTIONS = (
    (r"\bwon'?t\b", "will not"),
    (r"\bcan'?t\b", "can not"),
    (r"\bcannot\b", "can not"),
    (r"\bain'?t\b", "is not"),
    (r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should)n'?t\b", r"\1 not"),
    (r"\bn'?t\b", " not"),
    (r"\b(it|that|there|what|he|she|who|nothing|something|everything|someone|somebody|nobody|everyone|this|"
     r"here)'s\b", r"\1 is"),
    (r"\bi'm\b", "i am"),
    (r"\b(we|they|you)'re\b", r"\1 are"),
)

# Misspellings seen in tenant messages (and keyboard slips) -> the word the rules know.
_TYPOS = {
    "leek": "leak", "leeking": "leaking", "leakin": "leaking", "leacking": "leaking", "lekaing": "leaking",
    "leaky": "leaking", "leakage": "leak", "flooing": "flooding", "fludding": "flooding", "floding": "flooding",
    "tiolet": "toilet", "toliet": "toilet", "toilette": "toilet", "toilett": "toilet", "fauset": "faucet",
    "facuet": "faucet", "fawcet": "faucet", "radiater": "radiator", "radiatior": "radiator",
    "thermastat": "thermostat", "thermostate": "thermostat", "elevater": "elevator", "elavator": "elevator",
    "elevtor": "elevator", "refridgerator": "refrigerator", "refrigirator": "refrigerator", "fridg": "fridge",
    "celing": "ceiling", "cieling": "ceiling", "ceilling": "ceiling", "smel": "smell", "smelt": "smelled",
    "smeling": "smelling", "sparkes": "sparks", "sparkin": "sparking", "brokn": "broken", "brocken": "broken",
    "brocke": "broke", "heatting": "heating", "heatin": "heating", "wirring": "wiring", "outlit": "outlet",
    "oulet": "outlet", "buring": "burning", "burnning": "burning", "smoak": "smoke", "smokeing": "smoking",
    "gass": "gas", "plummer": "plumber", "sewege": "sewage", "seweage": "sewage", "mould": "mold",
    "moldy": "mold", "mouldy": "mold", "roachs": "roaches", "cockroachs": "cockroaches", "airconditioner":
    "air conditioner", "aircon": "ac", "airco": "ac", "colapsed": "collapsed", "collasped": "collapsed",
    "burglered": "burglarized", "brokein": "broke in", "breakin": "break in", "lockedout": "locked out",
    "dont": "do not", "doesnt": "does not", "didnt": "did not", "isnt": "is not", "arent": "are not",
    "wasnt": "was not", "werent": "were not", "cant": "can not", "wont": "will not", "havent": "have not",
    "hasnt": "has not", "couldnt": "could not", "its": "it is", "theres": "there is", "im": "i am",
    "stoped": "stopped", "stopd": "stopped", "workin": "working", "wrking": "working", "brokin": "broken",
    "thx": "thanks", "pls": "please", "plz": "please", "asap": "as soon as possible", "rn": "right now",
    "w/": "with", "bc": "because", "b/c": "because", "nite": "night", "tonite": "tonight",
    # a property manager's ticket codes ("UNIT 3F - NO HT/HW", "INSUFF HEAT", "CLG LKG IN BTHRM")
    "ht/hw": "heat and hot water", "hw": "hot water", "ht": "heat", "htg": "heating", "insuff": "insufficient",
    "lkg": "leaking", "lkng": "leaking", "wtr": "water", "clg": "ceiling", "bthrm": "bathroom", "elev": "elevator",
    "inop": "not working", "n/w": "not working", "bldg": "building",
}

# Long words worth correcting by edit distance (their near neighbours are not common words).
_FUZZY_TARGETS = (
    "toilet", "faucet", "leaking", "flooding", "flooded", "radiator", "thermostat", "ceiling", "elevator",
    "refrigerator", "sparking", "plumbing", "sewage", "monoxide", "detector", "electrical", "electricity",
    "bathroom", "kitchen", "shower", "overflowing", "clogged", "exterminator", "cockroaches", "collapsed",
    "smoking", "burning", "dripping", "pouring", "gushing", "spraying", "apartment", "heating", "freezing",
    "conditioner", "breaker", "outlet", "intercom", "dishwasher",
)

# Compounds joined into one token (order matters: longer phrases first).
_COMPOUNDS = (
    (r"\bhot water heater\b", "water_heater"),
    (r"\bwater heater\b", "water_heater"),
    (r"\bhot water tank\b", "water_heater"),
    (r"\bhot water\b", "hot_water"),
    (r"\bagua caliente\b", "hot_water"),
    (r"\bheat ?waves?\b", "heat_wave"),
    (r"\bola de calor\b", "heat_wave"),
    (r"\bspace heaters?\b", "space_heater"),
    (r"\b(?:carbon monoxide|co|co2|monoxido de carbono|monoxido)\s+(?:and\s+smoke\s+)?"
     r"(?:detector|alarm|monitor|sensor)s?\b", "co_alarm"),
    (r"\b(?:smoke|fire)\s+(?:and\s+(?:co|carbon monoxide)\s+)?(?:detector|alarm|sensor)s?\b", "smoke_alarm"),
    (r"\b(?:detector|alarma|sensor)(?:es)? de (?:monoxid[oe] de carbono|monoxid[oe]|co)\b", "co_alarm"),
    (r"\b(?:detector|alarma|sensor)(?:es)? de (?:humo|incendios?)\b", "smoke_alarm"),
    (r"\bfire (?:escape|exit|door|extinguisher|code|hazard|drill|place|stairs?)s?\b", "fire_equipment"),
    (r"\bfireplace\b", "fire_equipment"),
    (r"\bhot (?:to the touch|to touch)\b", "hot_to_touch"),
    (r"\bair (?:conditioner|conditioning|con)\b", "ac"),
    (r"\ba\s*/\s*c\b", "ac"),
    (r"\ba\.c\.?", "ac"),
    (r"\baire acondicionado\b", "ac"),
    (r"\blight ?bulbs?\b", "lightbulb"),
    (r"\bbulbs?\b", "lightbulb"),
    (r"\bbreaker (?:box|panel)\b", "breaker_panel"),
    (r"\b(?:electrical|electric|fuse|circuit) (?:panel|box)\b", "breaker_panel"),
    (r"\bfreezer\b", "fridge_freezer"),
    (r"\bshut ?off valve\b", "shutoff_valve"),
    (r"\bnot sure\b|\bnot certain\b|\bdo not know\b|\bno idea\b|\bcan not tell\b|\bnot just\b|\bnot only\b",
     "unsure"),
    # the person stopped using the thing: not the hazard stopping ("ya no lo estoy usando pero la pared esta caliente")
    (r"\b(?:i am |we are |i have |we have )?(?:no longer|not|stopped) using (?:it|them|that|the \w+)"
     r"(?: anymore| any more)?\b|"
     r"\bya no (?:lo |la |los |las )?(?:estoy |estamos )?(?:usando|uso|usamos|toco|tocamos|conecto|enchufo)\b",
     "stopped_using"),
    (r"\bno rush\b|\bnot urgent\b|\bno hurry\b|\bnot an emergency\b|\bnot a big deal\b|\blow priority\b|"
     r"\bwhen(?:ever)? you (?:get|have) (?:a )?(?:chance|time)\b|\bwhenever\b", "no_rush"),
)


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _edit_distance_le1(a: str, b: str) -> bool:
    """True when a and b differ by at most one insertion, deletion, substitution or adjacent swap."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diffs = [i for i in range(la) if a[i] != b[i]]
        if len(diffs) == 1:
            return True
        return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]] and a[diffs[1]] == b[
            diffs[0]]
    short, long_ = (a, b) if la < lb else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1:]


@lru_cache(maxsize=4096)
def _correct(token: str) -> str:
    if token in _TYPOS:
        return _TYPOS[token]
    if len(token) < 6 or not token.isalpha() or token in _FUZZY_TARGETS:
        return token
    if is_english_word(token):  # a real word is never "corrected": "leaning" is not "leaking"
        return token
    for target in _FUZZY_TARGETS:
        # Same first letter and length >= 6: "tiolet" -> "toilet", while short everyday words stay as they are.
        if target[0] == token[0] and _edit_distance_le1(token, target):
            return target
    return token


# A transcribed call says its figures in words: "thirty nine degrees", "eleven below", "i am eighty four".
# Small numbers stay words (the rules read "one room", "no one"); a figure "below" is a temperature below zero
# unless a place follows ("the flat below us").
_SPOKEN_BELOW = re.compile(r"\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\s+below\b"
                           r"(?!\s+(?:the|my|our|us|me|him|her|them|it|that|this|mine|ours|grade|ground|\w+ floor))")
SPOKEN_AT_LEAST = 13


def _spoken_figures(t: str) -> str:
    t = words_to_digits(t, at_least=SPOKEN_AT_LEAST)
    t = _SPOKEN_BELOW.sub(lambda m: f"-{words_to_digits(m.group(1))} degrees", t)
    return re.sub(r"\bzero (degrees|deg|out|outside)\b", r"0 \1", t)


def normalize(text: str) -> str:
    """The canonical form the triage rules read (see the module docstring)."""
    t = _strip_accents(from_arabic(text)).lower()
    t = t.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    t = re.sub(r"(\d)\s*(?:°|º)\s*([fc])?\b", lambda m: f"{m.group(1)} deg{m.group(2) or ''} ", t)
    t = re.sub(r"([a-z])\1{2,}", r"\1\1", t)  # "leakinggg" -> "leakingg" -> fixed below by the typo pass
    for pattern, repl in _CONTRACTIONS:
        t = re.sub(pattern, repl, t)
    t = re.sub(r"[a-z][a-z/']*", lambda m: _correct(m.group(0).strip("'")), t)
    t = _spoken_figures(t)
    for pattern, repl in _COMPOUNDS:
        t = re.sub(pattern, repl, t)
    return re.sub(r"[ \t]+", " ", t).strip()


_CLAUSE_SPLIT = re.compile(r"[.;!?\n\u2014\u2013(),]+|\s-\s|\b(?:but|though|although|however|except|pero)\b")


def clauses(normalized: str) -> list[str]:
    """The text cut at punctuation and contrast words: negation never reaches across a clause."""
    return [c.strip() for c in _CLAUSE_SPLIT.split(normalized) if c and c.strip()]


# "AC died ... also there's black mold in the bathroom": where a second problem starts in one message
_ANOTHER_ISSUE = re.compile(r"(?:[.;!?]\s*|,\s*|\s+)(?:and\s+)?(?=(?:also|plus|another thing|one more thing|oh and|on "
                            r"top of that|separately|in addition|btw|tambi[eé]n|adem[aá]s)\b)|"
                            r"(?:[.;!?]\s+|,\s+)(?=(?:unit |apt\.? |#)?\d{1,2}[a-h]\b)|"
                            r"(?:,\s*|\s+)and\s+(?=(?:unit |apt\.? |#)?\d{1,2}[a-h]\s+(?:has|have|says?|reports?|is|"
                            r"'s|got|needs?)\b)|"
                            r"(?:[.;!?]\s+|,\s+)(?:and\s+)?(?=(?:someone|the tenants?|tenants?|a tenant|the family|my "
                            r"tenant|the guy|the lady)\s+(?:in|at|from)\s+(?:unit |apt\.? |#)?\d{1,2}[a-h]\b)", re.I)
# "7C says there's a gas smell... 4B has no heat": the unit a part of a manager's report is about
UNIT_LABEL = re.compile(r"(?<![\w-])(\d{1,2}[a-h])\b", re.I)


_CUE_WORD = re.compile(r"^(?:also|plus|another thing|one more thing|oh and|on top of that|separately|in addition|btw|"
                       r"tambi[eé]n|adem[aá]s)\b[\s,:]*", re.I)


def issue_parts(text: str) -> list[str]:
    """The message cut where it turns to another problem ("also ...", "plus ..."); one part when it does not."""
    parts = [_CUE_WORD.sub("", p.strip(" ,.;")) for p in _ANOTHER_ISSUE.split(text)]
    return [p for p in parts if len(p.split()) >= 3] or [text]


# A manager's list of problems: one per line ("2A no hot water\n3C smells gas"), or numbered ("1) 3B no heat 2) 6A ...")
_LIST_BREAK = re.compile(r"\s*\n+\s*(?:[-•*]\s*|\d{1,2}[.)]\s*)?|(?:^|\s)\(?\d{1,2}\)\s*")


def listed_items(text: str) -> list[str]:
    """The items of a list written one per line or numbered; [] when the message is no such list."""
    if "\n" not in text.strip() and len(re.findall(r"(?:^|\s)\(?\d{1,2}\)\s", text)) < 2:
        return []
    # a line that introduces the list ("...and i'm drowning. backlog:") is no item
    return [p.strip(" ,.;:") for p in _LIST_BREAK.split(text)
            if len(p.split()) >= 2 and not p.rstrip().endswith(":")]
