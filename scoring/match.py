"""Deterministic, explainable match scoring over the whole inventory at once.

score = 18·[sqft ≥ min] + 12·[sqft ≤ max] + 22·[rent ≤ budget.max] + 16·[location token matches]
      + 10·|have ∩ must|/|must| + 8·[near transit, when transit is a must] + 8·[pet friendly, when pets are a must]
      + home terms: 20·[bedrooms in range] + 6·[bathrooms ≥ min] + 4·|have ∩ nice|/|nice| + 20·[kind as asked]
Only the terms the request states count, and the sum is scaled to 0..100 by the points it could earn.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from contracts.search import SearchSpec
from scoring.units import UnitArrays, amenity_key, row_is_retail


@dataclass(frozen=True)
class Weights:
    """Points per term (configurable; the first six are the specification's defaults)."""

    w_size: float = 18.0  # sqft >= min
    w_price: float = 22.0  # rent <= budget max
    w_loc: float = 16.0  # a location token matches
    w_must: float = 10.0  # share of must-haves present
    w_transit: float = 8.0  # near transit, when asked for as a must
    w_pets: float = 8.0  # pet friendly, when asked for as a must
    w_size_max: float = 12.0  # sqft <= max
    w_beds: float = 20.0  # bedrooms within the asked range (a 2br request must not rank studios first)
    w_baths: float = 6.0  # bathrooms >= min
    w_nice: float = 4.0  # share of nice-to-haves present: a bonus that never outweighs a missed must
    w_kind: float = 20.0  # apartment vs office as asked

    def with_changes(self, **changes: float) -> Weights:
        return replace(self, **changes)

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


DEFAULT_WEIGHTS = Weights()

# The hard criteria: a unit that meets all of these is a full match (nice-to-haves are a bonus).
# A unit missing a must-have, or outside the stated area (a place is the one thing people rarely give up for an
# amenity), keeps its order among such units but scores below 80.
MISSING_MUST_FACTOR = 0.8
HARD_TERMS = ("size_min", "size_max", "price", "location", "must", "beds", "baths", "kind")


@dataclass(frozen=True)
class Scored:
    """Scores (0..100) for every unit, and each term's fraction earned (0..1) for explanations."""

    score: np.ndarray
    terms: dict[str, np.ndarray]  # term -> fraction earned per unit (only the terms that apply)
    weights: dict[str, float]  # term -> points it is worth

    @property
    def full_match(self) -> np.ndarray:
        """Units that meet every hard criterion the request states."""
        mask = np.ones(len(self.score), dtype=bool)
        for name in HARD_TERMS:
            if name in self.terms:
                mask &= self.terms[name] >= 1.0
        return mask


def _has(units: UnitArrays, key: str, spec: SearchSpec) -> np.ndarray:
    """A unit has the amenity; near transit is within the stated walk when the request states one; a pet policy
    the listing does not state is no miss (the reasons say it is unknown): with no policy listed anywhere, a pet
    owner's search would otherwise match nothing and fill up with other areas."""
    if key == "near_transit" and spec.max_min_to_subway is not None:
        with np.errstate(invalid="ignore"):
            return units.min_to_subway <= spec.max_min_to_subway
    if key == "pet_friendly":
        return units.has(key) | ~units.pets_known
    return units.has(key)


def row_has(row: dict[str, Any], key: str, spec: SearchSpec) -> bool:
    """_has for one inventory row."""
    if key == "near_transit" and spec.max_min_to_subway is not None:
        minutes = row.get("min_to_subway")
        return minutes is not None and minutes == minutes and minutes <= spec.max_min_to_subway
    return bool(row.get(key))


def row_meets(row: dict[str, Any], key: str, spec: SearchSpec) -> bool:
    """A must-have counted as met for one row: had, or a pet policy the listing does not state (see _has)."""
    return row_has(row, key, spec) or (key == "pet_friendly" and not row.get("pets_known"))


def wants_retail(spec: SearchSpec) -> bool:
    """The request asks for a shop or showroom, so retail suites are what it wants."""
    return bool(spec.use_case and re.search(r"retail|store|showroom|shop|gallery|restaurant", spec.use_case))


def _musts(spec: SearchSpec) -> list[str]:
    return [amenity_key(m) for m in spec.must_haves]


def term_fractions(*, units: UnitArrays, spec: SearchSpec, weights: Weights) -> tuple[dict[str, np.ndarray],
                                                                                       dict[str, float]]:
    """Each applicable term's fraction earned per unit, and its weight."""
    fractions: dict[str, np.ndarray] = {}
    points: dict[str, float] = {}

    def add(name: str, weight: float, earned: np.ndarray) -> None:
        if weight > 0:
            fractions[name] = earned.astype(float)
            points[name] = weight

    with np.errstate(invalid="ignore"):  # NaN compares False: an unknown size never "fits"
        if spec.min_sqft is not None:
            add("size_min", weights.w_size, units.sqft >= spec.min_sqft)
        if spec.max_sqft is not None:
            add("size_max", weights.w_size_max, units.sqft <= spec.max_sqft)
        if spec.budget_ppsf_year is not None:
            # A rent stated per square foot is compared per square foot (a monthly total follows from the size)
            add("price", weights.w_price, yearly_rates(units) <= spec.budget_ppsf_year)
        elif spec.budget_max is not None:
            add("price", weights.w_price, units.rent <= spec.budget_max)
        if spec.location:
            add("location", weights.w_loc, units.location_mask(spec.location))
        musts = _musts(spec)
        if musts:
            add("must", weights.w_must, np.mean([_has(units, m, spec) for m in musts], axis=0))
        if "near_transit" in musts:
            add("transit", weights.w_transit, _has(units, "near_transit", spec))
        if "pet_friendly" in musts:
            add("pets", weights.w_pets, _has(units, "pet_friendly", spec))
        if spec.min_bedrooms is not None or spec.max_bedrooms is not None:
            low = spec.min_bedrooms if spec.min_bedrooms is not None else 0
            high = spec.max_bedrooms if spec.max_bedrooms is not None else np.inf
            add("beds", weights.w_beds, (units.bedrooms >= low) & (units.bedrooms <= high))
        if spec.min_bathrooms is not None:
            add("baths", weights.w_baths, units.bathrooms >= spec.min_bathrooms)
        nice = [amenity_key(n) for n in spec.nice_to_haves if amenity_key(n) not in musts]
        if nice:
            add("nice", weights.w_nice, np.mean([_has(units, n, spec) for n in nice], axis=0))
        if spec.kind is not None:
            # an office request wants office floors: a ground-floor retail suite is another kind of space
            shop = units.retail if not wants_retail(spec) else np.zeros(len(units), dtype=bool)
            add("kind", weights.w_kind, (units.kind == spec.kind) & ~shop)
    return fractions, points


def score_units(*, units: UnitArrays, spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS) -> Scored:
    """Score every unit against the spec at once (vectorized)."""
    fractions, points = term_fractions(units=units, spec=spec, weights=weights)
    total = sum(points.values())
    raw = np.zeros(len(units), dtype=float)
    for name, fraction in fractions.items():
        raw += points[name] * fraction
    score = raw * (100.0 / total) if total > 0 else raw
    missing = np.zeros(len(units), dtype=bool)
    for name in ("must", "location"):
        if name in fractions:
            missing |= fractions[name] < 1.0
    # A unit without a stated must-have or outside the area is never shown as nearly perfect: 95 reads "almost".
    score = np.where(missing, score * MISSING_MUST_FACTOR, score)
    return Scored(score=score, terms=fractions, weights=points)


def yearly_rates(units: UnitArrays) -> np.ndarray:
    """Each unit's rent per square foot a year: the listed rate, else derived from its rent and size."""
    return np.where(np.isfinite(units.ppsf_year), units.ppsf_year, units.rent * 12 / units.sqft)


def closeness(*, units: UnitArrays, spec: SearchSpec) -> np.ndarray:
    """Distance from the request (lower is closer): relative gaps in rent (to a stated range or floor; under a
    cap alone no rent is "closer", and the lower price wins the tie in `rank`; over a rate per foot, the less over the
    closer), size and bedrooms. Tie-break only."""
    gap = np.zeros(len(units), dtype=float)
    budget = spec.budget_monthly_usd
    if budget is not None and budget.min and budget.max:
        middle = (budget.min + budget.max) / 2  # a stated range: its middle is the preference
        gap += np.abs(units.rent - middle) / middle
    elif budget is not None and budget.min:
        gap += np.abs(units.rent - budget.min) / budget.min
    if spec.budget_ppsf_year:
        gap += np.maximum(yearly_rates(units) - spec.budget_ppsf_year, 0) / spec.budget_ppsf_year
    if spec.min_sqft or spec.max_sqft:
        target = (spec.min_sqft + spec.max_sqft) / 2 if spec.min_sqft and spec.max_sqft else (
            spec.min_sqft or spec.max_sqft)
        gap += np.abs(units.sqft - target) / target
    if spec.min_bedrooms is not None:
        gap += np.abs(units.bedrooms - spec.min_bedrooms) / 4
    return np.nan_to_num(gap, nan=10.0)


def rank(*, units: UnitArrays, spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS, top_n: int = 10,
         scored: Scored | None = None) -> np.ndarray:
    """Indices of the top_n units: score descending, then closeness, then id (deterministic)."""
    scored = scored or score_units(units=units, spec=spec, weights=weights)
    n = len(units)
    if n == 0:
        return np.zeros(0, dtype=int)
    top_n = min(top_n, n)
    score = np.round(scored.score, 6)
    # Cut to the candidates that can be in the top before the (slower) lexicographic sort.
    if n > top_n:
        threshold = np.partition(score, n - top_n)[n - top_n]
        candidates = np.flatnonzero(score >= threshold)
    else:
        candidates = np.arange(n)
    near = closeness(units=units, spec=spec)[candidates]
    price = np.nan_to_num(units.rent[candidates], nan=np.inf)  # then the lower price, then the id
    order = np.lexsort((units.ids[candidates].astype(str), price, np.round(near, 6), -score[candidates]))
    return candidates[order][:top_n]


def score_loop(*, rows: list[dict[str, Any]], spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """The same formula as a plain per-row Python loop: the baseline the benchmark compares against."""
    musts = _musts(spec)
    nice = [amenity_key(n) for n in spec.nice_to_haves if amenity_key(n) not in musts]
    tokens = [t.lower() for t in spec.location]
    out: list[float] = []
    for row in rows:
        earned = total = 0.0
        if spec.min_sqft is not None:
            total += weights.w_size
            earned += weights.w_size * (row["sqft"] >= spec.min_sqft)
        if spec.max_sqft is not None:
            total += weights.w_size_max
            earned += weights.w_size_max * (row["sqft"] <= spec.max_sqft)
        if spec.budget_ppsf_year is not None:
            rate = row["ppsf_year"] if row["ppsf_year"] == row["ppsf_year"] else row["rent"] * 12 / row["sqft"]
            total += weights.w_price
            earned += weights.w_price * (rate <= spec.budget_ppsf_year)
        elif spec.budget_max is not None:
            total += weights.w_price
            earned += weights.w_price * (row["rent"] <= spec.budget_max)
        missing_must = False
        if tokens:
            total += weights.w_loc
            in_area = any(t in row["loc_text"] for t in tokens)
            earned += weights.w_loc * in_area
            missing_must = not in_area
        if musts:
            total += weights.w_must
            have = sum(row_meets(row, m, spec) for m in musts)
            earned += weights.w_must * have / len(musts)
            missing_must = missing_must or have < len(musts)
        if "near_transit" in musts:
            total += weights.w_transit
            earned += weights.w_transit * row_has(row, "near_transit", spec)
        if "pet_friendly" in musts:
            total += weights.w_pets
            earned += weights.w_pets * row_meets(row, "pet_friendly", spec)
        if spec.min_bedrooms is not None or spec.max_bedrooms is not None:
            low = spec.min_bedrooms if spec.min_bedrooms is not None else 0
            high = spec.max_bedrooms if spec.max_bedrooms is not None else float("inf")
            total += weights.w_beds
            earned += weights.w_beds * (low <= row["bedrooms"] <= high)
        if spec.min_bathrooms is not None:
            total += weights.w_baths
            earned += weights.w_baths * (row["bathrooms"] >= spec.min_bathrooms)
        if nice:
            total += weights.w_nice
            earned += weights.w_nice * sum(row_has(row, n, spec) for n in nice) / len(nice)
        if spec.kind is not None:
            total += weights.w_kind
            shop = row_is_retail(row) and not wants_retail(spec)
            earned += weights.w_kind * (row["kind"] == spec.kind and not shop)
        score = earned * 100.0 / total if total else 0.0
        out.append(score * MISSING_MUST_FACTOR if missing_must else score)
    return out
