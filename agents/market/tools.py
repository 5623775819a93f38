"""The Abu Dhabi market tools: one function each, typed arguments, JSON results, errors as structured results.

Every figure comes from `agents.market.cube.read_figure`, which reads a total row or sums parts, never both.
Each result names the table it came from (`source`), its unit, how the figure was read (`basis`), and carries
its headline numbers under `figures`. A tool never raises on bad arguments: it returns
`{"error": <code>, "message": ..., ...}` with what would work (nearest names, available years).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field

from agents.market.cube import parts_of, read_figure
from agents.market.places import mentions, resolve, search
from data.sources.abu_dhabi import LABELS, TOTALS, MarketTables, Place, canonical_layout, load_market

Json = dict[str, Any]
District = Annotated[str, Field(description="District name in English or Arabic (e.g. 'Yas Island', 'جزيرة الريم')")]
Year = Annotated[int, Field(ge=1900, le=2100, description="Calendar year, e.g. 2023")]
YearOrAll = Annotated[int | None, Field(ge=1900, le=2100, description="Calendar year, e.g. 2023; None: all years")]
Typology = Annotated[str | None, Field(description="Property type: 'Apartment / Duplex', 'Villa / Townhouse', "
                                                    "'Office', 'Retail', 'Plot', 'Other'; None for all types")]
Layout = Annotated[str | None, Field(description="Bedrooms: 'studio', '1 bed', '2 beds', ...; None for all")]

TYPOLOGY_WORDS = {
    "apartment": "Apartment / Duplex", "apartments": "Apartment / Duplex", "duplex": "Apartment / Duplex",
    "flat": "Apartment / Duplex", "flats": "Apartment / Duplex", "villa": "Villa / Townhouse",
    "villas": "Villa / Townhouse", "townhouse": "Villa / Townhouse", "townhouses": "Villa / Townhouse",
    "office": "Office", "offices": "Office", "retail": "Retail", "shop": "Retail", "plot": "Plot", "plots": "Plot",
    "land": "Plot", "other": "Other", "all": None, "all property types": None, "any": None,
}


class ArgumentError(ValueError):
    """An argument the tables cannot answer; carries the structured error result."""

    def __init__(self, result: Json) -> None:
        super().__init__(result["message"])
        self.result = result


def _error(code: str, message: str, **extra: Any) -> ArgumentError:
    return ArgumentError({"error": code, "message": message, **extra})


def _district(tables: MarketTables, name: str) -> Place:
    place, nearest = resolve(name, "district", tables)
    if place is None:
        raise _error("unknown_district", f"No district named {name!r} in the tables.", suggestions=nearest,
                     districts_available=[p.display for p in tables.places if p.kind == "district"])
    return place


def _municipality(tables: MarketTables, name: str) -> Place:
    place, nearest = resolve(name, "municipality", tables)
    if place is None:
        raise _error("unknown_municipality", f"No municipality named {name!r}.", suggestions=nearest)
    return place


def _year(tables: MarketTables, table: str, year: int | None, *, default_latest: bool = False) -> int:
    years = tables.years(table)
    if year is None:
        if default_latest:
            return max(y for y in years if y <= tables.last_actual_year)
        raise _error("missing_year", "A year is needed.", years_available=years)
    if year not in years:
        raise _error("year_not_available", f"{LABELS[table]} has no data for {year}.", years_available=years)
    return int(year)


def _year_or_all(tables: MarketTables, table: str, year: int | None) -> int | None:
    return None if year is None else _year(tables, table, year)


def typology_of(value: str | None) -> str | None:
    """A user's property type -> the tables' typology (None: all types); unknown values raise."""
    if value is None or not str(value).strip():
        return None
    text = str(value).strip()
    canonical = {"Apartment / Duplex", "Villa / Townhouse", "Office", "Retail", "Plot", "Other"}
    for name in canonical:
        if text.lower() == name.lower():
            return name
    if text.lower() in TYPOLOGY_WORDS:
        return TYPOLOGY_WORDS[text.lower()]
    for word in text.lower().replace("/", " ").split():
        if TYPOLOGY_WORDS.get(word):
            return TYPOLOGY_WORDS[word]
    raise _error("unknown_typology", f"Unknown property type {value!r}.", typologies=sorted(canonical))


def layout_of(value: str | int | None) -> str | None:
    """A user's bedroom count -> the tables' layout ("2br", "2", "2 bedrooms" -> "2 beds"; None: all layouts)."""
    if value is None or not str(value).strip():
        return None
    text = str(value).strip().lower()
    if text in ("all", "all beds", "any"):
        return None
    if text.startswith("studio") or text in ("0", "0 bed", "0 beds"):
        return "studio"
    digits = "".join(c for c in text if c.isdigit())
    if digits:
        n = int(digits)
        plus = "+" if "+" in text else ""
        return f"{n}{plus} bed" if n == 1 and not plus else f"{n}{plus} beds"
    return canonical_layout(text)


def _check_layout(frame_layouts: set[str], layout: str | None) -> None:
    if layout is not None and layout not in frame_layouts:
        raise _error("unknown_layout", f"No layout {layout!r} in this table.",
                     layouts=sorted(frame_layouts - {TOTALS["layout"]}))


def tool(fn: Callable[..., Json]) -> Callable[..., Json]:
    """A tool body whose argument errors come back as structured results (never raised to the caller)."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Json:
        try:
            return fn(*args, **kwargs)
        except ArgumentError as exc:
            return exc.result

    return run


