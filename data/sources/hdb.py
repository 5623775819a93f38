"""Singapore HDB resale transactions: the import layer and the in-memory columnar table the comps search reads.

Every cell is parsed explicitly: `remaining_lease` "61 years 04 months" -> months, `storey_range` "10 TO 12" ->
low/high/mid, `month` "2023-01" or "2026-01-01" -> a month, flat type normalised ("4-room", "4 rm", "four room"
-> "4 ROOM"). A row that cannot be read is skipped and reported with its line and reason, never guessed.

The table is plain numpy columns (31,835 rows, a few MB): a boolean mask over them answers the search's hard
filters in well under a millisecond, so the embedded default needs no server (see docs/issue-16.md).
"""

from __future__ import annotations

import csv
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from data.importer import SkippedRow
from data.parse import ParseError, parse_number

log = logging.getLogger(__name__)

HDB_DIR = Path(__file__).resolve().parent.parent / "hdb"
HDB_FILES = ("resale_2023.csv", "resale_2026q1.csv")
REQUIRED = ("month", "town", "flat_type", "block", "street_name", "storey_range", "floor_area_sqm", "flat_model",
            "lease_commence_date", "remaining_lease", "resale_price")
LEASE_YEARS = 99  # every HDB flat is sold on a 99-year lease

FLAT_TYPES = ("1 ROOM", "2 ROOM", "3 ROOM", "4 ROOM", "5 ROOM", "EXECUTIVE", "MULTI-GENERATION")
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_ROOM = re.compile(r"^\s*(one|two|three|four|five|[1-5])\s*[-_ ]?\s*(?:room|rm|rms|rooms|r)\b", re.I)
_EXEC = re.compile(r"^\s*(?:exec(?:utive)?|ea|em)\b", re.I)
_MULTI = re.compile(r"^\s*(?:multi[-\s]?gen(?:eration)?|3gen|jumbo)\b", re.I)
_LEASE = re.compile(r"^\s*(\d{1,2})\s+years?(?:\s+(\d{1,2})\s+months?)?\s*$", re.I)
_LEASE_MONTHS_ONLY = re.compile(r"^\s*(\d{1,2})\s+months?\s*$", re.I)
_STOREY = re.compile(r"^\s*(\d{1,2})\s*(?:TO|-|–)\s*(\d{1,2})\s*$", re.I)
_MONTH = re.compile(r"^\s*(\d{4})-(\d{2})(?:-01)?\s*$")


def normalize_flat_type(text: str) -> str | None:
    """'4-room', '4 rm', 'four room', '4 ROOM', '4-Room' -> '4 ROOM'; 'exec' -> 'EXECUTIVE'; None if not a flat type.

    Args:
        text: the flat type as written (a cell or a phrase starting with it).
    """
    match = _ROOM.match(text)
    if match:
        digit = _NUMBER_WORDS.get(match.group(1).lower(), match.group(1))
        return f"{digit} ROOM"
    if _EXEC.match(text):
        return "EXECUTIVE"
    if _MULTI.match(text):
        return "MULTI-GENERATION"
    return None


def parse_remaining_lease(raw: str) -> int:
    """'61 years 04 months' / '57 years' / '54 years 01 month' -> months left; anything else -> ParseError."""
    match = _LEASE.match(raw or "")
    if match:
        years, months = int(match.group(1)), int(match.group(2) or 0)
        if months >= 12:
            raise ParseError(f"remaining_lease months out of range: {raw!r}")
        return years * 12 + months
    match = _LEASE_MONTHS_ONLY.match(raw or "")
    if match:
        return int(match.group(1))
    raise ParseError(f"remaining_lease not 'N years [M months]': {raw!r}")


def parse_storey_range(raw: str) -> tuple[int, int, float]:
    """'10 TO 12' -> (10, 12, 11.0); '01 TO 03' -> (1, 3, 2.0); a reversed or junk range -> ParseError."""
    match = _STOREY.match(raw or "")
    if not match:
        raise ParseError(f"storey_range not 'NN TO NN': {raw!r}")
    low, high = int(match.group(1)), int(match.group(2))
    if low < 1 or high < low:
        raise ParseError(f"storey_range reversed or zero: {raw!r}")
    return low, high, (low + high) / 2


def parse_month(raw: str) -> date:
    """'2023-01' or '2026-01-01' (a reformatted copy) -> date(2023, 1, 1); anything else -> ParseError."""
    match = _MONTH.match(raw or "")
    if not match or not 1 <= int(match.group(2)) <= 12:
        raise ParseError(f"month not YYYY-MM: {raw!r}")
    return date(int(match.group(1)), int(match.group(2)), 1)


def month_index(day: date) -> int:
    """Months since year 0 (so that month arithmetic is integer subtraction)."""
    return day.year * 12 + day.month - 1


