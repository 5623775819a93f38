"""Questions about an area's rents, not about units: "is the east village cheaper than the west village for a 1br on
average?", "which gives more space for the money?", "what should I list my 2br in bushwick at?".

Answered from the listings themselves (mean, median, middle half, median rent per square foot), with the listings'
age said: they are a 2016 sample, so the levels are relative, not today's rents.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from contracts.search import SearchSpec
from data.sources.nyc import Inventory

AVERAGE_Q = re.compile(r"\bon average\b|\baverage\b|\bavg\b|\bmedian\b|\btypical(?:ly)?\b|\bgoing rate\b|"
                       r"\bspace for (?:the|your) (?:money|price|buck)\b|\bmore space per\b|\bbang for\b|"
                       r"\b(?:cheaper|pricier|more expensive) than\b|\b(?:even|any) cheaper\?|"
                       r"\bcheaper (?:on average|overall|in general)\b|\bin general\b|"
                       r"\bhow much (?:cheaper|pricier|more expensive)\b(?: \w+){1,4} than\b|"
                       # is this price what the area asks: "the normal rent for a 1br", "am i overpaying"
                       r"\b(?:normal|usual|fair|market|reasonable) (?:rent|price)s?\b|\bmarket rate\b|\boverpay\w*|"
                       r"\bprecio (?:normal|justo)\b|\brenta normal\b", re.I)
LIST_PRICE_Q = re.compile(r"\bwhat should (?:i|we) (?:list|rent|price|charge|ask)\b|\b(?:list|price|rent) (?:it|them) "
                          r"(?:at|for)\b|\bhow much (?:should|could|can) (?:i|we) (?:charge|get|ask|list)\b|"
                          r"\bwhat (?:rent|price) should (?:i|we)\b|\bmarket rent for (?:my|our)\b", re.I)
NO_AMENITIES = re.compile(r"\bno amenities\b|\bwalk-?up\b|\bno (?:doorman|elevator)\b", re.I)
# How far an area is from somewhere else: the listings hold minutes to the nearest subway station only
DISTANCE_Q = re.compile(r"\bhow (?:far|close)\b(?!.{0,25}\b(?:subway|train|station|metro|transit)\b)|"
                        r"\bdistance (?:from|to|between)\b|\bcommute (?:from|to)\b|\bwalking distance (?:to|from|of)\b|"
                        r"\bqu[eé] tan lejos\b|\ba qu[eé] distancia\b|كم تبعد|المسافة", re.I)
_AGE = "These are listings from about 2016: compare the areas with them, not today's rents."
_AMENITY_COLUMNS = ("doorman", "elevator", "gym", "washer_dryer", "roofdeck", "patio", "dishwasher")


def _rows(inventory: Inventory, place: str, bedrooms: int | None) -> Any:
    frame = inventory.frame
    rows = frame[(frame["kind"] == "apartment") & (frame["neighborhood"].str.lower() == place.lower())]
    return rows[rows["bedrooms"] == bedrooms] if bedrooms is not None else rows


def _money(value: float) -> str:
    return f"${value:,.0f}"


def _describe(place: str, rows: Any, size: str) -> tuple[str, float, float] | None:
    rents = rows["rent"].to_numpy(dtype=float)
    if len(rents) == 0:
        return None
    sqft = rows["sqft"].to_numpy(dtype=float)
    per_foot = rents[sqft > 0] / sqft[sqft > 0]
    p25, median, p75 = np.percentile(rents, [25, 50, 75])
    foot = float(np.median(per_foot)) if len(per_foot) else float("nan")
    line = (f"**{place.title()}**{size}: {len(rents)} listings, mean {_money(rents.mean())}, median {_money(median)} "
            f"(middle half {_money(p25)}–{_money(p75)})"
            + (f", median ${foot:.2f} a square foot a month (median size {np.median(sqft[sqft > 0]):,.0f} SF)"
               if len(per_foot) else "") + ".")
    return line, float(rents.mean()), foot


def compare_areas(text: str, spec: SearchSpec, inventory: Inventory) -> str | None:
    """The rents of the areas asked about (or searched), side by side, and which is cheaper and which gives more
    space for the money; None when the message asks no such question or names no area we list."""
    if not AVERAGE_Q.search(text):
        return None
    places = [p for p in spec.location if not _rows(inventory, p, None).empty]
    if not places:
        return None
    bedrooms = spec.min_bedrooms
    size = "" if bedrooms is None else " studios" if bedrooms == 0 else f" {bedrooms}br"
    described = [(p, d) for p in places if (d := _describe(p, _rows(inventory, p, bedrooms), size)) is not None]
    if not described:
        return None
    lines = [d[0] for _, d in described]
    if len(described) >= 2:
        by_mean = sorted(described, key=lambda x: x[1][1])
        cheap, dear = by_mean[0], by_mean[-1]
        lines.append(f"On average **{cheap[0].title()}** is the cheaper, by {_money(dear[1][1] - cheap[1][1])} a "
                     f"month against {dear[0].title()}.")
        by_foot = sorted((x for x in described if not np.isnan(x[1][2])), key=lambda x: x[1][2])
        if len(by_foot) >= 2:
            lines.append(f"For the money, **{by_foot[0][0].title()}** gives the most space (${by_foot[0][1][2]:.2f} "
                         f"a square foot a month, against ${by_foot[-1][1][2]:.2f} in {by_foot[-1][0].title()}).")
    return "\n".join([*lines, _AGE])


# "the average $/SF across everything you have": the whole inventory of that kind, not one area
OVERALL_Q = re.compile(r"\bacross (?:everything|all)\b|\beverything (?:you have|you list|in your data)\b|"
                       r"\ball (?:the |your |of your )?(?:suites|offices|listings|apartments|units)\b|"
                       r"\bwhole (?:inventory|data ?set|list)\b|\bin (?:your|the) (?:data|inventory)\b", re.I)


def overall_rates(text: str, kind: str, inventory: Inventory) -> str | None:
    """The rent level across everything we list of one kind (offices: $/SF a year; apartments: a month), and where a
    figure the message states sits in it; None unless an average over everything is asked."""
    if not (AVERAGE_Q.search(text) and OVERALL_Q.search(text)):
        return None
    frame = inventory.frame
    office = kind == "office"
    values = frame.loc[frame["kind"] == kind, "ppsf_year" if office else "rent"].dropna().to_numpy(dtype=float)
    if len(values) == 0:
        return None
    unit = "/SF a year" if office else " a month"
    p25, median, p75 = np.percentile(values, [25, 50, 75])
    said = [f"Across all {len(values)} {'office suites' if office else 'apartments'} we list: mean "
            f"${values.mean():,.2f}{unit}, median ${median:,.2f} (middle half ${p25:,.2f}–${p75:,.2f}), from "
            f"${values.min():,.2f} to ${values.max():,.2f}."]
    stated = [float(n) for n in re.findall(r"(?<![\w.])\$?(\d{2,5}(?:\.\d+)?)\b(?!\s*%)", text)]
    level = next((n for n in stated if values.min() * 0.5 <= n <= values.max() * 1.5), None)
    if level is not None:
        at_or_below = int((values <= level).sum())
        said.append(f"${level:,.2f}{unit} is at or below {at_or_below} of them ({at_or_below / len(values):.0%})"
                    + (": the lowest rate we list." if level <= values.min() else "."))
    return "\n".join([*said, "Asking rents from the listing sheets, not signed deals."])


def list_price(text: str, spec: SearchSpec, inventory: Inventory) -> str | None:
    """What to list a vacant unit at: the median of the listings like it (same area and bedrooms, bathrooms and
    size when said, without doorman or elevator when it has none), with the middle half as the range."""
    if not LIST_PRICE_Q.search(text) or not spec.location:
        return None
    rows = _rows(inventory, spec.location[0], spec.min_bedrooms)
    said = []
    baths = re.search(r"(\d)\s*(?:ba|bath)", text, re.I)
    if baths and not rows[rows["bathrooms"] == float(baths.group(1))].empty:
        rows = rows[rows["bathrooms"] == float(baths.group(1))]
        said.append(f"{baths.group(1)} bath")
    if NO_AMENITIES.search(text):
        plain = rows[~rows[[c for c in _AMENITY_COLUMNS if c in rows.columns]].astype(bool).any(axis=1)]
        if len(plain) >= 5:
            rows = plain
            said.append("no doorman, elevator or other amenities")
    size = spec.min_sqft or spec.max_sqft
    if size:
        near = rows[(rows["sqft"] >= size * 0.75) & (rows["sqft"] <= size * 1.25)]
        if len(near) >= 5:
            rows = near
            said.append(f"{size * 0.75:,.0f}–{size * 1.25:,.0f} SF")
    rents = rows["rent"].to_numpy(dtype=float)
    if len(rents) < 3:
        return None
    p25, median, p75 = np.percentile(rents, [25, 50, 75])
    kind = "studio" if spec.min_bedrooms == 0 else f"{spec.min_bedrooms}br" if spec.min_bedrooms else "apartment"
    return (f"**List it at about {_money(round(median / 25) * 25)} a month** (a range of {_money(p25)}–{_money(p75)}): "
            f"the median of {len(rents)} {spec.location[0].title()} {kind} listings like yours"
            + (f" ({', '.join(said)})" if said else "") + ". " + _AGE.replace("compare the areas with them",
                                                                          "raise the level to today's market"))


# "do astoria 1brs with a dishwasher actually cost more?": what an amenity adds to the area's rents
PREMIUM_Q = re.compile(r"\b(?:cost|costs|rent|rents|go|goes|priced|list(?:ed)?)\b(?: \w+)? (?:more|higher|extra)\b|"
                       r"\bmore expensive\b|\bpremium\b|\bworth (?:more|extra|it)\b|\bpay (?:more|extra)\b|"
                       r"\bhow much (?:more|extra)\b|\badds? (?:to|value)\b", re.I)
_AMENITY_SAID = (("doorman", r"\bdoorm[ae]n\b"), ("elevator", r"\belevators?\b|\bwalk-?ups?\b"), ("gym", r"\bgym\b"),
                 ("washer_dryer", r"\bwasher|\bw/d\b|\blaundry\b"), ("roofdeck", r"\broof ?deck\b|\broof\b"),
                 ("patio", r"\bpatio\b|\boutdoor space\b"), ("dishwasher", r"\bdish ?washer\b"))


def amenity_premium(text: str, spec: SearchSpec, inventory: Inventory) -> str | None:
    """The area's median rent with and without each amenity named ("do astoria 1brs with those amenities actually
    cost more?"), the size held as asked; None unless a premium is asked of named amenities in a known area."""
    named = [column for column, said in _AMENITY_SAID if re.search(said, text, re.I)]
    if not PREMIUM_Q.search(text) or not named or not spec.location:
        return None
    rows = _rows(inventory, spec.location[0], spec.min_bedrooms)
    kind = "studios" if spec.min_bedrooms == 0 else f"{spec.min_bedrooms}br" if spec.min_bedrooms else "apartments"
    lines = []
    for column in named:
        has = rows[column].astype(bool)
        with_it, without = rows[has]["rent"].to_numpy(dtype=float), rows[~has]["rent"].to_numpy(dtype=float)
        label = column.replace("_", "/").replace("roofdeck", "roof deck")
        if len(with_it) == 0 or len(without) == 0:
            lines.append(f"- {label}: {'none' if len(with_it) == 0 else 'all'} of the {len(rows)} listings have one, "
                         "so there is nothing to compare.")
            continue
        gap = np.median(with_it) / np.median(without) - 1
        lines.append(f"- {label}: with it {len(with_it)} listings, median {_money(np.median(with_it))}; without "
                     f"{len(without)}, median {_money(np.median(without))} ({gap:+.0%})"
                     + (" - too few with it to say much" if len(with_it) < 5 else "") + ".")
    if not lines:
        return None
    return (f"**{spec.location[0].title()} {kind}**, with and without what you named:\n" + "\n".join(lines)
            + "\nThe units differ in other ways too (size, floor, building age), so read these as rough. " + _AGE)


def distance_answer(spec: SearchSpec, inventory: Inventory) -> str:
    """What the data can say to "how far is Hamilton Heights from campus?": no distances to other places, only
    each listing's minutes to the nearest subway station, summed up for the area (and size) asked about."""
    said = ["The listings give no distances to other places (a campus, an office): only each unit's minutes to "
            "its nearest subway station."]
    bedrooms = spec.min_bedrooms if spec.min_bedrooms == spec.max_bedrooms else None  # one size asked, else all
    size = "" if bedrooms is None else " studio" if bedrooms == 0 else f" {bedrooms}br"
    for place in spec.location[:3]:
        rows = _rows(inventory, place, bedrooms)
        walk = rows["min_to_subway"].dropna().to_numpy(dtype=float) if "min_to_subway" in rows else np.zeros(0)
        if len(walk):
            said.append(f"{place.title()}: the {len(walk)}{size} listings are a median {np.median(walk):g} min from "
                        f"the subway ({int((walk <= 5).sum())} within 5 min).")
    said.append("For the trip itself, a transit planner from the area to where you need to be is the reliable "
                "answer.")
    return " ".join(said)
