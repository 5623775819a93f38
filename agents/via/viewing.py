"""Viewing requests for confirmed holds, simulated: a summary, a mailto: link and an .ics calendar file.

Nothing is posted to any listing site and no browser is driven; the user sends the email themselves.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from icalendar import Alarm, Calendar, Event

from contracts.holds import Contact, Hold, ViewingRequest

LEASING_EMAIL = "leasing@example.com"  # the listing contact of the simulated request


def mailto_url(hold: Hold, contact: Contact, to: str = LEASING_EMAIL, note: str | None = None) -> str:
    """A mailto: URL whose subject and body are percent-encoded (RFC 6068)."""
    subject = f"Viewing request: {hold.unit_id} on {hold.start:%a %b %d at %H:%M}"
    lines = [
        "Hello,",
        "",
        f"I would like to view {hold.address} ({hold.unit_id}) on {hold.start:%A %B %d, %H:%M}–{hold.end:%H:%M} "
        f"({hold.start.tzname()}).",
        f"Name: {contact.name}",
        f"Email: {contact.email}",
    ]
    if contact.phone:
        lines.append(f"Phone: {contact.phone}")
    if contact.preferred_times:
        lines.append(f"Other times that suit me: {contact.preferred_times}")
    if note:
        lines += ["", note]
    lines += ["", "Thank you."]
    body = "\r\n".join(lines)
    return f"mailto:{quote(to, safe='@')}?subject={quote(subject, safe='')}&body={quote(body, safe='')}"


def ics_bytes(hold: Hold) -> bytes:
    """An .ics file for one tour: local time zone, location and a reminder an hour before."""
    calendar = Calendar()
    calendar.add("prodid", "-//Real-estate workspace//tours//EN")
    calendar.add("version", "2.0")
    event = Event()
    event.add("uid", f"{hold.id}@workspace.local")
    event.add("dtstamp", datetime.now(UTC))  # required by RFC 5545: when this calendar object was made
    event.add("summary", f"Tour: {hold.address}")
    event.add("dtstart", hold.start)
    event.add("dtend", hold.end)
    event.add("location", hold.address)
    event.add("description", f"Viewing of {hold.unit_id}. Bring photo ID.")
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", f"Tour of {hold.address} in one hour")
    alarm.add("trigger", timedelta(hours=-1))
    event.add_component(alarm)
    calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def viewing_request(hold: Hold, contact: Contact, note: str | None = None) -> ViewingRequest:
    """The simulated request for one confirmed hold (with the person's note for the landlord, if any)."""
    summary = (f"Viewing requested for {contact.name}: {hold.address} ({hold.unit_id}), "
               f"{hold.start:%a %b %d %H:%M}–{hold.end:%H:%M} {hold.start.tzname()}"
               + (f"; note passed on: {note}" if note else ""))
    return ViewingRequest(hold_id=hold.id, summary=summary, mailto=mailto_url(hold, contact, note=note),
                          ics_filename=f"tour-{hold.unit_id}-{hold.start:%Y%m%d-%H%M}.ics")
