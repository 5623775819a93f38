"""MatchRankAgent: score the whole inventory against the SearchSpec, explain each match, suggest relaxations."""

from __future__ import annotations

import math
import re
import time
from dataclasses import replace
from typing import Any

import numpy as np
from langchain_core.messages import HumanMessage

from agents.i18n import localized_notes, phrase
from agents.state import AgentState
from agents.via.figures import asks_shares, describe, people_said
from agents.via.refine import answer_about_results, beyond_shown
from agents.via.vocab import place_title, places_title
from contracts.match import MatchItem, Relaxation
from contracts.search import AMENITY_KEYS, SearchSpec
from data.sources.nyc import Inventory, load_inventory
from scoring.match import DEFAULT_WEIGHTS, Scored, Weights, rank, row_has, score_units
from scoring.relax import suggest_relaxations
from scoring.units import UnitArrays, row_is_retail

TOP_N = 5
PETS_UNKNOWN = "Pet policy not listed"
FEW_MATCHES = 3  # fewer full matches than this: also suggest relaxations
SORT_POOL = 50  # "sort by price" orders this many of the best results
# The orders a person can ask for: by rent, by price per square foot (offices), by size (biggest first).
SORT_KEYS: dict[str, Any] = {"price": lambda u: u.rent, "ppsf": lambda u: u.ppsf_year, "size": lambda u: -u.sqft,
                             "subway": lambda u: u.min_to_subway, "floor": lambda u: -u.floor,
                             "floor_low": lambda u: u.floor}  # lowest value first

_ARRAYS: dict[int, tuple[Inventory, UnitArrays]] = {}


def units_of(inventory: Inventory) -> UnitArrays:
    """The column arrays of an inventory, built once per inventory object."""
    cached = _ARRAYS.get(id(inventory))
    if cached is None or cached[0] is not inventory:
        cached = (inventory, UnitArrays.from_frame(inventory.frame))
        _ARRAYS[id(inventory)] = cached
    return cached[1]


def _money(value: float) -> str:
    return f"${value:,.0f}"


def _label(key: str) -> str:
    return key.replace("_", " ").replace("washer dryer", "washer/dryer").replace("roofdeck", "roof deck")


DEEPER = 50  # how far down a search looks for what the five shown lack ("the smallest you have", "with an elevator")
EARLIER_KEPT = 20  # units of earlier lists a later message can still name


