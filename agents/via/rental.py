"""The rental search assistant's operations (spec §5), shared by the MCP tools and the graph nodes.

Each takes and returns plain JSON-able data; errors are `InvalidFilters` (bad arguments, a ValueError) and
`SearchUnavailable` (the backend is down: never an empty list).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, get_args
from urllib.parse import quote, urlparse

from pydantic import TypeAdapter, ValidationError

from agents.settings import Settings
from agents.via.contact import ContactError, validate_contact
from contracts.rental import (
    InvalidFilters,
    Listing,
    ListingStats,
    SortKey,
    UserDetails,
    ViewingRequestResult,
    validate_criteria,
    validate_filters,
)
from data.sources.base import RentalSource, SourceUnavailable
from data.sources.realtor_ca import UNAVAILABLE, RealtorCaSource
from scoring.listings import filter_rows, sort_rows, summarize_rows

log = logging.getLogger(__name__)

SORT_KEYS: tuple[str, ...] = get_args(SortKey)
LISTING_CONTACT = "leasing@example.com"  # the simulated listing contact (nothing is sent)
_LISTINGS = TypeAdapter(list[Listing])


class SearchUnavailable(RuntimeError):
    """The rental backend failed or timed out: code 'search_unavailable', a message fit for the user."""

    code = "search_unavailable"

    def __init__(self, detail: str) -> None:
        super().__init__(UNAVAILABLE)
        self.detail = detail

    def payload(self) -> dict[str, Any]:
        """The structured error: {"code", "message", "detail", "retry"}."""
        return {"code": self.code, "message": UNAVAILABLE, "detail": self.detail, "retry": True}


@lru_cache(maxsize=8)
def _source(backend: str, fixture: str, timeout_s: float) -> RealtorCaSource:
    from pathlib import Path

    return RealtorCaSource(backend="live" if backend == "live" else "fixture", fixture=Path(fixture),
                           timeout_s=timeout_s)


def rental_source(settings: Settings | None = None) -> RealtorCaSource:
    """The configured REALTOR.CA source (RENTAL_BACKEND, RENTAL_FIXTURE, RENTAL_TIMEOUT_S)."""
    s = settings or Settings()
    return _source(s.rental_backend, str(s.rental_fixture), s.rental_timeout_s)


def search(filters: Mapping[str, Any] | Any, *, source: RentalSource | None = None) -> dict[str, Any]:
    """rental_search: {"listings", "total_count"} (+ "relaxations" when empty, "notes" about the source)."""
    valid = validate_filters(dict(filters) if isinstance(filters, Mapping) else filters)
    try:
        return (source or rental_source()).search_json(valid)
    except SourceUnavailable as exc:
        log.warning("rental search unavailable: %s", exc)
        raise SearchUnavailable(str(exc)) from exc


def recorded_listing(mls: str, *, source: RentalSource | None = None) -> dict[str, Any] | None:
    """A listing of the recorded REALTOR.CA sample by its MLS number (None when absent or the source is live: a
    live search cannot be asked for one listing)."""
    src = source or rental_source()
    if not isinstance(src, RealtorCaSource) or not src.recorded:
        return None
    listings, _, _ = src.mapped(validate_filters({"location": "Canada", "min_bedrooms": 0}))
    return next((x for x in listings if x.get("id") == mls), None)


def listing_rows(listings: Sequence[Any]) -> list[dict[str, Any]]:
    """Listings given as models or dicts -> validated dicts (InvalidFilters naming the bad item otherwise)."""
    if all(isinstance(x, Listing) for x in listings):
        return [x.model_dump(exclude_none=True) for x in listings]
    try:
        return [x.model_dump(exclude_none=True) for x in _LISTINGS.validate_python(
            [x.model_dump() if isinstance(x, Listing) else x for x in listings])]
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0]["loc"])
        raise InvalidFilters(f"Invalid listings: item {where}: {exc.errors()[0]['msg']}") from exc


def narrow(listings: Sequence[Any], filters: Mapping[str, Any] | None = None, sort_by: str | None = None,
           ascending: bool = True, *, validated: bool = False) -> dict[str, Any]:
    """filter_listings: narrow and/or sort the current list in memory; same shape as rental_search."""
    criteria = validate_criteria(dict(filters) if filters is not None else None)
    if sort_by is not None and sort_by not in SORT_KEYS:
        raise InvalidFilters(f"Invalid filters: sort_by must be one of {', '.join(SORT_KEYS)}, not {sort_by!r}")
    if criteria.is_empty() and sort_by is None:
        raise InvalidFilters("Invalid filters: give at least one criterion in filters, or sort_by")
    rows = list(listings) if validated else listing_rows(listings)
    kept = filter_rows(rows, criteria=criteria.model_dump())
    if sort_by is not None:
        kept = sort_rows(kept, key=sort_by, ascending=ascending)
    return {"listings": list(kept), "total_count": len(kept)}


def summarize(listings: Sequence[Any], *, validated: bool = False) -> dict[str, Any]:
    """summarize_listings: count, price, bedrooms, bathrooms, sqft, house_category."""
    stats = summarize_rows(list(listings) if validated else listing_rows(listings))
    return ListingStats.model_validate(stats).model_dump()


def approval_label(n: int, listing: Mapping[str, Any]) -> str:
    """'[1] 123 Main St — $2,800/month (id: mls-123)': numbered, priced, and carrying the id to map back."""
    street = str(listing.get("address") or "Address not provided").split(",")[0].title()
    price = (str(listing.get("price_display")) if listing.get("asking_price") else
             f"${float(listing['price']):,.0f}/month" if listing.get("price") is not None else "rent not listed")
    return f"[{n}] {street} — {price} (id: {listing['id']})"


def ids_from_labels(selected: Sequence[str]) -> list[str]:
    """The listing ids inside approval labels (anything else is ignored)."""
    out: list[str] = []
    for label in selected:
        text = str(label)
        if "(id: " in text and text.endswith(")"):
            listing_id = text.rsplit("(id: ", 1)[1][:-1].strip()
            if listing_id and listing_id not in out:
                out.append(listing_id)
    return out


def _check_url(listing_url: str) -> str:
    url = str(listing_url or "").strip()
    parts = urlparse(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidFilters(f"Invalid arguments: listing_url must be an http(s) URL, not {listing_url!r}")
    return url


def simulate_viewing(listing_url: str, timeslot: str, user_details: Mapping[str, Any] | UserDetails,
                     *, title: str | None = None) -> dict[str, Any]:
    """simulate_viewing_request: a summary and a mailto: link; nothing is posted anywhere."""
    url = _check_url(listing_url)
    slot = str(timeslot or "").strip()
    if not slot:
        raise InvalidFilters("Invalid arguments: timeslot is empty")
    raw = user_details.model_dump() if isinstance(user_details, UserDetails) else dict(user_details or {})
    try:
        contact = validate_contact(raw, region="CA")
    except ContactError as exc:
        raise InvalidFilters(f"Invalid arguments: user_details: {exc}") from exc
    what = title or url
    summary = f"Viewing request [simulated] for {what} at {slot}. Contact: {contact.name}, {contact.email}."
    lines = ["Hello,", "", f"I would like to view {what} ({url}) at {slot}.", f"Name: {contact.name}",
             f"Email: {contact.email}"]
    if contact.phone:
        lines.append(f"Phone: {contact.phone}")
    if contact.preferred_times:
        lines.append(f"Other times that suit me: {contact.preferred_times}")
    body = "\r\n".join([*lines, "", "Thank you."])
    subject = f"Viewing request: {what} — {slot}"
    mailto = f"mailto:{LISTING_CONTACT}?subject={quote(subject, safe='')}&body={quote(body, safe='')}"
    return ViewingRequestResult(summary=summary, contact_url=mailto).model_dump()
