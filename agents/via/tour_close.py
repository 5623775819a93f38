"""TourCloseAgent: top matches (or a named unit) -> an ActionPlan of staggered 30-minute tour slots.

Times come from the user's words ("this Monday 6pm", "wed at 4", "next Tuesday morning") resolved in the
property's time zone, or, with no time given, the next business-hour slots. Times never come from a model.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import dateparser
from langchain_core.runnables import RunnableConfig

from agents.cues import (
    ANOTHER_TIME,
    MARKET_PLACE,
    ROUTINE_TIME,
    SF_PER_PERSON,
    TOUR_WORDS,
    UNIT_ID,
    UNITS_COMPARED,
    address_named,
    named_at,
    shown_by_address,
)
from agents.i18n import localized_notes, phrase
from agents.prompts import TOUR_PROMPT
from agents.state import AgentState
from agents.via.figures import money_compared
from agents.via.landlord_note import landlord_note
from agents.via.match_rank import preview
from agents.via.referents import (
    ORDINAL,
    ORDINALS,
    POINTED,
    SUPERLATIVE,
    best,
    each_named,
    english_ordinals,
    floor_unit,
    measure,
    named_elsewhere,
    narrowed,
    ordinal_reference,
    ranked,
    swap_words,
    unit_for_tour,
    unit_in,
    units_meant,
)
from agents.via.refine import BROKER_Q, NOT_HELD, answer_about_results, shown_figures, unit_named, units_named
from agents.via.vocab import LOCATION_ALIASES
from contracts.plan import ActionPlan, TourAction
from contracts.search import SearchSpec
from data.sources.nyc import Inventory, load_inventory
from data.stores.holds import HoldStore

log = logging.getLogger(__name__)

TZ = "America/New_York"
SLOT = timedelta(minutes=30)
MAX_SHIFTS = 48  # half-hour steps a tour may move to find a free slot (one day of business hours and more)
GAP = timedelta(minutes=15)  # travel time between two tours, so one person can attend them in sequence
TOURS = 3
BUSINESS_OPEN, BUSINESS_CLOSE = 9, 18
DOCS = {
    "apartment": ["Photo ID", "Proof of income (recent pay stubs or an offer letter)", "Recent bank statement",
                  "Landlord or employer reference"],
    "office": ["Photo ID", "Company details (name, headcount, use of space)", "Recent financial statements or a "
               "guarantor letter"],
}
PART_OF_DAY = {"morning": 10, "afternoon": 14, "evening": 18, "night": 19, "noon": 12, "lunch": 12, "after work": 18}
_WEEKDAY = r"(mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(day)?"
_WHEN = re.compile(
    rf"\b(?:(this|next|coming)\s+)?{_WEEKDAY}\b|\b(today|tomorrow|tonight)\b"
    r"|\b(\d{1,2})/(\d{1,2})\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b",
    re.I,
)
_CLOCK = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|\b(?:at|@|after|around|by|say|about|like|"
                    r"make (?:it|that)|to|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?"
                    r"(?=\s+\d{1,2}(?::\d{2})?(?![\d:]|\s*(?:am|pm|a\.m\.|p\.m\.))))\s+"
                    r"(\d{1,2})(?::(\d{2}))?(?:ish)?\b(?![:\d]|\s*(?:min|%|people|units?|sf|br|tours?|/|-|am|pm|a\.m|p\.m))|"
                    r"\b(noon|midday)\b|(?<![\d$:.,])\b(\d{1,2}):([0-5]\d)\b(?!\s*(?:min|%))", re.I)
_FULL_DAY = {"mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
             "sat": "saturday", "sun": "sunday"}
_PART = re.compile(r"\b(morning|afternoon|evening|night|lunch|after work)\b", re.I)


def _clock(text: str) -> tuple[int, int] | None:
    # a time said in full ("9:30am", "noon", "5:30") stands over a bare "at 14", which may be an address ("at 14 e
    # 44th wednesday 9:30am")
    found = list(_CLOCK.finditer(text))
    m = next((c for c in found if c.group(1) or c.group(6) or c.group(7)), found[0] if found else None)
    if not m:
        part = _PART.search(text)
        return (PART_OF_DAY[part.group(1).lower()], 0) if part else None
    if m.group(6):
        return 12, 0
    if m.group(7):  # "friday 5:30": a clock time said without am or pm
        hour, minute = int(m.group(7)), int(m.group(8))
        return (hour + 12 if hour < 8 else hour, minute) if hour < 24 else None
    if m.group(1):
        hour, minute, meridiem = int(m.group(1)), int(m.group(2) or 0), m.group(3).lower()
        if meridiem.startswith("p") and hour < 12:
            hour += 12
        if meridiem.startswith("a") and hour == 12:
            hour = 0
        return (hour, minute) if hour < 24 and minute < 60 else None
    hour, minute = int(m.group(4)), int(m.group(5) or 0)
    if hour < 8:  # "wed at 4" means the afternoon: nobody tours at 4 a.m.
        hour += 12
    return (hour, minute) if hour < 24 and minute < 60 else None


# Days and times said in Spanish or Arabic or misspelt, in the English words the rules above read (longest first).
_WHEN_WORDS = (
    ("tmrw", "tomorrow"), ("tmr", "tomorrow"), ("tmrow", "tomorrow"), ("tomorow", "tomorrow"),
    ("tommorow", "tomorrow"), ("tommorrow", "tomorrow"), ("2moro", "tomorrow"), ("2morrow", "tomorrow"),
    ("de la mañana", "am"), ("de la manana", "am"), ("de la tarde", "pm"), ("de la noche", "pm"),
    ("por la mañana", "morning"), ("por la manana", "morning"), ("en la mañana", "morning"),
    ("por la tarde", "afternoon"), ("por la noche", "evening"), ("pasado mañana", "in 2 days"),
    ("lunes", "monday"), ("martes", "tuesday"), ("miércoles", "wednesday"), ("miercoles", "wednesday"),
    ("jueves", "thursday"), ("viernes", "friday"), ("sábado", "saturday"), ("sabado", "saturday"),
    ("domingo", "sunday"), ("mañana", "tomorrow"), ("manana", "tomorrow"), ("hoy", "today"), ("a las", "at"),
    ("a la", "at"),
    ("الاثنين", "monday"), ("الإثنين", "monday"), ("الثلاثاء", "tuesday"), ("الأربعاء", "wednesday"),
    ("الاربعاء", "wednesday"), ("الخميس", "thursday"), ("الجمعة", "friday"), ("السبت", "saturday"),
    ("الأحد", "sunday"), ("الاحد", "sunday"), ("غدا", "tomorrow"), ("بكرة", "tomorrow"), ("بكره", "tomorrow"),
    ("اليوم", "today"), ("صباحا", "morning"), ("الصبح", "morning"), ("عصرا", "afternoon"), ("العصر", "afternoon"),
    ("مساء", "evening"), ("المساء", "evening"), ("الساعة", "at"),
    ("الحادية عشرة", "11"), ("الثانية عشرة", "12"), ("الواحدة", "1"), ("الثانية", "2"), ("الثالثة", "3"),
    ("الرابعة", "4"), ("الخامسة", "5"), ("السادسة", "6"), ("السابعة", "7"), ("الثامنة", "8"), ("التاسعة", "9"),
    ("العاشرة", "10"),
    ("enero", "january"), ("febrero", "february"), ("marzo", "march"), ("abril", "april"), ("mayo", "may"),
    ("junio", "june"), ("julio", "july"), ("agosto", "august"), ("septiembre", "september"),
    ("setiembre", "september"), ("octubre", "october"), ("noviembre", "november"), ("diciembre", "december"),
    ("يناير", "january"), ("فبراير", "february"), ("مارس", "march"), ("أبريل", "april"), ("ابريل", "april"),
    ("مايو", "may"), ("يونيو", "june"), ("يوليو", "july"), ("أغسطس", "august"), ("اغسطس", "august"),
    ("سبتمبر", "september"), ("أكتوبر", "october"), ("اكتوبر", "october"), ("نوفمبر", "november"),
    ("ديسمبر", "december"),
)
# Arabic-Indic digits ("١١ يناير"): the digits the clock and date patterns read
_ARABIC_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")


def english_when(text: str) -> str:
    """Spanish and Arabic day, time and ordinal words in English ("el sábado por la mañana" -> "saturday
    morning", "10 y media" -> "10:30"); other text unchanged."""
    text = text.translate(_ARABIC_DIGITS)
    text = re.sub(r"\b(\d{1,2}) y (media|cuarto)\b",
                  lambda m: f"{m.group(1)}:{'30' if m.group(2).lower() == 'media' else '15'}", text, flags=re.I)
    text = re.sub(r"\b(\d{1,2}(?::\d{2})?)\s+y\s+(?=\d{1,2}\b)", r"\1 and ", text)  # "10 y 10:30": two times
    return re.sub(r"\s+", " ", swap_words(text, _WHEN_WORDS, pad=" ")).strip()


# A day the person rules out ("saturday i have a thing", "not friday"): never the day chosen
_RULED_OUT_AFTER = re.compile(r"^\W*(?:'s\s+)?(?:i (?:have|'ve got|got|can'?t|cannot|am busy|'m busy|work)|"
                              r"is (?:bad|out|no good|busy)|(?:doesn'?t|won'?t|does not|will not) work|no good|"
                              r"is a no|'s out|(?:'s|is) bad)", re.I)
_RULED_OUT_BEFORE = re.compile(r"(?:\bnot|\bno|\bexcept|\binstead of|\bcan'?t do|\bcannot do)\s+(?:on\s+)?$", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# "on the 3rd", "push it to the 4th", "the 3rd of march": a day of the month
_DAY_OF_MONTH = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?:\s+(?:of\s+)?(" + "|".join(_MONTHS) + r")[a-z]*)?",
                           re.I)
_MONTH_NAMED = re.compile(r"\b(" + "|".join(_MONTHS) + r")[a-z]*\b", re.I)
# "9 de diciembre", "December 9th", "dec 9", "the 9th of december": a date with its month; it stands over a weekday
# said beside it, and its number is no clock time
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|tember|ember|ober)?"
_DATE_NAMED = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?({_MONTH_WORD})\b\.?|"
                         rf"\b({_MONTH_WORD})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?::|am\b|pm\b|h\b))", re.I)


# A day given as the reason another is chosen ("im on shift sunday", "he has a dr appt tuesday", "monday is
# onboarding"): its clause says why the person is busy, with no time asked for
_BUSY = re.compile(r"\b(?:shifts?|onboarding|appt|appointment|doctor|dr|class(?:es)?|meeting|busy|out of town|"
                   r"flight|exams?|surgery|at work|working)\b", re.I)


def _kept_busy(text: str, day: re.Match[str]) -> bool:
    """The clause of this day says the person is busy then, and asks no time ("after my shift" asks one)."""
    start = max(text.rfind(c, 0, day.start()) for c in ",.;!?") + 1
    ends = [i for i in (text.find(c, day.end()) for c in ",.;!?") if i >= 0]
    clause = text[start:min(ends) if ends else len(text)]
    return bool(_BUSY.search(clause)) and not _CLOCK.search(clause) and not re.search(r"\bafter\b", clause, re.I)


# A time the tours must end by: "free before 4pm", "until 3", "need to be done by noon"
_LATEST = re.compile(r"\b(?:before|until|till|til|no later than|done by|back by|antes de las?|قبل)\s+(?:the\s+)?"
                     r"(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon)\b", re.I)


