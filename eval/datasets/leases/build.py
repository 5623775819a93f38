"""Render the test leases (the *.txt sources beside this file) into PDFs with fpdf2.

The PDFs are committed next to their sources so that evaluation needs no fpdf2; `python -m
eval.datasets.leases.build` rebuilds them, and a test checks that a rebuild gives the same page texts (so the
labeled pages of cases.jsonl stay true). Output is deterministic: core fonts only, a fixed creation date.

Source format: `@key: value` settings (header, footer with {page}/{pages}, font, size), `= Title`,
`# Heading`, paragraphs separated by blank lines, `[[pagebreak]]`, and `[[bottom]]` (move to the foot of the
page: used to split a heading over a page break, as real leases do).
"""

from __future__ import annotations

import datetime as dt
import logging
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FIXED_DATE = dt.datetime(2024, 6, 1, tzinfo=dt.UTC)

log = logging.getLogger(__name__)


def _parse(source: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    settings: dict[str, str] = {}
    items: list[tuple[str, str]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            items.append(("p", " ".join(paragraph)))
            paragraph.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if line.startswith("@") and ":" in line and not items:
            key, value = line[1:].split(":", 1)
            settings[key.strip()] = value.strip()
        elif not line:
            flush()
        elif line in ("[[pagebreak]]", "[[bottom]]"):
            flush()
            items.append((line.strip("[]"), ""))
        elif line.startswith("= "):
            flush()
            items.append(("title", line[2:]))
        elif line.startswith("# "):
            flush()
            items.append(("heading", line[2:]))
        else:
            paragraph.append(line)
    flush()
    return settings, items


def build_pdf(source: str) -> bytes:
    """One lease source -> PDF bytes (same bytes for the same source and fpdf2 version)."""
    from fpdf import FPDF

    settings, items = _parse(source)
    font = settings.get("font", "Helvetica")
    size = float(settings.get("size", "11"))
    line_h = size * 0.6

    class LeasePDF(FPDF):
        def header(self) -> None:
            if settings.get("header"):
                self.set_font(font, "I", 8)
                self.cell(0, 5, settings["header"], align="C")
                self.ln(8)

        def footer(self) -> None:
            if settings.get("footer"):
                self.set_y(-15)
                self.set_font(font, "", 8)
                text = settings["footer"].replace("{page}", str(self.page_no())).replace("{pages}", "{nb}")
                self.cell(0, 5, text, align="C")

    pdf = LeasePDF(format="Letter")
    pdf.core_fonts_encoding = "windows-1252"  # en dashes and curly quotes, as in real leases
    pdf.set_creation_date(_FIXED_DATE)
    pdf.set_margins(25, 18, 25)
    pdf.set_auto_page_break(True, margin=22)
    pdf.add_page()
    for kind, text in items:
        if kind == "title":
            pdf.set_font(font, "B", size + 4)
            pdf.multi_cell(0, line_h + 3, text, align="C")
            pdf.ln(3)
        elif kind == "heading":
            pdf.ln(2)
            pdf.set_font(font, "B", size)
            pdf.multi_cell(0, line_h, text)
            pdf.ln(1)
        elif kind == "pagebreak":
            pdf.add_page()
        elif kind == "bottom":
            pdf.set_y(pdf.h - pdf.b_margin - 2 * line_h - 2)
        else:
            pdf.set_font(font, "", size)
            pdf.multi_cell(0, line_h, text)
            pdf.ln(2)
    return bytes(pdf.output())


def build_all(folder: Path = HERE, *, only_missing: bool = False) -> list[Path]:
    """Render every <name>.txt of a folder to <name>.pdf; returns the PDFs written."""
    written = []
    for source in sorted(folder.glob("*.txt")):
        target = source.with_suffix(".pdf")
        if only_missing and target.exists():
            continue
        target.write_bytes(build_pdf(source.read_text(encoding="utf-8")))
        written.append(target)
        log.info("wrote %s", target.name)
    return written


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    build_all(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
