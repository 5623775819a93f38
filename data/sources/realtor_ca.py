"""REALTOR.CA rentals as a source: pyRealtor rows (live, or a recorded fixture) -> §4.2 Listings.

Both backends yield rows with pyRealtor's "Listings" columns (MLS, Address, Bedrooms, Bathrooms, Size, Rent,
Total Rent, Website, ...); both go through the same mapping and post-filters. The live backend runs pyRealtor in
a child process (`data.sources.realtor_ca_live`) in a temporary folder with a hard timeout: pyRealtor has no
request timeouts, prints errors instead of raising, and writes an .xlsx into its working directory.

Pagination: pyRealtor fetches every page REALTOR.CA returns (200 a page, at most 600 results a search); the
adapter returns all of them after the post-filters, as one logical search.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from contracts.rental import InvalidFilters, Listing, ListingsResult, RentalFilters
from contracts.search import SearchSpec
from data.sources.base import SourceUnavailable
from data.sources.nyc import Inventory, build_frame
from scoring.listings import filter_rows, suggest_relaxations

log = logging.getLogger(__name__)

PROJECT_DIR = Path(__file__).resolve().parent.parent.parent
DEFAULT_FIXTURE = PROJECT_DIR / "data" / "realtor_ca" / "listings.json"
SITE = "https://www.realtor.ca"
SOURCE_NAME = "Realtor.ca"
SQFT_PER_M2 = 10.7639
UNAVAILABLE = "The rental search is temporarily unavailable."
RECORDED = "Recorded sample of REALTOR.CA listings (not a live search)."
DERIVED_RENT = ("These recorded listings are for sale (asking prices from 2016-2018), not for rent: they have no "
                "rent. Prices shown are asking prices; a rent budget cannot be checked against them.")
_ASKING = re.compile(r"asking price \$([\d,]+)")

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_POSTAL = re.compile(r"^[A-Z]\d[A-Z]\s?\d[A-Z]\d$")
_BLANK = {"", "nan", "none", "null", "n/a", "na", "-", "—"}


# ---- junk-safe coercion: a cell that is not a number becomes None, never an exception ----

def _text(cell: Any) -> str | None:
    if cell is None or (isinstance(cell, float) and math.isnan(cell)) or isinstance(cell, dict | list):
        return None
    text = str(cell).strip()
    return None if text.lower() in _BLANK else text


def to_number(cell: Any) -> float | None:
    """A number from a cell: 2, '2', '$2,500/Monthly', '2 + 1' (above + below grade = 3); junk -> None.

    A ';'-joined list (several units in one listing) counts its first value.
    """
    if isinstance(cell, bool) or not isinstance(cell, str | int | float):
        return None  # a dict, list or object is junk, not a number hiding in its repr
    if isinstance(cell, int | float):
        return None if math.isnan(cell) or math.isinf(cell) else float(cell)
    text = _text(cell)
    if text is None:
        return None
    text = text.split(";")[0].replace(",", "").replace("$", "")
    if "+" in text.strip("+ "):
        parts = [_NUMBER.fullmatch(p.strip()) for p in text.split("+")]
        return sum(float(p.group()) for p in parts if p is not None) if all(parts) else None
    match = _NUMBER.search(text)
    if match is None:
        return None
    value = float(match.group())
    return value if math.isfinite(value) else None


def size_to_sqft(cell: Any) -> float | None:
    """'1379 sqft', '126 m2', '1236.0000', '1200 - 1400 sqft' (the lower end) -> square feet; junk -> None."""
    value = to_number(cell)
    if value is None or value <= 0:
        return None
    text = (_text(cell) or "").lower()
    if re.search(r"m2|m²|sq\.?\s*m|square met", text):
        value *= SQFT_PER_M2
    return round(value)


def _coordinate(cell: Any, limit: float) -> float | None:
    value = to_number(cell)
    return value if value is not None and -limit <= value <= limit and value != 0 else None


def listing_url(website: Any, mls: str) -> str:
    """pyRealtor's Website is a relative path; made absolute, else the MLS fallback URL."""
    text = _text(website)
    if text and text.startswith(("http://", "https://")):
        return text
    if text and text.startswith("/"):
        return SITE + text
    return f"{SITE}/listing/{mls}"


