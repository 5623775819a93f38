"""The NYC inventory (StreetEasy rentals, Manhattan office suites) as one frame.

Every file goes through the import layer and is joined to its building; `NycFiles` is the ListingSource.
"""

from __future__ import annotations

import csv
import logging
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from contracts.search import AMENITY_KEYS, SearchSpec
from data.importer import ImportResult, SkippedRow, load_source
from data.mappings import BUILDINGS_FILE, SOURCES, Source
from data.places import location_text, normalize_street

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent.parent  # data/: the raw/ files and the mapping table
TRANSIT_MINUTES = 5  # near_transit means min_to_subway <= 5

TEXT_COLUMNS = ("unit_id", "kind", "source", "address", "suite", "floor", "neighborhood", "submarket", "borough",
                "building_id", "broker", "broker_email")
NUMBER_COLUMNS = ("rent", "sqft", "ppsf_year", "bedrooms", "bathrooms", "min_to_subway", "building_age_yrs")


@dataclass
class Inventory:
    """All units as one DataFrame (one row a unit), plus the import report."""

    frame: pd.DataFrame
    skipped: list[SkippedRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.frame)

    def summary(self) -> dict[str, Any]:
        """Counts for the UI and logs."""
        kinds = self.frame["kind"].value_counts().to_dict()
        return {"units": len(self.frame), "by_kind": kinds, "skipped": len(self.skipped), "errors": self.errors}

    def row(self, unit_id: str) -> dict[str, Any] | None:
        """One unit as a dict, or None."""
        hits = self.frame.index[self.frame["unit_id"] == unit_id]
        return None if len(hits) == 0 else self.frame.loc[hits[0]].to_dict()


def address_key(address: str | None) -> str:
    """Join key for addresses: normalized street wording."""
    return normalize_street(address or "")


def join_buildings(rows: list[dict[str, Any]], buildings: list[dict[str, Any]]) -> int:
    """Fill each unit's blank building fields from its building (by building_id, else by address).

    Only blanks are filled; a value the unit file states is never overwritten. Returns the units joined.
    """
    by_id = {b["building_id"]: b for b in buildings if b.get("building_id")}
    by_address = {address_key(b.get("address")): b for b in buildings if b.get("address")}
    joined = 0
    for row in rows:
        building = by_id.get(row.get("building_id") or "") or by_address.get(address_key(row.get("address")))
        if building is None:
            continue
        joined += 1
        for key in ("neighborhood", "submarket", "borough", "address", "building_id"):
            if not row.get(key) and building.get(key):
                row[key] = building[key]
    return joined


def _load_buildings(data_dir: Path) -> list[dict[str, Any]]:
    path = data_dir / BUILDINGS_FILE
    if not path.exists():
        return []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return [{k: (v or "").strip() for k, v in r.items()} for r in csv.DictReader(handle)]


def build_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Rows of canonical fields -> the typed inventory frame with flags and location text."""
    frame = pd.DataFrame(rows)
    for column in TEXT_COLUMNS:
        if column not in frame:
            frame[column] = ""
        frame[column] = frame[column].fillna("").astype(str)
    for column in NUMBER_COLUMNS:
        if column not in frame:
            frame[column] = np.nan
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype(float)
    # StreetEasy lists no pet policy: keep "unknown" apart from "no" for display (scoring treats both as not met).
    frame["pets_known"] = frame["pet_friendly"].notna() if "pet_friendly" in frame else False
    for key in AMENITY_KEYS:
        if key == "near_transit":
            continue
        frame[key] = frame[key].fillna(False).astype(bool) if key in frame else False
    frame["near_transit"] = (frame["min_to_subway"] <= TRANSIT_MINUTES).fillna(False).astype(bool)
    frame["loc_text"] = [
        location_text(neighborhood=n, submarket=s, borough=b, address=a)
        for n, s, b, a in zip(frame["neighborhood"], frame["submarket"], frame["borough"], frame["address"],
                              strict=True)
    ]
    keep = [*TEXT_COLUMNS, *NUMBER_COLUMNS, *AMENITY_KEYS, "pets_known", "loc_text"]
    return frame[keep].reset_index(drop=True)


def load_inventory_from(data_dir: Path, sources: tuple[Source, ...] = SOURCES) -> Inventory:
    """Load every source in data_dir into one Inventory (uncached)."""
    rows: list[dict[str, Any]] = []
    skipped: list[SkippedRow] = []
    errors: list[str] = []
    for source in sources:
        result: ImportResult = load_source(data_dir / source.file, source)
        rows.extend(result.rows)
        skipped.extend(result.skipped)
        errors.extend(result.errors)
    join_buildings(rows, _load_buildings(data_dir))
    for error in errors:
        log.error("inventory: %s", error)
    return Inventory(frame=build_frame(rows), skipped=skipped, errors=errors)


@lru_cache(maxsize=4)
def load_inventory(data_dir: str | None = None) -> Inventory:
    """The bundled inventory (cached per data folder). Treat the frame as read-only."""
    return load_inventory_from(Path(data_dir) if data_dir else DATA_DIR)


def replicate(inventory: Inventory, size: int) -> Inventory:
    """An inventory of `size` rows made of copies of this one, ids made unique (for benchmarks)."""
    reps = -(-size // len(inventory.frame))
    frame = pd.concat([inventory.frame] * reps, ignore_index=True).iloc[:size].copy()
    copy_no = np.repeat(np.arange(reps), len(inventory.frame))[:size]
    frame["unit_id"] = [uid if c == 0 else f"{uid}~{c}" for uid, c in zip(frame["unit_id"], copy_no, strict=True)]
    return Inventory(frame=frame.reset_index(drop=True))


@dataclass(frozen=True)
class NycFiles:
    """The bundled NYC files as a `ListingSource`: every unit, left to the matcher to filter and rank."""

    name: str = "nyc"
    data_dir: str | None = None

    def fetch(self, spec: SearchSpec) -> Inventory:
        """All units of the bundled files (cached); the spec is scored by the matcher, not filtered here."""
        return load_inventory(self.data_dir) if self.data_dir else load_inventory()  # one cache entry
