"""Reading lease PDFs: every kind of bad file gets a clear message, never a crash."""

from __future__ import annotations

import io

import pytest
from fpdf import FPDF
from PIL import Image
from pypdf import PdfReader, PdfWriter

from agents.doma.lease.pdf import MAX_BYTES, MAX_PAGES, read_pdf_pages
from agents.doma.lease_qa import LeaseError, index_lease
from eval.datasets.leases.build import build_pdf

LEASE_SOURCE = """= SHORT LEASE

# ARTICLE ONE: RENT

1.1 Monthly Rent. Tenant shall pay monthly rent of $1,000.00 on the first day of each month.

# ARTICLE TWO: PETS

2.1 Animals. No animals are allowed without the written consent of Landlord.
"""


@pytest.fixture(scope="module")
def good_pdf() -> bytes:
    return build_pdf(LEASE_SOURCE)


def _pages_pdf(count: int) -> bytes:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for number in range(count):
        pdf.add_page()
        pdf.cell(0, 10, f"Page {number + 1}: the tenant shall pay rent on time.")
    return bytes(pdf.output())


def test_good_pdf_gives_page_texts(good_pdf: bytes) -> None:
    pages = read_pdf_pages(good_pdf)
    assert len(pages) == 1
    assert "Monthly Rent" in pages[0] and "$1,000.00" in pages[0]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "empty"),
        (b"hello, this is a text file and not a lease", "not a PDF"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "not a PDF"),
        (b"%PDF-1.7\n this is garbage with a pdf header", "damaged or truncated"),
    ],
)
def test_bad_bytes_get_a_clear_message(data: bytes, expected: str) -> None:
    with pytest.raises(LeaseError) as err:
        index_lease(data, "upload.pdf")
    assert expected in err.value.message


def test_truncated_pdf(good_pdf: bytes) -> None:
    with pytest.raises(LeaseError) as err:
        index_lease(good_pdf[: len(good_pdf) // 3], "cut.pdf")
    assert "damaged or truncated" in err.value.message


def test_encrypted_pdf(good_pdf: bytes) -> None:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(good_pdf)))
    writer.encrypt("secret", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(LeaseError) as err:
        index_lease(out.getvalue(), "locked.pdf")
    assert "password-protected" in err.value.message


def test_owner_password_only_still_opens(good_pdf: bytes) -> None:
    """A PDF restricted by an owner password alone opens with the empty user password."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(good_pdf)))
    writer.encrypt("", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    assert "Monthly Rent" in read_pdf_pages(out.getvalue())[0]


def test_scanned_pdf_without_text_layer() -> None:
    pdf = FPDF()
    pdf.add_page()
    pdf.image(Image.new("RGB", (200, 260), "white"), x=10, y=10, w=180)
    with pytest.raises(LeaseError) as err:
        index_lease(bytes(pdf.output()), "scan.pdf")
    assert "No text layer" in err.value.message
    assert "OCR is not available" in err.value.message


def test_too_large_states_the_limit() -> None:
    data = b"%PDF-1.4\n" + b"0" * MAX_BYTES
    with pytest.raises(LeaseError) as err:
        index_lease(data, "huge.pdf")
    assert "10.0 MB" in err.value.message


def test_too_many_pages_states_the_limit() -> None:
    with pytest.raises(LeaseError) as err:
        index_lease(_pages_pdf(MAX_PAGES + 1), "long.pdf")
    assert f"{MAX_PAGES + 1} pages" in err.value.message and f"limit is {MAX_PAGES} pages" in err.value.message


def test_not_bytes_is_a_message_too() -> None:
    with pytest.raises(LeaseError):
        index_lease("not bytes", "x.pdf")  # type: ignore[arg-type]


def test_a_long_real_lease_is_read_whole() -> None:
    """The UK government's model tenancy (63 pages with its guidance notes) is a lease, not a bundle."""
    from tests.conftest import ROOT

    leases = ROOT.parent / "shared" / "data" / "leases"
    pdf = leases / "model_tenancy_agreement_assured_shorthold_uk_government_2020.pdf"
    pages = read_pdf_pages(pdf.read_bytes())
    assert len(pages) == 63 and all(page.strip() for page in pages)