def price_display(price: float, *, sample: bool = False) -> str:
    """'$2,500/month' (marked when the rent is a derived sample)."""
    return f"${price:,.0f}/month" + (" (sample)" if sample else "")


def _title(bedrooms: float, house_category: str | None, address: str) -> str:
    beds = "Studio" if bedrooms == 0 else f"{bedrooms:g} bed"
    street = address.split(",")[0].title() if address != "Address not provided" else ""
    return " ".join(p for p in (beds, house_category or "home", f"at {street}" if street else "") if p)


def map_row(row: Mapping[str, Any], *, for_sale: bool = False) -> Listing | None:
    """One pyRealtor row -> Listing, or None when it lacks what a listing must state (id, price, bedrooms).

    The price is the rent (Total Rent, else Rent), or for a for_sale search the asking Price.
    """
    mls = _text(row.get("MLS"))
    price = to_number(row.get("Price")) if for_sale else to_number(row.get("Total Rent"))
    if not for_sale and (price is None or price <= 0):
        price = to_number(row.get("Rent"))
    bedrooms = to_number(row.get("Bedrooms"))
    if mls is None or price is None or price < 0 or bedrooms is None or bedrooms < 0:
        return None
    address = (_text(row.get("Address")) or "Address not provided").replace("|", ", ")
    postal = (_text(row.get("Postal Code")) or "").upper()
    category = _text(row.get("House Category"))
    bathrooms = to_number(row.get("Bathrooms"))
    stories = to_number(row.get("Stories"))
    note = _text(row.get("Rent Note"))
    asking = _ASKING.search(note or "")
    asking_price = float(asking.group(1).replace(",", "")) if asking and not for_sale else None
    return Listing(
        id=mls,
        title=_title(bedrooms, category, address),
        url=listing_url(row.get("Website"), mls),
        address=address,
        price=price,
        bedrooms=bedrooms,
        sqft=size_to_sqft(row.get("Size")),
        price_display=(f"${price:,.0f}" if for_sale else f"${asking_price:,.0f} asking (for sale)" if asking_price
                       else price_display(price, sample=note is not None)),
        postal_code=postal if _POSTAL.match(postal) else None,
        source=SOURCE_NAME,
        bathrooms=bathrooms if bathrooms is not None and bathrooms >= 0 else None,
        description=_text(row.get("Description")),
        latitude=_coordinate(row.get("Latitude"), 90),
        longitude=_coordinate(row.get("Longitude"), 180),
        house_category=category,
        ownership_category=_text(row.get("Ownership Category")),
        ammenities=_text(row.get("Ammenities")),
        nearby_ammenities=_text(row.get("Nearby Ammenities")),
        open_house=_text(row.get("Open House")),
        stories=stories if stories is not None and stories >= 0 else None,
        asking_price=asking_price,
    )


def map_rows(rows: Sequence[Mapping[str, Any]], *, for_sale: bool = False) -> tuple[list[Listing], int]:
    """Every mappable row as a Listing (first of a repeated MLS kept) and how many rows were left out."""
    out: list[Listing] = []
    seen: set[str] = set()
    skipped = 0
    for row in rows:
        if not isinstance(row, Mapping):
            skipped += 1
            continue
        listing = map_row(row, for_sale=for_sale)
        if listing is None or listing.id in seen:
            skipped += 1
            continue
        seen.add(listing.id)
        out.append(listing)
    return out, skipped


def _criteria(filters: RentalFilters) -> dict[str, float | None]:
    return {name: getattr(filters, name) for name in ("min_bedrooms", "max_bedrooms", "min_bathrooms",
                                                       "max_bathrooms", "min_sqft", "max_sqft", "rent_min",
                                                       "rent_max")}


