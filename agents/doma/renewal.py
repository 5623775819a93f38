"""RenewalDealAgent: a renewal request -> RenewalPackage (a primary offer, two alternatives, why, and whether a
manager must approve).

Pure numbers: comparable units from the inventory (same area, similar size and bedrooms, found with the match
scoring) give a market median and IQR; the policy file (agents/doma/config/renewal_policy.json) bounds every offer.
No model touches a number; when an input is missing the node asks one question instead of guessing.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from agents.doma.renewal_parse import RenewalRequest, parse_renewal_request
from contracts.doma import Offer, RenewalPackage
from contracts.search import SearchSpec
from scoring.match import closeness, score_units
from scoring.units import UnitArrays

log = logging.getLogger(__name__)

__all__ = ["RenewalPolicy", "RenewalRequest", "analyze_renewal", "load_renewal_policy", "missing_inputs",
           "parse_renewal_request", "propose_renewal"]

DEFAULT_POLICY_PATH = Path(__file__).resolve().parent / "config" / "renewal_policy.json"
EQUAL_VALUE_USD = 1.0  # effective rents this close are "equal value": the longer term wins


@dataclass(frozen=True)
class RenewalPolicy:
    """Bounds and preferences for renewal offers (percentages are of the current rent)."""

    min_increase_pct: float = 0.0
    max_increase_pct: float = 7.5
    approval_threshold_pct: float = 5.0
    max_below_market_pct: float = 5.0
    default_increase_pct: float = 3.0
    default_term_months: int = 12
    long_term_months: int = 24
    long_term_discount_pct: float = 1.5
    short_term_months: int = 6
    short_term_premium_pct: float = 2.0
    allowed_incentives: tuple[dict[str, Any], ...] = ()
    comps_count: int = 20
    comps_min_count: int = 3
    comps_sqft_tolerance_pct: float = 25.0
    round_to_usd: float = 5.0
    # The approval rule a manager states ("anything under +3% needs owner sign-off", "I can approve >= $90/sf"): it
    # replaces the configured threshold and market rule, and names who approves.
    approval_below_pct: float | None = None
    approval_below_ppsf: float | None = None
    free_months_limit: float | None = None
    sqft: float | None = None  # an office's size, for its rate per square foot
    approver: str = "manager"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> RenewalPolicy:
        """Build and check a policy from its JSON form."""
        comps = raw.get("comps", {})
        policy = cls(
            **{k: raw[k] for k in (
                "min_increase_pct", "max_increase_pct", "approval_threshold_pct", "max_below_market_pct",
                "default_increase_pct", "default_term_months", "long_term_months", "long_term_discount_pct",
                "short_term_months", "short_term_premium_pct", "round_to_usd") if k in raw},
            allowed_incentives=tuple(raw.get("allowed_incentives", ())),
            comps_count=int(comps.get("count", 20)),
            comps_min_count=int(comps.get("min_count", 3)),
            comps_sqft_tolerance_pct=float(comps.get("sqft_tolerance_pct", 25.0)),
        )
        if policy.min_increase_pct > policy.max_increase_pct:
            raise ValueError("renewal policy: min_increase_pct is above max_increase_pct")
        if policy.round_to_usd <= 0 or policy.comps_min_count < 1:
            raise ValueError("renewal policy: round_to_usd and comps.min_count must be positive")
        for incentive in policy.allowed_incentives:
            if incentive.get("kind") not in {"free_month", "monthly_credit"} or not incentive.get("name"):
                raise ValueError(f"renewal policy: bad incentive {incentive!r}")
        return policy


@lru_cache(maxsize=8)
def _load_policy(path: str) -> RenewalPolicy:
    with open(path, encoding="utf-8") as handle:
        return RenewalPolicy.from_dict(json.load(handle))


def load_renewal_policy(path: str | Path | None = None) -> RenewalPolicy:
    """The renewal policy from a JSON file (default: the bundled one), read once per path."""
    return _load_policy(str(Path(path) if path else DEFAULT_POLICY_PATH))


def _resolve_policy(policy: RenewalPolicy | str | Path | dict[str, Any] | None) -> RenewalPolicy:
    if isinstance(policy, RenewalPolicy):
        return policy
    if isinstance(policy, dict):
        return RenewalPolicy.from_dict(policy)
    return load_renewal_policy(policy)


# --- comparable units ---

_ARRAYS: dict[int, tuple[Any, UnitArrays]] = {}


def _arrays(inventory: Any) -> UnitArrays:
    """UnitArrays of an inventory, built once (the frame is kept referenced so its id stays unique)."""
    key = id(inventory.frame)
    if key not in _ARRAYS:
        if len(_ARRAYS) >= 4:
            _ARRAYS.clear()
        _ARRAYS[key] = (inventory.frame, UnitArrays.from_frame(inventory.frame))
    return _ARRAYS[key][1]


@dataclass(frozen=True)
class Comps:
    """The comparable units found, and how wide the search had to go."""

    ids: list[str]
    rents: list[float]
    scope: str  # e.g. "astoria, 2br, 800-1,300 sqft"

    @property
    def median(self) -> float:
        return float(np.median(self.rents))

    @property
    def iqr(self) -> tuple[float, float]:
        return float(np.percentile(self.rents, 25)), float(np.percentile(self.rents, 75))


def subject_of(request: RenewalRequest, inventory: Any) -> dict[str, Any]:
    """What is known of the unit: the inventory row (by id), else the attributes the request states."""
    row = inventory.row(request.unit_id) if (inventory is not None and request.unit_id) else None
    subject: dict[str, Any] = {"unit_id": request.unit_id, "kind": request.kind, "location": request.location,
                               "amenities": list(request.amenities),
                               "borough": None, "bedrooms": request.bedrooms, "sqft": request.sqft, "rent": None}
    if row:
        subject.update(kind=row.get("kind") or None, location=str(row.get("neighborhood") or "").lower() or None,
                       borough=str(row.get("borough") or "").lower() or None)
        for key in ("bedrooms", "sqft", "rent"):
            value = row.get(key)
            if value is not None and not (isinstance(value, float) and math.isnan(value)):
                subject[key] = float(value)
    return subject


def find_comps(subject: dict[str, Any], inventory: Any, policy: RenewalPolicy) -> Comps | None:
    """Comparable units: same area, same bedrooms, size within the tolerance; widened step by step (drop the size
    bound, then the borough instead of the neighborhood) until enough are found. None when there are too few."""
    if inventory is None or not (subject.get("location") or subject.get("borough")):
        return None
    units = _arrays(inventory)
    beds = subject.get("bedrooms")
    sqft = subject.get("sqft")
    tol = policy.comps_sqft_tolerance_pct / 100
    amenities = list(subject.get("amenities") or [])
    steps: list[tuple[str | None, bool, list[str]]] = [
        *([(subject.get("location"), True, amenities), (subject.get("location"), False, amenities)] if amenities
          else []),
        (subject.get("location"), True, []), (subject.get("location"), False, []), (subject.get("borough"), True, [])]
    for area, with_size, musts in steps:
        if not area:
            continue
        spec = SearchSpec(
            location=[area],
            must_haves=musts,  # type: ignore[arg-type]
            min_bedrooms=int(beds) if beds is not None else None,
            max_bedrooms=int(beds) if beds is not None else None,
            min_sqft=int(sqft * (1 - tol)) if (with_size and sqft) else None,
            max_sqft=int(sqft * (1 + tol)) if (with_size and sqft) else None,
            kind=subject.get("kind") or "apartment",
        )
        scored = score_units(units=units, spec=spec)
        ok = scored.full_match & np.isfinite(units.rent) & (units.rent > 0)
        if subject.get("unit_id"):
            ok &= units.ids != subject["unit_id"]
        candidates = np.flatnonzero(ok)
        if len(candidates) < policy.comps_min_count:
            continue
        near = closeness(units=units, spec=spec)[candidates]
        order = candidates[np.lexsort((units.ids[candidates].astype(str), near))]
        if sqft:  # the nearest in size; with no size to be near to, every one of them (not the first ids)
            order = order[: policy.comps_count]
        scope = [area, *(m.replace("_", "/") for m in musts)]
        if beds is not None:
            scope.append("studio" if int(beds) == 0 else f"{int(beds)}br")
        if spec.min_sqft is not None:
            scope.append(f"{spec.min_sqft:,}-{spec.max_sqft:,} sqft")
        rents = [float(r) for r in units.rent[order]]
        if subject.get("kind") == "office" and sqft:
            # suites differ in size: their rate per square foot, applied to this suite's size, is the comparable rent
            rates = [float(r) for r in units.ppsf_year[order]]
            rents = [rate * sqft / 12 for rate in rates]
            scope.append(f"rates ${min(rates):,.0f}-${max(rates):,.0f}/SF/yr applied to {sqft:,.0f} SF")
        return Comps(ids=[str(i) for i in units.ids[order]], rents=rents, scope=", ".join(scope))
    return None


# --- offers ---

@dataclass
class Candidate:
    """An offer with its numbers, before it becomes a contract Offer."""

    label: str
    rent: float
    term: int
    incentives: list[str] = field(default_factory=list)
    credit_monthly: float = 0.0  # value of the incentives per month of the term

    @property
    def effective(self) -> float:
        """Monthly rent net of incentives: what the offer is worth."""
        return self.rent - self.credit_monthly

    def pct(self, current: float) -> float:
        return (self.rent / current - 1) * 100

    def offer(self) -> Offer:
        return Offer(rent_usd=self.rent, term_months=self.term, incentives=list(self.incentives))


@dataclass
class RenewalAnalysis:
    """The package plus the numbers behind it (comps, market, target and approval reasons)."""

    package: RenewalPackage
    request: RenewalRequest
    current_rent: float
    comps: Comps | None
    target_pct: float
    rule: str
    approval_reasons: list[str]
    candidates: list[Candidate]


def _round(value: float, step: float) -> float:
    return float(round(value / step) * step)


def _clamp(value: float, policy: RenewalPolicy) -> float:
    return min(max(value, policy.min_increase_pct), policy.max_increase_pct)


def _target(request: RenewalRequest, current: float, comps: Comps | None, policy: RenewalPolicy) -> tuple[float, str]:
    """The increase of the primary offer and the policy rule that set it."""
    floor_pct = None
    if comps:
        market_pct = (comps.median / current - 1) * 100
        floor_pct = market_pct - policy.max_below_market_pct
        target, rule = market_pct, "move to the market median"
    else:
        target, rule = policy.default_increase_pct, "default increase (no comparable units)"
    asked = request.landlord_pct()
    if asked is not None and asked < target:
        target, rule = asked, "the landlord's own ask is below the market-based increase"
    counter = request.counter_pct()
    if counter is not None:
        acceptable = counter >= policy.min_increase_pct and (floor_pct is None or counter >= floor_pct)
        if acceptable and counter <= target:
            target, rule = counter, "the tenant's counter is within policy and market range"
        elif not acceptable:
            lowest = max(policy.min_increase_pct, floor_pct if floor_pct is not None else policy.min_increase_pct)
            target, rule = min(target, lowest), "counter the tenant's offer at the lowest increase policy allows"
    clamped = _clamp(target, policy)
    if clamped != target:
        bound = "max_increase_pct" if target > clamped else "min_increase_pct"
        rule += f"; capped by {bound} ({clamped:g}%)"
    return clamped, rule


def _rent_at(current: float, pct: float, policy: RenewalPolicy) -> float:
    """Rent at an increase, rounded to the policy step without leaving the policy bounds."""
    step = policy.round_to_usd
    rent = _round(current * (1 + pct / 100), step)
    if (rent / current - 1) * 100 > policy.max_increase_pct + 1e-9:
        rent = math.floor(current * (1 + policy.max_increase_pct / 100) / step) * step
    if (rent / current - 1) * 100 < policy.min_increase_pct - 1e-9:
        rent = math.ceil(current * (1 + policy.min_increase_pct / 100) / step) * step
    return float(rent)


def _candidates(current: float, target_pct: float, policy: RenewalPolicy) -> list[Candidate]:
    """The primary offer at the target and the alternatives: a longer term at a smaller increase, an incentive
    instead of a lower rent (worth the same as the primary), a shorter term at a premium. Alternatives stay under
    the approval threshold unless the primary is already above it."""
    step = policy.round_to_usd
    base_term = policy.default_term_months
    cap = min(max(policy.approval_threshold_pct, target_pct), policy.max_increase_pct)
    primary = Candidate("primary", _rent_at(current, target_pct, policy), base_term)
    out = [primary]
    long_pct = _clamp(target_pct - policy.long_term_discount_pct, policy)
    out.append(Candidate("longer term", _rent_at(current, long_pct, policy), policy.long_term_months))
    found = False
    for incentive in policy.allowed_incentives:
        for term in sorted({base_term, policy.long_term_months}):
            if incentive["kind"] == "free_month":
                if term <= 1:
                    continue
                rent = _round(primary.effective * term / (term - 1), step)
                credit = rent / term
            else:
                credit = float(incentive.get("monthly_value_usd", 0))
                rent = _round(primary.effective + credit, step)
            if (rent / current - 1) * 100 <= cap + 1e-9:
                out.append(Candidate("incentive", rent, term, [str(incentive["name"])], credit))
                found = True
                break
        if found:
            break
    short_pct = min(target_pct + policy.short_term_premium_pct, cap)
    out.append(Candidate("shorter term", _rent_at(current, short_pct, policy), policy.short_term_months))
    return out


def _approval(cands: list[Candidate], current: float, comps: Comps | None, policy: RenewalPolicy) -> list[str]:
    return [f"{cand.label} offer: {reason}" for cand in cands
            for reason in rent_approval(cand.effective, current, comps.median if comps else None, policy)]


def _choose(cands: list[Candidate]) -> list[Candidate]:
    """Primary first, then two alternatives. An alternative worth the same as the primary but with a longer term
    becomes the primary; the alternatives prefer a longer term, then an incentive, then a shorter term."""
    primary = cands[0]
    same_value = [c for c in cands if abs(c.effective - primary.effective) <= EQUAL_VALUE_USD and not c.incentives]
    best = max(same_value, key=lambda c: c.term)
    # Another plain offer worth the same is no real alternative; keep it only if nothing else is left.
    rest = [c for c in cands if c is not best and c not in same_value] + [c for c in same_value if c is not best]
    unique: list[Candidate] = []
    for cand in rest:
        if all((c.rent, c.term, c.incentives) != (cand.rent, cand.term, cand.incentives) for c in unique):
            unique.append(cand)
    return [best, *unique[:2]]


def _money(value: float) -> str:
    return f"${value:,.0f}"


LISTED_COMPS = 20  # comparable units named in a justification; the median is of all of them


def _justification(request: RenewalRequest, current: float, comps: Comps | None, rule: str, target: float,
                   chosen: list[Candidate], policy: RenewalPolicy, reasons: list[str]) -> str:
    parts = []
    asked, counter = request.landlord_pct(), request.counter_pct()
    if asked is not None:
        parts.append(f"Landlord's ask: {asked:+.1f}% ({_money(current * (1 + asked / 100))}).")
    if counter is not None:
        parts.append(f"Tenant's counter: {counter:+.1f}% ({_money(current * (1 + counter / 100))}).")
    if request.unit_label:
        parts.insert(0, f"{'Suite' if request.kind == 'office' else 'Unit'} {request.unit_label}.")
    if request.cap_pct is not None:
        parts.append(f"Your cap: {request.cap_pct:g}% ({_money(current * (1 + request.cap_pct / 100))}).")
    if comps and not comps.ids:
        parts.append(f"Market: {_money(comps.median)} for similar units, as you stated.")
    elif comps:
        low, high = comps.iqr
        listed = ", ".join(comps.ids[:LISTED_COMPS]) + (f" and {len(comps.ids) - LISTED_COMPS} more"
                                                        if len(comps.ids) > LISTED_COMPS else "")
        parts.append(f"Market: median {_money(comps.median)} (IQR {_money(low)}-{_money(high)}) from "
                     f"{len(comps.ids)} comparable units ({comps.scope}): {listed}.")
    else:
        parts.append("No comparable units found in the inventory for this unit, so no market figure is used.")
    parts.append(f"Current rent {_money(current)}; primary increase {target:.1f}% - policy rule: {rule}.")
    parts.append(f"Policy bounds: increases {policy.min_increase_pct:g}-{policy.max_increase_pct:g}%, "
                 f"{_approval_rule(policy)}; longer term -{policy.long_term_discount_pct:g} pt, shorter term "
                 f"+{policy.short_term_premium_pct:g} pt.")
    if chosen[0].term > policy.default_term_months and chosen[0].label != "primary":
        parts.append("Equal-value offers: the longer term is preferred.")
    parts.append(f"{policy.approver.capitalize()} approval needed: " + "; ".join(reasons) + "." if reasons
                 else f"Within policy: no {policy.approver} "
                 "approval needed.")
    return " ".join(parts)


def missing_inputs(request: RenewalRequest, inventory: Any = None) -> list[str]:
    """What must be known before a proposal: the current rent (stated or from the unit), and for a manager the
    unit. Empty when the proposal can be made."""
    missing: list[str] = []
    if request.unknown_unit_id:
        missing.append(f"a valid unit id ({request.unknown_unit_id} is not in the inventory)")
    subject = subject_of(request, inventory)
    if request.current_rent is None and subject.get("rent") is None:
        missing.append("the current monthly rent")
    if request.requester == "manager" and not request.unit_id and not request.unknown_unit_id \
            and request.current_rent is None:
        missing = [m for m in missing if m != "the current monthly rent"]
        missing.append("the current monthly rent (or the unit id, like SE-1545)")
    return missing


def states_rules(request: RenewalRequest) -> bool:
    """Whether the person stated their own approval rules (what needs the owner's sign-off)."""
    return request.approval_below_pct is not None or request.approval_below_ppsf is not None \
        or request.free_months_limit is not None or request.approval_above_pct is not None


def policy_for(request: RenewalRequest,
               policy: RenewalPolicy | str | Path | dict[str, Any] | None = None) -> RenewalPolicy:
    """The policy for this request: the configured one, with the cap the message states in place of its own (the
    person states their policy: "policy cap is 8% per renewal" allows 8% without anyone else's sign-off)."""
    pol = _resolve_policy(policy)
    if request.cap_pct is not None:
        pol = replace(pol, max_increase_pct=request.cap_pct, approval_threshold_pct=request.cap_pct)
    if request.floor_pct is not None:  # their own minimum replaces the market-based one
        pol = replace(pol, max_below_market_pct=100.0)
    if request.floor_pct is not None and request.floor_pct <= pol.max_increase_pct:
        pol = replace(pol, min_increase_pct=max(pol.min_increase_pct, request.floor_pct))
    if states_rules(request):
        # the person's own rules decide what needs sign-off: anything up to their cap (which replaces the configured
        # one), and not below their floor
        cap = request.cap_pct if request.cap_pct is not None else pol.max_increase_pct
        # offers stay within what needs no sign-off ("hasta 5% sin aprobación del dueño"), under any cap said
        above = min(cap, request.approval_above_pct) if request.approval_above_pct is not None else cap
        pol = replace(pol, max_increase_pct=above, approval_threshold_pct=above, max_below_market_pct=100.0,
                      approval_below_pct=request.approval_below_pct, approval_below_ppsf=request.approval_below_ppsf,
                      free_months_limit=request.free_months_limit, sqft=request.sqft,
                      approver=request.approver or "owner")
        if request.approval_below_pct is not None and pol.min_increase_pct < request.approval_below_pct <= above:
            # "anything under +3% needs owner sign-off": the offers start where no sign-off is needed
            pol = replace(pol, min_increase_pct=request.approval_below_pct)
    if pol.approval_below_ppsf and request.sqft and request.current_rent:
        # offers stay within the authority: at least its rate per square foot, while the cap allows
        lowest = (pol.approval_below_ppsf * request.sqft / 12 / request.current_rent - 1) * 100
        if pol.min_increase_pct < lowest <= pol.max_increase_pct:
            pol = replace(pol, min_increase_pct=round(lowest, 2))
    return pol


def _approval_rule(policy: RenewalPolicy) -> str:
    """What needs sign-off, as the policy (or the person's own stated authority) says."""
    if policy.approver == "manager":
        return (f"manager approval above {policy.approval_threshold_pct:g}%"
                + (f" or more than {policy.max_below_market_pct:g}% below market"
                   if policy.max_below_market_pct < 100 else ""))
    rules = [f"under +{policy.approval_below_pct:g}%" if policy.approval_below_pct is not None else "",
             f"under ${policy.approval_below_ppsf:g}/SF" if policy.approval_below_ppsf is not None else "",
             "" if policy.free_months_limit is None else "any free rent" if policy.free_months_limit == 0
             else f"more than {policy.free_months_limit:g} months free",
             f"over +{policy.max_increase_pct:g}%"]
    return f"your authority: {' or '.join(r for r in rules if r)} needs the {policy.approver}'s sign-off"


def rent_approval(rent: float, current: float, median: float | None, policy: RenewalPolicy,
                  free_months: float = 0.0) -> list[str]:
    """Why a monthly rent (with any free months) needs approval under the policy; empty when it does not."""
    pct = (rent / current - 1) * 100
    reasons = ["a rent cut, below today's rent"] if pct < -1e-9 and policy.approval_below_pct is None else []
    if pct > policy.max_increase_pct + 1e-9:
        reasons.append(f"above the {policy.max_increase_pct:g}% cap" if policy.approver == "manager" else
                       f"over the +{policy.max_increase_pct:g}% you can approve without the {policy.approver}")
    elif pct > policy.approval_threshold_pct + 1e-9:
        reasons.append(f"raises rent {pct:.1f}% (> {policy.approval_threshold_pct:g}% approval threshold)")
    if policy.min_increase_pct > 0 and pct < policy.min_increase_pct - 1e-9 and policy.approval_below_pct is None:
        reasons.append(f"{pct:+.1f}% is under the {policy.min_increase_pct:g}% minimum")
    if policy.approval_below_pct is not None and pct < policy.approval_below_pct - 1e-9:
        reasons.append(f"{pct:+.1f}% is under the +{policy.approval_below_pct:g}% that needs the {policy.approver}'s "
                       "sign-off")
    if policy.approval_below_ppsf is not None and policy.sqft:
        rate = rent * 12 / policy.sqft
        if rate < policy.approval_below_ppsf - 1e-9:
            reasons.append(f"${rate:,.2f}/SF/yr is under the ${policy.approval_below_ppsf:g}/SF you can approve")
    if policy.free_months_limit is not None and free_months > policy.free_months_limit + 1e-9:
        reasons.append(f"{free_months:g} months free is more than the {policy.free_months_limit:g} you can approve")
    if median and rent < median * (1 - policy.max_below_market_pct / 100) - 1e-9 \
            and pct < policy.max_increase_pct - 0.5:  # at the cap there is no room left to close the gap
        reasons.append(f"{(1 - rent / median) * 100:.1f}% below the market median {_money(median)} (policy allows "
                       f"{policy.max_below_market_pct:g}%)")
    return reasons


def primary_approval(analysis: RenewalAnalysis) -> list[str]:
    """Why the primary offer alone (the one a manager asks about accepting) needs approval; empty when it does not."""
    return _approval(analysis.candidates[:1], analysis.current_rent, analysis.comps, policy_for(analysis.request))


def analyze_renewal(request: RenewalRequest, *, inventory: Any = None,
                    policy: RenewalPolicy | str | Path | dict[str, Any] | None = None) -> RenewalAnalysis:
    """propose_renewal() with the numbers behind the package (comps, target, approval reasons)."""
    pol = policy_for(request, policy)
    subject = subject_of(request, inventory)
    current = request.current_rent or subject.get("rent")
    if not current:
        raise ValueError("the current rent is missing (ask for it; never guess)")
    comps = find_comps(subject, inventory, pol)
    if request.market_rent is not None and (comps is None or not request.unit_id):
        comps = Comps(ids=[], rents=[request.market_rent], scope="similar units, as you stated")
    target, rule = _target(request, float(current), comps, pol)
    cands = _candidates(float(current), target, pol)
    chosen = _choose(cands)
    if request.term_months and not any(c.term == request.term_months for c in cands):
        # "they're asking for a 5 year term": that term, priced like the longer term (a longer stay, a smaller step)
        longer = _clamp(target - pol.long_term_discount_pct, pol)
        cands.append(Candidate("asked term", _rent_at(float(current), longer, pol), request.term_months))
    if request.term_months:  # "what if we offer 24 months?": the asked term leads, the others stay as alternatives
        asked_term = [c for c in cands if c.term == request.term_months and not c.incentives]
        if asked_term:
            chosen = [asked_term[0], *[c for c in chosen if c is not asked_term[0]]][:3]
    reasons = _approval(chosen, float(current), comps, pol)
    package = RenewalPackage(
        primary=chosen[0].offer(),
        alternatives=[c.offer() for c in chosen[1:]],
        justification=_justification(request, float(current), comps, rule, target, chosen, pol, reasons),
        needs_manager_approval=bool(reasons),
    )
    return RenewalAnalysis(package, request, float(current), comps, target, rule, reasons, chosen)


def propose_renewal(request: RenewalRequest, *, inventory: Any = None,
                    policy: RenewalPolicy | str | Path | dict[str, Any] | None = None) -> RenewalPackage:
    """A renewal package for the request (pure numbers, no model).

    Args:
        request: What is known (current rent, unit or its attributes, the landlord's ask, a tenant's counter).
        inventory: The Inventory for comparable units (None: no comps, policy defaults only).
        policy: A RenewalPolicy, its dict, or a path to the JSON file (default: the bundled policy).

    Raises:
        ValueError: when the current rent is neither stated nor known from the unit.
    """
    return analyze_renewal(request, inventory=inventory, policy=policy).package


def _question(missing: list[str]) -> str:
    if len(missing) == 1:
        return f"To draft the renewal offer I need {missing[0]} - what is it?"
    return f"To draft the renewal offer I need {', '.join(missing[:-1])} and {missing[-1]} - what are they?"


def _offer_line(offer: Offer, current: float) -> str:
    pct = (offer.rent_usd / current - 1) * 100
    extra = f" + {', '.join(offer.incentives)}" if offer.incentives else ""
    return f"{_money(offer.rent_usd)}/mo for {offer.term_months} months ({pct:+.1f}%){extra}"


def render_reply(analysis: RenewalAnalysis) -> str:
    """The chat answer in markdown."""
    pkg = analysis.package
    who = "Suggested counter" if analysis.request.requester == "tenant" else "Proposed renewal"
    lines = [f"**{who}:** {_offer_line(pkg.primary, analysis.current_rent)}"]
    if analysis.request.kind == "office" and analysis.request.sqft:  # offices are priced per square foot a year
        lines[0] += f" = ${pkg.primary.rent_usd * 12 / analysis.request.sqft:,.2f}/SF/yr"
    if pkg.alternatives:
        lines += ["", "Alternatives:", *(f"- {_offer_line(o, analysis.current_rent)}" for o in pkg.alternatives)]
    lines += ["", pkg.justification, "",
              f"**Needs {policy_for(analysis.request).approver} approval.**" if pkg.needs_manager_approval
              else "Within policy."]
    return "\n".join(lines)
