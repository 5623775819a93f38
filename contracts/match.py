"""A ranked unit with its score and the reasons behind it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class MatchItem(BaseModel):
    """One unit of the inventory as ranked for a SearchSpec."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, description="Inventory id, e.g. U-12 or SE-1545")
    score: float = Field(ge=0, le=100, description="Match score scaled to 0..100")
    reasons: list[str] = Field(default_factory=list, description="One plain reason code per point earned")
    row_preview: dict[str, Any] = Field(
        default_factory=dict,
        description="Display fields: address, neighborhood, sqft, rent, ppsf_year, floor, suite, amenities, ...",
    )


class Relaxation(BaseModel):
    """A concrete change to the request, with how many more units it would let in."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="budget | location | sqft | bedrooms | must_haves")
    label: str = Field(description="Human wording, e.g. 'raise budget 10% → +7 units'")
    added_units: int = Field(ge=0, description="Units that fully match after the change")
    spec_patch: dict[str, Any] = Field(default_factory=dict, description="Fields to change in the SearchSpec")
