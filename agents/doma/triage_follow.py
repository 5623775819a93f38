"""Follow-ups on open repair reports that are not new repairs: which report a message means by its subject ("nobody
came for the leak"), a visit later than the priority allows ("it's been 6 hrs", "the super says Monday"), and a
notice to the building ("write something to post in the lobby and email everyone").
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from agents.doma.triage_rules import analyze
from agents.doma.triage_text import UNIT_LABEL

_WAITED = re.compile(r"\b(?:been|waited|waiting(?: for)?)\s+(?:about\s+|like\s+|over\s+)?(\d{1,3}|an?|one|two|three)\s*"
                     r"(hours?|hrs?|h\b|days?|mins?|minutes?)|\b(?:hace|llevo|llevamos)\s+(\d{1,3})\s*(horas?|d[ií]as?)",
                     re.I)
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAYS_ES = ("lunes", "martes", "mi[eé]rcoles", "jueves", "viernes", "s[aá]bado", "domingo")
_LATER_VISIT = re.compile(r"\b(?:not (?:until|till)|until|till|hasta(?: el)?|on|el|next)\s+(" + "|".join(_DAYS) + "|"
                          + "|".join(_DAYS_ES) + r")\b|\b(?:tomorrow|mañana|next week|la (?:pr[oó]xima )?semana "
                          r"(?:que viene|pr[oó]xima))\b", re.I)
_VISIT_WORDS = re.compile(r"\b(?:come|coming|comes|vienen|viene|venir|llegan?|show up|be here|send|visit|"
                          r"nobody came|no one came|nadie (?:vino|ha venido))\b", re.I)
# "can you call the super", "ok send this to hpd for me", "text the landlord": an act the workspace cannot do
ACT_FOR_ME = re.compile(
    r"\b(?:can|could|would|will) (?:you|u|y'?all)\b.{0,25}\b(?:call|phone|ring|text|email|e-mail|message|contact|"
    r"send|forward|file|submit|notify|tell)\b(?!\s+(?:me|us)\b)|"  # "can you send me the ticket numbers" shows them
    r"\b(?:send|forward|file|submit|report) (?:this|it|that|them|these|the (?:report|ticket|complaint)) to\b|"
    r"\b(?:send|forward|file|submit|email|text|call) (?:it |this |that )?(?:to )?(?:hpd|311|the city|the super|"
    r"the landlord|my landlord|management|the owner)\b.{0,20}?\bfor (?:me|us)\b|"
    r"\b(?:puede[ns]?|podr[ií]a[ns]?) (?:usted(?:es)? )?(?:llamar|enviar|mandar|avisar|contactar)\b|"
    r"\b(?:llama|env[ií]a|manda|avisa)(?:le|les|r)? (?:al|a la|a) (?:super|portero|due[nñ]o|casero|hpd|311)\b|"
    r"(?:هل )?(?:تستطيع|يمكنك|ممكن) (?:أن )?(?:تتصل|ترسل|تبلغ|تخبر)", re.I)
# "can i just not pay december rent until its fixed?": withholding rent over an open repair
WITHHOLD = re.compile(r"\bwithhold\w*\b|\b(?:not|stop|n'?t) pay(?:ing)? (?:the |my |our |\w+ )?rent\b|"
                      r"\bskip (?:the |my )?rent\b|\bpay (?:less|half|no) rent\b|\brent strike\b|"
                      r"\bno pagar (?:la )?renta\b|\bretener (?:la )?renta\b|\bdejar de pagar\b|"
                      r"\bdeduct\w*\b|\b(?:take|knock|subtract) (?:it|that|them|this|the cost|\w+ \w+|\w+) off "
                      r"(?:the |my |our |next month'?s )?rent\b|\bdescont\w+ (?:de |del? )?(?:la )?renta\b", re.I)
CITY_NAMED = re.compile(r"\bhpd\b|\b311\b|\bthe city\b|\bcode enforcement\b|\binspector\b", re.I)
NOTICE_ASK = re.compile(r"\b(?:write|draft|prepare|make|escrib\w*|redact\w*)\b.{0,40}\b(?:post|notice|sign|memo|"
                        r"email everyone|everyone|all (?:the )?(?:tenants|residents)|lobby|aviso|todos)\b|"
                        r"\bnotify (?:all|everyone|the (?:tenants|residents|building))\b", re.I)


# the words people use for one kind of problem, to find the report a follow-up means ("nobody came for the leak")
_SUBJECTS = (r"leak\w*|water|drip\w*|flood\w*|ceiling|gotera|agua", r"heat\w*|radiator|cold|freez\w*|calefacci\w*|frío",
             r"hot water|agua caliente", r"roach\w*|pest\w*|mice|mouse|rats?|bugs?|cucaracha\w*",
             r"gas\b|con ?ed\w*|stove|oven|burners?|fitting", r"door|lock\w*|latch|puerta", r"elevator|lift|ascensor",
             r"mold|moho",
             r"outlet|electric\w*|power|breaker|luz", r"toilet|sink|drain|clog\w*|inodoro")


def ticket_named(text: str, tickets: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The open report a message means by what it is about ("nobody came for the leak"): the one whose problem
    shares a signal or a subject with the message (water, heat, gas, pests ...); None when none or several do."""
    said = {s.name for s in analyze(text).signals if s.name != "object"}
    found = [t for t in tickets if said & {s.name for s in analyze(t["text"]).signals}] if said else []
    if not found:
        subjects = [p for p in _SUBJECTS if re.search(rf"\b(?:{p})", text, re.I)]
        found = [t for t in tickets if any(re.search(rf"\b(?:{p})", t["text"], re.I) for p in subjects)]
    return found[0] if len({id(t) for t in found}) == 1 else None


