"""The holds store on PostgreSQL: the same protocol as the SQLite store, for many processes and machines.

No double booking is the schema's rule, not the application's: the exclusion constraint `holds_no_overlap`
(btree_gist, `tstzrange(starts_at, ends_at) WITH &&` over active holds of one unit, migrations/0001_holds.sql)
refuses an overlapping insert from any writer. Two racing inserts serialise on the constraint: the second waits
for the first to commit, then fails with an exclusion violation, which becomes SlotTaken with the next free
slot. Lapsed holds on the slot are marked expired in the same transaction as the insert, so they free it.
"""

from __future__ import annotations

import logging
import random
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from contracts.holds import Contact, Hold, ViewingRequest
from data.stores.holds import HoldError, SlotTaken, first_free

Pool = ConnectionPool[psycopg.Connection[DictRow]]

log = logging.getLogger(__name__)

RETRIES = 8  # of a hold whose insert deadlocked with a racing one
ACTIVE = "(status = 'confirmed' OR (status = 'held' AND expires_at > now()))"


def connection_kwargs() -> dict[str, Any]:
    """Connection settings shared with LangGraph's Postgres checkpointer (it needs exactly these)."""
    return {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}


def open_pool(url: str, *, max_size: int = 8) -> Pool:
    """A thread-safe connection pool (waits up to 10 s for the server; a clear error if it is not there)."""
    pool: Pool = ConnectionPool(url, min_size=1, max_size=max_size, kwargs=connection_kwargs(),
                                connection_class=psycopg.Connection[DictRow], open=False, name="workspace")
    pool.open(wait=True, timeout=10)
    return pool


