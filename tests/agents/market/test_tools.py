"""The market tools: figures equal to the tables' de-duplicated figures, structured errors, one registry."""

from __future__ import annotations

import pandas as pd
from conftest import ROOT

from agents.market import tools as t
from agents.tools import load_tools

RAW = ROOT / "data" / "abu_dhabi"


def total(table: str, year_col: str = "year", kind_col: str | None = "transaction_type", **where: object) -> pd.Series:
    """The one total row of a raw table for a selection (computed here with plain pandas, apart from the tools)."""
    frame = pd.read_csv(RAW / f"{table}.csv", encoding="utf-8-sig")
    frame = frame[frame["district"].str.upper() == str(where.pop("district")).upper()]
    frame = frame[frame[year_col] == where.pop("year")]
    defaults = {"typology": "All property types", "layout": "All beds"} | ({kind_col: "All types"} if kind_col else {})
    for column, value in (defaults | where).items():
        frame = frame[frame[column] == value]
    assert len(frame) == 1
    return frame.iloc[0]


def test_transaction_count_and_value_from_the_total_rows():
    row = total("TRANSACTIONS_DISTRICT", district="AL REEM ISLAND", year=2022)
    sale = total("TRANSACTIONS_DISTRICT", district="AL REEM ISLAND", year=2022, transaction_type="sale")
    count = t.get_transaction_count(district="Al Reem Island", year=2022)
    assert count["figures"] == {"transactions": int(row["volume"]), "sales": int(sale["volume"])}
    value = t.get_total_sales_value(district="جزيرة الريم", year=2022)
    assert abs(value["figures"]["value_aed"] - row["value"]) < 0.01
    assert abs(value["figures"]["sales_value_aed"] - sale["value"]) < 0.01


def test_a_selection_by_type_and_bedrooms():
    row = total("TRANSACTIONS_DISTRICT", district="YAS ISLAND", year=2023, typology="Villa / Townhouse",
                layout="4 beds")
    result = t.get_transaction_count(district="yas", year=2023, typology="villa", layout="4br")
    assert result["figures"]["transactions"] == int(row["volume"])


def test_all_years_are_read_each_on_its_own_then_added():
    years = range(2018, 2026)
    expected = sum(int(total("TRANSACTIONS_DISTRICT", district="YAS ISLAND", year=y)["volume"]) for y in years)
    assert t.get_transaction_count(district="Yas Island", year=None)["figures"]["transactions"] == expected


def test_municipality_is_the_sum_of_its_districts():
    both = [t.get_total_sales_value(district=d, year=2024) for d in ("Yas Island", "Al Reem Island")]
    city = t.get_municipality_sales(municipality="أبوظبي", year=2024)
    assert abs(city["figures"]["value_aed"] - sum(r["figures"]["value_aed"] for r in both)) < 0.1
    ranking = t.get_top_districts_in_municipality(municipality="Abu Dhabi City", year=2024)["ranking"]
    assert [r["district"] for r in ranking] == sorted((r["district"] for r in both),
                                                      key=lambda d: -next(x["figures"]["value_aed"] for x in both
                                                                          if x["district"] == d))


def test_supply_reads_the_total_and_labels_projections():
    row = total("SUPPLY_DISTRICT", "supply_demand_year", None, district="AL REEM ISLAND", year=2028)
    result = t.get_current_supply(district="Reem", year=2028)
    assert result["total_supply_units"] == int(row["total_supply"]) and result["projection"] is True
    assert t.get_current_supply(district="Reem", year=2024)["projection"] is False


def test_rent_comparison_reads_averages_from_the_index():
    row = total("RENTAL_INDEX_DISTRICT", kind_col="rent_type", district="YAS ISLAND", year=2024, layout="2 beds")
    result = t.compare_rental_prices(entities=["Yas Island", "Al Reem Island"], entityType="district", year=2024,
                                     layout="2 beds")
    yas = next(r for r in result["rents"] if r["entity"] == "Yas Island")
    assert (yas["avg_rent_aed_year"], yas["lower_aed_year"], yas["upper_aed_year"]) == (
        row["avg_rent_value"], row["lower_rent_value"], row["upper_rent_value"])


def test_budget_search_keeps_only_projects_within_budget():
    result = t.find_units_by_budget(budget=80_000, layout="1 bed", year=2024)
    rents = [p["avg_rent_aed_year"] for p in result["projects"]]
    assert rents and max(rents) <= 80_000 and rents == sorted(rents)
    assert len(rents) == min(result["matching_projects"], 20) and result["unit"] == "AED/year"
    assert result["matching_projects"] > len(rents)  # the count covers every project, the list shows the first 20


