"""The comps card: the fair-value estimate, the pool's stats, an interactive price histogram with the estimate
marked, the comps table and the search trace. Renders a CompsResult's JSON; no state and no graph calls here."""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

TABLE_COLUMNS = ["month", "block", "street_name", "storey_range", "floor_area_sqm", "flat_model",
                 "remaining_lease_months", "resale_price", "adjusted_price", "weight", "score"]


def histogram(prices: list[float], estimate: float | None, low: float | None,
              high: float | None) -> alt.LayerChart | alt.FacetChart:
    """Prices of the candidate pool as bars; the estimate as a red rule and its range as a band (zoomable)."""
    bars = alt.Chart(pd.DataFrame({"price": prices})).mark_bar(opacity=0.8).encode(
        x=alt.X("price:Q", bin=alt.Bin(maxbins=25), title="Resale price (SGD)"),
        y=alt.Y("count():Q", title="Sales"),
        tooltip=[alt.Tooltip("price:Q", bin=alt.Bin(maxbins=25), title="Price band", format=",.0f"),
                 alt.Tooltip("count():Q", title="Sales")])
    layers: list[alt.Chart] = [bars]
    if estimate is not None:
        marks = pd.DataFrame({"price": [estimate], "low": [low], "high": [high], "label": ["estimate"]})
        if low is not None and high is not None:
            layers.insert(0, alt.Chart(marks).mark_rect(opacity=0.15, color="red").encode(x="low:Q", x2="high:Q"))
        layers.append(alt.Chart(marks).mark_rule(color="red", strokeWidth=3).encode(
            x="price:Q", tooltip=[alt.Tooltip("price:Q", title="Estimate", format=",.0f")]))
    return alt.layer(*layers).properties(height=240).interactive(bind_y=False)


def comps_card(result: dict[str, Any]) -> None:
    """The whole card for one comps answer (a clarifying question shows as text only)."""
    if result.get("question"):
        return
    target = result.get("target") or {}
    with st.container(border=True):
        st.markdown(f"**HDB resale comps · {str(target.get('flat_type', '')).title()} in "
                    f"{str(target.get('town', '')).title()}** · as of {target.get('as_of')}")
        stats = result.get("stats") or {}
        cols = st.columns(4)
        estimate = result.get("estimate")
        cols[0].metric("Fair value (SGD)", f"{estimate:,.0f}" if estimate else "—")
        cols[1].metric("Range", f"{result['low']:,.0f} – {result['high']:,.0f}" if estimate else "—")
        cols[2].metric("Pool median", f"{stats['median']:,.0f}" if stats.get("median") else "—")
        cols[3].metric("Pool size", f"{result.get('pool_size', 0)}")
        if stats.get("count"):
            st.caption(f"p25 {stats['p25']:,.0f} · p75 {stats['p75']:,.0f} · min {stats['min']:,.0f} · "
                       f"max {stats['max']:,.0f} · median {stats.get('median_psm') or 0:,.0f} SGD/sqm")
        for note in result.get("notes") or []:
            st.info(note)
        if result.get("pool_prices"):
            st.altair_chart(histogram(result["pool_prices"], estimate, result.get("low"), result.get("high")),
                            width="stretch")
        comps = result.get("comps") or []
        if comps:
            st.dataframe(pd.DataFrame(comps)[[c for c in TABLE_COLUMNS if c in comps[0]]], hide_index=True)
        with st.expander(f"Search trace ({result.get('retrieval_mode', 'structured')} retrieval)"):
            for step in result.get("trace") or []:
                count = f" → **{step['count']}**" if step.get("count") is not None else ""
                filters = ", ".join(f"{k}={v}" for k, v in (step.get("filters") or {}).items())
                st.markdown(f"{step['step']}. `{step['action']}`{count} — {step['decision']}"
                            + (f"  \n  {filters}" if filters else ""))
