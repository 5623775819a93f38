"""The rental contracts (spec §4): required fields, ordered bounds, messages naming the field, described schemas."""

from __future__ import annotations

import pytest

from contracts.rental import (
    InvalidFilters,
    Listing,
    ListingCriteria,
    ListingsResult,
    ListingStats,
    RentalFilters,
    UserDetails,
    ViewingRequestResult,
    validate_criteria,
    validate_filters,
)


@pytest.mark.parametrize("model", [RentalFilters, ListingCriteria, Listing, ListingsResult, ListingStats, UserDetails,
                                   ViewingRequestResult])
def test_every_field_is_described(model: type) -> None:
    schema = model.model_json_schema()  # type: ignore[attr-defined]
    assert all("description" in prop for prop in schema["properties"].values())


def test_spec_example_filters_validate() -> None:
    filters = validate_filters({"min_bedrooms": 2, "max_bedrooms": 3, "min_sqft": 800, "max_sqft": 1200,
                                "rent_min": 2500, "rent_max": 3000, "location": "Vancouver",
                                "listing_type": "for_rent"})
    assert filters.location == "Vancouver" and filters.rent_max == 3000
    assert RentalFilters.model_json_schema()["required"] == ["min_bedrooms", "location"]


def test_spec_example_listing_validates_and_requires_its_six_fields() -> None:
    listing = Listing.model_validate({"id": "clx123abc", "title": "2BR Condo near Downtown",
                                      "url": "https://example.com/listings/clx123abc",
                                      "address": "123 Main St, Vancouver", "price": 2800, "bedrooms": 2,
                                      "bathrooms": 1, "sqft": 850, "source": "Realtor.ca"})
    assert listing.model_dump(exclude_none=True)["price"] == 2800
    assert set(Listing.model_json_schema()["required"]) == {"id", "title", "url", "address", "price", "bedrooms"}


def test_bounds_must_be_ordered_and_messages_name_the_field() -> None:
    with pytest.raises(InvalidFilters, match=r"^Invalid filters: .*min_sqft \(900\) is above max_sqft \(800\)"):
        validate_criteria({"min_sqft": 900, "max_sqft": 800})
    with pytest.raises(InvalidFilters, match=r"^Invalid filters: rent_max"):
        validate_criteria({"rent_max": -1})
    with pytest.raises(InvalidFilters, match=r"^Invalid filters: expected an object"):
        validate_filters("2 bed in Vancouver")
    assert validate_criteria(None).is_empty()
