"""Synthetic rank intents over the bundled inventory: `python -m eval.generate` rewrites rank_generated.jsonl.

Recipe (deterministic, seed 7): pick a unit; state criteria it meets (its neighborhood, a budget rounded up
from its rent, its bedroom count or a size bound, one or two amenities it has as musts and one as a nice);
keep the intent only if at least 3 units meet every criterion; phrase it with one of several templates.
Grades follow from the criteria (eval/judgments.py), so no label is hand-written.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from data.sources.nyc import load_inventory
from eval.judgments import grade_units

OUT = Path(__file__).resolve().parent / "datasets" / "rank_generated.jsonl"
AMENITY_WORDS = {"doorman": "a doorman", "elevator": "an elevator", "gym": "a gym", "roofdeck": "a roof deck",
                 "washer_dryer": "in-unit laundry", "dishwasher": "a dishwasher", "patio": "a patio",
                 "no_fee": "no broker fee", "near_transit": "a short walk to the subway"}
BEDS = {0: "studio", 1: "1br", 2: "2 bedroom", 3: "three-bedroom", 4: "4br"}
HOME_TEMPLATES = (
    "{beds} in {place} under ${budget:,}/mo, must have {must}. {nice_cap} would be nice.",
    "Looking for a {beds} in {place}, max ${budget:,} a month. Needs {must}; ideally {nice}.",
    "{place_cap} {beds}, budget {budget_k}k, {must} required, bonus if {nice}",
    "any {beds} around {place}? can spend up to ${budget:,}. has to have {must}, {nice} a plus",
)
OFFICE_TEMPLATES = (
    "Office in {place}, at least {size:,} SF, up to ${budget:,} a month",
    "We need {size:,}+ square feet of office space in {place}; budget ${budget:,}/month max",
    "office suites in {place} with {size:,} sf or more for under ${budget_k}k per month",
)


def _home(unit: dict, rng: random.Random) -> tuple[str, dict] | None:
    have = [k for k in AMENITY_WORDS if unit.get(k)]
    if len(have) < 2 or unit["bedrooms"] not in BEDS:
        return None
    rng.shuffle(have)
    must, nice = have[:1], have[1:2]
    budget = int(-(-unit["rent"] * rng.choice((1.05, 1.15, 1.3)) // 100) * 100)
    place = unit["neighborhood"].lower()
    beds = int(unit["bedrooms"])
    text = rng.choice(HOME_TEMPLATES).format(
        beds=BEDS[beds], place=unit["neighborhood"], place_cap=unit["neighborhood"], budget=budget,
        budget_k=round(budget / 1000, 1), must=AMENITY_WORDS[must[0]], nice=AMENITY_WORDS[nice[0]],
        nice_cap=AMENITY_WORDS[nice[0]].capitalize())
    criteria = {"location": [place], "budget_max": budget, "min_bedrooms": beds, "max_bedrooms": beds,
                "must": must, "nice": nice, "kind": "apartment"}
    return text, criteria


def _office(unit: dict, rng: random.Random) -> tuple[str, dict]:
    size = int(unit["sqft"] * rng.choice((0.8, 0.9)) // 500 * 500) or 500
    budget = int(-(-unit["rent"] * rng.choice((1.1, 1.25)) // 1000) * 1000)
    place = rng.choice((unit["neighborhood"], unit["submarket"].removeprefix("All ")))
    text = rng.choice(OFFICE_TEMPLATES).format(place=place, size=size, budget=budget,
                                               budget_k=round(budget / 1000))
    return text, {"location": [place.lower()], "budget_max": budget, "min_sqft": size, "kind": "office"}


def generate(count: int = 100, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    frame = load_inventory().frame
    rows = frame.to_dict("records")
    cases: list[dict] = []
    tries = 0
    while len(cases) < count and tries < count * 50:
        tries += 1
        unit = rng.choice(rows)
        built: tuple[str, dict] | None
        if len(cases) % 5 == 4:
            offices = [r for r in rows if r["kind"] == "office"]
            built = _office(rng.choice(offices), rng)
        elif unit["kind"] == "apartment":
            built = _home(unit, rng)
        else:
            continue
        if built is None:
            continue
        text, criteria = built
        if sum(1 for g in grade_units(criteria, frame).values() if g >= 2) < 3:
            continue
        cases.append({"id": f"gk{len(cases) + 1:03d}", "text": text, "criteria": criteria})
    return cases


def main() -> None:
    cases = generate()
    OUT.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
    print(f"wrote {len(cases)} cases to {OUT.name}")


if __name__ == "__main__":
    main()