def place_tokens(location: str) -> list[str]:
    """Words of a location that can be looked for in an address ('City of Vancouver' -> ['vancouver'])."""
    words = re.findall(r"[a-zà-ÿ]+", location.lower())
    stop = {"city", "of", "metro", "greater", "area", "the", "in", "downtown", "bc", "on", "canada", "region"}
    return [w for w in words if w not in stop and len(w) > 2]


# ---- backends ----

def read_fixture(path: Path) -> list[dict[str, Any]]:
    """Rows of a fixture file (a JSON list of pyRealtor rows); a broken file is the source being unavailable."""
    return list(_read_fixture_cached(str(path), path.stat().st_mtime_ns if path.exists() else 0))


@lru_cache(maxsize=4)
def _read_fixture_cached(path: str, _mtime: int) -> tuple[dict[str, Any], ...]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SourceUnavailable(f"rental fixture {path} cannot be read: {exc}") from exc
    if not isinstance(data, list):
        raise SourceUnavailable(f"rental fixture {path} is not a JSON list of rows")
    return tuple(r for r in data if isinstance(r, dict))


@lru_cache(maxsize=4)
def _mapped_fixture(path: str, _mtime: int) -> tuple[tuple[dict[str, Any], ...], int, bool]:
    rows = read_fixture(Path(path))
    listings, skipped = map_rows(rows)
    derived = any(r.get("Rent Note") for r in rows)
    return tuple(x.model_dump(exclude_none=True) for x in listings), skipped, derived