def _hours(number: str, unit: str) -> float:
    value = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0}.get(number.lower()) or float(number)
    unit = unit.lower()
    return value * 24 if unit.startswith(("d", "dí", "di")) else value / 60 if unit.startswith("m") else value


def waited_hours(text: str, today: date) -> float | None:
    """How long the message says the person has waited or will wait for the visit: "been 6 hrs", "hace 2 días",
    "the super says they come monday" (the hours until that day); None when it says neither."""
    waited = _WAITED.search(text)
    if waited:
        number, unit = (waited.group(1), waited.group(2)) if waited.group(1) else (waited.group(3), waited.group(4))
        return _hours(number, unit)
    later = _LATER_VISIT.search(text) if _VISIT_WORDS.search(text) else None
    if later is None:
        return None
    word = (later.group(1) or later.group(0)).lower()
    if word in ("tomorrow", "mañana"):
        return 24.0
    if "week" in word or "semana" in word:
        return 7 * 24.0
    names = [*_DAYS, *_DAYS_ES]
    index = next(i for i, name in enumerate(names) if re.fullmatch(name, word)) % 7
    return ((index - today.weekday()) % 7 or 7) * 24.0


def overdue_note(hours: float, ticket: dict[str, Any], eta_hours: float, lang: str | None) -> str | None:
    """What to say when the visit comes (or came) later than the report's priority allows: escalated, and the
    city's line for heat, hot water and serious repairs."""
    if hours <= eta_hours:
        return None
    late = f"about {hours / 24:.0f} days" if hours >= 48 else f"about {hours:.0f} hours"
    allowed = f"{eta_hours:.0f} hour{'s' if eta_hours != 1 else ''}"
    if lang == "es":
        return (f"Eso es demasiado para un reporte **{ticket['priority']}** (el plazo es de unas {eta_hours:.0f} "
                f"horas). Lo escalé al administrador de guardia para que lo adelanten. Si no lo resuelven, en Nueva "
                "York puede llamar al 311 (HPD) para presentar una queja; guarde fotos y la hora de cada aviso.")
    return (f"That is too long for a **{ticket['priority']}** report ({late}, against about {allowed} for this "
            "priority). I have escalated it to the on-call building manager to get someone sooner. If it "
            "is not fixed, in New York you can file a complaint with 311 (HPD); keep photos and the time of each "
            "report.")


# what a building-wide problem means for residents, said plainly (the reports' own words stay with the manager)
_BUILDING_FACTS = (("gas", "a gas smell was reported and is being checked"),
                   ("no_heat_freezing", "there is no heat in the building for now"),
                   ("no_heat", "there is no heat in the building for now"),
                   ("no_hot_water", "there is no hot water in the building for now"),
                   ("no_water", "the water is off in the building for now"),
                   ("elevator_out", "the elevator is out of service"),
                   ("power_out", "the building has a power outage"),
                   ("entry_door", "the building's front door does not lock properly; please make sure it closes "
                                  "behind you"),
                   ("lock_broken", "the lobby door does not latch; please make sure it closes behind you"))


