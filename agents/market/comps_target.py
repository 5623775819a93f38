"""Natural language -> the comps Target, deterministically (a model may refine it later, inside the same contract).

"What should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?" -> town SENGKANG, flat_type 4 ROOM, 95 sqm,
storey mid. A street or block alone gives the town ("blk 123A Compassvale Walk" -> SENGKANG). A missing town or
flat type becomes one clarifying question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from rapidfuzz import fuzz, process

from contracts.comps import Target
from data.sources.hdb import HdbTable, normalize_flat_type
from retrieval.english import is_english_word

# Street-name words as HDB abbreviates them, so "Bukit Batok West Avenue 6" meets "BT BATOK WEST AVE 6".
_ABBREVIATIONS = {
    "AVENUE": "AVE", "STREET": "ST", "ROAD": "RD", "DRIVE": "DR", "CRESCENT": "CRES", "NORTH": "NTH",
    "SOUTH": "STH", "CENTRAL": "CTRL", "CLOSE": "CL", "PLACE": "PL", "TERRACE": "TER", "LORONG": "LOR",
    "BUKIT": "BT", "JALAN": "JLN", "UPPER": "UPP", "TANJONG": "TG", "COMMONWEALTH": "C'WEALTH", "KAMPONG": "KG",
    "HEIGHTS": "HTS", "GARDENS": "GDNS", "GARDEN": "GDN", "PARK": "PK", "MARKET": "MKT", "SQUARE": "SQ",
    "BOULEVARD": "BLVD", "CENTRE": "CTR", "CENTER": "CTR",
}
# Town shorthands people write inside street names ("AMK Ave 4", "Jurong W St 91", "Lor 2 Tpy"): read as the
# town's words, so the street and the town are both found.
_SHORTHANDS = {"AMK": "ANG MO KIO", "CCK": "CHOA CHU KANG", "TPY": "TOA PAYOH", "JW": "JURONG WEST",
               "JE": "JURONG EAST", "W": "WEST", "E": "EAST"}
TOWN_ALIASES = {
    "KALLANG": "KALLANG/WHAMPOA", "WHAMPOA": "KALLANG/WHAMPOA",
    "BUKIT MERAH": "BUKIT MERAH", "TIONG BAHRU": "BUKIT MERAH", "DAWSON": "QUEENSTOWN", "BOON LAY": "JURONG WEST",
}
_STOP = {"NEAR", "AROUND", "ROOM", "FLAT", "FLOOR", "STOREY", "BLOCK", "WHAT", "SHOULD", "PRICE", "RESALE", "COMPS",
         "WORTH", "VALUE", "MONTHS", "YEARS", "LEASE", "SELLING", "BUYING", "ABOUT", "THERE", "WHICH", "WOULD",
         "HDB", "SQM", "THE", "FOR", "AND", "MID", "HIGH", "LOW", "LAST", "PAST", "MODEL", "LEFT", "FIND", "MY", "A"}
_FLAT_PHRASE = re.compile(
    r"\b(?:(?:one|two|three|four|five|[1-5])\s*[-_ ]?\s*(?:room|rm|rms|rooms|r)\b|exec(?:utive)?\b|"
    r"multi[-\s]?gen(?:eration)?\b|3gen\b|jumbo\b)", re.I)
_SQM_RANGE = re.compile(r"(\d{2,3})\s*(?:-|–|to)\s*(\d{2,3})\s*(?:sqm|sq\.?\s?m\b|m2\b|m²|square\s+met(?:er|re)s?)",
                        re.I)
_SQM = re.compile(r"(\d{2,3}(?:\.\d+)?)\s*(?:sqm|sq\.?\s?m\b|m2\b|m²|square\s+met(?:er|re)s?)", re.I)
_SQFT = re.compile(r"(\d,\d{3}|\d{3,4})\s*(?:sq\.?\s?f(?:ee)?t\b\.?|sqft|square\s+f(?:ee|oo)t|sf\b|ft2|ft²)", re.I)
# HDB block letters run past H (Tampines 494J, 498M)
_BLOCK = re.compile(r"\b(?:blk|block|bk)\.?\s*#?(\d{1,4}[a-hj-np]?)\b", re.I)
_LETTERED_BLOCK = re.compile(r"(?<![\w#$-])(\d{2,4}[a-h])\b(?!\s*(?:sqm|sq|m2|floor|storey|level))", re.I)
# "storey 10 to 12", "floors 16-18", "a higher floor, like 16-18" (a range a few words after the floor word)
_FLOOR_RANGE = re.compile(r"\b(?:storey|storeys|floor|floors|level|levels)\b[^\d.?!]{0,12}?(\d{1,2})\s*(?:to|-|–)\s*"
                          r"(\d{1,2})\b", re.I)
_FLOOR_NTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?[\s-]*(?:floor|flor|storey|level|flr)\b", re.I)
_FLOOR_OF = re.compile(r"\b(?:floor|flor|storey|level|flr)\s*#?(\d{1,2})\b", re.I)
_UNIT = re.compile(r"#(\d{1,2})-(?:\d{1,4}|xx+)\b", re.I)  # "#09-xx": the floor without the unit
# "high floor (14th)": the floor said after its band
_FLOOR_AFTER = re.compile(r"\b(?:floor|flor|storey|level|flr)\s*\(\s*(\d{1,2})(?:st|nd|rd|th)?\s*\)", re.I)
_FLOOR_WORDS = (
    (re.compile(r"\b(?:high|higher|top|upper|penthouse)[\s-]*(?:floor|flor|storey|level|flr)s?\b", re.I), "high"),
    (re.compile(r"\b(?:mid|middle|medium)[\s-]*(?:floor|flor|storey|level|flr)s?\b", re.I), "mid"),
    (re.compile(r"\b(?:low|lower|ground|bottom)[\s-]*(?:floor|flor|storey|level|flr)s?\b", re.I), "low"),
)
_LEASE_LEFT = re.compile(r"\b(\d{2})\s*(?:years?|yrs?)\s*(?:of\s+)?(?:lease\s+)?(?:left|remaining)\b", re.I)
_LEASE_MIN = re.compile(r"\b(?:at\s+least|min(?:imum)?|over|more\s+than|>=?)\s*(\d{2})\s*(?:years?|yrs?)|"
                        r"\b(\d{2})\s*\+\s*(?:years?|yrs?)", re.I)
# "lease from 1998", "lease 2004", "lease start: 2015", "built 2001", "TOP 1998", "1988 lease"
_LEASE_FROM = re.compile(r"\b(?:lease(?:\s+(?:from|fr|start(?:ed|s|ing)?|commenc\w*)(?:\s+in)?)?|(?:built|completed)"
                         r"(?:\s+in)?|(?-i:TOP)(?:\s+in)?|top\s+in)\s*:?\s*(?:yr\s*|year\s*)?(19[5-9]\d|20[0-2]\d)\b|"
                         r"\b(19[5-9]\d|20[0-2]\d)\s+lease\b", re.I)
_LONG_LEASE = re.compile(r"\b(?:long|new(?:er)?|young)\s+(?:remaining\s+)?lease\b", re.I)
_MONTHS = re.compile(r"\b(?:last|past|previous)\s+(\d{1,2}|six|twelve|three|eighteen)\s*months?\b", re.I)
_YEARS = re.compile(r"\b(?:last|past|previous)\s+(\d|one|two|three)?\s*years?\b", re.I)
_BUDGET = re.compile(r"(?:\b(?:under|below|budget(?:'s|\s+is)?(?:\s+of)?|max(?:imum)?(?:'s|\s+is)?|up\s+to|within|with|"
                     r"only have|<)"
                     r"\s*(?:s?\$|sgd)?\s*)(\d+(?:[.,]\d+)*)\s*(k|m|mil|million)?\b"
                     # "within 500m of an mrt" is a distance, not a budget
                     r"(?!\s*(?:of|from|to|walk)\b|\s*(?:radius|away)\b)", re.I)
# "within 500m of an mrt", "near the mrt" (read as 500 m, said in the reply), "5 min walk to mrt" (about 400 m)
_MRT = re.compile(r"\b(?:within|under|less than|<)\s*(\d{2,4})\s*(?:m|metres?|meters?)\b[^.?!]{0,12}?\b(?:mrt|lrt|"
                  r"train|station)\b|\b(\d{2,4})\s*(?:m|metres?|meters?)\s+(?:from|to|of)\s+(?:an?\s+|the\s+)?"
                  r"(?:mrt|lrt|station)\b|\b(?:near|close\s+to|next\s+to|walking\s+distance\s+(?:to|of))\s+"
                  r"(?:an?\s+|the\s+)?(?:mrt|lrt)\b|\b(\d{1,2})\s*min(?:ute)?s?\s+(?:walk\s+)?(?:to|from)\s+"
                  r"(?:an?\s+|the\s+)?(?:mrt|lrt)\b", re.I)
# ... or a distance said after the station: "close to the mrt, say within 400m"
_MRT_AFTER = re.compile(r"\b(?:mrt|lrt|station)\b[^.?!]{0,25}?\b(?:within|under|less than|<)\s*(\d{2,4})\s*"
                        r"(?:m|metres?|meters?)\b", re.I)
FUZZY_STREET = 90  # rapidfuzz ratio for a misspelt street: one or two letters off in a name of 12 or more
MRT_NEAR_M = 500  # "near the MRT" without a distance
WALK_M_PER_MIN = 80  # "5 min walk to the mrt": about 400 m
_NEAR = re.compile(r"\b(?:near|around|close\s+to|next\s+to|beside|nearby)\b", re.I)
_ISH = re.compile(r"\b([a-z][a-z ]{2,30}?)[- ](?:ish|like|style)\b", re.I)
_WORDNUM = {"one": 1, "two": 2, "three": 3, "six": 6, "twelve": 12, "eighteen": 18}


# Flat models as people shorten them; "EA"/"EM" are executive apartments and maisonettes (capitals only: "ea")
_MODEL_SHORT = re.compile(r"\b(?:(?P<ng>NG)|(?-i:(?P<ea>EA))|(?-i:(?P<em>EM))|(?P<pa>premium\s+apt|(?-i:PA))|"
                          r"(?P<ms>maisonette|masionette))\b", re.I)
_MODEL_NAMES = {"ng": "New Generation", "ea": "Apartment", "em": "Maisonette", "pa": "Premium Apartment",
                "ms": "Maisonette"}
_EXEC_SHORT = re.compile(r"\b(?-i:E[AM])\b")


def _flat_type(text: str, place: str | None) -> str | None:
    """The flat type asked about. With several ("outgrowing our 3rm. Saw a 5-room at 665B ..."), the one written
    nearest the block or street is the flat to value."""
    found = [(m.start(), normalize_flat_type(m.group(0))) for m in _FLAT_PHRASE.finditer(text)]
    found += [(m.start(), "EXECUTIVE") for m in _EXEC_SHORT.finditer(text)]
    if not found:
        return None
    at = text.upper().find(place.upper()) if place else -1
    if at < 0 or len({kind for _, kind in found}) == 1:
        return min(found)[1]
    return min(found, key=lambda f: abs(f[0] - at))[1]


def _street_word(word: str) -> str:
    """A misspelt street word in HDB's abbreviation ("SREET" -> "ST", "AVENEU" -> "AVE"), else the word."""
    if len(word) < 4 or not word.isalpha() or word in _ABBREVIATIONS.values():
        return word
    hit = process.extractOne(word, _ABBREVIATIONS.keys(), scorer=fuzz.ratio, score_cutoff=80)
    return _ABBREVIATIONS[hit[0]] if hit else word


