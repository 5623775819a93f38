"""A catalog padded with synthetic tools, to measure the Tool-RAG router at scale (200 tools).

The synthetic tools are distractors from near and far domains (mortgages, property tax, schools, weather,
flights ...), each with a description, when-to-use lines and English and Arabic examples like a real record, so
that the router must still find the market tools among them. Deterministic: the same catalog every run.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from agents.tools import Tool

DOMAINS = (
    ("mortgage rates", "أسعار الرهن العقاري"), ("property tax", "ضريبة العقار"), ("service charges", "رسوم الخدمات"),
    ("school ratings", "تقييم المدارس"), ("commute times", "أوقات التنقل"), ("crime statistics", "إحصاءات الجريمة"),
    ("building permits", "تصاريح البناء"), ("utility bills", "فواتير المرافق"), ("currency exchange", "صرف العملات"),
    ("weather forecast", "توقعات الطقس"), ("flight prices", "أسعار الطيران"), ("hotel bookings", "حجوزات الفنادق"),
    ("stock quotes", "أسعار الأسهم"), ("news headlines", "عناوين الأخبار"), ("restaurant reviews", "تقييم المطاعم"),
    ("car rentals", "تأجير السيارات"), ("calendar events", "أحداث التقويم"), ("email messages", "رسائل البريد"),
    ("parking spaces", "مواقف السيارات"), ("gym memberships", "عضويات النوادي"), ("insurance quotes", "عروض التأمين"),
    ("visa requirements", "متطلبات التأشيرة"), ("public holidays", "العطل الرسمية"), ("air quality", "جودة الهواء"),
    ("traffic fines", "المخالفات المرورية"), ("hospital locations", "مواقع المستشفيات"),
    ("furniture prices", "أسعار الأثاث"), ("moving companies", "شركات النقل"), ("internet plans", "باقات الإنترنت"),
    ("electricity tariffs", "تعرفة الكهرباء"), ("population census", "التعداد السكاني"),
    ("job listings", "الوظائف الشاغرة"), ("tourist attractions", "المعالم السياحية"),
    ("shipping costs", "تكاليف الشحن"), ("recipe ideas", "وصفات الطعام"), ("movie showtimes", "مواعيد الأفلام"),
    ("fuel prices", "أسعار الوقود"), ("gold prices", "أسعار الذهب"), ("bank branches", "فروع البنوك"),
    ("salary benchmarks", "متوسط الرواتب"),
)
ACTIONS = (("get", "Returns", "كم"), ("list", "Lists", "اعرض"), ("compare", "Compares", "قارن"),
           ("forecast", "Forecasts", "توقع"), ("search", "Searches", "ابحث عن"))


def _noop(**_kwargs: Any) -> dict[str, Any]:
    return {}


@lru_cache(maxsize=4)
def padded_catalog(real: tuple[Tool, ...], size: int = 200) -> tuple[Tool, ...]:
    """The real tools plus synthetic ones up to `size` tools."""
    synthetic: list[Tool] = []
    for (domain, domain_ar), (verb, verb_en, verb_ar) in product(DOMAINS, ACTIONS):
        if len(real) + len(synthetic) >= size:
            break
        name = f"{verb}_{domain.replace(' ', '_')}"
        synthetic.append(Tool(
            name, _noop, f"{verb_en} {domain} by city and date.", "synthetic",
            (f"user asks to {verb} {domain}", f"questions about {domain} in a city or a year"),
            (f"{verb.capitalize()} the {domain} in Abu Dhabi for 2024", f"{verb_ar} {domain_ar} في أبوظبي 2024")))
    return (*real, *synthetic)
