"""A tenant's written repair request to the landlord, drafted from the open reports of the conversation ("write a
letter to the landlord, give him 24 hours on the heat", "escríbeme un mensaje para el dueño en inglés").

The problems are the person's own words when the letter is in the language they wrote in, else what the triage rules
found in them, named in the letter's language (a template, never a translation of free text). The workspace sends
nothing: the draft says so.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from agents.doma.triage_rules import PRIORITY_RANK, analyze
from agents.i18n import language

LETTER_ASK = re.compile(
    r"\b(?:write|draft|compose|prepare|type|put together|escr[ií]b\w*|redact\w*|prepar\w*)\b.{0,60}?"
    r"\b(?:letter|message|"
    r"e-?mail|note|text|complaint|carta|mensaje|correo|queja|nota)\b.{0,60}?\b(?:landlord|owner|management|super|"
    r"property manager|building|due[nñ]o|casero|propietari[oa]|administraci[oó]n|s[uú]per|encargado)\b|"
    r"(?:اكتب|أكتب|صغ)\W+(?:\w+\W+){0,4}?(?:رسالة|خطاب|شكوى)\W+(?:\w+\W+){0,3}?(?:لل|إلى |الى )?(?:مالك|المالك|"
    r"صاحب|الإدارة|الادارة)", re.I)
_IN_LANGUAGE = (("en", re.compile(r"\bin english\b|\ben ingl[eé]s\b|بالإنجليزي|بالانجليزي|بالإنكليزي", re.I)),
                ("es", re.compile(r"\bin spanish\b|\ben español\b|\ben espanol\b|بالإسبانية", re.I)),
                ("ar", re.compile(r"\bin arabic\b|\ben [aá]rabe\b|بالعربي", re.I)))
_DEADLINE = re.compile(r"\b(\d{1,3})\s*(?:hours?|hrs?|h|horas)\b|(\d{1,3})\s*ساع", re.I)
_ASSOCIATION = re.compile(r"\btenants?'?s?'? (?:association|union|committee)\b|\basociaci[oó]n de inquilinos\b|"
                          r"رابطة المستأجرين|جمعية المستأجرين", re.I)

# what the rules found, named for a landlord: (English, Spanish, Arabic)
_NAMED = {
    "hazard:gas": ("a smell of gas", "olor a gas", "رائحة غاز"),
    "hazard:fire": ("fire or smoke", "fuego o humo", "حريق أو دخان"),
    "hazard:flood": ("water flooding in", "una inundación de agua", "تسرب مياه غزير"),
    "hazard:electrical": ("an electrical hazard (sparks, burning or water near wiring)",
                          "un peligro eléctrico (chispas, olor a quemado o agua cerca de cables)",
                          "خطر كهربائي (شرر أو احتراق أو ماء قرب الأسلاك)"),
    "hazard:co": ("a carbon monoxide alarm or symptoms", "alarma o síntomas de monóxido de carbono",
                  "إنذار أو أعراض أول أكسيد الكربون"),
    "hazard:break_in": ("a break-in", "un robo o intrusión", "اقتحام"),
    "hazard:structural": ("signs of structural collapse", "señales de derrumbe", "علامات انهيار"),
    "hazard:egress": ("a blocked or locked way out", "una salida bloqueada", "مخرج مسدود"),
    "no_heat_freezing": ("no heat in freezing weather", "no hay calefacción con temperaturas bajo cero",
                         "لا توجد تدفئة في طقس متجمد"),
    "no_heat": ("no heat", "no hay calefacción", "لا توجد تدفئة"),
    "no_hot_water": ("no hot water", "no hay agua caliente", "لا يوجد ماء ساخن"),
    "no_water": ("no water", "no hay agua", "لا يوجد ماء"),
    "no_water_building": ("no water in the building", "no hay agua en el edificio", "لا يوجد ماء في المبنى"),
    "leak": ("a water leak", "una fuga de agua", "تسرب ماء"),
    "spray_leak": ("a pipe spraying water", "una tubería que echa agua", "أنبوب يرش الماء"),
    "toilet_out": ("the toilet does not work", "el inodoro no funciona", "المرحاض لا يعمل"),
    "sewage": ("sewage backing up", "aguas negras que se devuelven", "طفح مياه الصرف"),
    "no_cooking": ("the stove does not work", "la estufa no funciona", "الموقد لا يعمل"),
    "entry_door": ("the building's entrance door does not lock", "la puerta de entrada del edificio no cierra",
                   "باب المبنى لا يقفل"),
    "lock_broken": ("a broken lock", "una cerradura rota", "قفل مكسور"),
    "window_broken": ("a broken window", "una ventana rota", "نافذة مكسورة"),
    "fridge_out": ("the refrigerator does not work", "el refrigerador no funciona", "الثلاجة لا تعمل"),
    "elevator_out": ("the elevator is out of service", "el ascensor no funciona", "المصعد معطل"),
    "power_out": ("no electricity", "no hay electricidad", "لا توجد كهرباء"),
    "ac_out": ("the air conditioning does not work", "el aire acondicionado no funciona", "المكيف لا يعمل"),
    "clog": ("a clogged drain", "un desagüe tapado", "انسداد في التصريف"),
    "pests": ("pests (mice, rats or roaches)", "plagas (ratones, ratas o cucarachas)", "حشرات أو قوارض"),
    "mold": ("mold", "moho", "عفن"),
    "floor_hole": ("a hole in the floor or ceiling", "un hueco en el piso o el techo", "فتحة في الأرض أو السقف"),
}
_CATEGORY = {"plumbing": ("a plumbing problem", "un problema de plomería", "مشكلة سباكة"),
             "hvac": ("a heating or cooling problem", "un problema de calefacción o aire", "مشكلة تدفئة أو تبريد"),
             "general": ("a repair", "una reparación", "إصلاح"),
             "emergency": ("an emergency", "una emergencia", "حالة طارئة")}
_AT = {"en": 0, "es": 1, "ar": 2}

_TEXT = {
    "en": {"intro": "Here is a message to your landlord; edit it before you send it. I have not sent it: copy it into "
                    "an email or a letter and keep a dated copy.",
           "subject": "Subject: Repair request", "dear": "Dear {name},",
           "body": "I am writing to report {what} and to ask for {it} to be repaired:",
           "what_one": "a problem in my home", "what_many": "the following problems", "it_one": "it",
           "it_many": "them",
           "P0": "This is a safety emergency: please send someone immediately.",
           "P1": "This affects whether the home can be lived in: please have it repaired within 24 hours.",
           "P2": "Please arrange the repair and let me know when to expect someone.",
           "hours": "Please have it repaired within {hours} hours.",
           "confirm": "Please confirm in writing when the repair will be made. If it is not, I will report it to the "
                      "city's housing inspectors (311 in New York).",
           "thanks": "Thank you,", "sign": "[your name], apartment [number]", "association": "The Tenants' Association",
           "own": "in my words"},
    "es": {"intro": "Aquí tiene un mensaje para el dueño; revíselo antes de enviarlo. No lo he enviado: cópielo en un "
                    "correo o una carta y guarde una copia con la fecha.",
           "subject": "Asunto: Solicitud de reparación", "dear": "Estimado/a {name}:",
           "body": "Le escribo para informarle de {what} y pedirle que {it} repare:",
           "what_one": "un problema en mi vivienda", "what_many": "los siguientes problemas", "it_one": "lo",
           "it_many": "los",
           "P0": "Es una emergencia de seguridad: por favor, envíe a alguien de inmediato.",
           "P1": "Afecta a la habitabilidad de la vivienda: por favor, repárelo en 24 horas.",
           "P2": "Por favor, organice la reparación y avíseme cuándo vendrá alguien.",
           "hours": "Por favor, repárelo en un plazo de {hours} horas.",
           "confirm": "Por favor, confirme por escrito cuándo se hará la reparación. Si no se hace, lo reportaré a "
                      "los inspectores de vivienda de la ciudad (311 en Nueva York).",
           "thanks": "Gracias,", "sign": "[su nombre], apartamento [número]",
           "association": "La Asociación de Inquilinos", "own": "en mis palabras"},
    "ar": {"intro": "هذه رسالة إلى المالك؛ راجعها قبل إرسالها. لم أرسلها: انسخها في بريد إلكتروني أو رسالة واحتفظ "
                    "بنسخة "
                    "مؤرخة.",
           "subject": "الموضوع: طلب إصلاح", "dear": "السيد/السيدة {name}،",
           "body": "أكتب لإبلاغكم عن {what} وأطلب إصلاح{it}:",
           "what_one": "مشكلة في مسكني", "what_many": "المشاكل التالية", "it_one": "ها", "it_many": "ها",
           "P0": "هذه حالة طارئة تمس السلامة: أرجو إرسال أحد فوراً.",
           "P1": "هذا يمس صلاحية المسكن للسكن: أرجو الإصلاح خلال 24 ساعة.",
           "P2": "أرجو ترتيب الإصلاح وإبلاغي بموعد الزيارة.",
           "hours": "أرجو الإصلاح خلال {hours} ساعة.",
           "confirm": "أرجو التأكيد كتابياً على موعد الإصلاح. وإن لم يتم، سأبلغ مفتشي الإسكان في المدينة (311 في "
                      "نيويورك).",
           "thanks": "مع الشكر،", "sign": "[اسمك]، شقة [رقم]", "association": "رابطة المستأجرين", "own": "بكلماتي"},
}
_INTRO_OTHER = {"es": "Aquí tiene el mensaje para el dueño en {language}; revíselo antes de enviarlo. No lo he "
                      "enviado. Los problemas van nombrados de forma general: añada los detalles que quiera.",
                "ar": "هذه الرسالة إلى المالك بـ{language}؛ راجعها قبل إرسالها. لم أرسلها. المشاكل مذكورة بشكل عام: "
                      "أضف ما تريد من تفاصيل.",
                "en": "Here is the message to your landlord in {language}; edit it before you send it. I have not "
                      "sent it. The problems are named in general terms: add any details you want."}
_LANGUAGE_NAMES = {"en": {"en": "English", "es": "Spanish", "ar": "Arabic"},
                   "es": {"en": "inglés", "es": "español", "ar": "árabe"},
                   "ar": {"en": "الإنجليزية", "es": "الإسبانية", "ar": "العربية"}}


def _described(ticket: dict[str, Any], lang: str) -> str:
    """One open report as the letter names it: the person's words when they wrote in the letter's language, else
    what the rules found in them."""
    words = " ".join(str(ticket.get("text", "")).split())
    told = [part for part in re.split(r"(?<=[.!?;])\s+", words) if not part.endswith("?")]
    words = " ".join(told) or words  # "… How should we prioritize?": the problem, not the question about it
    if language(words) == lang or (lang == "en" and language(words) not in ("es", "ar")):
        return words if len(words) <= 220 else words[:217].rsplit(" ", 1)[0] + "…"
    found = [_NAMED[s.name][_AT[lang]] for s in analyze(words).signals if s.name in _NAMED]
    found = list(dict.fromkeys(found))
    return ", ".join(found) if found else _CATEGORY.get(ticket.get("category", "general"),
                                                        _CATEGORY["general"])[_AT[lang]]


def repair_letter(text: str, tickets: list[dict[str, Any]], lang: str | None, today: date) -> str:
    """The draft, most urgent report first, with the deadline asked for (else the one the priority calls for) and
    who signs it; the framing line in the person's language, the letter in the language asked for."""
    spoken = lang if lang in _TEXT else "en"
    written = next((code for code, said in _IN_LANGUAGE if said.search(text)), spoken)
    t = _TEXT[written]
    ordered = sorted(tickets, key=lambda k: PRIORITY_RANK.get(str(k.get("priority")), 2))
    lines = [_described(k, written) for k in ordered]
    top = str(ordered[0].get("priority", "P2")) if ordered else "P2"
    asked = _DEADLINE.search(text)
    urgency = t["hours"].format(hours=asked.group(1) or asked.group(2)) if asked else t[top]
    if asked and top == "P0":
        urgency = t["P0"] + " " + urgency
    many = len(lines) > 1
    intro = (_TEXT[spoken]["intro"] if written == spoken else
             _INTRO_OTHER[spoken].format(language=_LANGUAGE_NAMES[spoken][written]))
    landlord = re.search(r"\b(?i:mr|mrs|ms|dr)\.?\s+([A-Z][a-z]+)", text)
    name = f"{landlord.group(0).split()[0].rstrip('.').title()}. {landlord.group(1)}" if landlord else {
        "en": "landlord", "es": "propietario/a", "ar": "المالك"}[written]
    body = [f"{t['subject']} ({today:%Y-%m-%d})", "", t["dear"].format(name=name), "",
            t["body"].format(what=t["what_many" if many else "what_one"], it=t["it_many" if many else "it_one"]),
            *[f"- {line}" for line in lines], "", urgency, t["confirm"], "", t["thanks"],
            t["association"] if _ASSOCIATION.search(text) or any(_ASSOCIATION.search(str(k.get("text", "")))
                                                                 for k in tickets) else t["sign"]]
    return intro + "\n\n" + "\n".join(body)
