"""Valuation cases for the comps task from held-out sales: `python -m eval.comps_cases` rewrites
eval/datasets/comps/{dev,test}.jsonl.

Held out by date: dev = sales of Oct-Nov 2023 (tune on these); test = Dec 2023 and Jan-Mar 2026 (frozen: scored
once at the end). Each case is valued as of the first day of its sale's month, so only earlier months are usable.
The text describes the flat as a seller or buyer would (flat type, block and street or town, size, floor, and
sometimes the lease start or the flat model) in one of several wordings; the price is never in it.
Recipe: seed 16, a fixed number of sales per split drawn uniformly; the wording, the spelling of the street and
the floor within the sale's storey range are drawn per case.

`python -m eval.comps_cases train2026` writes only eval/datasets/comps/train2026.jsonl: 300 sales from each of
Jan-Mar 2026 that are not in test (seed 2626), valued as of the first day of their month. It is the only train set
in the 2026 regime (valued across the 2024-2025 gap), so the methods for that regime are tuned on it, never on test.

`python -m eval.comps_cases dec2023` writes only eval/datasets/comps/dec2023.jsonl: 1,000 December-2023 sales that
are in no other case file (seed 1223), valued as of 1 December 2023 from the year's earlier sales: the regime of the
task's own example, as a train set.

`python -m eval.comps_cases backtest` writes only eval/datasets/comps/backtest.jsonl: an own backtest for tuning,
300 sales from each of May-Sep 2023 (seed 1616), each valued as of the first day of its month from the sales
before it. It shares no month with dev or test.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from data.sources.hdb import load_files

OUT = Path(__file__).resolve().parent / "datasets" / "comps"
SPLITS = {"dev": (("2023-10", "2023-11"), 400), "test": (("2023-12", "2026-01", "2026-02", "2026-03"), 600),
          "dev_large": (("2023-10", "2023-11"), 1500)}  # more dev cases (overlapping dev) for smaller differences
SEED = 16
TRAIN2026_MONTHS, TRAIN2026_PER_MONTH, TRAIN2026_SEED = ("2026-01", "2026-02", "2026-03"), 300, 2626
DEC2023_CASES, DEC2023_SEED = 1000, 1223
BACKTEST_MONTHS, BACKTEST_PER_MONTH, BACKTEST_SEED = ("2023-05", "2023-06", "2023-07", "2023-08", "2023-09"), 300, 1616
_EXPAND = {"AVE": "Avenue", "ST": "Street", "RD": "Road", "DR": "Drive", "CRES": "Crescent", "NTH": "North",
           "STH": "South", "CTRL": "Central", "CL": "Close", "LOR": "Lorong", "BT": "Bukit", "JLN": "Jalan",
           "UPP": "Upper", "TG": "Tanjong", "KG": "Kampong", "PL": "Place", "TER": "Terrace"}
FLAT_WORDS = {"1 ROOM": ["1-room", "1 room"], "2 ROOM": ["2-room", "2 rm", "two room"],
              "3 ROOM": ["3-room", "3 rm", "three room", "3room"], "4 ROOM": ["4-room", "4 rm", "four room", "4room"],
              "5 ROOM": ["5-room", "5 rm", "five room"], "EXECUTIVE": ["executive", "exec flat", "executive flat"],
              "MULTI-GENERATION": ["multi-generation", "3gen"]}
TEMPLATES = (
    "What's a fair price for a {flat} at blk {block} {street}, {area} sqm, {nth} floor?",
    "{block} {street} {flat}, {area}sqm, storey {lo} to {hi}",
    "valuing my {flat} in {town}: block {block} {street}, #{floor:02d}-{unit}, {area} m2",
    "How much is a {area} sqm {flat} on {street} worth? {nth} floor, lease from {commence}",
    "selling {flat} blk {block} {street} ({area} sqm, {band} floor, {model}) - what should I ask?",
    "comps for {flat} {town} {street} around {area} sqm, floor {floor}",
    "{town} {flat}, ~{area} sqm, {band} floor, lease started {commence}, block {block} {street}",
)


def _street(name: str, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return name.title()
    return " ".join(_EXPAND.get(w, w.title()) for w in name.split())


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def case_text(row: dict[str, Any], rng: random.Random) -> str:
    """One wording of a sale's flat (no price)."""
    floor = rng.randint(row["storey_low"], row["storey_high"])
    band = "low" if row["storey_mid"] <= 6 else "mid" if row["storey_mid"] <= 15 else "high"
    return rng.choice(TEMPLATES).format(
        flat=rng.choice(FLAT_WORDS[row["flat_type"]]), block=row["block"], street=_street(row["street_name"], rng),
        town=row["town"].title(), area=f"{row['floor_area_sqm']:g}", nth=_nth(floor), floor=floor,
        lo=row["storey_low"], hi=row["storey_high"], unit=rng.randint(10, 999), band=band,
        commence=row["lease_commence_date"], model=row["flat_model"])