class PostgresHoldStore:
    """PostgreSQL implementation of HoldStore over a connection pool (shared with the checkpointer)."""

    def __init__(self, pool: Pool, *, ttl: timedelta = timedelta(hours=24), owns_pool: bool = False) -> None:
        self.pool = pool
        self.ttl = ttl
        self._owns_pool = owns_pool

    @classmethod
    def connect(cls, url: str, *, ttl: timedelta = timedelta(hours=24), pool_size: int = 2) -> PostgresHoldStore:
        """A store with a pool of its own (closed by close()); the schema must be migrated already."""
        return cls(open_pool(url, max_size=pool_size), ttl=ttl, owns_pool=True)

    def close(self) -> None:
        """Close the pool if this store opened it (a shared pool belongs to data/stores/backend.py)."""
        if self._owns_pool:
            self.pool.close()

    @staticmethod
    def _hold(row: dict[str, Any]) -> Hold:
        tz = ZoneInfo(row["tz"])
        contact = Contact.model_validate(row["contact"]) if row["contact"] else None
        return Hold(id=row["id"], thread_id=row["thread_id"], unit_id=row["unit_id"], address=row["address"],
                    start=row["starts_at"].astimezone(tz), end=row["ends_at"].astimezone(tz), status=row["status"],
                    expires_at=row["expires_at"].astimezone(tz), contact=contact)

    def place(self, *, thread_id: str, unit_id: str, address: str, start: datetime, end: datetime,
              contact: Contact | None) -> Hold:
        """Hold a slot; raises SlotTaken (with the next free slot) when it overlaps an active hold."""
        hold_id = uuid.uuid4().hex[:12]
        now = datetime.now(UTC)
        tz = getattr(start.tzinfo, "key", "UTC")
        for attempt in range(RETRIES):
            try:
                with self.pool.connection() as conn, conn.transaction():
                    # Racing inserts of one unit queue here instead of deadlocking inside the constraint check
                    # (each waiting for the other's uncommitted row). This only orders them: what refuses an
                    # overlap is still the exclusion constraint (a plain INSERT without this lock is refused too).
                    conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"hold:{unit_id}",))
                    conn.execute(
                        "UPDATE holds SET status = 'expired' WHERE unit_id = %s AND status = 'held' "
                        "AND expires_at <= now() AND tstzrange(starts_at, ends_at) && tstzrange(%s, %s)",
                        (unit_id, start, end))
                    row = conn.execute(
                        "INSERT INTO holds (id, thread_id, unit_id, address, starts_at, ends_at, tz, status,"
                        " expires_at, contact, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, 'held', %s, %s, %s)"
                        " RETURNING *",
                        (hold_id, thread_id, unit_id, address, start, end, tz, now + self.ttl,
                         contact.model_dump_json() if contact else None, now),
                    ).fetchone()
                break
            except psycopg.errors.ExclusionViolation as exc:
                raise SlotTaken(unit_id, start, self.next_free(unit_id, start, end)) from exc
            except psycopg.errors.DeadlockDetected:
                # Two inserts on one slot can each wait for the other while checking the constraint; the server
                # aborts one of them. Trying again finds the winner committed: a plain exclusion violation.
                log.info("hold on %s deadlocked with a racing insert (try %d); retrying", unit_id, attempt + 1)
                time.sleep(random.uniform(0.0, 0.02 * (attempt + 1)))
        else:
            raise HoldError(f"could not hold {unit_id} at {start.isoformat()}: the database kept deadlocking")
        assert row is not None
        return self._hold(row)

    def _set_status(self, hold_id: str, status: str, allowed_from: tuple[str, ...]) -> Hold:
        with self.pool.connection() as conn, conn.transaction():
            # Lapse first (same transaction, row locked), then check the transition.
            conn.execute("UPDATE holds SET status = 'expired' WHERE id = %s AND status = 'held' "
                         "AND expires_at <= now()", (hold_id,))
            row = conn.execute("SELECT * FROM holds WHERE id = %s FOR UPDATE", (hold_id,)).fetchone()
            if row is None:
                raise HoldError(f"no hold {hold_id}")
            if row["status"] not in allowed_from:
                raise HoldError(f"hold {hold_id} is {row['status']}; it cannot become {status}")
            row = conn.execute("UPDATE holds SET status = %s WHERE id = %s RETURNING *", (status, hold_id)).fetchone()
        assert row is not None
        return self._hold(row)

    def confirm(self, hold_id: str) -> Hold:
        """A held slot becomes a confirmed tour (no expiry any more)."""
        return self._set_status(hold_id, "confirmed", ("held", "confirmed"))

    def release(self, hold_id: str) -> Hold:
        """Give a held or confirmed slot back."""
        return self._set_status(hold_id, "released", ("held", "confirmed", "released"))

    def get(self, hold_id: str) -> Hold | None:
        with self.pool.connection() as conn:
            row = conn.execute("SELECT * FROM holds WHERE id = %s", (hold_id,)).fetchone()
        return self._hold(row) if row else None

    def list_by_thread(self, thread_id: str) -> list[Hold]:
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT * FROM holds WHERE thread_id = %s ORDER BY starts_at, created_at",
                                (thread_id,)).fetchall()
        return [self._hold(r) for r in rows]

    def expire(self, now: datetime | None = None) -> int:
        """Mark lapsed 'held' holds as expired; returns how many."""
        with self.pool.connection() as conn:
            cursor = conn.execute("UPDATE holds SET status = 'expired' WHERE status = 'held' AND expires_at <= %s",
                                  (now or datetime.now(UTC),))
            return cursor.rowcount

    def _busy(self, unit_id: str, after: datetime) -> list[tuple[int, int]]:
        with self.pool.connection() as conn:
            rows = conn.execute(
                f"SELECT starts_at, ends_at FROM holds WHERE unit_id = %s AND ends_at > %s AND {ACTIVE}",
                (unit_id, after)).fetchall()
        return [(int(r["starts_at"].timestamp()), int(r["ends_at"].timestamp())) for r in rows]

    def is_taken(self, unit_id: str, start: datetime, end: datetime) -> bool:
        """Whether an active hold on the unit overlaps the slot."""
        s, e = int(start.timestamp()), int(end.timestamp())
        return any(b_start < e and s < b_end for b_start, b_end in self._busy(unit_id, start))

    def next_free(self, unit_id: str, start: datetime, end: datetime, *, step: timedelta = timedelta(minutes=30),
                  tries: int = 96) -> datetime | None:
        """The first start after `start` (in steps) whose slot overlaps no active hold on the unit."""
        return first_free(self._busy(unit_id, start), start, end, step=step, tries=tries)

    def record_viewing(self, thread_id: str, request: ViewingRequest) -> None:
        """Keep the simulated viewing request of a confirmed hold (one per hold; a repeat replaces it)."""
        with self.pool.connection() as conn:
            conn.execute("INSERT INTO viewing_requests (hold_id, thread_id, request) VALUES (%s, %s, %s) "
                         "ON CONFLICT (hold_id) DO UPDATE SET request = EXCLUDED.request",
                         (request.hold_id, thread_id, request.model_dump_json()))

    def viewings_by_thread(self, thread_id: str) -> list[ViewingRequest]:
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT request FROM viewing_requests WHERE thread_id = %s ORDER BY created_at",
                                (thread_id,)).fetchall()
        return [ViewingRequest.model_validate(r["request"]) for r in rows]


def double_bookings(pool: Pool) -> int:
    """Pairs of active holds on one unit whose times overlap (the constraint makes this 0; the load test checks)."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM holds a JOIN holds b ON a.unit_id = b.unit_id AND a.id < b.id "
            "WHERE a.active AND b.active AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)"
        ).fetchone()
    return int(row["n"]) if row else 0