def explain(row: dict[str, Any], scored: Scored, i: int, spec: SearchSpec) -> tuple[list[str], list[str]]:
    """Reason codes for every point unit i earned, and what it misses."""
    reasons: list[str] = []
    misses: list[str] = []
    terms = scored.terms
    sqft = row["sqft"]
    if "size_min" in terms:
        if terms["size_min"][i] >= 1:
            reasons.append(f"{sqft:,.0f} SF fits (≥ {spec.min_sqft:,})")
        else:
            misses.append(f"{sqft:,.0f} SF is under {spec.min_sqft:,}" if not math.isnan(sqft) else "size unknown")
    if "size_max" in terms:
        (reasons if terms["size_max"][i] >= 1 else misses).append(
            f"{sqft:,.0f} SF within {spec.max_sqft:,} max" if terms["size_max"][i] >= 1
            else f"{sqft:,.0f} SF is over {spec.max_sqft:,}")
    if "price" in terms and spec.budget_ppsf_year is not None:
        rate = row["ppsf_year"] if not math.isnan(row["ppsf_year"]) else row["rent"] * 12 / row["sqft"]
        cap = f"${spec.budget_ppsf_year:,.0f}/SF/yr"
        (reasons if terms["price"][i] >= 1 else misses).append(
            f"${rate:,.2f}/SF/yr within {cap}" if terms["price"][i] >= 1 else f"${rate:,.2f}/SF/yr is over {cap}")
    elif "price" in terms:
        if terms["price"][i] >= 1:
            reasons.append(f"Rent {_money(row['rent'])} within budget")
        else:
            misses.append(f"Rent {_money(row['rent'])} is {_money(row['rent'] - (spec.budget_max or 0))} over budget")
    if "location" in terms:
        if terms["location"][i] >= 1:
            streets = row["loc_text"].split(" | ")[3:]  # after neighborhood, submarket, borough: the address
            on_street = any(t.lower() in s for t in spec.location for s in streets)
            reasons.append(f"Street match ({row['address']})" if on_street
                           else f"Neighborhood match ({row['neighborhood']})")
        else:
            misses.append(f"Outside the area ({row['neighborhood']})")
    if "beds" in terms:
        beds = row["bedrooms"]
        word = "Studio" if beds == 0 else f"{beds:g} bedroom{'s' if beds != 1 else ''}"
        (reasons if terms["beds"][i] >= 1 else misses).append(
            f"{word} as asked" if terms["beds"][i] >= 1 else
            (f"{word}, not as asked" if not math.isnan(beds) else "Bedrooms unknown"))
    if "baths" in terms:
        (reasons if terms["baths"][i] >= 1 else misses).append(
            f"{row['bathrooms']:g} bathrooms" if terms["baths"][i] >= 1 else f"Only {row['bathrooms']:g} bathroom(s)")
    musts = [m.replace("-", "_").replace(" ", "_").lower() for m in spec.must_haves]
    if musts:
        have = [m for m in musts if row_has(row, m, spec)]
        # an unlisted pet policy is reported once, below, as unknown rather than missing
        lacking = [m for m in musts if not row_has(row, m, spec)
                   and not (m == "pet_friendly" and not row.get("pets_known"))]
        if have:
            reasons.append(f"Has {', '.join(_label(m) for m in have)} ({len(have)}/{len(musts)} must-haves)")
        if lacking:
            misses.append(f"Missing {', '.join(_label(m) for m in lacking)}")
    if "transit" in terms and terms["transit"][i] >= 1:
        reasons.append(f"Near transit ({row['min_to_subway']:g} min to subway)")
    if "pets" in terms:
        if not row.get("pets_known"):  # unknown, not missing: said as a caveat, the score is not lowered for it
            reasons.append(PETS_UNKNOWN + " — ask the landlord")
        elif terms["pets"][i] >= 1:
            reasons.append("Pet friendly")
        else:
            misses.append("No pets, by the listing")
    if "nice" in terms and terms["nice"][i] > 0:
        nice = [n for n in spec.nice_to_haves if row_has(row, n.replace("-", "_").replace(" ", "_").lower(), spec)]
        reasons.append(f"Bonus: {', '.join(_label(n) for n in nice)}")
    if "kind" in terms:
        (reasons if terms["kind"][i] >= 1 else misses).append(
            f"{row['kind'].title()} as asked" if terms["kind"][i] >= 1 else
            "Ground-floor retail suite (a storefront), not office floors" if row_is_retail(row) and row["kind"] ==
            spec.kind else f"Is an {row['kind']}")
    return reasons, misses


def preview(row: dict[str, Any]) -> dict[str, Any]:
    """The display fields of a unit (no NaN: JSON-safe)."""

    def num(value: Any) -> Any:
        return None if value is None or (isinstance(value, float) and math.isnan(value)) else value

    is_office = row["kind"] == "office"
    address = row["address"] or f"{row['neighborhood']} apartment (building {row['building_id']})"
    return {
        "address": address + (f", Suite {row['suite']}" if is_office and row["suite"] else ""),
        "neighborhood": row["neighborhood"],
        "borough": row["borough"],
        "kind": row["kind"],
        "sqft": num(row["sqft"]),
        "rent": num(row["rent"]),
        "ppsf_year": num(row["ppsf_year"]),
        "floor": row["floor"] or None,
        "suite": row["suite"] or None,
        "bedrooms": num(row["bedrooms"]),
        "bathrooms": num(row["bathrooms"]),
        "amenities": [_label(k) for k in AMENITY_KEYS if k not in ("near_transit",) and row.get(k)],
        "near_transit": bool(row["near_transit"]),
        "min_to_subway": num(row["min_to_subway"]),
        "building_age_yrs": num(row.get("building_age_yrs")),
        "pet_friendly": bool(row["pet_friendly"]) if row.get("pets_known") else None,  # None: not listed
        "broker": row.get("broker") or None,  # the listing's contact person, where the data names one
        "broker_email": row.get("broker_email") or None,
    }


