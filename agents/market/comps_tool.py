"""The comps search as a tool (MCP and model tool schemas read it from the registry in agents/tools.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

from agents.tools import Tool, register_tool


def hdb_comps(*, request: str, as_of: str | None = None) -> dict[str, Any]:
    """Comparable HDB resale sales and a fair-value estimate for a flat described in words.

    Args:
        request: e.g. "4-room in Sengkang, ~95 sqm, mid floor" or "blk 123A Rivervale Drive 4 rm, 10th floor".
        as_of: valuation date YYYY-MM-DD (today when omitted); only sales registered before its month are used.
    """
    from agents.market.comps import default_engine  # the table loads on first use, not at registration

    try:
        when = date.fromisoformat(as_of) if as_of else date.today()
    except ValueError:
        return {"error": f"as_of is not a YYYY-MM-DD date: {as_of!r}"}
    result = default_engine().run(request, as_of=when)
    return result.model_dump(mode="json", exclude={"pool_prices"})


register_tool(Tool(
    name="hdb_comps",
    fn=hdb_comps,
    description="Singapore HDB resale comparables: the top comparable sales, price stats and a fair-value estimate "
                "with a range, with the trace of the search (2023 and 2026 Q1 data).",
    category="market",
    when_to_use=("valuing an HDB flat or checking a resale asking price", "finding comparable HDB resale sales"),
    examples=("What should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?",
              "comps for a 5-room at blk 393 Tampines Avenue 7, 121 sqm"),
))
