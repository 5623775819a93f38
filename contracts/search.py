"""The search request: what a person asked for, as structured fields."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ModelWrapValidatorHandler, PrivateAttr, model_validator

SpecStatus = Literal["ok", "underconstrained"]
UnitKind = Literal["apartment", "office"]

# Amenity keys shared with the eval format (hyphen, underscore and space are equivalent there). The lists of a
# spec hold only these: a wish about the people around ("no kids") has no key, so it can never become a filter.
AmenityKey = Literal[
    "doorman",
    "elevator",
    "gym",
    "roofdeck",
    "washer_dryer",
    "dishwasher",
    "patio",
    "no_fee",
    "near_transit",
    "pet_friendly",
]
AMENITY_KEYS: tuple[str, ...] = get_args(AmenityKey)


def amenity_key(value: object) -> str:
    """The canonical form of an amenity name ('Washer-Dryer' -> 'washer_dryer')."""
    return str(value).strip().lower().replace("-", "_").replace(" ", "_")


def split_amenities(values: object) -> tuple[list[str], list[str]]:
    """(known keys in order without repeats, everything else as given): unknown names are dropped, not fatal."""
    if not isinstance(values, list | tuple):
        return [], ([] if values is None else [str(values)])
    known: list[str] = []
    unknown: list[str] = []
    for value in values:
        key = amenity_key(value)
        if key in AMENITY_KEYS:
            if key not in known:
                known.append(key)
        else:
            unknown.append(str(value))
    return known, unknown


class Budget(BaseModel):
    """A monthly budget range in USD; either end may be open."""

    model_config = ConfigDict(extra="forbid")

    min: float | None = Field(default=None, ge=0, description="Lowest monthly rent the person wants to see")
    max: float | None = Field(default=None, ge=0, description="Highest monthly rent the person can pay")

    @model_validator(mode="after")
    def _ordered(self) -> Budget:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("budget min is above budget max")
        return self


class SearchSpec(BaseModel):
    """A structured request for space, produced by the NeedsAgent and consumed by ranking."""

    model_config = ConfigDict(extra="forbid")

    location: list[str] = Field(default_factory=list, description="Lowercase location tokens")
    min_sqft: int | None = Field(default=None, ge=0, description="Smallest acceptable size in square feet")
    max_sqft: int | None = Field(default=None, ge=0, description="Largest acceptable size in square feet")
    budget_monthly_usd: Budget | None = Field(default=None, description="Monthly budget range in USD")
    term_months: int | None = Field(default=None, ge=1, le=240, description="Lease term in months")
    must_haves: list[AmenityKey] = Field(default_factory=list, description="Amenity keys the unit must have")
    nice_to_haves: list[AmenityKey] = Field(default_factory=list, description="Amenity keys that are a bonus")
    timeline: str | None = Field(default=None, description="When the person wants to move or tour, as said")
    use_case: str | None = Field(default=None, description="What the space is for, e.g. 'creative studio'")
    confidence: dict[str, float] = Field(
        default_factory=dict, description="Confidence 0..1 per extracted field, keys like budget_monthly_usd.max"
    )
    spec_status: SpecStatus = Field(default="ok", description="'underconstrained' when a question is needed")
    # Extensions (optional): what a home search needs beyond the office formula.
    min_bedrooms: int | None = Field(default=None, ge=0, le=20, description="Fewest bedrooms (0 = studio)")
    max_bedrooms: int | None = Field(default=None, ge=0, le=20, description="Most bedrooms (0 = studio)")
    min_bathrooms: float | None = Field(default=None, ge=0, le=20, description="Fewest bathrooms")
    kind: UnitKind | None = Field(default=None, description="apartment or office, when the request says")
    currency: str | None = Field(default=None, description="ISO currency of the budget (USD by default)")
    budget_ppsf_year: float | None = Field(
        default=None, ge=0, description="Highest rent per square foot per year, when the request states one (offices)")
    headcount: int | None = Field(default=None, ge=1, le=10_000, description="People the office is for")
    max_min_to_subway: int | None = Field(
        default=None, ge=0, le=60, description="Most minutes' walk to the subway, when stated ('3 min walk to the "
        "train'); it sets what near_transit means (5 minutes otherwise)")

    # What validation dropped from the amenity lists (not amenity keys): reported to the user, never searched.
    _dropped: list[str] = PrivateAttr(default_factory=list)

    @model_validator(mode="wrap")
    @classmethod
    def _known_amenities(cls, data: Any, handler: ModelWrapValidatorHandler[SearchSpec]) -> SearchSpec:
        dropped: list[str] = []
        if isinstance(data, dict):
            data = dict(data)
            for name in ("must_haves", "nice_to_haves"):
                if name in data:
                    data[name], unknown = split_amenities(data[name])
                    dropped += unknown
        spec = handler(data)
        spec._dropped = [*spec._dropped, *dropped]
        return spec

    @property
    def dropped_amenities(self) -> list[str]:
        """Names given as amenities that are not amenity keys (dropped at validation)."""
        return list(self._dropped)

    @model_validator(mode="after")
    def _check(self) -> SearchSpec:
        for key, value in self.confidence.items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"confidence[{key!r}] must be between 0 and 1")
        if self.min_sqft is not None and self.max_sqft is not None and self.min_sqft > self.max_sqft:
            raise ValueError("min_sqft is above max_sqft")
        if (
            self.min_bedrooms is not None
            and self.max_bedrooms is not None
            and self.min_bedrooms > self.max_bedrooms
        ):
            raise ValueError("min_bedrooms is above max_bedrooms")
        return self

    @property
    def budget_max(self) -> float | None:
        return self.budget_monthly_usd.max if self.budget_monthly_usd else None

    @property
    def budget_min(self) -> float | None:
        return self.budget_monthly_usd.min if self.budget_monthly_usd else None
