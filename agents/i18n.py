"""The person's language (English, Spanish or Arabic) and the workspace's fixed phrases in it.

Replies are built from these templates, never by machine translation of free text: what has no template
(quotes from a lease, listing data, the safety steps of the vendor table) stays in its own words.
"""

from __future__ import annotations

import re
from typing import Any, Literal

Lang = Literal["en", "es", "ar"]

_ARABIC = re.compile(r"[\u0600-\u06FF]")
_SPANISH = re.compile(
    r"\b(?:busco|buscamos|necesito|necesitamos|quiero|queremos|hola|apartamento|departamento|habitaci[oó]n|"
    r"dormitorios?|alquiler|renta|presupuesto|contrato|arrendamiento|fuga|gotea|goteo|calefacci[oó]n|huele|"
    r"incendio|humo|ba[nñ]o|cocina|se rompi[oó]|no funciona|por favor|gracias|d[oó]nde|cu[aá]nto|puedo|tengo|"
    r"mi casero|el due[nñ]o|renovar|renovaci[oó]n|visitar|cita|barrio|cerca del|metro|tiene|lavavajillas|lavadora|"
    r"portero|ascensor|gimnasio|cu[aá]l)\b",
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
    "matches_pets_unknown": {
        "en": "**{n} units match everything their listings state**; most listings do not state a pet policy, so ask "
              "before you count on it. Top {top}:",
        "es": "**{n} unidades cumplen todo lo que dicen sus anuncios**; la mayoría no indica si acepta mascotas: "
              "pregúntelo antes. Las {top} mejores:",
        "ar": "**{n} وحدة تطابق كل ما تذكره إعلاناتها**؛ معظم الإعلانات لا تذكر سياسة الحيوانات الأليفة، فاسأل قبل "
              "الاعتماد على ذلك. أفضل {top}:",
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
    # "thanks, bye": nothing to act on (agents/manager.py, small talk)
    "welcome": {
        "en": "You're welcome! Nothing new was searched, booked or logged from that message. Write any time about a "
              "space to find, a tour, your lease, a repair or a renewal.",
        "es": "¡De nada! Con ese mensaje no se buscó, reservó ni registró nada nuevo. Escríbame cuando quiera sobre un "
              "espacio, una visita, su contrato, una reparación o una renovación.",
        "ar": "عفواً! لم يُسجَّل أو يُحجز أي شيء جديد من هذه الرسالة. راسلني متى شئت بشأن البحث عن مسكن أو زيارة أو عقدك "
              "أو إصلاح أو تجديد.",
    },
    # a renter who says the flat is rent-stabilized (agents/doma/renewal_node.py)
    "rent_stabilized": {
        "en": "**If the apartment is rent-stabilized**, the increase at renewal is capped by the NYC Rent Guidelines "
              "Board's order for the year the new lease starts (a few percent in recent years), and the landlord must "
              "offer a 1- or 2-year renewal on the same terms. {verdict} Check the status first: ask the landlord for "
              "the rent-stabilization lease rider, or request the apartment's rent history from DHCR (hcr.ny.gov). The "
              "counter below assumes a market-rate lease.",
        "es": "**Si el apartamento es de renta estabilizada**, el aumento al renovar está limitado por la orden anual "
              "de la Junta de Pautas de Alquiler de NYC (Rent Guidelines Board; unos pocos puntos porcentuales en los "
              "últimos años), y el dueño debe ofrecer renovación de 1 o 2 años con las mismas condiciones. {verdict} "
              "Confírmelo primero: pida al dueño el anexo de renta estabilizada (rider) o pida el historial de renta a "
              "DHCR (hcr.ny.gov). La contraoferta de abajo supone un contrato a precio de mercado.",
        "ar": "**إذا كانت الشقة خاضعة لتثبيت الإيجار (rent-stabilized)**، فالزيادة عند التجديد محدودة بقرار مجلس "
              "إرشادات الإيجار في نيويورك لسنة بدء العقد الجديد (بضعة بالمئة في السنوات الأخيرة)، وعلى المالك أن يعرض "
              "تجديدًا لسنة أو سنتين بنفس الشروط. {verdict} تحقق أولًا: اطلب من المالك ملحق تثبيت الإيجار أو اطلب سجل "
              "الإيجار من DHCR (hcr.ny.gov). العرض المضاد أدناه يفترض عقدًا بسعر السوق.",
    },
    # a building's year and size said: the kind the law usually covers (built before 1974, six or more units)
    "stabilized_likely": {
        "en": "A building from {year} with about {units} units is the kind rent stabilization usually covers (built "
              "before 1974, six or more units), so it may well be.",
        "es": "Un edificio de {year} con unas {units} unidades es del tipo que la renta estabilizada suele cubrir "
              "(construido antes de 1974, seis o más unidades), así que bien podría serlo.",
        "ar": "مبنى من سنة {year} فيه نحو {units} وحدة هو من النوع الذي يشمله تثبيت الإيجار عادةً (مبني قبل 1974 وفيه "
              "ست وحدات أو أكثر)، فقد يكون كذلك.",
    },
    "stabilized_over": {
        "en": "A {pct:.1f}% increase is well above what the Board has allowed in recent years.",
        "es": "Un aumento del {pct:.1f}% está muy por encima de lo que la Junta ha permitido en los últimos años.",
        "ar": "زيادة بنسبة {pct:.1f}% أعلى بكثير مما سمح به المجلس في السنوات الأخيرة.",
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
    # a manager's renewal package, its figures first in the person's language (the detail below stays English)
    "renewal_package": {
        "en": "",
        "es": "**Renovación propuesta:** ${rent:,.0f}/mes por {term} meses ({pct:+.1f}% sobre ${current:,.0f}). "
              "Alternativas: {alternatives}. {market}{approval} El detalle (comparables y política) sigue en inglés.",
        "ar": "**التجديد المقترح:** {rent:,.0f} دولار شهريًا لمدة {term} شهرًا ({pct:+.1f}% على {current:,.0f} "
              "دولار). البدائل: {alternatives}. {market}{approval} التفاصيل (الوحدات المماثلة والسياسة) بالإنجليزية "
              "في الأسفل.",
    },
    "renewal_alternative": {"en": "", "es": "${rent:,.0f}/mes por {term} meses",
                            "ar": "{rent:,.0f} دولار شهريًا لمدة {term} شهرًا"},
    "renewal_market": {"en": "", "es": "Mediana del mercado: ${median:,.0f} ({count} unidades comparables). ",
                       "ar": "وسيط السوق: {median:,.0f} دولار ({count} وحدة مماثلة). "},
    "renewal_approval": {"en": "", "es": "Requiere la aprobación del administrador.",
                         "ar": "يتطلب موافقة المدير."},
    "renewal_within": {"en": "", "es": "Dentro de la política: no requiere aprobación.",
                       "ar": "ضمن السياسة: لا يتطلب موافقة."},
    # a lease answer to a question in Spanish or Arabic: the quote stays in the lease's English, the frame does not
    "lease_found": {
        "en": "",
        "es": "Esto dice su contrato (la cita queda en el inglés del contrato):",
        "ar": "هذا ما يقوله عقدك (الاقتباس بلغة العقد الإنجليزية):",
    },
    "source": {"en": "Source", "es": "Fuente", "ar": "المصدر"},
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
    # a repair follow-up asking the workspace to call, text, send or file something (agents/doma/triage.py)
    "act_for_me": {
        "en": "I can't call, text, email or send anything for you. {done} To reach them yourself, send them your "
              "report as written here, with photos and the date it started, and keep a copy.",
        "es": "No puedo llamar, escribir ni enviar nada por usted. {done} Para avisarles usted, envíeles su reporte "
              "tal como quedó aquí, con fotos y la fecha en que empezó, y guarde una copia.",
        "ar": "لا أستطيع الاتصال أو المراسلة أو إرسال أي شيء نيابة عنك. {done} لإبلاغهم بنفسك، أرسل لهم بلاغك كما "
              "سُجّل هنا مع صور وتاريخ بدء المشكلة، واحتفظ بنسخة.",
    },
    # a tour request that also asks something of the landlord or broker (agents/via/tour_close.py)
    "tour_ask_them": {
        "en": "I can't message the landlord or broker for you: say it when they confirm the viewing, or write to "
              "them yourself (I can draft it).",
        "es": "No puedo escribirle al casero ni al corredor por usted: dígaselo cuando confirmen la visita, o "
              "escríbales usted (puedo redactarle el mensaje).",
        "ar": "لا أستطيع مراسلة المالك أو الوسيط نيابة عنك: أخبرهم عند تأكيد موعد المعاينة، أو راسلهم بنفسك (أستطيع "
              "صياغة الرسالة لك).",
    },
    # withholding rent over a repair (agents/doma/triage.py): the risk, the safer steps, general information
    "withhold_rent": {
        "en": "Withholding rent is risky: the landlord can take you to Housing Court for non-payment, and you would "
              "have to prove the conditions there. The safer steps first: (1) put the problem to the landlord in "
              "writing and keep a copy (your report here is logged, with its date); (2) file with 311 so HPD can "
              "inspect and record a violation; (3) if it is still not fixed, an HP action in Housing Court can order "
              "the repair, and a court can reduce the rent (an abatement) for the time you went without. If you "
              "still decide to hold back rent, set the money aside so you can pay it when a court asks, and talk to "
              "a tenant lawyer first (free advice: call 311 for the Tenant Helpline). This is general information, "
              "not legal advice.",
        "es": "Retener la renta es arriesgado: el casero puede llevarle a la Corte de Vivienda por falta de pago, y "
              "usted tendría que probar allí las condiciones. Primero, lo más seguro: (1) comunique el problema al "
              "casero por escrito y guarde una copia (su reporte aquí quedó registrado, con su fecha); (2) presente "
              "una queja al 311 para que HPD inspeccione y registre una violación; (3) si sigue sin arreglarse, una "
              "acción HP en la Corte de Vivienda puede ordenar la reparación, y un tribunal puede reducir la renta "
              "por el tiempo sin el servicio. Si aun así decide retenerla, aparte el dinero para pagarlo si el "
              "tribunal lo pide, y consulte antes con un abogado de inquilinos (asesoría gratuita: llame al 311). "
              "Esto es información general, no asesoría legal.",
    },
    "act_for_me_city": {
        "en": "I can't file with HPD or 311 for you. {done} In New York City you can file it yourself: call 311 or "
              "use 311 online (nyc.gov/311), give the address, the apartment and what is wrong, and note the "
              "complaint number; HPD may send an inspector.",
        "es": "No puedo presentar la queja ante HPD o el 311 por usted. {done} En la ciudad de Nueva York puede "
              "hacerlo usted: llame al 311 o use 311 en línea (nyc.gov/311), dé la dirección, el apartamento y el "
              "problema, y anote el número de la queja; HPD puede enviar un inspector.",
        "ar": "لا أستطيع تقديم الشكوى إلى HPD أو 311 نيابة عنك. {done} في مدينة نيويورك يمكنك تقديمها بنفسك: اتصل "
              "بالرقم 311 أو استخدم 311 على الإنترنت (nyc.gov/311)، واذكر العنوان والشقة والمشكلة، واحتفظ برقم "
              "الشكوى؛ قد ترسل HPD مفتشاً.",
    },
    "act_done_p0": {
        "en": "Your report is logged as **P0** and the {on_call} has been alerted; if anyone is in danger, call 911 "
              "now.",
        "es": "Su reporte quedó como **P0** y se avisó al administrador de guardia; si alguien corre peligro, llame "
              "al 911 ahora.",
        "ar": "سُجّل بلاغك بأولوية **P0** وتم تنبيه المدير المناوب؛ إذا كان أحد في خطر فاتصل بـ 911 الآن.",
    },
    "act_done": {
        "en": "Your report is logged here and goes to the building's repair queue.",
        "es": "Su reporte quedó registrado aquí y pasa a la cola de reparaciones del edificio.",
        "ar": "سُجّل بلاغك هنا وأُحيل إلى قائمة إصلاحات المبنى.",
    },
    # a question the last reply would only repeat (agents/graph.py: not_a_repeat)
    "cannot_answer": {
        "en": "I can't answer that from what I hold, so rather than repeat my last answer: {scope} Ask about one of "
              "those, or tell me what to change.",
        "es": "No puedo responder eso con los datos que tengo; en vez de repetir mi última respuesta: {scope} "
              "Pregúnteme por algo de eso, o dígame qué cambiar.",
        "ar": "لا أستطيع الإجابة عن ذلك من البيانات المتوفرة لدي، وبدلاً من تكرار إجابتي السابقة: {scope} اسألني عن "
              "شيء من ذلك، أو أخبرني بما تريد تغييره.",
    },
    # an act asked beside the question that the workspace cannot do (agents/graph.py: limits_said)
    "cannot_sign": {
        "en": "I can't sign a lease, pay a deposit or hold a unit with money for you: that is done with the landlord "
              "or their agent, usually after a viewing (a tour hold is the step I can take).",
        "es": "No puedo firmar un contrato, pagar un depósito ni reservar una unidad con dinero por usted: eso se hace "
              "con el propietario o su agente, normalmente después de una visita (reservar una visita sí puedo).",
        "ar": "لا أستطيع توقيع عقد أو دفع وديعة أو حجز وحدة بالمال نيابة عنك: يتم ذلك مع المالك أو وكيله، عادة بعد "
              "المعاينة (أستطيع حجز موعد معاينة).",
    },
    "cancel_later": {
        "en": "Yes: you can cancel or move a tour any time here (\"cancel the tour\", \"move it to Monday 5pm\"); a "
              "held slot is then let go.",
        "es": "Sí: puede cancelar o cambiar una visita cuando quiera aquí (\"cancela la visita\", \"muévela al "
              "lunes a las 5\"); el horario reservado queda libre.",
        "ar": "نعم: يمكنك إلغاء المعاينة أو تغيير موعدها في أي وقت هنا (\"ألغِ المعاينة\" أو \"انقلها إلى الاثنين "
              "الساعة 5\")، ويُحرَّر الموعد المحجوز.",
    },
    "cannot_contact": {
        "en": "I can't call, email or message anyone (landlords, agents, brokers, a group chat): I can draft the "
              "message for you to send.",
        "es": "No puedo llamar, enviar correos ni mensajes a nadie (propietarios, agentes, un grupo): puedo redactar "
              "el mensaje para que usted lo envíe.",
        "ar": "لا أستطيع الاتصال بأحد أو مراسلته (المالك أو الوكيل أو مجموعة دردشة): أستطيع كتابة الرسالة لترسلها "
              "أنت.",
    },
    # a turn that produced no reply at all (agents/graph.py: finish_node)
    "no_answer": {
        "en": "I couldn't work that out from what I hold: {scope} Ask about one of those, or tell me what to change.",
        "es": "No pude resolver eso con los datos que tengo: {scope} Pregúnteme por algo de eso, o dígame qué cambiar.",
        "ar": "لم أستطع الإجابة عن ذلك من البيانات المتوفرة لدي: {scope} اسألني عن شيء من ذلك، أو أخبرني بما تريد "
              "تغييره.",
    },
    "cannot_send": {
        "en": "I can't send emails or make files (xlsx, PDF): everything I found stays in this chat, so copy what you "
              "need from the answers above into your own email or sheet.",
        "es": "No puedo enviar correos ni crear archivos (xlsx, PDF): todo lo que encontré queda en este chat; copie "
              "lo que necesite de las respuestas anteriores a su correo u hoja.",
        "ar": "لا أستطيع إرسال البريد الإلكتروني أو إنشاء ملفات (xlsx أو PDF): كل ما وجدته يبقى في هذه المحادثة، "
              "فانسخ ما تحتاجه من الإجابات السابقة إلى بريدك أو جدولك.",
    },
    "scope_rentals": {
        "en": "REALTOR.CA listings give each home's asking rent or price, address, bedrooms, bathrooms, size and "
              "the listing's own words; I hold no averages, rent statistics or market reports for Canadian cities.",
        "es": "los anuncios de REALTOR.CA dan la renta o el precio, la dirección, habitaciones, baños, tamaño y el "
              "texto del anuncio; no tengo promedios, estadísticas de rentas ni informes de mercado de ciudades de "
              "Canadá.",
    },
    "scope_needs": {
        "en": "the listings give rent, size, bedrooms, bathrooms, floor, building age, minutes to the subway and "
              "amenities (doorman, elevator, gym, laundry, roof deck, patio, no fee), not schools, noise, pet "
              "policies or distances to landmarks.",
        "es": "los anuncios dan renta, tamaño, habitaciones, baños, piso, antigüedad del edificio, minutos al metro y "
              "servicios (portero, ascensor, gimnasio, lavandería, terraza, sin comisión), no escuelas, ruido, "
              "mascotas ni distancias a lugares.",
        "ar": "الإعلانات تذكر الإيجار والمساحة وعدد الغرف والحمامات والطابق وعمر المبنى والدقائق إلى المترو والمرافق، "
              "ولا تذكر المدارس أو الضوضاء أو سياسة الحيوانات أو المسافات إلى المعالم.",
    },
    "scope_renewal": {
        "en": "I weigh renewals from the current rent, the offer, the terms and comparable units, and draft the "
              "message; a new figure or term to weigh, or \"draft it\", moves it on.",
        "es": "evalúo renovaciones con la renta actual, la oferta, los plazos y unidades comparables, y redacto el "
              "mensaje; una cifra o plazo nuevo, o \"redáctalo\", lo hace avanzar.",
        "ar": "أقيّم التجديد من الإيجار الحالي والعرض والمدة والوحدات المشابهة وأكتب الرسالة؛ رقم أو مدة جديدة، أو "
              "\"اكتبها\"، يحرك الأمر.",
    },
    "scope_comps": {
        "en": "the HDB data holds resale prices with town, flat type, size, floor, remaining lease and month (2023 and "
              "January-March 2026), not asking prices, loans, grants or schools.",
        "es": "los datos de HDB tienen precios de reventa con zona, tipo, tamaño, piso, arrendamiento restante y mes "
              "(2023 y enero-marzo de 2026), no precios pedidos, préstamos, subsidios ni escuelas.",
        "ar": "بيانات HDB تضم أسعار إعادة البيع مع المنطقة والنوع والمساحة والطابق والمدة المتبقية والشهر "
              "(2023 ويناير-مارس 2026)، ولا تضم الأسعار المطلوبة أو القروض أو المنح أو المدارس.",
    },
    "scope_analytics": {
        "en": "the Abu Dhabi tables hold transactions, sale prices per square metre, rents and supply for Yas Island "
              "and Al Reem Island, by year.",
        "es": "las tablas de Abu Dabi tienen transacciones, precios de venta por metro cuadrado, rentas y oferta de "
              "Yas Island y Al Reem Island, por año.",
        "ar": "جداول أبوظبي تضم المعاملات وأسعار البيع للمتر المربع والإيجارات والمعروض لجزيرة ياس وجزيرة الريم "
              "حسب السنة.",
    },
    "scope_triage": {
        "en": "for a repair I can say its priority, who comes and when, what to do meanwhile and who usually pays.",
        "es": "de una reparación puedo decir su prioridad, quién viene y cuándo, qué hacer mientras tanto y quién "
              "suele pagar.",
        "ar": "عن الإصلاح أستطيع أن أذكر أولويته ومن سيأتي ومتى وما يجب فعله حتى ذلك الحين ومن يدفع عادة.",
    },
    # questions about an open repair report (agents/doma/triage.py: repair_answer)
    "wait_p0": {
        "en": "No. This is an emergency ({label}): it should not wait until tomorrow. If anyone is in danger, call "
              "911 now. We alerted the {on_call}; if nobody has come within {eta}, tell me. In New York City you "
              "can also report it to 311 (HPD takes heat, gas and water emergencies day and night).",
        "es": "No. Es una emergencia ({label}): no debe esperar hasta mañana. Si alguien corre peligro, llame al 911 "
              "ahora. Avisamos al {on_call}; si nadie ha venido en {eta}, dígamelo. En Nueva York también puede "
              "denunciarlo al 311 (HPD atiende emergencias de calefacción, gas y agua a toda hora).",
        "ar": "لا. هذه حالة طارئة ({label}): لا يجب أن تنتظر حتى الغد. إذا كان أحد في خطر، اتصل بـ 911 الآن. "
              "أبلغنا {on_call}؛ إذا لم يحضر أحد خلال {eta}، أخبرني. في مدينة نيويورك يمكنك أيضاً الإبلاغ على 311.",
    },
    "wait_p1": {
        "en": "A P1 repair ({label}) is due within a day or two, so tomorrow is within that. If it gets worse "
              "(water spreading, colder inside, anyone unwell), tell me and the priority goes up.",
        "es": "Una reparación P1 ({label}) se atiende en uno o dos días, así que mañana está dentro del plazo. Si "
              "empeora (el agua se extiende, hace más frío dentro, alguien se siente mal), dígamelo y sube la "
              "prioridad.",
        "ar": "إصلاح بأولوية P1 ({label}) يتم خلال يوم أو يومين، فالغد ضمن المدة. إذا ساءت الحالة أخبرني وسترتفع "
              "الأولوية.",
    },
    "wait_p2": {
        "en": "Yes: this is a routine repair ({label}), and the visit we arrange is the right time for it. Tell me "
              "if it changes.",
        "es": "Sí: es una reparación de rutina ({label}) y la visita que coordinamos es el momento adecuado. "
              "Dígame si cambia algo.",
        "ar": "نعم: هذا إصلاح روتيني ({label})، والزيارة التي نرتبها هي الوقت المناسب. أخبرني إذا تغير شيء.",
    },
    "notify_p0": {
        "en": "What we did: logged your report as P0 and alerted the {on_call}, who arranges {vendor} (expect "
              "someone within {eta}). We cannot call emergency services for you: call 911 if anyone is in danger, "
              "and for gas, your gas company's emergency line from outside the building.",
        "es": "Lo que hicimos: registramos su reporte como P0 y avisamos al {on_call}, que coordina {vendor} (alguien "
              "en {eta}). No podemos llamar a los servicios de emergencia por usted: llame al 911 si alguien corre "
              "peligro y, si es gas, a la línea de emergencias de su compañía de gas desde fuera del edificio.",
        "ar": "ما فعلناه: سجلنا بلاغك بأولوية P0 وأبلغنا {on_call}، الذي يرتب {vendor} (خلال {eta}). لا يمكننا "
              "الاتصال بخدمات الطوارئ نيابة عنك: اتصل بـ 911 إذا كان أحد في خطر، وفي حالة الغاز اتصل بخط طوارئ "
              "شركة الغاز من خارج المبنى.",
    },
    "notify": {
        "en": "Your report is logged as {priority} and routed to {vendor}, due within about {eta}; they will call "
              "you to confirm the time. You do not need to call anyone else unless it gets worse.",
        "es": "Su reporte quedó registrado como {priority} y asignado a {vendor}, en unas {eta}; le llamarán para "
              "confirmar la hora. No necesita llamar a nadie más, salvo que empeore.",
        "ar": "سُجل بلاغك بأولوية {priority} وأُحيل إلى {vendor} خلال نحو {eta}؛ سيتصلون بك لتأكيد الموعد. لا "
              "تحتاج للاتصال بأحد آخر إلا إذا ساءت الحالة.",
    },
    "who_pays": {
        "en": "It depends on your lease and on the cause: landlords usually pay to repair the building's systems "
              "and the appliances they supplied (heat, plumbing, wiring, a provided stove or fridge), and tenants "
              "for damage they or their guests caused. Upload your lease and ask \"who pays for repairs?\" and I "
              "will quote the clause. Either way, report it now: waiting can make it worse.",
        "es": "Depende de su contrato y de la causa: normalmente el dueño paga la reparación de los sistemas del "
              "edificio y de los aparatos que él puso (calefacción, plomería, electricidad, la estufa o la nevera), "
              "y el inquilino los daños que causó él o sus invitados. Suba su contrato y pregunte \"¿quién paga las "
              "reparaciones?\" y le cito la cláusula.",
        "ar": "يعتمد ذلك على عقدك وعلى السبب: عادة يدفع المالك إصلاح أنظمة المبنى والأجهزة التي وفرها، ويدفع "
              "المستأجر الأضرار التي تسبب بها هو أو ضيوفه. ارفع عقدك واسأل \"من يدفع تكاليف الإصلاح؟\" وسأقتبس البند.",
    },
    "tours_proposed": {
        "en": "",
        "es": "Le propongo estas visitas (30 minutos cada una, hora de Nueva York); confírmelas o proponga otra hora:",
        "ar": "أقترح هذه المواعيد للمعاينة (30 دقيقة لكل منها، بتوقيت نيويورك)؛ أكّدها أو اقترح وقتًا آخر:",
    },
    "neighbour_conduct": {
        "en": "A neighbour's noise or behaviour is not a repair, so I can't log it or make them stop. Raise it with "
              "your building management (most leases have house rules on noise and pets), keep a note of dates and "
              "times, and for ongoing noise in New York City you can also call 311. Your repair reports stay open.",
        "es": "El ruido o la conducta de un vecino no es una reparación: no puedo registrarlo ni hacer que pare. "
              "Hable con la administración del edificio (la mayoría de los contratos tienen reglas sobre ruido y "
              "mascotas), anote fechas y horas, y en Nueva York puede llamar al 311. Sus reportes de reparación "
              "siguen abiertos.",
        "ar": "إزعاج الجار أو سلوكه ليس إصلاحًا، فلا أستطيع تسجيله أو إيقافه. تواصل مع إدارة المبنى (معظم العقود "
              "فيها قواعد للضوضاء والحيوانات)، ودوّن التواريخ والأوقات، وفي نيويورك يمكنك الاتصال بالرقم 311. "
              "بلاغات الإصلاح الخاصة بك تبقى مفتوحة.",
    },
    "report_status": {
        "en": "Your {label} report is **{priority}**: {vendor} is due within about {eta} of the report, and will call "
              "you to confirm the time.",
        "es": "Su reporte ({label}) es **{priority}**: {vendor} debe llegar en unas {eta} desde el reporte y le "
              "llamará para confirmar la hora.",
        "ar": "بلاغك ({label}) بأولوية **{priority}**: {vendor} خلال حوالي {eta} من البلاغ، وسيتصل بك لتأكيد الموعد.",
    },
    "status_p0": {"en": "If anyone is in danger before then, call 911.",
                  "es": "Si alguien corre peligro antes, llame al 911.",
                  "ar": "إذا كان أحد في خطر قبل ذلك فاتصل بالطوارئ 911."},
    "status_worse": {"en": "Tell me if it gets worse: the priority can go up.",
                     "es": "Avíseme si empeora: la prioridad puede subir.",
                     "ar": "أخبرني إذا ساءت الحالة: يمكن رفع الأولوية."},
    "report_raised": {
        "en": "Updated your report: now **{priority}** (was {before}).",
        "es": "Actualicé su reporte: ahora es **{priority}** (antes {before}).",
        "ar": "حدّثنا بلاغك: أولويته الآن **{priority}** (كانت {before}).",
    },
    "new_danger": {
        "en": "A new danger, added to your report ({priority}). Do this now:",
        "es": "Un peligro nuevo, añadido a su reporte ({priority}). Haga esto ahora:",
        "ar": "خطر جديد أضفناه إلى بلاغك ({priority}). افعل هذا الآن:",
    },
    "report_kept": {
        "en": "Added to your report; it stays {priority}.",
        "es": "Lo añadí a su reporte; sigue como {priority}.",
        "ar": "أضفنا ذلك إلى بلاغك؛ يبقى بأولوية {priority}.",
    },
    "p0_worse": {
        "en": "**It is getting worse: do not wait for the visit.** If you smell burning, see smoke or the danger "
              "keeps growing, get everyone out now and call 911; then tell me, and we will tell the team on its way.",
        "es": "**Está empeorando: no espere la visita.** Si huele a quemado, ve humo o el peligro sigue creciendo, "
              "salgan todos ahora y llame al 911; luego avíseme y se lo diremos al equipo que va en camino.",
        "ar": "**الوضع يزداد سوءاً: لا تنتظر الزيارة.** إذا شممت رائحة احتراق أو رأيت دخاناً أو استمر الخطر في الازدياد، "
              "أخرج الجميع الآن واتصل بالطوارئ 911، ثم أخبرني لنبلغ الفريق القادم.",
    },
    "vulnerable_exposed": {
        "en": "Someone vulnerable is at home (a baby, an older or ill person): we mark the ticket so. Keep them in "
              "the {place} room you have, with water, and check on them often. If anyone shows signs of {illness} "
              "(dizziness, confusion, vomiting, a baby not feeding or very sleepy), call 911 and tell us: it becomes "
              "an emergency.",
        "es": "Hay una persona vulnerable en casa (un bebé, una persona mayor o enferma): lo anotamos en el reporte. "
              "Manténgala en la habitación más {place_es} que tenga, con agua, y revísela a menudo. Si alguien muestra "
              "signos de {illness_es} (mareo, confusión, vómitos, un bebé que no come o está muy dormido), llame al "
              "911 y avísenos: pasa a ser una emergencia.",
        "ar": "يوجد في البيت شخص معرّض للخطر (رضيع أو مسن أو مريض): سجّلنا ذلك في البلاغ. أبقِه في {place_ar} "
              "غرفة عندك مع الماء وتفقّده باستمرار. إذا ظهرت على أحد علامات {illness_ar} (دوخة، تشوش، قيء، رضيع لا "
              "يرضع أو نعسان جدًا) فاتصل بالطوارئ 911 وأخبرنا: يصبح البلاغ طارئًا.",
    },
    "who_pays_lease": {
        "en": "It depends on your lease and on the cause. Ask me \"who pays for repairs?\" and I will quote the "
              "clause of your lease. Landlords usually pay for the building's systems and the appliances they "
              "supplied, tenants for damage they or their guests caused.",
        "es": "Depende de su contrato y de la causa. Pregúnteme \"¿quién paga las reparaciones?\" y le cito la "
              "cláusula de su contrato.",
        "ar": "يعتمد ذلك على عقدك وعلى السبب. اسألني \"من يدفع تكاليف الإصلاح؟\" وسأقتبس البند من عقدك.",
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


_ENGLISH_WORDS = re.compile(r"\b(?:the|and|with|my|is|in|what|how|can|please|pls|which|does|do|it|i|we|you|for|"
                            r"of|to|show|book|want|need)\b", re.I)


def thread_language(text: str, before: str | None) -> Lang:
    """The language of a message in a conversation: a short message with no English in it ("¿cuáles no cobran
    comisión (no fee)?", "y si en vez de LIC miro en Astoria?") stays in the language the person has been using."""
    said = language(text)
    if said == "en" and before in ("es", "ar") and len(_ENGLISH_WORDS.findall(text or "")) < 2:
        return before  # type: ignore[return-value]
    return said


def phrase(key: str, lang: str | None, **values: object) -> str:
    """The phrase in the language (English when there is none), with its values filled in."""
    table = PHRASES[key]
    template = table.get(lang, "") if lang in table else ""  # type: ignore[call-overload]
    return (template or table["en"]).format(**values)


_DAYS_ES = {"Mon": "lun", "Tue": "mar", "Wed": "mié", "Thu": "jue", "Fri": "vie", "Sat": "sáb", "Sun": "dom"}
_MONTHS_ES = {"Jan": "ene", "Feb": "feb", "Mar": "mar", "Apr": "abr", "May": "may", "Jun": "jun", "Jul": "jul",
              "Aug": "ago", "Sep": "sep", "Oct": "oct", "Nov": "nov", "Dec": "dic"}

# refine.NOT_HELD's phrases in Spanish: (subject, its Spanish, the advice after it, its Spanish)
_UNHELD_ES = (
    ("move-in or availability dates", "fechas de mudanza o disponibilidad",
     ": the listing answers that when you book a viewing", ": el anuncio lo dice cuando reserve una visita"),
    ("distances to other places", "distancias a otros lugares", ": only the minutes to the nearest subway station",
     ": solo los minutos hasta la estación de metro más cercana"),
    ("noise, light or views", "ruido, luz ni vistas", ": see them on a viewing", ": véalos en una visita"),
    ("utility details (whether heat or other utilities are included)",
     "detalles de los servicios (si la calefacción u otros están incluidos)", ": ask the landlord",
     ": pregunte al propietario"),
    ("guarantor policy", "política de garantes", ": ask the landlord or broker",
     ": pregunte al propietario o al corredor"),
    ("income or credit requirement", "requisitos de ingresos o crédito", ": ask the landlord or broker",
     ": pregunte al propietario o al corredor"),
    ("school zones (and no street addresses to look them up)", "zonas escolares (ni direcciones para buscarlas)", "",
     ""),
    ("deposit amounts", "montos de depósito", ": ask the landlord or broker",
     ": pregunte al propietario o al corredor"),
)

# The search's own notes (what changed, what the inventory lacks), the result cards and the proposed tours in the
# person's language: templates, not MT.
NOTES: dict[str, tuple[tuple[str, Any], ...]] = {
    "es": (
        (r"For (\d+) people, (.+?) \(([\d,]+) SF\) gives about ([\d,]+) SF a person; offices usually plan (\d+)-(\d+) "
         r"SF a person \(open plan to private offices\), so (it fits comfortably|it fits|it is tight \(under \d+ SF a "
         r"person\))\.",
         lambda m: f"Para {m.group(1)} personas, {m.group(2)} ({m.group(3)} pies²) da unos {m.group(4)} pies² por "
                   f"persona; las oficinas suelen calcular {m.group(5)}-{m.group(6)} pies² por persona (de planta "
                   f"abierta a despachos), así que " + {"it fits comfortably": "cabe con holgura",
                                                         "it fits": "cabe"}.get(m.group(7), "queda justo") + "."),
        (r"I have no data on (.+?), so I did not filter on it\.", r"No tengo datos sobre \1, así que no filtré por "
         r"eso."),
        (r"Sorted by size, biggest first\.", r"Ordenado por tamaño, el más grande primero."),
        (r"Area now: (.+?)\.", r"Zona ahora: \1."),
        (r"Cheaper: budget now up to (\$[\d,]+)(?: \(was (\$[\d,]+)\))?\.", r"Más barato: presupuesto hasta \1."),
        (r"Budget now up to (\$[\d,]+) \(was (\$[\d,]+)\)\.", r"Presupuesto ahora hasta \1 (antes \2)."),
        (r"Budget now up to (\$[\d,]+)\.", r"Presupuesto ahora hasta \1."),
        (r"No longer required: (.+?)\.", r"Ya no es obligatorio: \1."),
        (r"Now required: (.+?)\.", r"Ahora obligatorio: \1."),
        (r"Bedrooms now: (.+?)\.", r"Dormitorios ahora: \1."),
        (r"None of the (\d+) (?:apartments|office suites) in (.+?) that fit the rest lists (.+?): the closest below "
         r"give up something else for it \(the area, the price or the size, as marked ✗\); say \"(.+?) optional\" to "
         r"see the .+? ones\.",
         r"Ninguno de los \1 en \2 que cumplen lo demás tiene \3: los más cercanos, abajo, ceden en otra cosa (zona, "
         r"precio o tamaño, marcado con ✗); diga «\4 opcional» para ver los de \2."),
        (r"We have no (?:apartment|office suite) listings in (.+?); ours are in (.+?) and nearby, so these are the "
         r"closest we have\.",
         r"No tenemos anuncios en \1; los nuestros están en \2 y alrededores, así que estos son los más cercanos."),
        (r"Our least expensive (?:apartment|office suite) in (.+?) is (.+?) at (\$[\d,]+)/mo, above your (\$[\d,]+)\.",
         r"El más barato que tenemos en \1 es \2, a \3/mes, por encima de sus \4."),
        (r"^To see more: ", r"Para ver más: "),
        (r"We have no listings in (.+?); these are in (.+?)\.", r"No tenemos anuncios en \1; estos están en \2."),
        (r"The least expensive (?:apartment|office suite|unit) in (.+?) with (.+?) is (.+?) at (\$[\d,]+)/mo, "
         r"(\$[\d,]+) over your (\$[\d,]+)\.",
         r"El más barato en \1 con \2 es \3, a \4/mes: \5 más que sus \6."),
        (r"Sorted by walk to the subway, closest first\.", r"Ordenado por distancia al metro, el más cercano primero."),
        (r"Sorted by floor, highest first\.", r"Ordenado por piso, el más alto primero."),
        (r"Sorted by floor, lowest first\.", r"Ordenado por piso, el más bajo primero."),
        (r"(/mo), (\d+) min to the subway,", r"\1, a \2 min del metro,"),
        (r"(/mo), floor (\w+),", r"\1, piso \2,"),
        # one unit's facts and figures (refine.unit_details, money_terms)
        (r"(\$[\d,.]+)/mo\b", r"\1/mes"),
        (r"\b(\d+(?:\.\d+)?) bedroom\(s\)", r"\1 dormitorio(s)"),
        (r"\b(\d+(?:\.\d+)?) bath\(s\)", r"\1 baño(s)"),
        (r"(\$[\d,.]+)/SF/yr\b", r"\1/pie²/año"),
        (r"\b([\d,]+) SF\b", r"\1 pies²"),
        (r", floor (\w+)", r", piso \1"),
        (r"\b(\d+(?:\.\d+)?) min walk to the subway\b", r"a \1 min a pie del metro"),
        (r"\bAmenities: ", r"Servicios: "),
        (r"The listing names no amenities\.", r"El anuncio no indica servicios."),
        (r"The building is (\d+) years old\.", r"El edificio tiene \1 años."),
        (r"That is (\$[\d,]+) a year\.", r"Eso es \1 al año."),
        (r"That is (\$[\d,.]+)/SF a month \((\$[\d,.]+)/SF a year ÷ 12\)\.",
         r"Eso es \1 por pie² al mes (\2 por pie² al año ÷ 12)."),
        (r"\bPets allowed\.", r"Se admiten mascotas."),
        (r"\bNo pets\.", r"No se admiten mascotas."),
        # the result cards' titles and reasons (match_rank)
        (r"\b([A-Z][A-Za-z'.-]*(?: [A-Z][A-Za-z'.-]*)*) apartment \(building (\d+)\)",
         r"Apartamento en \1 (edificio \2)"),
        (r", score (\d+):", r", puntuación \1:"),
        (r"\bRent (\$[\d,]+) within budget\b", r"Alquiler \1 dentro del presupuesto"),
        (r"\bRent (\$[\d,]+) is (\$[\d,]+) over budget\b", r"Alquiler \1: \2 por encima del presupuesto"),
        (r"\bNeighborhood match \(([^)]+)\)", r"En la zona (\1)"),
        (r"\bStreet match \(([^)]+)\)", r"En la calle (\1)"),
        (r"\bOutside the area \(([^)]+)\)", r"Fuera de la zona (\1)"),
        (r"\bStudio as asked\b", r"Estudio, como pidió"),
        (r"\bStudio, not as asked\b", r"Estudio, no como pidió"),
        (r"\b(\d+) bedrooms? as asked\b", r"\1 dormitorio(s), como pidió"),
        (r"\b(\d+) bedrooms?, not as asked\b", r"\1 dormitorio(s), no como pidió"),
        (r"\bApartment as asked\b", r"Apartamento, como pidió"),
        (r"\bOffice as asked\b", r"Oficina, como pidió"),
        (r"\bHas near transit \((\d+)/(\d+) must-haves\)", r"Cerca del metro (\1/\2 imprescindibles)"),
        (r"\bHas ([^(;\n]+?) \((\d+)/(\d+) must-haves\)", r"Tiene \1 (\2/\3 imprescindibles)"),
        (r"(\$[\d,.]+)/SF a month\b", r"\1/pie² al mes"),
        (r"\bfloor (\w+)", r"piso \1"),
        (r"\b(\d+) min to the subway\b", r"a \1 min del metro"),
        (r"\bbuilding (\d+) years old\b", r"edificio de \1 años"),
        (r"\bMissing ([^;\n]+)", r"Sin \1"),
        (r"\bNear transit \((\d+) min to subway\)", r"Cerca del metro (\1 min)"),
        (r"\bBonus: ", r"Extra: "),
        (r"\bPet friendly\b", r"Admite mascotas"),
        (r"\bexpand area to ([^→·\n]+?) → \+(\d+) units?", r"ampliar la zona a \1 → +\2"),
        (r"\bmake ([^→·\n]+?) optional → \+(\d+) units?", r"hacer \1 opcional → +\2"),
        (r"\braise budget (\d+)% \(to (\$[\d,]+)\) → \+(\d+) units?", r"subir el presupuesto \1% (a \2) → +\3"),
        (r"\b(\S+) costs (\$[\d,]+) a month more \((\$[\d,]+) a year\) than (\S+)\.",
         r"\1 cuesta \2 más al mes (\3 más al año) que \4."),
        # what the listings hold no word of (refine.NOT_HELD): each phrase whole, then its subject alone
        *((re.escape(en + tail), es + tail_es) for en, es, tail, tail_es in _UNHELD_ES),
        *((r"\b" + re.escape(en) + (r"\b" if en[-1].isalnum() else ""), es) for en, es, tail, _ in _UNHELD_ES if tail),
        (r"The listings hold no parking\b", r"Los anuncios no indican estacionamiento"),
        (r"The listings hold no (.+?) for ([\w, -]+): ask the landlord or broker at or before the viewing \(the tour "
         r"is kept so you can\)\.", lambda m: f"Los anuncios no indican {m.group(1).replace('; nor ', '; ni ')} para "
         f"{m.group(2)}: pregunte al propietario o al corredor antes de la visita o en ella (la visita se mantiene)."),
        (r"The listings hold no ", r"Los anuncios no indican "),
        (r"^Of those, ", r"De esos, "),
        (r" is the lowest rate \(([^)]+)\)", r" tiene la tarifa más baja (\1)"),
        (r"(\$[\d,]+) a month\b", r"\1 al mes"),
        (r"(\$[\d,]+) a year\b", r"\1 al año"),
        (r"\bNo ([\w/ ]+?) listed\.", r"No indica \1."),
        (r"\bIt has ([\w/ ]+?)\.", r"Tiene \1."),
        # amenity names, except inside «…»: what the person is told to type stays as the parser reads it
        (r"(?<!«)\bwasher/dryer\b", r"lavadora/secadora"),
        (r"(?<!«)\bdishwasher\b", r"lavavajillas"),
        (r"(?<!«)\bnear transit\b", r"cerca del metro"),
        (r"(?<!«)\bdoorman\b", r"portero"),
        (r"(?<!«)\belevator\b", r"ascensor"),
        (r"(?<!«)\bgym\b", r"gimnasio"),
        (r"(?<!«)\broof ?deck\b", r"azotea"),
        (r"(?<!«)\bno fee\b", r"sin comisión"),
        (r"\bSin sin comisión\b", r"Con comisión"),  # "Missing no fee": a fee is charged
        # the proposed tours (tour_close.describe_plan)
        (r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{2}),",
         lambda m: f"{_DAYS_ES[m.group(1)]} {int(m.group(3))} {_MONTHS_ES[m.group(2)]},"),
        (r"— (Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{2}:\d{2})", lambda m: f"— {_DAYS_ES[m.group(1)]} {m.group(2)}"),
        (r"^Bring: ", r"Traiga: "),
        (r"\bPhoto ID\b", r"identificación con foto"),
        (r"\bProof of income \(recent pay stubs or an offer letter\)", r"comprobante de ingresos (recibos de sueldo "
         r"recientes o una carta de oferta)"),
        (r"\bRecent bank statement\b", r"estado de cuenta bancario reciente"),
        (r"\bLandlord or employer reference\b", r"referencia del arrendador o del empleador"),
        (r"\bCompany details \(name, headcount, use of space\)", r"datos de la empresa (nombre, plantilla, uso del "
         r"espacio)"),
        (r"\bRecent financial statements or a guarantor letter\b", r"estados financieros recientes o una carta de "
         r"garantía"),
        (r"Hold tours 1–(\d+), pick some of them, or propose another time\?",
         r"¿Reservo las visitas 1–\1, elige algunas o propone otra hora?"),
        (r"Book tour 1, or propose another time\?", r"¿Reservo la visita 1 o propone otra hora?"),
        (r"Which tours should I hold for you\?", r"¿Qué visitas le reservo?"),
    ),
    "ar": (
        (r"I have no data on (.+?), so I did not filter on it\.", r"لا توجد لدي بيانات عن \1، فلم أصفِّ النتائج بها."),
        (r"Sorted by size, biggest first\.", r"مرتبة حسب المساحة، الأكبر أولاً."),
        (r"Sorted by walk to the subway, closest first\.", r"مرتبة حسب المسافة إلى المترو، الأقرب أولاً."),
        (r"Sorted by floor, highest first\.", r"مرتبة حسب الطابق، الأعلى أولاً."),
        (r"Sorted by floor, lowest first\.", r"مرتبة حسب الطابق، الأدنى أولاً."),
    ),
}


def localized_notes(text: str, lang: str | None) -> str:
    """A reply's search notes in the person's language where a template exists; the rest as it is."""
    for pattern, replacement in NOTES.get(lang or "en", ()):
        text = re.sub(pattern, replacement, text, flags=re.M)
    return text
