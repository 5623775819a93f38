"""The protocol every inventory source follows, so the matcher scores units without knowing where they came from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
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
