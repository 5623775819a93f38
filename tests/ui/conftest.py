"""The app under AppTest, started fresh on its own database (shared by the UI test modules)."""

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DB_PATH", str(tmp_path / "workspace.sqlite"))
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at
