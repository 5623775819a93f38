"""Rendering helpers of the Streamlit workspace: one function per card. No state and no graph calls here."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import streamlit as st

from retrieval.arabic import is_arabic

PRIORITY_TEXT = {"P0": "P0 · EMERGENCY", "P1": "P1 · urgent (a day or two)", "P2": "P2 · routine"}


def reply_text(content: str) -> None:
    """A reply as markdown; an Arabic one right to left (its text escaped: only our wrapper is HTML)."""
    if is_arabic(content):
        body = html.escape(content, quote=False)
        st.markdown(f'<div dir="rtl" style="text-align: right">\n\n{body}\n\n</div>', unsafe_allow_html=True)
    else:
        st.markdown(content)


def chips(items: list[str]) -> str:
    """Small inline labels (markdown code spans read as chips and survive screen readers as text)."""
    return " ".join(f"`{item}`" for item in items)


def match_cards(matches: list[dict[str, Any]], relaxations: list[dict[str, Any]],
                on_relax: Callable[[dict[str, Any]], None] | None, key: str) -> None:
    """Ranked units as cards: address, rent, size, bedrooms, score badge, reasons, amenities; relaxations."""
    for n, match in enumerate(matches, start=1):
        p = match["row_preview"]
        with st.container(border=True):
            top, badge = st.columns([5, 1])
            top.markdown(f"**{n}. {p['address']}**  \n{p.get('neighborhood', '')}, {p.get('borough', '')} · "
                         f"`{match['id']}`")
            badge.metric("Score /100", f"{match['score']:.0f}")
            facts = []
            if p.get("rent"):
                facts.append(f"**${p['rent']:,.0f}/mo**")
            if p.get("kind") == "office" and p.get("ppsf_year"):
                facts.append(f"${p['ppsf_year']:,.2f}/SF/yr")
            if p.get("sqft"):
                facts.append(f"{p['sqft']:,.0f} SF")
            if p.get("bedrooms") is not None and p.get("kind") != "office":
                beds = p["bedrooms"]
                facts.append("Studio" if beds == 0 else f"{beds:g} bd")
            if p.get("bathrooms"):
                facts.append(f"{p['bathrooms']:g} ba")
            if p.get("floor"):
                facts.append(f"floor {p['floor']}")
            if p.get("min_to_subway") is not None:
                facts.append(f"{p['min_to_subway']:g} min to subway")
            st.markdown(" · ".join(facts))
            if match.get("reasons"):
                st.markdown("✓ " + chips(match["reasons"]))
            if p.get("misses"):
                st.markdown("✗ " + chips(p["misses"]))
            if p.get("amenities"):
                st.caption("Amenities: " + ", ".join(p["amenities"]))
    if relaxations and on_relax is not None:  # only the latest search offers one-click relaxations
        st.caption("No perfect match? Try one of these:")
        cols = st.columns(len(relaxations))
        for col, relaxation in zip(cols, relaxations, strict=True):
            # on_click runs before the next script run, so the new search shows at once
            col.button(relaxation["label"], key=f"{key}-relax-{relaxation['kind']}", on_click=on_relax,
                       args=(relaxation,))


def lease_answer(answer: dict[str, Any]) -> None:
    """Quoted lease text with citation chips and risk flags."""
    if answer.get("not_found"):
        st.warning(answer["answer"])
    else:
        st.markdown("> " + answer["answer"].replace("\n", "\n> "))
        st.markdown("Cited: " + chips([f"p. {c['page']} · {c['section'] or 'lease'}" for c in answer["citations"]]))
    flags = answer.get("risk_flags") or []
    if flags:
        with st.expander(f"{len(flags)} clause(s) worth a second look"):
            for flag in flags:
                st.markdown(f"- **{flag['kind'].replace('_', ' ')}** (p. {flag['citation']['page']}, "
                            f"{flag['citation']['section']}): {flag['text'][:240]}")


def triage_card(result: dict[str, Any]) -> None:
    """Category, priority (worded, never colour alone), vendor, ETA; P0 as an alert with safety steps."""
    label = PRIORITY_TEXT.get(result["priority"], result["priority"])
    hours = result["eta_hours"]
    eta = f"{round(hours * 60)} minutes" if hours < 1 else f"{hours:g} hour" + ("" if hours == 1 else "s")
    body = f"**{label}** — {result['category']}  \nVendor: {result['vendor']} · ETA: about {eta}"
    if result["priority"] == "P0":
        st.error(f"**Emergency — do this now:**  \n{body}")
        for i, step in enumerate(result.get("safety_instructions", []), start=1):
            st.markdown(f"{i}. {step}")
    elif result["priority"] == "P1":
        st.warning(body)
    else:
        st.info(body)
    st.markdown(result["confirm_message"])


def renewal_view(package: dict[str, Any]) -> None:
    """Primary offer and alternatives side by side, the justification and the approval flag."""
    offers = [("Recommended", package["primary"])] + [(f"Alternative {i}", o)
                                                       for i, o in enumerate(package["alternatives"], start=1)]
    for col, (title, offer) in zip(st.columns(len(offers)), offers, strict=True):
        with col.container(border=True):
            st.markdown(f"**{title}**")
            st.metric("Rent", f"${offer['rent_usd']:,.0f}/mo")
            st.caption(f"{offer['term_months']} months" + (f" · {', '.join(offer['incentives'])}"
                                                            if offer["incentives"] else ""))
    st.caption(package["justification"])
    if package["needs_manager_approval"]:
        st.warning("Needs manager approval")
    else:
        st.success("Within policy: no manager approval needed")


def renewal_draft(advice: dict[str, Any]) -> None:
    """A renter's counter beside the offer, and the drafted message to copy or open in a mail app."""
    offer, counter = advice["offer_usd"], advice["counter"]["rent_usd"]
    left, right = st.columns(2)
    left.metric("Landlord's offer", f"${offer:,.0f}/mo", f"{advice['offer_pct']:+.1f}%", delta_color="inverse")
    saving = offer - counter
    right.metric("Your counter", f"${counter:,.0f}/mo", f"-${saving:,.0f} vs the offer" if saving > 0 else None,
                 delta_color="inverse")
    st.markdown("**Message to your landlord** (copy it with the button at its corner, or open it in your mail app)")
    st.code(advice["draft_message"], language=None, wrap_lines=True)
    st.link_button("Open in my email app", advice["mailto"])


def trace_panel(state: dict[str, Any]) -> None:
    """What a curious user or a developer wants to check: route and why, the spec, counts, timings."""
    with st.expander("Trace"):
        route = state.get("route") or {}
        st.markdown(f"Route: **{route.get('pipeline')}/{route.get('node')}** — {route.get('reason', '')}")
        rows = [{k: v for k, v in t.items() if k != "turn_start"} for t in state.get("trace", [])
                if t.get("node") != "input"]
        if rows:
            st.dataframe(rows, hide_index=True)
        if state.get("spec") and route.get("node") == "needs":
            st.json(state["spec"], expanded=False)