def _deal_figures(tables: MarketTables, district: Place, year: int | None, typology: str | None,
                  layout: str | None) -> Json:
    """Value and count of all transactions and of sales alone for one district, year (None: every year, each read
    on its own and then added: years are disjoint) and selection."""
    if year is None:
        return _all_years([_deal_figures(tables, district, y, typology, layout)
                           for y in tables.years("transactions_district")])
    frame = tables.facts["transactions_district"]
    _check_layout(set(frame["layout"]), layout)
    sel: dict[str, Any] = {"district": district.name, "year": year, "typology": typology, "layout": layout}
    every = read_figure(frame, ("value", "volume"), **sel)
    sales = read_figure(frame, ("value", "volume"), **sel, kind="sale")
    if every is None:
        raise _error("no_data", f"No transactions recorded for {district.display} in {year} with that selection.")
    by_type = parts_of(frame, "kind", **sel)
    return {
        "district": district.display, "year": year, "typology": typology or TOTALS["typology"],
        "layout": layout or TOTALS["layout"],
        "all_transactions": {"count": int(every.values["volume"]), "value_aed": round(every.values["value"], 2)},
        "sales_only": None if sales is None else {"count": int(sales.values["volume"]),
                                                  "value_aed": round(sales.values["value"], 2)},
        "by_transaction_type": {r.kind: {"count": int(r.volume), "value_aed": round(r.value, 2)}
                                for r in by_type.itertuples()},
        "basis": every.basis, "source": LABELS["transactions_district"],
    }


def _all_years(rows: list[Json]) -> Json:
    """Per-year deal figures added up (a year without data is left out and said)."""
    def add(key: str) -> dict[str, float]:
        parts = [r[key] for r in rows if r.get(key)]
        return {"count": sum(p["count"] for p in parts), "value_aed": round(sum(p["value_aed"] for p in parts), 2)}

    return {**rows[0], "year": None, "years": [r["year"] for r in rows], "all_transactions": add("all_transactions"),
            "sales_only": add("sales_only"), "by_year": {r["year"]: r["all_transactions"] for r in rows},
            "by_transaction_type": {}, "basis": "each year read on its own (total rows), then added"}


@tool
def get_transaction_count(district: District, year: YearOrAll = None, typology: Typology = None,
                          layout: Layout = None) -> Json:
    """Number of real-estate transactions in a district in a year (all types, and sales alone)."""
    tables = load_market()
    deal = _deal_figures(tables, _district(tables, district), _year_or_all(tables, "transactions_district", year),
                         typology_of(typology), layout_of(layout))
    sales = deal["sales_only"] or {}
    return {**deal, "unit": "transactions",
            "figures": {"transactions": deal["all_transactions"]["count"], "sales": sales.get("count")}}


