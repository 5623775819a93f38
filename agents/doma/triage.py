"""ServiceTriageAgent: a tenant's repair message -> TriageResult (category, priority, vendor, ETA, what to do now).

The deterministic rules (agents/doma/triage_rules.py) decide first. A chat model, when one is passed, may only make
the priority more urgent; it never lowers anything, and what it says is ignored when it is not a clear answer.
Vendors, ETAs and the safety instructions per hazard are configuration (agents/doma/config/triage_vendors.json).
Every P0 carries safety instructions for its hazard and hands off to an on-call person.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo

from langchain_core.messages import HumanMessage, SystemMessage

from agents.doma.repair_letter import LETTER_ASK, repair_letter
from agents.doma.triage_follow import (
    ACT_FOR_ME,
    CITY_NAMED,
    IF_IT_HAPPENS,
    NOTICE_ASK,
    NOTICE_SAYS,
    WITHHOLD,
    building_notice,
    overdue_note,
    safety_notice,
    ticket_named,
    waited_hours,
)
from agents.doma.triage_model import TriageModel, default_triage_model
from agents.doma.triage_rules import PRIORITY_RANK, Analysis, analyze, unsecured
from agents.doma.triage_text import UNIT_LABEL, issue_parts, listed_items
from agents.i18n import phrase
from agents.state import AgentState
from contracts.doma import TriageResult

log = logging.getLogger(__name__)

DEFAULT_CONFIG_PATH = Path(__file__).resolve().parent / "config" / "triage_vendors.json"

TRIAGE_PROMPT = (
    "You triage apartment repair requests. Priorities: P0 = danger to life or property right now (gas smell, "
    "smoke or fire, active flooding, sparking or electrical hazard, no heat in freezing weather, carbon monoxide "
    "alarm, break-in, someone trapped); P1 = habitability problem needing attention within a day or two; "
    "P2 = routine. Reply with JSON only: {\"priority\": \"P0|P1|P2\", \"category\": "
    "\"emergency|plumbing|hvac|general\", \"hazard\": \"gas|fire|flood|electrical|co|break_in|no_heat|structural|"
    "trapped|other|none\"}."
)

# Asked when the learned model, not a named hazard, made a report P0: one question, never a downgrade to P2.
UNSURE_P0_QUESTION = ("To be safe we treat this as urgent: is anyone in danger right now (a gas or burning smell, "
                      "smoke, water near electrics, someone trapped or hurt)?")

CATEGORY_LABELS = {"emergency": "emergency", "plumbing": "plumbing", "hvac": "heating/cooling", "general": "repair"}


@dataclass(frozen=True)
class TriageConfig:
    """Vendors and ETAs per category and priority, and per P0 hazard the vendor and the safety instructions."""

    routing: dict[str, dict[str, dict[str, Any]]]
    hazards: dict[str, dict[str, Any]]
    on_call: str = "on-call building manager"

    def route(self, category: str, priority: str) -> tuple[str, float]:
        """(vendor, eta_hours) for a category and priority."""
        entry = self.routing[category][priority]
        return str(entry["vendor"]), float(entry["eta_hours"])

    def hazard(self, name: str | None) -> dict[str, Any]:
        """The entry of a hazard, or the generic emergency entry."""
        return self.hazards.get(name or "other") or self.hazards["other"]


def config_from_dict(raw: dict[str, Any]) -> TriageConfig:
    """Validate a parsed configuration: every category needs P0..P2, and an 'other' hazard must exist."""
    routing = raw["routing"]
    for category in ("emergency", "plumbing", "hvac", "general"):
        for priority in ("P0", "P1", "P2"):
            entry = routing[category][priority]
            if not entry.get("vendor") or float(entry.get("eta_hours", -1)) < 0:
                raise ValueError(f"triage config: bad entry for {category}/{priority}")
    hazards = raw["hazards"]
    if "other" not in hazards:
        raise ValueError("triage config: the 'other' hazard (generic emergency) is required")
    for name, entry in hazards.items():
        if not entry.get("safety"):
            raise ValueError(f"triage config: hazard {name!r} has no safety instructions")
    return TriageConfig(routing=routing, hazards=hazards, on_call=raw.get("on_call", "on-call building manager"))


@lru_cache(maxsize=8)
def _load(path: str) -> TriageConfig:
    with open(path, encoding="utf-8") as handle:
        return config_from_dict(json.load(handle))


@lru_cache(maxsize=1)
def _spanish_steps() -> dict[str, str]:
    """Each bundled safety step's Spanish text (the hazards' `safety_es`), by its English text."""
    hazards = load_triage_config().hazards
    return {en: es for entry in hazards.values() for en, es in zip(entry["safety"], entry.get("safety_es") or [],
                                                                       strict=False)}


def load_triage_config(path: str | Path | None = None) -> TriageConfig:
    """The triage configuration from a JSON file (default: the bundled one), read once per path."""
    return _load(str(Path(path) if path else DEFAULT_CONFIG_PATH))


def _resolve_config(config: TriageConfig | str | Path | dict[str, Any] | None) -> TriageConfig:
    if isinstance(config, TriageConfig):
        return config
    if isinstance(config, dict):
        return config_from_dict(config)
    return load_triage_config(config)


def model_opinion(text: str, model: Any) -> dict[str, str] | None:
    """Ask the model for a priority; None when it fails or answers with anything but a known priority."""
    return model_opinion_traced(text, model)[0]


def model_opinion_traced(text: str, model: Any) -> tuple[dict[str, str] | None, str]:
    """(the model's opinion or None, why it was not usable)."""
    try:
        reply = model.invoke([SystemMessage(content=TRIAGE_PROMPT), HumanMessage(content=text)])
    except Exception as exc:  # a model outage must never block a repair report
        log.warning("triage model failed: %s", type(exc).__name__)
        return None, f"model call failed: {type(exc).__name__}"
    content = getattr(reply, "content", reply)
    if not isinstance(content, str):
        return None, "reply is not text"
    data: dict[str, Any] = {}
    block = re.search(r"\{.*?\}", content, re.DOTALL)
    if block:
        try:
            parsed = json.loads(block.group(0))
            data = parsed if isinstance(parsed, dict) else {}
        except json.JSONDecodeError:
            data = {}
    priority = data.get("priority")
    if priority not in PRIORITY_RANK:
        found = re.findall(r"\bP[012]\b", content)
        priority = found[0] if len(set(found)) == 1 else None  # "P0 or P1?" is no answer
    if priority is None:
        log.info("triage model answer ignored (no clear priority)")
        return None, "no clear priority in the reply"
    hazard = data.get("hazard") if isinstance(data.get("hazard"), str) else None
    category = data.get("category") if data.get("category") in CATEGORY_LABELS else None
    return {"priority": priority, "hazard": hazard or "other", "category": category or ""}, "ok"


def _duration(hours: float) -> str:
    """ "30 minutes", "1 hour", "2.5 hours"."""
    if hours < 1:
        minutes = int(hours * 60)
        return f"{minutes} minute" + ("" if minutes == 1 else "s")
    return f"{hours:g} hour" + ("" if hours == 1 else "s")


def _confirm_message(category: str, priority: str, vendor: str, eta: float, hazard_label: str | None,
                     on_call: str) -> str:
    when = _duration(eta)
    if priority == "P0":
        # Say what the product did (alerted the on-call person) and what the person must do; it cannot dispatch
        # emergency services, so it never says it did.
        return (f"This is an emergency ({hazard_label}). If anyone is in danger, call 911 now. We have alerted "
                f"the {on_call}, who will arrange {vendor} and contact you; expect someone within {when}. "
                "Follow the safety steps first.")
    urgency = "urgent (within a day or two)" if priority == "P1" else "routine"
    return (f"Thanks, we logged your {CATEGORY_LABELS[category]} request as {priority} - {urgency}. "
            f"{vendor} will be there within about {when}; we will confirm the exact time.")


def _hazards_in(analysis: Analysis) -> list[str]:
    seen: list[str] = []
    for signal in sorted(analysis.signals, key=lambda s: s.position):
        if signal.priority == "P0" and signal.hazard and signal.hazard not in seen:
            seen.append(signal.hazard)
    return seen


def classify_detailed(text: str, *, model: Any = None,
                      config: TriageConfig | str | Path | dict[str, Any] | None = None,
                      learned: TriageModel | Literal["settings"] | None = "settings") -> tuple[TriageResult,
                                                                                               dict[str, Any]]:
    """classify(), plus what the rules found (for the trace and the UI). `learned`: the fitted triage model, None
    for the rules alone, or "settings" for what TRIAGE says (the default)."""
    cfg = _resolve_config(config)
    if learned == "settings":
        learned = default_triage_model()
    analysis = analyze(text or "")
    top = analysis.top
    category = top.category if top else "general"
    priority = top.priority if top else "P2"
    hazards = _hazards_in(analysis)
    model_note = None
    source = "rules"
    unsure_p0 = False
    learned_note = None  # the deterministic path is the rules plus the learned weights over them
    if learned is not None and priority != "P0":
        decided, decided_category, probs = learned.decide(analysis)
        learned_note = ", ".join(f"{k} {v:.2f}" for k, v in sorted(probs.items()))
        exposed = any(analysis.context.get(k) for k in ("vulnerable", "hot", "freezing"))
        # a home that cannot be closed or locked stays at least P1, whatever the words around it
        exposed = exposed or (top is not None and top.name == "entry_door") or unsecured(analysis.normalized)
        if decided == "P0":
            priority, unsure_p0 = "P0", True  # hazard evidence the rules did not name: P0, with one question
        elif exposed and PRIORITY_RANK[decided] > PRIORITY_RANK[priority]:
            pass  # someone exposed to heat or cold, or vulnerable: the model may not lower what the rules set
        else:
            priority, category = decided, decided_category or category
    if model is not None:
        opinion, why = model_opinion_traced(text, model)
        if opinion is None:
            model_note = f"model ignored: {why}"
        if opinion and PRIORITY_RANK[opinion["priority"]] < PRIORITY_RANK[priority]:
            model_note = f"model raised {priority} -> {opinion['priority']}"
            source = "model"
            priority = opinion["priority"]
            if priority == "P0":
                category = "emergency"
                hazard = opinion["hazard"] if opinion["hazard"] in cfg.hazards else "other"
                hazards = [hazard]
            elif top is None and opinion["category"] and opinion["category"] != "emergency":
                category = opinion["category"]
        elif opinion and unsure_p0 and opinion["priority"] == "P0" and opinion["hazard"] in cfg.hazards:
            hazards = [opinion["hazard"]]  # the learned P0 named no danger; the model's named one brings its steps
            model_note = f"model named the hazard: {opinion['hazard']}"
        elif opinion:
            model_note = f"model said {opinion['priority']}; kept {priority}"

    if priority == "P0":
        category = "emergency"
        hazards = hazards or ["other"]
        primary = cfg.hazard(hazards[0])
        vendor, eta = str(primary["vendor"]), float(primary["eta_hours"])
        safety: list[str] = []
        for name in hazards:
            for step in cfg.hazard(name)["safety"]:
                if step not in safety:
                    safety.append(step)
        label = " + ".join(str(cfg.hazard(h).get("label", h)) for h in hazards)
    else:
        vendor, eta = cfg.route(category, priority)
        safety, label = [], None
    result = TriageResult(
        category=category,  # type: ignore[arg-type]
        priority=priority,  # type: ignore[arg-type]
        vendor=vendor,
        eta_hours=eta,
        confirm_message=_confirm_message(category, priority, vendor, eta, label, cfg.on_call)
        + (f" {UNSURE_P0_QUESTION}" if unsure_p0 and priority == "P0" else ""),
        safety_instructions=safety,
        handoff=priority == "P0",
    )
    detail = {
        "signals": [s.name for s in analysis.signals],
        "negated": analysis.negated,
        "context": {k: v for k, v in analysis.context.items() if v},
        "hazards": hazards if priority == "P0" else [],
        "source": source,
    }
    if model_note:
        detail["model"] = model_note
    if learned_note:
        detail["learned"] = learned_note
    return result, detail


def classify(text: str, *, model: Any = None,
             config: TriageConfig | str | Path | dict[str, Any] | None = None,
             learned: TriageModel | Literal["settings"] | None = "settings") -> TriageResult:
    """Triage one repair message.

    Args:
        text: The tenant's message, in their words.
        model: An optional chat model; it may raise the priority, never lower it.
        config: A TriageConfig, a parsed config dict, or a path to a JSON config (default: the bundled file).

    Returns:
        The TriageResult; a P0 always carries safety instructions and handoff=True.
    """
    return classify_detailed(text, model=model, config=config, learned=learned)[0]


def render_reply(result: TriageResult, lang: str | None = "en") -> str:
    """The chat answer in markdown: safety steps first when it is an emergency (in Spanish or Arabic, the
    fixed phrases in that language; the vendor table's own text stays as written)."""
    lines: list[str] = []
    if result.priority == "P0":
        steps = result.safety_instructions
        spanish = _spanish_steps().get if lang == "es" else None
        if spanish is not None and all(spanish(step) for step in steps):  # every step has its Spanish text
            steps = [spanish(step) or step for step in steps]
            lines.append(phrase("emergency", lang).replace(" (en inglés)", ""))
        else:
            lines.append(phrase("emergency", lang))
        lines.extend(f"{i}. {step}" for i, step in enumerate(steps, start=1))
        lines.append("")
    if lang not in ("es", "ar"):
        lines += [result.confirm_message, ""]
    elif result.priority != "P0":  # the template says it; the vendor and ETA are below (a P0's template said it)
        urgency = phrase("urgent" if result.priority == "P1" else "routine", lang)
        lines += [phrase("logged", lang, priority=result.priority, urgency=urgency), ""]
    label = _LABELS.get(lang or "en", _LABELS["en"])
    category = label["categories"].get(result.category, result.category)
    eta = _duration(result.eta_hours)
    if lang in _LABELS and lang != "en":  # "1 hour" -> "1 hora", "24 hours" -> "24 horas"
        eta = re.sub(r"\b(minute|hour)(s?)\b", lambda m: label[m.group(1) + m.group(2)], eta)
    lines.append(f"- {label['category']}: **{category}** · {label['priority']}: **{result.priority}**")
    lines.append(f"- {label['vendor']}: {result.vendor} · {label['eta']}: {eta}")
    return "\n".join(lines)


# The ticket lines' labels in the person's language (the vendor table's own text stays as written).
_LABELS: dict[str, dict[str, Any]] = {
    "en": {"category": "Category", "priority": "Priority", "vendor": "Vendor", "eta": "ETA", "categories": {}},
    "es": {"category": "Categoría", "priority": "Prioridad", "vendor": "Técnico", "eta": "Llegada estimada",
           "hour": "hora", "hours": "horas", "minute": "minuto", "minutes": "minutos",
           "categories": {"emergency": "emergencia", "plumbing": "plomería", "hvac": "calefacción/aire",
                          "general": "general"}},
    "ar": {"category": "الفئة", "priority": "الأولوية", "vendor": "الفني", "eta": "الوصول المتوقع",
           "hour": "ساعة", "hours": "ساعات", "minute": "دقيقة", "minutes": "دقائق",
           "categories": {"emergency": "طوارئ", "plumbing": "سباكة", "hvac": "تدفئة وتكييف", "general": "عام"}},
}


def exposure_note(report: str, result: TriageResult, lang: str | None) -> str | None:
    """What to do meanwhile when someone vulnerable is exposed to heat or cold at home (a P1 heating or cooling
    repair; a P0 already says to call 911)."""
    if result.priority == "P0" or result.category != "hvac":
        return None
    analysis = analyze(report)
    ctx = analysis.context
    if not ctx.get("vulnerable"):
        return None
    cold = not ctx.get("hot") and (ctx.get("freezing") or bool(
        re.search(r"\b(?:heat|heating|radiator|boiler|furnace|cold|freezing)\b", analysis.normalized)))
    return phrase("vulnerable_exposed", lang, place="warmest" if cold else "coolest",
                  illness="hypothermia" if cold else "heat illness", place_es="cálida" if cold else "fresca",
                  illness_es="hipotermia" if cold else "golpe de calor", place_ar="أدفأ" if cold else "أبرد",
                  illness_ar="انخفاض حرارة الجسم" if cold else "ضربة الشمس")


def _follow_up_text(text: str, ticket: dict[str, Any] | None) -> str:
    """The report to classify: a message that only adds to the open ticket ("it's 55 in here", "my baby is 4
    months", "it's dripping slower now") is read together with it; a message about another thing ("also the
    bathroom lock is broken") starts a new one."""
    if not ticket:
        return text
    if ANOTHER_THING.search(text):
        return text
    own = [s for s in analyze(text).signals if s.name != "object"]
    if own and not CONTINUES.search(text):
        return text
    return f"{ticket['text']}. {text}"


def _new_part(text: str) -> str:
    """Of a message that starts a new report, the part that reports it: "ok im outside. super isnt answering. also
    the radiator is banging" is a radiator report; words before it that report nothing are talk about the old one."""
    another = ANOTHER_THING.search(text)
    if another is None or [s for s in analyze(text[:another.start()]).signals if s.name != "object"]:
        return text
    return text[another.start():]


# A follow-up about the same problem ("it", "now", "the tenant says"); one about another thing ("also the lock").
CONTINUES = re.compile(r"\b(?:it|it's|its|now|still|again|slower|faster|worse|better|less|more|the tenant says|"
                       r"update|same)\b", re.I)
ANOTHER_THING = re.compile(r"\b(?:also|another|too|as well|separately|one more thing|oh and|and the)\b.{0,60}?"
                           r"\b(?:lock|door|window|stove|oven|knob|fridge|toilet|sink|light|outlet|heater|radiator|ac|"
                           r"dishwasher|washer|dryer|elevator|intercom|mold|mice|roaches|bugs|paint|floor|cabinet|"
                           r"faucet|tap|shower|tub|bathtub|drain|pipe|ceiling|wall|closet|hinge|blinds|buzzer|"
                           r"(?:smoke |co )?detector|alarm|bulb|fan|vent|boiler|water heater|hot water)s?\b",
                           re.I)
VISIT_ASK = re.compile(r"\b(?:come|visit|show up|stop by|drop by|i'?m (?:home|around|free|in)|i am (?:home|around|free|"
                       r"in)|available|be (?:home|here|there|in)|can (?:the|you|they|someone|he|she)\b)", re.I)
CLOSED = re.compile(r"\b(?:fixed it|(?:been|got|is|was) fixed|resolved|close (?:it|the ticket|this) out|"
                    r"close (?:it|the ticket)|all good now|no longer (?:a problem|needed)|(?:working|going|running) "
                    r"again|(?:got|have) it (?:going|working|running)|(?:seems|is|it'?s|all) (?:fine|ok|okay|good) now|"
                    r"(?:heat|power|water|hot water|ac|gas) (?:is |came |'s )?back on|ya funciona|ya se arregl\w*|"
                    r"ya est[aá] bien|all clear|false alarm)\b|"
                    r"اشتغل(?:ت)? من جديد|رجع(?:ت)? تشتغل|انحلت|تم الإصلاح", re.I)
# The hazard was made safe ("the gas was shut off", "los bomberos ya la cerraron"): the emergency is over.
MADE_SAFE = re.compile(r"\b(?:shut (?:it |the \w+ |off the \w+ )?off|turned (?:it |the \w+ )?off|capped|"
                       r"(?:closed|shut) (?:the |off the )?(?:valve|main|water)|valve (?:is )?(?:closed|off)|"
                       r"(?:leak|water|flooding) (?:has |is )?(?:stopped|contained)|stopped (?:leaking|the leak)|"
                       r"made (?:it )?safe|is safe now|fire ?(?:department|fighters|men)|"
                       r"no (?:more )?(?:smell|smoke|sparks?) (?:now|anymore)|ya (?:la |lo )?(?:cerraron|apagaron)|"
                       # "it was a burner left on a little, smell is gone now"
                       r"(?:smell|smoke|odou?r|fumes) (?:is |has |have |are )?(?:gone|cleared|went away|dissipated)|"
                       r"burner (?:was )?(?:left on|on a little)|(?:stove |oven |burner )?knob (?:was )?(?:left )?on|"
                       r"aired (?:it |the \w+ )?out|ventilated|"
                       # "4B update: heat's back, but now ... no hot water": the outage is over
                       r"(?:heat|heating|power|electricity|water|gas)(?:'s| is| has come| came)? back(?: on)?(?! off)|"
                       r"bomberos|cerraron el gas)\b|الدفاع المدني|المطافي|قفلوا الغاز", re.I)
# What is left to do once a hazard is made safe, by hazard class
AFTER_HAZARD = {
    "flood": "find and fix the cause of the leak, dry out and repair the ceiling, walls and floor, and have an "
             "electrician check any light fixture or outlet the water reached before it is used again.",
    "gas": "have the gas line checked and the leak repaired by a licensed plumber or the utility before anything is "
           "relit; keep the supply off until then.",
    "electrical": "an electrician to find the fault and repair the wiring before the circuit is switched back on.",
    "fire": "an inspection of the damage (wiring, the appliance, smoke detectors) before the area is used again.",
    "co": "a technician to check the appliance or flue that produced the carbon monoxide before it is used again.",
}
# "when will someone actually come?": the open ticket's status, not the report again
WHEN_ASK = re.compile(r"\bwhen (?:will|is|are|does|do|can|would) (?:someone|somebody|anyone|they|the (?:plumber|"
                      r"tech\w*|super|vendor|guy|electrician|repair\w*))\b|\beta\b|\bhow long (?:until|till|before|"
                      r"will it take)\b|\bhow long (?:for|on) (?:the|a|my|your) \w+|"
                      r"\bany (?:update|news)\b|\bwho(?:'s| is) (?:handling|doing|fixing|coming (?:for|to))\b|"
                      r"\band when\W*$|\bhow long\W*$|\bstatus\W*$|\bcu[aá]ndo (?:viene|vienen|llega|llegan)\b|"
                      r"^\W*(?:any\s+)?status\b|"
                      r"\b(?:is )?any(?:one|body) coming\b|\bcu[aá]nto tiempo (?:tienen|tardan|van a tardar|"
                      r"tarda)\b|"
                      r"متى (?:يجي|يأتي|سيأتي|يوصل)", re.I)
# Questions about the open report that report nothing new: can it wait, who else must be called, who pays.
WAIT_ASK = re.compile(r"\b(?:is (?:that|this|it) (?:ok|okay|fine|alright|acceptable|normal|safe)|can (?:it|this|that) "
                      r"wait|should (?:i|we) wait|(?:ok|okay|fine|safe) to wait|wait (?:until|till|til) (?:tomorrow|"
                      r"monday|the morning|next week)|(?:look at|come|fix|check) (?:it|this) (?:tomorrow|on monday|"
                      r"next week|in the morning)|puedo esperar|(?:est[aá] bien|se puede) esperar|"
                      r"hasta ma[nñ]ana)\b", re.I)
NOTIFY_ASK = re.compile(r"\b(?:(?:do|should|must) (?:i|we) (?:also |still )?(?:need to |have to )?call|who (?:else )?"
                        r"(?:should|do|must) (?:i|we) call|call any(?:one|body)|(?:is|was|has|have) (?:the )?"
                        r"(?:landlord|super|owner|manager|management|building|anyone|anybody) (?:been )?"
                        r"(?:notified|told|informed|aware|called)|did (?:you|anyone) (?:tell|notify|call|inform|"
                        r"contact)|a qui[eé]n (?:llamo|debo llamar)|debo llamar|(?:le )?avisaron)\b", re.I)
PAY_ASK = re.compile(r"\b(?:who (?:pays|is paying|has to pay|will pay|covers|is responsible)|(?:do|will|would|should) "
                     r"(?:i|we) (?:have to |need to )?pay|am i (?:responsible|liable|on the hook)|charge (?:me|us)|"
                     r"qui[eé]n paga|tengo que pagar|me (?:van a )?cobra\w*)\b|مين يدفع|من يدفع", re.I)
# "which one will they fix first?": the open reports in the order they will be handled
FIRST_Q = re.compile(r"\bwhich (?:one|ones|ticket|repair|issue|problem|request|of (?:these|those|them|the two))s? "
                     r"(?:\w+ ){0,4}?(?:first|sooner|before)\b|"
                     r"\bwhat (?:gets|will get|is|will be) (?:fixed|done|handled|repaired) first\b|"
                     r"\b(?:which|what)(?: one| ones)? (?:do|should|must) (?:i|we) (?:deal with|handle|do|fix|tackle|"
                     r"start with|call about)(?: \w+)? first\b|"
                     r"\bwhat order\b|\bin (?:what|which) order\b|\bprioriti[sz]e\b|"
                     r"^\W*(?:so |ok |and )?(?:which|what) (?:one )?first\W*$|"
                     r"\bwhich (?:one )?(?:goes |comes )?first\?|"
                     r"\bwhich (?:is|are) (?:most )?urgent\b|"
                     r"\bcu[aá]l (?:arreglan|reparan) primero\b|\ben qu[eé] orden\b|بأي ترتيب|أيهما أولا", re.I)
REPAIR_QUESTION = re.compile("|".join(f"(?:{p.pattern})" for p in (WAIT_ASK, NOTIFY_ASK, PAY_ASK)), re.I)
ACCESS_WINDOW = re.compile(r"\b(?:after|before|between|not before|not after|any ?time after)\s+\d{1,2}(?::\d{2})?\s*"
                           r"(?:am|pm)?(?:\s*(?:and|-|to)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?|\b(?:mornings?|afternoons?|"
                           r"evenings?|weekends?) only\b", re.I)


MAX_OPEN = 8  # earlier open reports kept beside the current one
# "can you send me the ticket numbers for both", "list my open requests": the open reports with their references
TICKETS_ASK = re.compile(r"\b(?:ticket|report|request|reference|case|work order)\s*(?:numbers?|#s?|nos?\.?|ids?|"
                         r"refs?)\b|\breference (?:numbers?|codes?)\b|\b(?:list|show|what are|send)\b.{0,20}"
                         r"\b(?:my|the|all|both|open) (?:tickets|reports|requests|work orders)\b|"
                         r"\b(?:short |quick )?(?:summary|summarize|recap)\b|\bbuilding log\b|"
                         r"\bn[uú]mero(?:s)? de (?:ticket|reporte|solicitud)\w*", re.I)


def reference(ticket: dict[str, Any]) -> str:
    """A short reference for a report, the same every time it is asked for (from its own text)."""
    return "MR-" + hashlib.sha1(ticket["text"].encode()).hexdigest()[:6].upper()


def _triaged(tickets: list[dict[str, Any]], model: Any) -> list[tuple[dict[str, Any], TriageResult]]:
    """Each open report with its classification (category, vendor, ETA)."""
    return [(ticket, classify_detailed(ticket["text"], model=model)[0]) for ticket in tickets]


def _excerpt(ticket: dict[str, Any]) -> str:
    """A report in a line: its start, and for a report a follow-up added to ("6C - smoke detector chirping. wait, it's
    the CO alarm going off") its latest words too, so a summary says what it is now."""
    text = ticket["text"]
    if len(text) <= 60:
        return text
    latest = re.split(r"(?<=[.!?])\s+", text)[-1]
    if len(latest) < len(text) - 30:
        tail = latest[-50:] if len(latest) <= 50 else latest[-50:].split(" ", 1)[-1]  # from a whole word
        return f"{text[:30].rstrip()}... {tail.lstrip()}"
    return f"{text[:60].rstrip()}..."


def open_reports(tickets: list[dict[str, Any]], *, model: Any = None) -> str:
    """Every open report with its reference, priority, who comes and when (the most urgent first)."""
    rows = sorted(_triaged(tickets, model), key=lambda row: PRIORITY_RANK[row[0]["priority"]])
    lines = [f"- **{reference(ticket)}**: {CATEGORY_LABELS[kept.category]} ({_excerpt(ticket)}), "
             f"**{ticket['priority']}**, {kept.vendor} within about {_duration(kept.eta_hours)}"
             for ticket, kept in rows]
    return f"Your open reports ({len(lines)}):\n" + "\n".join(lines)


# "how many of these can wait till next week", "which ones can wait": the open reports, each
WAIT_WHICH = re.compile(r"\b(?:how many|which(?: ones)?|what) (?:of (?:these|them|those) )?(?:\w+ )?can "
                        r"(?:wait|hold)\b|\b(?:these|them|those|any of (?:these|them|those))\b.{0,20}\bcan "
                        r"(?:wait|hold)\b", re.I)


def report_due(ticket: dict[str, Any], model: Any = None) -> str:
    """Who to send for one open report and how fast."""
    kept, _ = classify_detailed(ticket["text"], model=model)
    return (f"**{_excerpt(ticket)}**: {CATEGORY_LABELS[kept.category]}, **{ticket['priority']}** — send "
            f"{kept.vendor[:1].lower() + kept.vendor[1:]} within about {_duration(kept.eta_hours)}.")


def which_can_wait(tickets: list[dict[str, Any]], model: Any = None) -> str:
    """Which open reports can wait (P2, routine) and which cannot (P0 now, P1 within a day or two)."""
    rows = sorted(_triaged(tickets, model), key=lambda row: PRIORITY_RANK[row[0]["priority"]])
    can = [t for t, _ in rows if t["priority"] == "P2"]
    cannot = [(t, k) for t, k in rows if t["priority"] != "P2"]
    lines = [f"**{len(can)} of {len(rows)} can wait** (routine, P2): " + ("; ".join(_excerpt(t) for t in can) or "none")
             + "."]
    if cannot:
        lines.append("These should not wait: " + "; ".join(
            f"{_excerpt(t)} (**{t['priority']}**, within about {_duration(k.eta_hours)})" for t, k in cannot) + ".")
    return "\n".join(lines)


def backlog(text: str, *, model: Any = None) -> list[tuple[str, TriageResult]]:
    """A list of three or more problems (a manager's queue), each triaged on its own, the most urgent first (then
    the sooner visit); [] when the message is no such list."""
    items = [p for p in listed_items(text) if analyze(p).signals]
    if len(items) < 3:
        return []
    triaged = [(part, classify_detailed(part, model=model)[0]) for part in items]
    return sorted(triaged, key=lambda row: (PRIORITY_RANK[row[1].priority], row[1].eta_hours))


def handling_order(tickets: list[dict[str, Any]], *, model: Any = None) -> str:
    """The open reports, the most urgent first (then the sooner visit), each with its priority and due time."""
    def urgency(row: tuple[dict[str, Any], TriageResult]) -> tuple[int, float]:
        return PRIORITY_RANK[row[0]["priority"]], row[1].eta_hours

    rows = sorted(_triaged(tickets, model), key=urgency)
    lines = [f"{i}. {CATEGORY_LABELS[kept.category].capitalize()} ({_excerpt(ticket)}): **{ticket['priority']}**, "
             f"{kept.vendor} within about {_duration(kept.eta_hours)}"
             for i, (ticket, kept) in enumerate(rows, start=1)]
    if len(rows) > 1 and urgency(rows[0]) == urgency(rows[1]):  # a tie is said, not hidden behind a list order
        tied = sum(urgency(row) == urgency(rows[0]) for row in rows)
        which = "Both" if tied == len(rows) == 2 else f"The first {tied}"
        head = (f"{which} are equally urgent ({rows[0][0]['priority']}, due within the same time); "
                "each goes to its own trade, side by side:")
        return head + "\n" + "\n".join(lines)
    return "The most urgent is handled first:\n" + "\n".join(lines)


def repair_answer(text: str, ticket: dict[str, Any], lang: str | None, has_lease: bool, *, model: Any = None) -> str:
    """Answer a question about the open report (can it wait, who else to call, who pays) from its priority."""
    kept, detail = classify_detailed(ticket["text"], model=model)
    config = load_triage_config()
    priority = ticket["priority"]
    label = (" + ".join(str(config.hazard(h).get("label", h)) for h in detail["hazards"]) if detail["hazards"]
             else CATEGORY_LABELS[kept.category])
    parts = []
    if WAIT_ASK.search(text):
        key = {"P0": "wait_p0", "P1": "wait_p1"}.get(priority, "wait_p2")
        parts.append(phrase(key, lang, label=label, on_call=config.on_call, eta=_duration(kept.eta_hours)))
    if NOTIFY_ASK.search(text):
        parts.append(phrase("notify_p0" if priority == "P0" else "notify", lang, priority=priority,
                            on_call=config.on_call, vendor=kept.vendor, eta=_duration(kept.eta_hours)))
    if PAY_ASK.search(text):
        parts.append(phrase("who_pays_lease" if has_lease else "who_pays", lang))
    return "\n\n".join(parts)


def _told_parts(text: str, parts: list[str]) -> list[tuple[str, bool]]:
    """Each part of a several-problem message that reports something, and whether it tells the message's own (top)
    problem."""
    told = analyze(text).top
    out = []
    for part in parts:
        signals = [s for s in analyze(part).signals if s.name != "object"]
        if signals:
            out.append((part, told is not None and signals[0].name == told.name))
    return out


def main_issue(text: str, result: TriageResult, *, model: Any = None) -> TriageResult:
    """The ticket's triage, judged on the part of a several-problem message that tells its problem when that part
    alone is more urgent ("AC died, 97 out, top floor. also mold in the bathroom": the mold does not dilute the AC)."""
    parts = issue_parts(text)
    own = next((part for part, is_own in _told_parts(text, parts) if is_own), None) if len(parts) >= 2 else None
    if own is None:
        return result
    alone, _ = classify_detailed(own, model=model)
    return alone if PRIORITY_RANK[alone.priority] < PRIORITY_RANK[result.priority] else result


def other_issues(text: str, result: TriageResult, *, model: Any = None) -> list[tuple[str, TriageResult]]:
    """The other problems of one message ("AC died... also black mold in the bathroom"): each part that reports a
    problem of another category than the ticket's, triaged on its own as a ticket of its own."""
    parts = issue_parts(text)
    if len(parts) < 2:
        return []
    labels = [UNIT_LABEL.search(p) for p in parts]
    if all(labels) and len({m.group(1).upper() for m in labels if m}) == len(parts):
        # a manager's report of several units: each unit its own ticket, whatever its category
        triaged = [(part, classify_detailed(part, model=model)[0]) for part in parts]
        main = next((i for i, (_, r) in enumerate(triaged) if (r.priority, r.category) == (result.priority,
                                                                                          result.category)), 0)
        return [t for i, t in enumerate(triaged) if i != main]
    out: list[tuple[str, TriageResult]] = []
    for part, is_own in _told_parts(text, parts):
        if is_own:
            continue  # the ticket's own problem, told in this part
        alone, _ = classify_detailed(part, model=model)
        if alone.category != result.category and all(alone.category != o.category for _, o in out):
            out.append((part, alone))
    return out


def _by_label(text: str, ticket: dict[str, Any] | None, tickets: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The open report of the unit a message names ("2A", "7C"), when one of them names it."""
    said = UNIT_LABEL.search(text)
    if not said:
        return None
    label = said.group(1).upper()
    return next((t for t in [ticket, *reversed(tickets)] if t and any(
        m.group(1).upper() == label for m in UNIT_LABEL.finditer(t["text"]))), None)


_FILLER = {"status", "update", "updates", "any", "news", "how", "long", "for", "the", "is", "are", "an", "of", "on",
           "so", "ok", "okay", "hi", "hello", "pls", "please", "us", "me", "my", "do", "we", "you", "yet", "still"}
_ASK_WORDS = {"when", "someone", "somebody", "anyone", "coming", "come", "will", "there", "they", "that", "this",
              "what", "time", "long", "here", "fixed", "repair", "guy", "tech", "technician", "plumber", "super"}
# A neighbour's behaviour is not a repair: said plainly, the open reports untouched.
NEIGHBOUR_CONDUCT = re.compile(
    r"\bneighbou?r\w*\b.{0,60}\b(?:noise|noisy|loud|bark\w*|music|part(?:y|ies|ying)|yell\w*|scream\w*|stomp\w*|"
    r"smok\w*|fight\w*|dog|tv)\b|\b(?:noise|noisy|loud|bark\w*|music|part(?:y|ies|ying)|stomp\w*)\b.{0,60}"
    r"\bneighbou?r\w*\b|\bvecino\w*\b.{0,60}\b(?:ruido|m[uú]sica|fiesta|perro|ladra\w*)\b", re.I)


def _told_anew(said: list[Any], tickets: list[dict[str, Any] | None]) -> bool:
    """The message reports a problem none of the open reports has (not only a word of theirs said again)."""
    known = {"object", *(s.name for t in tickets if t for s in analyze(t["text"]).signals)}
    return any(s.name not in known for s in said)


# An open emergency told to be growing: get out now rather than wait for the visit
WORSENING = re.compile(r"\b(?:worse|faster|bigger|stronger|spreading|spread|more and more|louder|burning|smoke|smoking|"
                       r"getting (?:hot|hotter|warm)|peor|m[aá]s fuerte|m[aá]s r[aá]pido|quemad\w*|humo)\b|"
                       r"أسوأ|اسوأ|يزيد|دخان|حريق", re.I)


def _new_danger(text: str, ticket: dict[str, Any], model: Any) -> tuple[TriageResult, dict[str, Any]] | None:
    """The follow-up's own classification when it tells an emergency of another kind than the open emergency's (a
    report raised to P0 says so instead)."""
    alone, detail = classify_detailed(text, model=model)
    named = set(detail["hazards"]) - {"other"}  # a hazard the rules name, not the learned model's hunch
    if alone.priority != "P0" or not named:
        return None
    before = set(classify_detailed(ticket["text"], model=model)[1]["hazards"])
    return (alone, detail) if named - before else None


# "can I turn the oven on with the door open to heat the kitchen?": asked while the heat is out, answered first
OVEN_FOR_HEAT = re.compile(r"(?=.*\b(?:oven|stove|burners?|horno|estufa|hornillas?)\b|.*(?:الفرن|البوتاجاز|الغاز))"
                           r"(?=.*\b(?:(?:to|for|para|so)\s+(?:heat|warm|calentar)\w*|for (?:heat|warmth)|"
                           r"heat(?:ing)? (?:the|our|my) (?:home|apartment|apt|place|kitchen|room|house|flat)|"
                           r"como calefacci[oó]n)\b|.*(?:للتدفئة|ندفي|أدفي|ادفي))"
                           r"(?=.*(?:\?|\b(?:can|could|should|is it ok|puedo|podemos|se puede)\b|هل))", re.I | re.S)
OVEN_ANSWER = {
    "en": "**No - do not heat your home with the oven or a gas stove**, even with the door open: it can fill the home "
          "with carbon monoxide and start a fire. Keep everyone in one room with warm layers, use an electric space "
          "heater only if it is safe (plugged straight into the wall, 3 feet from anything that burns, never left "
          "on unattended), or stay with family or friends until the heat is back.",
    "es": "**No: no caliente su casa con el horno ni con la estufa de gas**, aunque deje la puerta abierta: puede "
          "llenar la casa de monóxido de carbono y provocar un incendio. Mantengan a todos en un cuarto con ropa "
          "abrigada; use un calefactor eléctrico solo si es seguro (enchufado directo a la pared, a un metro de lo "
          "que pueda arder, nunca sin vigilancia), o quédense con familia o amigos hasta que vuelva la calefacción.",
    "ar": "**لا: لا تستخدم الفرن أو موقد الغاز للتدفئة** ولو كان بابه مفتوحًا: قد يملأ البيت بأول أكسيد الكربون ويسبب "
          "حريقًا. اجمعوا الجميع في غرفة واحدة بملابس دافئة، واستخدم مدفأة كهربائية فقط إن كانت آمنة (موصولة بالحائط "
          "مباشرة وبعيدة مترًا عن أي شيء قابل للاشتعال ولا تُترك دون مراقبة)، أو ابقوا عند الأهل أو الأصدقاء حتى تعود "
          "التدفئة.",
}


def triage_node(state: AgentState, *, model: Any = None, now: Callable[[], datetime] | None = None) -> dict[str, Any]:
    """LangGraph node: triage state["text"] into state["triage"], with a reply and a trace entry.

    A follow-up about the same repair updates its ticket: the priority can rise, never silently fall. A question
    about heating with the oven is answered first, whatever else the message says.
    """
    out = _triage(state, model=model, now=now)
    if OVEN_FOR_HEAT.search(state.get("text", "") or "") and out.get("reply"):
        lang = state.get("lang") or "en"
        out = {**out, "reply": OVEN_ANSWER.get(lang, OVEN_ANSWER["en"]) + "\n\n" + out["reply"]}
    return out


def _triage(state: AgentState, *, model: Any = None, now: Callable[[], datetime] | None = None) -> dict[str, Any]:
    started = time.perf_counter()
    text = state.get("text", "") or ""
    queue = backlog(text, model=model)
    if queue:  # "backlog:\n2A no hot water\n3C smells gas\n...": each its own report, in the order to handle them
        (first, top), later = queue[0], queue[1:]
        lines = [f"{i}. {part} — {CATEGORY_LABELS[r.category]}, **{r.priority}**: {r.vendor} within about "
                 f"{_duration(r.eta_hours)}" for i, (part, r) in enumerate(queue, start=1)]
        head = render_reply(top, state.get("lang")) + "\n\n" if top.priority == "P0" else ""
        return {"triage": top.model_dump(mode="json"), "ticket": {"text": first, "priority": top.priority,
                                                                  "category": top.category},
                "tickets": [{"text": part, "priority": r.priority, "category": r.category}
                            for part, r in reversed(later)][-MAX_OPEN:],
                "reply": head + f"**{len(queue)} reports, in the order to handle them** (the most urgent first):\n"
                + "\n".join(lines),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "backlog": [r.priority for _, r in queue], "priority": top.priority,
                           "category": top.category, "handoff": top.handoff}]}
    dangers = [s.hazard for s in analyze(text).signals if s.hazard] if NOTICE_ASK.search(text) and \
        IF_IT_HAPPENS.search(text) else []
    if dangers:  # "write me a short note to all tenants on what to do if they smell gas": guidance, no report
        cfg = load_triage_config()
        today = (now() if now is not None else datetime.now(ZoneInfo("America/New_York"))).date()
        guidance = [(str(cfg.hazard(h).get("label", h)), list(cfg.hazard(h)["safety"]))
                    for h in dict.fromkeys(dangers)]
        return {"reply": safety_notice(guidance, today),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "safety_notice": list(dict.fromkeys(dangers))}]}
    ticket = state.get("ticket")
    tickets = list(state.get("tickets") or [])
    said = analyze(text).signals if ticket else []  # what this message alone reports
    about = _by_label(text, ticket, tickets)
    if about is None and ticket and tickets and not [s for s in said if s.name != "object"]:
        # "con ed said it was a loose fitting behind the stove, they shut the valve" after a later, other report:
        # the earlier report it is about is the one followed up
        about = ticket_named(text, [ticket, *reversed(tickets)])
    if about is not None and about != ticket and not CLOSED.search(text):
        # "plumber closed the valve in 4F, what's next for 3F": that unit's report is the one followed up
        tickets = [t for t in tickets if t != about] + ([ticket] if ticket else [])
        ticket = about
    report = _follow_up_text(text, ticket)
    result, detail = classify_detailed(_new_part(report) if ticket and report == text else report, model=model)
    notes: list[str] = []
    hazard_now = any(s.priority == "P0" for s in said)
    labelled = _by_label(text, ticket, tickets)
    remainder = CLOSED.sub(" ", text) if ticket and CLOSED.search(text) else ""
    if remainder and [s for s in analyze(remainder).signals if s.name != "object"]:
        # "5C says heat is back on but now there's no hot water": the old problem is over, the new one replaces it
        # on the same report, at its own priority (said, even when it is lower)
        old = labelled or ticket
        assert old is not None
        result, detail = classify_detailed(remainder, model=model)
        unit = UNIT_LABEL.search(text)
        rest = [t for t in [*tickets, ticket] if t is not None and t is not old and t != old]
        notes = [f"The first problem{' in ' + unit.group(1).upper() if unit else ''} is fixed, so that part is "
                 f"closed (it was {old['priority']}). What is left is logged on the same report as "
                 f"**{result.priority}**."]
        return {"triage": result.model_dump(mode="json"), "tickets": rest[-MAX_OPEN:],
                "ticket": {"text": remainder.strip(), "priority": result.priority, "category": result.category},
                "reply": "\n\n".join([*notes, render_reply(result, state.get("lang"))]),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "priority": result.priority, "category": result.category, "handoff": result.handoff,
                           "replaced": old["priority"], **detail}]}
    if labelled is not None and labelled is not ticket and CLOSED.search(text):
        # "update on 7C - con ed came, all clear. 4B still cold": that unit's report closed, the others stay
        rest = [t for t in tickets if t is not labelled and t != labelled]
        unit = UNIT_LABEL.search(text)
        return {"tickets": rest, "reply": f"Closed the report for {unit.group(1).upper() if unit else 'that unit'}"
                f" ({labelled['category']}, was {labelled['priority']}). Still open: " + "; ".join(
                    f"{t['category']} {t['priority']}" for t in [ticket, *rest] if t) + ".",
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3), "closed": True}]}
    if ticket and CLOSED.search(text) and not hazard_now:
        rest = list(tickets)  # an earlier report still open becomes the one followed up
        # "con ed came for 3C, all clear. next: who do i send to 2A and how fast": that unit's report, answered
        asked = next((t for label in UNIT_LABEL.findall(text) for t in reversed(rest)
                      if not re.search(rf"(?<![\w-]){label}\b", ticket["text"], re.I)
                      and re.search(rf"(?<![\w-]){label}\b", t["text"], re.I)), None)
        if asked is not None:
            rest = [t for t in rest if t is not asked] + [asked]
        return {"ticket": rest[-1] if rest else None, "tickets": rest[:-1],
                "reply": f"Glad it's fixed: I've closed your {ticket['category']} report "
                f"(it was {ticket['priority']}). Tell me if it comes back." + (
                    " Still open: " + "; ".join(f"{t['text'][:40].rstrip()}… ({t['priority']})" for t in tickets)
                    + "." if tickets else "") + ("\n\n" + report_due(asked, model) if asked is not None else ""),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3), "closed": True}]}
    today = (now() if now is not None else datetime.now(ZoneInfo("America/New_York"))).date()  # the graph's clock
    if (ticket or tickets) and NOTICE_ASK.search(text) and not [s for s in said if s.name != "object"]:
        # "write me something to post in the lobby + email everyone": a notice about the open reports
        told = NOTICE_SAYS.search(text)
        return {"reply": building_notice([t for t in [*tickets, ticket] if t], today,
                                         (told.group(1) or told.group(2)) if told else None, text),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "notice": True}]}
    if (ticket or tickets) and LETTER_ASK.search(text) and not _told_anew(said, [*tickets, ticket]):
        # "write a letter to the landlord, give him 24 hours on the heat": the open reports, drafted for the landlord
        return {"reply": repair_letter(text, [t for t in [ticket, *reversed(tickets)] if t], state.get("lang"), today),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "letter": True}]}
    if (ticket or tickets) and WITHHOLD.search(text) and not [s for s in said if s.name != "object"]:
        # "can i just not pay december rent until its fixed?": what withholding risks and the safer steps
        return {"reply": phrase("withhold_rent", state.get("lang")),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "withholding_asked": True}]}
    if ticket and ACT_FOR_ME.search(text) and not [s for s in said if s.name != "object"]:
        # "can you call the super?", "ok send this to hpd for me": say what was done and what the person can do,
        # instead of the report's card again
        key = "act_for_me_city" if CITY_NAMED.search(text) else "act_for_me"
        return {"reply": phrase(key, state.get("lang"),
                                done=phrase("act_done_p0" if ticket["priority"] == "P0" else "act_done",
                                            state.get("lang"), on_call=load_triage_config().on_call)),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "cannot_act": True}]}
    waited = waited_hours(text, today) if ticket else None
    made_safe_now = ticket is not None and ticket["priority"] == "P0" and MADE_SAFE.search(text) is not None
    if ticket and (WHEN_ASK.search(text) or waited is not None) and not [s for s in said if s.name != "object"] \
            and not made_safe_now:  # "they shut the valve. status?": the report updated first, below
        by_subject = ticket_named(text, [ticket, *reversed(tickets)])
        named = [by_subject] if by_subject else [
            t for t in [ticket, *reversed(tickets)]
            if any(w in t["text"].lower() for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _ASK_WORDS)]
        content = [w for w in re.findall(r"[a-záéíóúñ]{2,}", text.lower()) if w not in _ASK_WORDS | _FILLER]
        every = re.search(r"\b(?:everything|all|both|each|every \w+|todo|todos|ambos|كل)\b", text, re.I)
        if tickets and (every or (not named and not content)) and not _by_label(text, ticket, tickets):
            # "status? anyone coming?" with several reports open: each of them, the most urgent first
            return {"reply": open_reports([*tickets, ticket], model=model),
                    "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                               "status_asked": len(tickets) + 1}]}
        # "when is someone coming for the ceiling", "who's handling 2A and when": that report
        ticket = _by_label(text, ticket, tickets) or (named[0] if named else ticket)
        kept, _ = classify_detailed(ticket["text"], model=model)
        eta = kept.eta_hours if kept.priority == ticket["priority"] else {"P0": 1.0, "P1": 24.0}.get(
            ticket["priority"], kept.eta_hours)
        late = overdue_note(waited, ticket, eta, state.get("lang")) if waited is not None else None
        if late:  # "its been 6 hrs and nobody came for the leak", "el super dice que vienen hasta el lunes"
            return {"reply": late, "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                                              "overdue": ticket["priority"], "escalated": True}]}
        return {"reply": phrase("report_status", state.get("lang"), label=CATEGORY_LABELS[kept.category],
                                priority=ticket["priority"], vendor=kept.vendor, eta=_duration(eta))
                + " " + phrase("status_p0" if ticket["priority"] == "P0" else "status_worse", state.get("lang")),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "status_asked": True}]}
    earlier = list(tickets)
    if NEIGHBOUR_CONDUCT.search(text) and not [s for s in said or analyze(text).signals
                                               if s.name != "object" and s.category != "general"]:
        return {"reply": phrase("neighbour_conduct", state.get("lang")),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "neighbour_conduct": True}]}
    if ticket and TICKETS_ASK.search(text) and not [s for s in said if s.name != "object"]:
        return {"reply": open_reports([*earlier, ticket], model=model),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "reports_listed": len(earlier) + 1}]}
    if ticket and FIRST_Q.search(text) and not [s for s in said if s.name != "object"]:
        return {"reply": handling_order([*earlier, ticket], model=model),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "order_asked": len(earlier) + 1}]}
    if ticket and tickets and WAIT_WHICH.search(text) and not [s for s in said if s.name != "object"]:
        # "how many of these can wait till next week": each open report, whether it can
        return {"reply": which_can_wait([*earlier, ticket], model),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "wait_asked": len(earlier) + 1}]}
    if ticket and REPAIR_QUESTION.search(text) and not [s for s in said if s.name != "object"]:
        return {"reply": repair_answer(text, ticket, state.get("lang"), bool(state.get("lease")), model=model),
                "trace": [{"node": "triage", "ms": round((time.perf_counter() - started) * 1000, 3),
                           "question_about_report": True}]}
    made_safe = False  # the emergency reported before is over: its report is replaced, not kept beside
    window = ACCESS_WINDOW.search(text) if VISIT_ASK.search(text) else None
    if window:  # "can the guy come after 6pm? i sleep during the day": the visit window, passed on
        notes.append(f"Noted: the visit should be **{window.group(0).strip()}**; we will pass that on and confirm the "
                     "time with you.")
    if ticket and made_safe_now and not hazard_now:
        # "the firefighters shut the stove off, it needs fixing": the danger is over; what is left is a repair,
        # said, never a silent drop
        alone, detail = classify_detailed(text, model=model)
        if alone.priority == "P0":  # no hazard named now, and made safe: the learned model's hunch is not a hazard
            alone, detail = classify_detailed(text, model=model, learned=None)
        if alone.priority != "P0":
            if alone.priority == "P2":  # a contained emergency leaves damage to see to soon, not a routine job
                eta = min(alone.eta_hours, 24.0)
                said_again = _confirm_message(alone.category, "P1", alone.vendor, eta, None, "")
                alone = alone.model_copy(update={"priority": "P1", "eta_hours": eta, "confirm_message": said_again})
            result, report, made_safe = alone, text, True
            notes.append(f"The danger is over, so this is now a **{alone.priority}** repair (was P0).")
            after = AFTER_HAZARD.get(next(iter(classify_detailed(ticket["text"], model=model)[1]["hazards"]), ""))
            if after:
                notes.append(f"Next: {after}")
    elif ticket and report != text and ticket["priority"] == "P0" \
            and (new_danger := _new_danger(text, ticket, model)) is not None:
        # "ahora huele a gas cerca de la estufa" after a no-heat report: the new danger's own steps, not the first's
        result, detail = new_danger
        notes.append(phrase("new_danger", state.get("lang"), priority=result.priority))
    elif ticket and report != text:
        before = ticket["priority"]
        if PRIORITY_RANK[result.priority] > PRIORITY_RANK[before]:
            kept, _ = classify_detailed(ticket["text"], model=model)  # never lower a ticket on more details
            result = kept
            notes.append(phrase("report_kept", state.get("lang"), priority=before))
        elif result.priority != before:
            notes.append(phrase("report_raised", state.get("lang"), priority=result.priority, before=before))
        else:
            notes.append(phrase("report_kept", state.get("lang"), priority=before))
            if before == "P0" and WORSENING.search(text):
                # "now theres a burning smell and the water is coming faster": not the same reply again
                notes.append(phrase("p0_worse", state.get("lang")))
    exposed = exposure_note(report, result, state.get("lang"))
    if exposed:  # "my baby is 4 months" with the AC or the heat out: what to do until the visit, said once
        notes.append(exposed)
    if result.handoff:
        log.warning("triage P0 (%s): on-call handoff", ", ".join(detail["hazards"]))
    if ticket and report == text and not CLOSED.search(text) and ticket["priority"] in ("P0", "P1") and not made_safe:
        # "also the faucet...": a report of its own, and the urgent one before it is not forgotten
        notes.append(f"Logged as a separate report; the earlier {ticket['category']} report stays open as "
                     f"**{ticket['priority']}**.")
    if report == text:  # a new report: its own problem judged on its own part, and each other problem logged
        result = main_issue(text, result, model=model)
    others = other_issues(text, result, model=model) if report == text else []
    ms = (time.perf_counter() - started) * 1000
    reply = "\n\n".join([*notes, render_reply(result, state.get("lang")), *(
        f"**Also logged:** {CATEGORY_LABELS[o.category]} ({part[:60]}{'...' if len(part) > 60 else ''}) as "
        f"**{o.priority}**: {o.vendor} within about {_duration(o.eta_hours)}." for part, o in others)])
    if ticket and report == text and not made_safe:  # a new report: the one before stays open beside it
        earlier = [*earlier, ticket][-MAX_OPEN:]
    if others and UNIT_LABEL.search(others[0][0]):  # a report of several units: this ticket is its own unit's part
        report = next((p for p in issue_parts(text) if p not in {part for part, _ in others}), report)
    earlier = [*earlier, *({"text": part, "priority": o.priority, "category": o.category} for part, o in others)]
    return {
        "triage": result.model_dump(mode="json"),
        "tickets": earlier,
        # a new report beside an open one keeps only its own part ("ok im outside, con ed is coming. also the sink is
        # clogged" is a sink report): a later follow-up about the first is then not read as about this one
        "ticket": {"text": _new_part(report) if ticket and report == text else report, "priority": result.priority,
                   "category": result.category},
        "reply": reply,
        "trace": [{"node": "triage", "ms": round(ms, 3), "priority": result.priority, "category": result.category,
                   "handoff": result.handoff, "follow_up": report != text, **detail}],
    }
