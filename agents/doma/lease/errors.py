"""The one error of the lease package: its message is written for the user and shown as is."""

from __future__ import annotations


class LeaseError(ValueError):
    """A lease that cannot be read or indexed; `message` says why in plain words (the UI shows it)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