def match(spec: SearchSpec, inventory: Inventory, *, weights: Weights = DEFAULT_WEIGHTS, top_n: int = TOP_N,
          page: int = 0, sort: str | None = None) -> tuple[list[MatchItem], list[Relaxation], int]:
    """Ranked matches with reasons, relaxations when few units fully match, and the full-match count.

    Args:
        page: which page of `top_n` results (0 = the best).
        sort: a key of SORT_KEYS ("price", "size", "subway", "floor", ...): the same results (the full matches, or
            the best-scored) in that order.
    """
    units = units_of(inventory)
    scored = score_units(units=units, spec=spec, weights=weights)
    if spec.kind is not None:
        # The kind asked for is a filter, not a preference: an office request never lists apartments.
        scored = replace(scored, score=np.where(units.kind == spec.kind, scored.score, -1.0))
    depth = max(SORT_POOL, top_n * (page + 1)) if sort in SORT_KEYS else top_n * (page + 1)
    order = [i for i in rank(units=units, spec=spec, weights=weights, top_n=depth, scored=scored).tolist()
             if scored.score[i] >= 0]
    if sort in SORT_KEYS:
        full_rows = [i for i in order if scored.full_match[i]] or order
        values = SORT_KEYS[sort](units)  # ties: the better score, then the lower rent
        order = sorted(full_rows, key=lambda i: (np.nan_to_num(values[i], nan=np.inf), -scored.score[i],
                                                 np.nan_to_num(units.rent[i], nan=np.inf)))
    order = order[top_n * page: top_n * (page + 1)]
    frame = inventory.frame
    items: list[MatchItem] = []
    for i in order:
        row = frame.iloc[i].to_dict()
        reasons, misses = explain(row, scored, i, spec)
        item_preview = preview(row)
        item_preview["misses"] = misses
        items.append(MatchItem(id=row["unit_id"], score=round(float(scored.score[i]), 1), reasons=reasons,
                               row_preview=item_preview))
    full = int(np.count_nonzero(scored.full_match))
    relaxations = suggest_relaxations(units=units, spec=spec, weights=weights) if full < FEW_MATCHES else []
    return items, relaxations, full


SMALL_SHARE = 0.5  # a size asked below half the smallest suite listed is said to be out of the inventory's range


def uncovered_places(spec: SearchSpec, inventory: Inventory) -> str | None:
    """The places asked for that the inventory has nothing in, beside others it has ("jersey city or hoboken ...
    i work in fidi"), said rather than silently dropped; None when every place (or none) is covered."""
    texts = inventory.frame["loc_text"]
    if any(re.search(r"\d", t) for t in spec.location):
        return None  # a street range or a landmark read as cross streets: some always have nothing, said elsewhere
    missing = [t for t in spec.location if not texts.str.contains(t.lower(), regex=False).any()]
    if not missing or len(missing) == len(spec.location):
        return None  # all uncovered: inventory_notes says it with the areas we have
    covered = [t for t in spec.location if t not in missing]
    return (f"We have no listings in {' or '.join(place_title(t) for t in missing)}; these are in "
            f"{places_title(covered)}.")


