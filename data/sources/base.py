"""The protocol every inventory source follows, so the matcher scores units without knowing where they came from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from contracts.rental import ListingsResult, RentalFilters
    from contracts.search import SearchSpec
    from data.sources.nyc import Inventory


class SourceUnavailable(RuntimeError):
    """The source could not answer (down, timed out, refused): say so, never return an empty result instead."""


class ListingSource(Protocol):
    """A place units come from.

    `fetch` returns the units the source holds for a request as an `Inventory` (one normalized frame): a file
    source returns everything it has and lets the matcher filter; a live portal queries by place and price.
    It raises `SourceUnavailable` when it cannot answer.
    """

    name: str

    def fetch(self, spec: SearchSpec) -> Inventory: ...


class RentalSource(Protocol):
    """A rental search backend of the rental assistant (spec §6): §4.1 filters in, §4.2 listings out.

    `search_json` returns the JSON response ({"listings", "total_count"} plus "relaxations" when nothing matches
    and "notes" about the source); `search` the same as a `ListingsResult`. Both raise `SourceUnavailable` when
    the backend cannot answer (never an empty list instead).
    """

    @property
    def name(self) -> str: ...

    def search_json(self, filters: RentalFilters) -> dict[str, Any]: ...

    def search(self, filters: RentalFilters) -> ListingsResult: ...