@tool
def get_total_sales_value(district: District, year: YearOrAll = None, typology: Typology = None,
                          layout: Layout = None) -> Json:
    """Total value (AED) of real-estate transactions in a district in a year (all types, and sales alone)."""
    tables = load_market()
    deal = _deal_figures(tables, _district(tables, district), _year_or_all(tables, "transactions_district", year),
                         typology_of(typology), layout_of(layout))
    sales = deal["sales_only"] or {}
    return {**deal, "unit": "AED",
            "figures": {"value_aed": deal["all_transactions"]["value_aed"], "sales_value_aed": sales.get("value_aed")}}


@tool
def compare_sales_between_districts(district1: District, district2: District, year: Year,
                                    typology: Typology = None) -> Json:
    """Compare two districts' transaction value and count in one year."""
    tables = load_market()
    year = _year(tables, "transactions_district", year)
    kind = typology_of(typology)
    one, two = (_deal_figures(tables, _district(tables, d), year, kind, None) for d in (district1, district2))
    v1, v2 = one["all_transactions"]["value_aed"], two["all_transactions"]["value_aed"]
    higher = one["district"] if v1 >= v2 else two["district"]
    return {
        "year": year, "typology": kind or TOTALS["typology"], "districts": [one, two], "higher_value": higher,
        "difference_aed": round(abs(v1 - v2), 2), "ratio": round(max(v1, v2) / min(v1, v2), 3) if min(v1, v2) else None,
        "unit": "AED", "source": LABELS["transactions_district"],
        "figures": {f"{d['district']} value_aed": d["all_transactions"]["value_aed"] for d in (one, two)}
        | {f"{d['district']} transactions": d["all_transactions"]["count"] for d in (one, two)}
        | {f"{d['district']} sales_value_aed": (d["sales_only"] or {}).get("value_aed") for d in (one, two)}
        | {f"{d['district']} sales": (d["sales_only"] or {}).get("count") for d in (one, two)},
    }


def _municipality_rows(tables: MarketTables, municipality: str,
                       year: int | None) -> tuple[Place, int | None, list[Json]]:
    place = _municipality(tables, municipality)
    year = _year_or_all(tables, "transactions_district", year)
    districts = [p for p in tables.places if p.kind == "district"]
    if place.name != "Abu Dhabi City":
        raise _error("no_data", f"The tables hold districts of Abu Dhabi City only, not {place.display}.",
                     municipalities_with_data=["Abu Dhabi City"])
    rows = [_deal_figures(tables, d, year, None, None) for d in districts]
    return place, year, rows


@tool
def get_municipality_sales(municipality: Annotated[str, Field(
        description="Municipality, e.g. 'Abu Dhabi City' or 'أبوظبي'")], year: YearOrAll = None) -> Json:
    """Transaction value and count of a whole municipality in a year, or over all years (the sum of its
    districts)."""
    tables = load_market()
    place, year, rows = _municipality_rows(tables, municipality, year)
    value = sum(r["all_transactions"]["value_aed"] for r in rows)
    count = sum(r["all_transactions"]["count"] for r in rows)
    sales_value = sum((r["sales_only"] or {}).get("value_aed", 0) for r in rows)
    sales = sum((r["sales_only"] or {}).get("count", 0) for r in rows)
    return {"municipality": place.display, "year": year, "years": rows[0].get("years"), "districts": rows,
            "unit": "AED",
            "note": "The tables cover two districts of the municipality: Al Reem Island and Yas Island.",
            "source": LABELS["transactions_district"],
            "figures": {"value_aed": round(value, 2), "transactions": count, "sales_value_aed": round(sales_value, 2),
                        "sales": sales}}


