"""The mapping table of the import layer: which header means which field, and what each source is.

A new CSV with other headers loads by adding its headers here, not by writing code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Canonical field -> the headers that mean it (compared after lowercasing and dropping non-alphanumerics,
# so "Size (SF)", "size_sqft" and "SQFT" all compare as plain letters).
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "unit_id": ("Unit ID", "unique_id", "ID", "rental_id", "listing_id"),
    "building_id": ("building_id", "Building ID", "bldg_id"),
    "address": ("Property Address", "Address", "street_address"),
    "suite": ("Suite", "Unit", "Apt"),
    "floor": ("Floor",),
    "sqft": ("Square Feet", "Size (SF)", "SQFT", "size_sqft", "Size", "sq_ft"),
    "rent": ("Rent", "Monthly Rent", "Price", "monthly_rent"),
    "annual_rent": ("Annual Rent", "Yearly Rent"),
    "ppsf_year": ("Rent/SF/Year", "$/SF/yr", "ppsf_year", "Price per SF per Year"),
    "bedrooms": ("bedrooms", "Beds", "Bedrooms", "BR"),
    "bathrooms": ("bathrooms", "Baths", "Bathrooms", "BA"),
    "min_to_subway": ("min_to_subway", "Minutes to Subway"),
    "building_age_yrs": ("building_age_yrs", "Building Age"),
    "neighborhood": ("neighborhood", "Neighborhood"),
    "submarket": ("submarket", "Submarket"),
    "borough": ("borough", "Borough"),
    "no_fee": ("no_fee", "No Fee"),
    "roofdeck": ("has_roofdeck", "Roof Deck", "roofdeck"),
    "washer_dryer": ("has_washer_dryer", "Washer Dryer", "washer_dryer"),
    "doorman": ("has_doorman", "Doorman", "doorman"),
    "elevator": ("has_elevator", "Elevator", "elevator"),
    "dishwasher": ("has_dishwasher", "Dishwasher", "dishwasher"),
    "patio": ("has_patio", "Patio", "patio"),
    "gym": ("has_gym", "Gym", "gym"),
    "pet_friendly": ("pets_allowed", "pet_friendly", "Pet Friendly"),
    "broker": ("Associate 1", "Broker", "Agent", "Listing Agent"),  # the listing's contact person
    "broker_email": ("BROKER Email ID", "Broker Email", "Agent Email"),
}

NUMBER_FIELDS = frozenset(
    {"sqft", "rent", "annual_rent", "ppsf_year", "bedrooms", "bathrooms", "min_to_subway", "building_age_yrs"}
)
FLAG_FIELDS = frozenset(
    {"no_fee", "roofdeck", "washer_dryer", "doorman", "elevator", "dishwasher", "patio", "gym", "pet_friendly"}
)
TEXT_FIELDS = frozenset({"unit_id", "building_id", "address", "suite", "floor", "neighborhood", "submarket", "borough",
                         "broker", "broker_email"})


@dataclass(frozen=True)
class Source:
    """One inventory file: where it is, how its ids are prefixed and what kind of space it lists."""

    name: str
    file: str  # relative to the data folder
    id_prefix: str
    kind: str  # apartment | office
    required: tuple[str, ...] = ("unit_id",)
    defaults: dict[str, str] = field(default_factory=dict)  # constant columns the file lacks


SOURCES: tuple[Source, ...] = (
    Source(name="streeteasy", file="raw/streeteasy.csv", id_prefix="SE-", kind="apartment"),
    Source(name="offices", file="raw/offices.csv", id_prefix="U-", kind="office", defaults={"borough": "Manhattan"}),
)

# The building side of the unit<->building join (joined by building_id, else by address).
BUILDINGS_FILE = "raw/office_buildings.csv"
