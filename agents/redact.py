"""Logs never carry contact details: emails and phone numbers are masked in every record (`install`)."""

from __future__ import annotations

import logging
import re

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
PHONE = re.compile(r"(?<!\w)\+?\d[\d\s().-]{7,}\d(?!\w)")


def redact(text: str) -> str:
    """Mask emails and phone numbers in a string."""
    return PHONE.sub("[phone]", EMAIL.sub("[email]", text))


_INSTALLED = "_redacting"


def install() -> None:
    """Mask contact details in every log record of the process, once.

    The record factory is wrapped (not a handler or a logger): every logger, child loggers included, and every
    handler, including ones configured after this call (`basicConfig` later), see only redacted messages.
    """
    factory = logging.getLogRecordFactory()
    if getattr(factory, _INSTALLED, False):
        return

    def redacting(*args: object, **kwargs: object) -> logging.LogRecord:
        record = factory(*args, **kwargs)  # type: ignore[arg-type]
        record.msg = redact(record.getMessage())
        record.args = None
        return record

    setattr(redacting, _INSTALLED, True)
    logging.setLogRecordFactory(redacting)
