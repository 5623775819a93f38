"""Schema migrations for PostgreSQL: the plain SQL files in migrations/, applied once each, in name order.

Idempotent and safe with many replicas starting at once: an advisory lock serialises the runs, each file runs in
its own transaction with its row in schema_migrations. LangGraph's checkpoint tables come from the library's
own migrations (PostgresSaver.setup), run by the same command.
"""

from __future__ import annotations

import logging
from pathlib import Path

import psycopg
from langgraph.checkpoint.postgres import PostgresSaver

from data.stores.holds_pg import connection_kwargs

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK_KEY = 18_2026  # any constant: the advisory lock that serialises concurrent migrate runs


def migrate(url: str) -> list[str]:
    """Apply the migrations not applied yet (and the checkpointer's); returns the names applied this time."""
    applied: list[str] = []
    # No prepared statements here: a migration file is many statements in one call.
    with psycopg.connect(url, **(connection_kwargs() | {"prepare_threshold": None})) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
        try:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, "
                         "applied_at timestamptz NOT NULL DEFAULT now())")
            done = {row["name"] for row in conn.execute("SELECT name FROM schema_migrations").fetchall()}
            for path in sorted(MIGRATIONS.glob("*.sql")):
                if path.name in done:
                    continue
                with conn.transaction():
                    conn.execute(path.read_text(encoding="utf-8"))
                    conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (path.name,))
                log.info("applied migration %s", path.name)
                applied.append(path.name)
            PostgresSaver(conn).setup()  # type: ignore[arg-type]  # its own versioned, idempotent migrations
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))
    return applied
