"""The REALTOR.CA rental flow in the graph (spec §7): search, present (stats card, table, map), narrow and sort,
confirm, viewing preference, approval, then the shared holds flow (contact once, verify, hold, confirm) and a
wrap-up with the simulated viewing requests and the viewing plan (listings within 2 km make one outing).

A Canadian place (or "on REALTOR.CA") in a VIA request sends it here instead of the NYC inventory; the needs node
decides (`rental_request`), this module searches through `agents.via.rental` (the same code as the MCP tools).
"""

from __future__ import annotations

import logging
import re
import time
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agents.ask_user import ask_multi, ask_single
from agents.state import AgentState
from agents.via import rental
from agents.via.needs import parse_spec
from agents.via.rental_text import (
    DAY_NAMES,
    Preference,
    city_tz,
    feature_asked,
    rental_filters,
    viewing_preference,
    with_feature,
)
from agents.via.tour_close import DOCS, GAP, SLOT
from contracts.plan import ActionPlan, TourAction
from contracts.rental import InvalidFilters
from data.sources.base import RentalSource
from data.sources.realtor_ca import DERIVED_RENT
from scoring.listings import group_nearby, summarize_rows

log = logging.getLogger(__name__)

LOOKS_GOOD, REFINE = "Looks good — choose listings to view", "Refine the results"
PREFERENCE_QUESTION = "When do you prefer viewings? (e.g. weekday evenings 6–8pm)"
APPROVAL_QUESTION = "Which listings do you want to request viewings for?"
MAX_CHOICES = 10  # the approval lists the first ten of the shortlist (narrow or sort to choose others)
OUTING_KM = 2.0
NO_VIEWINGS = "No viewings requested."
FEATURE_NOTE = "The listings as I hold them state no {feature} count: kept are those whose description mentions it."
LISTING_FIELDS = "price, bedrooms, bathrooms, size, type and a description"  # what a REALTOR.CA listing states
SHOWN_IN_TEXT = 5  # listings named in the reply itself (all of them are in the table)


def _trace(node: str, started: float, **notes: Any) -> list[dict[str, Any]]:
    return [{"node": node, "ms": round((time.perf_counter() - started) * 1000, 3), **notes}]


def for_sale(listings: list[dict[str, Any]]) -> bool:
    """Whether the listings are for-sale items with asking prices (the recorded sample), not rentals."""
    return bool(listings) and all(x.get("asking_price") for x in listings)


def stats_card(stats: dict[str, Any], listings: list[dict[str, Any]] | None = None) -> str:
    """The spec's bullet summary: Count, Price, Bedrooms, Bathrooms, Size, Property types (asking prices for
    for-sale listings: they have no rent)."""
    price = stats["price"]
    lines = [f"- **Count:** {stats['count']} listings"]
    if listings and for_sale(listings):
        asks = sorted(float(x["asking_price"]) for x in listings)
        lines.append(f"- **Asking price (for sale):** ${asks[0]:,.0f}–${asks[-1]:,.0f} (median "
                     f"${asks[len(asks) // 2]:,.0f})")
    elif price["count"]:
        lines.append(f"- **Price:** ${price['min']:,.0f}–${price['max']:,.0f}/month (median ${price['median']:,.0f}, "
                     f"mean ${price['mean']:,.0f})")
    lines.append("- **Bedrooms:** " + ", ".join(f"{k}: {v}" for k, v in stats["bedrooms"].items()))
    lines.append("- **Bathrooms:** " + ", ".join(f"{k}: {v}" for k, v in stats["bathrooms"].items()))
    sqft = stats["sqft"]
    lines.append(f"- **Size:** {sqft['min']:,.0f}–{sqft['max']:,.0f} sqft (median {sqft['median']:,.0f}; "
                 f"{sqft['count']} of {stats['count']} state a size)" if sqft["count"] else "- **Size:** not stated")
    lines.append("- **Property types:** " + ", ".join(f"{k}: {v}" for k, v in stats["house_category"].items()))
    return "\n".join(lines)


