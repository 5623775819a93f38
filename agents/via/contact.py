"""Contact details: validation (a real email syntax check, phones to E.164) before anything is submitted."""

from __future__ import annotations

import re
from typing import Any

import phonenumbers
from email_validator import EmailNotValidError, validate_email

from contracts.holds import Contact


class ContactError(ValueError):
    """Contact details that cannot be used; `problems` maps field -> what is wrong."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))
        self.problems = problems


def validate_contact(raw: dict[str, Any], *, region: str = "US") -> Contact:
    """Check and normalise name, email and optional phone; raise ContactError naming every bad field."""
    problems: dict[str, str] = {}
    name = str(raw.get("name") or "").strip()
    if not name:
        problems["name"] = "please give your name"
    email = str(raw.get("email") or "").strip()
    try:
        email = validate_email(email, check_deliverability=False).normalized
    except EmailNotValidError as exc:
        problems["email"] = str(exc)
    phone_raw = str(raw.get("phone") or "").strip()
    phone = None
    if phone_raw:
        try:
            number = phonenumbers.parse(phone_raw, region)
            if not phonenumbers.is_valid_number(number):
                raise phonenumbers.NumberParseException(1, "not a valid number")
            phone = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        except phonenumbers.NumberParseException:
            problems["phone"] = f"{phone_raw!r} is not a valid phone number"
    if problems:
        raise ContactError(problems)
    times = str(raw.get("preferred_times") or "").strip() or None
    return Contact(name=name, email=email, phone=phone, preferred_times=times)


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"\+?\d[\d\s().-]{6,}\d")
_NAME_CUE = re.compile(r"\b(?:my name is|my name's|name\s*:|i am|i'm|this is|it's|me llamo|soy)\s+"
                       r"([A-Za-zÀ-ÿ'’-]+(?:\s+[A-Za-zÀ-ÿ'’-]+){0,2})", re.I)
_FILLER = re.compile(r"\b(?:my|name|is|email|e-mail|mail|phone|number|cell|mobile|tel|and|here|you|can|reach|me|at|"
                     r"or|on|it's|i'm|i|am|this|contact|details|info|mi|nombre|es|correo|y|soy|me|llamo|"
                     r"tel[eé]fono)\b|[,.;:!?()]", re.I)


def contact_in_text(text: str) -> dict[str, str] | None:
    """Name, email and phone typed as a chat message ("my name is Dana Lee, dana@example.com"), or None when the
    message is more than contact details (it must give an email or a phone, and at most a name besides)."""
    email = _EMAIL.search(text)
    phone = _PHONE.search(_EMAIL.sub(" ", text))
    if not email and not phone:
        return None
    rest = _EMAIL.sub(" ", text)
    rest = _PHONE.sub(" ", rest)
    named = _NAME_CUE.search(rest)
    leftover = _FILLER.sub(" ", rest).split()
    if len(leftover) > 3:
        return None  # a question or a request with an email in it, not contact details
    name = named.group(1).strip() if named else " ".join(w for w in leftover if w[:1].isupper())
    return {"name": name, "email": email.group(0) if email else "", "phone": phone.group(0).strip() if phone else ""}
