"""Reading a lease PDF into page texts, with a clear message for every kind of bad file."""

from __future__ import annotations

import io
import logging

from agents.doma.lease.errors import LeaseError

log = logging.getLogger(__name__)

MAX_BYTES = 10 * 1024 * 1024  # 10 MB: a long lease is well under 1 MB; larger files are scans or bundles
MAX_PAGES = 150  # long commercial leases and model agreements with guidance notes run to 60+ pages
MIN_TEXT_CHARS = 40  # fewer letters than this over the whole file means there is no usable text layer


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def check_upload(data: bytes, *, max_bytes: int = MAX_BYTES) -> None:
    """Cheap checks before parsing: empty, too large, not a PDF at all.

    Raises:
        LeaseError: with the message to show.
    """
    if not data:
        raise LeaseError("The file is empty. Please upload the lease as a PDF.")
    if len(data) > max_bytes:
        raise LeaseError(
            f"The file is {_mb(len(data))}; the limit is {_mb(max_bytes)} (and {MAX_PAGES} pages). "
            "Please upload a smaller PDF of the lease."
        )
    # The PDF header may follow a little junk (some mailers prepend bytes), so look at the first KB.
    if b"%PDF-" not in data[:1024]:
        raise LeaseError("This file is not a PDF. Please upload the lease as a PDF document.")


def read_pdf_pages(data: bytes, *, max_bytes: int = MAX_BYTES, max_pages: int = MAX_PAGES) -> list[str]:
    """The text of each page of a PDF (1-based page i is element i - 1).

    Args:
        data: the file's bytes.
        max_bytes: size limit.
        max_pages: page limit.

    Returns:
        One string per page.

    Raises:
        LeaseError: empty, too large, not a PDF, damaged or truncated, password-protected, too many pages,
            or no text layer (a scan; OCR is not available here).
    """
    check_upload(data, max_bytes=max_bytes)
    from pypdf import PdfReader  # imported here: keeps importing the package cheap

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            # An owner password alone (printing/copy restrictions) still opens with the empty password.
            try:
                opened = bool(reader.decrypt(""))
            except Exception:  # e.g. AES without the optional crypto dependency
                opened = False
            if not opened:
                raise LeaseError(
                    "This PDF is password-protected (encrypted), so its text cannot be read. "
                    "Please upload an unlocked copy of the lease."
                )
        page_count = len(reader.pages)
    except LeaseError:
        raise
    except Exception as exc:  # pypdf raises many types for broken files; the user needs one message
        log.info("unreadable PDF: %s: %s", type(exc).__name__, exc)
        raise LeaseError("The PDF is damaged or truncated and could not be read. Please upload it again.") from exc
    if page_count == 0:
        raise LeaseError("The PDF has no pages. Please upload the complete lease.")
    if page_count > max_pages:
        raise LeaseError(
            f"The PDF has {page_count} pages; the limit is {max_pages} pages (and {_mb(max_bytes)}). "
            "Please upload only the lease itself."
        )
    pages: list[str] = []
    failed = 0
    for number, page in enumerate(reader.pages, start=1):
        try:
            pages.append(page.extract_text() or "")
        except Exception as exc:  # one bad page should not lose the rest of the lease
            log.info("page %d unreadable: %s", number, exc)
            failed += 1
            pages.append("")
    if failed == page_count:
        raise LeaseError("The PDF is damaged or truncated and could not be read. Please upload it again.")
    letters = sum(ch.isalpha() for text in pages for ch in text)
    if letters < MIN_TEXT_CHARS:
        raise LeaseError(
            "No text layer was found in this PDF (it looks like a scanned image). OCR is not available here, "
            "so please upload a text-based PDF of the lease (for example the original e-signed copy)."
        )
    return pages