@tool
def get_top_districts_in_municipality(municipality: Annotated[str, Field(
        description="Municipality, e.g. 'Abu Dhabi City'")], year: YearOrAll = None, limit: Annotated[int, Field(
        ge=1, le=50, description="How many districts")] = 5,
        by: Literal["value", "count"] = "value") -> Json:
    """Districts of a municipality ranked by transaction value (or count) in a year, or over all years."""
    tables = load_market()
    place, year, rows = _municipality_rows(tables, municipality, year)
    measure = "value_aed" if by == "value" else "count"
    ranked = sorted(rows, key=lambda r: -r["all_transactions"][measure])[:limit]
    return {"municipality": place.display, "year": year, "years": rows[0].get("years"), "by": by,
            "source": LABELS["transactions_district"],
            "ranking": [{"rank": i + 1, "district": r["district"], **r["all_transactions"],
                         "sales_value_aed": (r["sales_only"] or {}).get("value_aed")} for i, r in enumerate(ranked)],
            "unit": "AED", "figures": {f"{r['district']} {measure}": r["all_transactions"][measure] for r in ranked}}


@tool
def find_units_by_budget(budget: Annotated[float, Field(
        gt=0, description="Yearly rent budget in AED")], layout: Layout = None, year: Annotated[int | None, Field(
        description="Rental-index year; the latest when None")] = None, typology: Typology = None,
        district: Annotated[str | None, Field(description="Limit to one district")] = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 20) -> Json:
    """Projects whose average yearly rent (rental index) fits a budget, cheapest first."""
    tables = load_market()
    frame = tables.facts["rental_index_project"]
    year = _year(tables, "rental_index_project", year, default_latest=True)
    lay, kind = layout_of(layout), typology_of(typology)
    _check_layout(set(frame["layout"]), lay)
    place = _district(tables, district) if district else None
    sub = frame[(frame["year"] == year) & (frame["kind"] == TOTALS["kind"])
                & (frame["layout"] == (lay or TOTALS["layout"]))
                & (frame["typology"] == (kind or TOTALS["typology"]))]
    if place:
        sub = sub[sub["district"] == place.name]
    fits = sub[sub["avg_rent_value"] <= budget].sort_values(["avg_rent_value", "project_name"])
    projects = [{"project": r.project_name, "district": _display(tables, r.district), "community": r.community,
                 "avg_rent_aed_year": round(r.avg_rent_value, 2), "lower_aed_year": round(r.lower_rent_value, 2),
                 "upper_aed_year": round(r.upper_rent_value, 2)} for r in fits.itertuples()]
    return {"budget_aed_year": budget, "year": year, "layout": lay or TOTALS["layout"],
            "typology": kind or TOTALS["typology"], "matching_projects": len(projects), "projects": projects[:limit],
            "projects_priced": len(sub), "unit": "AED/year", "source": LABELS["rental_index_project"],
            "basis": "average rent of all rent types (the 'All types' row) per project",
            "figures": {"matching_projects": len(projects),
                        "cheapest_avg_rent_aed_year": projects[0]["avg_rent_aed_year"] if projects else None,
                        "avg_rent_aed_year": {p["project"]: p["avg_rent_aed_year"] for p in projects[:limit]}}}


def _display(tables: MarketTables, district: str) -> str:
    place = tables.place("district", district)
    return place.display if place else district


@tool
def get_current_supply(district: District, year: Annotated[int | None, Field(
        description="Year; the latest recorded year when None (later years are projections)")] = None,
        typology: Typology = None, layout: Layout = None) -> Json:
    """Housing supply (units) of a district in a year; years after the last recorded one are projections."""
    tables = load_market()
    frame = tables.facts["supply_district"]
    place = _district(tables, district)
    year = _year(tables, "supply_district", year, default_latest=True)
    lay, kind = layout_of(layout), typology_of(typology)
    _check_layout(set(frame["layout"]), lay)
    figure = read_figure(frame, ("total_supply",), district=place.name, year=year, typology=kind, layout=lay)
    if figure is None:
        raise _error("no_data", f"No supply recorded for {place.display} in {year} with that selection.")
    by_layout = parts_of(frame, "layout", district=place.name, year=year, typology=kind)
    projection = year > tables.last_actual_year
    return {"district": place.display, "year": year, "typology": kind or TOTALS["typology"],
            "layout": lay or TOTALS["layout"], "total_supply_units": int(figure.values["total_supply"]),
            "projection": projection, "by_layout": {r.layout: int(r.total_supply) for r in by_layout.itertuples()}
            if lay is None else {}, "basis": figure.basis, "unit": "units", "source": LABELS["supply_district"],
            "note": (f"{year} is a projection (the tables record transactions up to {tables.last_actual_year})."
                     if projection else "Recorded supply."),
            "figures": {"total_supply_units": int(figure.values["total_supply"])}}


