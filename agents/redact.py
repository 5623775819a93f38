"""Logs never carry contact details: emails and phone numbers are masked by a logging filter."""

from __future__ import annotations

import logging
import re

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
PHONE = re.compile(r"(?<!\w)\+?\d[\d\s().-]{7,}\d(?!\w)")


def redact(text: str) -> str:
    """Mask emails and phone numbers in a string."""
    return PHONE.sub("[phone]", EMAIL.sub("[email]", text))


class RedactingFilter(logging.Filter):
    """Rewrites each record's message with contact details masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = None
        return True


def install(logger: logging.Logger | None = None) -> None:
    """Add the filter to every handler of the (root) logger, once."""
    target = logger or logging.getLogger()
    for handler in target.handlers or []:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
    if not any(isinstance(f, RedactingFilter) for f in target.filters):
        target.addFilter(RedactingFilter())
