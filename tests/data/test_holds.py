import multiprocessing as mp
import subprocess
import sys
import types
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from data.stores.holds import HoldError, SlotTaken, SqliteHoldStore
from tests.conftest import ROOT

NY = ZoneInfo("America/New_York")
T0 = datetime(2026, 11, 23, 18, 0, tzinfo=NY)
HALF = timedelta(minutes=30)


def test_overlapping_holds_on_one_unit_are_refused_and_the_next_free_slot_offered(tmp_path):
    store = SqliteHoldStore(tmp_path / "h.sqlite")
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


def test_expired_holds_free_their_slot(tmp_path):
    store = SqliteHoldStore(tmp_path / "h.sqlite", ttl=timedelta(seconds=-1))  # born expired
    old = store.place(thread_id="a", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    fresh = SqliteHoldStore(tmp_path / "h.sqlite")
    fresh.place(thread_id="b", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    assert fresh.expire() == 1 and fresh.get(old.id).status == "expired"


def _race(path: str, worker: int, barrier, results) -> None:
    store = SqliteHoldStore(path)
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


def test_concurrent_processes_never_double_book(tmp_path, monkeypatch):
    # A poisoned __main__ (as the app is after the AppTest tests): a worker that imported it would die.
    poison = tmp_path / "poisoned_main.py"
    poison.write_text("raise SystemExit('a spawned worker ran the parent __main__')\n")
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(poison)
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    path = str(tmp_path / "race.sqlite")
    SqliteHoldStore(path).close()
    with _main_free_spawn() as ctx:
        barrier, results = ctx.Barrier(6), ctx.Queue()
        procs = [ctx.Process(target=_race, args=(path, w, barrier, results)) for w in range(6)]
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
    active = [h for w in range(6) for h in SqliteHoldStore(path).list_by_thread(f"w{w}")]
    assert len(active) == 5


def test_holds_survive_a_restart(tmp_path):
    path = tmp_path / "h.sqlite"
    script = (
        "import sys; from datetime import datetime, timedelta; from zoneinfo import ZoneInfo;"
        "from data.stores.holds import SqliteHoldStore;"
        "t = datetime(2026, 11, 23, 18, tzinfo=ZoneInfo('America/New_York'));"
        f"h = SqliteHoldStore(r'{path}').place(thread_id='keep', unit_id='U-3', address='15 W 38th St',"
        " start=t, end=t + timedelta(minutes=30), contact=None); print(h.id)"
    )
    hold_id = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
    reopened = SqliteHoldStore(path)
    hold = reopened.get(hold_id)
    assert hold is not None and hold.status == "held" and hold.address == "15 W 38th St"
    with pytest.raises(SlotTaken):
        reopened.place(thread_id="other", unit_id="U-3", address="x", start=T0, end=T0 + HALF, contact=None)
