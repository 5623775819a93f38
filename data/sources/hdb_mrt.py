"""How far each HDB block is from its nearest MRT/LRT station, for "within 500m of an MRT" (issue 16).

The distances come from the enriched 2026 Q1 file in `../shared/data/hdb-resale/` (its author geocoded each block
sold then and measured the nearest station): `data/hdb/block_mrt.csv` keeps one row per block. A block's distance to
a station is a fact about the block, not a price, so it filters searches; it never enters the estimate (which
blocks have one depends on which sold in 2026, and the backtest must not see that). Blocks not sold in 2026 Q1 have
no distance: a search near an MRT says how many of its sales it could place.

Rebuild with `python -m data.sources.hdb_mrt` (needs `../shared` beside the project).
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "data" / "hdb" / "block_mrt.csv"
SOURCE = ROOT.parent / "shared" / "data" / "hdb-resale" / "resale_2026q1_enriched.csv"


@dataclass(frozen=True)
class Station:
    """The nearest station of a block and how far it is."""

    name: str
    line: str
    metres: float


def build(source: Path = SOURCE, out: Path = TABLE) -> int:
    """Write one row per (block, street) with its nearest station; the number of blocks written."""
    blocks: dict[tuple[str, str], tuple[str, str, str]] = {}
    with source.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            key = (row["block"].strip().upper(), row["street_name"].strip().upper())
            if row.get("nearest_train_dist_m") and key not in blocks:
                blocks[key] = (row["nearest_train_name"], row["nearest_train_line"],
                               f"{float(row['nearest_train_dist_m']):.0f}")
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["block", "street_name", "station", "line", "metres"])
        for (block, street), (station, line, metres) in sorted(blocks.items()):
            writer.writerow([block, street, station, line, metres])
    return len(blocks)


@lru_cache(maxsize=1)
def block_stations(path: str | None = None) -> dict[tuple[str, str], Station]:
    """(block, street) -> its nearest station, from the shipped table (empty when it is missing or broken)."""
    file = Path(path) if path else TABLE
    try:
        with file.open(encoding="utf-8") as handle:
            return {(r["block"], r["street_name"]): Station(r["station"], r["line"], float(r["metres"]))
                    for r in csv.DictReader(handle)}
    except (OSError, KeyError, ValueError):
        return {}


if __name__ == "__main__":
    print(f"{build()} blocks written to {TABLE}", file=sys.stderr)
