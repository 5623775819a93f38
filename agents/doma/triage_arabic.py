"""Arabic repair reports read in the words the triage rules know: a glossary, not machine translation.

Tenants write Modern Standard Arabic and dialect (Gulf, Levantine, Egyptian) for the same few things: a smell of
gas, water coming through the ceiling, an air conditioner that stopped. Phrases are matched first ("رائحة غاز" ->
"gas smell"), then single words by their light stem (`retrieval.arabic`). Words outside the glossary pass through,
so the learned model still sees them. Negation words become "not" so the rules' negation scope applies.
"""

from __future__ import annotations

from retrieval.glossary import Glossary

PHRASES: tuple[tuple[str, str], ...] = (
    ("جهاز أول أكسيد الكربون", "co detector"), ("جهاز اول اكسيد الكربون", "co detector"), ("مكتوب عليه", "says"),
    ("أول أكسيد الكربون", "carbon monoxide"), ("اول اكسيد الكربون", "carbon monoxide"),
    ("تحت الصفر", "below zero"), ("كبيرة في السن", "elderly"), ("كبير في السن", "elderly"), ("كبار السن", "elderly"),
    ("يعرق كثير", "sweating a lot"), ("يعرق كثيرا", "sweating a lot"), ("لا ترد على الباب", "does not answer the door"),
    ("لا يرد على الباب", "does not answer the door"), ("رائحة حلوة", "sweet smell"), ("ريحة حلوة", "sweet smell"),
    ("ضيق تنفس", "can not breathe"), ("ما يقدر يتنفس", "can not breathe"), ("لا يستطيع التنفس", "can not breathe"),
    ("كاشف الدخان", "smoke detector"), ("جهاز إنذار الحريق", "smoke alarm"), ("إنذار الحريق", "smoke alarm"),
    ("كاشف أول أكسيد", "co detector"), ("جهاز كشف", "detector"), ("رائحة غاز", "gas smell"), ("ريحة غاز", "gas smell"),
    ("رائحة حريق", "burning smell"), ("ريحة حريق", "burning smell"), ("رائحة شياط", "burning smell"),
    ("ماء ساخن", "hot water"), ("مياه ساخنة", "hot water"), ("مي سخنة", "hot water"), ("موية حارة", "hot water"),
    ("مياه حارة", "hot water"), ("لا يعمل", "not working"), ("لا تعمل", "not working"), ("ما يشتغل", "not working"),
    ("ما تشتغل", "not working"), ("مش شغال", "not working"), ("لا توجد", "no"), ("أطفال صغار", "young children"),
    ("اطفال صغار", "young children"), ("عمره", "aged"), ("عمرها", "aged"), ("مش شغالة", "not working"),
    ("ما يشتغلش", "not working"), ("توقف عن العمل", "stopped working"), ("لا يوجد", "no"), ("ما في", "no"),
    ("مافي", "no"), ("ما فيه", "no"), ("مفيش", "no"), ("ما عندنا", "we have no"), ("ما عندي", "i have no"),
    ("انقطعت المياه", "no water"), ("انقطع الماء", "no water"), ("انقطاع المياه", "no water"),
    ("انقطاع الماء", "no water"), ("المية مقطوعة", "no water"), ("المياه مقطوعة", "no water"),
    ("الماي مقطوع", "no water"), ("الموية مقطوعة", "no water"), ("باقي الشقة", "rest of the apartment"),
    ("باقي البيت", "rest of the house"), ("ريحة محروق", "burning smell"), ("رائحة محروق", "burning smell"),
    ("الآن", "right now"), ("حاليا", "right now"), ("هلق", "right now"), ("دلوقتي", "right now"),
    ("الحين", "right now"), ("كسر الباب", "forced the door"), ("حد يحاول يفتح", "someone trying to open"),
    ("بدون حماية", "no guard"), ("بدون حمايه", "no guard"), ("بلا حماية", "no guard"),
    ("شخص يحاول", "someone trying"), ("عالق في المصعد", "trapped in the elevator"),
    ("محبوس في المصعد", "trapped in the elevator"), ("سلك مكشوف", "exposed wire"), ("أسلاك مكشوفة", "exposed wires"),
    ("يحاول يكسر الباب", "trying to break in"), ("يحاول فتح الباب", "trying to break in"),
    ("يحاول يفتح الباب", "trying to break in"), ("يحاول الدخول", "trying to break in"),
    ("وما عاد", "and no longer"), ("ما عاد", "no longer"), ("من زمان", "long ago"), ("من شهر", "a month ago"),
    ("من سنة", "a year ago"), ("انطفى", "was put out"), ("انطفت", "was put out"), ("انطفأ", "was put out"),
    ("انطفأت", "was put out"), ("باب الطوارئ", "emergency door"), ("باب طوارئ", "emergency door"),
    ("مخرج الطوارئ", "emergency exit"), ("سلم الطوارئ", "emergency exit"),
    ("ولا نقطة", "a single drop of"), ("كل الجيران", "all the neighbours"),
    ("كسر شباك", "broke in through a window"), ("كسر الشباك", "broke in through the window"),
    ("فات عالبيت", "broke into the home"), ("دخل البيت", "broke into the home"), ("دخلوا البيت", "broke into the home"),
    ("ما في شي يسكرو", "the window will not close"), ("الجيران كلهم", "all the neighbours"),
    ("كل شيء تمام", "everything is fine"), ("كل شي تمام", "everything is fine"), ("كله تمام", "everything is fine"),
    ("البيت كلو", "the whole house"), ("البيت كله", "the whole house"), ("ولاد صغار", "young children"),
    ("مضخة البير", "well pump"), ("مضخة البئر", "well pump"), ("ما في ماي", "no water"), ("ما في مي", "no water"),
    ("المضخة تبع البير", "the well pump"),
    ("مياه الصرف الصحي", "sewage"), ("الصرف الصحي", "sewage"), ("مية المجاري", "sewage"),
    ("دخل الشقة", "broke into the home"), ("دخلوا الشقة", "broke into the home"), ("ودخل الشقة", "broke into the home"),
    ("غير عاجل", "not urgent"), ("مش مستعجل", "not urgent"), ("مو مستعجل", "not urgent"),
    ("ما نقدر", "can not"), ("ما أقدر", "can not"), ("ما اقدر", "can not"), ("مش قادرين", "can not"),
    ("العيون كلها", "all the burners"), ("كل العيون", "all the burners"),
    # "الغرفة نار": the room is (as hot as) fire, a figure of speech for heat, not a fire
    ("الغرفة نار", "the room is very hot"), ("البيت نار", "the home is very hot"),
    ("الشقة نار", "the apartment is very hot"),
    ("الجو نار", "the weather is very hot"), ("الحر نار", "the heat is very hot"), ("الدنيا نار", "it is very hot"),
)

