"""Relaxations: when nothing (or little) fully matches, which single change to the request lets most units in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from contracts.match import Relaxation
from contracts.search import SearchSpec
from scoring.match import DEFAULT_WEIGHTS, HARD_TERMS, Weights, score_units
from scoring.units import UnitArrays

ENOUGH = 1  # a relaxation goes at least as far as it takes to let one more unit in


@dataclass(frozen=True)
class Policy:
    """One way to relax a request: its kind, and a function spec -> (patch, label) or None when it does not apply."""

    kind: str
    build: Callable[[SearchSpec, UnitArrays], tuple[dict[str, Any], str] | None]


def _meets_all_but(spec: SearchSpec, units: UnitArrays, term: str) -> np.ndarray:
    """Units that meet every hard criterion of the spec except `term`."""
    scored = score_units(units=units, spec=spec)
    mask = np.ones(len(units), dtype=bool)
    for name in HARD_TERMS:
        if name != term and name in scored.terms:
            mask &= scored.terms[name] >= 1.0
    return mask


def _budget_up(spec: SearchSpec, units: UnitArrays) -> tuple[dict[str, Any], str] | None:
    """Raise the budget by 10 %, or as far as the cheapest unit that meets everything else needs."""
    if spec.budget_max is None:
        return None
    rents = np.sort(units.rent[_meets_all_but(spec, units, "price") & (units.rent > spec.budget_max)])
    needed = float(rents[min(ENOUGH, len(rents)) - 1]) if len(rents) else 0.0
    new_max = float(max(round(spec.budget_max * 1.10, 2), np.ceil(needed / 50) * 50))
    budget = {"min": spec.budget_min, "max": new_max}
    raise_pct = round((new_max / spec.budget_max - 1) * 100)
    return {"budget_monthly_usd": budget}, f"raise budget {raise_pct}% (to ${new_max:,.0f})"


def _expand_area(spec: SearchSpec, units: UnitArrays) -> tuple[dict[str, Any], str] | None:
    """Widen each neighborhood to its submarket (Williamsburg -> North Brooklyn)."""
    if not spec.location:
        return None
    mask = units.location_mask(spec.location)
    submarkets = sorted({units.loc_values[c].split(" | ")[1] for c in set(units.loc_codes[mask].tolist())
                         if len(units.loc_values[c].split(" | ")) > 1} - {""})
    wider = [s for s in submarkets if s not in spec.location]
    if not wider:
        return None
    tokens = list(dict.fromkeys([*spec.location, *wider]))
    shown = ", ".join(w.removeprefix("all ").title() for w in wider[:2])
    return {"location": tokens}, f"expand area to {shown}"


def _relax_size(spec: SearchSpec, units: UnitArrays) -> tuple[dict[str, Any], str] | None:
    """Widen the size bounds by 10 %, or as far as the nearest unit that meets everything else needs."""
    if spec.min_sqft is None and spec.max_sqft is None:
        return None
    patch: dict[str, Any] = {}
    if spec.min_sqft is not None:
        others = units.sqft[_meets_all_but(spec, units, "size_min") & (units.sqft < spec.min_sqft)]
        sizes = np.sort(others)[::-1]
        needed = float(sizes[min(ENOUGH, len(sizes)) - 1]) if len(sizes) else float(spec.min_sqft)
        patch["min_sqft"] = int(min(spec.min_sqft * 0.9, needed))
    if spec.max_sqft is not None:
        patch["max_sqft"] = int(spec.max_sqft * 1.1)
    shown = f"from {patch['min_sqft']:,} SF" if "min_sqft" in patch else f"up to {patch['max_sqft']:,} SF"
    return patch, f"relax size ({shown})"


def _relax_bedrooms(spec: SearchSpec, _units: UnitArrays) -> tuple[dict[str, Any], str] | None:
    if spec.min_bedrooms is None and spec.max_bedrooms is None:
        return None
    patch: dict[str, Any] = {}
    if spec.min_bedrooms:
        patch["min_bedrooms"] = spec.min_bedrooms - 1
    if spec.max_bedrooms is not None:
        patch["max_bedrooms"] = spec.max_bedrooms + 1
    return (patch, "allow one bedroom more or less") if patch else None


def _drop_must(spec: SearchSpec, units: UnitArrays) -> tuple[dict[str, Any], str] | None:
    """Make the must-have that excludes most units a nice-to-have instead."""
    if not spec.must_haves:
        return None
    worst = min(spec.must_haves, key=lambda m: int(units.has(m).sum()))
    musts = [m for m in spec.must_haves if m != worst]
    nice = list(dict.fromkeys([*spec.nice_to_haves, worst]))
    return {"must_haves": musts, "nice_to_haves": nice}, f"make {worst.replace('_', ' ')} optional"


POLICIES: tuple[Policy, ...] = (
    Policy("budget", _budget_up),
    Policy("location", _expand_area),
    Policy("sqft", _relax_size),
    Policy("bedrooms", _relax_bedrooms),
    Policy("must_haves", _drop_must),
)


def full_matches(*, units: UnitArrays, spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """How many units meet every hard criterion of the spec."""
    return int(score_units(units=units, spec=spec, weights=weights).full_match.sum())


def evaluate_policies(*, units: UnitArrays, spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS,
                      policies: tuple[Policy, ...] = POLICIES) -> list[Relaxation]:
    """Every applicable relaxation with the number of full matches it adds (largest first)."""
    base = full_matches(units=units, spec=spec, weights=weights)
    out: list[Relaxation] = []
    for policy in policies:
        built = policy.build(spec, units)
        if built is None:
            continue
        patch, label = built
        relaxed = SearchSpec.model_validate({**spec.model_dump(), **patch})
        added = max(0, full_matches(units=units, spec=relaxed, weights=weights) - base)
        out.append(Relaxation(kind=policy.kind, label=f"{label} → +{added} unit{'s' if added != 1 else ''}",
                              added_units=added,
                              spec_patch=patch))
    return sorted(out, key=lambda r: -r.added_units)


def suggest_relaxations(*, units: UnitArrays, spec: SearchSpec, weights: Weights = DEFAULT_WEIGHTS,
                        count: int = 2) -> list[Relaxation]:
    """The `count` relaxations that add the most units (only those that add any)."""
    return [r for r in evaluate_policies(units=units, spec=spec, weights=weights) if r.added_units > 0][:count]
