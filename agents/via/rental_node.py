"""The REALTOR.CA rental flow in the graph (spec §7): search, present (stats card, table, map), narrow and sort,
confirm, viewing preference, approval, then the shared holds flow (contact once, verify, hold, confirm) and a
wrap-up with the simulated viewing requests and the viewing plan (listings within 2 km make one outing).

A Canadian place (or "on REALTOR.CA") in a VIA request sends it here instead of the NYC inventory; the needs node
decides (`rental_request`), this module searches through `agents.via.rental` (the same code as the MCP tools).
"""

from __future__ import annotations

import logging
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
    rental_filters,
    viewing_preference,
)
from agents.via.tour_close import DOCS, GAP, SLOT
from contracts.plan import ActionPlan, TourAction
from contracts.rental import InvalidFilters
from data.sources.base import RentalSource
from scoring.listings import group_nearby, summarize_rows

log = logging.getLogger(__name__)

LOOKS_GOOD, REFINE = "Looks good — choose listings to view", "Refine the results"
PREFERENCE_QUESTION = "When do you prefer viewings? (e.g. weekday evenings 6–8pm)"
APPROVAL_QUESTION = "Which listings do you want to request viewings for?"
MAX_CHOICES = 10  # the approval lists the first ten of the shortlist (narrow or sort to choose others)
OUTING_KM = 2.0
NO_VIEWINGS = "No viewings requested."


def _trace(node: str, started: float, **notes: Any) -> list[dict[str, Any]]:
    return [{"node": node, "ms": round((time.perf_counter() - started) * 1000, 3), **notes}]


def stats_card(stats: dict[str, Any]) -> str:
    """The spec's bullet summary: Count, Price, Bedrooms, Bathrooms, Size, Property types."""
    price = stats["price"]
    lines = [f"- **Count:** {stats['count']} listings"]
    if price["count"]:
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


def _present(listings: list[dict[str, Any]], headline: str, notes: list[str]) -> tuple[dict[str, Any], str]:
    stats = summarize_rows(listings)
    reply = "\n\n".join([*notes, headline, stats_card(stats), "The listings are in the table below."])
    return stats, reply


def rental_node(state: AgentState, *, source: RentalSource | None = None, interactive: bool = False
                ) -> dict[str, Any]:
    """Graph node: run the rental search (or narrow / sort the list shown) and present it."""
    started = time.perf_counter()
    request = state.get("rental_request") or {}
    current = dict(state.get("rental") or {})
    base: dict[str, Any] = {"matches": [], "relaxations": [], "plan": None}  # NYC results are no longer shown
    if request.get("kind") == "narrow" and current.get("listings") is not None:
        try:
            result = rental.narrow(current["listings"], request["criteria"] or None, request.get("sort_by"),
                                   request.get("ascending", True), validated=True)
        except InvalidFilters as exc:
            return {**base, "reply": str(exc), "rental_view": current, "trace": _trace("rental", started, error=1)}
        if not result["listings"]:
            reply = (f"None of the {len(current['listings'])} listings shown meets that; the list is unchanged. "
                     "Try another criterion, or start a new search.")
            return {**base, "reply": reply, "rental_view": current,
                    "trace": _trace("rental", started, narrowed=0)}
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

    if request.get("kind") == "research" and current.get("filters"):
        filters = {k: v for k, v in current["filters"].items() if k not in request.get("drop", [])}
        filters.update(request.get("criteria") or {})
        for low, high in (("min_bedrooms", "max_bedrooms"), ("min_bathrooms", "max_bathrooms"),
                          ("rent_min", "rent_max"), ("min_sqft", "max_sqft")):
            if filters.get(low) is not None and filters.get(high) is not None and filters[low] > filters[high]:
                # "3 bed" after a 2-bed search: the bound just said wins, the stale other one goes
                filters.pop(high if low in (request.get("criteria") or {}) else low)
        if filters.get("min_bedrooms") is None:
            filters["min_bedrooms"] = 0  # required by the search; 0 is any size
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
    listings = found["listings"]
    state_rental = {"filters": filters, "tz": tz, "listings": listings, "total_count": found["total_count"],
                    "notes": notes, "recorded": any("Recorded sample" in n for n in notes), "stage": "results",
                    "relaxations": found.get("relaxations", [])}
    if not listings:
        relax = found.get("relaxations") or []
        reply = "\n\n".join([*notes, f"No REALTOR.CA rentals match {_describe(filters)}.",
                             ("To see some: " + " · ".join(relax)) if relax else "Try a wider area or budget.",
                             "Say how to change it, e.g. “under $3,500” or “search again without the maximum "
                             "rent”."])
        state_rental["stats"] = summarize_rows([])
        return {**base, "rental": state_rental, "rental_view": state_rental, "reply": reply, "awaiting": None,
                "trace": _trace("rental", started, found=0)}
    stats, reply = _present(listings, f"**{found['total_count']} REALTOR.CA rentals** for {_describe(filters)}:",
                            notes)
    state_rental["stats"] = stats
    return {**base, "rental": state_rental, "rental_view": state_rental, "reply": reply, "awaiting": None,
            "trace": _trace("rental", started, found=found["total_count"])}


def after_rental(state: AgentState) -> str:
    """Ask about viewings only when there is a shortlist (and the graph can pause)."""
    return "rental_viewings" if (state.get("rental") or {}).get("listings") and \
        (state.get("rental") or {}).get("stage") == "results" else "finish"


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
