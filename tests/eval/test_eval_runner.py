import json
import subprocess
import sys
from pathlib import Path

import pytest

import eval.tasks  # noqa: F401 - registers the tasks
from eval.__main__ import main
from eval.judgments import grade_units
from eval.registry import TASKS, Task, get_task, register
from eval.runner import predict_all, score_file
from tests.conftest import ROOT, SHARED_EVAL


def test_tasks_register_themselves():
    get_task("route")
    assert {"route", "spec", "rank"} <= set(TASKS)
    with pytest.raises(KeyError, match="unknown task"):
        get_task("nope")


def test_a_failing_case_gives_an_error_and_the_run_goes_on(tmp_path):
    def predict(case, _dir, _model):
        if case["text"] == "boom":
            raise ValueError("unreadable input")
        return {"echo": case["text"]}

    register(Task("echo-test", predict, lambda cases, preds: {"n": sum(p is not None for p in preds)}))
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"id": "a", "text": "ok"}\n{"id": "b", "text": "boom"}\nnot json\n\n{"id": "c", "text": "x"}\n')
    records = list(predict_all("echo-test", cases))
    assert [r["id"] for r in records] == ["a", "b", "line-3", "c"]
    assert records[1]["prediction"] is None and "unreadable input" in records[1]["error"]
    assert "not JSON" in records[2]["error"]
    metrics = score_file("echo-test", cases)
    assert metrics["n"] == 2 and metrics["errors"] == 2 and metrics["cases"] == 4


def test_cli_predict_and_score_on_the_shared_dev_cases(capsys):
    assert main(["predict", "--task", "route", "--cases", str(SHARED_EVAL / "route.jsonl")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 30 and set(lines[0]) == {"id", "prediction"}
    assert main(["score", "--task", "rank", "--cases", str(SHARED_EVAL / "rank.jsonl")]) == 0
    metrics = json.loads(capsys.readouterr().out)
    assert metrics["ndcg@3"] >= 0.85 and metrics["mrr@3"] >= 0.90


def test_cli_rejects_unknown_task_and_missing_file(capsys):
    assert main(["score", "--task", "nope", "--cases", "x.jsonl"]) == 2
    assert main(["score", "--task", "route", "--cases", "missing.jsonl"]) == 2
    assert "no such case file" in capsys.readouterr().err


def test_grades_follow_from_criteria_as_the_dev_qrels_do(inventory):
    case = json.loads((SHARED_EVAL / "rank.jsonl").read_text().splitlines()[0])
    assert grade_units(case["criteria"], inventory.frame) == case["qrels"]


def test_python_dash_m_eval_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "eval", "score", "--task", "spec", "--cases",
                          str(SHARED_EVAL / "spec.jsonl")], capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout)["spec_f1"] >= 0.9


def test_a_plain_report_run_leaves_the_readme_alone(tmp_path: Path) -> None:
    """`python -m eval report` writes its folder; only `--readme` rewrites the README table."""
    before = (ROOT / "README.md").read_bytes()
    assert main(["report", "--limit", "2", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "report.md").exists() and (tmp_path / "report.json").exists()
    assert (ROOT / "README.md").read_bytes() == before


def test_an_unknown_bench_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "no-such-bench"]) == 2
    assert "unknown bench no-such-bench" in capsys.readouterr().err


def test_generalisation_gap_is_case_weighted_train_minus_test() -> None:
    from eval.report import SUITES, generalisation

    rows = [
        {"split": "train", "task": "route", "cases": 30, "route_accuracy": 1.0},
        {"split": "train", "task": "route", "cases": 10, "route_accuracy": 0.6},
        {"split": "test", "task": "route", "cases": 50, "route_accuracy": 0.8},
    ]
    route = next(r for r in generalisation(rows) if r["metric"] == "route_accuracy")
    assert route["train"] == pytest.approx(0.9) and route["dev"] is None
    assert route["gap"] == pytest.approx(0.1)
    assert {split for split, _, _ in SUITES} <= {"train", "dev", "test"}
    assert all(path.exists() for _, _, path in SUITES)  # the manifest names real files