# what the person wants the notice to say: "write a notice for all tenants: front door lock gets fixed friday"
NOTICE_SAYS = re.compile(r"\b(?:notice|note|memo|email|message|sign)\b[^:]{0,40}:\s*(.{12,})$|"
                         r"\b(?:notice|note|memo)\b.{0,30}\b(?:saying|that says|to say)\s+(.{12,})$", re.I | re.S)


NOTICE_ABOUT = re.compile(r"\babout (?:the )?([^,.;]{3,60})", re.I)


# "a note to all tenants on what to do if they smell gas": guidance for a danger that may come, not a report of one
IF_IT_HAPPENS = re.compile(r"\bwhat (?:to|they should|you should|residents should|tenants should) do\b|"
                           r"\bin case\b|\bif (?:they|you|a tenant|tenants|anyone|someone|residents?|people|ever)\b|"
                           r"\bqu[eé] hacer\b|\ben caso de\b|ماذا يفعل", re.I)


def safety_notice(dangers: list[tuple[str, list[str]]], today: date) -> str:
    """A notice to every resident on what to do if a danger happens ("if you smell gas"): each danger's safety steps,
    then whom to tell (no report is logged: nothing has happened)."""
    lines = ["**NOTICE TO ALL RESIDENTS**", f"Date: {today:%A %d %B %Y}", ""]
    for label, steps in dangers:
        lines += [f"**If there is a {label}:**", *(f"{i}. {step}" for i, step in enumerate(steps, start=1)), ""]
    lines.append("Then tell the management office, so we can follow up. Save this notice somewhere you can find it.")
    return "\n".join(lines)


def building_notice(tickets: list[dict[str, Any]], today: date, told: str | None = None, what: str = "") -> str:
    """A notice for the lobby and an email to every resident about the open building problems (or what the manager
    said it should say): what happened, what it means, what to do safely, and when the next update comes (no
    promised fix time). `what`: the request itself ("a notice about the gas in 6A" keeps to that report)."""
    if told:
        tickets = [{"text": told}]  # only what the manager said: no other report's facts or advice
    about = NOTICE_ABOUT.search(what or "")
    kept = [t for t in tickets if about and (set(UNIT_LABEL.findall(about.group(1).lower())) & set(
        UNIT_LABEL.findall(t.get("text", "").lower())) or any(w in t.get("text", "").lower() for w in re.findall(
            r"[a-z]{3,}", about.group(1).lower()) if w not in {"the", "building", "tenants", "residents"}))]
    tickets = kept or tickets  # "a notice about the gas in 6A": that report, not every open one
    names = {s.name.split(":")[-1] for t in tickets for s in analyze(t.get("text", "")).signals}
    words = " ".join(t.get("text", "") for t in tickets).lower()
    shut = re.search(r"\bshut (?:off )?the gas\b|\bgas (?:is|was|has been|got) (?:shut|turned) off\b", words)
    facts = [("a gas smell was reported, and the gas is shut off until the repair is made and inspected"
              if name == "gas" and shut else phrase) for name, phrase in _BUILDING_FACTS if name in names]
    problems = told.strip().rstrip(".") if told else "; ".join(facts) or "a building repair is under way"
    problems = problems[:1].upper() + problems[1:]
    safety = ["Do not use ovens or stoves to heat your apartment, and never run generators or grills indoors.",
              "If you smell gas, leave the building at once and call 911 or Con Edison (1-800-752-6633) from outside."
              if "gas" in words else "",
              "Check that your carbon monoxide and smoke detectors work." if not told else "",
              "If you or someone in your home is elderly, ill or has a baby and needs help staying warm, tell the "
              "management office so we can help." if re.search(r"heat|hot water|calefacci", words) else ""]
    safety = [line for line in safety if line and not (told and line.startswith("Do not use ovens")
                                                       and not re.search(r"heat|calefacci", words))]
    return "\n".join(["**NOTICE TO ALL RESIDENTS**", f"Date: {today:%A %d %B %Y}", "",
                      f"What is happening: {problems}." if not told else f"{problems}.",
                      *([] if told else ["What we are doing: the repair is in the hands of our contractors and "
                                         "the utility; we will restore service as soon as it is safe and approved."]),
                      "",
                      *(["For your safety:", *[f"- {s}" for s in safety], ""] if safety else []),
                      "Questions: the management office." if told else
                      "We will post an update in the lobby and by email by 6 pm today, or sooner if anything "
                      "changes. Questions: the management office.", "",
                      "(Post this in the lobby; the same text works as the email to all residents.)"])