def month_label(index: int) -> str:
    """month_index -> 'YYYY-MM'."""
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def listing_text(row: dict[str, Any]) -> str:
    """The short text of one sale for lexical and vector retrieval (spec §2.5)."""
    return (f"{row['town']} {row['flat_type']} block {row['block']} {row['street_name']} {row['flat_model']} "
            f"storey {row['storey_range']} {row['floor_area_sqm']:g} sqm lease from {row['lease_commence_date']}")


def parse_row(raw: dict[str, str]) -> dict[str, Any]:
    """One CSV row (data.gov.sg schema) -> a typed sale; ParseError names the first bad cell."""
    missing = [name for name in REQUIRED if not (raw.get(name) or "").strip()]
    if missing:
        raise ParseError(f"empty {', '.join(missing)}")
    month = parse_month(raw["month"])
    flat_type = normalize_flat_type(raw["flat_type"])
    if flat_type is None:
        raise ParseError(f"unknown flat_type {raw['flat_type']!r}")
    low, high, mid = parse_storey_range(raw["storey_range"])
    area = parse_number(raw["floor_area_sqm"])
    price = parse_number(raw["resale_price"])
    commence = parse_number(raw["lease_commence_date"])
    if area is None or not 10 <= area <= 400:
        raise ParseError(f"floor_area_sqm out of range: {raw['floor_area_sqm']!r}")
    if price is None or not 10_000 <= price <= 10_000_000:
        raise ParseError(f"resale_price out of range: {raw['resale_price']!r}")
    if commence is None or not 1950 <= commence <= 2030:
        raise ParseError(f"lease_commence_date out of range: {raw['lease_commence_date']!r}")
    return {
        "month": month,
        "town": raw["town"].strip().upper(),
        "flat_type": flat_type,
        "block": raw["block"].strip().upper(),
        "street_name": re.sub(r"\s+", " ", raw["street_name"].strip().upper()),
        "storey_range": f"{low:02d} TO {high:02d}",
        "storey_low": low,
        "storey_high": high,
        "storey_mid": mid,
        "floor_area_sqm": float(area),
        "flat_model": raw["flat_model"].strip(),
        "lease_commence_date": int(commence),
        "remaining_lease_months": parse_remaining_lease(raw["remaining_lease"]),
        "resale_price": float(price),
    }