def inventory_notes(spec: SearchSpec, inventory: Inventory) -> list[str]:
    """What the inventory has when it cannot meet a stated need, and the rules the search applied: said, not
    hidden ("our smallest Midtown office is 9,351 SF at $89/SF/yr")."""
    notes: list[str] = []
    if spec.headcount and spec.min_sqft == spec.headcount * 150 and spec.max_sqft == spec.headcount * 250:
        notes.append(f"For {spec.headcount} people I looked for {spec.min_sqft:,}–{spec.max_sqft:,} SF "
                     "(150 SF a person in an open plan to 250 with private offices).")
    frame = inventory.frame
    pool = frame[frame["kind"] == spec.kind] if spec.kind else frame
    retail = pool.iloc[0:0]
    if spec.kind == "office":  # a storefront is no office suite: the notes speak of office floors, and say it apart
        is_retail = [row_is_retail(row) for row in pool.to_dict("records")]
        retail, pool = pool[is_retail], pool[[not r for r in is_retail]]
    if spec.use_case == "coworking" and spec.kind == "office":
        notes.append(f"We list whole office suites (the smallest is {pool['sqft'].min():,.0f} SF), not coworking "
                     "desks or memberships.")
    kind = {"office": "office suite", "apartment": "apartment"}.get(spec.kind or "", "unit")
    if spec.location:
        local = pool[[any(t.lower() in text for t in spec.location) for text in pool["loc_text"]]]
        place = places_title(spec.location)
        if local.empty:
            areas = pool["neighborhood"].value_counts().index[:4]
            notes.append(f"We have no {kind} listings in {place}; ours are in {', '.join(areas)} and nearby, "
                         "so these are the closest we have.")
            return notes
        pool, where = local, f" in {place}"
    else:
        where = ""
    wanted = spec.max_sqft or spec.min_sqft
    if spec.kind == "office" and spec.max_sqft is None and wanted and len(pool) and wanted < SMALL_SHARE * pool[
            "sqft"].min():
        # "like 1500 sf for 8 people": every suite we list is several times that; said, with where such space is
        notes.append(f"Our office suites{where} are {pool['sqft'].min():,.0f}–{pool['sqft'].max():,.0f} SF, several "
                     f"times the {wanted:,} SF asked: nothing we list is that small. Space that size is usually found "
                     "as coworking offices or a sublease, which these listings do not cover; the closest are below.")
    if spec.max_sqft is not None and not (pool["sqft"] <= spec.max_sqft).any():
        row = pool.loc[pool["sqft"].idxmin()]
        notes.append(f"Our smallest {kind}{where} is {preview(row.to_dict())['address']} ({row['unit_id']}): "
                     f"{row['sqft']:,.0f} SF ({_rate_and_rent(row)}); nothing as small as {spec.max_sqft:,} SF.")
    if spec.budget_ppsf_year is None and spec.budget_max is not None and not (pool["rent"] <= spec.budget_max).any():
        row = pool.loc[pool["rent"].idxmin()]
        size = f", {row['sqft']:,.0f} SF" if row["sqft"] == row["sqft"] else ""
        notes.append(f"Our least expensive {kind}{where} is {preview(row.to_dict())['address']} ({row['unit_id']}"
                     f"{size}) at {_money(row['rent'])}/mo, above your {_money(spec.budget_max)}.")
        local = retail[[any(t.lower() in text for t in spec.location) for text in retail["loc_text"]]] \
            if spec.location else retail
        if not local.empty and local["rent"].min() < row["rent"]:  # the storefront that costs less, said apart
            shop = local.loc[local["rent"].idxmin()]
            notes[-1] += (f" A ground-floor retail suite costs less: {preview(shop.to_dict())['address']} "
                          f"({shop['unit_id']}, {shop['sqft']:,.0f} SF) at {_money(shop['rent'])}/mo.")
    if spec.budget_ppsf_year is not None and len(pool):
        sized = pool[(pool["sqft"] >= (spec.min_sqft or 0)) & (pool["sqft"] <= (spec.max_sqft or np.inf))]
        sized = sized if len(sized) else pool
        rates = sized["ppsf_year"].where(sized["ppsf_year"].notna(), sized["rent"] * 12 / sized["sqft"])
        if not (rates <= spec.budget_ppsf_year).any():
            # "anything cheaper per foot?" when nothing is: the lowest rate there is, not a list that hides it
            row = sized.loc[rates.idxmin()]
            span = (f" at {spec.min_sqft or 0:,}–{spec.max_sqft:,} SF" if spec.max_sqft else
                    f" of {spec.min_sqft:,}+ SF" if spec.min_sqft else "")
            notes.append(f"Nothing{where}{span} rents at or under ${spec.budget_ppsf_year:,.0f}/SF/yr: the lowest rate "
                         f"is {preview(row.to_dict())['address']} ({row['unit_id']}, {row['sqft']:,.0f} SF) at "
                         f"{_rate_and_rent(row)}.")
    if spec.location and spec.must_haves:
        # "2 bed in park slope under 4500 with a dishwasher": the place has the flats, none with the must-have
        fit = _fitting(pool, spec, budget=spec.budget_ppsf_year is None, musts=False)
        for must in spec.must_haves:
            key = _key(must)
            if len(fit) and key in fit.columns and not fit[key].astype(bool).any():
                notes.append(f"None of the {len(fit)} {kind}s{where} that fit the rest lists {_label(key)}: the "
                             f"closest below give up something else for it (the area, the price or the size, as "
                             f"marked ✗); say \"{_label(key)} optional\" to see the {where[4:]} ones.")
        priced = _fitting(pool, spec, budget=False)
        if spec.budget_max is not None and spec.budget_ppsf_year is None and len(priced) and not len(
                _fitting(pool, spec, budget=True)):
            # "the cheapest 1br in lic that has gym AND doorman": what it costs, over the budget
            row = priced.loc[priced["rent"].idxmin()]
            musts = " and ".join(_label(_key(m)) for m in spec.must_haves)
            notes.append(f"The least expensive {kind}{where} with {musts} is {preview(row.to_dict())['address']} "
                         f"({row['unit_id']}) at {_money(row['rent'])}/mo, {_money(row['rent'] - spec.budget_max)} "
                         f"over your {_money(spec.budget_max)}.")
    return notes


