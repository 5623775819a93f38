"""Contracts of the rental search assistant (spec rental_search_assistant.md §4, §5): filters, a listing,
the search/filter response, the stats of a result set, user details and a simulated viewing request."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

ListingType = Literal["for_rent", "for_sale", "for_sale_or_rent"]
SortKey = Literal["price", "bedrooms", "bathrooms", "sqft", "address", "id", "title"]

# The numeric criteria shared by rental_search and filter_listings, as (lower, upper) pairs.
RANGE_PAIRS: tuple[tuple[str, str], ...] = (
    ("min_bedrooms", "max_bedrooms"),
    ("min_bathrooms", "max_bathrooms"),
    ("min_sqft", "max_sqft"),
    ("rent_min", "rent_max"),
)


class ListingCriteria(BaseModel):
    """Optional narrowing criteria (filter_listings §5.3); every bound is inclusive and may be omitted."""

    model_config = ConfigDict(extra="forbid")

    min_bedrooms: int | None = Field(default=None, ge=0, description="Fewest bedrooms")
    max_bedrooms: int | None = Field(default=None, ge=0, description="Most bedrooms; omit for no upper limit")
    min_bathrooms: float | None = Field(default=None, ge=0, description="Fewest bathrooms")
    max_bathrooms: float | None = Field(default=None, ge=0, description="Most bathrooms; omit for no upper limit")
    min_sqft: float | None = Field(default=None, ge=0, description="Smallest size in square feet")
    max_sqft: float | None = Field(default=None, ge=0, description="Largest size in square feet")
    rent_min: float | None = Field(default=None, ge=0, description="Lowest rent, CAD/month")
    rent_max: float | None = Field(default=None, ge=0, description="Highest rent, CAD/month")

    @model_validator(mode="after")
    def _ordered(self) -> ListingCriteria:
        for low, high in RANGE_PAIRS:
            lo, hi = getattr(self, low), getattr(self, high)
            if lo is not None and hi is not None and lo > hi:
                raise ValueError(f"{low} ({lo:g}) is above {high} ({hi:g})")
        return self

    def is_empty(self) -> bool:
        """True when no criterion is set."""
        return all(getattr(self, name) is None for pair in RANGE_PAIRS for name in pair)


class RentalFilters(ListingCriteria):
    """Input of rental_search (§4.1): `min_bedrooms` and `location` are required."""

    min_bedrooms: int = Field(ge=0, le=20, description="Minimum number of bedrooms (required)")  # type: ignore[assignment]
    location: str = Field(min_length=1, max_length=200, description="City or area, e.g. 'Vancouver'")
    listing_type: ListingType = Field(default="for_rent", description="for_rent (default), for_sale, for_sale_or_rent")

    @model_validator(mode="after")
    def _real_location(self) -> RentalFilters:
        if not self.location.strip():
            raise ValueError("location is blank")
        return self


class Listing(BaseModel):
    """One listing of a search result (§4.2). Optional fields are omitted when unknown (exclude_none)."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(min_length=1, description="Listing id (the MLS number for REALTOR.CA)")
    title: str = Field(description="Short headline")
    url: str = Field(min_length=1, description="Canonical URL of the listing")
    address: str = Field(description="Human-readable address or area")
    price: float = Field(ge=0, description="Rent in CAD/month")
    bedrooms: float = Field(ge=0, description="Number of bedrooms")
    sqft: float | None = Field(default=None, ge=0, description="Square footage")
    price_display: str | None = Field(default=None, description="Formatted price, e.g. '$2,500/month'")
    postal_code: str | None = Field(default=None, description="Postal code")
    source: str | None = Field(default=None, description="Source name, e.g. 'Realtor.ca'")
    bathrooms: float | None = Field(default=None, ge=0, description="Bathrooms")
    description: str | None = Field(default=None, description="Listing description")
    latitude: float | None = Field(default=None, ge=-90, le=90, description="Latitude")
    longitude: float | None = Field(default=None, ge=-180, le=180, description="Longitude")
    house_category: str | None = Field(default=None, description="Property type, e.g. 'Apartment', 'House'")
    ownership_category: str | None = Field(default=None, description="Ownership, e.g. 'Condominium/Strata'")
    ammenities: str | None = Field(default=None, description="Listed amenities (spelling as in the spec)")
    nearby_ammenities: str | None = Field(default=None, description="Nearby features (transit, schools ...)")
    open_house: str | None = Field(default=None, description="Open house date/time text")
    stories: float | None = Field(default=None, ge=0, description="Number of stories")
    asking_price: float | None = Field(default=None, ge=0, description=(
        "Asking price in CAD when the listing is for sale (the recorded sample's items): its price is then an "
        "illustrative figure, not a rent"))


