"""Contracts of the tour close step: the user's contact details, a hold on a tour slot, a viewing request."""

from __future__ import annotations

from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

HoldStatus = Literal["held", "confirmed", "released", "expired"]


class Contact(BaseModel):
    """Who tours. Validated before anything is submitted (see agents/contact.py)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=120, description="Full name")
    email: str = Field(description="Email address (syntax checked, normalised)")
    phone: str | None = Field(default=None, description="Phone in E.164, e.g. +12125550123")
    preferred_times: str | None = Field(default=None, max_length=200, description="When tours suit, in words")


class Hold(BaseModel):
    """A tour slot held (or confirmed) for a thread's user."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="Hold id")
    thread_id: str = Field(description="Conversation the hold belongs to")
    unit_id: str = Field(description="Inventory id of the unit")
    address: str = Field(default="", description="Where to meet")
    start: AwareDatetime = Field(description="Slot start with time zone")
    end: AwareDatetime = Field(description="Slot end with time zone")
    status: HoldStatus = Field(description="held | confirmed | released | expired")
    expires_at: AwareDatetime = Field(description="When a 'held' hold lapses unless confirmed")
    contact: Contact | None = Field(default=None, description="Who the hold is for")


class ViewingRequest(BaseModel):
    """A simulated viewing request for a confirmed hold: nothing is sent anywhere."""

    model_config = ConfigDict(extra="forbid")

    hold_id: str = Field(description="The confirmed hold")
    summary: str = Field(description="One line: who, what, when")
    mailto: str = Field(description="mailto: URL with subject and body URL-encoded")
    ics_filename: str = Field(description="Suggested file name of the calendar file")
