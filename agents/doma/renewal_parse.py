"""What a renewal message states, read by rules (numbers never come from a model): current rent, the
landlord's proposed increase or rent, a tenant's counter, the unit (id or attributes), the term, the lease end
and who is asking."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

Requester = Literal["tenant", "manager"]

_UNIT_ID = re.compile(r"\b(SE|U)-(\d+)\b", re.IGNORECASE)
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(k\b)?|\b(\d{1,2}(?:,\d{3})+|\d{3,5})(?:\.\d+)?\s*"
                    r"(?:dollars|usd|/mo\b|a month|per month|/month|monthly)", re.IGNORECASE)
_BARE_RENT = re.compile(r"\b(?:rent is|rent of|i pay|paying|currently pay)\s+(?:about\s+|around\s+)?"
                        r"(\d{1,2},\d{3}|\d{3,5})\b(?!\s*%)", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b|pct\b)", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}
_TERM = re.compile(
    r"\b(\d{1,3}|one|two|three|four|five|six|a|an)[- ]?(years?|yrs?|months?|mos?)\b(?:[- ](?:lease|term|renewal|"
    r"extension|deal|contract))"
    r"|\b(?:for|renew\w* for|extend\w* for|sign for|term of)\s+(?:another\s+)?(\d{1,3}|one|two|three|four|five|six|a|"
    r"an)\s+(years?|months?)\b",
    re.IGNORECASE,
)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_LEASE_END = re.compile(
    r"\b(?:ends?|ending|expires?|expiring|is up|runs out|up)\s+(?:in|on|at the end of|by)?\s*((?:" + "|".join(_MONTHS)
    + r")(?:\s+\d{1,2})?(?:,?\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2} (?:weeks?|months?)|next month|this month)",
    re.IGNORECASE,
)
_BEDROOMS = re.compile(r"\b(\d)\s*(?:br|bd|bdr|bed(?:room)?s?)\b|\b(one|two|three|four)[- ]bed(?:room)?s?\b|"
                       r"\b(studio)\b", re.IGNORECASE)
_SQFT = re.compile(r"\b(\d[\d,]{2,6})\s*(?:sq\.?\s?ft|sqft|sf|square feet|square foot)\b", re.IGNORECASE)

_LANDLORD_CUE = re.compile(r"landlord|management|owner|wants?|asking|ask(?:s|ed)? for|offer(?:ed|s)?|propos\w*|"
                           r"rais\w*|increas\w*|hik\w*|quot\w*|new rent|to\s*$|going up|bump", re.IGNORECASE)
_COUNTER_CUE = re.compile(r"counter(?:ed)?\s+(?:with|at|of)|i (?:could|can|would|will|want to|'d like to|would like to"
                          r"|plan to) (?:offer|pay|do|propose)|i'?d (?:offer|pay|do)|my counter|tenant (?:offers|"
                          r"countered|proposes)|they (?:offer|countered)|(?:counter|offer)\s*$", re.IGNORECASE)
_CURRENT_CUE = re.compile(r"rent is|pay(?:ing)?|currently|current|right now|now\s*$|from\s*$|at\s*$|is\s*$",
                          re.IGNORECASE)
_MANAGER_CUE = re.compile(r"\b(?:propose|prepare|draft|generate|create|make)\b.{0,30}\b(?:renewal|offer)|my tenant|"
                          r"the tenant|for (?:unit|apartment|apt)\b|as (?:the )?(?:manager|landlord)", re.IGNORECASE)
_TENANT_CUE = re.compile(r"\bmy (?:rent|lease|landlord)\b|\bi pay\b|\bshould i\b|\bmy apartment\b|\bi'?m paying\b",
                         re.IGNORECASE)


class RenewalRequest(BaseModel):
    """The inputs of a renewal proposal, as stated (None when not stated)."""

    current_rent: float | None = Field(default=None, gt=0, description="Monthly rent now, USD")
    proposed_increase_pct: float | None = Field(default=None, ge=-50, le=100, description="Landlord's ask, %")
    landlord_offers: list[float] = Field(default_factory=list, description="Rents the landlord offered, USD")
    tenant_counter_pct: float | None = Field(default=None, ge=-50, le=100, description="Tenant's counter, %")
    tenant_counter_rent: float | None = Field(default=None, gt=0, description="Tenant's counter, USD")
    unit_id: str | None = Field(default=None, description="Inventory id, e.g. SE-1545")
    unknown_unit_id: str | None = Field(default=None, description="An id that is not in the inventory")
    term_months: int | None = Field(default=None, ge=1, le=120, description="Term asked for, months")
    lease_end: str | None = Field(default=None, description="When the lease ends, as said")
    requester: Requester = Field(default="tenant", description="Who asks: tenant or manager")
    bedrooms: int | None = Field(default=None, ge=0, le=20, description="Bedrooms (0 = studio)")
    location: str | None = Field(default=None, description="Neighborhood token, lowercase")
    sqft: float | None = Field(default=None, gt=0, description="Size in square feet")

    def landlord_pct(self) -> float | None:
        """The landlord's ask as a percentage (from the % or from an offered rent)."""
        if self.proposed_increase_pct is not None:
            return self.proposed_increase_pct
        if self.landlord_offers and self.current_rent:
            return (self.landlord_offers[0] / self.current_rent - 1) * 100
        return None

    def counter_pct(self) -> float | None:
        """The tenant's counter as a percentage."""
        if self.tenant_counter_pct is not None:
            return self.tenant_counter_pct
        if self.tenant_counter_rent is not None and self.current_rent:
            return (self.tenant_counter_rent / self.current_rent - 1) * 100
        return None


