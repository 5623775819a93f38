"""HDB resale comparables: what the user wants valued (Target), each search step, and the answer (CompsResult)."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

StoreyPreference = Literal["low", "mid", "high"]
StepAction = Literal["search", "relax", "tighten", "accept", "clarify", "stop", "hybrid", "rerank", "estimate"]


class Target(BaseModel):
    """The flat to find comparables for (spec §3.1), plus the valuation date.

    Hard filters are town, flat_type and the months_back window before as_of; the rest are soft preferences the
    loop may relax or tighten.
    """

    model_config = ConfigDict(extra="forbid")

    town: str | None = Field(default=None, description="HDB town, upper case as in the data (e.g. 'SENGKANG')")
    flat_type: str | None = Field(default=None, description="Normalised flat type, e.g. '4 ROOM', 'EXECUTIVE'")
    street_hint: str | None = Field(default=None, description="A street or place named by the user ('Compassvale')")
    block_hint: str | None = Field(default=None, description="A block number named by the user ('123A')")
    near: bool = Field(default=False, description="The user asked for 'near'/'around' a place")
    floor_area_target: float | None = Field(default=None, gt=0, description="Floor area in square metres")
    floor_area_tolerance: float = Field(default=5.0, gt=0, description="± sqm around the target area")
    storey_preference: StoreyPreference | None = Field(default=None, description="low, mid or high floor")
    storey_target: int | None = Field(default=None, ge=1, le=60, description="A specific floor, e.g. 10")
    min_remaining_lease_years: int | None = Field(default=None, ge=0, le=99,
                                                  description="Minimum remaining lease in years")
    lease_commence_year: int | None = Field(default=None, description="The flat's lease start year, when given")
    flat_model: str | None = Field(default=None, description="Flat model as in the data, e.g. 'Model A'")
    months_back: int = Field(default=12, ge=1, le=120, description="How many months of sales before as_of")
    price_budget_max: int | None = Field(default=None, gt=0, description="Upper price limit in SGD")
    mrt_within_m: int | None = Field(default=None, gt=0, le=5000,
                                     description="Only blocks this near an MRT/LRT station, in metres, when asked")
    free_text: list[str] = Field(default_factory=list,
                                 description="Wishes with no column ('premium apartment-ish'); used for retrieval")
    as_of: date = Field(description="Valuation date: only sales registered in months wholly before it are used")

    def years_left(self) -> int | None:
        """The flat's remaining lease at `as_of` from its lease start (HDB leases run 99 years); None without one."""
        return self.lease_commence_year + 99 - self.as_of.year if self.lease_commence_year else None


class Stats(BaseModel):
    """Price statistics of a set of sales (percentiles by linear interpolation)."""

    count: int = Field(description="Number of sales")
    median: float | None = Field(default=None, description="Median resale price, SGD")
    p25: float | None = Field(default=None, description="25th percentile, SGD")
    p75: float | None = Field(default=None, description="75th percentile, SGD")
    min: float | None = Field(default=None, description="Lowest price, SGD")
    max: float | None = Field(default=None, description="Highest price, SGD")
    median_psm: float | None = Field(default=None, description="Median price per square metre, SGD")


class Comp(BaseModel):
    """One comparable sale, with how it was ranked and how much it weighs in the estimate."""

    id: str = Field(description="Row id in the shipped data")
    month: str = Field(description="Registration month, YYYY-MM")
    town: str = Field(description="HDB town")
    flat_type: str = Field(description="Flat type")
    block: str = Field(description="Block number")
    street_name: str = Field(description="Street")
    storey_range: str = Field(description="Storey range, e.g. '10 TO 12'")
    floor_area_sqm: float = Field(description="Floor area, sqm")
    flat_model: str = Field(description="Flat model")
    remaining_lease_months: int = Field(description="Remaining lease at sale, months")
    resale_price: float = Field(description="Price paid, SGD")
    adjusted_price: float | None = Field(default=None, description="Price adjusted to the target's flat and month")
    score: float = Field(description="Rerank score (0.45 area, 0.25 lease, 0.15 storey, 0.15 recency); lower is "
                                     "more similar")
    weight: float = Field(default=0.0, description="Share of the estimate, 0..1")


class TraceStep(BaseModel):
    """One step of the search: what was tried, how many sales matched, and what was decided."""

    step: int = Field(description="1-based step number")
    action: StepAction = Field(description="What the step did")
    filters: dict[str, Any] = Field(default_factory=dict, description="The filters in force, human-readable")
    count: int | None = Field(default=None, description="Sales matching those filters")
    decision: str = Field(default="", description="Why, in a sentence")
    retrieval_mode: Literal["structured", "hybrid"] = Field(default="structured",
                                                            description="How candidates were ranked")


class CompsResult(BaseModel):
    """The answer: comps, stats, a fair-value estimate with a range, and the trace of the search."""

    target: Target = Field(description="The target as finally searched")
    comps: list[Comp] = Field(default_factory=list, description="Top comps, most similar first (all used by the "
                                                               "estimate)")
    stats: Stats = Field(description="Statistics of the whole candidate pool")
    estimate: float | None = Field(default=None, description="Fair-value estimate, SGD")
    low: float | None = Field(default=None, description="Low end of the estimate's range, SGD")
    high: float | None = Field(default=None, description="High end of the estimate's range, SGD")
    pool_size: int = Field(default=0, description="Sales in the final candidate pool")
    pool_prices: list[float] = Field(default_factory=list, description="Prices of the pool (for the histogram)")
    trace: list[TraceStep] = Field(default_factory=list, description="Every step of the search")
    retrieval_mode: Literal["structured", "hybrid"] = Field(default="structured",
                                                            description="Whether vector+BM25 ranking was used")
    notes: list[str] = Field(default_factory=list, description="E.g. 'only 12 comps: broaden the search'")
    question: str | None = Field(default=None, description="A clarifying question instead of an answer")
