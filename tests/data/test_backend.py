"""The DATABASE_URL switch: the same graph, checkpoints, holds and viewing requests on SQLite and PostgreSQL."""

import json
import subprocess
import sys

import pytest

from agents.settings import Settings
from data.stores.backend import DatabaseUnavailable, DatabaseUrlError, open_backend
from tests.conftest import ROOT

CHILD = """
import json, sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo
from agents.graph import answer, ask, build_graph, pending_question
from data.stores.backend import open_backend
url, db, step = sys.argv[1] or None, Path(sys.argv[2]), sys.argv[3]
stores = open_backend(url, db_path=db)
graph = build_graph(checkpointer=stores.checkpointer, holds=stores.holds,
                    now=lambda: datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("America/New_York")))
if step == "ask":
    ask(graph, "tour SE-1545 this Monday 6pm", thread_id="persist")
    answer(graph, ["[1]"], thread_id="persist")
else:
    waiting = pending_question(graph, thread_id="persist")["form"]
    answer(graph, {"name": "Ana Diaz", "email": "ana@example.com"}, thread_id="persist")
    answer(graph, "Yes, hold these tours", thread_id="persist")
    answer(graph, [0], thread_id="persist")
    holds = [(h.unit_id, h.status) for h in stores.holds.list_by_thread("persist")]
    viewings = [v.hold_id for v in stores.holds.viewings_by_thread("persist")]
    print(json.dumps({"waiting": waiting, "kind": stores.kind, "holds": holds, "viewings": viewings}))
stores.close()
"""


def test_a_paused_tour_approval_survives_a_restart_on_each_backend(database_url, tmp_path):
    def run(step):
        out = subprocess.run([sys.executable, "-c", CHILD, database_url or "", str(tmp_path / "threads.sqlite"), step],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""

    run("ask")  # one process asks for the tour and chooses it, then exits paused on the contact form
    result = json.loads(run("resume"))  # another process finds the thread paused where it was
    assert result["kind"] == ("postgres" if database_url else "sqlite")
    assert result["waiting"] == "contact"
    assert result["holds"] == [["SE-1545", "confirmed"]] and len(result["viewings"]) == 1


def test_postgres_checkpoints_live_in_the_database(pg_url, tmp_path):
    import psycopg

    from agents.graph import ask, build_graph

    stores = open_backend(pg_url, db_path=tmp_path / "unused.sqlite")
    graph = build_graph(checkpointer=stores.checkpointer)
    ask(graph, "I smell gas in the kitchen", thread_id="pg-thread")
    stores.close()
    assert not (tmp_path / "unused.sqlite").exists() and not (tmp_path / "holds.sqlite").exists()
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT count(*) FROM checkpoints WHERE thread_id = 'pg-thread'").fetchone()
    assert rows is not None and rows[0] > 0


def test_database_url_is_read_from_the_environment_and_checked(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@127.0.0.1:1/db")
    assert Settings().database_url == "postgresql://u@127.0.0.1:1/db"
    monkeypatch.delenv("DATABASE_URL")
    assert Settings(_env_file=None).database_url is None
    with pytest.raises(DatabaseUrlError, match="postgresql://"):
        open_backend("mysql://u@127.0.0.1/db", db_path=tmp_path / "x.sqlite")
    assert open_backend("", db_path=tmp_path / "x.sqlite").kind == "sqlite"  # empty means unset


def test_a_server_that_is_not_there_is_a_clear_error(tmp_path):
    from data.stores.throwaway_pg import free_port

    port = free_port()
    with pytest.raises(DatabaseUnavailable, match=f"127.0.0.1:{port}/x is not reachable") as info:
        open_backend(f"postgresql://postgres:s3cret@127.0.0.1:{port}/x", db_path=tmp_path / "x.sqlite")
    assert "s3cret" not in str(info.value)
