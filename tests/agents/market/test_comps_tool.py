"""The comps tool in the one tool registry."""

from __future__ import annotations

from agents.tools import load_tools


def test_comps_tool_is_registered_and_answers() -> None:
    tool = load_tools()["hdb_comps"]
    assert tool.category == "market" and tool.examples
    out = tool.fn(request="4-room in Sengkang, ~95 sqm, mid floor", as_of="2023-12-01")
    assert out["estimate"] > 100_000 and all(c["month"] < "2023-12" for c in out["comps"])
    assert tool.fn(request="4-room in Sengkang", as_of="next week") == {
        "error": "as_of is not a YYYY-MM-DD date: 'next week'"}
    assert tool.fn(request="my flat", as_of="2023-12-01")["question"].startswith("Which town")
