"""The Abu Dhabi market tables (Yas Island, Al Reem Island) through one import layer.

The CSVs start with a UTF-8 BOM, carry long float tails ("50000.000000000000000"), spell a district in several
cases ("Yas Island", "YAS ISLAND") and a layout in two ("studio", "Studio"). Here every table gets the same
canonical names, so the tools filter one way. The tables are aggregates: rows whose typology is "All property
types", layout "All beds" or transaction/rent type "All types" are totals of the other rows (`agents.market.cube`
reads them without adding a total to its parts).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pandas as pd

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent.parent / "abu_dhabi"

# The total member of each dimension: a row carrying it sums (or averages) the rows of the other members.
TOTALS = {"typology": "All property types", "layout": "All beds", "kind": "All types"}

# Each fact table: file, the column of its year, its "type" column (transaction or rent type), its measures.
FACTS: dict[str, tuple[str, str, str | None, tuple[str, ...]]] = {
    "transactions_district": ("TRANSACTIONS_DISTRICT.csv", "year", "transaction_type", ("value", "volume")),
    "transactions_project": ("TRANSACTIONS_PROJECT.csv", "year", "transaction_type", ("value", "volume")),
    "rental_index_district": ("RENTAL_INDEX_DISTRICT.csv", "year", "rent_type",
                              ("lower_rent_value", "avg_rent_value", "upper_rent_value")),
    "rental_index_community": ("RENTAL_INDEX_COMMUNITY.csv", "year", "rent_type",
                               ("lower_rent_value", "avg_rent_value", "upper_rent_value")),
    "rental_index_project": ("RENTAL_INDEX_PROJECT.csv", "year", "rent_type",
                             ("lower_rent_value", "avg_rent_value", "upper_rent_value")),
    "rent_revenue_district": ("RENT_REVENUE_DISTRICT.csv", "year", "rent_type", ("value", "volume")),
    "rent_revenue_project": ("RENT_REVENUE_PROJECT.csv", "year", "rent_type", ("value", "volume")),
    "supply_district": ("SUPPLY_DISTRICT.csv", "supply_demand_year", None, ("total_supply",)),
    "supply_community": ("SUPPLY_COMMUNITY.csv", "supply_demand_year", None, ("total_supply",)),
    "supply_project": ("SUPPLY_PROJECT.csv", "supply_demand_year", None, ("total_supply",)),
    "sale_rates_district": ("SALE_RATES_DISTRICT.csv", "year", None, ("sale_rate",)),
    "sale_rates_project": ("SALE_RATES_PROJECT.csv", "year", None, ("sale_rate",)),
}
LABELS = {"transactions_district": "TRANSACTIONS_DISTRICT", "transactions_project": "TRANSACTIONS_PROJECT",
          "rental_index_district": "RENTAL_INDEX_DISTRICT", "rental_index_community": "RENTAL_INDEX_COMMUNITY",
          "rental_index_project": "RENTAL_INDEX_PROJECT", "rent_revenue_district": "RENT_REVENUE_DISTRICT",
          "rent_revenue_project": "RENT_REVENUE_PROJECT",
          "supply_district": "SUPPLY_DISTRICT", "supply_community": "SUPPLY_COMMUNITY",
          "supply_project": "SUPPLY_PROJECT", "sale_rates_district": "SALE_RATES_DISTRICT",
          "sale_rates_project": "SALE_RATES_PROJECT"}


def canonical_layout(value: object) -> str:
    """One spelling per layout: "Studio"/"studio" -> "studio", "2 Beds" -> "2 beds"; blanks -> "All beds"."""
    text = str(value).strip() if isinstance(value, str) else ""
    if not text:
        return TOTALS["layout"]
    low = text.lower()
    if low == "all beds":
        return TOTALS["layout"]
    if low in ("undefined", "unclassified"):
        return "undefined"
    return low


def canonical_kind(value: object) -> str:
    """Transaction or rent type: "All types" kept as the total member, the rest lower case ("New" -> "new")."""
    text = str(value).strip() if isinstance(value, str) else ""
    return TOTALS["kind"] if not text or text.lower() == "all types" else text.lower()


@dataclass
class Place:
    """A named place of the tables: a municipality, district, community or project."""

    kind: str  # "municipality" | "district" | "community" | "project"
    name: str  # the name the tables use (districts in upper case, as DISTRICT.csv has them)
    display: str  # how to show it ("Yas Island")
    name_ar: str | None = None
    district: str | None = None  # the district a community or project lies in
    aliases: tuple[str, ...] = ()  # other spellings (popular names, codes)


@dataclass
class MarketTables:
    """All tables, normalized: fact frames by key, the places, and what the import skipped."""

    facts: dict[str, pd.DataFrame]
    places: list[Place]
    projects: pd.DataFrame
    skipped: list[str] = field(default_factory=list)

    def years(self, key: str) -> list[int]:
        """The years a fact table covers."""
        return sorted(int(y) for y in self.facts[key]["year"].dropna().unique())

    def place(self, kind: str, name: str) -> Place | None:
        """The place of that kind and table name (case-insensitive), or None."""
        low = name.strip().lower()
        return next((p for p in self.places if p.kind == kind and p.name.lower() == low), None)

    @property
    def last_actual_year(self) -> int:
        """The last year with recorded transactions: later years of the supply tables are projections."""
        return max(self.years("transactions_district"))


def _title(name: str) -> str:
    return " ".join(w.capitalize() if w.isalpha() else w for w in name.split())


def _read(path: Path) -> pd.DataFrame:
    frame = pd.read_csv(path, encoding="utf-8-sig", dtype=str, keep_default_na=False)
    return frame.drop(columns=[c for c in frame.columns if c.lower().startswith("shape_")])


def _facts(key: str, districts: dict[str, str], skipped: list[str], data_dir: Path) -> pd.DataFrame:
    file, year_col, kind_col, measures = FACTS[key]
    raw = _read(data_dir / file)
    frame = pd.DataFrame({
        "district": raw["district"].str.strip().str.upper().map(lambda d: districts.get(d, d)),
        "year": pd.to_numeric(raw[year_col], errors="coerce"),
        "typology": raw["typology"].str.strip() if "typology" in raw else TOTALS["typology"],
        "layout": raw["layout"].map(canonical_layout) if "layout" in raw else TOTALS["layout"],
        "kind": raw[kind_col].map(canonical_kind) if kind_col else TOTALS["kind"],
    })
    for extra in ("community", "project_name", "project_id", "lable"):
        if extra in raw:
            frame[extra] = raw[extra].str.strip()
    for measure in measures:
        frame[measure] = pd.to_numeric(raw[measure].str.replace(",", "", regex=False), errors="coerce")
    bad = frame["year"].isna() | frame[list(measures)].isna().all(axis=1)
    for index in frame.index[bad]:
        skipped.append(f"{file} line {index + 2}: no year or no figure")
    frame = frame[~bad].copy()
    frame["year"] = frame["year"].astype(int)
    return frame.reset_index(drop=True)


def _places(municipalities: pd.DataFrame, districts: pd.DataFrame, communities: pd.DataFrame,
            projects: pd.DataFrame) -> list[Place]:
    places = [Place("municipality", r.name_en, r.name_en, r.name_ar or None,
                    aliases=tuple(a for a in (r.name_pop_en, r.name_pop_ar, r.acronym) if a))
              for r in municipalities.itertuples()]
    places += [Place("district", r.name_en.upper(), _title(r.name_en), r.name_ar or None,
                     aliases=(r.name_en.upper().removeprefix("AL ").strip(),)) for r in districts.itertuples()]
    places += [Place("community", r.name_en, r.name_pop_en or r.name_en, r.name_ar or None, r.district_name.upper(),
                     aliases=tuple({r.name_pop_en, r.name_pop_ar} - {"", r.name_en}))
               for r in communities.itertuples()]
    places += [Place("project", r.project_name.strip(), r.project_name.strip(), None, r.district.upper(),
                     aliases=(r.community,) if r.community else ()) for r in projects.itertuples()]
    return places


@lru_cache(maxsize=2)
def load_market(data_dir: Path = DATA_DIR) -> MarketTables:
    """Read and normalize every table once (cached: the tables are small, about 7 MB)."""
    municipalities = _read(data_dir / "MUNICIPALITY.csv")
    districts = _read(data_dir / "DISTRICT.csv")
    communities = _read(data_dir / "COMMUNITY.csv")
    projects = _read(data_dir / "PROJECT.csv")
    # Table spellings -> DISTRICT.csv's name ("Al Reem Island" -> "AL REEM ISLAND").
    canonical = {name.upper(): name.upper() for name in districts["name_en"]}
    skipped: list[str] = []
    facts = {key: _facts(key, canonical, skipped, data_dir) for key in FACTS}
    unknown = {d for f in facts.values() for d in f["district"].unique()} - set(canonical)
    if unknown:
        log.warning("market tables name districts missing from DISTRICT.csv: %s", sorted(unknown))
    if skipped:
        log.info("market import skipped %d rows", len(skipped))
    return MarketTables(facts, _places(municipalities, districts, communities, projects), projects, skipped)