def _named_date(text: str, now: datetime) -> tuple[date, tuple[int, int]] | None:
    """The date a message names with its month ("9 de diciembre", "Dec 9"), the next one from today, and its span;
    of several, the first said after the booking words ("i land jan 10. book a viewing jan 11 at 10")."""
    named = list(_DATE_NAMED.finditer(text))
    if not named:
        return None
    booked = TOUR_WORDS.search(text)
    found = next((d for d in named if booked and d.start() >= booked.end()), named[0])
    day = int(found.group(1) or found.group(4))
    month = _MONTHS.index((found.group(2) or found.group(3)).lower()[:3]) + 1
    for year in (now.year, now.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            return None
        if candidate >= now.date():
            return candidate, found.span()
    return None


# "saturday the 5th", "el sábado 5 a las 10": a weekday with its day of the month (the number is no clock time)
_WEEKDAY_DATE = re.compile(rf"\b{_WEEKDAY}\s+(?:the\s+)?(\d{{1,2}})"
                           r"(?:(?:st|nd|rd|th)\b|(?=\s+(?:at|@|around|by)\s+\d))", re.I)


def _undated(text: str) -> str:
    """The text with a weekday's day of the month left out ("saturday 5 at 10": 5 is the date, 10 the time)."""
    return _WEEKDAY_DATE.sub(lambda m: m.group(1), text)


def _weekday_date(text: str, now: datetime) -> tuple[date, tuple[int, int]] | None:
    """The date a weekday with its day of the month names (the next such date within three months), and its span."""
    found = _WEEKDAY_DATE.search(text)
    if not found:
        return None
    weekday = ("mon", "tue", "wed", "thu", "fri", "sat", "sun").index(found.group(1).lower()[:3])
    day, today = int(found.group(3)), now.date()
    for ahead in range(3):
        month, year = (today.month + ahead - 1) % 12 + 1, today.year + (today.month + ahead - 1) // 12
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate >= today and candidate.weekday() == weekday:
            return candidate, (found.start(3), found.end(3))
    return None


def _day_of_month(text: str, now: datetime, hint: str | None) -> date | None:
    """The date "the 3rd" names: in the month said (here or in `hint`, e.g. the search's "in March"), else the next
    such day from today."""
    found = _DAY_OF_MONTH.search(text)
    if not found:
        return None
    month_word = found.group(2) or (m.group(1) if hint and (m := _MONTH_NAMED.search(hint)) else None)
    day = int(found.group(1))
    today = now.date()
    months = [(_MONTHS.index(month_word.lower()[:3]) + 1)] if month_word else [today.month, today.month % 12 + 1]
    for year in (today.year, today.year + 1):
        for month in months:
            try:
                candidate = date(year, month, day)
            except ValueError:
                continue
            if candidate >= today:
                return candidate
    return None


def resolve_start(text: str | None, now: datetime, hint: str | None = None) -> datetime | None:
    """The first tour start the user asked for, in the property's time zone; None when they gave no time. `hint` is
    earlier wording that may name the month ("in March")."""
    if not text:
        return None
    text = english_when(text)
    tz = now.tzinfo
    # "el miércoles 9 de diciembre a las 11", "el sábado 5 a las 10": that date, and 11 or 10 is the time
    dated = _named_date(text, now) or _weekday_date(text, now)
    if dated is not None:
        (on, (a, b)) = dated
        hour, minute = _clock(text[:a] + " " + text[b:]) or (11, 0)
        return datetime(on.year, on.month, on.day, hour, minute, tzinfo=tz)
    days = [d for d in _WHEN.finditer(text) if not _RULED_OUT_AFTER.match(text[d.end():])
            and not _RULED_OUT_BEFORE.search(text[:d.start()]) and not _kept_busy(text, d)] \
        or list(_WHEN.finditer(text))
    # Several days: the last one said is the one that stands ("friday's bad too, saturday after 11"); when the message
    # corrects itself, the first said after its last correction that names a day ("monday 6pm. actually no, tuesday,
    # monday is onboarding"; "actually no make it wednesday, he has a dr appt tuesday. sorry!")
    fixes = [f.end() for f in _CORRECTION.finditer(text) if any(d.start() >= f.end() for d in days)]
    after_fix = [d for d in days if fixes and d.start() >= fixes[-1]]
    day_match = after_fix[0] if after_fix else days[-1] if days else None
    in_month = _day_of_month(text, now, hint) if day_match is None else None
    if in_month is not None:  # "hold the top two on the 3rd, morning please"
        hour, minute = _clock(text) or (11, 0)
        return datetime(in_month.year, in_month.month, in_month.day, hour, minute, tzinfo=tz)
    clock = _clock(text[day_match.start():] if len(days) > 1 and day_match else text) or _clock(text)
    if not day_match and not clock:
        return None
    day = now.date()
    if day_match:
        phrase = day_match.group(0)
        phrase = re.sub(rf"\b{_WEEKDAY}\b", lambda d: _FULL_DAY[d.group(1).lower()[:3]], phrase, flags=re.I)
        parsed = dateparser.parse(
            re.sub(r"\b(this|coming)\s+", "", phrase, flags=re.I),
            settings={"PREFER_DATES_FROM": "future", "RELATIVE_BASE": now.replace(tzinfo=None),
                      "RETURN_AS_TIMEZONE_AWARE": False},
        )
        if parsed is None:
            return None
        day = parsed.date()
        if day_match.group(2) and (day_match.group(1) or "this").lower() == "this" and day.weekday() == now.weekday():
            day = now.date()  # "friday 5:30" said on a Friday morning is today (a time already past goes a week on)
        if day_match.group(1) and day_match.group(1).lower() == "next" and day_match.group(2):
            # "next Tuesday" said on a Sunday is the coming Tuesday; dateparser may jump a week: keep it within 7 days.
            while (day - now.date()).days > 7:
                day -= timedelta(days=7)
        if day_match.group(4) and day_match.group(4).lower() == "tonight" and clock is None:
            clock = (18, 0)
    hour, minute = clock or (11, 0)
    if clock and _LATEST.search(text):  # "im free before 4pm": tours that end by then, starting two hours before
        hour = max(hour - 2, BUSINESS_OPEN)
    start = datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz)
    if start <= now:
        start += timedelta(days=7 if day_match and day_match.group(2) else 1)
    return start


def _near_the_tour(when: str | None, before: datetime, now: datetime) -> str | None:
    """A bare weekday that moves a tour ("move it to thursday") is the one nearest the tour's own day, not
    always the first coming one: Wednesday 2 December moved to Thursday is the 3rd, not tomorrow the 26th."""
    text = english_when(when or "")
    days = [d for d in _WHEN.finditer(text) if not _RULED_OUT_AFTER.match(text[d.end():])
            and not _RULED_OUT_BEFORE.search(text[:d.start()])  # "cant do sunday. saturday then": saturday
            and not _kept_busy(text, d)]
    said = days[-1] if days else None
    first = resolve_start(when, now) if said and said.group(2) and not said.group(1) else None
    if first is None:
        return when
    best = min((first + timedelta(days=7 * k) for k in range(4)), key=lambda d: abs((d.date() - before.date()).days))
    clocks = [m.group(0) for m in _CLOCK.finditer(_undated(text))]
    return f"{best:%b} {best.day} " + (" and ".join(clocks) if len(clocks) >= 2 else f"at {best:%H:%M}")


def next_business_slot(now: datetime) -> datetime:
    """The next half-hour within business hours (Mon–Fri 9–18), at least two hours ahead."""
    start = now + timedelta(hours=2)
    start = start.replace(minute=0 if start.minute == 0 else 30 if start.minute <= 30 else 0, second=0,
                          microsecond=0)
    if now.minute > 30 and start.minute == 0:
        start += timedelta(hours=1)
    while start.weekday() >= 5 or not (BUSINESS_OPEN <= start.hour < BUSINESS_CLOSE - 1):
        if start.hour >= BUSINESS_CLOSE - 1 or start.weekday() >= 5:
            start = (start + timedelta(days=1)).replace(hour=BUSINESS_OPEN, minute=0)
        else:
            start = start.replace(hour=BUSINESS_OPEN, minute=0)
    return start


def plan_tours(units: list[dict[str, Any]], *, when: str | None, now: datetime) -> ActionPlan:
    """Staggered tours of the given units (dicts with unit_id, address, kind)."""
    return schedule_tours(units, when=when, now=now)[0]


Taken = Callable[[str, datetime, datetime], bool]


def _each_time(when: str | None, first: datetime) -> list[datetime]:
    """The clock times a message gives, in order, on the first tour's day ("friday, one at 10 one at 11:30")."""
    if not when:
        return []
    text = _DATE_NAMED.sub(" ", english_when(when))  # "wednesday 9 december at 11": 9 is the date, 11 the time
    text = _undated(text)
    times = []
    for m in _CLOCK.finditer(text):
        said = m.group(0) if m.group(1) or m.group(6) or m.group(7) else f"at {m.group(4)}:{m.group(5) or '00'}"
        clock = _clock(said)
        if clock:
            times.append(first.replace(hour=clock[0], minute=clock[1]))
    pair = _TIME_PAIR.search(text)
    if len(times) < 2 and pair:  # "saturday at 2 and 3": two times, the second on the first's side of noon
        meridiem = pair.group(3) or pair.group(6) or ""
        one = _clock(f"{pair.group(1)}:{pair.group(2) or '00'} {meridiem}".strip() if meridiem else
                     f"at {pair.group(1)}:{pair.group(2) or '00'}")
        two = _clock(f"{pair.group(4)}:{pair.group(5) or '00'} {meridiem}".strip() if meridiem else
                     f"at {pair.group(4)}:{pair.group(5) or '00'}")
        if one and two:
            times = [first.replace(hour=one[0], minute=one[1]), first.replace(hour=two[0], minute=two[1])]
    return times if len(times) >= 2 else []


# "saturday at 2 and 3", "cheaper one first, 11 and 12" (a pair ending the message)
_TIME_PAIR = re.compile(r"(?:\bat|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\s*,?|"
                        r"\btomorrow\s*,?|"
                        r"\b(?:morning|afternoon|evening)\s*,?|"
                        r"[,;]\s*(?=\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s*(?:and|&|then)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\W*$))"
                        r"\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:and|&|or|,|then)\s+(\d{1,2})(?::(\d{2}))?\s*"
                        r"(am|pm)?\b(?!\s*(?:min|%|people|units?|sf|br|bed\w*|bath\w*|rooms?|w|e|west|east|st|nd|rd|th|ave)\b)",
                        re.I)


def schedule_tours(units: list[dict[str, Any]], *, when: str | None, now: datetime, taken: Taken | None = None,
                   own: list[tuple[datetime, datetime]] | None = None,
                   hint: str | None = None) -> tuple[ActionPlan, list[str]]:
    """Tours one person can make: in sequence with travel time between buildings, clear of their own holds,
    and never in a slot someone else holds. Returns the plan and a note for every tour not at the asked time.

    Args:
        taken: (unit id, start, end) -> whether another person holds that slot (None: not checked).
        own: the person's own held or confirmed tours (start, end).
    """
    first = resolve_start(when, now, hint) or next_business_slot(now)
    # (start, end, building) of every tour to keep clear of: another building needs travel time, the same one none
    busy: list[tuple[datetime, datetime, str]] = sorted((a, b, "") for a, b in own or [])
    actions: list[TourAction] = []
    notes: list[str] = []
    asked = _each_time(when, first)
    earliest = asked[0] if asked else first  # "saturday, 10 and 11": the first time said, not the default hour
    for i, unit in enumerate(units):
        building = _building(unit)
        if actions and building == _building({"address": actions[-1].address}):
            earliest = min(earliest, actions[-1].end)  # the next unit in the same building: no travel between
        if i < len(asked) and asked[i] > earliest:
            earliest = asked[i]  # "one at 10, one at 11:30": each tour at its own time
        start, why = earliest, ""
        for _ in range(MAX_SHIFTS):
            free_at = _clash(start, busy, building)
            if free_at is not None:
                start, why = free_at, "you have another tour then"
            elif taken is not None and taken(unit["unit_id"], start, start + SLOT):
                start, why = start + SLOT, "someone else holds that slot"
            else:
                break
        if start != earliest and why:
            notes.append(f"{unit['address']}: {earliest:%a %H:%M} is not possible ({why}); proposed {start:%a %H:%M}.")
        elif i < len(asked) and start > asked[i]:  # "at 4 and 4:30" in two buildings: the half hour and the walk
            notes.append(f"{unit['address']}: {asked[i]:%a %H:%M} leaves no time to get there after the tour "
                         f"before ({SLOT.seconds // 60} minutes and {GAP.seconds // 60} to travel); proposed "
                         f"{start:%a %H:%M}.")
        actions.append(TourAction(unit_id=unit["unit_id"], address=unit["address"], start=start, end=start + SLOT,
                                  required_docs=DOCS.get(unit.get("kind", "apartment"), DOCS["apartment"])))
        busy = sorted([*busy, (start, start + SLOT, building)])
        earliest = start + SLOT + GAP
    return _plan(actions), notes


def _clash(start: datetime, busy: list[tuple[datetime, datetime, str]], building: str) -> datetime | None:
    """When a tour starting then would overlap one kept clear of (with travel time unless in the same building):
    the time it could start instead, else None."""
    for a, b, where in busy:
        gap = timedelta(0) if where and where == building else GAP
        if a - gap < start + SLOT and start < b + gap:
            return b + gap
    return None


def _building(unit: dict[str, Any]) -> str:
    """The building a tour is in: its address without the suite ("135 W 36th St"), or the listing's building."""
    return str(unit.get("address") or "").split(", Suite")[0]


