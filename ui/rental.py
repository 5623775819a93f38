"""REALTOR.CA results in the workspace: the source note, the summary stats card, the table and a map.

Rendering only: the data is the graph's `rental_view` (filters, listings, stats, notes).
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

TABLE_COLUMNS = {"address": "Address", "price_display": "Rent", "bedrooms": "Beds", "bathrooms": "Baths",
                 "sqft": "Sqft", "house_category": "Type", "id": "MLS", "url": "Listing"}


def _money(value: float | None) -> str:
    return "—" if value is None else f"${value:,.0f}"


def stats_card(stats: dict[str, Any], listings: list[dict[str, Any]] | None = None) -> None:
    """Count, rent (or, for for-sale listings, asking price) median and range, bedrooms, bathrooms, size and
    property types."""
    price = stats["price"]
    asks = sorted(float(x["asking_price"]) for x in listings or [] if x.get("asking_price"))
    with st.container(border=True):
        cols = st.columns(3)
        cols[0].metric("Listings", f"{stats['count']:,}")
        if asks:  # for-sale listings (the recorded sample): asking prices, never a rent
            cols[1].metric("Median asking price", _money(asks[len(asks) // 2]))
            cols[2].metric("Asking price range", f"{_money(asks[0])}–{_money(asks[-1])}")
        else:
            cols[1].metric("Median rent", f"{_money(price['median'])}/mo" if price["count"] else "—")
            cols[2].metric("Rent range", f"{_money(price['min'])}–{_money(price['max'])}" if price["count"] else "—")
        beds = ", ".join(f"{k} bd: {v}" for k, v in stats["bedrooms"].items())
        baths = ", ".join(f"{k} ba: {v}" for k, v in stats["bathrooms"].items())
        types = ", ".join(f"{k}: {v}" for k, v in stats["house_category"].items())
        sqft = stats["sqft"]
        size = (f"{sqft['min']:,.0f}–{sqft['max']:,.0f} sqft ({sqft['count']} state a size)" if sqft["count"]
                else "not stated")
        st.caption(f"Bedrooms: {beds} · Bathrooms: {baths} · Size: {size} · Types: {types}")


def table_frame(listings: list[dict[str, Any]]) -> pd.DataFrame:
    """The table's rows: the price as a number (asking price for the for-sale sample, else the monthly rent), so a
    click on its header sorts by amount, not as text ("$1,099,000" before "$899,000")."""
    for_sale = bool(listings) and all(x.get("asking_price") for x in listings)
    labels = {**TABLE_COLUMNS, "price_display": "Asking price" if for_sale else "Rent"}
    price = "asking_price" if for_sale else "price"
    return pd.DataFrame([{label: x.get(price if field == "price_display" else field) for field, label in labels.items()}
                         for x in listings])


def listings_table(listings: list[dict[str, Any]], *, key: str) -> None:
    """The shortlist as a table, each row linking to its REALTOR.CA page."""
    frame = table_frame(listings)
    price = "Asking price" if "Asking price" in frame.columns else "Rent"
    st.dataframe(frame, hide_index=True, key=key, column_config={
        "Listing": st.column_config.LinkColumn("Listing", display_text="open"),
        "Sqft": st.column_config.NumberColumn("Sqft", format="%d"),
        price: st.column_config.NumberColumn(price, format="$%d" if price == "Asking price" else "$%d/mo"),
    })


def listings_map(listings: list[dict[str, Any]]) -> None:
    """The listings with coordinates on a map (nothing drawn when none has them)."""
    points = [{"lat": x["latitude"], "lon": x["longitude"]} for x in listings
              if x.get("latitude") is not None and x.get("longitude") is not None]
    if points:
        st.map(pd.DataFrame(points), size=40)
        if len(points) < len(listings):
            st.caption(f"{len(listings) - len(points)} listing(s) have no coordinates and are not on the map.")


def rental_results(view: dict[str, Any], *, key: str) -> None:
    """Everything a REALTOR.CA turn shows below its reply."""
    if view.get("recorded"):
        st.info("Recorded sample, not a live REALTOR.CA search. " + " ".join(
            n for n in view.get("notes", []) if not n.startswith("Recorded sample")))
    listings = view.get("listings") or []
    if not listings:
        return
    stats_card(view["stats"], listings)
    listings_table(listings, key=f"{key}-table")
    listings_map(listings)
