"""Shared fixtures. The socket guard (pytest-socket, configured in pyproject.toml) fails any test that
connects anywhere but 127.0.0.1."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_EVAL = ROOT.parent / "shared" / "eval"


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
