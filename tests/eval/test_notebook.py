"""The eval notebook runs in the suite (on a small report), so it cannot rot."""


import nbformat
from nbclient import NotebookClient

from eval.report import build_report, write
from tests.conftest import ROOT


def test_eval_notebook_executes_on_a_small_report(tmp_path, monkeypatch):
    report = build_report(limit=3, repeat=3)
    write(report, out_dir=tmp_path, readme=None)
    assert {row["task"] for row in report["metrics"]} >= {"route", "spec", "rank", "triage", "lease"}
    assert report["conversation"]["actionable_rate"] == 1.0
    monkeypatch.setenv("REPORT_JSON", str(tmp_path / "report.json"))
    notebook = nbformat.read(ROOT / "eval" / "eval.ipynb", as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "eval")}}).execute()
    outputs = "".join(o.get("text", "") for cell in notebook.cells for o in cell.get("outputs", []))
    assert "relaxation success" in outputs and "speed-up vs loop" in outputs
