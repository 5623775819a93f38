"""The comps node in the graph: MARKET/comps runs the comps node and ends the turn with its reply."""

from __future__ import annotations

import pytest

import agents.manager as manager
from agents.graph import ask, build_graph
from agents.manager import NODE_TARGET, PIPELINE, route_target
from contracts.route import RouteDecision


def test_market_comps_is_a_route_target() -> None:
    assert PIPELINE["comps"] == "MARKET" and NODE_TARGET["comps"] == "comps"
    assert route_target({"route": {"pipeline": "MARKET", "node": "comps"}}) == "comps"


def test_a_comps_turn_through_the_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    # the routing rules that send messages to comps are the lead's; here the route is set directly
    monkeypatch.setattr(manager, "route", lambda *a, **k: RouteDecision(pipeline="MARKET", node="comps",
                                                                        reason="test"))
    graph = build_graph()
    state = ask(graph, "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?")
    assert state["route"]["node"] == "comps"
    assert state["comps"]["estimate"] > 100_000
    assert "fair value about" in state["reply"]
    assert "comps" in [e["node"] for e in state["trace"]]
