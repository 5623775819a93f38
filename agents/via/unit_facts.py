"""Questions about the units just shown, answered from their own listing data: the last resort before a reply
that would only show the same list again.

A follow-up names its units (an id, "the second one", "first and last", "the rego park one", "each"), asks about
fields (floor, building age, bathrooms, price per person, what differs) or about something the listings do not
hold (move-in dates, distances to a campus). The answer gives each unit's facts, what differs between two, a value
that looks like a data error, and what the data cannot say, instead of the same ranked list again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agents.cues import A_YEAR, UNITS_COMPARED
from agents.via.referents import english_ordinals, units_meant
from agents.via.refine import NOT_HELD, unit_details

_IDS = re.compile(r"\b(?:SE|U|RC)-\d+\b", re.I)
_ORDINAL_AT = {"first": 0, "1st": 0, "top": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
               "fifth": 4, "5th": 4, "last": -1}
_ORDINALS = re.compile(r"#([1-5])\b|\b(first|1st|top|second|2nd|third|3rd|fourth|4th|fifth|5th|last|[uú]ltim[oa]|"
                       r"الأخيرة|الاخيرة|الأخير|الاخير)\b", re.I)
_FIRST_N = re.compile(r"\b(?:first|top) (two|three|2|3)\b", re.I)
_COUNT = {"two": 2, "2": 2, "three": 3, "3": 3}
_EVERY = re.compile(r"\b(?:each|every|all|those|these|them|both|cada|todos|todas|ambos|ambas)\b|كل|الكل", re.I)
# "per person", "per attorney", "each of us": a share (not "per month", "per square foot")
_PER_PERSON = re.compile(r"\bper (?!(?:month|mo|year|yr|annum|week|day|sf|sq|square|foot|ft|unit|floor)\b)[a-z]{3,}\b|"
                         r"\bsplit\b|\beach of us\b|\bpor persona\b|لكل شخص", re.I)
_OVER_MONTHS = re.compile(r"\b(\d{1,2})[- ]?(?:months?|mo)\b", re.I)



def _units(text: str, shown: list[dict[str, Any]], pool: list[dict[str, Any]], focus: dict[str, Any] | None,
           lookup: Callable[[str], dict[str, Any] | None], traits: bool) -> list[dict[str, Any]]:
    """The units the question names: ids (shown before, else from the inventory), places in the list, a unit by its
    traits (when `traits`), all shown ("each"), else the unit in focus."""
    by_id = {m["id"].upper(): m for m in pool}
    named = [u for i in dict.fromkeys(_IDS.findall(text)) if (u := by_id.get(i.upper()) or lookup(i.upper()))]
    if named:  # and a unit the rest names by its traits ("compare the 3525 one w SE-6675")
        rest = units_meant(english_ordinals(_IDS.sub(" ", text)), pool, None, shown=len(shown))
        return [*[u for u in rest[:1] if u not in named], *named]
    english = english_ordinals(re.sub(r"(?<!\w)و(?=ال)", "", text))  # "والأخيرة": "and the last"
    places = []
    for said in _ORDINALS.finditer(english):
        word = (said.group(2) or "").lower()
        at = int(said.group(1)) - 1 if said.group(1) else _ORDINAL_AT.get(word, -1)
        if -len(shown) <= at < len(shown) and shown[at] not in places:
            places.append(shown[at])
    first = _FIRST_N.search(english)
    if first and not places[1:]:  # "the first two", "top 3"
        return shown[:_COUNT.get(first.group(1).lower(), 2)]
    if len(places) >= 2 or (places and not _EVERY.search(text)):
        return places
    if _EVERY.search(text):
        return shown
    meant = units_meant(english, pool, focus, shown=len(shown)) if traits else []
    return meant or ([focus] if focus else [])


def _differences(one: dict[str, Any], two: dict[str, Any]) -> str:
    """What differs between two units' listings, and what is the same."""
    a, b = one["row_preview"], two["row_preview"]
    fields = (("rent", "rent", "${:,.0f}"), ("sqft", "size", "{:,.0f} SF"), ("bedrooms", "bedrooms", "{:g}"),
              ("bathrooms", "bathrooms", "{:g}"), ("floor", "floor", "{}"),
              ("min_to_subway", "minutes to the subway", "{:g}"), ("building_age_yrs", "building age", "{:g} years"))
    differ, same = [], []
    if a.get("address") and a.get("address") == b.get("address"):
        same.append("building")
    for key, label, form in fields:
        if a.get(key) is None or b.get(key) is None:
            continue
        if a[key] == b[key]:
            same.append(label)
        else:
            differ.append(f"{label} {form.format(a[key])} vs {form.format(b[key])}")
    only_a = sorted(set(a.get("amenities") or []) - set(b.get("amenities") or []))
    only_b = sorted(set(b.get("amenities") or []) - set(a.get("amenities") or []))
    if only_a:
        differ.append(f"only {one['id']} lists {', '.join(only_a)}")
    if only_b:
        differ.append(f"only {two['id']} lists {', '.join(only_b)}")
    said = f"{one['id']} vs {two['id']}: " + ("; ".join(differ) if differ else "the listings give the same facts")
    if same and differ:
        said += f". Same {', '.join(same)}"
    said += "."
    if {"building", "rent", "size"} <= set(same) and (only_a or only_b):
        said += (" Two listings alike in all but their amenities, in one building, are often the same kind of flat "
                 "listed twice with one list incomplete: ask which amenities the building really has.")
    return said


