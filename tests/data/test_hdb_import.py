"""The HDB import layer: every cell format of the shipped files, and bad rows reported, never guessed."""

from __future__ import annotations

from datetime import date

import pytest

from data.parse import ParseError
from data.sources.hdb import (
    HdbTable,
    load_csv_text,
    load_table,
    normalize_flat_type,
    parse_month,
    parse_remaining_lease,
    parse_storey_range,
)

HEADER = ("month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,"
          "remaining_lease,resale_price\n")


@pytest.mark.parametrize(("raw", "months"), [("61 years 04 months", 736), ("57 years", 684),
                                             ("54 years 01 month", 649), ("1 year 11 months", 23)])
def test_remaining_lease_to_months(raw: str, months: int) -> None:
    assert parse_remaining_lease(raw) == months


@pytest.mark.parametrize("raw", ["", "61", "sixty years", "61 years 14 months", "61y 4m", "61 years 04 months ago"])
def test_bad_remaining_lease_is_rejected(raw: str) -> None:
    with pytest.raises(ParseError):
        parse_remaining_lease(raw)


def test_storey_range_low_high_mid() -> None:
    assert parse_storey_range("10 TO 12") == (10, 12, 11.0)
    assert parse_storey_range("01 TO 03") == (1, 3, 2.0)
    for bad in ("12 TO 10", "high", "00 TO 00"):
        with pytest.raises(ParseError):
            parse_storey_range(bad)


def test_month_formats() -> None:
    assert parse_month("2023-01") == date(2023, 1, 1)
    assert parse_month("2026-03-01") == date(2026, 3, 1)  # the enriched copy's reformatted month
    for bad in ("2023-13", "Jan 2023", "2023/01"):
        with pytest.raises(ParseError):
            parse_month(bad)


@pytest.mark.parametrize(("raw", "expected"), [("4-room", "4 ROOM"), ("4 rm", "4 ROOM"), ("four room", "4 ROOM"),
                                               ("4 ROOM", "4 ROOM"), ("2-Room", "2 ROOM"), ("5room", "5 ROOM"),
                                               ("Executive", "EXECUTIVE"), ("MULTI-GENERATION", "MULTI-GENERATION"),
                                               ("penthouse", None), ("44 room", None)])
def test_flat_type_normalised(raw: str, expected: str | None) -> None:
    assert normalize_flat_type(raw) == expected


def test_bad_rows_are_skipped_with_line_and_reason() -> None:
    text = HEADER + (
        "2023-01,ANG MO KIO,2 ROOM,406,ANG MO KIO AVE 10,01 TO 03,44,Improved,1979,55 years 05 months,267000\n"
        "2023-01,ANG MO KIO,2 ROOM,406,ANG MO KIO AVE 10,01 TO 03,44,Improved,1979,lots,267000\n"
        "2023-01,ANG MO KIO,PENTHOUSE,406,ANG MO KIO AVE 10,01 TO 03,44,Improved,1979,55 years,267000\n"
        "2023-01,ANG MO KIO,2 ROOM,406,ANG MO KIO AVE 10,01 TO 03,44,Improved,1979,55 years,n/a\n"
        "2026-02-01,BEDOK,4 ROOM,1,BEDOK STH AVE 1,07 TO 09,92.0,Model A,1980,53 years,550000.0\n")
    result = load_csv_text(text, source="t")
    assert [r["id"] for r in result.rows] == ["t-00002", "t-00006"]
    assert [(s.line, s.reason.split(":")[0]) for s in result.skipped] == [
        (3, "remaining_lease not 'N years [M months]'"), (4, "unknown flat_type 'PENTHOUSE'"),
        (5, "resale_price out of range")]
    first = result.rows[0]
    assert (first["storey_low"], first["storey_high"], first["remaining_lease_months"]) == (1, 3, 665)
    assert "ANG MO KIO AVE 10" in first["listing_text"] and "2 ROOM" in first["listing_text"]


def test_missing_column_is_a_file_level_report() -> None:
    result = load_csv_text("month,town\n2023-01,BEDOK\n", source="t")
    assert result.rows == [] and "missing columns" in result.skipped[0].reason


def test_shipped_data_loads_whole() -> None:
    table = load_table()
    assert table.size == 31835
    assert len(table.towns) == 26
    assert table.street_town["COMPASSVALE WALK"] == "SENGKANG"
    assert sorted({table.row(i)["month"] for i in range(0, table.size, 997)})[-1].startswith("2026-0")


def test_table_row_round_trip() -> None:
    rows = load_csv_text(HEADER + "2023-05,BEDOK,4 ROOM,1,BEDOK STH AVE 1,07 TO 09,92,Model A,1980,56 years,550000\n",
                         source="t").rows
    row = HdbTable(rows).row(0)
    assert row["month"] == "2023-05" and row["storey_range"] == "07 TO 09" and row["resale_price"] == 550000.0


def test_published_index_file_loads_and_bad_rows_are_skipped(tmp_path, caplog) -> None:
    from data.sources.hdb import load_rpi, month_index

    shipped = load_rpi()
    assert len(shipped) == 15 and all(r.published.year >= 2023 for r in shipped)
    q3 = [r for r in shipped if r.quarter_start == month_index(date(2025, 7, 1))]
    assert [(r.value, r.kind, r.published) for r in q3] == [(203.7, "flash", date(2025, 10, 1))]
    path = tmp_path / "rpi.csv"
    path.write_text("quarter,index,kind,published,source\n2023Q4,180.4,final,2024-01-26,x\n"
                    "2023Q5,181,final,2024-01-26,x\n2024Q1,lots,flash,2024-04-01,x\n2024Q2,190,flash,someday,x\n")
    with caplog.at_level("WARNING"):
        rows = load_rpi(path)
    assert [(r.quarter_start, r.value) for r in rows] == [(month_index(date(2023, 10, 1)), 180.4)]
    assert sum("rpi line" in m for m in caplog.messages) == 3
    assert load_rpi(tmp_path / "absent.csv") == []