def _describe(filters: dict[str, Any]) -> str:
    parts = [f"{filters['min_bedrooms']}+ bed" if filters.get("min_bedrooms") else "any size"]
    if filters.get("max_bedrooms") is not None and filters.get("max_bedrooms") == filters.get("min_bedrooms"):
        parts = [f"{filters['min_bedrooms']} bed"]
    if filters.get("rent_max") is not None:
        parts.append(f"up to ${filters['rent_max']:,.0f}/month")
    if filters.get("rent_min") is not None:
        parts.append(f"from ${filters['rent_min']:,.0f}/month")
    return f"{', '.join(parts)} in {filters['location']}"


def _describe_rent(bounds: dict[str, Any]) -> str:
    parts = [f"from ${bounds['rent_min']:,.0f}" if "rent_min" in bounds else "",
             f"up to ${bounds['rent_max']:,.0f}" if "rent_max" in bounds else ""]
    return " ".join(p for p in parts if p) + "/month"


def _line(n: int, listing: dict[str, Any], before: list[dict[str, Any]]) -> str:
    """'1. 3 bed House at 22 Arbutus Cres (Hamilton): $603,800 asking (for sale), MLS X3959570', with a repeat of
    an earlier line's home (same address and price under another MLS number) said."""
    parts = listing["address"].split(",")
    city = f" ({parts[1].strip()})" if len(parts) > 1 else ""
    price = listing.get("price_display") or f"${listing['price']:,.0f}"
    twin = next((i for i, x in enumerate(before, 1) if x["address"] == listing["address"]
                 and x["price"] == listing["price"]), None)
    same = f" (the same home as {twin}, listed twice)" if twin else ""
    return f"{n}. {listing['title']}{city}: {price}, MLS {listing['id']}{same}"


def _present(listings: list[dict[str, Any]], headline: str, notes: list[str]) -> tuple[dict[str, Any], str]:
    stats = summarize_rows(listings)
    first = "\n".join(_line(i, x, listings[:i - 1]) for i, x in enumerate(listings[:SHOWN_IN_TEXT], 1))
    more = f"All {len(listings)} are in the table below." if len(listings) > SHOWN_IN_TEXT else ""
    reply = "\n\n".join(p for p in [*notes, headline, first, stats_card(stats, listings), more] if p)
    return stats, reply


def _looked_up(mls: str, current: dict[str, Any], source: RentalSource | None) -> str:
    """A listing named by its MLS number: from the list shown, else the recorded sample; what it is, said plainly."""
    listing = next((x for x in current.get("listings") or [] if x.get("id") == mls), None)
    src = source or rental.rental_source()
    listing = listing or rental.recorded_listing(mls, source=src)  # None from a live source: it cannot look one up
    if listing is None:
        return (f"MLS {mls} is not among the REALTOR.CA listings I hold"
                f"{' (a recorded sample, not a live search)' if getattr(src, 'recorded', False) else ''}, so I "
                "can't say whether it is for rent. Look it up on realtor.ca, or ask me to search its city.")
    facts = [f"{listing.get('bedrooms', 0):.0f} bed", f"{listing['bathrooms']:.0f} bath" if listing.get(
        "bathrooms") is not None else "", listing.get("house_category") or "", listing.get("ownership_category") or "",
             f"{listing['sqft']:,.0f} sqft" if listing.get("sqft") else ""]
    asking = listing.get("asking_price")
    what = (f"**for sale**, asking ${asking:,.0f} (a recorded listing from 2016–2018): not a rental, and I can't "
            "tell whether it is still on the market" if asking else f"for rent at {listing.get('price_display')}")
    description = str(listing.get("description") or "")
    lines = [f"**MLS {mls}**, {listing.get('address')}: {what}.", "- " + ", ".join(f for f in facts if f)]
    if description:
        lines.append(f"- Description: {description[:280]}{'…' if len(description) > 280 else ''}")
    lines.append(f"- {listing.get('url')}")
    return "\n".join(lines)


