"""Contact details: validation (a real email syntax check, phones to E.164) before anything is submitted."""

from __future__ import annotations

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
