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
    # words that carry no lease concept
    **dict.fromkeys(("el", "la", "los", "las", "un", "una", "unos", "en", "es", "lo", "y", "me", "de", "del", "que",
                     "mi", "mis", "se", "tener", "hay", "con", "por", "para", "al", "si", "o", "le", "les", "su",
                     "sus", "este", "esta", "eso", "esto"), ""),
}
LEASE_GLOSSARY = Glossary(ARABIC_PHRASES, ARABIC_WORDS, SPANISH)


def english(question: str) -> str:
    """The question with its Arabic and Spanish lease words in English."""
    return LEASE_GLOSSARY.english(question)