def _plan(actions: list[TourAction]) -> ActionPlan:
    if not actions:
        return ActionPlan(actions=[], confirmation_prompt="Which unit would you like to tour?")
    prompt = ("Book tour 1, or propose another time?" if len(actions) == 1
              else f"Hold tours 1–{len(actions)}, pick some of them, or propose another time?")
    return ActionPlan(actions=actions, confirmation_prompt=prompt)


_BARE_HOUR = re.compile(r"\bto (\d{1,2})(?::(\d{2}))?\b(?!\s*(?:min|%|people|units?|sf|br|bed))", re.I)
_ORD = r"(?:#?\d|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)"
_LIST = re.compile(rf"\b{_ORD}\b(?:\s*(?:ones?)?\s*(?:,|and|&)\s*(?:the\s+)?{_ORD}\b)+", re.I)


def _listed_ordinals(text: str, shown: int) -> list[int]:
    """ "book 1 and 3" -> [0, 2]; "the 3rd and 4th ones" -> [2, 3]; [] when the message lists no two results."""
    found = _LIST.search(english_ordinals(text))
    if not found:
        return []
    picks = []
    for token in re.findall(r"#?\d\b|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th", found.group(0), re.I):
        i = int(token.strip("#")) - 1 if token.strip("#").isdigit() else ORDINALS[token.lower()]
        if 0 <= i < shown and i not in picks:
            picks.append(i)
    return picks if len(picks) >= 2 else []


_AMENITY_ASK = (("doorman", r"\bdoorman|\bportero|\bبواب"), ("elevator", r"\belevator|\blift|\bascensor|\bمصعد"),
                ("gym", r"\bgym|\bgimnasio"), ("washer", r"\bwasher|\blaundry|\blavadora|\bغسالة"),
                ("dishwasher", r"\bdishwasher|\blavavajillas"), ("patio", r"\bpatio|\bterraza"))


# a question asked beside the booking: "book it sunday 3pm. is it no fee?", "can u ask if the dog is ok"
_ASIDE = re.compile(r"\b(?:is|are|does|do|has|have)\s+(?:it|that|this|they|those|both|the building)\b[^.?!]{0,40}\?|"
                    r"¿[^?]{3,60}\?|\bcan (?:you|u) (?:ask|check)\b[^.?!]{0,60}|هل [^؟?]{3,60}[؟?]", re.I)
_ASIDE_FACTS = (("no fee", r"\bno[- ]?fee|\bbroker(?:'s)? fee|\bfee\b|\bcomisi[oó]n|\bsin comisi[oó]n"),
                *_AMENITY_ASK, ("washer", r"\bw/d\b"), ("roof", r"\broof"))


_PETS = re.compile(r"\bpets?\b|\bdogs?\b|\bcats?\b|\bmascota|\bperro|\bgato|حيوان|قطة|قطط|كلب", re.I)


def _answered_aside(part: str) -> bool:
    """A yes/no aside `aside_answer` answers with the plan (pets, no fee, an amenity): not to be answered twice."""
    return bool(_ASIDE.search(part)) and bool(_PETS.search(part) or any(re.search(said, part, re.I)
                                                                         for _, said in _ASIDE_FACTS))


def unheld_asides(text: str, units: list[dict[str, Any]]) -> str | None:
    """A line for the questions asked beside a booking that no listing answers ("does the landlord accept
    guarantors, and how much must I earn? And can Maya see it Saturday"): said, not skipped."""
    asked = " ".join(re.findall(r"[^.?!]*\?", text))
    topics = [what.split(":")[0] for pattern, what in NOT_HELD if pattern.search(asked)]  # the subject, not advice
    if not topics or not units:
        return None
    ids = ", ".join(u["unit_id"] for u in units)
    return (f"The listings hold no {'; nor '.join(topics)} for {ids}: ask the landlord or broker at or before the "
            "viewing (the tour is kept so you can).")


def aside_answer(text: str, units: list[dict[str, Any]], inventory: Inventory) -> str | None:
    """The answer to a yes/no question about the toured units asked beside the booking: what the listing says
    (no fee, doorman, ...), or, for pets, that the listing does not say and to ask at the viewing."""
    lines = []
    if units and re.search(r"\bmonthly\b|\bannual\b|\ba year\b|\bper year\b|\byearly\b", text, re.I) \
            and not UNITS_COMPARED.search(text):  # "monthly + annual on the 14th floor one, and book a tour ..."
        for unit in units:
            row = inventory.row(unit["unit_id"])
            if row is not None and row.get("rent"):
                lines.append(f"{unit['address']} ({unit['unit_id']}): ${row['rent']:,.0f} a month, "
                             f"${row['rent'] * 12:,.0f} a year.")
    asked = _ASIDE.search(text)
    if asked is None or not units:
        return " ".join(lines) or None
    part = asked.group(0)
    for unit in units:
        row = inventory.row(unit["unit_id"])
        if row is None:
            continue
        shown = preview(row)
        if _PETS.search(part):
            known = shown.get("pet_friendly")
            if known is None and re.search(r"[\u0600-\u06ff]", part):  # asked in Arabic: said in Arabic
                lines.append(f"{unit['unit_id']}: الإعلان لا يذكر إن كانت الحيوانات الأليفة مسموحة: اسأل في المعاينة، "
                             "ولا شيء مؤكد حتى يوافق المالك.")
                continue
            lines.append(f"{unit['unit_id']}: " + ("the listing says pets are allowed." if known else
                                                   "the listing does not say pets are allowed." if known is False else
                                                   "the listing does not say whether pets are allowed: ask at the "
                                                   "viewing, and nothing is confirmed until the landlord says so."))
            continue
        for label, said in _ASIDE_FACTS:
            if re.search(said, part, re.I):
                has = any(a.startswith(label) for a in shown.get("amenities") or [])
                wording = {"no fee": ("is listed as no-fee", "is not listed as no-fee (a broker fee may apply)")}.get(
                    label, (f"lists a {label}", f"does not list a {label}"))
                lines.append(f"{unit['unit_id']} {wording[0] if has else wording[1]}.")
                break
    return " ".join(lines) or None


_INSTEAD = re.compile(r"\binstead\b|\ben (?:su )?lugar\b|\bmejor\b|\bswap\w*\b|"
                      r"\b(?:switch|change) (?:the |my )?(?:tour|visit|viewing|it|that) to\b|"
                      r"\bcambi\w* (?:la visita )?a\b", re.I)
_SAME_TIME = re.compile(r"\bsame (?:time|slot|day and time)\b|\bmisma hora\b|\bthen\b", re.I)


def _swapped(text: str, actions: list[dict[str, Any]], shown: list[dict[str, Any]]
             ) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(the one tour proposed, the unit to see in its slot) for "cancel that, I'll see the 2500 one instead same
    time"; None unless one tour is proposed, another shown unit is named, and the message swaps them."""
    if len(actions) != 1 or not (_INSTEAD.search(text) and _SAME_TIME.search(text)):
        return None
    unit = unit_named(text, shown) or (best(text, shown) if measure(text) else None)  # "put the biggest one instead"
    if unit is None or unit["id"] == actions[0]["unit_id"]:
        return None
    return actions[0], unit


_PEOPLE = re.compile(r"\b(\d{1,4})\s*(?:people|persons|personas|employees|empleados|staff|heads|seats)\b", re.I)


def _space_per_person(text: str, units: list[dict[str, Any]], inventory: Inventory) -> str | None:
    """Square feet per person of the one unit toured, against the usual office rule of thumb, when the message
    asks whether a number of people fits."""
    people = _PEOPLE.search(text)
    if not people or len(units) != 1:
        return None
    row = inventory.row(units[0]["unit_id"]) or {}
    sqft = row.get("sqft")
    if not sqft or sqft != sqft:
        return None
    n = int(people.group(1))
    each = sqft / n
    low, high = SF_PER_PERSON
    verdict = ("it fits comfortably" if each >= high else "it fits" if each >= low else
               f"it is tight (under {low} SF a person)")
    return (f"For {n} people, {units[0]['address']} ({sqft:,.0f} SF) gives about {each:,.0f} SF a person; offices "
            f"usually plan {low}-{high} SF a person (open plan to private offices), so {verdict}.")


def _has_amenity(match: dict[str, Any], key: str) -> bool:
    """Whether a shown unit lists that amenity (a dishwasher is not a washer: labels are matched from their start)."""
    return any(a.startswith(key) for a in match["row_preview"].get("amenities", []))


