"""Load any inventory CSV through the mapping table: header map, number parsing, derivations, bad-row report.

Nothing is silently changed: a row that cannot be read as it is gets skipped and reported with its reason.
"""

from __future__ import annotations

import csv
import io
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data.mappings import FLAG_FIELDS, HEADER_ALIASES, NUMBER_FIELDS, Source
from data.parse import ParseError, header_key, parse_flag, parse_number, parse_text

log = logging.getLogger(__name__)

_ALIAS_TO_FIELD = {header_key(alias): name for name, aliases in HEADER_ALIASES.items() for alias in aliases}


@dataclass(frozen=True)
class SkippedRow:
    """A row that was not loaded, and why (line is the 1-based line in the file)."""

    source: str
    line: int
    reason: str


@dataclass
class ImportResult:
    """The rows that loaded (canonical field names) and the report of those that did not."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[SkippedRow] = field(default_factory=list)
    unmapped_headers: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # file-level problems (missing file, missing column)


def map_headers(headers: list[str]) -> tuple[dict[int, str], list[str]]:
    """Column index -> canonical field, and the headers the table does not know."""
    mapping: dict[int, str] = {}
    unknown: list[str] = []
    taken: set[str] = set()
    for index, header in enumerate(headers):
        name = _ALIAS_TO_FIELD.get(header_key(header))
        if name is None or name in taken:
            unknown.append(header)
            continue
        mapping[index] = name
        taken.add(name)
    return mapping, unknown


def _read_cell(name: str, raw: str) -> Any:
    if name in NUMBER_FIELDS:
        return parse_number(raw)
    if name in FLAG_FIELDS:
        return parse_flag(raw)
    return parse_text(raw)


def _derive(row: dict[str, Any]) -> str | None:
    """Fill derivable fields (rent from $/SF/yr or annual rent). Returns a reason when the row is unusable."""
    if row.get("rent") is None:
        if row.get("annual_rent") is not None:
            row["rent"] = round(row["annual_rent"] / 12, 2)
            row["rent_derived"] = "annual_rent / 12"
        elif row.get("ppsf_year") is not None and row.get("sqft"):
            row["rent"] = round(row["ppsf_year"] * row["sqft"] / 12, 2)
            row["rent_derived"] = "ppsf_year * sqft / 12"
        else:
            return "no rent, and no $/SF/yr with a size to derive it"
    if row["rent"] <= 0:
        return f"rent must be positive, got {row['rent']:g}"
    if row.get("sqft") is not None and row["sqft"] <= 0:
        return f"size must be positive, got {row['sqft']:g}"
    if row.get("ppsf_year") is None and row.get("sqft"):
        row["ppsf_year"] = round(row["rent"] * 12 / row["sqft"], 2)
    return None


def load_rows(text: str, source: Source) -> ImportResult:
    """Parse CSV text of one source into canonical rows, skipping and reporting bad ones."""
    result = ImportResult()
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header_line = 0
    headers: list[str] | None = None
    for header_line, candidate in enumerate(reader, start=1):  # noqa: B007 - the line is reported below
        if any(cell.strip() for cell in candidate):
            headers = candidate
            break
    if headers is None:
        result.errors.append(f"{source.name}: the file is empty")
        return result
    mapping, result.unmapped_headers = map_headers(headers)
    present = set(mapping.values()) | set(source.defaults)
    missing = [name for name in source.required if name not in present]
    if missing:
        result.errors.append(f"{source.name}: missing required column(s): {', '.join(missing)}")
        return result
    seen: set[str] = set()
    for offset, cells in enumerate(reader, start=1):
        line = header_line + offset
        if not any(cell.strip() for cell in cells):
            continue  # blank line
        if len(cells) > len(headers):
            result.skipped.append(SkippedRow(source.name, line, f"{len(cells)} cells for {len(headers)} columns"))
            continue
        row: dict[str, Any] = dict(source.defaults)
        reason = None
        for index, name in mapping.items():
            raw = cells[index] if index < len(cells) else ""
            try:
                value = _read_cell(name, raw)
            except ParseError as exc:
                reason = f"column {headers[index]!r}: {exc}"
                break
            if value is not None or name not in row:
                row[name] = value
        if reason is None and not row.get("unit_id"):
            reason = "no unit id"
        if reason is None:
            reason = _derive(row)
        if reason is None and row["unit_id"] in seen:
            reason = f"duplicate id {row['unit_id']!r} (first occurrence kept)"
        if reason is not None:
            result.skipped.append(SkippedRow(source.name, line, reason))
            continue
        seen.add(row["unit_id"])
        row["unit_id"] = f"{source.id_prefix}{row['unit_id']}"
        row["kind"] = source.kind
        row["source"] = source.name
        result.rows.append(row)
    for skipped in result.skipped:
        log.warning("skipped %s line %d: %s", skipped.source, skipped.line, skipped.reason)
    return result


def load_source(path: Path, source: Source) -> ImportResult:
    """Read one source file; a missing or undecodable file is reported, not raised."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return ImportResult(errors=[f"{source.name}: file not found: {path.name}"])
    except UnicodeDecodeError as exc:
        return ImportResult(errors=[f"{source.name}: not UTF-8 text ({exc.reason})"])
    return load_rows(text, source)
