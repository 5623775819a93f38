"""The holds store: tour-slot holds that survive restarts and can never double-book a unit.

The rule "two active holds on the same unit must not overlap" lives in the database, as triggers that abort
the write; SQLite runs one writer at a time, so the check and the write are one atomic step even with many
processes. PostgreSQL (holds_pg.py) implements the same protocol (HoldStore) with an exclusion constraint;
data/stores/backend.py picks one from DATABASE_URL.
"""

from __future__ import annotations

import sqlite3
import threading
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Protocol

from contracts.holds import Contact, Hold, ViewingRequest

SCHEMA = """
CREATE TABLE IF NOT EXISTS holds (
    id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    unit_id TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    start_ts INTEGER NOT NULL,          -- UTC epoch seconds
    end_ts INTEGER NOT NULL CHECK (end_ts > start_ts),
    tz TEXT NOT NULL,                   -- the slot's time zone, to give times back as they were asked
    status TEXT NOT NULL CHECK (status IN ('held', 'confirmed', 'released', 'expired')),
    expires_ts INTEGER NOT NULL,
    contact TEXT,
    created_ts INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS holds_unit ON holds (unit_id, start_ts);
CREATE INDEX IF NOT EXISTS holds_thread ON holds (thread_id);
CREATE TABLE IF NOT EXISTS viewing_requests (
    hold_id TEXT PRIMARY KEY REFERENCES holds (id),
    thread_id TEXT NOT NULL,
    request TEXT NOT NULL,              -- a ViewingRequest as JSON
    created_ts INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS viewing_requests_thread ON viewing_requests (thread_id);
CREATE TRIGGER IF NOT EXISTS holds_no_overlap_insert
BEFORE INSERT ON holds
WHEN NEW.status IN ('held', 'confirmed')
BEGIN
    SELECT RAISE(ABORT, 'slot taken')
    WHERE EXISTS (
        SELECT 1 FROM holds h
        WHERE h.unit_id = NEW.unit_id
          AND (h.status = 'confirmed' OR (h.status = 'held' AND h.expires_ts > CAST(strftime('%s', 'now') AS INTEGER)))
          AND h.start_ts < NEW.end_ts AND NEW.start_ts < h.end_ts
    );
END;
CREATE TRIGGER IF NOT EXISTS holds_no_overlap_update
BEFORE UPDATE OF status ON holds
WHEN NEW.status IN ('held', 'confirmed') AND OLD.status NOT IN ('held', 'confirmed')
BEGIN
    SELECT RAISE(ABORT, 'slot taken')
    WHERE EXISTS (
        SELECT 1 FROM holds h
        WHERE h.id != NEW.id AND h.unit_id = NEW.unit_id
          AND (h.status = 'confirmed' OR (h.status = 'held' AND h.expires_ts > CAST(strftime('%s', 'now') AS INTEGER)))
          AND h.start_ts < NEW.end_ts AND NEW.start_ts < h.end_ts
    );
END;
"""


class SlotTaken(Exception):
    """The slot overlaps an active hold on the same unit; next_free is the next slot that was free."""

    def __init__(self, unit_id: str, start: datetime, next_free: datetime | None) -> None:
        super().__init__(f"{unit_id} is already held at {start.isoformat()}")
        self.unit_id = unit_id
        self.start = start
        self.next_free = next_free


class HoldError(Exception):
    """A hold that cannot change as asked (unknown id, or released/expired already)."""


class HoldStore(Protocol):
    """What the agents need of a holds store."""

    def place(self, *, thread_id: str, unit_id: str, address: str, start: datetime, end: datetime,
              contact: Contact | None) -> Hold: ...

    def confirm(self, hold_id: str) -> Hold: ...

    def release(self, hold_id: str) -> Hold: ...

    def get(self, hold_id: str) -> Hold | None: ...

    def list_by_thread(self, thread_id: str) -> list[Hold]: ...

    def expire(self, now: datetime | None = None) -> int: ...

    def next_free(self, unit_id: str, start: datetime, end: datetime) -> datetime | None: ...  # within TOUR_HOURS

    def is_taken(self, unit_id: str, start: datetime, end: datetime) -> bool: ...

    def record_viewing(self, thread_id: str, request: ViewingRequest) -> None: ...

    def viewings_by_thread(self, thread_id: str) -> list[ViewingRequest]: ...

    def close(self) -> None: ...


def _ts(dt: datetime) -> int:
    return int(dt.timestamp())


TOUR_HOURS = (8, 21)  # a slot offered instead of a taken one starts between 8:00 and 21:00 local time


def first_free(busy: list[tuple[int, int]], start: datetime, end: datetime, *, step: timedelta, tries: int,
               hours: tuple[int, int] | None = TOUR_HOURS) -> datetime | None:
    """The first start after `start` (in steps) whose slot overlaps none of the busy (start, end) epoch pairs
    and, with `hours`, starts within those local hours (in the slot's own time zone): nobody tours at 3 a.m."""
    length = end - start
    candidate = start
    for _ in range(tries):
        candidate = candidate + step
        if hours is not None and not hours[0] <= candidate.hour < hours[1]:
            continue
        c_start, c_end = _ts(candidate), _ts(candidate + length)
        if not any(b_start < c_end and c_start < b_end for b_start, b_end in busy):
            return candidate
    return None