@dataclass(frozen=True)
class Parsed:
    """A Target and, when town or flat type is missing, the one question to ask."""

    target: Target
    question: str | None


def _words(text: str) -> list[str]:
    """Upper-case words; a street word run into its number is split ("cck st64" -> CCK ST 64)."""
    text = re.sub(r"\b(ST|AVE|RD|DR|STREET|AVENUE|ROAD|DRIVE|CTRL|LOR|LORONG)(\d{1,3})\b", r"\1 \2",
                  text.upper().replace("’", "'"))
    return re.findall(r"[A-Z0-9']+", text)


def _norm(text: str) -> str:
    """Upper-case words with street words abbreviated the way HDB writes them ("Avenue" -> "AVE") and town
    shorthands spelt out ("AMK" -> "ANG MO KIO")."""
    return " ".join(_ABBREVIATIONS.get(w, _SHORTHANDS.get(w, w)) for w in _words(text))


_STREET_TYPES = frozenset({"RD", "ROAD", "ST", "STREET", "AVE", "AVENUE", "DR", "DRIVE", "CRES", "CRESCENT", "CL",
                           "CLOSE", "PL", "PLACE", "LOR", "LORONG", "TER", "TERRACE", "WAY", "WALK", "LINK",
                           "VIEW", "RISE", "CTRL", "CENTRAL", "NTH", "STH", "PARADE", "HILL", "GARDENS", "LANE",
                           "GRN", "CIRCLE", "RING", "DELTA", "ESTATE", "QUAY", "SQ"})


