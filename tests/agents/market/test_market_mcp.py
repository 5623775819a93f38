"""The market tools through a real MCP client: `python -m mcp_server` over stdio serves them from the registry."""

from __future__ import annotations

import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from agents.market.catalog import MARKET_TOOLS
from agents.market.tools import get_transaction_count
from tests.conftest import ROOT


def test_market_tools_over_stdio_with_their_schemas_figures_and_errors():
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_server"], cwd=str(ROOT))

    async def run() -> tuple[dict, dict, dict, dict]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            listed = {t.name: t for t in (await session.list_tools()).tools}
            counted = await session.call_tool("get_transaction_count", {"district": "جزيرة ياس", "year": 2023})
            unknown = await session.call_tool("get_transaction_count", {"district": "Saadiyat", "year": 2023})
            rents = await session.call_tool("compare_rental_prices", {"entities": ["Yas Island", "Reem"],
                                                                      "layout": "2 beds", "year": 2024})
            return listed, counted.structured_content, unknown.structured_content, rents.structured_content

    listed, counted, unknown, rents = anyio.run(run)
    assert {t.name for t in MARKET_TOOLS} <= set(listed)
    assert listed["get_transaction_count"].input_schema["required"] == ["district"]
    expected = get_transaction_count(district="Yas Island", year=2023)["figures"]
    assert counted["figures"] == expected and counted["source"] == "TRANSACTIONS_DISTRICT"
    assert unknown["error"] == "unknown_district" and unknown["districts_available"]
    assert {r["entity"] for r in rents["rents"]} == {"Yas Island", "Al Reem Island"}