def _amount(match: re.Match[str]) -> float:
    raw = (match.group(1) or match.group(3) or "0").replace(",", "")
    value = float(raw)
    return value * 1000 if match.group(2) else value


def _words_before(text: str, start: int, width: int = 40) -> str:
    return text[max(0, start - width):start]


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _term_months(text: str) -> int | None:
    match = _TERM.search(text)
    if not match:
        return None
    number, unit = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    months = _count(number) * (12 if unit.lower().startswith("y") else 1)
    return months if 1 <= months <= 120 else None


def _neighborhoods(inventory: Any) -> list[str]:
    if inventory is None:
        return []
    names = {str(n).strip().lower() for n in inventory.frame["neighborhood"].unique() if str(n).strip()}
    return sorted(names, key=len, reverse=True)


def parse_renewal_request(text: str, inventory: Any = None) -> RenewalRequest:
    """Read a renewal message into a RenewalRequest (rules only; anything not stated stays None).

    Args:
        text: The user's message.
        inventory: The Inventory, to check unit ids and recognise neighborhood names (optional).
    """
    fields: dict[str, Any] = {}
    id_match = _UNIT_ID.search(text)
    if id_match:
        unit_id = f"{id_match.group(1).upper()}-{id_match.group(2)}"
        if inventory is None or inventory.row(unit_id) is not None:
            fields["unit_id"] = unit_id
        else:
            fields["unknown_unit_id"] = unit_id

    offers: list[float] = []
    for match in _MONEY.finditer(text):
        value = _amount(match)
        if value < 100:  # "$50 more" is a difference, not a rent
            continue
        before = _words_before(text, match.start())
        if _COUNTER_CUE.search(before):
            fields.setdefault("tenant_counter_rent", value)
        elif re.search(r"from\s*$", before, re.IGNORECASE) or (
                _CURRENT_CUE.search(before) and not re.search(r"\bto\s*$", before, re.IGNORECASE)):
            fields.setdefault("current_rent", value)
        elif _LANDLORD_CUE.search(before) or "current_rent" in fields:
            offers.append(value)
        else:
            fields.setdefault("current_rent", value)
    fields["landlord_offers"] = offers
    if "current_rent" not in fields:
        bare = _BARE_RENT.search(text)  # "my rent is 3200": a number right after a rent phrase
        if bare:
            fields["current_rent"] = float(bare.group(1).replace(",", ""))

    for match in _PERCENT.finditer(text):
        value = float(match.group(1))
        before = _words_before(text, match.start())
        if _COUNTER_CUE.search(before):
            fields.setdefault("tenant_counter_pct", value)
        else:
            fields.setdefault("proposed_increase_pct", value)

    term = _term_months(text)
    if term:
        fields["term_months"] = term
    end = _LEASE_END.search(text)
    if end:
        fields["lease_end"] = end.group(1).strip()
    beds = _BEDROOMS.search(text)
    if beds:
        fields["bedrooms"] = 0 if beds.group(3) else _count(beds.group(1) or beds.group(2))
    size = _SQFT.search(text)
    if size:
        fields["sqft"] = float(size.group(1).replace(",", ""))
    lowered = text.lower()
    for name in _neighborhoods(inventory):
        if re.search(rf"\b{re.escape(name)}\b", lowered):
            fields["location"] = name
            break

    manager = bool(_MANAGER_CUE.search(text)) or (
        bool(id_match) and not _TENANT_CUE.search(text) and "current_rent" not in fields)
    fields["requester"] = "manager" if manager and not _TENANT_CUE.search(text) else "tenant"
    return RenewalRequest(**fields)
