"""The MCP server through the official MCP client: over stdio (a real `python -m mcp_server` subprocess), over
streamable HTTP on 127.0.0.1, and in process. Shapes and numbers of spec §5, and the errors of its table."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import mcp
import mcp_types as types
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from agents.tools import Tool, load_tools
from mcp_server import build_server
from tests.conftest import ROOT

RAW_ROWS = [
    {"MLS": "R1", "Address": "1 Main St|Vancouver, British Columbia V6B1A1", "Bedrooms": "2", "Bathrooms": "1",
     "Size": "850 sqft", "Rent": "$2,800/Monthly", "Total Rent": "2800", "Latitude": "49.2800",
     "Longitude": "-123.1100", "House Category": "Apartment", "Website": "/real-estate/1/1-main-st"},
    {"MLS": "R2", "Address": "2 Oak Ave|Vancouver, British Columbia V6B1A2", "Bedrooms": "2 + 1",
     "Bathrooms": "2", "Size": "100 m2", "Total Rent": "3100", "Latitude": "49.2810", "Longitude": "-123.1150",
     "House Category": "Apartment"},
    {"MLS": "R3", "Address": "3 Elm Rd|Vancouver, British Columbia V5K0A1", "Bedrooms": "1", "Bathrooms": "1",
     "Size": "junk", "Rent": "2100", "Total Rent": None, "House Category": "House"},
    {"MLS": "R4", "Address": "4 Pine St|Burnaby, British Columbia V5H0A1", "Bedrooms": "3", "Bathrooms": "2",
     "Total Rent": "4200", "House Category": "House"},
    {"MLS": "R5", "Address": "5 Bay St|Vancouver, British Columbia V6B1A5", "Bedrooms": "two", "Total Rent": "1"},
]


@pytest.fixture
def rows_file(tmp_path: Path) -> Path:
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(RAW_ROWS), encoding="utf-8")
    return path


def _env(rows_file: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "RENTAL_BACKEND": "fixture", "RENTAL_FIXTURE": str(rows_file), **extra}


Call = Callable[[str, dict[str, Any]], Awaitable[types.CallToolResult]]


async def _scenario(call: Call, names: list[str]) -> None:
    """The same checks whatever the transport."""
    assert {"rental_search", "filter_listings", "summarize_listings", "simulate_viewing_request",
            "ask_user"} <= set(names)
    found = await call("rental_search", {"filters": {"min_bedrooms": 2, "location": "Vancouver",
                                                     "rent_max": 3200}})
    assert not found.is_error
    body = found.structured_content
    assert body is not None
    assert [x["id"] for x in body["listings"]] == ["R1", "R2"] and body["total_count"] == 2
    first, second = body["listings"]
    assert first["price"] == 2800 and first["price_display"] == "$2,800/month" and first["sqft"] == 850
    assert first["url"] == "https://www.realtor.ca/real-estate/1/1-main-st" and first["source"] == "Realtor.ca"
    assert second["bedrooms"] == 3 and second["sqft"] == 1076 and second["url"] == "https://www.realtor.ca/listing/R2"
    assert "description" not in second  # unknown fields are omitted, not null

    narrowed = await call("filter_listings", {"listings": body["listings"], "filters": {"max_bathrooms": 1}})
    assert [x["id"] for x in narrowed.structured_content["listings"]] == ["R1"]  # type: ignore[index]
    ordered = await call("filter_listings", {"listings": body["listings"], "sort_by": "price", "ascending": False})
    assert [x["id"] for x in ordered.structured_content["listings"]] == ["R2", "R1"]  # type: ignore[index]

    stats = (await call("summarize_listings", {"listings": body["listings"]})).structured_content
    assert stats == {"count": 2, "price": {"count": 2, "min": 2800.0, "median": 2950.0, "mean": 2950.0,
                                           "max": 3100.0},
                     "bedrooms": {"2": 1, "3": 1}, "bathrooms": {"1": 1, "2": 1},
                     "sqft": {"count": 2, "min": 850.0, "median": 963.0, "mean": 963.0, "max": 1076.0},
                     "house_category": {"Apartment": 2}}

    none = await call("rental_search", {"filters": {"min_bedrooms": 2, "location": "Vancouver", "rent_max": 500}})
    assert not none.is_error
    assert none.structured_content["listings"] == [] and none.structured_content["total_count"] == 0  # type: ignore[index]
    assert none.structured_content["relaxations"]  # type: ignore[index]

    bad = await call("rental_search", {"filters": {"location": "Vancouver"}})
    assert bad.is_error and bad.content[0].text.startswith("Invalid filters")  # type: ignore[union-attr]
    assert "min_bedrooms" in bad.content[0].text  # type: ignore[union-attr]

    viewing = await call("simulate_viewing_request", {
        "listing_url": first["url"], "timeslot": "Tuesday 6–8pm",
        "user_details": {"name": "Jane Doe", "email": "jane@example.com", "phone": "+1 604 555 1234"}})
    summary = viewing.structured_content
    assert summary is not None and summary["summary"].startswith("Viewing request [simulated] for ")
    assert "Tuesday 6–8pm" in summary["summary"] and "Jane Doe, jane@example.com" in summary["summary"]
    assert summary["contact_url"].startswith("mailto:")
    no_email = await call("simulate_viewing_request", {"listing_url": first["url"], "timeslot": "Tue",
                                                       "user_details": {"name": "Jane", "email": "nope"}})
    assert no_email.is_error and "email" in no_email.content[0].text  # type: ignore[union-attr]


def test_stdio_server_through_the_official_client(rows_file: Path) -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_server"], cwd=str(ROOT),
                                   env=_env(rows_file))

    async def run() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            names = [t.name for t in (await session.list_tools()).tools]
            await _scenario(session.call_tool, names)
            asked = await session.call_tool("ask_user", {"prompt": "Which listings?", "choices": ["[1] a", "[2] b"],
                                                         "allow_multiple": True})
            # this client declares no elicitation: the question payload comes back for the client to ask
            assert asked.structured_content == {"type": "ask_user", "form": "multi_select",
                                                "question": "Which listings?", "options": ["[1] a", "[2] b"],
                                                "allow_multiple": True}

    anyio.run(run)


def test_stdio_backend_down_is_search_unavailable(rows_file: Path) -> None:
    """RENTAL_BACKEND=live under the socket guard: pyRealtor cannot connect; a structured error, not []."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_server"], cwd=str(ROOT),
                                   env=_env(rows_file, RENTAL_BACKEND="live", RENTAL_TIMEOUT_S="30"))

    async def run() -> float:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            started = time.monotonic()
            result = await session.call_tool("rental_search", {"filters": {"min_bedrooms": 2,
                                                                           "location": "Vancouver"}})
            elapsed = time.monotonic() - started
            assert result.is_error
            assert result.structured_content is not None
            error = result.structured_content["error"]
            assert error["code"] == "search_unavailable"
            assert error["message"] == "The rental search is temporarily unavailable."
            return elapsed

    assert anyio.run(run) < 30