ENTITY_TABLE = {"district": "rental_index_district", "community": "rental_index_community",
                "project": "rental_index_project"}


@tool
def compare_rental_prices(entities: Annotated[list[str], Field(
        min_length=1, max_length=10, description="Districts, communities or projects to compare")],
        entityType: Annotated[Literal["district", "community", "project"], Field(
            description="What the entities are")] = "district",
        year: Annotated[int | None, Field(description="Year; the latest when None")] = None,
        typology: Typology = None, layout: Layout = None,
        rent_type: Annotated[Literal["all", "new", "renewal"], Field(description="Which contracts")] = "all") -> Json:
    """Average, lower and upper yearly rents (rental index) of districts, communities or projects, compared."""
    tables = load_market()
    key = ENTITY_TABLE[entityType]
    frame = tables.facts[key]
    year = _year(tables, key, year, default_latest=True)
    lay, kind = layout_of(layout), typology_of(typology)
    _check_layout(set(frame["layout"]), lay)
    column = {"district": "district", "community": "community", "project": "project_name"}[entityType]
    rows: list[Json] = []
    for entity in entities:
        place, nearest = resolve(entity, entityType, tables)
        if place is None:
            raise _error(f"unknown_{entityType}", f"No {entityType} named {entity!r}.", suggestions=nearest)
        name = place.name
        figure = read_figure(frame, ("lower_rent_value", "avg_rent_value", "upper_rent_value"), additive=False,
                             **{column: name}, year=year, typology=kind, layout=lay,
                             kind=None if rent_type == "all" else rent_type)
        rows.append({"entity": place.display, "avg_rent_aed_year": None if figure is None else
                     round(figure.values["avg_rent_value"], 2),
                     "lower_aed_year": None if figure is None else round(figure.values["lower_rent_value"], 2),
                     "upper_aed_year": None if figure is None else round(figure.values["upper_rent_value"], 2),
                     **({"note": "no rental-index row for this selection"} if figure is None else {})})
    priced = [r for r in rows if r["avg_rent_aed_year"] is not None]
    if not priced:
        raise _error("no_data", f"No rental index for these {entityType}s in {year} with that selection.")
    cheapest = min(priced, key=lambda r: float(r["avg_rent_aed_year"] or 0))
    return {"entity_type": entityType, "year": year, "typology": kind or TOTALS["typology"],
            "layout": lay or TOTALS["layout"], "rent_type": rent_type, "rents": rows,
            "cheapest": cheapest["entity"], "unit": "AED/year", "source": LABELS[key],
            "basis": "rental-index rows (averages are read, never summed)",
            "figures": {f"{r['entity']} {measure}": r[measure] for r in rows
                        for measure in ("avg_rent_aed_year", "lower_aed_year", "upper_aed_year")}}


@tool
def search_geospatial_metadata(query: Annotated[str, Field(
        description="A place name or a question naming one, English or Arabic")], limit: Annotated[int, Field(
        ge=1, le=20)] = 5) -> Json:
    """Find the exact district, community, project or municipality names the other tools need."""
    matches = search(query, limit=limit)
    if not matches:
        matches = mentions(query)[:limit]
    return {"query": query, "matches": [m.as_dict() for m in matches],
            "figures": {"matches": len(matches)}, "source": "DISTRICT, COMMUNITY, PROJECT, MUNICIPALITY"}


