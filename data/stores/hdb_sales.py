"""Where the comps search counts and fetches HDB sales: one filter shape, two stores behind the same two queries.

`MemorySalesStore` (the embedded default) answers with numpy masks over the in-memory table; `PgSalesStore`
(data/stores/hdb_pg.py) answers the same filters with parameterized SQL. Both return table row indices, so the
rerank, the vectors and the price model run the same way whichever store filtered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from data.sources.hdb import FLAT_TYPES, HdbTable


@dataclass(frozen=True)
class SaleFilters:
    """Hard filters of one search step (months are month indices; month_to is exclusive: the leak guard)."""

    town: str
    flat_type: str
    month_from: int
    month_to: int
    area_lo: float | None = None
    area_hi: float | None = None
    storey_mid_lo: float | None = None
    storey_mid_hi: float | None = None
    lease_min_months: int | None = None
    streets: tuple[str, ...] | None = None
    price_max: float | None = None


class SalesStore(Protocol):
    """The two queries of the search loop."""

    def count(self, f: SaleFilters) -> int: ...

    def rows(self, f: SaleFilters) -> np.ndarray: ...


class MemorySalesStore:
    """Numpy masks over the in-memory table (no server; ~0.04 ms a count over 31,835 rows).

    Args:
        table: the resale table.
    """

    name = "memory"

    def __init__(self, table: HdbTable) -> None:
        self.table = table

    def mask(self, f: SaleFilters) -> np.ndarray:
        """Rows matching the filters, as a boolean mask."""
        t = self.table
        if f.town not in t.towns or f.flat_type not in FLAT_TYPES:
            return np.zeros(t.size, dtype=bool)
        m = ((t.town == t.town_code(f.town)) & (t.flat_type == FLAT_TYPES.index(f.flat_type))
             & (t.month >= f.month_from) & (t.month < f.month_to))
        if f.area_lo is not None:
            m &= t.area >= f.area_lo
        if f.area_hi is not None:
            m &= t.area <= f.area_hi
        if f.storey_mid_lo is not None:
            m &= t.storey_mid >= f.storey_mid_lo
        if f.storey_mid_hi is not None:
            m &= t.storey_mid <= f.storey_mid_hi
        if f.lease_min_months is not None:
            m &= t.lease_months >= f.lease_min_months
        if f.streets is not None:
            m &= np.isin(t.street_code, [t.streets.index(s) for s in f.streets if s in t.street_town])
        if f.price_max is not None:
            m &= t.price <= f.price_max
        return m

    def count(self, f: SaleFilters) -> int:
        """How many sales match."""
        return int(self.mask(f).sum())

    def rows(self, f: SaleFilters) -> np.ndarray:
        """Table indices of the matching sales, ascending."""
        return np.flatnonzero(self.mask(f))
