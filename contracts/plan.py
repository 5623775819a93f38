"""What the user can do next: tour slots to hold, confirm or move."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

ActionType = Literal["tour"]


class TourAction(BaseModel):
    """A proposed tour of one unit in one time slot."""

    model_config = ConfigDict(extra="forbid")

    type: ActionType = Field(default="tour", description="The action type")
    unit_id: str = Field(min_length=1, description="Inventory id of the unit")
    address: str = Field(description="Street address (with suite) to meet at")
    start: AwareDatetime = Field(description="Slot start, ISO 8601 with time zone")
    end: AwareDatetime = Field(description="Slot end, ISO 8601 with time zone")
    required_docs: list[str] = Field(default_factory=list, description="What to bring to the tour")
    tz: str | None = Field(default=None, description="IANA time zone of the property (None: America/New_York)")
    note: str | None = Field(default=None, description="What the person asked to pass on to the landlord (access "
                                                       "needs, a question), sent with the viewing request")

    @model_validator(mode="after")
    def _ordered(self) -> TourAction:
        if self.end <= self.start:
            raise ValueError("end must be after start")
        return self


class ActionPlan(BaseModel):
    """The tours proposed to the user and the one question that closes the turn."""

    model_config = ConfigDict(extra="forbid")

    actions: list[TourAction] = Field(default_factory=list, description="Proposed tours, in time order")
    confirmation_prompt: str = Field(description="One clear call to action")


def iso(dt: datetime) -> str:
    """ISO 8601 with offset, seconds precision (the format the contracts serialise)."""
    return dt.isoformat(timespec="seconds")