@tool
def get_districts(municipality: Annotated[str | None, Field(
        description="Municipality; all when None")] = None) -> Json:
    """List the districts in the tables (with Arabic names and how many communities each has)."""
    tables = load_market()
    place = _municipality(tables, municipality) if municipality else None
    districts = [p for p in tables.places if p.kind == "district"]
    if place and place.name != "Abu Dhabi City":
        districts = []
    communities = [p for p in tables.places if p.kind == "community"]
    rows = [{"name": d.display, "name_ar": d.name_ar, "table_name": d.name,
             "communities": sum(c.district == d.name for c in communities)} for d in districts]
    return {"municipality": place.display if place else None, "districts": rows,
            "figures": {"districts": len(rows)}, "source": "DISTRICT"}


@tool
def get_communities(district: District) -> Json:
    """List the communities (planning sectors such as RR1, YS3_04) of a district, with Arabic names."""
    tables = load_market()
    place = _district(tables, district)
    rows = [{"code": c.name, "name_ar": c.name_ar} for c in tables.places
            if c.kind == "community" and c.district == place.name]
    return {"district": place.display, "communities": sorted(rows, key=lambda r: str(r["code"])),
            "figures": {"communities": len(rows)}, "source": "COMMUNITY"}


@tool
def get_sale_price_per_sqm(district: District, year: Annotated[int | None, Field(
        description="Year; the latest when None")] = None, typology: Typology = None,
        project: Annotated[str | None, Field(description="A project of the district, for its own rate")] = None,
        ) -> Json:
    """Sale prices per square metre (AED/sqm, the tables' sale rates) of a district or one of its projects, by
    property type, with the range the tables give."""
    tables = load_market()
    place = _district(tables, district)
    key = "sale_rates_project" if project else "sale_rates_district"
    frame = tables.facts[key]
    year = _year(tables, key, year, default_latest=True)
    kind = typology_of(typology)
    sub = frame[(frame["district"] == place.name) & (frame["year"] == year)]
    if project:
        found, nearest = resolve(project, "project", tables)
        if found is None:
            raise _error("unknown_project", f"No project named {project!r}.", suggestions=nearest)
        sub = sub[sub["project_name"].str.lower() == found.name.lower()]
    if kind:
        sub = sub[sub["typology"] == kind]
    if sub.empty:
        raise _error("no_data", f"No sale rate for {project or place.display} in {year} with that selection.",
                     typologies=sorted(set(frame[frame["district"] == place.name]["typology"])))
    rows = [{"typology": r.typology, "aed_per_sqm": round(r.sale_rate, 2), "range": r.lable,
             **({"project": r.project_name} if project else {})} for r in sub.itertuples()]
    return {"district": place.display, "year": year, "project": project, "rates": rows, "unit": "AED/sqm",
            "source": LABELS[key], "basis": "one sale-rate row per property type (rates are never summed)",
            "figures": {f"{r['typology']} aed_per_sqm": r["aed_per_sqm"] for r in rows}}


# What a project ranking can rank by: the table, the measure, a fixed transaction/rent type, whether it adds up
PROJECT_METRICS: dict[str, tuple[str, str, str | None, bool, str]] = {
    "transactions": ("transactions_project", "volume", None, True, "transactions"),
    "sales": ("transactions_project", "volume", "sale", True, "sales"),
    "sales_value": ("transactions_project", "value", "sale", True, "AED"),
    "transaction_value": ("transactions_project", "value", None, True, "AED"),
    "rent_revenue": ("rent_revenue_project", "value", None, True, "AED"),
    "rent_contracts": ("rent_revenue_project", "volume", None, True, "rent contracts"),
    "avg_rent": ("rental_index_project", "avg_rent_value", None, False, "AED/year"),
    "price_per_sqm": ("sale_rates_project", "sale_rate", None, False, "AED/sqm"),
    "supply": ("supply_project", "total_supply", None, True, "units"),
}
Metric = Literal["transactions", "sales", "sales_value", "transaction_value", "rent_revenue", "rent_contracts",
                 "avg_rent", "price_per_sqm", "supply"]


