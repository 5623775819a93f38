"""Logs never carry contact details: emails and phone numbers are masked by a logging filter."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

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


def _redacting_factory(base: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = base(*args, **kwargs)
        try:
            RedactingFilter().filter(record)
        except Exception:  # a record whose arguments do not format: mask what can be shown, never raise here
            record.msg, record.args = redact(f"{record.msg} {record.args}"), None
        return record

    factory._redacting = True  # type: ignore[attr-defined]
    return factory


def install(logger: logging.Logger | None = None) -> None:
    """Mask contact details in every log record from now on, once.

    The record factory is wrapped, so every logger (child loggers too) and every handler (those basicConfig
    adds later too) only ever sees the masked message. Handlers already on `logger` (the root by default) also
    get the filter, for records built elsewhere.
    """
    base = logging.getLogRecordFactory()
    if not getattr(base, "_redacting", False):
        logging.setLogRecordFactory(_redacting_factory(base))
    target = logger or logging.getLogger()
    for handler in target.handlers or []:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
