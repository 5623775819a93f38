"""The lease task: metrics, the labeled cases meet the bars, the PDFs match their sources, the benchmark."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from eval.datasets.leases.build import build_pdf
from eval.runner import read_cases
from eval.tasks import lease as lease_task
from tests.conftest import ROOT

LEASES = ROOT / "eval" / "datasets" / "leases"


def _case(pages: list[int], not_found: bool = False, contains: list[str] | None = None) -> dict:
    return {"expected": {"pages": pages, "not_found": not_found, "answer_contains": contains or []}}


def _pred(pages: list[int], answer: str = "", not_found: bool = False) -> dict:
    return {"answer": answer, "citations": [{"page": p, "section": ""} for p in pages], "not_found": not_found}


def test_score_metrics() -> None:
    cases = [
        _case([3], contains=["written consent", "sublet"]),
        _case([5], contains=["water heater"]),
        _case([], not_found=True),
        _case([], not_found=True),
    ]
    predictions = [
        _pred([3, 4], "Tenant may not SUBLET without written consent"),
        _pred([], "Not found in provided lease.", not_found=True),  # a wrong not-found
        _pred([], "Not found in provided lease.", not_found=True),
        _pred([2], "Something else"),  # a missed not-found
    ]
    metrics = lease_task.score(cases, predictions)
    assert metrics["citation_accuracy"] == 0.5
    assert metrics["citation_precision"] == 0.5
    assert metrics["answer_recall"] == 0.5
    assert metrics["not_found_precision"] == 0.5
    assert metrics["not_found_recall"] == 0.5
    assert lease_task.score([_case([1])], [None])["citation_accuracy"] == 0.0


def test_labeled_cases_meet_the_bars() -> None:
    path = LEASES / "cases.jsonl"
    cases = read_cases(path)
    assert len(cases) >= 25 and sum(c["expected"]["not_found"] for c in cases) >= 5
    predictions = [lease_task.predict(c, path.parent, None) for c in cases]
    metrics = lease_task.score(cases, predictions)
    assert metrics["citation_accuracy"] >= 0.90
    assert metrics["answer_recall"] >= 0.85
    assert metrics["not_found_precision"] == 1.0


@pytest.mark.parametrize("name", ["residential_lease", "office_lease", "month_to_month_lease"])
def test_committed_pdfs_match_their_sources(name: str) -> None:
    """Labels cite pages: a rebuild from the source must put every word on the same page."""

    def texts(data: bytes) -> list[str]:
        return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]

    source = (LEASES / f"{name}.txt").read_text(encoding="utf-8")
    assert texts(build_pdf(source)) == texts((LEASES / f"{name}.pdf").read_bytes())


def test_residential_lease_is_long_enough() -> None:
    assert len(PdfReader(LEASES / "residential_lease.pdf").pages) >= 8


def test_missing_pdf_is_built_from_its_source(tmp_path: Path) -> None:
    source = (
        "# ARTICLE ONE: RENT\n\n1.1 Rent. Tenant shall pay monthly rent of $900.00 on the first day of the month.\n"
    )
    (tmp_path / "mini.txt").write_text(source)
    case = {"id": "m1", "pdf": "mini.pdf", "question": "How much is the rent?"}
    prediction = lease_task.predict(case, tmp_path, None)
    assert (tmp_path / "mini.pdf").exists()
    assert "$900.00" in prediction["answer"] and prediction["citations"][0]["page"] == 1


def test_bench_runs_on_a_ten_page_lease() -> None:
    assert len(PdfReader(io.BytesIO(lease_task.bench_pdf())).pages) == 10
    figures = lease_task.bench_lease()
    assert figures["pages"] == 10
    # Generous bounds (shared CI machines); the bars themselves are 1.5 s and 50 ms.
    assert figures["index_p50_ms"] < 3000
    assert figures["answer_p95_ms"] < 100