@tool
def rank_projects(metric: Annotated[Metric, Field(description=(
        "What to rank by: transactions (count, all types), sales (count of sales), sales_value (AED of sales), "
        "transaction_value (AED, all types), rent_revenue (AED of rent contracts), rent_contracts (count), "
        "avg_rent (rental index, AED/year), price_per_sqm (sale rate, AED/sqm), supply (units)"))] = "transactions",
        district: Annotated[str | None, Field(description="Limit to one district")] = None,
        year: Annotated[int | None, Field(description="Year; the latest actual year of the table when None")] = None,
        typology: Typology = None, layout: Layout = None,
        lowest: Annotated[bool, Field(description="Rank from the lowest (cheapest, fewest) up")] = False,
        limit: Annotated[int, Field(ge=1, le=50, description="How many projects")] = 5) -> Json:
    """Projects ranked by one measure in a year (the busiest, priciest, cheapest, largest ...)."""
    tables = load_market()
    key, measure, kind, additive, unit = PROJECT_METRICS[metric]
    frame = tables.facts[key]
    year = _year(tables, key, year, default_latest=True)
    lay, ptype = layout_of(layout), typology_of(typology)
    _check_layout(set(frame["layout"]), lay)
    place = _district(tables, district) if district else None
    sub = frame[frame["year"] == year]
    if place:
        sub = sub[sub["district"] == place.name]
    ranked: list[Json] = []
    for (project, where), rows in sub.groupby(["project_name", "district"]):
        if ptype is None and not additive and not (rows["typology"] == TOTALS["typology"]).any():
            # an average per type and no overall one (sale rates): each type is ranked on its own
            for kind_name, part in rows.groupby("typology"):
                fig = read_figure(part, (measure,), additive=False, typology=kind_name, layout=lay, kind=kind)
                if fig and fig.values[measure] == fig.values[measure]:
                    ranked.append({"project": project, "district": _display(tables, where), "typology": kind_name,
                                   "value": fig.values[measure]})
            continue
        fig = read_figure(rows, (measure,), additive=additive, typology=ptype, layout=lay, kind=kind)
        if fig and fig.values[measure] == fig.values[measure] and fig.values[measure] > 0:
            ranked.append({"project": project, "district": _display(tables, where),
                           "typology": ptype or TOTALS["typology"], "value": fig.values[measure]})
    if not ranked:
        raise _error("no_rows", f"{LABELS[key]} has no project rows for that selection in {year}.",
                     years_available=tables.years(key))
    ranked.sort(key=lambda r: (r["value"] if lowest else -r["value"], r["project"]))
    top = [{"rank": i + 1, **r} for i, r in enumerate(ranked[:limit])]
    return {"metric": metric, "year": year, "district": place.display if place else None,
            "typology": ptype or TOTALS["typology"], "layout": lay or TOTALS["layout"], "lowest": lowest,
            "projects_ranked": len(ranked), "ranking": top, "unit": unit, "source": LABELS[key],
            "figures": {f"{r['project']}" + (f" ({r['typology']})" if ptype is None and not additive else ""):
                        r["value"] for r in top}}


@tool
def get_project_status(project: Annotated[str, Field(description="Project name as in the tables, e.g. 'RIVAGE'")]
                       ) -> Json:
    """Whether a project is built: its status, completion percentage, expected completion date and developer."""
    tables = load_market()
    frame = tables.projects
    rows = frame[frame["project_name"].astype(str).str.strip().str.lower() == project.strip().lower()]
    if rows.empty:
        raise _error("unknown_project", f"No project named {project!r} in the PROJECT table.")
    row = rows.iloc[0]
    done = float(row["last_status_percentage"]) if str(row.get("last_status_percentage") or "").strip() else None
    expected = str(row.get("expected_completion_date") or "").split(" ")[0] or None
    status = str(row.get("project_status") or "").strip() or None
    return {"project": str(row["project_name"]).strip(), "district": _display(tables, str(row["district"]).upper()),
            "status": status, "completion_pct": done, "expected_completion": expected,
            "developer": " ".join(str(row.get("developer_name") or "").split()) or None,
            "ready": status == "Completed" or (done is not None and done >= 100), "source": "PROJECT",
            "figures": {"completion_pct": done}}
