"""The agentic comps search loop (spec §3.3): search -> observe the count -> relax / tighten / accept -> repeat.

The planner is deterministic: too few sales (< 30) relaxes, too many (> 200) tightens, one constraint per step in
the spec's order, at most 4 relax and 4 tighten steps. A constraint moves one way only in a search (a window
widened is never narrowed again), so the loop cannot oscillate. Every step is a trace line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from contracts.comps import Target, TraceStep
from data.sources.hdb import HdbTable, month_index, month_label
from data.stores.hdb_sales import MemorySalesStore, SaleFilters, SalesStore
from scoring.comps import STOREY_BANDS

POOL_MIN, POOL_MAX = 30, 200
MAX_RELAX, MAX_TIGHTEN = 4, 4
MONTHS_RELAX = (12, 18, 24, 36)  # the spec's 12 -> 18 -> 24, then 36: the shipped data has no 2024-2025 sales
MONTHS_TIGHTEN = (24, 12, 6, 3)
SQM_RELAX = (5.0, 8.0, 12.0)
SQM_TIGHTEN = (5.0, 3.0, 2.0)
STOREY_BAND_FLOORS = 3  # a named floor matches sales within 3 floors of it
RELAX_ORDER = ("months", "sqm", "storey", "lease", "street")
TIGHTEN_ORDER = ("months", "sqm", "lease", "street", "budget")


@dataclass(frozen=True)
class Knobs:
    """The adjustable constraints of one search state."""

    months_back: int
    sqm_tolerance: float
    storey_on: bool
    lease_min_years: int | None
    street_required: bool
    budget_on: bool


@dataclass
class SearchOutcome:
    """Where the loop stopped: the knobs, the matching rows, the trace and notes."""

    knobs: Knobs
    rows: np.ndarray
    trace: list[TraceStep] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def hint_streets(table: HdbTable, hint: str | None) -> list[str]:
    """The data's streets a hint stands for (a full street name, or a word of several)."""
    if not hint:
        return []
    if hint in table.street_town:
        return [hint]
    return [s for s in table.streets if hint in s.split()]


class Searcher:
    """Builds each step's filters for one target and asks the store to count and fetch them.

    Args:
        table: the resale table.
        target: what is being valued (town and flat type set).
        store: where sales are counted and fetched (numpy in memory when None).
    """

    def __init__(self, table: HdbTable, target: Target, store: SalesStore | None = None) -> None:
        self.table = table
        self.target = target
        self.store: SalesStore = store or MemorySalesStore(table)
        self.as_of_month = month_index(target.as_of)
        self.streets = tuple(hint_streets(table, target.street_hint))

    def filters(self, k: Knobs) -> SaleFilters:
        """The hard filters of the knobs. month_to is as_of's month, exclusive: the leak guard."""
        t = self.target
        area = t.floor_area_target
        storey: tuple[float | None, float | None] = (None, None)
        if k.storey_on and t.storey_target is not None:
            storey = (t.storey_target - STOREY_BAND_FLOORS, t.storey_target + STOREY_BAND_FLOORS)
        elif k.storey_on and t.storey_preference:
            storey = STOREY_BANDS[t.storey_preference]
        return SaleFilters(
            town=t.town or "", flat_type=t.flat_type or "", month_from=self.as_of_month - k.months_back,
            month_to=self.as_of_month, area_lo=area - k.sqm_tolerance if area else None,
            area_hi=area + k.sqm_tolerance if area else None, storey_mid_lo=storey[0], storey_mid_hi=storey[1],
            lease_min_months=k.lease_min_years * 12 if k.lease_min_years else None,
            streets=self.streets if k.street_required and self.streets else None,
            price_max=float(t.price_budget_max) if k.budget_on and t.price_budget_max else None)

    def count(self, k: Knobs) -> int:
        """Sales matching the knobs' filters."""
        return self.store.count(self.filters(k))

    def describe(self, k: Knobs) -> dict[str, Any]:
        """The filters in force, for the trace."""
        t = self.target
        out: dict[str, Any] = {"town": t.town, "flat_type": t.flat_type,
                               "months": f"{month_label(self.as_of_month - k.months_back)} .. "
                                         f"{month_label(self.as_of_month - 1)} ({k.months_back})"}
        if t.floor_area_target:
            out["sqm"] = f"{t.floor_area_target:g} ± {k.sqm_tolerance:g}"
        if k.storey_on and t.storey_target is not None:
            out["storey"] = f"{t.storey_target} ± {STOREY_BAND_FLOORS}"
        elif k.storey_on and t.storey_preference:
            out["storey"] = t.storey_preference
        if k.lease_min_years:
            out["lease_min_years"] = k.lease_min_years
        if k.street_required and t.street_hint:
            out["street"] = t.street_hint
        if k.budget_on and t.price_budget_max:
            out["price_max"] = t.price_budget_max
        return out

    def relax(self, k: Knobs, dim: str) -> tuple[Knobs, str] | None:
        """One relaxation of a constraint (None when it cannot be relaxed further)."""
        t = self.target
        if dim == "months":
            wider = [m for m in MONTHS_RELAX if m > k.months_back]
            return (replace(k, months_back=wider[0]), f"widened the window to {wider[0]} months") if wider else None
        if dim == "sqm" and t.floor_area_target:
            wider_s = [s for s in SQM_RELAX if s > k.sqm_tolerance]
            return (replace(k, sqm_tolerance=wider_s[0]), f"widened sqm to ±{wider_s[0]:g}") if wider_s else None
        if dim == "storey" and k.storey_on and (t.storey_target is not None or t.storey_preference):
            return replace(k, storey_on=False), "any storey"
        if dim == "lease" and k.lease_min_years:
            lower = k.lease_min_years - 10
            return (replace(k, lease_min_years=lower if lower > 0 else None),
                    f"lowered the lease minimum to {lower} years" if lower > 0 else "dropped the lease minimum")
        if dim == "street" and k.street_required:
            return replace(k, street_required=False), "dropped the street requirement"
        return None

    def tighten(self, k: Knobs, dim: str) -> tuple[Knobs, str] | None:
        """One tightening of a constraint (None when it cannot be tightened further)."""
        t = self.target
        if dim == "months":
            narrower = [m for m in MONTHS_TIGHTEN if m < k.months_back]
            return ((replace(k, months_back=narrower[0]), f"narrowed the window to {narrower[0]} months")
                    if narrower else None)
        if dim == "sqm" and t.floor_area_target:
            narrower_s = [s for s in SQM_TIGHTEN if s < k.sqm_tolerance]
            return ((replace(k, sqm_tolerance=narrower_s[0]), f"narrowed sqm to ±{narrower_s[0]:g}")
                    if narrower_s else None)
        if dim == "lease":
            if t.lease_commence_year:
                own = t.years_left() or 0
                floor_years = own - 5
                if floor_years > (k.lease_min_years or 0):
                    return replace(k, lease_min_years=floor_years), f"raised the lease minimum to {floor_years} years"
            elif k.lease_min_years:
                return replace(k, lease_min_years=k.lease_min_years + 5), \
                    f"raised the lease minimum to {k.lease_min_years + 5} years"
            return None
        if dim == "street" and self.streets and not k.street_required:
            return replace(k, street_required=True), f"required the street hint {t.street_hint}"
        if dim == "budget" and t.price_budget_max and not k.budget_on:
            return replace(k, budget_on=True), f"capped the price at {t.price_budget_max:,}"
        return None


