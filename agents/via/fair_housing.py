"""Fair housing: who a person is (race, religion, national origin, familial status, disability, sex) is never a
search filter. One guard cleans every SearchSpec after parsing, whether the rules or a model produced it."""

from __future__ import annotations

import re
from collections.abc import Collection

from contracts.search import SearchSpec

# Phrases in a message that ask to select people by who they are.
PROTECTED = re.compile(
    r"\b(no|without|avoid|only|mostly|mainly|just|all|fewer|less|away from|not many|no more)\s+"
    r"(kids|children|families|family|babies|immigrants|foreigners|disabled|handicapped|wheelchairs?|"
    r"blacks?|whites?|asians?|hispanics?|latinos?|latinas?|mexicans?|chinese|indians?|arabs?|africans?|"
    r"jews|jewish|muslims?|christians?|catholics?|hindus?|sikhs?|gays?|lesbians?|trans|men|women|males?|females?|"
    r"(?:people|tenants|neighbors|neighbours) (?:of|from) \w+)\b"
    r"|\b(white|black|asian|hispanic|latino|jewish|muslim|christian|catholic|hindu|arab|chinese|indian|korean|"
    r"russian|irish|italian|mexican|african|gay|straight|religious|immigrant)\s+"
    r"(neighbou?rhood|area|building|bldg|community|neighbou?rs|people|tenants|landlord|block|only)\b"
    r"|\badults?[- ]only\b|\bchild[- ]free (building|bldg)\b|\bno section 8\b"
    r"|\b(same|my) (race|religion|ethnicity|nationality|culture) (as me|neighbou?rs|people|area)?\b"
    r"|\b(race|religion|ethnicity|national origin|nationality|familial status|disability|sex|gender)\b",
    re.I,
)
# Words that, inside a short spec value ("no_children", "white neighbors"), name a protected class.
PROTECTED_WORDS = re.compile(
    r"\b(kids?|child|children|childfree|babies|famil(y|ies)|pregnan\w*|immigrants?|foreigners?|disabled|disabilit\w*|"
    r"handicap\w*|wheelchairs?|race|racial|religio\w*|ethnic\w*|nationality|national origin|white|black|asians?|"
    r"hispanics?|latin[oa]s?|jews|jewish|muslims?|christians?|catholics?|hindus?|sikhs?|arabs?|gays?|lesbians?|"
    r"trans|straight|males?|females?|men|women|adults?|section 8|gender|sex)\b",
    re.I,
)
PROTECTED_MESSAGE = (
    "I can't search or filter on race, religion, national origin, familial status, disability or sex — fair "
    "housing rules protect those, so I've left that part out and searched on the rest."
)


def protected_request(text: str) -> bool:
    """Whether a message asks to select by a protected class (which is never turned into a filter)."""
    return bool(PROTECTED.search(text))


def _protected_value(value: str) -> bool:
    plain = value.replace("_", " ").replace("-", " ")
    return bool(PROTECTED.search(plain) or PROTECTED_WORDS.search(plain))


def guard_spec(spec: SearchSpec, known_places: Collection[str] = ()) -> tuple[SearchSpec, list[str], list[str]]:
    """The spec with every protected-class criterion removed.

    Args:
        spec: a validated spec (its amenity lists already hold amenity keys only; what validation dropped from
            them is in spec.dropped_amenities).
        known_places: location tokens that are real places and stay even if a word looks protected.

    Returns:
        (clean spec, removed protected values, other dropped names that are not amenities we know).
    """
    protected = [v for v in spec.dropped_amenities if _protected_value(v)]
    unknown = [v for v in spec.dropped_amenities if not _protected_value(v)]
    update: dict[str, object] = {}
    places = set(known_places)
    kept = [token for token in spec.location if token in places or not _protected_value(token)]
    if kept != spec.location:
        protected += [token for token in spec.location if token not in kept]
        update["location"] = kept
    for name in ("use_case", "timeline"):
        value = getattr(spec, name)
        if value and _protected_value(value):
            protected.append(value)
            update[name] = None
    if not update:
        return spec, protected, unknown
    data = {**spec.model_dump(), **update}
    data["confidence"] = {k: v for k, v in spec.confidence.items() if k.split(".")[0] not in update}
    data["spec_status"] = "ok" if (data["location"] or data["budget_monthly_usd"] or data.get("budget_ppsf_year")) \
        else "underconstrained"
    return SearchSpec.model_validate(data), protected, unknown