class TargetParser:
    """Reads a request against the table's own towns, streets and flat models.

    Args:
        table: the resale table (its towns, streets, blocks and flat models are the vocabulary).
    """

    def __init__(self, table: HdbTable) -> None:
        self.table = table
        self.towns = sorted(table.towns, key=len, reverse=True)
        # streets compared in the parser's own normal form ("ST. GEORGE'S RD" -> "ST GEORGE'S RD")
        self.street_forms = {_norm(s): s for s in sorted(table.streets, key=len, reverse=True)}
        self.street_list = list(self.street_forms)
        self.street_words: dict[str, set[str]] = {}
        town_words = {w for t in table.towns for w in t.replace("/", " ").split()}
        for street in table.streets:
            for word in street.split():
                if len(word) >= 5 and not word.isdigit() and word not in town_words and word not in _STOP \
                        and word not in _ABBREVIATIONS.values():
                    self.street_words.setdefault(word, set()).add(street)
        self.models = sorted(table.models, key=len, reverse=True)

    def _town(self, norm: str) -> str | None:
        """The town a normalised text names (compared in the same abbreviated form: "BT BATOK")."""
        padded = f" {norm} "
        for town in self.towns:
            if f" {_norm(town)} " in padded:
                return town
        for alias, town in TOWN_ALIASES.items():
            if f" {_norm(alias)} " in padded:
                return town
        return None

    def _street(self, norm: str) -> tuple[str | None, list[str]]:
        """(the hint as written in the data, the streets it stands for)."""
        padded = f" {norm} "
        for form, street in self.street_forms.items():
            if f" {form} " in padded:
                return street, [street]
        words = norm.split()
        for i, word in enumerate(words):
            # an everyday word ("lower floor", "marine life") names a street only before a street type ("lower delta")
            typed = i + 1 < len(words) and words[i + 1] in _STREET_TYPES
            if word in self.street_words and (typed or not is_english_word(word)):
                return word, sorted(self.street_words[word])
        street = self._misspelt_street(words)
        return (street, [street]) if street else (None, [])

    def _misspelt_street(self, words: list[str]) -> str | None:
        """A street written with a typo ("Tampnies St 45", "Compasvale Lane"): a run of 2-4 words close to a street
        name, with the same numbers (a typo never turns St 44 into St 45)."""
        for size in (4, 3, 2):
            for i in range(len(words) - size + 1):
                run = words[i:i + size]
                if not any(len(w) >= 5 and w.isalpha() for w in run):
                    continue
                window = " ".join(_street_word(w) for w in run)
                numbers = [w for w in run if w.isdigit()]
                for form, _score, _ in process.extract(window, self.street_list, scorer=fuzz.ratio, limit=3,
                                                      score_cutoff=FUZZY_STREET):
                    if [w for w in form.split() if w.isdigit()] == numbers:
                        return self.street_forms[form]
        return None

    def parse(self, text: str, *, as_of: date) -> Parsed:
        """Text -> Target (and a clarifying question when town or flat type is missing).

        Args:
            text: the user's request.
            as_of: the valuation date.
        """
        norm = _norm(text)
        fields: dict[str, object] = {"as_of": as_of}
        hint, streets = self._street(norm)
        block = _BLOCK.search(text)
        if block is None and hint and hint in streets:
            # "123A Rivervale Drive": a number right before a full street name is the block
            block = re.search(rf"\b(\d{{1,4}}[A-HJ-NP]?) {re.escape(_norm(hint))}\b", norm)
        if block is None:  # "what about 684A": a number with a block letter is a block on its own
            block = _LETTERED_BLOCK.search(text)
        if block:
            fields["block_hint"] = block.group(1).upper()
        flat_type = _flat_type(text, block.group(1) if block else hint)
        if flat_type:
            fields["flat_type"] = flat_type
        if hint:
            fields["street_hint"] = hint
        # the street is taken out first: "Upper Serangoon Road" names a street, not the town Serangoon
        town = self._town(norm.replace(_norm(hint), " ") if hint else norm)
        if hint and streets == [hint] and town != self.table.street_town[hint]:
            town = None  # a whole street name is surer than a town word beside it ("Havelock Rd, central location")
        if town is None and streets:
            towns = {self.table.street_town[s] for s in streets}
            if len(towns) == 1:
                town = towns.pop()
        if town is None and block and not hint:
            # a block number alone names a few streets; it gives the town only when they all share one
            candidates = self.table.block_streets.get(block.group(1).upper(), [])
            towns = {self.table.street_town[s] for s in candidates}
            if len(towns) == 1:
                town = towns.pop()
        if town:
            fields["town"] = town
        self._size(text, fields)
        self._storey(text, fields)
        self._lease(text, fields, as_of)
        self._window_and_budget(text, fields)
        model_text = f" {text.upper()} "
        for model in self.models:
            if re.search(rf"\b{re.escape(model.upper())}\b(?![- ](?:ISH|LIKE|STYLE))", model_text):
                fields["flat_model"] = model
                break
        else:
            said = next((m.lastgroup for m in _MODEL_SHORT.finditer(text) if m.lastgroup), None)
            if said and _MODEL_NAMES[said] in self.models:
                fields["flat_model"] = _MODEL_NAMES[said]
        fields["near"] = bool(_NEAR.search(text))
        # a distance said wins over a bare "near" ("walking distance to MRT, say within 400m": 400, not 500)
        measured = next((m for m in _MRT.finditer(text) if m.group(1) or m.group(2) or m.group(3)), None)
        after = _MRT_AFTER.search(text)
        if measured:
            metres, walk = measured.group(1) or measured.group(2), measured.group(3)
            fields["mrt_within_m"] = int(metres) if metres else int(walk) * WALK_M_PER_MIN
        elif after:
            fields["mrt_within_m"] = int(after.group(1))
        elif _MRT.search(text):
            fields["mrt_within_m"] = MRT_NEAR_M
        fields["free_text"] = [m.group(1).strip() for m in _ISH.finditer(text)]
        target = Target.model_validate(fields)
        return Parsed(target, clarifying_question(target))

    @staticmethod
    def _size(text: str, fields: dict[str, object]) -> None:
        span = _SQM_RANGE.search(text)
        sqm = _SQM.search(text)
        if span and float(span.group(1)) < float(span.group(2)):  # "110-115 sqm": the middle, give or take half
            low, high = float(span.group(1)), float(span.group(2))
            fields["floor_area_target"] = (low + high) / 2
            fields["floor_area_tolerance"] = max((high - low) / 2, 1.0)
        elif sqm:
            fields["floor_area_target"] = float(sqm.group(1))
        else:
            sqft = _SQFT.search(text)
            if sqft:
                fields["floor_area_target"] = round(float(sqft.group(1).replace(",", "")) / 10.7639, 1)

    @staticmethod
    def _storey(text: str, fields: dict[str, object]) -> None:
        rng = _FLOOR_RANGE.search(text)
        if rng:
            low, high = sorted((int(rng.group(1)), int(rng.group(2))))
            fields["storey_target"] = max(1, round((low + high) / 2))
            return
        for pattern in (_UNIT, _FLOOR_NTH, _FLOOR_OF, _FLOOR_AFTER):
            match = pattern.search(text)
            if match and 1 <= int(match.group(1)) <= 60:
                fields["storey_target"] = int(match.group(1))
                return
        for pattern, band in _FLOOR_WORDS:
            if pattern.search(text):
                fields["storey_preference"] = band
                return

    @staticmethod
    def _lease(text: str, fields: dict[str, object], as_of: date) -> None:
        start = _LEASE_FROM.search(text)
        left = _LEASE_LEFT.search(text)
        if start:
            fields["lease_commence_year"] = int(start.group(1) or start.group(2))
        elif left:
            fields["lease_commence_year"] = as_of.year + int(left.group(1)) - 99
        minimum = _LEASE_MIN.search(text)
        if minimum and "lease" in text.lower():
            fields["min_remaining_lease_years"] = int(minimum.group(1) or minimum.group(2))
            if left and not start and minimum.group(2):  # "90+ yrs lease left": a minimum, not this flat's lease
                fields.pop("lease_commence_year", None)
        elif _LONG_LEASE.search(text):
            fields["min_remaining_lease_years"] = 80

    @staticmethod
    def _window_and_budget(text: str, fields: dict[str, object]) -> None:
        months = _MONTHS.search(text)
        years = _YEARS.search(text)
        if months:
            raw = months.group(1).lower()
            fields["months_back"] = _WORDNUM.get(raw) or int(raw)
        elif years:
            raw = (years.group(1) or "1").lower()
            fields["months_back"] = 12 * (_WORDNUM.get(raw) or int(raw))
        budget = next((b for b in _BUDGET.finditer(text)
                       if (b.group(2) or "").lower() != "m" or float(b.group(1).replace(",", "")) < 50), None)
        if budget:  # "500m" of a budget is a distance in metres; "1.2m" is a million
            value = float(budget.group(1).replace(",", ""))
            unit = (budget.group(2) or "").lower()
            value *= 1000 if unit == "k" else 1_000_000 if unit in ("m", "mil", "million") else 1
            if value >= 50_000:
                fields["price_budget_max"] = int(value)


def clarifying_question(target: Target) -> str | None:
    """One question for what the search cannot go without (town and flat type), or None."""
    if target.town is None and target.flat_type is None:
        return "Which town and flat type should I look at (e.g. a 4-room in Sengkang)?"
    if target.town is None:
        return f"Which town is the {target.flat_type.lower()} flat in (e.g. Sengkang, Tampines, Bishan)?" \
            if target.flat_type else None
    if target.flat_type is None:
        return f"Which flat type in {target.town.title()}: 3-room, 4-room, 5-room or executive?"
    return None