def _what_it_holds(current: dict[str, Any]) -> str:
    """A question the REALTOR.CA search cannot answer (typical rents, a neighbourhood's prices): what it holds."""
    area = (current.get("filters") or {}).get("location") or "that area"
    if current.get("listings"):
        return (f"I can answer only from the {len(current['listings'])} REALTOR.CA listings of your search in {area}: "
                f"they state {LISTING_FIELDS}, not typical rents or neighbourhood figures. Narrow them (e.g. "
                "“under $2,000”, “2 bed only”), name one to look at, or start a new search.")
    sample = (" The recorded sample I hold has Ontario homes for sale (2016–2018), with no rents."
              if current.get("recorded") else "")
    return (f"Your REALTOR.CA search in {area} found no listings, so I have no rents or prices to tell you about "
            f"there.{sample} Try another city or wider bounds, or search New York instead.")


def _by_words(current: dict[str, Any], text: str) -> dict[str, Any]:
    """A follow-up the REALTOR.CA fields cannot filter: a feature its listings state only in words ("i need
    parking": those whose description mentions parking or a garage), else the list kept, and why."""
    listings = current["listings"]
    feature = feature_asked(text)
    if feature is None:
        return {"reply": (f"The REALTOR.CA listings state {LISTING_FIELDS}, "
                          f"so I can't narrow the {len(listings)} shown by that; the list is unchanged. Say a price, "
                          "bedrooms, bathrooms or size to narrow it, or start a new search."), "rental_view": current}
    said = with_feature(listings, feature)
    note = FEATURE_NOTE.format(feature=feature)
    if not said:
        return {"reply": f"{note} None of the {len(listings)} shown does; the list is unchanged.",
                "rental_view": current}
    narrowed = {**current, "listings": said, "total_count": len(said)}
    stats, reply = _present(said, f"With {feature}: {len(said)} of {len(listings)} listings.", [note])
    narrowed["stats"] = stats
    return {"rental": narrowed, "rental_view": narrowed, "reply": reply}


