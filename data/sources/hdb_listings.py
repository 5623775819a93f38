"""HDB Flat Portal resale listings (asking prices, a 2026 snapshot): what sellers were asking, never a sale.

The file's formats differ from the transactions': price "$258,000", rooms "2-Room", town "Toa Payoh Town", storey
"1 to 5" or "More than 30", remaining lease "40 years 3 months". A row that cannot be read is skipped and counted.
"""

from __future__ import annotations

import csv
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from data.sources.hdb import HDB_DIR, normalize_flat_type, parse_remaining_lease

log = logging.getLogger(__name__)

LISTINGS_FILE = HDB_DIR / "portal_listings_2026.csv"
TOWN_NAMES = {"CENTRAL": "CENTRAL AREA"}  # the portal's "Central Town" is the transactions' "CENTRAL AREA"
_PRICE = re.compile(r"^\s*\$?\s*([\d,]+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class PortalListing:
    """One asking-price listing of the snapshot."""

    block: str
    street: str  # upper case, as the transactions spell streets ("TAMPINES AVE 8")
    town: str  # upper case, as the transactions ("TOA PAYOH")
    flat_type: str
    price: float
    storey_range: str
    remaining_lease_months: int | None
    url: str


def parse_listing(raw: dict[str, str]) -> PortalListing:
    """One CSV row -> PortalListing (ValueError naming what is wrong)."""
    price = _PRICE.match(raw.get("price") or "")
    flat_type = normalize_flat_type(raw.get("rooms") or "")
    town = re.sub(r"\s+town$", "", (raw.get("town") or "").strip(), flags=re.I).upper()
    if not price or not flat_type or not town or not (raw.get("block") or "").strip():
        raise ValueError(f"unreadable listing: price={raw.get('price')!r} rooms={raw.get('rooms')!r} "
                         f"town={raw.get('town')!r}")
    lease = raw.get("remaining_lease") or ""
    try:
        months: int | None = parse_remaining_lease(lease)
    except ValueError:
        months = None
    return PortalListing(block=raw["block"].strip().upper(), street=(raw.get("street") or "").strip().upper(),
                         town=TOWN_NAMES.get(town, town), flat_type=flat_type,
                         price=float(price.group(1).replace(",", "")),
                         storey_range=(raw.get("storey_range") or "").strip(), remaining_lease_months=months,
                         url=(raw.get("url") or "").strip())


@lru_cache(maxsize=2)
def load_listings(path: Path = LISTINGS_FILE) -> tuple[PortalListing, ...]:
    """Every readable listing of the snapshot (none when the file is missing: the answer then says so)."""
    if not path.exists():
        log.warning("hdb portal listings %s not found", path.name)
        return ()
    out: list[PortalListing] = []
    with path.open(encoding="utf-8-sig", newline="") as fh:
        for line, raw in enumerate(csv.DictReader(fh), start=2):
            if (raw.get("scrape_failed") or "").strip().lower() == "true":
                continue
            try:
                out.append(parse_listing(raw))
            except ValueError as exc:
                log.warning("hdb portal listings line %d skipped: %s", line, exc)
    return tuple(out)
