"""The Abu Dhabi tables through the import layer, and the rule that a total row is never added to its parts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import ROOT

from agents.market.cube import read_figure
from data.sources.abu_dhabi import DATA_DIR, load_market

RAW = ROOT / "data" / "abu_dhabi"


def raw(name: str) -> pd.DataFrame:
    return pd.read_csv(RAW / f"{name}.csv", encoding="utf-8-sig")


def test_district_names_are_one_spelling_across_tables():
    tables = load_market()
    for key, frame in tables.facts.items():
        assert set(frame["district"]) <= {"YAS ISLAND", "AL REEM ISLAND"}, key
    # the rent revenue table spells them "Yas Island": normalized, not lost
    revenue = tables.facts["rent_revenue_district"]
    assert len(revenue) == len(raw("RENT_REVENUE_DISTRICT"))
    spelled = (raw("RENT_REVENUE_DISTRICT")["district"] == "Yas Island").sum()
    assert (revenue["district"] == "YAS ISLAND").sum() == spelled > 0


def test_layout_spellings_are_folded():
    layouts = set(load_market().facts["rental_index_district"]["layout"])
    assert "studio" in layouts and "Studio" not in layouts and "All beds" in layouts


def synthetic() -> pd.DataFrame:
    rows = [("All property types", "All beds", "All types", 100.0), ("Villa", "All beds", "All types", 60.0),
            ("Apartment", "All beds", "All types", 40.0), ("All property types", "All beds", "sale", 70.0),
            ("Villa", "All beds", "sale", 45.0), ("Apartment", "All beds", "sale", 25.0)]
    return pd.DataFrame([{"district": "D", "year": 2023, "typology": t, "layout": lay, "kind": k, "volume": v}
                         for t, lay, k, v in rows])


def test_total_row_is_read_not_added_to_its_parts():
    figure = read_figure(synthetic(), ("volume",), district="D", year=2023)
    assert figure is not None and figure.values["volume"] == 100.0 and figure.rows == 1
    assert figure.basis == "read from the table's total row"


def test_parts_are_summed_only_where_no_total_row_exists():
    frame = synthetic()
    frame = frame[frame["typology"] != "All property types"]
    figure = read_figure(frame, ("volume",), district="D", year=2023)
    assert figure is not None and figure.values["volume"] == 100.0 and "summed" in figure.basis
    sales = read_figure(frame, ("volume",), district="D", year=2023, kind="sale")
    assert sales is not None and sales.values["volume"] == 70.0


def test_averages_are_never_summed():
    frame = synthetic().rename(columns={"volume": "avg"})
    frame = frame[frame["typology"] != "All property types"]
    assert read_figure(frame, ("avg",), additive=False, district="D", year=2023) is None


def test_real_count_is_the_total_row_not_the_sum_of_matching_rows():
    frame = raw("TRANSACTIONS_DISTRICT")
    mine = frame[(frame["district"] == "YAS ISLAND") & (frame["year"] == 2023)]
    total = mine[(mine["typology"] == "All property types") & (mine["layout"] == "All beds")
                 & (mine["transaction_type"] == "All types")]["volume"].item()
    figure = read_figure(load_market().facts["transactions_district"], ("volume",), district="YAS ISLAND", year=2023)
    assert figure is not None and figure.values["volume"] == total
    assert mine["volume"].sum() > 5 * total  # summing every matching row (the spec's reference bug) is far off


def test_junk_rows_are_reported_and_skipped(tmp_path: Path):
    for path in DATA_DIR.glob("*.csv"):
        shutil.copy(path, tmp_path / path.name)
    table = tmp_path / "SUPPLY_DISTRICT.csv"
    text = table.read_text(encoding="utf-8-sig").splitlines()
    header = text[0].split(",")
    junk = ["x"] * len(header)
    junk[header.index("district")] = "YAS ISLAND"
    table.write_text("\ufeff" + "\n".join([*text, ",".join(junk)]) + "\n", encoding="utf-8")
    tables = load_market(tmp_path)
    assert len(tables.facts["supply_district"]) == len(text) - 1
    assert any("SUPPLY_DISTRICT.csv" in line for line in tables.skipped)


@pytest.mark.parametrize("key", ["supply_district", "transactions_project", "rental_index_project"])
def test_long_float_tails_read_as_numbers(key: str):
    frame = load_market().facts[key]
    measures = [c for c in frame.columns if c in ("total_supply", "value", "avg_rent_value")]
    assert measures and all(pd.api.types.is_numeric_dtype(frame[m]) for m in measures)
