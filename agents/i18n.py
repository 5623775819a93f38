"""The person's language (English, Spanish or Arabic) and the workspace's fixed phrases in it.

Replies are built from these templates, never by machine translation of free text: what has no template
(quotes from a lease, listing data, the safety steps of the vendor table) stays in its own words.
"""

from __future__ import annotations

import re
from typing import Literal

Lang = Literal["en", "es", "ar"]

_ARABIC = re.compile(r"[\u0600-\u06FF]")
_SPANISH = re.compile(
    r"\b(?:busco|buscamos|necesito|necesitamos|quiero|queremos|hola|apartamento|departamento|habitaci[oó]n|"
    r"dormitorios?|alquiler|renta|presupuesto|contrato|arrendamiento|fuga|gotea|goteo|calefacci[oó]n|huele|"
    r"incendio|humo|ba[nñ]o|cocina|se rompi[oó]|no funciona|por favor|gracias|d[oó]nde|cu[aá]nto|puedo|tengo|"
    r"mi casero|el due[nñ]o|renovar|renovaci[oó]n|visitar|cita|barrio|cerca del|metro)\b",
    re.IGNORECASE,
)

# Everyday Spanish words that alone could be a name or a typo, but two of them (and no English) make a sentence.
_SPANISH_WEAK = re.compile(
    r"\b(?:el|la|los|las|del|para|por|que|qu[eé]|y|es|est[aá]|estamos|hay|muy|pero|como|cu[aá]ndo|mi|mis|su|sus|"
    r"usted|nos|se|le|lo|una|un|con|sin|hace|viene|t[eé]cnico|inquilino|carta|perfecto|buenas|tardes|d[ií]as|"
    r"ayer|hoy|ma[nñ]ana|semana|mes|a[nñ]o|a[nñ]os|otra|cosa|vale|bueno)\b", re.IGNORECASE)

PHRASES: dict[str, dict[Lang, str]] = {
    "matches": {
        "en": "**{n} units match fully.** Top {top}:",
        "es": "**{n} unidades cumplen todo lo pedido.** Las {top} mejores:",
        "ar": "**{n} وحدة تطابق كل ما طلبته.** أفضل {top}:",
    },
    "one_match": {
        "en": "**1 unit matches fully.** Top {top}:",
        "es": "**1 unidad cumple todo lo pedido.** Las {top} mejores:",
        "ar": "**وحدة واحدة تطابق كل ما طلبته.** أفضل {top}:",
    },
    "closest": {
        "en": "**No unit meets every criterion** — here are the closest:",
        "es": "**Ninguna unidad cumple todos los criterios**; estas son las más cercanas:",
        "ar": "**لا توجد وحدة تستوفي كل الشروط**، وهذه أقرب الخيارات:",
    },
    "ask_area_budget": {
        "en": "{lead}To search, I need a bit more: **which area** (neighborhood, borough or street) "
              "**and what monthly budget**?",
        "es": "Para buscar necesito un poco más: **¿en qué zona** (barrio, distrito o calle) **y con qué "
              "presupuesto mensual?**",
        "ar": "للبحث أحتاج إلى معلومة إضافية: **في أي منطقة** (الحي أو الشارع) **وما هي ميزانيتك الشهرية؟**",
    },
    "emergency": {
        "en": "**Emergency - do this now:**",
        "es": "**Emergencia: haga esto ahora.** Si alguien está en peligro, llame al 911 ya. Hemos avisado a la "
              "persona de guardia. Pasos de seguridad (en inglés):",
        "ar": "**حالة طارئة: افعل هذا الآن.** إذا كان أي شخص في خطر فاتصل بالرقم 911 فورًا. لقد أبلغنا الشخص "
              "المناوب. خطوات السلامة (بالإنجليزية):",
    },
    "logged": {
        "en": "",
        "es": "Registramos su solicitud de reparación como **{priority}** ({urgency}). Le confirmaremos la hora.",
        "ar": "سجّلنا طلب الإصلاح بأولوية **{priority}** ({urgency}). سنؤكد لك الموعد.",
    },
    "urgent": {"en": "urgent", "es": "urgente, en uno o dos días", "ar": "عاجل، خلال يوم أو يومين"},
    "routine": {"en": "routine", "es": "de rutina", "ar": "اعتيادي"},
    "menu": {
        "en": "",
        "es": "Puedo ayudarle con cinco cosas: **buscar un espacio** (zona, presupuesto, tamaño), **reservar una "
              "visita**, **preguntas sobre su contrato** (súbalo en la barra lateral), **reportar una reparación** "
              "o **renovar su contrato**. ¿Cuál necesita?",
        "ar": "أستطيع مساعدتك في خمسة أمور: **البحث عن مسكن أو مكتب** (المنطقة والميزانية والمساحة)، **حجز زيارة**، "
              "**أسئلة عن عقد الإيجار** (ارفعه من الشريط الجانبي)، **الإبلاغ عن عطل**، أو **تجديد العقد**. "
              "أيها تحتاج؟",
    },
    "renewal_advice": {
        "en": "",
        "es": "**Oferta del propietario:** ${offer:,.0f}/mes ({pct:+.1f}% sobre su renta actual de ${current:,.0f}). "
              "**Contraoferta sugerida:** ${counter:,.0f}/mes por {term} meses. El mensaje para el propietario "
              "está en inglés, abajo.",
        "ar": "**عرض المالك:** {offer:,.0f} دولار شهريًا ({pct:+.1f}% على إيجارك الحالي {current:,.0f} دولار). "
              "**العرض المضاد المقترح:** {counter:,.0f} دولار شهريًا لمدة {term} شهرًا. الرسالة إلى المالك بالإنجليزية "
              "في الأسفل.",
    },
    "lease_unsure": {
        "en": "",
        "es": "No estoy seguro de que el contrato responda a esto directamente. Abajo está la cláusula más cercana "
              "que encontré; confírmelo por escrito con su arrendador o administrador.",
        "ar": "لست متأكداً من أن العقد يجيب عن هذا مباشرة. أدناه أقرب بند وجدته؛ تأكد من المالك أو مدير العقار كتابةً.",
    },
    "not_found": {
        "en": "",
        "es": "No se encuentra en el contrato proporcionado. Pregunte a su arrendador o administrador y guarde la "
              "respuesta por escrito.",
        "ar": "غير موجود في العقد المقدَّم. اسأل المالك أو مدير العقار واحتفظ بالإجابة مكتوبة.",
    },
}


def language(text: str) -> Lang:
    """The language of a message: Arabic script, Spanish words, else English."""
    if _ARABIC.search(text or ""):
        return "ar"
    english = re.search(r"\b(?:the|and|with|my|is|in)\b", text or "", re.I)
    if not english and (_SPANISH.findall(text or "") or len(_SPANISH_WEAK.findall(text or "")) >= 2):
        return "es"
    return "en"


def phrase(key: str, lang: str | None, **values: object) -> str:
    """The phrase in the language (English when there is none), with its values filled in."""
    table = PHRASES[key]
    template = table.get(lang, "") if lang in table else ""  # type: ignore[call-overload]
    return (template or table["en"]).format(**values)
