"""Lease questions asked in Arabic or Spanish, in the English words of the lease's clauses.

The leases are English; the question's words are what retrieval and the concept coverage read. A glossary of
the words tenants use about rent, deposits, notice, repairs, pets, guests and the rest (not translation: words
outside it pass through, and the rules read what they can).
"""

from __future__ import annotations

from retrieval.glossary import Glossary

ARABIC_PHRASES = (
    ("رسوم التأخير", "late fee"), ("رسوم التاخير", "late fee"), ("غرامة التأخير", "late fee"),
    ("رسوم على التأخر", "late fee"), ("تأجير من الباطن", "sublet"), ("من الباطن", "sublet"),
    ("حيوانات أليفة", "pets"), ("حيوان أليف", "pet"), ("الدفعة الأولى", "first installment"),
    ("مبلغ التأمين", "security deposit"), ("التأمين المسترد", "security deposit"),
    ("إنهاء العقد", "terminate the lease"), ("تأمين على", "insurance"), ("التأمين على", "insurance"),
    ("تأمين خاص", "insurance"), ("شراء تأمين", "buy insurance"),
    ("مصعد الشحن", "freight elevator"),
    ("فسخ العقد", "terminate the lease"), ("ترك الشقة", "move out"), ("قبل نهاية العقد", "before the end of the term"),
    # everyday words of a tenancy beyond money and notice (session 36: a broad list, not a set's failures)
    ("ماء ساخن", "hot water"), ("المياه الساخنة", "hot water"), ("الماء الساخن", "hot water"),
    ("قائمة الجرد", "inventory"), ("نهاية الأسبوع", "weekend"), ("كاشف الدخان", "smoke alarm"),
    ("كاشف دخان", "smoke alarm"), ("إنذار الحريق", "fire alarm"), ("ساعات الهدوء", "quiet hours"),
    ("بصوت عال", "loud noise"), ("بصوت عالي", "loud noise"), ("منتصف الليل", "night"), ("فصل دراسي", "semester"),
    ("الفصل الدراسي", "semester"), ("تحويل بنكي", "bank transfer"), ("أضواء الزينة", "decorations lights"),
    ("زميل السكن", "flatmate sharer"), ("شريك السكن", "flatmate sharer"), ("بطاقة ائتمان", "credit card"),
)
ARABIC_WORDS = {
    "إيجار": "rent", "ايجار": "rent", "الإيجار": "rent", "أدفع": "pay", "ادفع": "pay", "دفع": "pay",
    "الدفع": "payment", "دفعات": "installments", "أقساط": "installments", "قسط": "installment",
    "وديعة": "deposit", "تأمين": "deposit", "رسوم": "fees", "رسم": "fee", "التأخير": "late", "التأخر": "late",
    "متأخر": "late", "غرامة": "penalty", "إشعار": "notice", "اشعار": "notice", "إخطار": "notice",
    "إنهاء": "terminate", "فسخ": "terminate", "إخلاء": "move out", "الخروج": "move out", "أطلع": "move out",
    "إصلاح": "repair", "إصلاحات": "repairs", "صيانة": "maintenance", "تصليح": "repair", "المالك": "landlord",
    "مالك": "landlord", "المؤجر": "landlord", "المستأجر": "tenant", "مستأجر": "tenant", "حيوانات": "pets",
    "قطة": "cat", "قط": "cat", "كلب": "dog", "ضيوف": "guests", "ضيف": "guest", "زوار": "visitors",
    "تدخين": "smoking", "أدخن": "smoke", "دهان": "paint", "طلاء": "paint", "مفاتيح": "keys", "مفتاح": "key",
    "قفل": "lock", "موقف": "parking", "مواقف": "parking", "كهرباء": "electricity", "ماء": "water",
    "مياه": "water", "فواتير": "utilities", "فاتورة": "bill", "إزعاج": "noise", "ضوضاء": "noise",
    "تجديد": "renewal", "أجدد": "renew", "العقد": "lease", "عقد": "lease", "تنظيف": "cleaning",
    "أضرار": "damage", "ضرر": "damage", "حديقة": "garden", "بلكونة": "balcony", "شرفة": "balcony",
    "شواء": "barbecue grill", "دراجة": "bicycle", "دخول": "entry", "يدخل": "enter", "تفتيش": "inspection",
    "أثاث": "furniture", "تدفئة": "heating", "نسبة": "percentage", "يسمح": "allowed", "مسموح": "allowed",
    "متى": "when", "كم": "how much", "أيام": "days", "شهر": "month", "أشهر": "months", "سنة": "year",
    "مبكرا": "early", "مبكر": "early", "زيادة": "increase", "تأمينات": "insurance", "انترنت": "internet",
    "مصعد": "elevator", "الممتلكات": "belongings contents", "ممتلكات": "belongings contents", "الانتقال": "moving",
    "أحجز": "reserve", "الساعات": "hours", "ساعات": "hours",
    # appliances, fittings and the home
    "غسالة": "washing machine appliance", "مجفف": "dryer appliance", "ثلاجة": "fridge appliance",
    "براد": "fridge appliance", "فرن": "oven appliance", "ميكروويف": "microwave appliance", "غلاية": "kettle",
    "سخان": "boiler water heater", "بويلر": "boiler", "مكيف": "air conditioning", "تكييف": "air conditioning",
    "مدفأة": "heater", "أجهزة": "appliances", "جهاز": "appliance", "نافذة": "window", "شباك": "window",
    "نوافذ": "windows", "باب": "door", "جدار": "wall", "جدران": "walls", "حائط": "wall", "مسامير": "nails",
    "مسمار": "nail", "لوحات": "pictures", "أعلق": "hang", "تعليق": "hang", "زينة": "decorations",
    "شموع": "candles", "شمعة": "candle", "أضواء": "lights", "إضاءة": "lighting", "عفن": "mould",
    "رطوبة": "damp", "صراصير": "cockroaches", "قمامة": "rubbish", "نفايات": "rubbish", "سطح": "roof",
    "قبو": "basement", "تخزين": "storage", "مخزن": "storage", "سيارة": "car", "ثلج": "snow", "غرفة": "room",
    "غرفتي": "room", "شقة": "apartment", "منزل": "house", "بيت": "house", "مبنى": "building",
    "سكن": "accommodation residence", "جرد": "inventory", "مطبخ": "kitchen", "حمام": "bathroom", "دش": "shower",
    # trouble
    "مكسور": "broken", "معطل": "broken", "تعطل": "broken", "تعطلت": "broken", "عطل": "fault", "تسرب": "leak",
    "تسريب": "leak", "فيضان": "flood", "حريق": "fire", "دخان": "smoke", "إنذار": "alarm", "طوارئ": "emergency",
    "حادث": "accident", "سرقة": "theft", "مسروق": "stolen", "فقدت": "lost", "ضاع": "lost", "ضائع": "lost",
    "موسيقى": "music", "الموسيقى": "music", "الهدوء": "quiet", "هدوء": "quiet", "هادئ": "quiet",
    "حفلة": "party", "حفل": "party", "سجائر": "cigarettes smoking", "كحول": "alcohol",
    # people, money and paper
    "زوجة": "wife partner", "زوجتي": "wife partner", "زوجي": "husband partner", "صديق": "friend",
    "صديقة": "friend", "صديقي": "friend", "أصدقاء": "friends", "والدي": "parents", "عائلتي": "family",
    "طالب": "student", "طالبة": "student", "جامعة": "university", "كلية": "college", "موظفين": "employees",
    "موظفون": "employees", "مكتب": "office", "شركة": "company", "وظيفة": "job", "سعر": "price", "تكلفة": "cost",
    "تكاليف": "costs", "استرداد": "refund", "استرجاع": "refund", "أسترد": "refund", "خصم": "deduct",
    "يخصم": "deduct", "نقدا": "cash", "إيصال": "receipt", "ضريبة": "tax", "ضرائب": "taxes", "عداد": "meter",
    "كتابيا": "in writing", "رسالة": "letter", "توقيع": "signature", "أوقع": "sign", "كفيل": "guarantor",
    "ضامن": "guarantor", "مسؤول": "responsible", "مسؤولية": "responsibility", "زيارة": "visit",
    "مقاول": "contractor", "شهادة": "certificate", "تمديد": "extend", "أمدد": "extend", "خيار": "option",
    "البقاء": "stay", "أبقى": "stay", "نبقى": "stay", "مشاركة": "share", "أشارك": "share", "تبديل": "swap change",
    "أبدل": "swap change", "تغيير": "change", "أغير": "change", "أنتقل": "move", "ننتقل": "move",
    "أسبوع": "week", "أسابيع": "weeks", "ليلة": "night", "ليلا": "at night", "صباحا": "morning",
    "مساء": "evening", "طائر": "bird", "طيور": "birds", "لافتة": "sign signage",
}
SPANISH = {
    "perro": "dog", "perros": "dogs", "gato": "cat", "gatos": "cats", "mascota": "pet", "mascotas": "pets",
    "deposito": "deposit", "fianza": "deposit", "garantia": "deposit", "devuelven": "return", "devolver": "return",
    "devolucion": "return", "renta": "rent", "alquiler": "rent", "arriendo": "rent", "pagar": "pay", "pago": "payment",
    "tarde": "late", "retraso": "late", "atraso": "late", "multa": "penalty", "recargo": "late fee",
    "cargo": "charge", "aviso": "notice", "preaviso": "notice", "dias": "days", "mes": "month", "meses": "months",
    "terminar": "terminate", "cancelar": "terminate", "rescindir": "terminate", "mudarme": "move out",
    "mudanza": "move out", "salir": "move out", "subarrendar": "sublet", "subalquilar": "sublet",
    "reparaciones": "repairs", "reparar": "repair", "arreglar": "repair", "dueno": "landlord",
    "propietario": "landlord", "casero": "landlord", "arrendador": "landlord", "inquilino": "tenant",
    "arrendatario": "tenant", "entrar": "enter", "entrada": "entry", "invitados": "guests", "visitas": "visitors",
    "huespedes": "guests", "fumar": "smoking", "pintar": "paint", "pintura": "paint", "llaves": "keys",
    "cerradura": "lock", "estacionamiento": "parking", "aparcamiento": "parking", "seguro": "insurance",
    "servicios": "utilities", "luz": "electricity", "agua": "water", "electricidad": "electricity",
    "basura": "trash", "ruido": "noise", "renovar": "renew", "renovacion": "renewal", "contrato": "lease",
    "limpieza": "cleaning", "limpiar": "clean", "danos": "damage", "jardin": "garden", "balcon": "balcony",
    "parrilla": "grill", "barbacoa": "barbecue", "bicicleta": "bicycle", "cuanto": "how much", "cuando": "when",
    "plazo": "period", "aumento": "increase", "subir": "increase", "muebles": "furniture",
    "calefaccion": "heating", "permitido": "allowed", "permiten": "allowed", "puedo": "may i", "antes": "before",
    "temprano": "early", "inspeccion": "inspection", "estudiante": "student", "departamento": "apartment",
    "apartamento": "apartment", "piso": "apartment", "quedamos": "stay", "quedarnos": "stay", "quedarme": "stay",
    "quedo": "stay", "despues": "after", "termine": "ends", "termina": "ends", "cuota": "installment",
    "cuotas": "installments", "plazos": "installments", "mensual": "monthly", "vence": "due", "ascensor": "elevator",
    "fiesta": "party guests", "amigos": "friends guests", "amigas": "friends guests", "amigo": "friend",
    "amiga": "friend", "invitar": "guests", "cobrar": "charge", "quedar": "stay", "vivir": "live", "cuarto": "room",
    "habitacion": "room", "compartir": "share", "llave": "key", "perdi": "lost", "fiador": "guarantor",
    "aval": "guarantor", "avalista": "guarantor", "novio": "boyfriend", "novia": "girlfriend",
    # everyday words of a tenancy beyond money and notice (session 36: a broad list, not a set's failures)
    "lavadora": "washing machine appliance", "secadora": "dryer appliance", "nevera": "fridge appliance",
    "frigorifico": "fridge appliance", "frigo": "fridge appliance", "congelador": "freezer appliance",
    "refrigerador": "fridge appliance", "heladera": "fridge appliance", "horno": "oven appliance",
    "microondas": "microwave appliance", "electrodomesticos": "appliances", "electrodomestico": "appliance",
    "calentador": "boiler water heater", "caldera": "boiler", "acondicionado": "air conditioning",
    "ventana": "window", "ventanas": "windows", "puerta": "door", "pared": "wall", "paredes": "walls",
    "clavos": "nails", "cuadros": "pictures", "colgar": "hang", "decorar": "decorate", "decoracion": "decorations",
    "adornos": "decorations", "velas": "candles", "vela": "candle", "luces": "lights", "moho": "mould",
    "humedad": "damp", "cucarachas": "cockroaches", "ratones": "mice", "plagas": "pests", "techo": "ceiling roof",
    "sotano": "basement", "almacenamiento": "storage", "trastero": "storage", "coche": "car", "carro": "car",
    "nieve": "snow", "cocina": "kitchen", "bano": "bathroom", "ducha": "shower", "inventario": "inventory",
    "roto": "broken", "rota": "broken", "averiado": "broken", "averiada": "broken", "descompuesto": "broken",
    "fuga": "leak", "gotera": "leak", "inundacion": "flood", "incendio": "fire", "humo": "smoke",
    "alarma": "alarm", "emergencia": "emergency", "accidente": "accident", "robo": "theft", "robaron": "stolen",
    "musica": "music", "silencio": "quiet", "noche": "night", "noches": "nights", "semana": "week",
    "semanas": "weeks", "horario": "hours", "horas": "hours", "pareja": "partner", "esposo": "husband partner",
    "esposa": "wife partner", "marido": "husband partner", "companero": "flatmate sharer",
    "companera": "flatmate sharer", "padres": "parents", "familia": "family", "universidad": "university",
    "semestre": "semester", "empleados": "employees", "oficina": "office", "oficinas": "offices",
    "empresa": "company", "trabajo": "job work", "precio": "price", "costo": "cost", "coste": "cost",
    "reembolso": "refund", "descontar": "deduct", "efectivo": "cash", "tarjeta": "card",
    "transferencia": "transfer", "recibo": "receipt", "impuestos": "taxes", "impuesto": "tax", "facturas": "bills",
    "factura": "bill", "medidor": "meter", "contador": "meter", "escrito": "writing", "correo": "mail email",
    "carta": "letter", "firmar": "sign", "firma": "signature", "ingresos": "income", "responsable": "responsible",
    "visita": "visit", "acceso": "access", "contratista": "contractor", "certificado": "certificate",
    "prorroga": "extension", "prorrogar": "extend", "extender": "extend", "opcion": "option",
    "ceder": "assign", "traspasar": "assign", "cambiar": "change", "cambio": "change", "mudarse": "move",
    "traslado": "transfer", "letrero": "sign signage", "cartel": "sign signage", "pajaro": "bird",
    "vapear": "vaping", "drogas": "drugs",
    # words that carry no lease concept
    **dict.fromkeys(("el", "la", "los", "las", "un", "una", "unos", "en", "es", "lo", "y", "me", "de", "del", "que",
                     "mi", "mis", "se", "tener", "hay", "con", "por", "para", "al", "si", "o", "le", "les", "su",
                     "sus", "este", "esta", "eso", "esto"), ""),
}
LEASE_GLOSSARY = Glossary(ARABIC_PHRASES, ARABIC_WORDS, SPANISH)


def english(question: str) -> str:
    """The question with its Arabic and Spanish lease words in English."""
    return LEASE_GLOSSARY.english(question)
