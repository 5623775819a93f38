"""The market card: the answer's chart (a line for a series of years, bars for a comparison or a ranking) and the
tool calls behind it (tool, arguments, table, headline figures) for anyone who wants to check a number."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st


def chart_frame(chart: dict[str, Any]) -> Any:
    """The chart's points as a DataFrame for Altair (label, value, and the series group when there is one)."""
    import pandas as pd

    return pd.DataFrame([{"label": p["label"], "value": p["value"], "group": p.get("group") or ""}
                         for p in chart["points"]])


def market_card(market: dict[str, Any]) -> None:
    """Render a MARKET/analytics turn: the chart (when the answer has one) and the calls in an expander."""
    import altair as alt

    chart = market.get("chart")
    if chart and chart.get("points"):
        frame = chart_frame(chart)
        axis = alt.Axis(title=chart.get("unit"), format="~s")
        base = alt.Chart(frame, title=chart.get("title", "").capitalize())
        if chart["kind"] == "line":
            drawn = base.mark_line(point=True).encode(x=alt.X("label:O", title="year"), y=alt.Y("value:Q", axis=axis),
                                                     tooltip=["label", alt.Tooltip("value:Q", format=",")])
        else:
            drawn = base.mark_bar().encode(x=alt.X("value:Q", axis=axis), y=alt.Y("label:N", sort="-x", title=None),
                                           tooltip=["label", alt.Tooltip("value:Q", format=",")])
        st.altair_chart(drawn, width="stretch")
    calls = market.get("calls") or []
    if calls:
        with st.expander(f"Tool calls ({len(calls)}) and the tables they read"):
            for call in calls:
                result = call["result"]
                st.markdown(f"`{call['tool']}({json.dumps(call['args'], ensure_ascii=False)})` — "
                            f"{result.get('source') or result.get('error', '')}")
                st.json(result.get("figures") or result, expanded=False)
            st.caption("Tools offered by the router: " + ", ".join(market.get("tools") or []))
