"""The HDB Flat Portal snapshot: asking-price listings read in the transactions' spellings; bad rows skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.sources.hdb import load_table
from data.sources.hdb_listings import load_listings, parse_listing

ROW = {"url": "https://homes.hdb.gov.sg/home/resale/1", "block": "869b", "street": "Tampines Ave 8",
       "postal_code": "522869", "town": "Tampines Town", "rooms": "4-Room", "price": "$780,000",
       "remaining_lease": "88 years 3 months", "storey_range": "11 to 15", "scrape_failed": "False"}


def test_a_listing_row_is_read_in_the_transactions_spelling() -> None:
    listing = parse_listing(ROW)
    assert (listing.block, listing.street, listing.town, listing.flat_type) == ("869B", "TAMPINES AVE 8", "TAMPINES",
                                                                               "4 ROOM")
    assert listing.price == 780_000 and listing.remaining_lease_months == 88 * 12 + 3
    assert parse_listing({**ROW, "town": "Central Town", "remaining_lease": "soon"}).town == "CENTRAL AREA"
    with pytest.raises(ValueError, match="price"):
        parse_listing({**ROW, "price": "call agent"})


def test_the_shipped_snapshot_loads_every_row_into_known_towns_and_streets(tmp_path: Path) -> None:
    listings = load_listings()
    table = load_table()
    assert len(listings) == 2000
    assert {x.town for x in listings} <= set(table.towns) and {x.street for x in listings} <= set(table.streets)
    broken = tmp_path / "l.csv"
    broken.write_text("url,block,street,postal_code,town,rooms,price,remaining_lease,storey_range,scrape_failed\n"
                      "u,1,Ang Mo Kio Ave 1,1,Ang Mo Kio Town,3-Room,$400000,60 years,1 to 5,False\n"
                      "u,2,Ang Mo Kio Ave 1,1,Ang Mo Kio Town,garage,$1,60 years,1 to 5,False\n", encoding="utf-8")
    assert [x.block for x in load_listings(broken)] == ["1"]  # the unreadable row is skipped, not fatal
    assert load_listings(tmp_path / "missing.csv") == ()