def test_in_process_ask_user_uses_elicitation(monkeypatch: pytest.MonkeyPatch, rows_file: Path) -> None:
    monkeypatch.setenv("RENTAL_BACKEND", "fixture")
    monkeypatch.setenv("RENTAL_FIXTURE", str(rows_file))
    asked: list[types.ElicitRequestParams] = []

    async def elicit(_ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params)
        schema = params.requested_schema  # type: ignore[union-attr]
        if "selected" in schema["properties"]:
            choices = schema["properties"]["selected"]["items"]["enum"]
            return types.ElicitResult(action="accept", content={"selected": choices[1:]})
        return types.ElicitResult(action="accept", content={"answer": "weekday evenings 6–8pm"})

    async def run() -> None:
        async with mcp.Client(build_server(), elicitation_callback=elicit) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            await _scenario(client.call_tool, names)
            multi = await client.call_tool("ask_user", {"prompt": "Which?", "choices": ["[1] a", "[2] b", "[3] c"],
                                                        "allow_multiple": True})
            assert multi.structured_content == {"selected": ["[2] b", "[3] c"]}
            single = await client.call_tool("ask_user", {"prompt": "When can you view?"})
            assert single.structured_content == {"answer": "weekday evenings 6–8pm"}

    anyio.run(run)
    assert [p.message for p in asked] == ["Which?", "When can you view?"]