def _with_amenity(text: str, shown: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first shown unit that has the amenity a booking names ("the one with the doorman"), else None."""
    if not re.search(r"\b(?:the one|one|el que|la que|التي|اللي)\b.{0,20}\b(?:with|has|having|tiene|con|فيها)\b|"
                     r"\bwith the\b", text, re.I):
        return None
    for key, said in _AMENITY_ASK:
        if re.search(said, text, re.I):
            return next((m for m in shown if _has_amenity(m, key)), None)
    return None


_JUST_ONE = re.compile(r"\b(?:hold|book|see|tour|keep|do|make it|just|only)\s+(?:just\s+)?one\b|"
                       r"\bjust (?:the )?(?:first|top) one\b|\bonly (?:the )?(?:first|top)\b", re.I)
# "it and the second one": the unit the conversation singled out, and another by its place
_IT_AND = re.compile(rf"\b(?:it|this one|that one|this|that)\s+(?:and|&|plus)\s+(?:also\s+)?(?:the\s+)?({_ORD}|last)\b",
                     re.I)
# "the cheaper one", "the bigger one": one of the results by a comparison
_BY_KIND_OF_ONE = re.compile(r"\bthe (?:cheaper|cheapest|bigger|biggest|closer|closest|larger|largest) (?:one|unit|"
                             r"apartment|place|suite|listing)?\b", re.I)
_ONE_AT = re.compile(r"\bthe\s+[\w\s.]{1,30}?\bone\b(?!s)", re.I)  # "the 124 W 36th one": a single unit there


def _street_of(match: dict[str, Any]) -> str:
    return str(match["row_preview"]["address"]).split(",")[0].strip().lower()


# "both", "the top two", "all three": more than one of the results just shown.
_SEVERAL = re.compile(r"\bboth\b(?! of us)|\b(?:the |these |those |first |top )(?:two|2|three|3)\b(?! of us)|"
                      r"\ball three\b(?! of us)|"
                      r"\b(?:two|2|three|3) (?:cheapest|biggest|largest|closest|nearest)\b|"
                      r"(?<!\ba )\b(?:los|las) (?:dos|tres)\b(?! de la)|\bamb[oa]s\b|كلاهما|الاثنين|"
                      # "visita a las dos el sábado, 10 y 10 y media": "the two", when the times are said apart
                      r"\ba (?:los|las) (?:dos|tres)\b(?=.*\b\d{1,2}(?::\d{2})?\s*(?:y|,|and)\s*\d{1,2}\b)", re.I)


def _ranked_by_ask(text: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown units in the order the message asks for ("the two cheapest per SF", "the 2 biggest"), else as shown;
    a comparison picks among the full matches when two or more were shown (the near-misses are extras); with no
    full match, among the best-scored (those that miss only what no listing states, such as a pet policy)."""
    scored = [m for m in shown if m.get("score") is not None] or shown  # not a unit talked of below the list
    having = narrowed(text, scored)  # "the cheapest with two baths": those with two baths first
    scored = having if 0 < len(having) < len(scored) else scored
    full = [m for m in scored if not m["row_preview"].get("misses") and (m.get("score") or 100) >= 100]
    if not full:
        top = max((m.get("score") or 0 for m in scored), default=0)
        full = [m for m in scored if (m.get("score") or 0) == top]
    return ranked(text, full if len(full) >= 2 else shown) or shown



# "the cheaper of those 2", "the bigger one of the two": between the two units the last answer named
_OF_THE_TWO = re.compile(r"\bthe (cheaper|cheapest|bigger|biggest|larger|largest|closer|closest) (?:one )?of "
                         r"(?:those|these|the|them)(?: (?:2|two))?\b|\bthe (cheaper|bigger|larger|closer)(?: one)?\b"
                         r"(?! than)", re.I)
# "also add the 124 W 36th one right after", "add the second one too": one more tour beside those proposed
_MOVE = re.compile(r"\b(?:move|push|shift|change|reschedule|make)\b|\bdo(?= \w+ (?:at|to|for)\b)|\bc[aá]mbia\w*|"
                   r"\bmueve\w*", re.I)
_THERE_AND = re.compile(r"\b(?:there|it|that one|this one)\b.{0,40}\band\b", re.I)
ADD_TOUR = re.compile(r"\b(?:also add|add|and also|also (?:see|tour|book|do|put|fit|squeeze|schedule)|plus|"
                      r"put (?:the|that)\b[^.;!?]{0,40}?\b(?:right )?after)\b", re.I)
# "that one and the cheapest one", "it and the 4500 one right after", "that one tuesday 10am, and the 1202 one right
# after": the unit in focus and another
_THIS_AND = re.compile(r"\b(?:it|this one|that one|this|that)\b[^.;!?]{0,30}?\s(?:and|&|plus)\s+(?:also\s+)?"
                       r"(the\s+[^,.;!?]{1,30}?"
                       r"(?:one|unit|place|apartment|suite|listing)\b)", re.I)


def _other_named(words: str, shown: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The shown unit a phrase names: by rent, suite or place ("the 4500 one"), by rank ("the second one") or by a
    comparison ("the cheapest one")."""
    named = unit_named(words, shown)
    if named is not None:
        return named
    if ORDINAL.search(english_ordinals(words)):
        index = ordinal_reference(words)
        return shown[index] if index < len(shown) else None
    if _BY_KIND_OF_ONE.search(words):
        order = _ranked_by_ask(words, shown)
        return order[0] if order else None
    return None


_ALSO = re.compile(r"\b(?:and|also|plus|y|tambi[eé]n|adem[aá]s)\b", re.I)


def describe_plan(plan: ActionPlan, lang: str | None = None) -> str:
    """The chat text for a plan (in Spanish or Arabic, a line in that language first; the slots stay as data)."""
    if not plan.actions:
        return plan.confirmation_prompt
    lines = ["**Proposed tours** (30 minutes each, times in New York):", ""]
    if lang == "es":  # the whole block in Spanish (the slots by template)
        lines = [phrase("tours_proposed", lang), ""]
    elif lang == "ar":
        lines = [phrase("tours_proposed", lang), "", *lines]
    for n, action in enumerate(plan.actions, start=1):
        lines.append(f"- [{n}] {action.address} ({action.unit_id}) — {action.start:%a %b %d, %H:%M}–"
                     f"{action.end:%H:%M}")
        if action.note:
            lines.append(f"  - Note for the landlord (sent with the viewing request): {action.note}")
    lines += ["", f"Bring: {', '.join(plan.actions[0].required_docs)}.", "", plan.confirmation_prompt]
    return localized_notes("\n".join(lines), lang)


def invitation(plan: ActionPlan, model: Any) -> str | None:
    """One friendly sentence from the model about the slots; None when it fails or touches a time or number."""
    return invitation_traced(plan, model)[0]


def invitation_traced(plan: ActionPlan, model: Any) -> tuple[str | None, str]:
    """(the model's sentence or None, why it was not used)."""
    slots = "\n".join(f"{a.address}: {a.start:%a %H:%M}" for a in plan.actions)
    try:
        reply = model.invoke(TOUR_PROMPT.format(slots=slots))
        text = str(getattr(reply, "content", reply)).strip()
    except Exception as exc:  # the plan stands without the model's wording
        log.warning("tour wording failed: %s", type(exc).__name__)
        return None, f"model call failed: {type(exc).__name__}"
    if not text or len(text) > 300 or re.search(r"\d", text):
        return None, "empty, too long or states a time or number"  # times and numbers come from the plan only
    if re.search(r"[{}<>\[\]]|https?:", text):
        return None, "not a plain sentence"
    return text, "ok"


def _own_slots(holds: HoldStore | None, thread_id: str) -> list[tuple[datetime, datetime]]:
    if holds is None:
        return []
    return [(h.start, h.end) for h in holds.list_by_thread(thread_id) if h.status in ("held", "confirmed")]


TOUR_STATUS = re.compile(r"\bwhat (?:do i have|have i got|did i|is|'s|are)\s+(?:\w+\s+)?(?:booked|scheduled|held|"
                         r"on hold|lined up)\b|\bwhat (?:tours|viewings|bookings|holds) (?:do i have|have i got)\b|"
                         r"\b(?:show|list) (?:me )?my (?:tours|viewings|bookings|holds)\b|"
                         r"\bqu[eé] (?:tengo|hay) (?:reservad|agendad|programad)\w*|"
                         r"\b(?:do i have|have i got|is there|are there|did i (?:book|get))\b.{0,20}"
                         r"\b(?:tours?|viewings?|showings?)\b|\b(?:tours?|viewings?|showings?)\b.{0,15}\b(?:pending|booked|scheduled)\b.{0,20}"
                         r"(?:\?|right|what)|\bwhat(?:'s| is) the time of (?:my|the) (?:tour|viewing)\b", re.I)
_WHICH_ONE = re.compile(r"(?: about)?\s+(?:the\s+)?"
                        r"(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th|#[1-5]|one at \d{1,2}(?::\d{2})?|"
                        r"[1-5])\b(?!\s*(?:bath|bed|br\b|room|floor|requirement|filter|option|amenit|must))", re.I)


_FOCUS_AND_ID = re.compile(r"\b(?:that one|this one|it|that|this|ese|esa)\s+(?:and|&|plus|y)\s+(?:also\s+)?"
                           r"(?:SE|U)-\d+", re.I)
_THOSE = re.compile(r"\b(?:those|these|both|them|the two|the 2)\b", re.I)
# "the 6:45 one", "the 12 o'clock one", "the 4:30" (a clock time said alone names the tour at it)
_AT_ONE = re.compile(r"^\s*(?:the\s+)?(\d{1,2})(?::(\d{2}))?\s*(?:am|pm|o'?\s?clock)?(?:\s+(?:one|tour|viewing|slot)\b|"
                     r"(?<=:\d\d)(?=\s*(?:$|[,.;!?]))|(?<=[ap]m)(?=\s*(?:$|[,.;!?])))", re.I)
_CANCEL_VERB = re.compile(r"\b(?:cancel|drop|skip|remove|scrap|scratch|forget|delete|nix|ditch|lose)\b", re.I)


def dropped_tour(text: str, actions: list[dict[str, Any]], inventory: Inventory | None = None,
                 focus: str | None = None) -> int | None:
    """The index of the proposed tour a message cancels ("cancel the second one", "drop #2", "scratch water st,
    keep pearl", "cancel the other one"), or None."""
    if CANCEL_LATER_Q.search(text):  # "yes confirm. if they don't take cats can i cancel it later?": no cancel now
        return None
    said = _CANCEL_VERB.search(text)
    if said and len(actions) == 2 and _OTHER.search(text[said.end():]):
        # "move the dishwasher one to sunday 2pm and cancel the other one": the other is the one not moved
        moved = _tour_meant(text[:said.start()], actions, _MOVE, inventory, focus)
        if moved is not None:
            return 1 - moved
    return _tour_meant(text, actions, _CANCEL_VERB, inventory, focus)


# a question about cancelling later, not a cancellation: "can i cancel it later?", "if it falls through can we drop it"
CANCEL_LATER_Q = re.compile(r"\b(?:can|could|may|will) (?:i|we) (?:still |always )?(?:cancel|drop|move|change|"
                            r"reschedule)\b[^.!]{0,40}(?:\blater\b|\bafter\w*\b|\bif\b|\?)|"
                            r"\bif\b[^.?!]{0,60}\b(?:can|could) (?:i|we) (?:still )?cancel\b|"
                            r"\b(?:puedo|podemos|podr[ií]a) cancelar\w*\b[^.!]{0,30}(?:despu[eé]s|luego|\?)", re.I)


def moved_tour(text: str, actions: list[dict[str, Any]], inventory: Inventory | None = None,
               focus: str | None = None) -> int | None:
    """The index of the one proposed tour (of several) a message moves ("move the second one to 2pm", "push the
    1202 to friday", "push the cheaper one to 5pm"), or None."""
    return _tour_meant(text, actions, _MOVE, inventory, focus) if len(actions) > 1 else None


_OTHER = re.compile(r"^\W*(?:the|el|la|lo)\s+otr[oa]s?\b|^\W*the other\b", re.I)
_VERB_OBJECT_END = re.compile(r"\s+(?:and|y|then|but)\s+|[,;.]|\s+(?:to|for|at|a las?|para)\s", re.I)


def tour_units(actions: list[dict[str, Any]], inventory: Inventory) -> list[dict[str, Any]]:
    """The units of the proposed tours, as shown units (for reading "the cheaper one" among them)."""
    units = []
    for a in actions:
        row = inventory.row(a["unit_id"])
        units.append({"id": a["unit_id"], "score": 100, "row_preview": preview(row) if row else {}})
    return units


def _by_what_it_is(after: str, actions: list[dict[str, Any]], inventory: Inventory,
                   focus: str | None) -> int | None:
    """The tour whose unit the verb's object describes: "the other one" (not the one just talked of), "the cheaper
    one", "the gym one", "the 21st floor one"."""
    part = _VERB_OBJECT_END.split(after, maxsplit=1)[0]
    ids = [a["unit_id"] for a in actions]
    if _OTHER.search(part):
        others = [i for i, unit_id in enumerate(ids) if unit_id != focus]
        return others[0] if focus in ids and len(others) == 1 else None
    pool = tour_units(actions, inventory)
    if not re.search(r"\b(?:one|unit|place|apartment|apt|tour|viewing|suite|listing|uno|una)\b", part, re.I):
        # "do dumbo at 9:30": the one tour in the place named; "drop the gym": a must-have dropped, no tour
        hoods = [str(u["row_preview"].get("neighborhood") or "").lower() for u in pool]
        # "push LIC to 1pm": a place by its nickname too
        nicknamed = {full for nick, full in LOCATION_ALIASES.items()
                     if re.search(rf"\b{re.escape(nick)}\b", part.lower())}
        hits = [i for i, h in enumerate(hoods) if h and (re.search(rf"\b{re.escape(h)}\b", part.lower())
                                                        or h in nicknamed)]
        return hits[0] if len(hits) == 1 and hoods.count(hoods[hits[0]]) == 1 else None
    unit = unit_in(part, pool, None, shown=len(pool))
    return ids.index(unit["id"]) if unit is not None else None


def _tour_meant(text: str, actions: list[dict[str, Any]], verb_words: re.Pattern[str],
                inventory: Inventory | None = None, focus: str | None = None) -> int | None:
    """The index of the proposed tour the verb's object names: by its time ("the 6:45 one"), its unit or suite, its
    street, its place in the plan ("the second one") or what its unit is ("the cheaper one", "the other one")."""
    said = verb_words.search(text)
    at = _AT_ONE.search(text[said.end():]) if said is not None else None
    if at is not None:  # "cancel the 6:45 one": the tour at that time
        hour, minute = int(at.group(1)), int(at.group(2) or 0)
        gaps = []
        for i, a in enumerate(actions):
            start = datetime.fromisoformat(a["start"])
            if start.hour % 12 == hour % 12 and start.minute == minute:
                return i
            apart = abs((start.hour % 12) * 60 + start.minute - ((hour % 12) * 60 + minute)) % 720
            gaps.append((min(apart, 720 - apart), i))  # on a 12-hour dial: 11:45 is 15 minutes from "12"
        near = sorted(g for g in gaps if g[0] <= 30)
        if near and (len(near) == 1 or near[0][0] < near[1][0]):
            return near[0][1]  # "cancel the 4:30" when it was put at 4:45 to leave time between buildings
    if said is not None:  # "cancel the 1202", "drop U-38": the tour of that suite or unit
        after = text[said.end():].lower()
        for i, a in enumerate(actions):
            suite = re.search(r"\bsuite\s+(\w+)", a.get("address") or "", re.I)
            if re.search(rf"\b{re.escape(str(a['unit_id']).lower())}\b", after) or (
                    suite and re.search(rf"(?<![\d$,.]){re.escape(suite.group(1).lower())}\b(?!\s*(?:sf|sq|k\b))",
                                        after)):
                return i
    if said is not None and len(actions) == 1 and re.match(
            r"\s+(?:the\s+)?(?:first|1st|only|one|tour|viewing)\b|"
            r"\s+(?:it|that|that one|this one)\b(?!\s+\w+\s+(?:to|at|for)\b)",
            text[said.end():], re.I):
        return 0  # "scratch the first one" with one tour proposed: that one
    if said is None or len(actions) < 2:
        return None
    tours = [{"row_preview": {"address": a.get("address") or ""}} for a in actions]
    named = shown_by_address(text[said.end():].split(",")[0], tours)  # by address: the street after the verb
    if len(named) == 1:
        return tours.index(named[0])
    match = next((m for v in verb_words.finditer(text) if (m := _WHICH_ONE.match(text[v.end():]))), None)
    if match is None:
        return _by_what_it_is(text[said.end():], actions, inventory, focus) if inventory is not None else None
    word = match.group(1).lower()
    if word == "last":
        return len(actions) - 1
    if word.startswith("one at"):
        hour = int(re.search(r"\d{1,2}", word).group(0))  # type: ignore[union-attr]
        return next((i for i, a in enumerate(actions) if datetime.fromisoformat(a["start"]).hour % 12 == hour % 12),
                    None)
    index = ORDINALS.get(word, int(word.lstrip("#")) - 1 if word.lstrip("#").isdigit() else 0)
    return index if index < len(actions) else None


# Typed answers to the tours just proposed: hold them ("ok confirm both", "book tour 1", "yes hold it") or drop the
# lot ("cancel it", "mejor cancélala", "scrap both"). A day or a time in the message makes it a move instead.
HOLD_TEXT = re.compile(r"\b(?:confirm\w*|book|hold|reserve|lock (?:it|them|those) in|go ahead|do it|"
                       r"confirma\w*|res[eé]rva\w*|ag[eé]nda\w*|أكد|احجز)\b", re.I)
CANCEL_ALL = re.compile(r"\b(?:forget|drop)\s+(?:about\s+)?(?:the|my|both|all|those)\s+(?:tours?|viewings?|showings?|"
                        r"visits?|bookings?)\b|"
                        r"\b(?:cancel|scrap|call off)\b(?:\s+(?:it|them|that|those|both|all|everything|"
                        r"the (?:tours?|viewings?|showings?|visits?|holds?|bookings?)))?\b"
                        r"(?!\s+(?:the )?(?:first|second|third|last|\d|#))|\bcanc[eé]l\w*(?:la|lo|las|los)\b|"
                        r"\bcanc[eé]la\w*|\bno longer need (?:it|them|the tours?)\b|الغ", re.I)
_ALL_OF_THEM = re.compile(r"\b(?:both|all|them|those|these|everything|the tours|all of them|ambas|ambos|todas|todos)\b",
                          re.I)


def held_by_text(text: str, actions: list[dict[str, Any]]) -> list[int] | None:
    """Which of the proposed tours a typed message asks to hold (indices), or None when it does not ask that
    (or names a new day or time: then the tours move, they are not held as proposed)."""
    text = ROUTINE_TIME.sub(" ", text)  # "yes confirm. i sleep like 9am-5pm": the person's day, no new tour time
    verbs = list(HOLD_TEXT.finditer(text))
    if not actions or not verbs or _WHEN.search(english_when(text)) or _clock(english_when(text)) \
            or re.search(r"\bhold (?:on|up|off)\b", text, re.I):
        return None
    # "ok confirm", "yes book them": the message (or its sentence with the verb) is the verb; "yes confirm pls. can i
    # cancel it later?" confirms, and asks something else beside it
    said = [c for c in re.split(r"[.!?;]+\s*|\s+(?:and|but|y|pero)\s+", text) if HOLD_TEXT.search(c)]
    bare_clause = next((c for c in said if len(re.findall(r"\w+", c)) <= 3), None)
    bare = bare_clause is not None
    # the tours are the verb's object ("book them", "confirm tour 2"); "can you confirm the rent?" is no booking
    if not bare and not any(re.match(
            r"\W+(?:\w+\W+){0,2}?(?:it|them|both|all|those|these|tours?|viewings?|showings?|visits?|first|second|"
            r"third|last|#?\d\b|ones?|ambas|ambos|todas|todos|la|las)\b", text[verb.end():], re.I) for verb in verbs):
        return None
    listed = _listed_ordinals(text, len(actions))
    if listed:
        return listed
    numbered = [int(n) - 1 for n in re.findall(r"\b(?:tour|tours|#|number)\s*(\d)\b", text, re.I)]
    if numbered and all(0 <= i < len(actions) for i in numbered):
        return list(dict.fromkeys(numbered))
    if ORDINAL.search(english_ordinals(text)):
        index = ordinal_reference(text)
        return [index] if index < len(actions) else None
    if _ALL_OF_THEM.search(text) or len(actions) == 1 or (bare and not re.search(r"\bit\b", bare_clause or "", re.I)):
        return list(range(len(actions)))
    return None


def _move_one(text: str, actions: list[dict[str, Any]], index: int, now: datetime, holds: HoldStore | None,
              thread: str, inventory: Inventory) -> tuple[ActionPlan, str] | None:
    """The plan with one tour moved to the day or time said after the verb (its own day when only a time is said),
    clear of the tours that stay; None when no new time is said."""
    tour = actions[index]
    verb = _MOVE.search(text)
    said = english_when(text[verb.end():] if verb else text)
    before = datetime.fromisoformat(tour["start"])
    clock = _clock(said)
    day = _WHEN.search(said)
    # a tour moved "to sunday" on a Sunday goes to the next one (a new booking for "friday 5:30" on a Friday is today)
    base = now.replace(hour=23, minute=59) if day and day.group(2) and day.group(2).lower()[:3] == \
        now.strftime("%a").lower() else now
    if day and SAME_TIME.search(said) and not clock:
        # "push the 12 o'clock one to sunday same time": that day, at its own time
        when = f"{said} at {before:%H:%M}"
    elif day:
        when = said
    elif clock:
        hour, minute = clock
        when, base = f"{before:%A} at {hour}:{minute:02d}", before.replace(hour=0, minute=0) - timedelta(minutes=1)
    else:
        return None
    staying = [a for i, a in enumerate(actions) if i != index]
    own = _own_slots(holds, thread) + [(datetime.fromisoformat(a["start"]), datetime.fromisoformat(a["end"]))
                                       for a in staying]
    unit = {"unit_id": tour["unit_id"], "address": tour["address"],
            "kind": (inventory.row(tour["unit_id"]) or {}).get("kind", "apartment")}
    one, notes = schedule_tours([unit], when=when, now=base, taken=holds.is_taken if holds is not None else None,
                                own=[slot for slot in own if slot[0] != before])
    if not one.actions:
        return None
    plan = _plan(sorted([*(TourAction.model_validate(a) for a in staying), *one.actions], key=lambda a: a.start))
    start = one.actions[0].start
    return plan, " ".join([f"Moved {tour['address']} to {start:%a %b %d %H:%M}; the other tours stay as they were.",
                           *notes])


_AT_PARTS = re.compile(r"\s*(?:[,;&]|\band\b|\by\b)\s*", re.I)
_LEAD = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|then|and|pls|please|put|make|do|book|have)\b\s*)*(?!the\b)", re.I)


def each_at(text: str, actions: list[dict[str, Any]], inventory: Inventory) -> list[tuple[int, tuple[int, int]]]:
    """ "the cheaper one at 11 and the other at 12": each part's proposed tour and the time it names; [] unless two or
    more parts each give a time to a different tour ("the other" is the one no other part named)."""
    if len(actions) < 2:
        return []
    parts = [p for p in _AT_PARTS.split(text) if p.strip() and _clock(english_when(p))]
    if len(parts) < 2:
        return []
    found: list[tuple[int, tuple[int, int]]] = []
    other: tuple[int, int] | None = None
    for part in parts:
        clock = _clock(english_when(part))
        assert clock is not None
        if re.search(r"\bthe other\b|\b(?:el|la) otr[oa]\b", part, re.I):
            other = clock
            continue
        said = _LEAD.sub("the ", part, count=1)
        index = _tour_meant(f"make {said}", actions, re.compile(r"\bmake\b"), inventory)
        if index is None:
            return []
        found.append((index, clock))
    if other is not None:
        rest = [i for i in range(len(actions)) if i not in {i for i, _ in found}]
        if len(rest) != 1:
            return []
        found.append((rest[0], other))
    return found if len(found) >= 2 and len({i for i, _ in found}) == len(found) else []


def _retime(retimed: list[tuple[int, tuple[int, int]]], actions: list[dict[str, Any]], holds: HoldStore | None,
            thread: str, inventory: Inventory) -> tuple[ActionPlan, str]:
    """The plan with each named tour at its new time on its own day (before 8 means the afternoon), clear of the
    tours that stay and of each other; what was set, and any tour that had to move, said."""
    moving = {i for i, _ in retimed}
    placed = [TourAction.model_validate(a) for i, a in enumerate(actions) if i not in moving]
    old_starts = {datetime.fromisoformat(actions[i]["start"]) for i in moving}
    said, notes = [], []
    for index, (hour, minute) in retimed:
        tour = actions[index]
        day = datetime.fromisoformat(tour["start"])
        hour += 12 if hour < 8 else 0
        own = [slot for slot in _own_slots(holds, thread) if slot[0] not in old_starts] + [
            (a.start, a.end) for a in placed]
        unit = {"unit_id": tour["unit_id"], "address": tour["address"],
                "kind": (inventory.row(tour["unit_id"]) or {}).get("kind", "apartment")}
        one, moved = schedule_tours([unit], when=f"{day:%A} at {hour}:{minute:02d}",
                                    now=day.replace(hour=0, minute=0) - timedelta(minutes=1),
                                    taken=holds.is_taken if holds is not None else None, own=own)
        placed += one.actions
        notes += moved
        said += [f"{tour['address']} ({tour['unit_id']}) at {a.start:%a %b %d %H:%M}" for a in one.actions]
    plan = _plan(sorted(placed, key=lambda a: a.start))
    return plan, " ".join([f"Set: {'; '.join(said)}.", *notes])


_IN_ITS_SLOT = re.compile(r"\b(?:in|into|to|take)\s+(?:its|that|the same|her|his|the)\s+(?:slot|place|spot|time)\b|"
                          r"\bsame (?:time|slot)\b|\ben su (?:lugar|hora|horario)\b|\ba (?:esa|la misma) hora\b", re.I)


def _stand_in(text: str, state: AgentState, inventory: Inventory, touring: set[str]) -> dict[str, Any] | None:
    """The unit a message puts in a cancelled tour's slot ("put the 21st floor one in its slot"): one of the units
    shown, named after the cancelling words, not one already toured."""
    said = _CANCEL_VERB.search(text)
    if said is None or not _IN_ITS_SLOT.search(text[said.end():]):
        return None
    pool = [m for m in [*(state.get("matches") or []), *(state.get("earlier") or [])] if m["id"] not in touring]
    rest = _VERB_OBJECT_END.split(text[said.end():], maxsplit=1)
    unit = unit_in(rest[1], pool, None, inventory, shown=len(state.get("matches") or [])) if len(rest) > 1 else None
    row = inventory.row(unit["id"]) if unit is not None else None
    return unit_for_tour(row) if row is not None else None


_DISMISS = re.compile(r"\b(?:forget|scratch|never ?mind|nvm|skip|nah|no to|olv[ií]da(?:te de)?|mejor no)\s+"
                      r"(?:about\s+)?(?:the\s+|lo de\s+)?([a-z][\w ]{2,30}?)"
                      r"(?=\s*(?:[.,;!]|$|\b(?:then|and|y)\b))", re.I)


# "go back to the first one", "back to the earlier ones", "volvamos al primero": a unit of the list before this one
GONE_BACK = re.compile(r"\b(?:go(?:ing)? back|back) to (?:the )?(?:first|original|earlier|previous|other|old)\b|"
                       r"\bvolv(?:amos|er|emos) (?:al|a la|a los|a las) (?:primer[oa]?s?|anterior(?:es)?)\b", re.I)


def dismissed(text: str, shown: list[dict[str, Any]]) -> bool:
    """The message sets aside the list shown now by its place ("nah forget greenpoint", "scratch those"): the
    units it then names are of the list before it."""
    said = _DISMISS.search(text)
    if said is None:
        return False
    words = said.group(1).lower().strip()
    places = {str(m["row_preview"].get("neighborhood") or "").lower() for m in shown}
    return words in ("those", "these", "them", "that search", "those ones") or any(
        p and (p in words or words in p) for p in places)


_COMPARED_WITH = re.compile(r"\b(?:compare[ds]?|vs\.?|versus|against)\s+(?:it|that|this|that one|this one)?\s*"
                            r"(?:to|with|and)?\s*(.{3,40}?)(?=\s+-|[,.;?]|\s+and\b|$)", re.I)


def compared_with(text: str, pool: list[dict[str, Any]], inventory: Inventory) -> dict[str, Any] | None:
    """The unit a message sets the one in focus against ("compare it to the 16th floor one"), or None."""
    said = _COMPARED_WITH.search(text)
    return unit_in(said.group(1), pool, None, inventory) if said else None


# a bare number followed by a day, a time, "and" or the end: "book 3558 fri 8am" (not "315 fifth", an address)
_BARE_NUMBER = re.compile(r"(?<![\d$.,:#-])\b(\d{3,5})\b(?=\s*(?:$|[,.;!?]|&|and\b|(?:right )?after\b|then\b|too\b|"
                          r"as well\b|(?:on |for |at )?(?:mon|tue|wed|thu|"
                          r"fri|sat|sun|today|tonight|tomorrow|tmrw|this|next)\w*|\d{1,2}(?::\d{2})?\s*(?:am|pm)\b))",
                          re.I)


def bare_ids(text: str, shown: list[dict[str, Any]], inventory: Inventory) -> list[str]:
    """Unit ids said without their prefix ("book 3558 fri 8am" for SE-3558): a number that is the id of a listed
    apartment and no rent, size or suite of a unit shown; only in a booking."""
    if not HOLD_TEXT.search(text):
        return []
    figures = shown_figures(shown)
    suites = {str(m["row_preview"].get("suite") or "") for m in shown}
    # "el de chelsea de 2800", "the one for 2800": a price said, not an id
    priced = set(re.findall(r"(?:\$|\b(?:de|for|at|por|a)\s+\$?)(\d{3,5})\b", text, re.I))
    return [f"SE-{n}" for n in _BARE_NUMBER.findall(text) if n not in figures and n not in suites
            and n not in priced and inventory.row(f"SE-{n}") is not None]


_CORRECTION = re.compile(r"\b(?:wait|actually|no wait|sorry|i mean|scratch that|make (?:it|that)|mejor|perd[oó]n)\b",
                         re.I)


def _last_correction(text: str) -> re.Match[str] | None:
    """Where the message last corrects itself ("wait", "actually", "make it"), or None."""
    return next(reversed(list(_CORRECTION.finditer(text))), None)


def corrected(text: str) -> str:
    """A message with its earlier clock times dropped when it corrects itself ("sunday 2pm. wait make it 4"):
    the time said after the correction stands."""
    fix = _last_correction(text)
    if fix is None or not _CLOCK.search(english_when(text[fix.start():])):
        return text
    before = _CLOCK.sub(" ", english_when(text[:fix.start()]))
    return before + " " + text[fix.start():]


def corrected_unit(text: str, shown: list[dict[str, Any]], inventory: Inventory) -> str:
    """ "book the big one thursday 6:30pm. wait no cancel that, book the 18th floor one instead same time": the part
    after the correction when it names a unit shown, with the day and time said before it (for "same time")."""
    fix = _last_correction(text)
    if fix is None or not shown:
        return text
    after = text[fix.start():]
    after_unit = _CANCEL_VERB.sub(" ", after)
    if not units_meant(after_unit, shown, None, inventory, shown=len(shown)):
        return text
    before = english_when(text[:fix.start()])
    said = [m.group(0) for m in _WHEN.finditer(before)] + ([] if _CLOCK.search(english_when(after)) else
                                                            [m.group(0) for m in _CLOCK.finditer(before)])
    return f"{after_unit} {' '.join(said)}".strip()


def cancels_all(text: str, actions: list[dict[str, Any]], inventory: Inventory | None = None,
                focus: str | None = None) -> bool:
    """The message drops every tour proposed or held ("cancel it", "scrap both"), not one of several, and not
    on a condition it leaves open ("does it have a washer? if not cancel")."""
    books_too = HOLD_TEXT.search(text) is not None and _WHEN.search(english_when(text)) is not None
    return bool(actions) and CANCEL_ALL.search(text) is not None \
        and dropped_tour(text, actions, inventory, focus) is None and not books_too \
        and not _CONDITIONAL.search(text) and not CANCEL_LATER_Q.search(text) \
        and not re.search(r"\bstart over\b|\bnew search\b|\binstead\b", text, re.I)


_CONDITIONAL = re.compile(r"\b(?:if (?:not|no|it (?:does ?n[o']t|has ?n[o']t|is ?n[o']t)|so)|otherwise|unless|"
                          r"si no)\b", re.I)


SAME_TIME = re.compile(r"\bsame (?:times?|hours?|slots?)\b|\bmismas? horas?\b|نفس (?:الوقت|الساعة|المواعيد)", re.I)


def no_unit_note(text: str, rental: dict | None = None) -> str:
    """What to say when no unit is named or shown: which one, or, for a home in a market we hold no listings in
    (Abu Dhabi, Singapore), that we cannot book it; after a REALTOR.CA search that found nothing, that there is
    nothing of it to view yet (never a New York unit for a Canadian search)."""
    if rental and not rental.get("listings"):
        return ("Your last search, on REALTOR.CA, found no listings, so there is nothing to request a viewing for "
                "yet. Change the search (e.g. “3 bed” or “search again without the maximum bedrooms”), pick a "
                "listing from the results, and I'll request a viewing of it.")
    place = MARKET_PLACE.search(text)
    if place:
        return (f"Our listings are in New York and Canada, so there is no home in {place.group(0).title()} I can book "
                "a viewing for; ask its agent or landlord directly. I can search New York or Canadian listings, or "
                "give market figures for Abu Dhabi or a fair price for a Singapore HDB flat.")
    return "Which unit would you like to tour? Give its id (e.g. SE-1545 or U-12) or search first."


# "the 3525 one", "the 1200 sqft one", "the one with the gym": a part of a booking that names one unit
_ONE_PHRASE = re.compile(r"\bthe\s+(?:[\w$,.'/-]+\s+){0,3}?one\b(?:\s+with\s+(?:the\s+|a\s+)?[\w/-]+)?", re.I)


def unresolved_parts(text: str, pool: list[dict[str, Any]], units: list[dict[str, Any]],
                     inventory: Inventory) -> str | None:
    """A booking that names more units than were found: which part was not understood, and the units it could be."""
    phrases = [m.group(0) for m in _ONE_PHRASE.finditer(text)]
    if len(phrases) < 2 or len(units) >= len(phrases) or not pool:
        return None
    booked = {u["unit_id"] for u in units}
    lost = [p for p in phrases if (found := unit_in(p, pool, None, inventory)) is None or found["id"] not in booked]
    if not lost:
        return None
    said = lost[0]
    figures = [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", said)]
    could = [m for m in pool if any(abs(float(m["row_preview"].get(k) or -1) - f) <= 1 for f in figures
                                    for k in ("sqft", "rent"))]
    options = " or ".join(f"{m['row_preview'].get('address', m['id'])} ({m['id']})" for m in could[:3])
    which = f": {options}?" if len(could) >= 2 else "; say its address or id and I will add it."
    return f"I could not tell which unit you meant by \u201c{said}\u201d{which}"


_QUESTION = re.compile(r"\?\s*$|^\W*(?:what|which|how|do|does|is|are|should|where|who|qu[eé]|cu[aá]l|c[oó]mo|"
                       r"d[oó]nde|necesito)\b", re.I)


def asks_about_tours(text: str) -> bool:
    """A question about the tours proposed ("what do i need to bring to these?") that books, moves, cancels or names
    nothing: it is answered from them, not taken as a new booking."""
    return bool(_QUESTION.search(text)) and not (
        HOLD_TEXT.search(text) or _MOVE.search(text) or _CANCEL_VERB.search(text) or ADD_TOUR.search(text)
        or ANOTHER_TIME.search(text) or UNIT_ID.search(text) or _WHEN.search(english_when(text))
        or _clock(english_when(text)) or ORDINAL.search(english_ordinals(text))
        or re.search(r"\b(?:tour|see|visit|view|book|instead|other|another|too)\b", text, re.I))


# Asked of the landlord or broker beside a tour: "tell the landlord about my dog", "send them our financials"
_ASKS_THEM = re.compile(r"\b(?:tell|let|inform|email|e-mail|text|call|message|send|ask|notify)\b(?: \w+){0,4}? "
                        r"(?:the |my )?(?:landlord|broker|agent|owner|super|management|listing)\b|"
                        r"\b(?:send|forward) (?:them|him|her) (?:our|my|the)\b", re.I)
WHY_FIRST = re.compile(r"\bwhy\b.{0,40}\b(?:rank\w*|first|#1|number one|top|above)\b", re.I)
_SENTENCES = re.compile(r"(?<=[.?!;])\s+|\s+(?:and )?also\b,?\s*|,\s+and\s+(?=(?:what|who|why|how|is|does|do|are)\b)",
                        re.I)


def side_answers(text: str, shown: list[dict[str, Any]], focus: str | None, lang: str | None) -> str | None:
    """What a tour message asks beside the tour: a question about the units ("who's the broker?", "why is #1 ranked
    first?") answered from the results, and anything asked of the landlord said to be the person's to send."""
    said = []
    for part in _SENTENCES.split(text):
        part = part.strip(" ,")
        if not part or TOUR_WORDS.search(part) or _answered_aside(part) or not (
                "?" in part or re.match(r"(?:what|who|why|how|is|does|do|are|which)\b", part, re.I)):
            continue
        at = [m for m in shown if address_named(part, m["row_preview"].get("address") or "")]
        if BROKER_Q.search(part) and at:  # "who are the brokers on the 8 w 38th and 25 w 39th ones?": each one's
            said += [f"{m['row_preview']['address']} ({m['id']}): " + (
                f"{m['row_preview']['broker']}" + (f" ({m['row_preview']['broker_email']})"
                                                   if m["row_preview"].get("broker_email") else "")
                if m["row_preview"].get("broker") else "the listing names no broker") + "." for m in at]
            continue
        if WHY_FIRST.search(part) and shown:  # "why did you rank your #1 pick first?": its score and reasons
            top = shown[0]
            said.append(f"#1 {top['row_preview']['address']} ({top['id']}) came first with score {top['score']:g}: "
                        + "; ".join(top.get("reasons") or []) + ". The list is ordered by that score (how fully a "
                        "unit meets what you asked), then by the lower rent.")
            continue
        answered = answer_about_results(part, shown, focus, None, lang) if shown else None
        if answered is not None:
            said.append(answered[0])
    if _ASKS_THEM.search(text):
        said.append(phrase("tour_ask_them", lang))
    return "\n".join(said) or None


# a part of the message taken back in the same breath: "oh and only if it has a dishwasher lol jk nvm ignore that"
_TAKEN_BACK = r"(?:jk|just kidding|nvm|never ?mind|ignore that|scratch that|forget (?:that|i said that))"
_RETRACTED = re.compile(rf"[^.?!;]*?\b{_TAKEN_BACK}\b(?:\W+(?:lol|haha|{_TAKEN_BACK}))*\W*(?=$|[.?!;])", re.I)


_SEE = re.compile(r"\b(?:see|view|visit|tour|look at)\b|\bver\b|\bvisitar\b|أشوف|معاينة", re.I)


def without_retracted(text: str) -> str:
    """The message without the clauses it takes back ("... lol jk nvm ignore that"), when something else is left."""
    kept = _RETRACTED.sub(" ", text).strip(" ,;")
    return kept if re.search(r"\w", kept) else text


def tour_close_node(state: AgentState, config: RunnableConfig, *, inventory: Inventory | None = None,
                    now: Callable[[], datetime] | None = None, model: Any = None,
                    holds: HoldStore | None = None) -> dict[str, Any]:
    """Graph node: a plan for the top matches (after a search), for the unit(s) named in a tour request, or the
    same tours at another time; never over the person's own tours or a slot someone else holds. A tour request's
    other questions are answered after the plan."""
    kept = without_retracted(state.get("text", ""))
    if kept != state.get("text", ""):  # "oh and only if it has a dishwasher lol jk nvm ignore that": not asked
        state = {**state, "text": kept}
    out = _plan_tours(state, config, inventory=inventory, now=now, model=model, holds=holds)
    if (state.get("route") or {}).get("node") == "tour" and out.get("reply"):
        extra = side_answers(state.get("text", ""), state.get("matches") or [], state.get("focus"), state.get("lang"))
        if extra:
            out["reply"] = f"{out['reply']}\n\n{extra}"
    return out


def _plan_tours(state: AgentState, config: RunnableConfig, *, inventory: Inventory | None = None,
                now: Callable[[], datetime] | None = None, model: Any = None,
                holds: HoldStore | None = None) -> dict[str, Any]:
    started = time.perf_counter()
    inventory = inventory or load_inventory()
    current = (now or (lambda: datetime.now(ZoneInfo(TZ))))()
    text = state.get("text", "")
    route_node = (state.get("route") or {}).get("node")
    thread = str((config.get("configurable") or {}).get("thread_id", "default"))
    units: list[dict[str, Any]] = []
    missing: list[str] = []
    in_view: list[dict[str, Any]] = []  # the units a booking's "the X one" parts are read against
    when: str | None
    previous = state.get("plan") or {}
    if route_node == "tour" and TOUR_STATUS.search(text):  # "i have a tour pending, right? what's the time?"
        held = [h for h in holds.list_by_thread(thread) if h.status in ("held", "confirmed")] \
            if holds is not None else []
        booked = [f"- {h.address} ({h.unit_id}): {h.start.astimezone(ZoneInfo(TZ)):%a %b %d %H:%M}, {h.status}"
                  for h in sorted(held, key=lambda h: h.start)]
        parts = ["**Held for you:**\n" + "\n".join(booked)] if booked else []
        plan = ActionPlan.model_validate(previous) if previous.get("actions") else None
        waiting = [a for a in (plan.actions if plan else []) if a.unit_id not in {h.unit_id for h in held}]
        if plan is not None and waiting:
            parts.append("Proposed and not booked yet (book them with the buttons, or tell me what to change):\n\n"
                         + describe_plan(_plan(waiting)))
        reply = "\n\n".join(parts) or ("No tour is booked or proposed in this conversation yet. Tell me which unit "
                                        "and when, e.g. \"the first one, Friday at 1pm\".")
        return {"plan": plan.model_dump(mode="json") if plan else None, "reply": reply,
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "status_asked": True}]}
    actions = previous.get("actions") or []
    if route_node == "tour" and actions and asks_about_tours(text):
        # "what do i need to bring to these?": answered from the tours as they stand, none re-planned
        plan = ActionPlan.model_validate(previous)
        aside = aside_answer(text, actions, inventory)  # "is the first one no fee?" is named, so not here
        lead = aside or "Your tours as they stand (what to bring is under them):"
        return {"plan": previous, "reply": f"{lead}\n\n{describe_plan(plan, state.get('lang'))}",
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "asked_about_tours": True}]}
    swap = _swapped(text, actions, state.get("matches") or []) if route_node == "tour" else None
    if swap is not None:  # "cancel that, i'll see the 2500 one instead same time": another unit in that slot
        old, unit = swap
        start = datetime.fromisoformat(old["start"])
        released = [holds.release(h.id) for h in holds.list_by_thread(thread)
                    if h.unit_id == old["unit_id"] and h.status in ("held", "confirmed")] if holds is not None else []
        plan, moved = schedule_tours([{"unit_id": unit["id"], "address": unit["row_preview"]["address"],
                                       "kind": unit["row_preview"]["kind"]}], when=f"{start:%A} at {start:%H:%M}",
                                     now=start.replace(hour=0, minute=0) - timedelta(minutes=1),
                                     taken=holds.is_taken if holds is not None else None,
                                     own=_own_slots(holds, thread))
        note = (f"Instead of {old['address']} ({old['unit_id']}): {unit['row_preview']['address']} ({unit['id']})."
                + (" Its hold is released." if released else ""))
        return {"plan": plan.model_dump(mode="json") if plan.actions else None,
                "reply": "\n\n".join([note, *moved, describe_plan(plan, state.get("lang")) if plan.actions else ""]),
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "swapped": f"{old['unit_id']}->{unit['id']}"}]}
    if route_node == "tour" and cancels_all(text, actions, inventory, state.get("focus")):
        # "mejor cancélala, encontré otra cosa"
        released = [holds.release(h.id) for h in holds.list_by_thread(thread) if h.status in ("held", "confirmed")] \
            if holds is not None else []
        names = ", ".join(dict.fromkeys(a["address"] for a in actions))
        reply = (f"Cancelled: {names}. " + (f"Released {len(released)} hold(s). " if released else "")
                 + "No tours are proposed or held for you now.")
        return {"plan": None, "selected": [], "reply": reply,
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "cancelled": len(actions), "released": len(released)}]}
    to_hold = held_by_text(text, actions) if route_node == "tour" else None
    if to_hold is not None:  # "ok confirm both": the tours just proposed, held as they stand
        selected = [actions[i] for i in to_hold]
        wanted = "; ".join(f"{a['address']} at {datetime.fromisoformat(a['start']):%a %b %d %H:%M}" for a in selected)
        if holds is None:
            reply = (f"I cannot hold tours in this workspace (it has no bookings store), so nothing is booked: "
                     f"{wanted}. Ask the listing contact for these times.")
            return {"plan": previous, "reply": reply,
                    "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "hold_asked": len(selected), "store": False}]}
        return {"plan": previous, "selected": selected, "chosen_in_text": True, "reply": f"Holding: {wanted}.",
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "hold_asked": len(selected)}]}
    dropped = dropped_tour(text, actions, inventory, state.get("focus"))
    if route_node == "tour" and dropped is not None:  # "cancel the second one, I'll just see the first"
        kept = [a for i, a in enumerate(previous["actions"]) if i != dropped]
        gone = previous["actions"][dropped]
        note = f"Dropped the tour of {gone['address']} ({gone['unit_id']})."
        if holds is not None:  # a hold already made for it is let go
            for hold in holds.list_by_thread(thread):
                if hold.unit_id == gone["unit_id"] and hold.status in ("held", "confirmed"):
                    holds.release(hold.id)
                    note += " Its hold is released."
        if not kept:
            return {"plan": None, "selected": [], "reply": note + " No tours are proposed now.",
                    "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "tours": 0, "dropped": gone["unit_id"]}]}
        plan = _plan([TourAction.model_validate(a) for a in kept])  # the question fits the tours left
        stand_in = _stand_in(text, state, inventory, {a["unit_id"] for a in previous["actions"]})
        if stand_in is not None:  # "cancel the other one, put the 21st floor one in its slot"
            start = datetime.fromisoformat(gone["start"])
            added, moved = schedule_tours([stand_in], when=f"{start:%A} at {start:%H:%M}",
                                          now=start.replace(hour=0, minute=0) - timedelta(minutes=1),
                                          taken=holds.is_taken if holds is not None else None,
                                          own=[(datetime.fromisoformat(a["start"]), datetime.fromisoformat(a["end"]))
                                               for a in kept])
            plan = _plan(sorted([*plan.actions, *added.actions], key=lambda a: a.start))
            note += " " + " ".join([f"In its slot: {stand_in['address']} ({stand_in['unit_id']}).", *moved])
        move = _MOVE.search(text)
        moved_to = english_when(text[move.end():] if move else text)
        clock = _clock(moved_to)  # "move the other to 6:30": after the verb
        if len(kept) == 1 and clock and move:
            # "move pearl st to 2pm. and cancel university place": the one left, moved on its own day, or on the day
            # said ("move the dishwasher one to sunday 2pm and cancel the other one")
            start = datetime.fromisoformat(kept[0]["start"])
            h, m = clock
            h += 12 if h < 8 else 0
            day_said = _WHEN.search(moved_to)
            new_start = resolve_start(f"{day_said.group(0)} at {h}:{m:02d}", current) if day_said else None
            plan, moved = schedule_tours([{"unit_id": kept[0]["unit_id"], "address": kept[0]["address"],
                                           "kind": (inventory.row(kept[0]["unit_id"]) or {}).get("kind", "apartment")}],
                                         when=f"{(new_start or start):%A} at {h}:{m:02d}",
                                         now=(new_start or start).replace(hour=0, minute=0) - timedelta(minutes=1),
                                         taken=holds.is_taken if holds is not None else None)
            when_said = f"{new_start:%a %b %d} {h}:{m:02d}" if new_start else f"{h}:{m:02d}"
            note += " " + " ".join([f"Moved {kept[0]['address']} to {when_said}.", *moved])
        return {"plan": plan.model_dump(mode="json"), "reply": f"{note}\n\n{describe_plan(plan, state.get('lang'))}",
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "tours": len(plan.actions), "dropped": gone["unit_id"]}]}
    retimed = each_at(text, actions, inventory) if route_node == "tour" else []
    if retimed:  # "ok cheaper one at 11 and the other at 12": each tour named to its time, on its own day
        plan, note = _retime(retimed, actions, holds, thread, inventory)
        return {"plan": plan.model_dump(mode="json"), "reply": f"{note}\n\n{describe_plan(plan, state.get('lang'))}",
                "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "tours": len(plan.actions), "retimed": len(retimed)}]}
    moving = moved_tour(text, actions, inventory, state.get("focus")) if route_node == "tour" else None
    if moving is not None:  # "move the second one to 2pm": that tour alone; the others stay where they are
        moved_plan = _move_one(text, actions, moving, current, holds, thread, inventory)
        if moved_plan is not None:
            plan, note = moved_plan
            reply = f"{note}\n\n{describe_plan(plan, state.get('lang'))}"
            return {"plan": plan.model_dump(mode="json"), "reply": reply, "focus": actions[moving]["unit_id"],
                    "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "tours": len(plan.actions), "moved_one": actions[moving]["unit_id"]}]}
    if route_node == "tour":
        in_focus = str(state.get("focus") or "")
        if _FOCUS_AND_ID.search(text) and in_focus and in_focus not in text.upper():
            # "book that one and SE-8254 monday 6:30 and 7": the unit in focus first, then the one named
            row = inventory.row(in_focus)
            if row is not None:
                units.append(unit_for_tour(row))
        said_ids = [m.upper() for m in UNIT_ID.findall(text)] or bare_ids(
            text, [*(state.get("matches") or []), *(state.get("earlier") or [])], inventory)
        for unit_id in dict.fromkeys(said_ids):
            row = inventory.row(unit_id)
            if row is None:
                missing.append(unit_id)
            else:
                units.append(unit_for_tour(row))
        if said_ids and not missing and _ALSO.search(text):
            # "quiero ver el SE-1670 y también el del primer piso": a unit by its id, another by a fact of it
            in_view = [*(state.get("matches") or []), *(state.get("earlier") or [])]
            for found in units_named(text, in_view):
                row = inventory.row(found["id"])
                if row is not None and found["id"] not in {u["unit_id"] for u in units}:
                    units.append(unit_for_tour(row))
        if state.get("spec") and not missing:
            # "save the 53 pearl one", "book 3558 and the dumbo one": a unit named by its address or place that none
            # of those in play is, found in the inventory
            in_play = [*(state.get("matches") or []), *(state.get("earlier") or [])]
            for found in named_elsewhere(text, in_play, inventory, SearchSpec.model_validate(state["spec"]),
                                         tuple(state.get("mentioned") or [])):
                row = inventory.row(found["id"])
                if row is not None and found["id"] not in {u["unit_id"] for u in units}:
                    units.append(unit_for_tour(row))
        proposed = {a["unit_id"] for a in previous.get("actions") or []}
        add = ADD_TOUR.search(text)
        if not units and not missing and proposed and add is not None:
            # "also put the dishwasher one right after, like 11": a unit of a list in view not toured yet joins the
            # tours proposed (they are not moved); the list before this one counts too
            shown_now = list(state.get("matches") or [])
            extra = unit_in(text[add.end():], [*shown_now, *(state.get("earlier") or [])], None,
                            inventory, shown=len(shown_now) or None)
            row = inventory.row(extra["id"]) if extra is not None and extra["id"] not in proposed else None
            if row is not None:
                units.append(unit_for_tour(row))
        # Right after a tour was proposed, a new day or time with no other unit named moves that tour ("friday's bad
        # too. saturday after 11"); after a search, the same words book the unit in focus.
        # ("push both to thursday" moves the two tours just proposed; "tour the top two thursday" plans new ones)
        both_proposed = len(previous.get("actions") or []) >= 2 and re.search(r"\b(?:both|them|all of them|"
                                                                              r"these|those)\b", text, re.I)
        moved_day = state.get("prior_node") == "tour" and resolve_start(text, current) is not None \
            and not ORDINAL.search(english_ordinals(text)) and (not _SEVERAL.search(text) or bool(both_proposed))
        text = corrected_unit(text, list(state.get("matches") or []), inventory)
        when = corrected(text)  # "sunday 2pm. wait make it 4": the time said last stands
        # "book the doorman one sunday 2pm" names a unit shown: a new booking, not the proposed tours moved
        # ... as does "the elevator one sounds perfect, can i see it tomorrow" (of the list before this one, too)
        seen_units = [*(state.get("matches") or []), *(state.get("earlier") or [])]
        names_one = (HOLD_TEXT.search(text) is not None or _SEE.search(text) is not None) and bool(
            state.get("matches")) and bool(units_meant(text, seen_units, None, inventory,
                                                       shown=len(state.get("matches") or [])))
        if not units and not missing and previous.get("actions") and (ANOTHER_TIME.search(text) or moved_day) \
                and not names_one:
            # "another time?", "Tuesday at 5pm instead": the tours just proposed, re-planned.
            units = [{"unit_id": a["unit_id"], "address": a["address"],
                      "kind": (inventory.row(a["unit_id"]) or {}).get("kind", "apartment")}
                     for a in previous["actions"]]
            if _JUST_ONE.search(text) and len(units) > 1:  # "ok hold one for friday 1pm": one tour, not all of them
                units = units[:1]
            before = datetime.fromisoformat(previous["actions"][0]["start"])
            hour = _BARE_HOUR.search(text)
            clock = _clock(english_when(text))
            no_day = not _WHEN.search(english_when(text))
            if no_day and (clock or hour):
                # "move that to 4", "make that 7:15": the same day at that time (before 8 means the afternoon)
                h, m = clock or (int(hour.group(1)), int(hour.group(2) or 0))  # type: ignore[union-attr]
                h += 12 if h < 8 else 0
                when = f"{before:%A} at {h}:{m:02d}"
                current = before.replace(hour=7, minute=0) - timedelta(days=1)
            elif resolve_start(text, current) is None:
                when = None
                current = before + timedelta(days=1) - timedelta(hours=2)
            elif SAME_TIME.search(text) and not clock and not hour:
                # "move it to friday same time", "push both to saturday same times": the day changes, each keeps its
                # own time
                times = " and ".join(f"{datetime.fromisoformat(a['start']):%H:%M}" for a in previous["actions"]
                                     if a["unit_id"] in {u["unit_id"] for u in units})
                when = f"{english_when(text)} at {times or f'{before:%H:%M}'}"
            when = _near_the_tour(when, before, current)
        elif not units and not missing and state.get("matches"):
            shown = list(state["matches"])
            seen_by_id = {m["id"]: m for m in [*shown, *(state.get("earlier") or [])]}
            list_before = [seen_by_id[i] for i in state.get("before") or [] if i in seen_by_id]
            if GONE_BACK.search(text) and list_before:  # "go back to the first one": of the list before this one
                shown, state = list_before, {**state, "focus": None}
            elif dismissed(text, shown) and state.get("earlier"):  # "nah forget greenpoint. book the one with the gym"
                shown, state = list(state["earlier"]), {**state, "earlier": [], "focus": None}
            talked_of = state.get("focus")
            below = inventory.row(talked_of) if talked_of and talked_of not in {m["id"] for m in shown} else None
            if below is not None:  # the unit the conversation singled out below the five shown ("further down, #12")
                shown.append({"id": talked_of, "row_preview": {**below, **unit_for_tour(below)}})
            focus = next((i for i, m in enumerate(shown) if m["id"] == talked_of), None)
            # "the third one" names its unit; "book it" means the one the conversation singled out last.
            picked = ordinal_reference(text) if ORDINAL.search(english_ordinals(text)) or focus is None else focus
            several = _SEVERAL.search(text)
            count = 3 if several and re.search(r"three|3|tres", several.group(0)) else 2 if several else 1
            listed = _listed_ordinals(text, len(shown))
            with_amenity = _with_amenity(text, shown)
            also = _IT_AND.search(english_ordinals(text))
            by_address = shown_by_address(text, shown)
            named = unit_named(text, shown, tuple(state.get("mentioned") or [])) or floor_unit(text, shown, shown)
            several_named = units_named(text, shown)
            earlier = [m for m in state.get("earlier") or [] if m["id"] not in {x["id"] for x in shown}]
            for unit_id in state.get("mentioned") or []:  # units an answer named below the five shown ("suite 1404")
                row = inventory.row(unit_id) if unit_id not in {x["id"] for x in shown + earlier} else None
                if row is not None:
                    earlier.append({"id": unit_id, "row_preview": {**preview(row), **unit_for_tour(row)}})
            if earlier:  # "tour the 3525 one and the 1200 sqft one" after another search: the list before it too
                pool = shown + earlier
                more = units_named(text, pool)
                several_named = more if len(more) > len(several_named) else several_named
                named = named if named is not None else unit_named(text, pool)
                by_address = by_address or shown_by_address(text, pool)
            pair = _THIS_AND.search(text)
            second = _other_named(pair.group(1), shown) if pair and focus is not None else None
            two = [m for m in shown if m["id"] in (state.get("mentioned") or [])]
            if len([m for m in two if (m.get("score") or 0) >= 100]) >= 2:  # those named that fit the search
                two = [m for m in two if (m.get("score") or 0) >= 100]
            of_two = _OF_THE_TWO.search(text)
            if of_two and len(two) < 2 and re.search(r"\b(?:2|two)\b", of_two.group(0)):
                two = shown[:2]  # "the cheaper of those two" after a list with none named: its top two
            in_view = shown + earlier
            each = each_named(text, shown + earlier, shown[focus] if focus is not None else None, inventory,
                              shown=len(shown), mentioned=tuple(state.get("mentioned") or []))
            if len(each) >= 2:  # "6K monday 10am and the 52nd st one right after": each part names its unit
                chosen = each[:TOURS]
            elif of_two and len(two) >= 2:  # "the cheaper of those 2": between the units the last answer named
                word = (of_two.group(1) or of_two.group(2)).lower()
                key = "rent" if word in ("cheaper", "cheapest") else "sqft" if word in (
                    "bigger", "biggest", "larger", "largest") else "min_to_subway"
                pick = (max if key == "sqft" else min)(two, key=lambda m: m["row_preview"].get(key) or 0)
                chosen = [pick]
            elif focus is not None and by_address and _THERE_AND.search(text) \
                    and shown[focus]["id"] not in {m["id"] for m in by_address}:
                # "book a tour there wed 10am, and also 15 w 38th same day right after": that one, then the other
                chosen = [shown[focus], *by_address][:TOURS]
            elif len(by_address) >= 2 and _ONE_AT.search(text) and len({_street_of(m) for m in by_address}) == 1:
                chosen = by_address[:1]  # "the 124 W 36th one": one suite there, the best ranked
            elif len(by_address) >= 2:  # "124 w 36th tue 10am and 29 w 36th 5E right after": in the order named
                chosen = sorted(by_address, key=lambda m: named_at(text, m))[:TOURS]
            elif len(several_named) >= 2:  # "the 3525 one and the 1200 sqft one": those, in that order
                chosen = several_named[:TOURS]
            elif second is not None and focus is not None and second is not shown[focus]:
                # "that one and the cheapest one", "that one and the 4500 one right after": in that order
                chosen = [shown[focus], second]
            elif several and count == 2 and focus is not None and (
                    against := compared_with(text, shown + earlier, inventory)) is not None \
                    and against is not shown[focus]:
                # "compare it to the 16th floor one ... and book both": the unit in focus and the one it is set against
                chosen = [shown[focus], against]
            elif named is not None and not several:  # "the 1900 one", "the LES one", "the 2102 one"
                chosen = [named]
            elif by_address:  # "can we tour 53 pearl tuesday morning": the shown unit at that address; several are
                # toured in the order named ("pearl st 2pm and water st right after")
                chosen = sorted(by_address, key=lambda m: named_at(text, m))[:TOURS]
            elif also and focus is not None:  # "tour it and the second one": the unit in focus, then that one
                other = ordinal_reference(also.group(1))
                chosen = [shown[focus]] + ([shown[other]] if other < len(shown) and other != focus else [])
            elif listed:  # "book 1 and 3", "the 3rd and 4th ones"
                chosen = [shown[i] for i in listed]
            elif with_amenity is not None:  # "the one with the doorman", "el que tiene lavadora"
                chosen = [with_amenity]
            elif measure(text) and not several and not ORDINAL.search(english_ordinals(text)):
                # "the cheaper one", "whichever is closest to the subway", "el más barato de Inwood"
                chosen = _ranked_by_ask(text, shown)[:1]
            else:
                named_last = [m for m in [*shown, *earlier] if m["id"] in (state.get("mentioned") or [])]
                if several and len(named_last) >= count and _THOSE.search(text):
                    # "book those two back to back": the units the last answer named, not the top of the list
                    order = state.get("mentioned") or []
                    chosen = sorted(named_last, key=lambda m: order.index(m["id"]))[:count]
                else:
                    # "the two cheapest": the list in that order; "the bigger of the two 3800 ones": no order asked
                    in_order = _ranked_by_ask(text, shown) if SUPERLATIVE.search(text) else shown
                    chosen = in_order[:count] if several else [shown[min(picked, len(shown) - 1)]]
            units = [{"unit_id": m["id"], "address": m["row_preview"]["address"], "kind": m["row_preview"]["kind"]}
                     for m in chosen]
    else:  # tours proposed with a search: of the full matches (a near miss is toured only when asked for)
        results = state.get("matches") or []
        pool = [m for m in results if (m.get("score") or 0) >= 100] or results
        if measure(text) and POINTED.search(text) and TOUR_WORDS.search(text):
            # "also book a tour at whichever is closest to the subway": that one
            pool = _ranked_by_ask(text, pool)[:1]
        units = [{"unit_id": m["id"], "address": m["row_preview"]["address"], "kind": m["row_preview"]["kind"]}
                 for m in pool[:TOURS]]
        when = (state.get("spec") or {}).get("timeline")
    kept = [a for a in previous.get("actions") or [] if a["unit_id"] not in {u["unit_id"] for u in units}]
    # only tours the person asked for are added to: not those proposed unasked with a search's results
    adding = route_node == "tour" and bool(units) and bool(kept) and ADD_TOUR.search(text) is not None \
        and state.get("prior_node") == "tour"
    if adding and resolve_start(text, current) is None:  # "also add the 124 W 36th one right after": after the last
        after = max(datetime.fromisoformat(a["end"]) for a in kept) + GAP
        when = f"{after:%A} at {after:%H:%M}"
    elif adding and not _WHEN.search(english_when(text)) and (clock := _clock(english_when(text))):
        # "... right after, like 11": that time on the day of the tours proposed (before 8 means the afternoon)
        day = max(datetime.fromisoformat(a["start"]) for a in kept)
        when = f"{day:%A} at {clock[0] + (12 if clock[0] < 8 else 0)}:{clock[1]:02d}"
    plan, moved = schedule_tours(units, when=when, now=current, taken=holds.is_taken if holds is not None else None,
                                 own=_own_slots(holds, thread), hint=(state.get("spec") or {}).get("timeline"))
    passed_on = landlord_note(text) if route_node == "tour" else None
    if passed_on and plan.actions:  # "pls note i need a step-free way in": passed on with the tours booked now
        plan = _plan([a.model_copy(update={"note": passed_on}) for a in plan.actions])
    if adding and plan.actions:  # the tours already proposed stay, the new one joins them
        plan = _plan(sorted([*(TourAction.model_validate(a) for a in kept), *plan.actions], key=lambda a: a.start))
    notes = [f"I couldn't find unit {', '.join(missing)} in the inventory."] if missing else []
    notes += moved
    if route_node == "tour" and not units and not missing:
        notes.append(no_unit_note(text, None if state.get("matches") else state.get("rental")))
    unsure = unresolved_parts(text, in_view, units, inventory) if route_node == "tour" and units else None
    if unsure:  # "tour the 3525 one and the 1200 sqft one" with two 1,200 SF units in view: said, not dropped
        notes.append(unsure)
    reply_parts = [state.get("reply", "") if route_node != "tour" else "", *notes]
    fits = _space_per_person(text, units, inventory) if route_node == "tour" else None
    if fits:  # "y somos 45 personas, ¿alcanza el espacio?": asked beside the booking, answered with it
        reply_parts.append(fits)
    toured = tour_units([a.model_dump(mode="json") for a in plan.actions], inventory)
    compared = money_compared(text, toured) if route_node == "tour" else None
    if compared:  # "compare it to the 16th floor one - annual difference? and book both"
        reply_parts.append(compared)
    unheld = unheld_asides(text, units) if route_node == "tour" and plan.actions else None
    if unheld:  # "does the landlord accept guarantors, and how much must I earn? And can she see it Saturday?"
        reply_parts.append(unheld)
    aside = aside_answer(text, units, inventory) if route_node == "tour" and plan.actions else None
    if aside:  # "book it sunday 3pm. is it no fee?": the listing's answer, with the tour
        reply_parts.append(aside)
    lang = state.get("lang")
    reply_parts = [localized_notes(p, lang) for p in reply_parts if p]  # the plan below is localized by its own
    wording, why = None, "no model"
    if plan.actions:
        if model is not None:
            wording, why = invitation_traced(plan, model)
        reply_parts.append(describe_plan(plan, lang) + (f"\n\n{localized_notes(wording, lang)}" if wording else ""))
    return {
        "plan": plan.model_dump(mode="json") if plan.actions else None,
        "reply": "\n\n".join(p for p in reply_parts if p),
        "trace": [{"node": "tour_close", "ms": round((time.perf_counter() - started) * 1000, 3),
                   "tours": len(plan.actions), "moved": len(moved),
                   "first_start": plan.actions[0].start.isoformat() if plan.actions else None,
                   "wording": "model" if wording else "rules", "wording_note": why}],
    }