def rental_node(state: AgentState, *, source: RentalSource | None = None, interactive: bool = False
                ) -> dict[str, Any]:
    """Graph node: run the rental search (or narrow / sort the list shown) and present it."""
    started = time.perf_counter()
    request = state.get("rental_request") or {}
    current = dict(state.get("rental") or {})
    base: dict[str, Any] = {"matches": [], "relaxations": [], "plan": None}  # NYC results are no longer shown
    if request.get("kind") == "about":
        return {**base, "reply": _what_it_holds(current), "rental": current or None, "rental_view": current or None,
                "awaiting": None, "trace": _trace("rental", started, about=1)}
    if request.get("kind") == "lookup":
        return {**base, "reply": _looked_up(str(request["mls"]), current, source), "rental": current or None,
                "rental_view": current or None, "awaiting": None, "trace": _trace("rental", started, lookup=1)}
    if request.get("kind") == "narrow" and current.get("listings") is not None and not (
            request.get("criteria") or request.get("sort_by")):
        return {**base, **_by_words(current, str(request.get("text", ""))), "awaiting": None,
                "trace": _trace("rental", started, words=1)}
    if request.get("kind") == "narrow" and current.get("listings") is not None:
        try:
            result = rental.narrow(current["listings"], request["criteria"] or None, request.get("sort_by"),
                                   request.get("ascending", True), validated=True)
        except InvalidFilters as exc:
            return {**base, "reply": str(exc), "rental_view": current, "trace": _trace("rental", started, error=1)}
        if not result["listings"] and current.get("filters") and _widens(current["filters"], request["criteria"]):
            # "whats for sale there under half a mil w 3 bedrooms" after a 2-bed list: beyond what was searched, so
            # the place is searched again with what was just asked
            request = {**request, "kind": "research"}
        elif not result["listings"]:
            reply = (f"None of the {len(current['listings'])} listings shown meets that; the list is unchanged. "
                     "Try another criterion, or start a new search.")
            return {**base, "reply": reply, "rental_view": current,
                    "trace": _trace("rental", started, narrowed=0)}
    if request.get("kind") == "narrow" and current.get("listings") is not None:
        what = []
        if request["criteria"]:
            what.append("narrowed")
        if request.get("sort_by"):
            order = "ascending" if request.get("ascending", True) else "descending"
            what.append(f"sorted by {request['sort_by']} ({order})")
        stats, reply = _present(result["listings"], f"{' and '.join(what).capitalize()}: {result['total_count']} "
                                                    f"of {len(current['listings'])} listings.", [])
        current.update(listings=result["listings"], stats=stats, total_count=result["total_count"], stage="results")
        return {**base, "rental": current, "rental_view": current, "reply": reply, "awaiting": None,
                "trace": _trace("rental", started, narrowed=result["total_count"], sort=request.get("sort_by"))}

    if request.get("kind") == "view" and current.get("listings"):
        # a visit asked for in words: the viewings step plans it without its questions
        current.update(stage="view_request", view_ids=list(request["ids"]), view_text=str(request.get("text", "")))
        return {**base, "rental": current, "rental_view": current, "reply": "", "awaiting": None,
                "trace": _trace("rental", started, view=len(request["ids"]))}

    if request.get("kind") == "research" and current.get("filters"):
        filters = research_filters(current["filters"], request)
    else:
        filters = rental_filters(parse_spec(str(request.get("text", ""))), str(request.get("area") or "Canada"))
    tz = request.get("tz") or current.get("tz") or city_tz(filters["location"])
    if request.get("choices") and interactive:
        # A province (or only "Canada") is too wide for one search: which city? (spec §7 step 2)
        area = ask_single(f"Where in {filters['location']}?", list(request["choices"]))
        filters["location"], tz = area, city_tz(area)
    try:
        found = rental.search(filters, source=source)
    except InvalidFilters as exc:
        return {**base, "reply": f"I could not search: {exc}", "rental": None, "rental_view": None,
                "trace": _trace("rental", started, error="invalid_filters")}
    except rental.SearchUnavailable as exc:
        # kept without listings, so that "search again" retries these filters (spec §7 step 3: retry once)
        kept: dict[str, Any] = {"filters": filters, "tz": tz, "listings": [], "stage": "unavailable"}
        return {**base, "reply": f"{exc} Please try again in a moment (say **search again**).", "rental": kept,
                "rental_view": None, "trace": _trace("rental", started, error="search_unavailable")}
    notes = list(found.get("notes", []))
    rent_bounds = {k: filters[k] for k in ("rent_min", "rent_max") if filters.get(k) is not None}
    if DERIVED_RENT in notes and rent_bounds:
        # for-sale items carry no rent: a rent budget is said not to apply rather than matched against a made-up one
        found = rental.search({k: v for k, v in filters.items() if k not in rent_bounds}, source=source)
        notes = [*found.get("notes", []), f"Your rent budget ({_describe_rent(rent_bounds)}) was not applied."]
    listings = found["listings"]
    wished = sale_wishes(str(request.get("text", "")))
    if listings and (for_sale(listings) or DERIVED_RENT in notes) and any(wished):
        # "show me townhouses for sale under 500k": the asking price and the kind of home, on the for-sale items
        price_max, category = wished
        chosen = [x for x in listings if (price_max is None or (x.get("asking_price") or 0) <= price_max)
                  and (category is None or x.get("house_category") == category)]
        said = " and ".join(p for p in (f"an asking price up to ${price_max:,.0f}" if price_max else "",
                                        f"{category} only" if category else "") if p)
        notes = [n for n in notes if not n.startswith("Your rent budget")] + [
            f"With {said}: {len(chosen)} of {len(listings)} listings."]
        listings, found = chosen, {**found, "listings": chosen, "total_count": len(chosen)}
    feature = feature_asked(str(request.get("text", ""))) if request.get("kind") == "research" else None
    if feature:  # "also i need parking" after a search that found nothing: the listings whose words say it
        listings = with_feature(listings, feature)
        found = {**found, "listings": listings, "total_count": len(listings)}
        notes.append(FEATURE_NOTE.format(feature=feature))
    kind = "listings (for sale, not rentals)" if for_sale(listings) or DERIVED_RENT in notes else "rentals"
    state_rental = {"filters": filters, "tz": tz, "listings": listings, "total_count": found["total_count"],
                    "notes": notes, "recorded": any("Recorded sample" in n for n in notes), "stage": "results",
                    "relaxations": found.get("relaxations", [])}
    shown = {k: v for k, v in filters.items() if k not in rent_bounds} if DERIVED_RENT in notes else filters
    if not listings:
        relax = found.get("relaxations") or []
        example = ("“3 bed” or “search again without the maximum bedrooms”" if DERIVED_RENT in notes else
                   "“under $3,500” or “search again without the maximum rent”")
        reply = "\n\n".join([*notes, f"No REALTOR.CA {kind} match {_describe(shown)}.",
                             ("To see some: " + " · ".join(relax)) if relax else "Try a wider area or budget.",
                             f"Say how to change it, e.g. {example}."])
        state_rental["stats"] = summarize_rows([])
        return {**base, "rental": state_rental, "rental_view": state_rental, "reply": reply, "awaiting": None,
                "trace": _trace("rental", started, found=0)}
    stats, reply = _present(listings, f"**{found['total_count']} REALTOR.CA {kind}** for {_describe(shown)}:",
                            notes)
    state_rental["stats"] = stats
    return {**base, "rental": state_rental, "rental_view": state_rental, "reply": reply, "awaiting": None,
            "trace": _trace("rental", started, found=found["total_count"])}


