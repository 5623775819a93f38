"""The REALTOR.CA adapter: mapping of recorded rows, pyRealtor's own transform, junk cells, post-filters, and the
live backend failing (socket guard, timeout, printed errors) as SourceUnavailable, never as an empty list."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from contracts.rental import InvalidFilters, validate_filters
from data.realtor_ca.build_fixture import pyrealtor_rows, sample_rent
from data.sources.base import SourceUnavailable
from data.sources.realtor_ca import (
    DEFAULT_FIXTURE,
    RealtorCaSource,
    map_row,
    map_rows,
    size_to_sqft,
    to_number,
)
from tests.conftest import ROOT

RAW_SAMPLE = ROOT / "data" / "realtor_ca" / "raw_sample.json"


def _rows() -> list[dict]:
    return json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8"))


def test_a_recorded_row_maps_to_the_spec_listing() -> None:
    row = next(r for r in _rows() if r["MLS"] == "E4084852")
    listing = map_row(row)
    assert listing is not None
    assert listing.id == "E4084852"
    assert listing.address == "122 BIRKDALE RD, Toronto, Ontario M1P3R5"
    assert listing.url == "https://www.realtor.ca" + row["Website"]
    # a for-sale item of the sample: its asking price is what is shown; price keeps the illustrative figure that
    # lets rent filters run over the MCP tools
    assert listing.price == 2400 and listing.asking_price == 599_900
    assert listing.price_display == "$599,900 asking (for sale)"
    assert listing.bedrooms == 3 and listing.bathrooms == 2
    assert listing.postal_code == "M1P3R5" and listing.source == "Realtor.ca"
    assert listing.latitude == pytest.approx(43.7606175) and listing.longitude == pytest.approx(-79.2628388)


def test_total_rent_is_preferred_over_rent_and_the_url_falls_back_to_the_mls() -> None:
    listing = map_row({"MLS": "R123", "Bedrooms": "2", "Rent": "$2,100/Monthly", "Total Rent": "2350",
                       "Address": None, "Website": None})
    assert listing is not None
    assert listing.price == 2350 and listing.price_display == "$2,350/month"
    assert listing.url == "https://www.realtor.ca/listing/R123"
    assert listing.address == "Address not provided"
    only_rent = map_row({"MLS": "R124", "Bedrooms": "1", "Rent": "$1,900/Monthly", "Total Rent": None})
    assert only_rent is not None and only_rent.price == 1900


@pytest.mark.parametrize(("cell", "expected"), [
    ("1379 sqft", 1379), ("126 m2", round(126 * 10.7639)), ("1236.0000", 1236), ("1200 - 1400 sqft", 1200),
    ("", None), ("junk", None), (None, None), (float("nan"), None), ("0", None), (-5, None),
])
def test_size_text_becomes_square_feet(cell: object, expected: float | None) -> None:
    assert size_to_sqft(cell) == expected


@pytest.mark.parametrize(("cell", "expected"), [
    ("3 + 1", 4.0), ("2", 2.0), (2, 2.0), ("$2,500/Monthly", 2500.0), ("1;2", 1.0), ("n/a", None),
    ("abc", None), (True, None), (float("inf"), None), ({"a": 1}, None), ([1, 2], None),
])
def test_numbers_are_coerced_without_crashing(cell: object, expected: float | None) -> None:
    assert to_number(cell) == expected


def test_junk_rows_are_left_out_and_counted_not_fatal() -> None:
    rows = [
        {"MLS": "A1", "Bedrooms": "two", "Total Rent": "2000"},  # no readable bedroom count
        {"MLS": None, "Bedrooms": "2", "Total Rent": "2000"},  # no id
        {"MLS": "A2", "Bedrooms": "2", "Total Rent": "call us"},  # no rent
        {"MLS": "A3", "Bedrooms": "2", "Total Rent": "2000", "Latitude": "north", "Longitude": "999",
         "Bathrooms": "-1", "Size": "big", "Stories": "x", "Postal Code": "12345"},
        "not a row",
        {"MLS": "A3", "Bedrooms": "3", "Total Rent": "2500"},  # repeated id: first kept
    ]
    listings, skipped = map_rows(rows)  # type: ignore[arg-type]
    assert [x.id for x in listings] == ["A3"] and skipped == 5
    a3 = listings[0]
    assert a3.latitude is None and a3.longitude is None and a3.bathrooms is None and a3.sqft is None
    assert a3.postal_code is None and a3.stories is None


def test_pyrealtor_transform_of_raw_items_has_no_rent_and_the_adapter_says_so() -> None:
    items = json.loads(RAW_SAMPLE.read_text(encoding="utf-8"))
    rows = pyrealtor_rows(items)
    assert len(rows) == len(items)
    assert {"MLS", "Address", "Bedrooms", "Size", "Rent", "Total Rent", "Website", "Postal Code"} <= set(rows[0])
    assert all(r["Rent"] is None and r["Total Rent"] is None for r in rows)  # for-sale items: no rent at all
    assert rows[0]["Postal Code"] == "M1P3R5"
    listings, skipped = map_rows(rows)
    assert listings == [] and skipped == len(rows)  # a listing without a rent is never invented


def test_sample_rent_is_derived_from_the_asking_price() -> None:
    assert sample_rent("$599,900") == 2400
    assert sample_rent(None) is None and sample_rent("") is None


def test_fixture_search_post_filters_match_a_direct_count() -> None:
    source = RealtorCaSource(backend="fixture")
    result = source.search(validate_filters({"min_bedrooms": 3, "max_bedrooms": 3, "rent_max": 2000,
                                             "location": "Hamilton"}))
    expected = {m.id for m in map_rows(_rows())[0]
                if m.bedrooms == 3 and m.price <= 2000 and "hamilton" in m.address.lower()}
    assert expected and {x.id for x in result.listings} == expected
    assert result.total_count == len(expected)
    assert any("Recorded sample" in n for n in result.notes) and any("not for rent" in n for n in result.notes)


def test_zero_results_are_an_empty_list_with_relaxations() -> None:
    result = RealtorCaSource().search(validate_filters({"min_bedrooms": 3, "rent_max": 100, "location": "Toronto"}))
    assert result.listings == [] and result.total_count == 0
    assert result.relaxations and "rent" in result.relaxations[0]


def test_a_place_outside_the_sample_is_said_and_nothing_is_shown_as_if_there() -> None:
    result = RealtorCaSource().search(validate_filters({"min_bedrooms": 2, "location": "Vancouver"}))
    assert result.total_count == 0 and not result.listings
    note = next(n for n in result.notes if "no listings in Vancouver" in n)
    assert "Toronto" in note  # the places the sample does cover


@pytest.mark.parametrize(("raw", "field"), [
    ({"location": "Vancouver"}, "min_bedrooms"),
    ({"min_bedrooms": 2}, "location"),
    ({"min_bedrooms": -1, "location": "Vancouver"}, "min_bedrooms"),
    ({"min_bedrooms": 2, "location": "   "}, "location"),
    ({"min_bedrooms": 2, "location": "Vancouver", "rent_min": 3000, "rent_max": 2000}, "rent_min"),
    ({"min_bedrooms": 2, "location": "Vancouver", "listing_type": "lease"}, "listing_type"),
    ({"min_bedrooms": 2, "location": "Vancouver", "pets": True}, "pets"),
])
def test_invalid_filters_name_the_field(raw: dict, field: str) -> None:
    with pytest.raises(InvalidFilters) as caught:
        validate_filters(raw)
    assert str(caught.value).startswith("Invalid filters") and field in str(caught.value)


def test_a_broken_fixture_is_unavailable_not_empty(tmp_path: Path) -> None:
    bad = tmp_path / "rows.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SourceUnavailable):
        RealtorCaSource(fixture=bad).search(validate_filters({"min_bedrooms": 1, "location": "Toronto"}))


def test_live_search_without_network_is_unavailable_within_the_timeout() -> None:
    """The child process runs under the test socket guard: pyRealtor's first request fails."""
    source = RealtorCaSource(backend="live", timeout_s=30)
    started = time.monotonic()
    with pytest.raises(SourceUnavailable) as caught:
        source.search(validate_filters({"min_bedrooms": 2, "location": "Vancouver"}))
    assert time.monotonic() - started < 30
    assert "pyRealtor failed" in str(caught.value)


