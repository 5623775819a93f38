"""HDB sales in PostgreSQL: the multi-user backend of the comps search, answering the same SaleFilters with SQL.

The table follows the spec's `hdb_resale` (raw columns plus month_date, storey_min/max/mid, remaining_lease_months,
listing_text) with its composite indexes. Every query is parameterized (psycopg placeholders; no value is ever
formatted into SQL). Without the `vector` extension the vectors are scored in numpy after the SQL hard filters,
as the in-memory store does, so both backends rank identically.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

import numpy as np

from data.sources.base import SourceUnavailable
from data.sources.hdb import FLAT_TYPES, HdbTable
from data.stores.hdb_sales import SaleFilters

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS hdb_resale (
    idx integer PRIMARY KEY,            -- row index in the in-memory table (rerank and price model read it)
    id text UNIQUE NOT NULL,
    month_date date NOT NULL,
    month_idx integer NOT NULL,
    town text NOT NULL,
    flat_type text NOT NULL,
    block text NOT NULL,
    street_name text NOT NULL,
    storey_range text NOT NULL,
    storey_min smallint NOT NULL,
    storey_max smallint NOT NULL,
    storey_mid real NOT NULL,
    floor_area_sqm double precision NOT NULL,
    flat_model text NOT NULL,
    lease_commence_date smallint NOT NULL,
    remaining_lease_months integer NOT NULL,
    resale_price double precision NOT NULL,
    listing_text text NOT NULL
);
CREATE INDEX IF NOT EXISTS hdb_resale_tfm ON hdb_resale (town, flat_type, month_idx);
CREATE INDEX IF NOT EXISTS hdb_resale_tfa ON hdb_resale (town, flat_type, floor_area_sqm);
"""


def where(f: SaleFilters) -> tuple[str, list[Any]]:
    """The WHERE clause of the filters and its parameters (placeholders only)."""
    clauses = ["town = %s", "flat_type = %s", "month_idx >= %s", "month_idx < %s"]
    params: list[Any] = [f.town, f.flat_type, f.month_from, f.month_to]
    for column, op, value in (("floor_area_sqm", ">=", f.area_lo), ("floor_area_sqm", "<=", f.area_hi),
                              ("storey_mid", ">=", f.storey_mid_lo), ("storey_mid", "<=", f.storey_mid_hi),
                              ("remaining_lease_months", ">=", f.lease_min_months),
                              ("resale_price", "<=", f.price_max)):
        if value is not None:
            clauses.append(f"{column} {op} %s")  # column and operator come from the fixed list above
            params.append(value)
    if f.streets is not None:
        clauses.append("street_name = ANY(%s)")
        params.append(list(f.streets))
    return " AND ".join(clauses), params


class PgSalesStore:
    """Counts and fetches over a PostgreSQL `hdb_resale` table.

    Args:
        dsn: a libpq connection string, e.g. "postgresql://user@127.0.0.1:5432/db".
    """

    name = "postgres"

    def __init__(self, dsn: str) -> None:
        import psycopg  # imported here: the embedded default never needs it

        try:
            self.conn = psycopg.connect(dsn, autocommit=True, connect_timeout=5)
        except psycopg.OperationalError as exc:
            raise SourceUnavailable(f"PostgreSQL is not reachable: {exc}") from exc

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def load(self, table: HdbTable) -> int:
        """Create the table (replacing its rows) from the in-memory table with COPY; returns the row count."""
        with self.conn.cursor() as cur:
            cur.execute(SCHEMA)
            cur.execute("TRUNCATE hdb_resale")
            with cur.copy("COPY hdb_resale FROM STDIN") as copy:
                for i in range(table.size):
                    m = int(table.month[i])
                    copy.write_row((i, str(table.ids[i]), date(m // 12, m % 12 + 1, 1), m, table.towns[table.town[i]],
                                    FLAT_TYPES[table.flat_type[i]], str(table.block[i]), str(table.street[i]),
                                    str(table.storey_range[i]), int(table.storey_low[i]), int(table.storey_high[i]),
                                    float(table.storey_mid[i]), float(table.area[i]),
                                    table.models[table.flat_model[i]], int(table.lease_commence[i]),
                                    int(table.lease_months[i]), float(table.price[i]), table.text[i]))
            cur.execute("ANALYZE hdb_resale")
            cur.execute("SELECT COUNT(*) FROM hdb_resale")
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def size(self) -> int:
        """Rows in hdb_resale (0 when the table does not exist yet)."""
        with self.conn.cursor() as cur:
            cur.execute("SELECT to_regclass('hdb_resale') IS NOT NULL")
            exists = cur.fetchone()
            if not exists or not exists[0]:
                return 0
            cur.execute("SELECT COUNT(*) FROM hdb_resale")
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def count(self, f: SaleFilters) -> int:
        """How many sales match (SELECT COUNT(*) ... WHERE <filters>)."""
        clause, params = where(f)
        with self.conn.cursor() as cur:
            cur.execute(f"SELECT COUNT(*) FROM hdb_resale WHERE {clause}", params)
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def rows(self, f: SaleFilters) -> np.ndarray:
        """Table indices of the matching sales, ascending."""
        clause, params = where(f)
        with self.conn.cursor() as cur:
            cur.execute(f"SELECT idx FROM hdb_resale WHERE {clause} ORDER BY idx", params)
            return np.array([r[0] for r in cur.fetchall()], dtype=np.int64)

    def price_stats(self, f: SaleFilters) -> dict[str, float | int | None]:
        """The spec's stats in SQL (percentile_cont: linear interpolation, as scoring.comps.price_stats)."""
        clause, params = where(f)
        sql = ("SELECT COUNT(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY resale_price), "
               "percentile_cont(0.25) WITHIN GROUP (ORDER BY resale_price), "
               "percentile_cont(0.75) WITHIN GROUP (ORDER BY resale_price), MIN(resale_price), MAX(resale_price) "
               f"FROM hdb_resale WHERE {clause}")
        with self.conn.cursor() as cur:
            cur.execute(sql, params)
            row = cur.fetchone()
        keys = ("count", "median", "p25", "p75", "min", "max")
        return dict(zip(keys, row, strict=True)) if row else {"count": 0}