class SqliteHoldStore:
    """SQLite (WAL) implementation. One connection per store object; safe across processes."""

    def __init__(self, path: Path | str, *, ttl: timedelta = timedelta(hours=24)) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.ttl = ttl
        self._db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=30000")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def _hold(self, row: sqlite3.Row) -> Hold:
        from zoneinfo import ZoneInfo

        tz = ZoneInfo(row["tz"])
        contact = Contact.model_validate_json(row["contact"]) if row["contact"] else None
        return Hold(id=row["id"], thread_id=row["thread_id"], unit_id=row["unit_id"], address=row["address"],
                    start=datetime.fromtimestamp(row["start_ts"], tz), end=datetime.fromtimestamp(row["end_ts"], tz),
                    status=row["status"], expires_at=datetime.fromtimestamp(row["expires_ts"], tz), contact=contact)

    def place(self, *, thread_id: str, unit_id: str, address: str, start: datetime, end: datetime,
              contact: Contact | None) -> Hold:
        """Hold a slot; raises SlotTaken (with the next free slot) when it overlaps an active hold."""
        hold_id = uuid.uuid4().hex[:12]
        now = datetime.now(UTC)
        tz = getattr(start.tzinfo, "key", "UTC")
        try:
            with self._lock:  # one connection serves all of a process's threads: one transaction at a time
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    # Lapsed holds on the slot become 'expired' in the same transaction as the insert (the
                    # triggers already ignore them; this keeps their status true, as the PostgreSQL store does).
                    self._db.execute(
                        "UPDATE holds SET status = 'expired' WHERE unit_id = ? AND status = 'held' "
                        "AND expires_ts <= ? AND start_ts < ? AND ? < end_ts",
                        (unit_id, _ts(now), _ts(end), _ts(start)))
                    self._db.execute(
                        "INSERT INTO holds (id, thread_id, unit_id, address, start_ts, end_ts, tz, status, expires_ts,"
                        " contact, created_ts) VALUES (?, ?, ?, ?, ?, ?, ?, 'held', ?, ?, ?)",
                        (hold_id, thread_id, unit_id, address, _ts(start), _ts(end), tz, _ts(now + self.ttl),
                         contact.model_dump_json() if contact else None, _ts(now)),
                    )
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            if "slot taken" not in str(exc):
                raise
            raise SlotTaken(unit_id, start, self.next_free(unit_id, start, end)) from exc
        hold = self.get(hold_id)
        assert hold is not None
        return hold

    def _set_status(self, hold_id: str, status: str, allowed_from: tuple[str, ...]) -> Hold:
        hold = self.get(hold_id)
        if hold is None:
            raise HoldError(f"no hold {hold_id}")
        if hold.status == "held" and hold.expires_at <= datetime.now(UTC):
            self.expire()
            hold = self.get(hold_id)
            assert hold is not None
        if hold.status not in allowed_from:
            raise HoldError(f"hold {hold_id} is {hold.status}; it cannot become {status}")
        self._db.execute("UPDATE holds SET status = ? WHERE id = ?", (status, hold_id))
        updated = self.get(hold_id)
        assert updated is not None
        return updated

    def confirm(self, hold_id: str) -> Hold:
        """A held slot becomes a confirmed tour (no expiry any more)."""
        return self._set_status(hold_id, "confirmed", ("held", "confirmed"))

    def release(self, hold_id: str) -> Hold:
        """Give a held or confirmed slot back."""
        return self._set_status(hold_id, "released", ("held", "confirmed", "released"))

    def get(self, hold_id: str) -> Hold | None:
        row = self._db.execute("SELECT * FROM holds WHERE id = ?", (hold_id,)).fetchone()
        return self._hold(row) if row else None

    def list_by_thread(self, thread_id: str) -> list[Hold]:
        rows = self._db.execute("SELECT * FROM holds WHERE thread_id = ? ORDER BY start_ts", (thread_id,)).fetchall()
        return [self._hold(r) for r in rows]

    def expire(self, now: datetime | None = None) -> int:
        """Mark lapsed 'held' holds as expired; returns how many."""
        cursor = self._db.execute("UPDATE holds SET status = 'expired' WHERE status = 'held' AND expires_ts <= ?",
                                  (_ts(now or datetime.now(UTC)),))
        return cursor.rowcount

    def _busy(self, unit_id: str, after: datetime) -> list[tuple[int, int]]:
        """Active holds on the unit that end after `after`, as (start, end) epoch seconds."""
        rows = self._db.execute(
            "SELECT start_ts, end_ts FROM holds WHERE unit_id = ? AND end_ts > ? AND "
            "(status = 'confirmed' OR (status = 'held' AND expires_ts > ?))",
            (unit_id, _ts(after), _ts(datetime.now(UTC))),
        ).fetchall()
        return [(r["start_ts"], r["end_ts"]) for r in rows]

    def is_taken(self, unit_id: str, start: datetime, end: datetime) -> bool:
        """Whether an active hold on the unit overlaps the slot."""
        return any(b_start < _ts(end) and _ts(start) < b_end for b_start, b_end in self._busy(unit_id, start))

    def next_free(self, unit_id: str, start: datetime, end: datetime, *, step: timedelta = timedelta(minutes=30),
                  tries: int = 96) -> datetime | None:
        """The first start after `start` (in steps) whose slot overlaps no active hold on the unit."""
        return first_free(self._busy(unit_id, start), start, end, step=step, tries=tries)

    def record_viewing(self, thread_id: str, request: ViewingRequest) -> None:
        """Keep the simulated viewing request of a confirmed hold (one per hold; a repeat replaces it)."""
        self._db.execute("INSERT OR REPLACE INTO viewing_requests (hold_id, thread_id, request, created_ts) "
                         "VALUES (?, ?, ?, ?)", (request.hold_id, thread_id, request.model_dump_json(),
                                                 _ts(datetime.now(UTC))))

    def viewings_by_thread(self, thread_id: str) -> list[ViewingRequest]:
        rows = self._db.execute("SELECT request FROM viewing_requests WHERE thread_id = ? ORDER BY created_ts",
                                (thread_id,)).fetchall()
        return [ViewingRequest.model_validate_json(r["request"]) for r in rows]