def _key(must: str) -> str:
    """A must-have as the inventory's column name."""
    return must.replace("-", "_").replace(" ", "_").lower()


def _fitting(pool: Any, spec: SearchSpec, *, budget: bool, musts: bool = True) -> Any:
    """The rows of a pool with the bedrooms asked (within the budget when `budget`; with every must-have when
    `musts`)."""
    fit = pool
    if budget and spec.budget_max is not None:
        fit = fit[fit["rent"] <= spec.budget_max]
    if spec.min_bedrooms is not None:
        fit = fit[fit["bedrooms"] >= spec.min_bedrooms]
    if spec.max_bedrooms is not None:
        fit = fit[fit["bedrooms"] <= spec.max_bedrooms]
    for must in spec.must_haves if musts else []:
        if _key(must) in fit.columns:
            fit = fit[fit[_key(must)].astype(bool)]
    return fit


def _rate_and_rent(row: Any) -> str:
    rate = f"${row['ppsf_year']:,.0f}/SF/yr, " if row["ppsf_year"] == row["ppsf_year"] else ""
    return f"{rate}{_money(row['rent'])}/mo"


# The figure a results list is ordered by, shown on each line (the reasons do not otherwise say it).
SORT_FIGURES: dict[str, Any] = {
    "subway": lambda p: f"{p['min_to_subway']:g} min to the subway" if p.get("min_to_subway") is not None else None,
    "floor": lambda p: f"floor {p['floor']}" if p.get("floor") else None,
    "floor_low": lambda p: f"floor {p['floor']}" if p.get("floor") else None,
}


