import multiprocessing as mp
import subprocess
import sys
import types
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from contracts.holds import ViewingRequest
from data.stores.backend import open_holds
from data.stores.holds import HoldError, SlotTaken, SqliteHoldStore
from tests.conftest import ROOT

NY = ZoneInfo("America/New_York")
T0 = datetime(2026, 11, 23, 18, 0, tzinfo=NY)
HALF = timedelta(minutes=30)


def test_overlapping_holds_on_one_unit_are_refused_and_the_next_free_slot_offered(db_location):
    store = open_holds(db_location)
    first = store.place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    with pytest.raises(SlotTaken) as taken:
        store.place(thread_id="b", unit_id="U-1", address="x", start=T0 + timedelta(minutes=15),
                    end=T0 + timedelta(minutes=45), contact=None)
    assert taken.value.next_free == T0 + timedelta(minutes=45)
    # another unit, or a back-to-back slot, is fine
    store.place(thread_id="b", unit_id="U-2", address="y", start=T0, end=T0 + HALF, contact=None)
    store.place(thread_id="b", unit_id="U-1", address="x", start=T0 + HALF, end=T0 + 2 * HALF, contact=None)
    # a released slot is free again; a released hold cannot be confirmed
    store.release(first.id)
    again = store.place(thread_id="c", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    assert again.status == "held" and again.start == T0 and again.start.tzinfo.key == "America/New_York"
    with pytest.raises(HoldError):
        store.confirm(first.id)
    assert store.confirm(again.id).status == "confirmed"
    assert [h.unit_id for h in store.list_by_thread("b")] == ["U-2", "U-1"]


def test_the_database_itself_refuses_a_double_booking(tmp_path):
    store = SqliteHoldStore(tmp_path / "h.sqlite")
    store.place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    import sqlite3

    raw = sqlite3.connect(tmp_path / "h.sqlite")
    with pytest.raises(sqlite3.IntegrityError, match="slot taken"):
        raw.execute("INSERT INTO holds VALUES ('z', 't', 'U-1', '', ?, ?, 'UTC', 'held', ?, NULL, 0)",
                    (int(T0.timestamp()) + 60, int(T0.timestamp()) + 600, int(datetime.now(UTC).timestamp()) + 999))


def test_expired_holds_free_their_slot(db_location):
    store = open_holds(db_location, ttl=timedelta(seconds=-1))  # born expired
    old = store.place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    other = store.place(thread_id="a", unit_id="U-9", address="x", start=T0, end=T0 + HALF, contact=None)
    fresh = open_holds(db_location)
    fresh.place(thread_id="b", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    # the lapsed hold on the slot expired in the same transaction as the new hold; the other one by expire()
    assert fresh.get(old.id).status == "expired" and fresh.get(other.id).status == "held"
    assert fresh.expire() == 1 and fresh.get(other.id).status == "expired"
    with pytest.raises(HoldError, match="expired"):
        fresh.confirm(other.id)


def test_viewing_requests_are_kept_per_thread(db_location):
    store = open_holds(db_location)
    hold = store.confirm(store.place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF,
                                     contact=None).id)
    request = ViewingRequest(hold_id=hold.id, summary="Viewing requested", mailto="mailto:x", ics_filename="t.ics")
    store.record_viewing("a", request)
    assert store.viewings_by_thread("a") == [request] and store.viewings_by_thread("b") == []


def test_postgres_itself_refuses_an_overlapping_hold_written_with_plain_sql(pg_url):
    """The guarantee is the exclusion constraint: a raw INSERT that bypasses the store is refused too."""
    import psycopg

    open_holds(pg_url).place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    with psycopg.connect(pg_url) as raw:
        with pytest.raises(psycopg.errors.ExclusionViolation, match="holds_no_overlap"):
            raw.execute("INSERT INTO holds (id, thread_id, unit_id, starts_at, ends_at, tz, status, expires_at) "
                        "VALUES ('z', 't', 'U-1', %s, %s, 'UTC', 'confirmed', now())",
                        (T0 + timedelta(minutes=10), T0 + timedelta(minutes=20)))
        raw.rollback()
        # an inactive (released) row may overlap; a back-to-back active one may too ([start, end) ranges)
        raw.execute("INSERT INTO holds (id, thread_id, unit_id, starts_at, ends_at, tz, status, expires_at) "
                    "VALUES ('r', 't', 'U-1', %s, %s, 'UTC', 'released', now())", (T0, T0 + HALF))
        raw.execute("INSERT INTO holds (id, thread_id, unit_id, starts_at, ends_at, tz, status, expires_at) "
                    "VALUES ('n', 't', 'U-1', %s, %s, 'UTC', 'held', now() + interval '1 hour')",
                    (T0 + HALF, T0 + 2 * HALF))
        raw.commit()


def test_migrations_apply_once(pg_url):
    from data.stores.__main__ import main
    from data.stores.migrate import migrate

    assert migrate(pg_url) == []  # pg_url is migrated already: a second run applies nothing
    assert main(["migrate", "--url", pg_url]) == 0
    assert main(["migrate", "--url", "mysql://x"]) == 2


WORKERS = 8


def _race(path: str, worker: int, barrier, results) -> None:
    store = open_holds(path)
    barrier.wait(timeout=30)  # a worker that never arrives breaks the barrier instead of hanging the others
    won = []
    for slot in range(5):
        start = T0 + slot * HALF
        try:
            store.place(thread_id=f"w{worker}", unit_id="U-7", address="x", start=start, end=start + HALF,
                        contact=None)
            won.append(slot)
        except SlotTaken:
            pass
    results.put((worker, won))


@contextmanager
def _main_free_spawn():
    """A spawn context whose workers do not import the parent's __main__ (after AppTest runs, __main__ is the
    app; a spawned worker would run it). Spawn reads __main__ only while starting a process."""
    saved = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield mp.get_context("spawn")
    finally:
        sys.modules["__main__"] = saved


def test_concurrent_processes_never_double_book(db_location, tmp_path, monkeypatch):
    # A poisoned __main__ (as the app is after the AppTest tests): a worker that imported it would die.
    poison = tmp_path / "poisoned_main.py"
    poison.write_text("raise SystemExit('a spawned worker ran the parent __main__')\n")
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(poison)
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    path = db_location
    open_holds(path).close()
    with _main_free_spawn() as ctx:
        barrier, results = ctx.Barrier(WORKERS), ctx.Queue()
        procs = [ctx.Process(target=_race, args=(path, w, barrier, results)) for w in range(WORKERS)]
        for p in procs:
            p.start()
    try:
        outcomes = [results.get(timeout=60) for _ in procs]
    finally:
        for p in procs:
            p.join(timeout=10)
            if p.is_alive():
                p.kill()
    wins = [slot for _, won in outcomes for slot in won]
    assert sorted(wins) == [0, 1, 2, 3, 4]  # exactly one winner per slot
    store = open_holds(path)
    active = [h for w in range(WORKERS) for h in store.list_by_thread(f"w{w}")]
    assert len(active) == 5


def test_holds_survive_a_restart(db_location):
    path = db_location
    script = (
        "import sys; from datetime import datetime, timedelta; from zoneinfo import ZoneInfo;"
        "from data.stores.backend import open_holds;"
        "t = datetime(2026, 11, 23, 18, tzinfo=ZoneInfo('America/New_York'));"
        f"h = open_holds(r'{path}').place(thread_id='keep', unit_id='U-3', address='15 W 38th St',"
        " start=t, end=t + timedelta(minutes=30), contact=None); print(h.id)"
    )
    hold_id = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
    reopened = open_holds(path)
    hold = reopened.get(hold_id)
    assert hold is not None and hold.status == "held" and hold.address == "15 W 38th St"
    with pytest.raises(SlotTaken):
        reopened.place(thread_id="other", unit_id="U-3", address="x", start=T0, end=T0 + HALF, contact=None)


def test_the_slot_offered_instead_is_within_touring_hours(db_location):
    store = open_holds(db_location)
    late = datetime(2026, 11, 23, 20, 30, tzinfo=NY)
    store.place(thread_id="a", unit_id="U-1", address="x", start=late, end=late + HALF, contact=None)
    with pytest.raises(SlotTaken) as taken:
        store.place(thread_id="b", unit_id="U-1", address="x", start=late, end=late + HALF, contact=None)
    assert taken.value.next_free == datetime(2026, 11, 24, 8, 0, tzinfo=NY)  # not 21:00, 21:30 … 3:00 a.m.
