"""What is near each HDB block: its nearest MRT/LRT station, hawker centre, mall, clinic, primary school, park and
sports centre, with the distance in metres (issue 16: "within 500m of an MRT", "which is closest to a polyclinic").

The distances come from the enriched 2026 Q1 file in `../shared/data/hdb-resale/` (its author geocoded each block
sold then and measured the nearest of each): `data/hdb/block_nearby.csv` keeps one row per block. A distance is a
fact about a block, not a price, so it filters and sorts searches; it never enters the estimate (which blocks have
one depends on which sold in 2026, and the backtest must not see that). Blocks not sold in 2026 Q1 have no
distances: a search near something says how many of its sales it could place.

Rebuild with `python -m data.sources.hdb_nearby` (needs `../shared` beside the project).
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "data" / "hdb" / "block_nearby.csv"
SOURCE = ROOT.parent / "shared" / "data" / "hdb-resale" / "resale_2026q1_enriched.csv"

# kind -> (the source's name column or None, its distance column); primary schools and parks carry no single name
KINDS = {"mrt": ("nearest_train_name", "nearest_train_dist_m"),
         "hawker": ("nearest_hawker_name", "dist_nearest_hawker_m"),
         "mall": ("nearest_mall_name", "dist_nearest_mall_m"),
         "clinic": ("nearest_healthcare_name", "dist_nearest_healthcare_m"),
         "school": (None, "dist_nearest_primary_m"),
         "park": (None, "dist_nearest_park_m"),
         "sports": ("nearest_sportsg_name", "dist_nearest_sportsg_m")}


@dataclass(frozen=True)
class Place:
    """The nearest place of one kind to a block and how far it is ("" when the source names none)."""

    name: str
    metres: float


@dataclass(frozen=True)
class Station:
    """The nearest station of a block and how far it is."""

    name: str
    line: str
    metres: float


def build(source: Path = SOURCE, out: Path = TABLE) -> int:
    """Write one row per (block, street) with the nearest place of each kind; the number of blocks written."""
    blocks: dict[tuple[str, str], list[str]] = {}
    with source.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            key = (row["block"].strip().upper(), row["street_name"].strip().upper())
            if key in blocks or not row.get("nearest_train_dist_m"):
                continue
            cells = [row["nearest_train_line"]]
            for name, metres in KINDS.values():
                cells += [row[name].strip() if name else "", f"{float(row[metres]):.0f}" if row[metres] else ""]
            blocks[key] = cells
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["block", "street_name", "line"] + [c for kind in KINDS for c in (kind, f"{kind}_m")])
        for (block, street), cells in sorted(blocks.items()):
            writer.writerow([block, street, *cells])
    return len(blocks)


@lru_cache(maxsize=1)
def _table(path: str | None = None) -> tuple[dict[str, str], ...]:
    """The shipped table's rows, read once (empty when it is missing)."""
    file = Path(path) if path else TABLE
    try:
        with file.open(encoding="utf-8") as handle:
            return tuple(csv.DictReader(handle))
    except OSError:
        return ()


@lru_cache(maxsize=1)
def block_places(path: str | None = None) -> dict[tuple[str, str], dict[str, Place]]:
    """(block, street) -> kind -> its nearest place, from the shipped table (empty when it is missing or broken)."""
    try:
        return {(r["block"], r["street_name"]): {kind: Place(r[kind], float(r[f"{kind}_m"]))
                                                 for kind in KINDS if r[f"{kind}_m"]}
                for r in _table(path)}
    except (KeyError, ValueError):
        return {}


@lru_cache(maxsize=1)
def block_stations(path: str | None = None) -> dict[tuple[str, str], Station]:
    """(block, street) -> its nearest MRT/LRT station (see `block_places`)."""
    try:
        return {(r["block"], r["street_name"]): Station(r["mrt"], r["line"], float(r["mrt_m"]))
                for r in _table(path) if r["mrt_m"]}
    except (KeyError, ValueError):
        return {}


@lru_cache(maxsize=1)
def street_words() -> frozenset[str]:
    """The words that mark a Singapore HDB street ("aljunied", "compassvale", "payoh"): those of the blocks' street
    names that are no English word, four letters or more."""
    from retrieval.english import is_english_word

    return frozenset(word for _, street in block_places() for word in street.lower().split()
                     if word.isalpha() and len(word) >= 4 and not is_english_word(word))


if __name__ == "__main__":
    print(f"{build()} blocks written to {TABLE}", file=sys.stderr)
