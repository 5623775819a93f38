"""The one switch between the embedded and the server database: DATABASE_URL unset → SQLite files beside the
app; a postgresql:// URL → PostgreSQL for holds, viewing requests and the threads' checkpoints.

Callers (the Streamlit app, the served graph, the load test) get the same two objects either way: a HoldStore
and a LangGraph checkpointer.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver

from data.stores.holds import HoldStore, SqliteHoldStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class DatabaseUrlError(ValueError):
    """DATABASE_URL is set but is no PostgreSQL URL."""


class DatabaseUnavailable(RuntimeError):
    """DATABASE_URL names a PostgreSQL server that cannot be reached (the message names host and port only)."""


def _where(url: str) -> str:
    """host:port/db of a URL, without user or password (for messages and logs)."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:  # a malformed URL: say nothing of it but that
        return "the configured server"
    return f"{parts.get('host', 'localhost')}:{parts.get('port', 5432)}/{parts.get('dbname', '')}"


@dataclass
class Backend:
    """The stores of one process: holds (and viewing requests) and the checkpointer, on one database kind."""

    kind: Literal["sqlite", "postgres"]
    holds: HoldStore
    checkpointer: BaseCheckpointSaver
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            close()


def check_url(url: str) -> str:
    """The URL if it names PostgreSQL, else DatabaseUrlError saying what is expected."""
    if not url.startswith(POSTGRES_SCHEMES):
        scheme = url.split("://", 1)[0] if "://" in url else url[:20]
        raise DatabaseUrlError(f"DATABASE_URL must start with postgresql:// (got {scheme!r}); "
                               "leave it unset to use the SQLite files")
    return url


def open_backend(database_url: str | None, *, db_path: Path, hold_ttl: timedelta = timedelta(hours=24),
                 migrate: bool = True, pool_size: int = 8) -> Backend:
    """Open the stores. SQLite: `db_path` (checkpoints) and holds.sqlite beside it. PostgreSQL: one pool shared
    by the holds store and the checkpointer; the migrations are applied first unless `migrate` is False."""
    if not database_url:
        from langgraph.checkpoint.sqlite import SqliteSaver

        db_path.parent.mkdir(parents=True, exist_ok=True)
        holds = SqliteHoldStore(db_path.with_name("holds.sqlite"), ttl=hold_ttl)
        conn = sqlite3.connect(str(db_path), check_same_thread=False)
        return Backend("sqlite", holds, SqliteSaver(conn), [holds.close, conn.close])

    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg_pool import PoolTimeout

    from data.stores.holds_pg import PostgresHoldStore, open_pool

    url = check_url(database_url)
    try:
        if migrate:
            from data.stores.migrate import migrate as apply_migrations

            apply_migrations(url)
        pool = open_pool(url, max_size=pool_size)
    except (psycopg.OperationalError, PoolTimeout) as exc:
        raise DatabaseUnavailable(f"PostgreSQL at {_where(url)} is not reachable ({type(exc).__name__}); start it, "
                                  "or unset DATABASE_URL to use the SQLite files") from exc
    return Backend("postgres", PostgresHoldStore(pool, ttl=hold_ttl), PostgresSaver(pool),  # type: ignore[arg-type]
                   [pool.close])


def open_holds(location: str | Path, *, ttl: timedelta = timedelta(hours=24)) -> HoldStore:
    """A holds store alone: `location` is a postgresql:// URL (migrated already) or a SQLite file path."""
    if str(location).startswith(POSTGRES_SCHEMES):
        from data.stores.holds_pg import PostgresHoldStore

        return PostgresHoldStore.connect(str(location), ttl=ttl)
    return SqliteHoldStore(location, ttl=ttl)