def test_a_hanging_backend_is_killed_at_the_timeout() -> None:
    source = RealtorCaSource(backend="live", timeout_s=1.0,
                             command=(sys.executable, "-c", "import time; time.sleep(60)"))
    started = time.monotonic()
    with pytest.raises(SourceUnavailable, match="within 1 s"):
        source.search(validate_filters({"min_bedrooms": 2, "location": "Vancouver"}))
    assert time.monotonic() - started < 10


FAKE_PYREALTOR = '''
import os
import pandas as pd

class HousesFacade:
    def search_save_houses(self, search_area, country=None, listing_type="for_sale", **kw):
        print("searching", search_area)
        if search_area == "Blocked":
            print("IP address is blocked by REALTOR.CA, please try using Proxy with parameter use_proxy=True")
            self.houses_df = pd.DataFrame()
            return None
        self.houses_df = pd.DataFrame([
            {"MLS": "R2900001", "Address": "1 Main St|Vancouver, British Columbia V6B1A1", "Bedrooms": "2",
             "Bathrooms": "1", "Size": "850 sqft", "Rent": "$2,800/Monthly", "Total Rent": "2800",
             "Website": None, "Latitude": "49.28", "Longitude": "-123.11", "Postal Code": "V6B1A1"},
            {"MLS": "R2900002", "Address": "2 Oak Ave|Vancouver, British Columbia V6B1A2", "Bedrooms": "3",
             "Bathrooms": "2", "Size": float("nan"), "Rent": None, "Total Rent": "3900"},
        ])
        with open(os.path.join(os.getcwd(), "Vancouver_for_rent.xlsx"), "w") as handle:
            handle.write("pyRealtor litters the working directory")
        return None
'''


