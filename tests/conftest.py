"""Shared fixtures. The socket guard (pytest-socket, configured in pyproject.toml) fails any test that
connects anywhere but 127.0.0.1."""

from __future__ import annotations

import os
import uuid
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_EVAL = ROOT.parent / "shared" / "eval"
SUBPROCESS_GUARD = ROOT / "tests" / "subprocess_guard"


def pytest_configure(config: pytest.Config) -> None:
    """Every Python subprocess the suite starts (eval CLI, the app, workers) loads tests/subprocess_guard/
    sitecustomize.py: the same socket guard and log redaction as the tests themselves."""
    paths = [str(SUBPROCESS_GUARD), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    os.environ["ESTATE_TEST_GUARD"] = "1"


@pytest.fixture(autouse=True)
def _no_model_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run offline whatever the developer's environment or .env says."""
    for name in ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.setenv(name, "")


@pytest.fixture
def now() -> datetime:
    """A fixed 'now': Sunday 22 Nov 2026, 10:00 in New York."""
    return datetime(2026, 11, 22, 10, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture(scope="session")
def inventory():
    from data.sources.nyc import load_inventory

    return load_inventory()


@pytest.fixture
def stub_model():
    """make(script, **settings) -> (ChatOpenAI pointed at a scripted OpenAI-compatible server on 127.0.0.1, stub)."""
    from agents.llm import build_chat_model
    from eval.llm_stub import StubLLM

    running = []

    def make(script, **settings):
        stub = StubLLM(script).__enter__()
        running.append(stub)
        return build_chat_model(stub.settings(**settings)), stub

    yield make
    for stub in running:
        stub.__exit__(None, None, None)


@pytest.fixture(scope="session")
def pg_cluster():
    """A throwaway PostgreSQL cluster on 127.0.0.1 for the session (initdb in a temporary folder, removed after).

    No PostgreSQL here: the tests that need it skip, saying why; under CI=true with the server binaries present,
    a cluster that does not start fails those tests instead (a skip would hide it).
    """
    from data.stores.throwaway_pg import NoPostgres, ThrowawayCluster, find_bindir

    cluster = ThrowawayCluster()
    try:
        cluster.start()
    except NoPostgres as exc:
        no_postgres(str(exc), ci=os.environ.get("CI") == "true", installed=find_bindir() is not None)
    yield cluster
    cluster.stop()


def no_postgres(reason: str, *, ci: bool, installed: bool) -> None:
    """Skip, saying why; but fail under CI when PostgreSQL is installed (a skip there would hide a broken setup)."""
    if ci and installed:
        pytest.fail(f"PostgreSQL is installed but the throwaway cluster did not start: {reason}")
    pytest.skip(f"no PostgreSQL for the PostgreSQL tests: {reason}")


@pytest.fixture
def pg_url(pg_cluster, request) -> str:
    """A fresh, migrated database in the session's cluster (one per test)."""
    from data.stores.migrate import migrate

    name = "t_" + uuid.uuid4().hex[:12]
    url = pg_cluster.create_database(name)
    migrate(url)
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def db_location(request, tmp_path) -> str:
    """Where a store lives, on each backend: a SQLite file path or a PostgreSQL URL (see open_holds)."""
    if request.param == "sqlite":
        return str(tmp_path / "holds.sqlite")
    return request.getfixturevalue("pg_url")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str | None:
    """DATABASE_URL on each backend: None (the SQLite files) or a fresh migrated PostgreSQL database."""
    return None if request.param == "sqlite" else request.getfixturevalue("pg_url")