def run_live(filters: RentalFilters, *, timeout_s: float, command: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """pyRealtor in a child process, in a temporary folder removed afterwards, killed after `timeout_s`.

    Raises SourceUnavailable on a timeout, a crash, or an error pyRealtor only printed (e.g. a 403).
    """
    cmd = list(command or [sys.executable, "-m", "data.sources.realtor_ca_live"])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), str(PROJECT_DIR)) if p)
    # Only the place and the transaction type go to pyRealtor: it cannot filter bedrooms, size or a rent range
    # (its price_from needs a sort it refuses for rent), so those are post-filters here.
    payload = json.dumps({"location": filters.location, "listing_type": filters.listing_type})
    with tempfile.TemporaryDirectory(prefix="pyrealtor-") as folder:
        out_path = Path(folder) / "rows.json"
        try:
            done = subprocess.run([*cmd, str(out_path)], input=payload, capture_output=True, text=True,
                                  cwd=folder, env=env, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired as exc:
            raise SourceUnavailable(f"REALTOR.CA did not answer within {timeout_s:g} s") from exc
        except OSError as exc:
            raise SourceUnavailable(f"pyRealtor could not start: {exc}") from exc
        if done.returncode != 0 or not out_path.exists():
            reason = (done.stderr or "").strip().splitlines()[-1:] or [f"exit code {done.returncode}"]
            raise SourceUnavailable(f"pyRealtor failed: {reason[0][:300]}")
        try:
            result = json.loads(out_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise SourceUnavailable(f"pyRealtor returned unreadable rows: {exc}") from exc
    if result.get("error"):
        raise SourceUnavailable(str(result["error"])[:300])
    return [r for r in result.get("rows", []) if isinstance(r, dict)]


@dataclass(frozen=True)
class RealtorCaSource:
    """REALTOR.CA (via pyRealtor) as a rental source: `search` for §4 listings, `fetch` for the matcher."""

    backend: Literal["live", "fixture"] = "fixture"
    fixture: Path = DEFAULT_FIXTURE
    timeout_s: float = 25.0
    command: tuple[str, ...] | None = None  # the live worker's command (tests replace it)
    name: str = "realtor_ca"

    @property
    def recorded(self) -> bool:
        """True when results come from a recorded sample rather than a live search."""
        return self.backend == "fixture"

    def rows(self, filters: RentalFilters) -> list[dict[str, Any]]:
        """Raw pyRealtor rows for a search (raises SourceUnavailable)."""
        if self.backend == "live":
            return run_live(filters, timeout_s=self.timeout_s, command=self.command)
        return read_fixture(self.fixture)

    def mapped(self, filters: RentalFilters) -> tuple[list[dict[str, Any]], int, bool]:
        """(listings as JSON dicts, rows left out, derived sample rents?) for a search.

        A fixture is mapped once per file version (the rows do not change between searches); live rows each time.
        """
        if filters.listing_type == "for_sale_or_rent":
            # pyRealtor 0.2.6 accepts the value and then fails on it (KeyError): say so before searching
            raise InvalidFilters("Invalid filters: listing_type: 'for_sale_or_rent' is not supported by the "
                                 "REALTOR.CA backend; use 'for_rent' or 'for_sale'")
        if self.backend == "live":
            rows = self.rows(filters)
            listings, skipped = map_rows(rows, for_sale=filters.listing_type == "for_sale")
            return [x.model_dump(exclude_none=True) for x in listings], skipped, False
        path = self.fixture
        dicts, skipped, derived = _mapped_fixture(str(path), path.stat().st_mtime_ns if path.exists() else 0)
        return list(dicts), skipped, derived

    def search_json(self, filters: RentalFilters) -> dict[str, Any]:
        """One logical search as the JSON response: rows -> listings -> post-filters (+ relaxations when none).

        Keys: listings, total_count, and relaxations / notes when there are some. Listing dicts omit unknown fields.
        """
        started = time.perf_counter()
        listings, skipped, derived = self.mapped(filters)
        notes: list[str] = []
        if self.recorded:
            notes.append(RECORDED)
            if derived:
                notes.append(DERIVED_RENT)
        tokens = place_tokens(filters.location)
        if self.recorded and tokens:
            # The live search is bounded by the place; a recorded sample covers one region, so say when the
            # place asked for is not in it rather than return nothing or pretend.
            local = [x for x in listings if any(t in x["address"].lower() for t in tokens)]
            if local:
                listings = local
            else:  # a place the sample does not cover: said, with the places it does; nothing shown as if there
                towns = Counter(x["address"].split(",")[1].strip().title() for x in listings if "," in x["address"])
                notes.append(f"The recorded sample has no listings in {filters.location}: it covers "
                             f"{', '.join(t for t, _ in towns.most_common(6))} and nearby (Ontario).")
                listings = []
        if skipped:
            notes.append(f"{skipped} rows without an id, a rent or a bedroom count were left out.")
        criteria = _criteria(filters)
        kept = filter_rows(listings, criteria=criteria)
        out: dict[str, Any] = {"listings": [dict(x) for x in kept], "total_count": len(kept)}
        if not kept:
            out["relaxations"] = suggest_relaxations(listings, criteria=criteria)
        if notes:
            out["notes"] = notes
        log.info("realtor_ca %s: %d listings, %d kept in %.1f ms", self.backend, len(listings), len(kept),
                 (time.perf_counter() - started) * 1000)
        return out

    def search(self, filters: RentalFilters) -> ListingsResult:
        """One logical search as the contract model (see `search_json`)."""
        return ListingsResult.model_validate(self.search_json(filters))

    def fetch(self, spec: SearchSpec) -> Inventory:
        """The ListingSource view: the listings of the spec's place as inventory units for the matcher."""
        location = " ".join(spec.location) or "Canada"
        filters = RentalFilters(min_bedrooms=spec.min_bedrooms or 0, location=location)
        result = self.search(filters)
        units = [{"unit_id": x.id, "kind": "apartment", "source": SOURCE_NAME, "address": x.address,
                  "neighborhood": x.address.split(",")[1].strip() if "," in x.address else "",
                  "rent": x.price, "sqft": x.sqft, "bedrooms": x.bedrooms, "bathrooms": x.bathrooms}
                 for x in result.listings]
        return Inventory(frame=build_frame(units))