_SALE_PRICE = re.compile(r"\b(?:under|below|max(?:imum)?|up to|less than|at most|no more than)\s*\$?\s?"
                         r"(\d[\d,.]*)\s*(k|m|mil|million)?\b", re.I)
_HALF_MIL = re.compile(r"\b(?:a )?half (?:a )?mil(?:lion)?\b", re.I)
_SALE_CUE = re.compile(r"\bfor sale\b|\bto buy\b|\bbuy(?:ing)?\b|\basking\b|\bpurchase\b", re.I)
_HOME_KIND = ((re.compile(r"\btown ?houses?\b|\brow ?houses?\b|\btownhomes?\b", re.I), "Row / Townhouse"),
              (re.compile(r"\b(?:detached|semi-detached|houses?)\b", re.I), "House"))


def research_filters(stored: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """The stored search's filters changed by what a follow-up asks (its criteria in, its drops out)."""
    filters = {k: v for k, v in stored.items() if k not in request.get("drop", [])}
    filters.update(request.get("criteria") or {})
    if any(sale_wishes(str(request.get("text", "")))) and not any(
            k in (request.get("criteria") or {}) for k in ("min_bedrooms", "max_bedrooms")):
        # "show me townhouses for sale under 500k then": another kind of search; the old bedroom count goes
        filters.pop("max_bedrooms", None)
        filters["min_bedrooms"] = 0
    for low, high in _BOUNDS:
        if filters.get(low) is not None and filters.get(high) is not None and filters[low] > filters[high]:
            # "3 bed" after a 2-bed search: the bound just said wins, the stale other one goes
            filters.pop(high if low in (request.get("criteria") or {}) else low)
    if filters.get("min_bedrooms") is None:
        filters["min_bedrooms"] = 0  # required by the search; 0 is any size
    return filters


_BOUNDS = (("min_bedrooms", "max_bedrooms"), ("min_bathrooms", "max_bathrooms"), ("rent_min", "rent_max"),
           ("min_sqft", "max_sqft"))


def _widens(stored: dict[str, Any], criteria: dict[str, Any] | None) -> bool:
    """Whether a follow-up's criteria reach beyond the search that was run (3 bedrooms after a 2-bed search, a
    higher cap): the list shown cannot hold what it asks, a new search of the place may."""
    for low, high in _BOUNDS:
        asked_low, asked_high = (criteria or {}).get(low), (criteria or {}).get(high)
        if asked_low is not None and ((stored.get(high) is not None and asked_low > stored[high])
                                      or (stored.get(low) is not None and asked_low < stored[low])):
            return True
        if asked_high is not None and stored.get(high) is not None and asked_high > stored[high]:
            return True
    return False


def sale_wishes(text: str) -> tuple[float | None, str | None]:
    """(asking price cap, house category) a message asks of for-sale listings ("townhouses for sale under 500k");
    an amount below 50,000 is a rent, not a price."""
    price = None
    said = _SALE_PRICE.search(_HALF_MIL.sub("500k", text))  # "under half a mil"
    if said:
        value = float(said.group(1).replace(",", "")) * {"k": 1e3, "m": 1e6, "mil": 1e6, "million": 1e6}.get(
            (said.group(2) or "").lower(), 1)
        price = value if value >= 50_000 else None
    kind = next((name for pattern, name in _HOME_KIND if pattern.search(text)), None)
    if price is None and not _SALE_CUE.search(text):
        return None, None  # "a 3 bed house to rent": a rental search; the kind of home is no sale wish
    return price, kind


def after_rental(state: AgentState) -> str:
    """Ask about viewings only when there is a shortlist (and the graph can pause)."""
    return "rental_viewings" if (state.get("rental") or {}).get("listings") and \
        (state.get("rental") or {}).get("stage") in ("results", "view_request") else "finish"


def day_slots(pref: Preference, day: date, *, tzinfo: Any, not_before: datetime | None = None) -> list[datetime]:
    """Viewing starts on one day inside the preference window (30 minutes each plus travel between them)."""
    if day.weekday() not in pref.days:
        return []
    start = datetime(day.year, day.month, day.day, *pref.start, tzinfo=tzinfo)
    end = datetime(day.year, day.month, day.day, *pref.end, tzinfo=tzinfo)
    out: list[datetime] = []
    while start + SLOT <= end:
        if not_before is None or start >= not_before:
            out.append(start)
        start += SLOT + GAP
    return out


def viewing_plan(listings: list[dict[str, Any]], pref: Preference, *, now: datetime
                 ) -> tuple[list[TourAction], list[list[int]]]:
    """One outing per group of listings within 2 km of each other, each outing on its own allowed day (the first
    at least two hours from now). A group larger than one day's window continues on the next allowed day."""
    points = [(x["latitude"], x["longitude"]) if x.get("latitude") is not None and x.get("longitude") is not None
              else None for x in listings]
    outings = group_nearby(points, radius_km=OUTING_KM)
    tzinfo = now.tzinfo
    capacity = max(1, len(day_slots(pref, next(now.date() + timedelta(days=d) for d in range(7)
                                               if (now.date() + timedelta(days=d)).weekday() in pref.days),
                                    tzinfo=tzinfo)))
    day, not_before = now.date(), now + timedelta(hours=2)
    actions: dict[int, TourAction] = {}
    for group in outings:
        remaining = list(group)
        for _ in range(400):  # days searched: a window that never opens ends the plan, not the process
            free = day_slots(pref, day, tzinfo=tzinfo, not_before=not_before)
            if free and (len(free) >= min(len(remaining), capacity)):
                for i, start in zip(remaining, free, strict=False):
                    x = listings[i]
                    actions[i] = TourAction(unit_id=x["id"], address=x["address"], start=start, end=start + SLOT,
                                            required_docs=DOCS["apartment"], tz=str(tzinfo))
                remaining = remaining[len(free):]
            day += timedelta(days=1)
            if not remaining:
                break
    return [actions[i] for i in sorted(actions)], outings


def describe_outings(listings: list[dict[str, Any]], actions: list[TourAction], outings: list[list[int]]) -> str:
    """The viewing plan as markdown: one line per outing, its day and its stops."""
    by_id = {a.unit_id: a for a in actions}
    lines = ["**Viewing plan**"]
    for n, group in enumerate(outings, start=1):
        stops = [by_id[listings[i]["id"]] for i in group]
        near = " (within 2 km of each other)" if len(group) > 1 else ""
        lines.append(f"- Outing {n}, {DAY_NAMES[stops[0].start.weekday()].title()} {stops[0].start:%b %d}{near}: "
                     + "; ".join(f"{s.start:%H:%M} {s.address.split(',')[0].title()}" for s in stops))
    return "\n".join(lines)


def rental_viewings_node(state: AgentState, *, now: Any = None) -> dict[str, Any]:
    """Pause: results good? -> viewing preference -> which listings (labels carry the id) -> the viewing plan as
    tour actions for the shared holds flow (contact once, verify, hold, confirm)."""
    started = time.perf_counter()
    current = dict(state.get("rental") or {})
    listings = list(current.get("listings") or [])
    if current.get("stage") == "view_request":  # "can I see 22 Arbutus Cres Saturday afternoon?": asked in words
        picked_ids = list(current.pop("view_ids", []))
        preference_text = str(current.pop("view_text", ""))
        pref = viewing_preference(preference_text)
        picked = [x for x in listings if x["id"] in picked_ids]
        current.update(preference=preference_text, preference_read=pref.describe())
    else:
        answer = ask_single("Do these results look good, or would you like to refine them?", [LOOKS_GOOD, REFINE])
        if answer == REFINE:
            current["stage"] = "refine"
            return {"rental": current, "selected": [],
                    "reply": "Tell me how to narrow or sort them: e.g. “only 1 bathroom”, “under $2,500”, "
                             "“cheapest first”.", "trace": _trace("rental_viewings", started, answer="refine")}
        preference_text = ask_single(PREFERENCE_QUESTION)
        pref = viewing_preference(preference_text)
        shown = listings[:MAX_CHOICES]
        labels = [rental.approval_label(n, x) for n, x in enumerate(shown, start=1)]
        chosen = ask_multi(APPROVAL_QUESTION, labels)
        current.update(preference=preference_text, preference_read=pref.describe())
        if not chosen:
            current["stage"] = "done"
            return {"rental": current, "selected": [], "reply": NO_VIEWINGS,
                    "trace": _trace("rental_viewings", started, chosen=0)}
        picked_ids = rental.ids_from_labels([labels[i] for i in chosen])
        picked = [x for x in shown if x["id"] in picked_ids]
    tz = ZoneInfo(current.get("tz") or "America/Toronto")
    clock = now() if callable(now) else datetime.now(tz)
    actions, outings = viewing_plan(picked, pref, now=clock.astimezone(tz))
    plan = ActionPlan(actions=sorted(actions, key=lambda a: a.start),
                      confirmation_prompt="Request viewings for these?")
    current.update(stage="viewing", approved=picked_ids,
                   plan_text=describe_outings(picked, actions, outings),
                   urls={x["id"]: x["url"] for x in picked}, titles={x["id"]: x["title"] for x in picked})
    contact = dict(state.get("contact") or {})
    update: dict[str, Any] = {"rental": current, "plan": plan.model_dump(mode="json"),
                              "selected": [a.model_dump(mode="json") for a in plan.actions],
                              "trace": _trace("rental_viewings", started, chosen=len(picked),
                                              outings=len(outings), preference=pref.describe())}
    if contact and not contact.get("preferred_times"):
        update["contact"] = {**contact, "preferred_times": preference_text[:200]}
    return update


def after_viewings(state: AgentState) -> str:
    return "contact" if state.get("selected") else "finish"


def rental_wrap_node(state: AgentState) -> dict[str, Any]:
    """After the holds are confirmed: the simulated viewing requests (spec §5.5) and the viewing plan."""
    started = time.perf_counter()
    current = dict(state.get("rental") or {})
    contact = dict(state.get("contact") or {})
    lines = [state.get("reply") or ""]
    requests: list[str] = []
    for hold in state.get("holds", []):
        if hold.get("status") != "confirmed":
            continue
        url = (current.get("urls") or {}).get(hold["unit_id"])
        if not url:
            continue
        start = datetime.fromisoformat(hold["start"])
        slot = f"{start:%A %b %d, %H:%M}"
        try:
            done = rental.simulate_viewing(url, slot, contact, title=(current.get("titles") or {}).get(hold["unit_id"]))
        except InvalidFilters as exc:
            requests.append(f"- {hold['address']}: not requested ({exc})")
            continue
        requests.append(f"- {done['summary']} [Email the listing contact]({done['contact_url']})")
    if requests:
        lines += ["**Simulated viewing requests** (nothing was sent)", *requests]
    if current.get("plan_text"):
        lines.append(current["plan_text"])
    current["stage"] = "done"
    return {"reply": "\n\n".join(p for p in lines if p), "rental": current, "rental_view": current,
            "trace": _trace("rental_wrap", started, requests=len(requests))}


def after_confirm(state: AgentState) -> str:
    """After the shared confirm step: a rental flow gets its wrap-up; a tour flow ends."""
    return "rental_wrap" if (state.get("rental") or {}).get("stage") == "viewing" else "finish"