def _doubtful(unit: dict[str, Any]) -> str | None:
    """A listed value no home has (0 bathrooms, 0 square feet): most likely an error in the data."""
    row = unit["row_preview"]
    odd = [f"{row[key]:g} {label}" for key, label in (("bathrooms", "bathrooms"), ("sqft", "square feet"))
           if row.get("kind") == "apartment" and row.get(key) == 0]
    if not odd:
        return None
    return (f"{unit['id']} is listed with {' and '.join(odd)}: most likely an error in the listing data (or a shared "
            f"bathroom). Ask the listing, or see it on a viewing, before you count on it.")


def _nowhere(unit_id: str) -> dict[str, Any] | None:
    return None


def facts_answer(text: str, shown: list[dict[str, Any]], focus: str | None = None,
                 earlier: list[dict[str, Any]] | None = None, people: int | None = None,
                 lookup: Callable[[str], dict[str, Any] | None] = _nowhere) -> str | None:
    """The answer to a question about the units shown, from their data; None when it names no unit or field.

    Args:
        focus: the id of the unit the conversation is about.
        earlier: units of earlier lists (named by id or trait).
        people: how many people the conversation said (for "per person").
        lookup: a unit of the whole inventory by id (a unit named that no list showed).
    """
    if not shown:
        return None
    pool = shown + [m for m in earlier or [] if m["id"] not in {x["id"] for x in shown}]
    in_focus = next((m for m in pool if m["id"] == focus), None)
    lacking = [what for pattern, what in NOT_HELD if pattern.search(text)]
    units = _units(text, shown, pool, in_focus, lookup, traits=not lacking)
    if not units and not lacking:
        return None
    lines = [f"The listings hold no {what}." for what in lacking]
    yearly = bool(A_YEAR.search(text))
    if people and _PER_PERSON.search(text):
        for unit in units or shown:
            row = unit["row_preview"]
            if row.get("rent"):
                share = row["rent"] * (12 if yearly else 1) / people
                lines.append(f"{unit['id']}: ${row['rent']:,.0f}/mo, ${share:,.0f} each {'a year' if yearly else ''}"
                             .rstrip() + f" for {people}"
                             + (f", {row['sqft'] / people:,.0f} SF each" if row.get("sqft") else "") + ".")
        return "\n".join(lines)
    over = _OVER_MONTHS.search(text)
    months = int(over.group(1)) if over and 1 < int(over.group(1)) <= 60 else 12 if yearly else None
    for unit in units[:5]:
        n = shown.index(unit) + 1 if unit in shown else 0
        lines.append(unit_details(unit, n, text, held_note=False))
        doubt = _doubtful(unit)
        if doubt:
            lines.append(doubt)
    if months:  # "compare cost over a 12 month lease": each unit's rent over that term
        lines.append("Over " + f"{months} months: " + "; ".join(
            f"{u['id']} ${u['row_preview']['rent'] * months:,.0f}" for u in units[:5] if u["row_preview"].get("rent"))
            + ".")
    if len(units) == 2 or (len(units) > 2 and UNITS_COMPARED.search(text)):
        lines.append(_differences(units[0], units[-1]))
    return "\n".join(lines)


_COMPARE_IT = re.compile(r"\bcompar\w*\s+(it|that one|this one|that|this)\s+(?:to|with|w/?|against|and|vs\.?)\s+",
                         re.I)
_SENTENCE_END = re.compile(r"(?<=[a-z])[.!?]+\s+", re.I)


def comparison(text: str, shown: list[dict[str, Any]], focus: str | None = None,
               earlier: list[dict[str, Any]] | None = None,
               lookup: Callable[[str], dict[str, Any] | None] = _nowhere) -> tuple[str, str] | None:
    """Two units compared ("the 3525 one ... compare it w SE-6675", "SE-1 vs the second"): both units' facts and
    what differs, before any reading of the message as a change of the search, with the first unit's id; None unless
    two units are named."""
    if not shown or not UNITS_COMPARED.search(text):
        return None
    pool = shown + [m for m in earlier or [] if m["id"] not in {x["id"] for x in shown}]
    in_focus = next((m for m in pool if m["id"] == focus), None)
    full = [m for m in shown if (m.get("score") or 0) >= 100]
    if in_focus is None and len(full) == 1:
        in_focus = full[0]  # "compare it w ...": the one unit that fits the search is what "it" means
    # "that 1900 one looks too good. compare it to the 930 sqft one": each side said in its own part
    parts = _COMPARE_IT.sub(r"\1, ", _SENTENCE_END.sub(", ", text))
    units = _units(parts, shown, pool, in_focus, lookup, traits=True)
    if len(units) == 1 and in_focus is not None and units[0] is not in_focus:
        units = [in_focus, *units]  # "compare it with SE-6675": the unit in focus and that one
    if len(units) < 2 or len(units) == len(shown) > 2:
        return None
    said = facts_answer(" ".join(m["id"] for m in units) + f" {text}", shown, focus, earlier, lookup=lookup)
    return (said, units[0]["id"]) if said else None