@pytest.fixture
def fake_pyrealtor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in pyRealtor package (same facade, no network) first on the child process's path."""
    package = tmp_path / "fake" / "pyRealtor"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_PYREALTOR, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", f"{package.parent}:{__import__('os').environ.get('PYTHONPATH', '')}")
    return package


def test_live_path_reads_the_facade_frame_and_leaves_no_file(fake_pyrealtor: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    workdir = tmp_path / "cwd"
    workdir.mkdir()
    monkeypatch.chdir(workdir)
    source = RealtorCaSource(backend="live", timeout_s=60)
    result = source.search(validate_filters({"min_bedrooms": 2, "rent_max": 3000, "location": "Vancouver"}))
    assert [x.id for x in result.listings] == ["R2900001"]
    first = result.listings[0]
    assert first.price_display == "$2,800/month" and first.sqft == 850
    assert first.url == "https://www.realtor.ca/listing/R2900001"
    assert not any("Recorded" in n for n in result.notes)
    assert list(workdir.iterdir()) == []  # the .xlsx went into a temporary folder, now removed


def test_an_error_pyrealtor_only_prints_is_unavailable(fake_pyrealtor: Path) -> None:
    with pytest.raises(SourceUnavailable, match="blocked"):
        RealtorCaSource(backend="live", timeout_s=60).search(validate_filters({"min_bedrooms": 1,
                                                                               "location": "Blocked"}))


def test_for_sale_or_rent_is_refused_before_searching() -> None:
    with pytest.raises(InvalidFilters, match="listing_type"):
        RealtorCaSource().search(validate_filters({"min_bedrooms": 1, "location": "Toronto",
                                                   "listing_type": "for_sale_or_rent"}))


def test_a_for_sale_row_is_priced_by_its_asking_price() -> None:
    listing = map_row({"MLS": "S1", "Bedrooms": "3", "Price": "599900", "Rent": None}, for_sale=True)
    assert listing is not None and listing.price == 599900 and listing.price_display == "$599,900"


def test_the_source_is_also_a_listing_source_for_the_matcher() -> None:
    from contracts.search import SearchSpec

    inventory = RealtorCaSource().fetch(SearchSpec(location=["hamilton"], min_bedrooms=2))
    frame = inventory.frame
    assert len(frame) > 0 and set(frame["kind"]) == {"apartment"} and set(frame["source"]) == {"Realtor.ca"}
    assert frame["rent"].notna().all() and (frame["bedrooms"] >= 2).all()