class ListingsResult(BaseModel):
    """Response of rental_search and filter_listings (§5.2, §5.3)."""

    model_config = ConfigDict(extra="forbid")

    listings: list[Listing] = Field(default_factory=list, description="The listings (may be empty)")
    total_count: int = Field(ge=0, description="How many listings match")
    relaxations: list[str] = Field(
        default_factory=list, description="When nothing matches: changes to the filters that would find some")
    notes: list[str] = Field(default_factory=list, description="What the source is (e.g. a recorded sample)")


class RangeStats(BaseModel):
    """min / median / mean / max of one numeric field over the listings that state it."""

    model_config = ConfigDict(extra="forbid")

    count: int = Field(ge=0, description="Listings with a value")
    min: float | None = Field(default=None, description="Smallest")
    median: float | None = Field(default=None, description="Median")
    mean: float | None = Field(default=None, description="Mean (rounded to cents)")
    max: float | None = Field(default=None, description="Largest")


class ListingStats(BaseModel):
    """Response of summarize_listings (§5.4)."""

    model_config = ConfigDict(extra="forbid")

    count: int = Field(ge=0, description="Number of listings")
    price: RangeStats = Field(description="Rent, CAD/month")
    bedrooms: dict[str, int] = Field(description="Listings per bedroom count ('unknown' when not stated)")
    bathrooms: dict[str, int] = Field(description="Listings per bathroom count ('unknown' when not stated)")
    sqft: RangeStats = Field(description="Size in square feet")
    house_category: dict[str, int] = Field(description="Listings per property type")


class InvalidFilters(ValueError):
    """Filters that cannot be searched; the message starts "Invalid filters" and names each bad field."""


def _problems(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        field = ".".join(str(p) for p in error["loc"]) or "filters"
        parts.append(f"{field}: {error['msg']}")
    return "; ".join(parts)


def validate_filters(raw: object) -> RentalFilters:
    """RentalFilters from a dict, or InvalidFilters naming every bad field (never a bare ValidationError)."""
    if isinstance(raw, RentalFilters):
        return raw
    if not isinstance(raw, dict):
        raise InvalidFilters(f"Invalid filters: expected an object with min_bedrooms and location, got {raw!r}")
    try:
        return RentalFilters.model_validate(raw)
    except ValidationError as exc:
        raise InvalidFilters(f"Invalid filters: {_problems(exc)}") from exc


def validate_criteria(raw: object) -> ListingCriteria:
    """ListingCriteria from a dict (None: no criteria), or InvalidFilters naming the bad field."""
    if raw is None:
        return ListingCriteria()
    if not isinstance(raw, dict):
        raise InvalidFilters(f"Invalid filters: expected an object of bounds, got {raw!r}")
    try:
        return ListingCriteria.model_validate(raw)
    except ValidationError as exc:
        raise InvalidFilters(f"Invalid filters: {_problems(exc)}") from exc


class UserDetails(BaseModel):
    """Who asks for the viewing (§4.3)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=120, description="User's name")
    email: str = Field(min_length=3, max_length=254, description="Email for contact")
    phone: str | None = Field(default=None, max_length=40, description="Phone number")
    preferred_times: str | None = Field(default=None, max_length=200, description="e.g. 'weekday evenings 6–8pm'")


class ViewingRequestResult(BaseModel):
    """Response of simulate_viewing_request (§5.5)."""

    model_config = ConfigDict(extra="forbid")

    summary: str = Field(description="One line for the user: listing, timeslot, contact")
    contact_url: str | None = Field(default=None, description="A mailto: link to send the request by hand")


def listing_json_schema() -> dict[str, object]:
    """JSON Schema of a Listing, self-contained (no $refs), for tool argument schemas."""
    return Listing.model_json_schema()
