import time

import pytest

from data.importer import load_rows, map_headers
from data.mappings import Source
from data.parse import ParseError, parse_flag, parse_number
from data.places import location_text, normalize_street, street_variants
from data.sources.nyc import Inventory, join_buildings, load_inventory_from

OFFICE = Source(name="test-offices", file="x.csv", id_prefix="U-", kind="office")


@pytest.mark.parametrize(("raw", "value"), [("$1,622,550", 1622550), ("1,500 SF", 1500), ("$87.00", 87),
                                            ("$87.00/sf/yr", 87), ("2.0", 2), ("  450 sqft ", 450), ("", None),
                                            ("n/a", None)])
def test_parse_number_reads_messy_cells(raw, value):
    assert parse_number(raw) == value


@pytest.mark.parametrize("raw", ["call us", "12abc", "1.2.3", "$"])
def test_parse_number_rejects_text(raw):
    with pytest.raises(ParseError):
        parse_number(raw)


def test_parse_flag():
    assert parse_flag("1") is True and parse_flag("no") is False and parse_flag("") is None
    with pytest.raises(ParseError):
        parse_flag("sometimes")


def test_new_headers_load_by_mapping_alone():
    mapping, unknown = map_headers(["Unit ID", "Square Feet", "Price", "$/SF/yr", "Broker Phone"])
    assert sorted(mapping.values()) == ["ppsf_year", "rent", "sqft", "unit_id"]
    assert unknown == ["Broker Phone"]
    text = "Unit ID,Square Feet,Price,$/SF/yr\n7,\"2,000\",\"$10,000\",$60.00\n"
    result = load_rows(text, OFFICE)
    assert result.rows[0]["unit_id"] == "U-7"
    assert result.rows[0]["sqft"] == 2000 and result.rows[0]["rent"] == 10000 and result.rows[0]["ppsf_year"] == 60


def test_messy_csv_loads_what_is_valid_and_reports_each_skipped_row():
    text = (
        "\ufeffunique_id,Property Address,Size (SF),Rent/SF/Year,Monthly Rent\n"
        "1,36 W 36th St,\"18,650\",$87.00,\"$135,213\"\n"
        "\n"
        "2,15 W 38th St,1500 SF,$60.00,\n"  # rent missing: derived from $/SF/yr
        "3,8 W 38th St,big,$60.00,\"$5,000\"\n"  # text in a number column
        "1,36 W 36th St,900,$50.00,\"$3,750\"\n"  # duplicate id
        "4,9 Times Sq,,,\n"  # no rent and nothing to derive it from
        ",9 Times Sq,100,$50,$400\n"  # no id
    )
    result = load_rows(text, OFFICE)
    assert [r["unit_id"] for r in result.rows] == ["U-1", "U-2"]
    assert result.rows[0]["rent"] == 135213  # the stated rent is kept as stated
    assert result.rows[1]["rent"] == 7500 and result.rows[1]["rent_derived"] == "ppsf_year * sqft / 12"
    reasons = {s.line: s.reason for s in result.skipped}
    assert set(reasons) == {5, 6, 7, 8}
    assert "not a number: 'big'" in reasons[5]
    assert "duplicate id" in reasons[6]
    assert "no rent" in reasons[7]
    assert "no unit id" in reasons[8]


def test_missing_required_column_is_reported_not_raised():
    result = load_rows("Address,Rent\n1 Main St,2000\n", OFFICE)
    assert result.rows == [] and "missing required column(s): unit_id" in result.errors[0]


def test_empty_and_missing_files_are_reported(tmp_path):
    assert load_rows("", OFFICE).errors == ["test-offices: the file is empty"]
    inventory = load_inventory_from(tmp_path, (Source(name="gone", file="nope.csv", id_prefix="X-", kind="office"),))
    assert isinstance(inventory, Inventory) and len(inventory) == 0
    assert "file not found" in inventory.errors[0]


def test_building_join_by_id_then_by_address():
    rows = [{"unit_id": "A", "building_id": "b1", "address": ""},
            {"unit_id": "B", "building_id": "", "address": "15 West 38th Street"},
            {"unit_id": "C", "building_id": "", "address": "1 Nowhere Rd", "neighborhood": "Kept"}]
    buildings = [{"building_id": "b1", "address": "1 First Ave", "neighborhood": "East Village"},
                 {"building_id": "", "address": "15 W 38th St", "neighborhood": "Midtown South"},
                 {"building_id": "", "address": "1 Nowhere Rd", "neighborhood": "Other"}]
    assert join_buildings(rows, buildings) == 3
    assert rows[0]["neighborhood"] == "East Village" and rows[0]["address"] == "1 First Ave"
    assert rows[1]["neighborhood"] == "Midtown South"  # matched by normalized address
    assert rows[2]["neighborhood"] == "Kept"  # a stated value is never overwritten


def test_street_normalization_and_variants():
    assert normalize_street("15 West 38th Street") == "15 w 38th st"
    assert street_variants("345 Seventh Avenue") == ["345 seventh ave", "345 7th ave"]
    text = location_text(neighborhood="Midtown South", submarket="All Midtown", borough="Manhattan",
                         address="347 5th Ave")
    assert "fifth ave" in text and "midtown" in text


def test_bundled_inventory_loads_5225_units_with_ids_in_under_a_second(tmp_path):
    from data.sources.nyc import DATA_DIR

    started = time.perf_counter()
    inventory = load_inventory_from(DATA_DIR)
    elapsed = time.perf_counter() - started
    frame = inventory.frame
    assert len(frame) == 5225 and inventory.skipped == [] and inventory.errors == []
    assert frame["unit_id"].is_unique
    assert (frame["unit_id"].str.startswith("SE-").sum(), frame["unit_id"].str.startswith("U-").sum()) == (5000, 225)
    se = inventory.row("SE-1545")
    assert se["neighborhood"] == "Upper East Side" and se["rent"] == 2550 and se["bedrooms"] == 0
    assert se["elevator"] and not se["near_transit"]  # 9 minutes to the subway
    office = inventory.row("U-1")
    assert office["address"] == "36 W 36th St" and office["rent"] == 135213 and office["ppsf_year"] == 87
    assert office["neighborhood"] == "Midtown South" and office["kind"] == "office"
    offices = frame[frame["kind"] == "office"]
    assert (offices["neighborhood"] != "").all()  # every office address has a derived neighborhood
    assert elapsed < 1.0


def test_nyc_files_are_a_listing_source_returning_the_inventory() -> None:
    from contracts.search import SearchSpec
    from data.sources.base import ListingSource
    from data.sources.nyc import NycFiles, load_inventory

    source: ListingSource = NycFiles()
    fetched = source.fetch(SearchSpec(location=["midtown"]))
    assert source.name == "nyc"
    assert fetched is load_inventory()
    assert len(fetched) > 5000 and set(fetched.frame["kind"]) == {"apartment", "office"}