def test_unknown_district_gets_nearest_names_and_bad_year_gets_the_years():
    unknown = t.get_transaction_count(district="Saadiyat Island", year=2023)
    assert unknown["error"] == "unknown_district" and "Yas Island" in unknown["districts_available"]
    typo = t.get_transaction_count(district="Yass Island", year=2023)
    assert typo["district"] == "Yas Island"  # a typo close to one name is that name
    late = t.get_total_sales_value(district="Yas Island", year=2031)
    assert late["error"] == "year_not_available" and late["years_available"][-1] == 2025
    assert t.compare_rental_prices(entities=["Nowhere Towers"], entityType="project")["error"] == "unknown_project"
    assert t.get_transaction_count(district="Yas", year=2023, typology="castle")["error"] == "unknown_typology"


def test_registry_records_generate_schemas_and_validate_arguments():
    tools = load_tools()
    market = {name for name, tool in tools.items() if tool.category in ("geo", "sales", "rent", "supply")}
    assert len(market) == 14 and tools["search_geospatial_metadata"].critical
    schema = tools["get_transaction_count"].parameters
    assert schema["required"] == ["district"] and schema["properties"]["year"]["default"] is None
    bad = tools["get_transaction_count"].run({"district": "Yas Island", "year": "last year"})
    assert bad["error"] == "invalid_arguments" and bad["fields"] == ["year"]
    assert tools["get_districts"].openai_schema()["function"]["name"] == "get_districts"
    for name in market:  # one source: examples in both languages for the router
        examples = tools[name].examples
        assert any(e.isascii() for e in examples) and any(not e.isascii() for e in examples), name


def test_places_resolve_in_both_languages():
    for query in ("Yas Island", "YAS ISLAND", "جزيرة ياس", "ياس", "yas"):
        assert t.search_geospatial_metadata(query=query)["matches"][0]["name"] == "YAS ISLAND", query
    first = t.search_geospatial_metadata(query="Reem Hills")["matches"][0]
    assert first["type"] == "project" and first["district"] == "AL REEM ISLAND"
    communities = t.get_communities(district="الريم")["communities"]
    assert len(communities) == 26 and {"code": "RR1", "name_ar": "الريم الريم 1"} in communities


def test_sale_rates_per_square_metre_by_type_and_project():
    frame = pd.read_csv(RAW / "SALE_RATES_DISTRICT.csv", encoding="utf-8-sig")
    rows = frame[(frame["district"] == "Yas Island") & (frame["year"] == 2024)]
    result = t.get_sale_price_per_sqm(district="Yas Island", year=2024)
    assert {r["typology"]: r["aed_per_sqm"] for r in result["rates"]} == dict(zip(rows["typology"], rows["sale_rate"],
                                                                                 strict=True))
    assert result["unit"] == "AED/sqm"
    project = t.get_sale_price_per_sqm(district="Yas", project="Bab Al Qasr Residence 31", year=2025)
    assert project["source"] == "SALE_RATES_PROJECT" and project["rates"][0]["aed_per_sqm"] == 17374
    assert t.get_sale_price_per_sqm(district="Reem", year=2019, typology="villa")["error"] == "no_data"


def test_project_ranking_reads_each_projects_total_row_and_orders_it():
    """The busiest projects on Reem in 2024, checked against the raw file's total rows computed with plain pandas."""
    frame = pd.read_csv(RAW / "TRANSACTIONS_PROJECT.csv", encoding="utf-8-sig")
    frame = frame[(frame["district"].str.upper() == "AL REEM ISLAND") & (frame["year"] == 2024)
                  & (frame["typology"] == "All property types") & (frame["layout"] == "All beds")
                  & (frame["transaction_type"] == "sale")]
    expected = frame.groupby(frame["project_name"].str.strip())["volume"].sum().sort_values(ascending=False)
    result = t.rank_projects(metric="sales", district="Reem", year=2024, limit=3)
    assert [(r["project"], r["value"]) for r in result["ranking"]] == [(p, float(v)) for p, v in
                                                                      expected.head(3).items()]
    assert result["source"] == "TRANSACTIONS_PROJECT" and result["projects_ranked"] == len(expected)


def test_project_ranking_lowest_first_averages_per_type_and_errors():
    cheap = t.rank_projects(metric="avg_rent", layout="2 beds", lowest=True, limit=3)["ranking"]
    assert [r["value"] for r in cheap] == sorted(r["value"] for r in cheap) and all(r["district"] for r in cheap)
    rates = t.rank_projects(metric="price_per_sqm", district="Yas Island")
    assert {r["typology"] for r in rates["ranking"]} <= {"Apartment / Duplex", "Villa / Townhouse", "Villa Plot"}
    assert t.rank_projects(metric="supply", district="Saadiyat")["error"] == "unknown_district"
    assert t.rank_projects(metric="rent_revenue", year=1999)["error"] == "year_not_available"