def summarize(items: list[MatchItem], relaxations: list[Relaxation], full: int, notes: list[str] | None = None,
              lang: str | None = "en", sort: str | None = None) -> str:
    """The chat reply for a search (what the inventory cannot meet said first)."""
    if not items:
        return "\n".join([*(notes or []), "No units in the inventory to rank."])
    headline = (phrase("one_match" if full == 1 else "matches", lang, n=full, top=len(items)) if full
                else phrase("closest", lang))
    if full and any(r.startswith(PETS_UNKNOWN) for item in items for r in item.reasons):
        # "cat friendly" where the listings do not say: a full match on what they state, not on the pets
        headline = phrase("matches_pets_unknown", lang, n=full, top=len(items))
    lines = [*(notes or []), headline]
    for n, item in enumerate(items, start=1):
        p = item.row_preview
        rent = f"${p['rent']:,.0f}/mo" if p.get("rent") else ""
        missed = "".join(f"; ✗ {m}" for m in (p.get("misses") or [])[:2])  # what it lacks, said beside the fits
        figure = SORT_FIGURES[sort](p) if sort in SORT_FIGURES else None
        lines.append(f"{n}. **{p['address']}** ({item.id}) — {rent}{f', {figure}' if figure else ''}, "
                     f"score {item.score:.0f}: " + "; ".join(item.reasons[:4]) + missed)
    if relaxations:
        lines.append("To see more: " + " · ".join(r.label for r in relaxations))
    return "\n".join(lines)


def match_rank_node(state: AgentState, *, inventory: Inventory | None = None,
                    weights: Weights = DEFAULT_WEIGHTS) -> dict[str, Any]:
    """Graph node: SearchSpec -> MatchItems (+ relaxations)."""
    started = time.perf_counter()
    spec = SearchSpec.model_validate(state["spec"])
    inventory = inventory or load_inventory()
    view = state.get("view") or {}
    items, relaxations, full = match(spec, inventory, weights=weights, page=int(view.get("page") or 0),
                                     sort=view.get("sort"))
    notes = inventory_notes(spec, inventory) if full == 0 or spec.headcount else []
    uncovered = uncovered_places(spec, inventory)
    if uncovered:
        notes.insert(0, uncovered)
    reply = localized_notes("\n\n".join(p for p in (state.get("reply", ""), summarize(
        items, relaxations, full, notes, state.get("lang"), view.get("sort"))) if p), state.get("lang"))
    matches = [m.model_dump(mode="json") for m in items]
    out: dict[str, Any] = {"mentioned": []}  # a new list: the units an earlier answer named are gone from view
    new_ids = {m["id"] for m in matches}
    seen: dict[str, dict[str, Any]] = {}
    for m in [*(state.get("matches") or []), *(state.get("earlier") or [])]:
        if m["id"] not in new_ids and m["id"] not in seen:
            seen[m["id"]] = m
    out["earlier"] = list(seen.values())[:EARLIER_KEPT]
    if state.get("matches") and [m["id"] for m in state["matches"]] != [m["id"] for m in matches]:
        out["before"] = [m["id"] for m in state["matches"]]
    asked = state.get("ask_after")
    answered = answer_about_results(asked, matches, lang=state.get("lang")) if asked and matches else None
    if answered is not None:  # "can stretch to 2300. whats the biggest": the question, on the new results
        deeper, _, _ = match(spec, inventory, top_n=DEEPER)  # and over all it finds, when more than the five shown
        extra = beyond_shown(asked or "", matches, [m.model_dump(mode="json") for m in deeper if m.score >= 100],
                             state.get("lang"))
        said = answered[0] + (f"\n{extra}" if extra else "")
        out["focus"] = answered[1]
        picked = [m for m in matches if m["id"] == answered[1]]
        if picked and asks_shares(asked or ""):  # "... and how much is that each": the split of the one picked
            asked_before = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)]
            shares = describe(picked, asked or "", people_said([*asked_before, asked or ""]))
            said += f"\n{shares}" if shares else ""
        reply = f"{said}\n\n{reply}"  # the answer first, then the results it was read from
        out["mentioned"] = list(dict.fromkeys(re.findall(r"\b(?:SE|U)-\d+\b", f"{answered[0]} {extra}")))
    return {
        **out,
        "matches": matches,
        "relaxations": [r.model_dump(mode="json") for r in relaxations],
        "reply": reply,
        "trace": [{"node": "match_rank", "ms": round((time.perf_counter() - started) * 1000, 3),
                   "inventory": len(inventory), "full_matches": full, "returned": len(items)}],
    }