def _case(split: str, row: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return {"id": f"{split}-{row['id']}", "text": case_text(row, rng), "as_of": row["month"].isoformat(),
            "expected": {"resale_price": row["resale_price"], "row_id": row["id"], "town": row["town"],
                         "flat_type": row["flat_type"], "street_name": row["street_name"],
                         "floor_area_sqm": row["floor_area_sqm"]}}


def build_backtest() -> list[dict[str, Any]]:
    """The own backtest: BACKTEST_PER_MONTH sales of each of BACKTEST_MONTHS (deterministic)."""
    rows = load_files().rows
    rng = random.Random(BACKTEST_SEED)
    cases = []
    for month in BACKTEST_MONTHS:
        held = [r for r in rows if r["month"].strftime("%Y-%m") == month]
        cases += [_case("backtest", row, rng) for row in rng.sample(held, BACKTEST_PER_MONTH)]
    return cases


def build_train2026() -> list[dict[str, Any]]:
    """TRAIN2026_PER_MONTH sales of each of TRAIN2026_MONTHS, none of them a test case's sale (deterministic)."""
    rows = load_files().rows
    in_test = {json.loads(line)["expected"]["row_id"] for line in (OUT / "test.jsonl").open(encoding="utf-8")}
    rng = random.Random(TRAIN2026_SEED)
    cases = []
    for month in TRAIN2026_MONTHS:
        held = [r for r in rows if r["month"].strftime("%Y-%m") == month and r["id"] not in in_test]
        cases += [_case("train2026", row, rng) for row in rng.sample(held, TRAIN2026_PER_MONTH)]
    return cases


def build_dec2023() -> list[dict[str, Any]]:
    """DEC2023_CASES December-2023 sales that no other case file holds (deterministic given those files)."""
    rows = load_files().rows
    taken = {json.loads(line)["expected"]["row_id"] for path in OUT.glob("*.jsonl") if path.name != "dec2023.jsonl"
             for line in path.open(encoding="utf-8")}
    rng = random.Random(DEC2023_SEED)
    held = [r for r in rows if r["month"].strftime("%Y-%m") == "2023-12" and r["id"] not in taken]
    return [_case("dec2023", row, rng) for row in rng.sample(held, DEC2023_CASES)]


def build() -> dict[str, list[dict[str, Any]]]:
    """The cases of each split (deterministic)."""
    rows = load_files().rows
    rng = random.Random(SEED)
    out: dict[str, list[dict[str, Any]]] = {}
    for split, (months, n) in SPLITS.items():
        held = [r for r in rows if r["month"].strftime("%Y-%m") in months]
        out[split] = [_case(split, row, rng) for row in rng.sample(held, n)]
    return out


def main(argv: list[str] | None = None) -> None:
    """Rewrite the case files (with the argument `backtest`, `train2026` or `dec2023`: only that file)."""
    OUT.mkdir(parents=True, exist_ok=True)
    args = argv or sys.argv[1:]
    built = ({"backtest": build_backtest()} if args == ["backtest"] else
             {"train2026": build_train2026()} if args == ["train2026"] else
             {"dec2023": build_dec2023()} if args == ["dec2023"] else build())
    for split, cases in built.items():
        with (OUT / f"{split}.jsonl").open("w", encoding="utf-8") as fh:
            for case in cases:
                fh.write(json.dumps(case) + "\n")


if __name__ == "__main__":
    main()
