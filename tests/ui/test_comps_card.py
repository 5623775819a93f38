"""The comps card in the app (AppTest, no browser): estimate, stats, histogram, comps table and trace."""

from __future__ import annotations

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import agents.manager as manager
from contracts.route import RouteDecision
from tests.conftest import ROOT


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DB_PATH", str(tmp_path / "workspace.sqlite"))
    # the routing rules that send a message to comps are the lead's; the route is set directly here
    monkeypatch.setattr(manager, "route", lambda *a, **k: RouteDecision(pipeline="MARKET", node="comps",
                                                                        reason="test"))
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def test_comps_card_shows_estimate_stats_histogram_table_and_trace(app) -> None:
    app.chat_input[0].set_value("what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?").run()
    assert not app.exception
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["Fair value (SGD)"].replace(",", "").isdigit()
    assert int(metrics["Pool size"]) >= 30
    chart = app.get("vega_lite_chart")
    assert len(chart) == 1  # the histogram, with the estimate as a rule over the bars
    assert '"rule"' in chart[0].proto.spec and '"bar"' in chart[0].proto.spec
    table = app.dataframe[0].value
    assert {"month", "street_name", "resale_price"} <= set(table.columns) and len(table) == 30
    trace = [m.value for m in app.markdown if "`accept`" in m.value or "`tighten`" in m.value]
    assert trace, "the search trace lists its steps"


def test_a_clarifying_question_shows_no_card(app) -> None:
    app.chat_input[0].set_value("4-room, 95 sqm, mid floor").run()
    assert not app.exception
    assert any("Which town" in m.value for m in app.markdown)
    assert "Fair value (SGD)" not in [m.label for m in app.metric]
