"""The `lease` task (questions about an uploaded lease) and the `lease` benchmark.

A case's `pdf` is relative to the case file. When the PDF is missing but its source (same name, .txt) is
there, it is built first with eval/datasets/leases/build.py (needs fpdf2, a dev dependency); the PDFs of the
bundled leases are committed, so this only happens for new sources.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from scoring.metrics import precision_of, recall_of

log = logging.getLogger(__name__)

LEASES_DIR = Path(__file__).resolve().parent.parent / "datasets" / "leases"
BENCH_PAGES = 10
BENCH_QUESTIONS = (
    "Can I sublet my apartment?",
    "How much notice do I need to give to leave early?",
    "Who fixes the water heater?",
    "Can I have a dog?",
    "Is there a swimming pool?",
    "When is rent due and how much is it?",
    "What happens if I pay rent late?",
    "Can the landlord come in without telling me?",
    "How do I get my deposit back?",
    "Is parking included?",
)


def _pdf_bytes(case: Case, case_dir: Path) -> tuple[bytes, str]:
    path = (case_dir / str(case["pdf"])).resolve()
    if not path.exists():
        source = path.with_suffix(".txt")
        if not source.exists():
            raise FileNotFoundError(f"no such lease: {case['pdf']}")
        from eval.datasets.leases.build import build_pdf

        path.write_bytes(build_pdf(source.read_text(encoding="utf-8")))
    return path.read_bytes(), path.name


def predict(case: Case, case_dir: Path, model: Any) -> Prediction:
    """The LeaseAnswer JSON for one case (the index is cached per PDF, so one lease is read once)."""
    from agents.doma.lease_qa import LeaseError, answer_question, index_lease, not_found_answer

    data, name = _pdf_bytes(case, case_dir)
    try:
        index = index_lease(data, name)
    except LeaseError as exc:
        answer = not_found_answer(None)
        answer.answer = f"{answer.answer} ({exc.message})"
        return answer.model_dump(mode="json")
    return answer_question(index, str(case.get("question") or case.get("text") or ""), model).model_dump(mode="json")


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    """Citation accuracy, answer recall, not-found precision and recall (see FORMAT.md).

    Citation accuracy counts an answerable case as right when a cited page is among the expected pages;
    citation precision (extra) is the share of all cited pages that are expected, so that citing many
    pages cannot look good.
    """
    cite_hits: list[float] = []
    cite_precision: list[float] = []
    recall: list[float] = []
    nf_pairs: list[tuple[bool, bool]] = []
    for case, pred in zip(cases, predictions, strict=True):
        expected = case.get("expected") or {}
        pred = pred or {}
        expected_nf = bool(expected.get("not_found", False))
        predicted_nf = bool(pred.get("not_found", not pred))
        nf_pairs.append((predicted_nf, expected_nf))
        pages = [c.get("page") for c in pred.get("citations") or []]
        if not expected_nf:
            wanted = set(expected.get("pages") or [])
            cite_hits.append(float(any(p in wanted for p in pages)))
            if pages:
                cite_precision.append(sum(p in wanted for p in pages) / len(pages))
        phrases = expected.get("answer_contains") or []
        if phrases:
            answer = str(pred.get("answer") or "").lower()
            recall.append(sum(str(p).lower() in answer for p in phrases) / len(phrases))
    return {
        "citation_accuracy": _mean(cite_hits),
        "citation_precision": _mean(cite_precision),
        "answer_recall": _mean(recall),
        "not_found_precision": precision_of(nf_pairs, True),
        "not_found_recall": recall_of(nf_pairs, True),
        "answerable": len(cite_hits),
        "unanswerable": sum(1 for _, e in nf_pairs if e),
    }


register(Task(name="lease", predict=predict, score=score))


def bench_pdf(pages: int = BENCH_PAGES) -> bytes:
    """A lease PDF of exactly `pages` pages, cut from the bundled leases (their pages in turn)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    sources = [PdfReader(p) for p in sorted(LEASES_DIR.glob("*.pdf"))]
    while len(writer.pages) < pages:
        for reader in sources:
            for page in reader.pages:
                if len(writer.pages) < pages:
                    writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@register_bench("lease")
def bench_lease() -> dict[str, Any]:
    """Index a 10-page lease (cold, no cache) and answer questions against it."""
    from agents.doma.lease.document import LeaseIndex
    from agents.doma.lease_qa import answer_question

    data = bench_pdf()
    index_times = timings_ms(lambda: LeaseIndex.from_pdf(data, "bench.pdf"), repeat=5, warmup=1)
    index = LeaseIndex.from_pdf(data, "bench.pdf")
    questions = iter(BENCH_QUESTIONS * 100)
    answer_times = timings_ms(lambda: answer_question(index, next(questions)), repeat=len(BENCH_QUESTIONS) * 20)
    index_stats = percentiles(index_times)
    answer_stats = percentiles(answer_times)
    return {
        "pages": index.page_count,
        "chunks": len(index.chunks),
        "index_p50_ms": index_stats["p50_ms"],
        "index_max_ms": round(max(index_times), 3),
        "index_bar_ms": 1500,
        "answer_p50_ms": answer_stats["p50_ms"],
        "answer_p95_ms": answer_stats["p95_ms"],
        "answer_bar_p95_ms": 50,
        "answers": answer_stats["n"],
    }
