"""Thread ids that cannot be guessed and that only their own session can open.

A thread id is a random UUID4 (122 random bits). The app's link carries it with an HMAC of it under a server
secret, so an id seen elsewhere (the holds table, a log line, a trace) does not open the conversation: only a
link this server issued does. Replicas behind one database share the secret (SESSION_SECRET); a single server
keeps one in a file beside its database.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import uuid
from pathlib import Path


def load_or_create_secret(path: Path) -> bytes:
    """The secret kept at `path` (created, readable by its owner only, on first use)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip().encode()
    value = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(value)
    return value.encode()


def sign(thread_id: str, secret: bytes) -> str:
    """The link key of a thread id (hex, 128 bits of HMAC-SHA256)."""
    return hmac.new(secret, thread_id.encode(), hashlib.sha256).hexdigest()[:32]


def new_thread(secret: bytes) -> tuple[str, str]:
    """A fresh (thread id, link key)."""
    thread_id = str(uuid.uuid4())
    return thread_id, sign(thread_id, secret)


def verified_thread(thread_id: str, key: str, secret: bytes) -> str | None:
    """The thread id if it is a canonical UUID4 and `key` is its link key, else None."""
    try:
        parsed = uuid.UUID(thread_id)
    except (ValueError, AttributeError, TypeError):
        return None
    if parsed.version != 4 or str(parsed) != thread_id:
        return None
    return thread_id if hmac.compare_digest(sign(thread_id, secret), str(key)) else None