Planner = Callable[[str, int, dict[str, Any], list[str]], str | None]


def run_loop(table: HdbTable, target: Target, store: SalesStore | None = None,
             planner: Planner | None = None) -> SearchOutcome:
    """Search until the pool holds 30-200 sales, within 4 relax and 4 tighten steps; a trace line per step.

    Args:
        table: the resale table.
        target: what is being valued.
        store: where sales are counted and fetched (numpy in memory when None).
        planner: optional chooser (direction, count, filters, allowed constraints) -> one of them; the spec's
            order decides when it is None or answers anything else.
    """
    searcher = Searcher(table, target, store)
    knobs = Knobs(months_back=target.months_back, sqm_tolerance=target.floor_area_tolerance, storey_on=True,
                  lease_min_years=target.min_remaining_lease_years, street_required=False, budget_on=False)
    moved: dict[str, str] = {}  # constraint -> "relax" | "tighten": each moves one way only
    relaxed = tightened = 0
    trace: list[TraceStep] = []
    notes: list[str] = []
    count = searcher.count(knobs)
    trace.append(TraceStep(step=1, action="search", filters=searcher.describe(knobs), count=count,
                           decision="initial search: town + flat type + window, with the soft filters"))
    while True:
        if POOL_MIN <= count <= POOL_MAX:
            trace.append(TraceStep(step=len(trace) + 1, action="accept", filters=searcher.describe(knobs), count=count,
                                   decision=f"{count} sales is within {POOL_MIN}-{POOL_MAX}: accept"))
            break
        direction = "relax" if count < POOL_MIN else "tighten"
        used = relaxed if direction == "relax" else tightened
        limit = MAX_RELAX if direction == "relax" else MAX_TIGHTEN
        step = None
        how = ""
        if used < limit:
            order = RELAX_ORDER if direction == "relax" else TIGHTEN_ORDER
            options = []
            for dim in order:
                if moved.get(dim, direction) != direction:
                    continue
                change = (searcher.relax if direction == "relax" else searcher.tighten)(knobs, dim)
                if change and direction == "tighten" and searcher.count(change[0]) < POOL_MIN:
                    continue  # a narrowing that leaves too few sales (a window past the data's last month) is none
                while change and direction == "relax" and searcher.count(change[0]) == count:
                    # a widening that adds no sale (a window reaching into the 2024-2025 gap) spends no step: the
                    # same constraint goes on to its first value that adds some, else the next constraint moves
                    change = searcher.relax(change[0], dim)
                if change:
                    options.append((dim, *change))
            step = options[0] if options else None
            if planner is not None and len(options) > 1:
                # the model may pick which constraint moves, only among the steps the rules allow
                choice = planner(direction, count, searcher.describe(knobs), [o[0] for o in options])
                picked = next((o for o in options if o[0] == choice), None)
                step, how = (picked, " (model's choice)") if picked else (step, " (model answer ignored)")
        if step is None:
            if direction == "relax":
                notes.append(f"Only {count} comparable sales: broaden the search (another town or flat type, or a "
                             "longer window).")
            else:
                notes.append(f"{count} sales match: add a constraint (street, sqm, price or lease) to narrow it.")
            trace.append(TraceStep(step=len(trace) + 1, action="stop", filters=searcher.describe(knobs), count=count,
                                   decision=f"{count} sales and no {direction} step left: stop"))
            break
        dim, knobs, what = step
        moved[dim] = direction
        if direction == "relax":
            relaxed += 1
        else:
            tightened += 1
        before = count
        count = searcher.count(knobs)
        trace.append(TraceStep(step=len(trace) + 1, action=direction, filters=searcher.describe(knobs), count=count,
                               decision=f"{before} sales is too {'few' if direction == 'relax' else 'many'}: {what}"
                                        f"{how}"))
    return SearchOutcome(knobs=knobs, rows=searcher.store.rows(searcher.filters(knobs)), trace=trace, notes=notes)
