"""The PostgreSQL backend of the comps search, against a real server this test starts (initdb in a temp dir,
listening on 127.0.0.1 only). It must answer every filter exactly as the in-memory store does."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from agents.market.comps import CompsEngine
from agents.market.comps_search import run_loop
from contracts.comps import Target
from data.sources.base import SourceUnavailable
from data.sources.hdb import load_table, month_index
from data.stores.hdb_sales import MemorySalesStore, SaleFilters
from scoring.comps import price_stats


def _pg_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(candidates[-1]).parent if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def pg_url():
    bin_dir = _pg_bin()
    if bin_dir is None:  # scripts/test.sh installs Debian's postgresql; a bare machine says why it cannot run this
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
    # its own folder under /tmp: the postgres user cannot enter pytest's root-only temp tree
    root = Path(tempfile.mkdtemp(prefix="comps-pg-"))
    data, port = root / "data", _free_port()
    as_root = os.geteuid() == 0  # initdb refuses root: run the server as the postgres user
    if as_root:
        shutil.chown(root, user="postgres")

    def run(*args: str) -> None:
        cmd = " ".join(args)
        full = ["su", "-s", "/bin/sh", "postgres", "-c", cmd] if as_root else ["sh", "-c", cmd]
        done = subprocess.run(full, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{cmd}: {done.stdout}{done.stderr}"

    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "start", "-o",
        f"'-p {port} -k {root} -c listen_addresses=127.0.0.1'")
    yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "stop", "-m", "fast")
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def pg_store(pg_url):
    from data.stores.hdb_pg import PgSalesStore

    store = PgSalesStore(pg_url)
    assert store.size() == 0
    assert store.load(load_table()) == 31835
    yield store
    store.close()


TARGETS = [
    Target(town="SENGKANG", flat_type="4 ROOM", floor_area_target=95, storey_preference="mid", as_of=date(2023, 12, 1)),
    Target(town="SENGKANG", flat_type="4 ROOM", street_hint="RIVERVALE DR", block_hint="123A", floor_area_target=92,
           storey_target=10, as_of=date(2026, 2, 1)),
    Target(town="BUKIT TIMAH", flat_type="EXECUTIVE", floor_area_target=150, storey_target=20, as_of=date(2023, 12, 1)),
    Target(town="TOA PAYOH", flat_type="3 ROOM", storey_preference="low", min_remaining_lease_years=50,
           price_budget_max=400_000, as_of=date(2026, 4, 1)),
]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: f"{t.town}-{t.flat_type}")
def test_the_loop_takes_the_same_steps_on_both_stores(pg_store, target: Target) -> None:
    table = load_table()
    memory = run_loop(table, target, MemorySalesStore(table))
    postgres = run_loop(table, target, pg_store)
    assert [(s.action, s.count) for s in postgres.trace] == [(s.action, s.count) for s in memory.trace]
    assert np.array_equal(postgres.rows, memory.rows)


def test_a_whole_turn_is_identical_on_postgres(pg_store) -> None:
    text, as_of = "4-room blk 211B Compassvale Lane, 93 sqm, 13th floor", date(2026, 2, 1)
    memory = CompsEngine(load_table()).run(text, as_of=as_of)
    postgres = CompsEngine(load_table(), pg_store).run(text, as_of=as_of)
    assert postgres.estimate == pytest.approx(memory.estimate)
    assert [c.id for c in postgres.comps] == [c.id for c in memory.comps]
    assert all(c.month < "2026-02" for c in postgres.comps)


def test_sql_stats_match_the_numpy_stats(pg_store) -> None:
    table = load_table()
    m = month_index(date(2023, 12, 1))
    f = SaleFilters(town="BEDOK", flat_type="4 ROOM", month_from=m - 6, month_to=m, area_lo=85, area_hi=95)
    rows = MemorySalesStore(table).rows(f)
    expected = price_stats(table.price[rows])
    got = pg_store.price_stats(f)
    assert got["count"] == expected.count
    for key in ("median", "p25", "p75", "min", "max"):
        assert got[key] == pytest.approx(getattr(expected, key))


def test_values_are_parameters_never_sql(pg_store) -> None:
    m = month_index(date(2023, 12, 1))
    hostile = SaleFilters(town="BEDOK'; DROP TABLE hdb_resale; --", flat_type="4 ROOM", month_from=0, month_to=m,
                          streets=("X' OR '1'='1",))
    assert pg_store.count(hostile) == 0
    assert pg_store.size() == 31835


def test_an_unreachable_server_is_reported() -> None:
    from data.stores.hdb_pg import PgSalesStore

    with pytest.raises(SourceUnavailable, match="not reachable"):
        PgSalesStore(f"postgresql://postgres@127.0.0.1:{_free_port()}/postgres")