@dataclass
class HdbImport:
    """The sales that loaded and the report of the rows that did not."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[SkippedRow] = field(default_factory=list)


def load_csv_text(text: str, *, source: str) -> HdbImport:
    """Parse a resale CSV's text; each row gets an id '<source>-<line>' and its listing text.

    Args:
        text: the CSV (header line first).
        source: a short tag of the file, used in row ids and the skip report.
    """
    result = HdbImport()
    reader = csv.DictReader(text.splitlines())
    absent = [name for name in REQUIRED if name not in (reader.fieldnames or [])]
    if absent:
        result.skipped.append(SkippedRow(source, 1, f"missing columns: {', '.join(absent)}"))
        return result
    for line, raw in enumerate(reader, start=2):
        try:
            row = parse_row(raw)
        except ParseError as exc:
            result.skipped.append(SkippedRow(source, line, str(exc)))
            continue
        row["id"] = f"{source}-{line:05d}"
        row["listing_text"] = listing_text(row)
        result.rows.append(row)
    for skip in result.skipped[:20]:
        log.warning("hdb %s line %d skipped: %s", skip.source, skip.line, skip.reason)
    return result


def load_files(paths: list[Path] | None = None) -> HdbImport:
    """Every shipped resale file (or the given ones) through the import layer."""
    result = HdbImport()
    for path in paths or [HDB_DIR / name for name in HDB_FILES]:
        if not path.exists():
            result.skipped.append(SkippedRow(path.name, 0, "file not found"))
            continue
        part = load_csv_text(path.read_text(encoding="utf-8"), source=path.stem.replace("resale_", ""))
        result.rows.extend(part.rows)
        result.skipped.extend(part.skipped)
    return result


class HdbTable:
    """The sales as numpy columns (row i of every column is one sale), plus the lookups the parser needs.

    Args:
        rows: typed sales from the import layer.
    """

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.size = len(rows)
        self.ids = np.array([r["id"] for r in rows], dtype=object)
        self.month = np.array([month_index(r["month"]) for r in rows], dtype=np.int32)
        self.towns = sorted({r["town"] for r in rows})
        town_index = {t: i for i, t in enumerate(self.towns)}
        self.town = np.array([town_index[r["town"]] for r in rows], dtype=np.int16)
        self.flat_type = np.array([FLAT_TYPES.index(r["flat_type"]) for r in rows], dtype=np.int8)
        self.block = np.array([r["block"] for r in rows], dtype=object)
        self.street = np.array([r["street_name"] for r in rows], dtype=object)
        self.storey_range = np.array([r["storey_range"] for r in rows], dtype=object)
        self.storey_low = np.array([r["storey_low"] for r in rows], dtype=np.int16)
        self.storey_high = np.array([r["storey_high"] for r in rows], dtype=np.int16)
        self.storey_mid = np.array([r["storey_mid"] for r in rows], dtype=np.float32)
        self.area = np.array([r["floor_area_sqm"] for r in rows], dtype=np.float64)
        self.models = sorted({r["flat_model"] for r in rows})
        model_index = {m: i for i, m in enumerate(self.models)}
        self.flat_model = np.array([model_index[r["flat_model"]] for r in rows], dtype=np.int16)
        self.lease_commence = np.array([r["lease_commence_date"] for r in rows], dtype=np.int16)
        self.lease_months = np.array([r["remaining_lease_months"] for r in rows], dtype=np.int32)
        self.price = np.array([r["resale_price"] for r in rows], dtype=np.float64)
        self.text = [r["listing_text"] for r in rows]
        streets = sorted(set(self.street.tolist()))
        street_index = {s: i for i, s in enumerate(streets)}
        self.street_code = np.array([street_index[s] for s in self.street.tolist()], dtype=np.int32)
        self.streets = streets
        # town of a street (and of a block on a street): a user who names only those still gets a town
        by_street: dict[str, Counter[str]] = {}
        for r in rows:
            by_street.setdefault(r["street_name"], Counter())[r["town"]] += 1
        self.street_town = {s: c.most_common(1)[0][0] for s, c in by_street.items()}
        self.block_streets: dict[str, list[str]] = {}
        for b, s in sorted({(r["block"], r["street_name"]) for r in rows}):
            self.block_streets.setdefault(b, []).append(s)
        blocks: dict[tuple[str, str], int] = {}
        self.block_code = np.array([blocks.setdefault((b, s), len(blocks))
                                    for b, s in zip(self.block.tolist(), self.street.tolist(), strict=True)],
                                   dtype=np.int32)
        self.block_index = blocks  # (block, street) -> block_code

    def town_code(self, town: str) -> int:
        """The code of a town name (ValueError when the table has no such town)."""
        return self.towns.index(town)

    def row(self, i: int) -> dict[str, Any]:
        """Sale i as a plain dict (the comps table's fields and a few more)."""
        return {
            "id": str(self.ids[i]),
            "month": month_label(int(self.month[i])),
            "town": self.towns[self.town[i]],
            "flat_type": FLAT_TYPES[self.flat_type[i]],
            "block": str(self.block[i]),
            "street_name": str(self.street[i]),
            "storey_range": str(self.storey_range[i]),
            "floor_area_sqm": float(self.area[i]),
            "flat_model": self.models[self.flat_model[i]],
            "lease_commence_date": int(self.lease_commence[i]),
            "remaining_lease_months": int(self.lease_months[i]),
            "resale_price": float(self.price[i]),
        }


@lru_cache(maxsize=1)
def load_table() -> HdbTable:
    """The shipped resale files as one table (loaded once per process; bad rows logged and skipped)."""
    imported = load_files()
    if imported.skipped:
        log.warning("hdb import skipped %d rows", len(imported.skipped))
    return HdbTable(imported.rows)


RPI_FILE = HDB_DIR / "rpi.csv"
_QUARTER = re.compile(r"^\s*(\d{4})\s*Q([1-4])\s*$", re.I)


@dataclass(frozen=True)
class RpiRelease:
    """One publication of HDB's resale price index: a quarter's value as it was known from `published` on."""

    quarter_start: int  # month_index of the quarter's first month
    value: float
    published: date
    kind: str  # flash, final, or derived (a published quarter-on-quarter change applied to the last value)


def load_rpi(path: Path | None = None) -> list[RpiRelease]:
    """HDB's published resale price index, one row per release (bad rows logged and skipped, never guessed)."""
    path = path or RPI_FILE
    if not path.exists():
        log.warning("hdb rpi file %s not found: the index is carried at its trend", path.name)
        return []
    releases = []
    for line, raw in enumerate(csv.DictReader(path.read_text(encoding="utf-8").splitlines()), start=2):
        quarter = _QUARTER.match(raw.get("quarter") or "")
        try:
            if not quarter:
                raise ParseError(f"quarter not YYYYQn: {raw.get('quarter')!r}")
            value = parse_number(raw.get("index") or "")
            if value is None or not 10 <= value <= 1000:
                raise ParseError(f"index not a number in range: {raw.get('index')!r}")
            published = date.fromisoformat((raw.get("published") or "").strip())
        except (ParseError, ValueError) as exc:
            log.warning("hdb rpi line %d skipped: %s", line, exc)
            continue
        start = month_index(date(int(quarter.group(1)), 3 * int(quarter.group(2)) - 2, 1))
        releases.append(RpiRelease(start, float(value), published, (raw.get("kind") or "").strip()))
    return releases
