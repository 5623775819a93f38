"""The comps eval task: the scorer's metrics, baselines and leak check, and the CLI over a small case file."""

from __future__ import annotations

import json
import subprocess
import sys

from eval.registry import get_task
from eval.runner import read_cases
from tests.conftest import ROOT

EXPECTED = {"resale_price": 500_000.0, "row_id": "x", "town": "SENGKANG", "flat_type": "4 ROOM",
            "street_name": "COMPASSVALE WALK", "floor_area_sqm": 93.0}


def _case(i: int, as_of: str = "2023-12-01") -> dict:
    return {"id": f"c{i}", "text": "t", "as_of": as_of, "expected": EXPECTED}


def test_scorer_counts_bands_coverage_and_leaks() -> None:
    task = get_task("comps")
    predictions = [
        {"estimate": 520_000, "low": 490_000, "high": 550_000, "comps": [{"month": "2023-11"}]},  # 4 %, covered
        {"estimate": 540_000, "low": 530_000, "high": 560_000, "comps": [{"month": "2023-12"}]},  # 8 %, one leak
        None,  # an error counts as a miss
        {"estimate": 400_000, "low": 390_000, "high": 410_000, "comps": []},  # 20 %
    ]
    metrics = task.score([_case(i) for i in range(4)], predictions)
    assert metrics["within_5pct"] == 0.25 and metrics["within_10pct"] == 0.5
    assert metrics["median_ape"] == 0.08 and metrics["answered"] == 0.75
    assert metrics["range_coverage"] == 0.25
    assert metrics["leaked_comps"] == 1
    assert metrics["baseline_town_flat_type_median"]["n"] == 4  # baselines run on the same cases


def test_case_files_are_held_out_by_date() -> None:
    dev = read_cases(ROOT / "eval" / "datasets" / "comps" / "dev.jsonl")
    test = read_cases(ROOT / "eval" / "datasets" / "comps" / "test.jsonl")
    assert {c["as_of"][:7] for c in dev} == {"2023-10", "2023-11"}
    assert {c["as_of"][:7] for c in test} == {"2023-12", "2026-01", "2026-02", "2026-03"}
    assert not any(str(int(c["expected"]["resale_price"])) in c["text"] for c in dev + test)


def test_predict_cli_returns_the_contract(tmp_path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"id": "a", "text": "4-room blk 211B Compassvale Lane, 93 sqm, 13th floor",
                                 "as_of": "2026-02-01"}) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "eval", "predict", "--task", "comps", "--cases", str(cases)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    prediction = json.loads(out.stdout.splitlines()[0])["prediction"]
    assert {"estimate", "low", "high", "pool_size", "stats", "comps"} <= set(prediction)
    assert set(prediction["comps"][0]) == {"month", "block", "street_name", "storey_range", "floor_area_sqm",
                                           "resale_price"}
    assert all(c["month"] < "2026-02" for c in prediction["comps"])