WORDS: dict[str, str] = {
    # hazards
    "غاز": "gas", "رائحة": "smell", "ريحة": "smell", "ريحه": "smell", "يشم": "smell", "نشم": "smell",
    "حريق": "fire", "نار": "fire", "نيران": "flames", "دخان": "smoke", "شرارة": "sparks", "شرار": "sparks",
    "يشرر": "sparking", "شرارات": "sparks", "ماس": "short circuit", "كهرباء": "electricity", "كهربا": "electricity",
    "صعق": "shock", "صعقة": "shock", "كهربني": "shocked me", "سلك": "wire", "أسلاك": "wires", "مقبس": "outlet",
    "فيش": "outlet", "بريزة": "outlet", "أفياش": "outlets", "قاطع": "breaker", "فيضان": "flooding",
    "يغرق": "flooding", "غرق": "flooded", "غرقت": "flooded", "طفح": "overflowing", "طافح": "overflowing",
    "انفجر": "burst", "انفجار": "burst", "ينفجر": "burst", "اقتحام": "break in", "سرقة": "burglary",
    "لص": "burglar", "حرامي": "burglar", "حرامية": "burglars", "دخيل": "intruder", "انهيار": "collapse",
    "ينهار": "collapsing", "سقط": "collapsed", "سقوط": "collapsing", "شق": "crack", "شقوق": "cracks",
    "تشقق": "cracking", "شرخ": "crack", "عالق": "trapped", "محبوس": "trapped", "محتجز": "trapped",
    "إنذار": "alarm", "انذار": "alarm", "كاشف": "detector", "يصفر": "beeping", "يرن": "going off",
    "فحيح": "hissing", "كبريت": "sulfur",
    "دوخة": "dizzy", "دوار": "dizzy", "صداع": "headache", "غثيان": "nausea", "إغماء": "fainting",
    # water and plumbing
    "تسرب": "leak", "تسريب": "leak", "يتسرب": "leaking", "يسرب": "leaking", "تهريب": "leak", "يهرب": "leaking",
    "ينقط": "dripping", "تنقيط": "dripping", "نقط": "drip", "ماء": "water", "مياه": "water", "مية": "water",
    "مي": "water", "موية": "water", "مويه": "water", "سقف": "ceiling", "جدار": "wall", "حائط": "wall", "حيط": "wall",
    "مرحاض": "toilet", "تواليت": "toilet", "سيفون": "toilet", "مغسلة": "sink", "حوض": "sink", "بالوعة": "drain",
    "مجاري": "sewage", "صرف": "drain", "مسدود": "clogged", "مسدودة": "clogged", "انسداد": "clogged",
    "سخان": "water heater", "حنفية": "faucet", "صنبور": "faucet", "دش": "shower", "دوش": "shower",
    "أنبوب": "pipe", "ماسورة": "pipe", "بايب": "pipe", "ضغط": "pressure", "ضعيف": "weak",
    # heating and cooling
    "تدفئة": "heating", "دفاية": "heater", "مدفأة": "heater", "شوفاج": "heating", "رديتر": "radiator",
    "مكيف": "ac", "مكيفات": "ac", "تكييف": "ac", "كونديشن": "ac", "برد": "cold", "بارد": "cold", "باردة": "cold",
    "متجمد": "freezing", "تجمد": "freezing", "صقيع": "freezing", "حر": "hot", "حار": "hot", "حرارة": "heat",
    "شوب": "heat wave", "فهرنهايت": "degrees fahrenheit", "درجة": "degrees celsius", "درجات": "degrees celsius",
    "مروحة": "fan", "تهوية": "ventilation",
    # general
    "باب": "door", "قفل": "lock", "كالون": "lock", "مفتاح": "key", "شباك": "window", "نافذة": "window",
    "زجاج": "glass", "مصعد": "elevator", "أسانسير": "elevator", "اسانسير": "elevator", "ثلاجة": "fridge",
    "براد": "fridge", "فرن": "oven", "موقد": "stove", "بوتاجاز": "stove", "طباخ": "stove", "غسالة": "washer",
    "صراصير": "roaches", "صرصور": "roach", "فئران": "mice", "فأر": "mouse", "جرذان": "rats", "جرذ": "rat",
    "مصباح": "lightbulb", "مصابيح": "lightbulbs", "لمبات": "lightbulbs", "ممر": "hallway", "مضخة": "pump",
    "رادياتير": "radiator", "أوضة": "room", "اوضة": "room", "عيال": "kids", "ساقع": "cold", "ساقعة": "cold",
    "خالص": "at all", "محروق": "burnt out", "محروقة": "burnt out", "محروقه": "burnt out", "مظلم": "dark",
    "بق": "bedbugs", "حشرات": "bugs", "عفن": "mold", "رطوبة": "damp", "إضاءة": "light", "لمبة": "lightbulb",
    "ضوء": "light", "إنترفون": "intercom", "انتركم": "intercom", "أرضية": "floor", "بلاط": "tiles",
    "بلكونة": "balcony", "بلكونه": "balcony", "شرفة": "balcony", "مايلة": "leaning", "مايل": "leaning",
    "مائلة": "leaning", "مائل": "leaning", "درج": "stairs",
    "مكسور": "broken", "مكسورة": "broken", "معطل": "broken", "معطلة": "broken",
    "خربان": "broken", "خربانة": "broken", "عطلان": "broken", "عطل": "broken", "خراب": "broken", "تعطل": "broke",
    "انكسر": "broke", "انكسرت": "broke", "تصليح": "repair", "إصلاح": "repair", "صيانة": "maintenance",
    # people and time
    "عجوز": "elderly", "دايخ": "dizzy", "اغماء": "fainting", "تعبان": "unwell", "تعبانة": "unwell",
    "دافئ": "warm", "دافي": "warm", "ساخن": "hot", "سخن": "hot", "ترتعش": "flickering", "ترمش": "flickering",
    "طنين": "buzzing", "المقبس": "outlet", "أضواء": "lights", "اضواء": "lights", "اسلاك": "wires",
    "طفل": "child", "أطفال": "children", "رضيع": "baby", "بيبي": "baby", "مولود": "newborn", "مسن": "elderly",
    "مسنة": "elderly", "جدتي": "my grandmother", "جدي": "my grandfather", "حامل": "pregnant", "مريض": "sick",
    "أمس": "yesterday", "امبارح": "yesterday", "مبارح": "yesterday", "البارحة": "last night", "الليلة": "tonight",
    "أسبوع": "week", "وقف": "stopped", "وقفت": "stopped",
    "نشفناه": "dried", "نشفنا": "dried", "نشف": "dried", "لسا": "still",
    "لسه": "still", "بطارية": "battery", "بطاريه": "battery",
    "تم": "was", "تصلح": "fixed", "اتصلح": "fixed", "انصلح": "fixed", "خلاص": "fixed", "اصلحتها": "fixed it",
    "أصلحتها": "fixed it", "اصلحوها": "fixed it", "صلحوها": "fixed it", "صلحوه": "fixed it", "اصلحوه": "fixed it",
    "صفر": "beeped", "صفّر": "beeped", "تصفر": "beeps", "رمز": "icon", "أعراض": "symptoms",
    "اعراض": "symptoms",
    "حد": "someone", "أحد": "someone", "شخص": "someone", "يحاول": "trying", "يكسر": "break", "عندي": "i have",
    "عندنا": "we have", "يوجد": "there is", "هناك": "there is", "فيه": "there is", "بس": "but", "لكن": "but",
    "جو": "weather", "الجو": "weather", "جدا": "very", "كتير": "very", "مرة": "very", "طالع": "coming out",
    "يطلع": "coming out", "نازل": "coming down", "ينزل": "coming down", "من": "from", "في": "in", "على": "on",
    "يومين": "two days", "أيام": "days", "ساعة": "hour", "ساعات": "hours", "شهر": "month",
    "مغرقة": "flooded", "مغرق": "flooded", "درابزين": "railing", "اتخلع": "came off",
    "انخلع": "came off", "دهان": "paint", "بيقشر": "peeling", "يقشر": "peeling", "قشر": "peeling",
    "ابني": "my son", "بنتي": "my daughter", "أكسجين": "oxygen", "اكسجين": "oxygen", "كشف": "detector",
    "فيران": "rats", "فضلات": "droppings", "محبس": "shutoff_valve",
    # negation and quantity
    "ولا": "nor",
    "لا": "not", "ليس": "not", "لم": "not", "لن": "not", "ما": "not", "مش": "not", "مو": "not", "بدون": "without",
    "دون": "without", "كثير": "a lot", "كثيرة": "a lot", "وايد": "a lot", "كل": "all",
    "مكان": "everywhere", "شقة": "apartment", "شقتي": "my apartment", "بيت": "home", "غرفة": "room",
    "مطبخ": "kitchen", "حمام": "bathroom", "بناية": "building", "عمارة": "building", "مبنى": "building",
    "جيران": "neighbours", "ثلج": "snow", "تلج": "snow", "تتلج": "snowing", "تثلج": "snowing", "برا": "outside",
    "بره": "outside", "خارج": "outside", "جوا": "inside", "داخل": "inside", "ترجف": "shivering", "يرجف": "shivering",
    "ترتجف": "shivering", "يرتجف": "shivering", "أبدا": "at all", "بكل": "in all",
    "طقطقة": "crackling", "ذايب": "melting", "ذايبة": "melting", "ذائب": "melting", "بلاستيك": "plastic",
    "الفرن": "the oven", "الطباخ": "the stove", "البوتاجاز": "the stove", "نطبخ": "cook", "أطبخ": "cook",
    "اطبخ": "cook", "نقدر": "can", "أقدر": "can",
    "مقفول": "locked", "مقفل": "locked", "مسكر": "locked", "سلسلة": "chain", "بسلسلة": "with a chain",
    "محترق": "burnt", "تومض": "flickering", "يومض": "flickering", "بتومض": "flickering",
    "سودا": "black", "سوداء": "black", "فيشة": "outlet", "تغمر": "flooding", "يغمر": "flooding",
    "تخرج": "coming out", "يخرج": "coming out", "البانيو": "the tub", "بانيو": "tub",
}


_GLOSSARY = Glossary(PHRASES, WORDS)


def from_arabic(text: str) -> str:
    """The Arabic words of a repair report in English (other words and Latin text unchanged)."""
    return _GLOSSARY.from_arabic(text)
