"""Parsing of messy cell values: money, sizes, rates and flags. Pure functions; None means empty."""

from __future__ import annotations

import re

_UNITS = re.compile(r"(?i)\s*(/\s*sf\s*/\s*yr|/\s*sf|per\s+sf|sq\.?\s*ft\.?|sqft|sf|usd|/mo|/month|/yr)\s*$")
_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)$")
_TRUE = {"1", "1.0", "true", "yes", "y", "t"}
_FALSE = {"0", "0.0", "false", "no", "n", "f"}


class ParseError(ValueError):
    """A cell that is not empty but cannot be read as the field's type."""


def parse_number(raw: str | None) -> float | None:
    """Read '$1,622,550', '1,500 SF', '$87.00/sf/yr', '2.0' as a number; '' -> None; 'n/a text' -> ParseError."""
    if raw is None:
        return None
    text = raw.strip()
    if text in {"", "-", "—", "n/a", "N/A", "NA", "null", "None"}:
        return None
    text = text.replace("$", "").replace(",", "").replace("\u00a0", " ").strip()
    previous = None
    while previous != text:  # peel trailing units, e.g. "87 /sf/yr"
        previous = text
        text = _UNITS.sub("", text).strip()
    if not _NUMBER.match(text):
        raise ParseError(f"not a number: {raw!r}")
    return float(text)


def parse_flag(raw: str | None) -> bool | None:
    """Read 0/1, yes/no, true/false; '' -> None; anything else -> ParseError."""
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ParseError(f"not a yes/no flag: {raw!r}")


def parse_text(raw: str | None) -> str | None:
    """Trimmed text; '' -> None."""
    if raw is None:
        return None
    text = raw.strip()
    return text or None


def header_key(header: str) -> str:
    """Compare headers by their letters and digits only ('Size (SF)' -> 'sizesf', '$/SF/yr' -> 'sfyr')."""
    return re.sub(r"[^a-z0-9]", "", header.lower())