def test_declined_approval_is_an_empty_selection() -> None:
    async def decline(_ctx: Any, _params: types.ElicitRequestParams) -> types.ElicitResult:
        return types.ElicitResult(action="decline")

    async def run() -> Any:
        async with mcp.Client(build_server(), elicitation_callback=decline) as client:
            return (await client.call_tool("ask_user", {"prompt": "Which?", "choices": ["a"],
                                                        "allow_multiple": True})).structured_content

    assert anyio.run(run) == {"selected": []}


def test_any_registered_tool_is_served_without_editing_the_server() -> None:
    def echo_area(city: str, limit: int = 3) -> dict[str, Any]:
        """Echo a city (a stand-in for a later tool such as the Abu Dhabi analytics)."""
        return {"city": city, "limit": limit}

    async def top_areas(n: int = 2) -> dict[str, Any]:
        """An async tool."""
        return {"areas": ["Al Reem", "Yas"][:n]}

    tools = {**load_tools(), "echo_area": Tool(name="echo_area", fn=echo_area, description="Echo a city."),
             "top_areas": Tool(name="top_areas", fn=top_areas, description="Top areas.")}

    async def run() -> tuple[Any, Any]:
        async with mcp.Client(build_server(tools)) as client:
            listed = {t.name: t for t in (await client.list_tools()).tools}
            assert listed["echo_area"].input_schema["required"] == ["city"]
            echoed = (await client.call_tool("echo_area", {"city": "Abu Dhabi"})).structured_content
            return echoed, (await client.call_tool("top_areas", {"n": 1})).structured_content

    assert anyio.run(run) == ({"city": "Abu Dhabi", "limit": 3}, {"areas": ["Al Reem"]})


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_streamable_http_on_loopback(rows_file: Path) -> None:
    from mcp.client.streamable_http import streamable_http_client

    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "mcp_server", "--http", str(port)], cwd=ROOT,
                              env=_env(rows_file), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)

        async def run() -> list[str]:
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams:
                read, write = streams[0], streams[1]
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    names = [t.name for t in (await session.list_tools()).tools]
                    await _scenario(session.call_tool, names)
                    return names

        assert "rental_search" in anyio.run(run)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_stdio_ask_user_elicits_when_the_client_can(rows_file: Path) -> None:
    """Over stdio the server asks back with elicitation/create; the answer is checked against the choices."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_server"], cwd=str(ROOT),
                                   env=_env(rows_file))
    seen: list[dict[str, Any]] = []

    async def elicit(_ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        seen.append(params.requested_schema)  # type: ignore[union-attr]
        return types.ElicitResult(action="accept", content={"answer": "Metro Vancouver"})

    async def run() -> Any:
        async with stdio_client(params) as (read, write), \
                ClientSession(read, write, elicitation_callback=elicit) as session:
            await session.initialize()
            return await session.call_tool("ask_user", {"prompt": "Which area?",
                                                        "choices": ["City of Vancouver", "Metro Vancouver"]})

    result = anyio.run(run)
    assert result.structured_content == {"answer": "Metro Vancouver"}
    assert seen[0]["properties"]["answer"]["enum"] == ["City of Vancouver", "Metro Vancouver"]


def test_junk_listings_and_unknown_sort_keys_are_tool_errors() -> None:
    async def run() -> tuple[types.CallToolResult, types.CallToolResult, types.CallToolResult]:
        async with mcp.Client(build_server()) as client:
            junk = await client.call_tool("summarize_listings", {"listings": [{"id": "x", "price": "cheap"}]})
            sort = await client.call_tool("filter_listings", {"listings": [], "sort_by": "colour"})
            empty = await client.call_tool("filter_listings", {"listings": []})
            return junk, sort, empty

    junk, sort, empty = anyio.run(run)
    assert junk.is_error and junk.content[0].text.startswith("Invalid listings: item 0")  # type: ignore[union-attr]
    assert sort.is_error and "sort_by must be one of" in sort.content[0].text  # type: ignore[union-attr]
    assert empty.is_error and empty.content[0].text.startswith("Invalid filters")  # type: ignore[union-attr]
