"""Vocabulary of the NeedsAgent: place names and their nicknames, amenity phrases, must/nice cue words."""

from __future__ import annotations

import re

# Nickname or variant -> the location token used for matching (the token is a substring of a unit's
# neighborhood, submarket, borough or address). Neighborhood names of the inventory are added at run time.
LOCATION_ALIASES: dict[str, str] = {
    # places near New York that the inventory does not cover: read, so the gap can be said
    "jersey city": "jersey city", "hoboken": "hoboken", "new jersey": "new jersey", "newark": "newark",
    "long island": "long island", "westchester": "westchester",
    "yonkers": "yonkers",
    # campuses people name instead of a neighborhood
    "columbia": "morningside heights", "near columbia": "morningside heights", "nyu": "greenwich village",
    "ues": "upper east side",
    "upper east": "upper east side",
    "uws": "upper west side",
    "upper west": "upper west side",
    "les": "lower east side",
    "lower east": "lower east side",
    "fidi": "financial district",
    "fi di": "financial district",
    "wall street": "financial district",
    "lic": "long island city",
    "downtown bk": "downtown brooklyn", "downtown bklyn": "downtown brooklyn",
    "bed stuy": "bedford-stuyvesant",
    "bed-stuy": "bedford-stuyvesant",
    "bedstuy": "bedford-stuyvesant",
    "bedford stuyvesant": "bedford-stuyvesant",
    "stuy town": "stuyvesant town",
    "stuytown": "stuyvesant town",
    "gramercy": "gramercy park",
    "hells kitchen": "midtown west",
    "hell's kitchen": "midtown west",
    "clinton": "midtown west",
    "murray hill": "midtown east",
    "kips bay": "midtown east",
    "turtle bay": "midtown east",
    "sutton place": "midtown east",
    "nomad": "midtown south",
    "garment district": "midtown south",
    "koreatown": "midtown south",
    "k-town": "midtown south",
    "union square": "flatiron",
    "flatiron district": "flatiron",
    "noho": "greenwich village",
    "the village": "greenwich village",
    "washington hts": "washington heights",
    "wash heights": "washington heights",
    "crown hts": "crown heights",
    "prospect lefferts": "prospect lefferts gardens",
    "plg": "prospect lefferts gardens",
    "wburg": "williamsburg",
    "billyburg": "williamsburg",
    "dumbo": "dumbo",
    "battery park": "battery park city",
    "bpc": "battery park city",
    "soho": "soho",
    "tribeca": "tribeca",
    "nolita": "nolita",
    "harlem": "harlem",
    "greenwood heights": "greenwood",
    "ridgewood": "ridgewood",
    "midtown": "midtown",
    "downtown": "downtown",
    "downtown manhattan": "all downtown",
    "lower manhattan": "all downtown",
    "uptown": "upper manhattan",
    "upper manhattan": "upper manhattan",
    "north brooklyn": "north brooklyn",
    "south brooklyn": "south brooklyn",
    "manhattan": "manhattan",
    "brooklyn": "brooklyn",
    "queens": "queens",
    "bronx": "bronx",
    "the bronx": "bronx",
    "staten island": "staten island",
    # more places the inventory does not cover: read, so that the reply can say so
    "weehawken": "weehawken",
    "union city": "union city",
    "fort lee": "fort lee",
    "bayonne": "bayonne",
    "white plains": "white plains",
    "new rochelle": "new rochelle",
    "times square": "times sq",
    "times sq": "times sq",
    "broadway": "broadway",
    "bowery": "bowery",
    "lexington": "lexington ave",
    "lexington ave": "lexington ave",
    "park ave": "park ave",
    "park avenue": "park ave",
    "madison ave": "madison ave",
    "madison avenue": "madison ave",
    "university place": "university pl",
    "water street": "water st",
    "pearl street": "pearl st",
}

# Words that look like places but mostly are not, in a housing request.
AMBIGUOUS_PLACES = frozenset({"central", "midwood", "flushing", "corona", "jamaica", "greenwood"})

# Amenity key -> phrases (regular expressions) that name it.
AMENITY_PHRASES: dict[str, tuple[str, ...]] = {
    "doorman": (r"door ?m[ae]n", r"doormen", r"concierge", r"full[- ]service (building|bldg)"),
    "elevator": (r"elevators?", r"\blifts?\b", r"walk[- ]?up free"),
    "gym": (r"\bgym", r"fitness (center|room|centre)", r"work ?out room"),
    "roofdeck": (r"roof ?-?decks?", r"roof ?tops?", r"roof terrace", r"roof access"),
    "washer_dryer": (r"\bw ?/ ?d\b", r"washer ?[/&-]? ?dryer", r"washer and dryer", r"in[- ]unit laundry",
                     r"laundry in[- ](the )?unit", r"washing machine"),
    "dishwasher": (r"dish ?washer", r"\bd/?w\b"),
    "patio": (r"patio", r"outdoor space", r"private outdoor", r"backyard", r"back yard", r"garden"),
    "no_fee": (r"no[- ]?fee", r"no broker('?s)? fee", r"without (a )?(broker('?s)? )?fee", r"fee[- ]free",
               r"no brokers?"),
    "near_transit": (r"walk(?:ing|able)? distance (?:to|from|of) (?:the |a )?(?:subway|train|station|metro|[a-z0-9])\b|"
                     r"(near|close to|next to|by|walk(ing)? to|minutes? (from|to)|min (from|to)|walking "
                     r"distance (of|to)|within [~\w ]{0,12} of)( an?| the)? (subway|train|transit|metro|station|"
                     r"stop|[a-z0-9](/[a-z0-9])* (train|line))", r"subway (nearby|close|access)",
                     r"near the [a-z0-9](/[a-z0-9])+\b", r"transit[- ]friendly", r"close to a subway",
                     r"(subway|train) (is )?(close|nearby|near)"),
    "pet_friendly": (r"pets? ?-?friendly", r"(pets?|cats?|dogs?) (are |is )?(allowed|ok|okay|welcome|permitted)",
                     r"allows? (pets|cats|dogs|a cat|a dog)", r"(accepts?|takes?) (pets|cats|dogs)",
                     r"\b(my|our|a|the|two|2) (dog|dogs|cat|cats|puppy|kitten)\b", r"\bi have (a )?(dog|cat)",
                     r"dog[- ]friendly", r"cat[- ]friendly"),
}

# Clause cues: a clause with a NICE cue makes its amenities nice-to-haves; otherwise they are musts.
NICE_CUES = (
    r"ideal(ly)?", r"would be (nice|great|good|a plus|ideal|awesome|amazing|a bonus|preferred|appreciated)",
    r"nice to have", r"nice-to-have", r"\bbonus\b", r"\ba plus\b", r"\bplus if\b", r"preferr?ed", r"\bprefer\b",
    r"if possible", r"optional", r"not (required|necessary|a must|essential|needed)", r"\bnice\b", r"would love",
    r"hopefully", r"\bmaybe\b", r"bonus points", r"doesn'?t have to", r"not a deal ?breaker", r"great if",
    r"good to have",
    # Spanish and Arabic: "si es sin comisión, mejor", "de preferencia", "يفضل"
    r"\bmejor\b", r"\bsi es\b", r"\bif (?:it'?s|it is) (?:a )?(?:no[- ]fee|with|got|has)\b", r"\bde preferencia\b",
    r"\bpreferible\w*", r"\bsi (?:es )?posible\b", r"\bojal[aá]\b",
    r"يفضل", r"يستحسن", r"إن أمكن", r"ان امكن",
)
MUST_CUES = (r"\bmust\b", r"required", r"\bneeds? to\b", r"has to", r"have to", r"non[- ]?negotiable",
             r"\bessential\b", r"\brequire", r"deal ?breaker")

# Spanish requests are read through a small glossary into the English wording the parser knows.
SPANISH_MARKERS = r"\b(busco|buscamos|necesito|necesitamos|quiero|queremos|habitaci[oó]n|habitaciones|apartamento|" \
                  r"departamento|oficina|alquiler|presupuesto|d[oó]lares|menos de|por mes|al mes|alguno|esos|estos|" \
                  r"perros?|gatos?|acepta\w*|barat\w*|m[aá]s grande|m[aá]s cerca\w*|cu[aá]l(?:es)?|algun[oa]s?|" \
                  r"tienen?|cobran?|escaleras|pies|por favor|personas)\b"
SPANISH_GLOSSARY: tuple[tuple[str, str], ...] = (
    (r"\b(\d{1,3})\.(\d{3})\b", r"\1\2"),  # 2.000 -> 2000 (a dot groups thousands)
    (r"\b(\d{1,3})\s+mil\b", r"\g<1>000"),  # 80 mil -> 80000
    (r"\b(?:el|la) m[aá]s (?:barat[oa]|econ[oó]mic[oa])\b", "the cheapest"),
    (r"\b(?:el|la) m[aá]s grande\b", "the biggest"),
    (r"\bopcional(?:es)?\b", "optional"),  # "gym opcional", as the Spanish reply offers
    (r"\bdime m[aá]s(?: sobre| de)?(?: (?:ese|esa|[eé]l|ella))?\b|\bm[aá]s detalles(?: de| sobre)?\b",
     "tell me more about that one"),
    (r"\bpor menos de\b|\bmenos de\b|\bm[aá]ximo( de)?\b|\bhasta\b|\bno m[aá]s de\b", "under"),
    (r"\bal menos\b|\bm[ií]nimo( de)?\b|\bcomo m[ií]nimo\b", "at least"),
    # "entre las calles 17 y 25": the cross streets from 17th to 25th; "de 10,000 a 13,000": a range
    (r"\bentre las calles (\d{1,3}) y (\d{1,3})\b", r"between \1th and \2th st"),
    (r"\bde (\$?\s?)(\d[\d,.]*)\s*(k|mil)? a (\$?\s?)(\d[\d,.]*)\b", r"\1\2\3 to \4\5"),
    (r"\bentre\b", "between"),
    (r"\b(d[oó]lares|usd)\b", "dollars"),
    (r"\b(al mes|por mes|mensuales?)\b", "a month"),
    (r"\b(al a[nñ]o|por a[nñ]o|anuales?)\b", "a year"),
    (r"\bestudios?\b", "studio"),
    (r"\b(habitaci[oó]n|habitaciones|dormitorios?|rec[aá]maras?|cuartos?)\b", "bedrooms"),
    (r"\bba[nñ]os?\b", "bathrooms"),
    (r"\b(una|un|uno)\b(?= (bedrooms|bathrooms|a[nñ]o))", "1"),
    (r"\bdos\b", "2"), (r"\btres\b", "3"), (r"\bcuatro\b", "4"),
    # "el primero es piso 9", "en el 5º piso": a floor, not a flat (piso is both)
    (r"\bpiso (\d{1,2})\b", r"floor \1"), (r"\b(\d{1,2})(?:º|°|o)? piso\b", r"floor \1"),
    (r"\b(apartamentos?|departamentos?|pisos?)\b", "apartment"),
    (r"\boficinas?\b", "office"),
    (r"\bpor pie cuadrado\b|\bel pie cuadrado\b|\bpor pie\b", "per sf"), (r"\bpies cuadrados\b", "sq ft"),
    # "más de 850 pies": feet said alone after a figure are its square feet; "more than" a size is its minimum
    (r"(\d)\s*pies\b", r"\1 sq ft"),
    # "el de 1,250", "la de 2400": the unit told by a figure it was shown with ("the 1,250 one")
    (r"\b(?:el|la) de (\$?\d{1,2},?\d{3}|\$?\d{3})\b(?! ?(?:sq ft|d[oó]lares|al mes|por mes|mensual))",
     r"the \1 one"), (r"\bm[aá]s de (?=\d[\d,]* ?sq ft)", "at least "),
    # "¿cuánto sería al mes el más barato por pie?": how much, for the cheapest per foot
    (r"\b(?:el|la) m[aá]s barat[oa] por pie\b", "the cheapest per sf"),
    (r"\bcu[aá]nto (?:ser[ií]a|es|cuesta|sale|saldr[ií]a|pagar[ií]amos)\b", "how much is"),
    (r"\bmetros cuadrados\b|\bm2\b", "sqm"), (r"\bpara (\d{1,4}) personas\b", r"for \1 people"),
    (r"\bpresupuesto(?: de)?\b", "budget"),
    (r"\b(acepten?|permitan?|se permiten|admiten?) mascotas\b|\bmascotas permitidas\b", "pets allowed"),
    (r"\best[aá] m[aá]s cerca del? (?:metro|subte|tren)\b|\bm[aá]s cerca del? (?:metro|subte|tren)\b",
     "is closest to the subway"),
    (r"\b(cerca del?|junto al?) (metro|subte|tren)\b", "near the subway"),
    # "la calle 36 oeste": West 36th Street
    (r"\bcalle (\d{1,3})\s+oeste\b", r"w \1 st"), (r"\bcalle (\d{1,3})\s+este\b", r"e \1 st"),
    (r"\bportero\b", "doorman"), (r"\b(ascensor|elevador)\b", "elevator"), (r"\bgimnasio\b", "gym"),
    (r"\blava(?:vajillas|platos)\b", "dishwasher"), (r"\blavadora y secadora\b", "washer dryer"),
    (r"\bsin (comisi[oó]n|tarifa|honorarios)\b", "no fee"), (r"\bterraza\b|\bpatio\b", "patio"),
    # questions about the results just shown: "¿cuáles no cobran comisión?", "¿alguna tiene elevador?"
    (r"\bno (?:cobran?|piden?|tienen?|llevan?) (?:comisi[oó]n|fee|honorarios)\b", "are no fee"),
    (r"\b(?:alguna|alguno|algunas|algunos) (?:de (?:esas|esos|estas|estos|ellas|ellos) )?(?:tiene|tienen|trae|"
     r"traen|incluye|incluyen)\b", "does any have"),
    (r"\bno puede(?:n)? (?:con|subir) (?:las )?escaleras\b", "can't do stairs"), (r"\bescaleras\b", "stairs"),
    (r"\b(?:la|el) primer[oa]?\b", "the first one"), (r"\b(?:la|el) segund[oa]\b", "the second one"),
    (r"\b(?:la|el) tercer[oa]?\b", "the third one"),
    (r"\bidealmente\b|\bser[ií]a ideal\b|\bde preferencia\b|\bpreferiblemente\b", "ideally"),
    (r"\b(meses)\b", "months"), (r"\ba[nñ]os\b", "years"),
    (r"\b(?:alguno|alguna|algunos|algunas) de (?:esos|estos|esas|estas|ellos)\b", "any of those"),
    (r"\bcu[aá]l(?:es)? de (?:esos|estos|esas|estas|ellos)\b", "which of those"),
    (r"\bcu[aá]les\b", "which ones"), (r"\bcu[aá]l\b", "which one"),
    (r"^\W*tiene\b", "does it have"),
    # "el primero es piso 9, tiene ascensor?": a question of its own after a comma
    (r"(?<=[,;])\s*¿?tiene\b(?=[^.?!]{0,40}\?)", " does it have"), (r"\btienen?\b", "has"),
    (r"\bperr(?:o|os|ito|itos)\b", "dogs"), (r"\bgat(?:o|os|ito|itos)\b", "cats"),
    (r"\bm[aá]s cerca(?:no|na)? del? (?:metro|tren)\b", "closest to the subway"),
    (r"\bm[aá]s barat[oa]s?\b", "cheaper"), (r"\bm[aá]s grandes?\b", "bigger"),
    (r"\b(?:ordena\w*|ordenar) por precio\b", "sort by price"), (r"\b(?:ver|mu[eé]strame) m[aá]s\b", "show more"),
    (r"\bo\b", "or"), (r"\by\b", "and"), (r"\ben\b", "in"), (r"\bcon\b", "with"),
)

# Arabic requests, the same way: phrases first, then words (place names in Arabic script included).
ARABIC_GLOSSARY: tuple[tuple[str, str], ...] = (
    (r"غسالة و ?نشافة|غسالة ومجفف", "washer dryer"),
    (r"(?:الأقرب|الاقرب|أقرب|اقرب) (?:لل|إلى ال|الى ال|من ال)(?:مترو|محطة)", "closest to the subway"),
    (r"أي وحدة|اي وحدة|أي شقة|اي شقة|أيها|ايها|أي واحدة|اي واحدة", "which one"),
    (r"(?:في |ب)?نفس (?:العمارة|المبنى|البناية)", "in the same building"),
    (r"مساحتها|مساحته|المساحة", "how many sqft"),
    (r"أخبرني أكثر عن|اخبرني اكثر عن|تفاصيل أكثر عن|تفاصيل", "tell me more about"),
    (r"(?:في )?(?:أرخص|ارخص) (?:خيار|واحد|واحدة|شقة|مكتب|وحدة)|الأرخص|الارخص", "the cheapest one"),
    (r"(?:لل|ل)?قدم المربع", "per square foot"), (r"السعر السنوي|الإيجار السنوي|الايجار السنوي", "annual rent"),
    (r"الخيار الأول|الأول|الأولى", "the first one"), (r"الخيار الثاني|الثاني|الثانية", "the second one"),
    (r"(?<!\S)أو(?!\S)", "or"),  # "بغرفتين أو ثلاث غرف": two or three bedrooms
    (r"بغرفتي نوم|غرفتي نوم|غرفتين نوم|غرفتا نوم|غرفتين|غرفتان", "2 bedrooms"), (r"على الأقل|على الاقل", "at least"),
    (r"بثلاث غرف(?: نوم)?|ثلاث غرف(?: نوم)?", "3 bedrooms"),
    (r"بغرفة نوم(?: واحدة)?|غرفة نوم واحدة|غرفة نوم", "1 bedroom"), (r"استوديو|ستوديو", "studio"),
    (r"الميزانية حتى|ميزانيتي حتى|بحد أقصى|لا تزيد عن|أقل من|اقل من|حتى", "under"),
    (r"دولار(?:ات)?", "dollars"), (r"شهريا|شهرياً|في الشهر|بالشهر", "a month"),
    (r"شقة|شقق|الشقة", "apartment"), (r"مكتب|مكاتب", "office"),
    (r"بواب|حارس", "doorman"), (r"مصعد", "elevator"), (r"نادي رياضي|جيم|صالة رياضية", "gym"),
    (r"غسالة صحون|غسالة أطباق", "dishwasher"), (r"حيوانات أليفة|كلب|قطة|قطط|كلاب", "pets allowed"),
    (r"قريب(?:ة)? من (?:المترو|محطة)", "near the subway"), (r"بدون عمولة", "no fee"),
    (r"حمامين", "2 bathrooms"), (r"(\d+) دقائق مشي|(\d+) دقيقة مشي", r"\1\2 min walk"),
    (r"(?:لل|ال)مترو", "the subway"), (r"أو أقل|او اقل", "or less"), (r"بدون|من غير", "without"),
    (r"أريد فقط|اريد فقط|فقط", "only"), (r"التي فيها|اللي فيها|فيها|مع", "with"), (r"المباني|مباني", "buildings"),
    (r"أرخص|ارخص", "cheaper"), (r"أكبر|اكبر", "bigger"), (r"أبحث عن|ابحث عن|أريد|اريد", "looking for"),
    (r"مانهاتن|منهاتن", "manhattan"), (r"بروكلين", "brooklyn"), (r"كوينز", "queens"), (r"برونكس", "bronx"),
    (r"هارلم", "harlem"), (r"ويليامزبرغ|ويليامزبيرغ", "williamsburg"), (r"أستوريا|استوريا", "astoria"),
    (r"تورونتو|تورنتو", "toronto"), (r"فانكوفر", "vancouver"), (r"مونتريال", "montreal"),
    (r"ميدتاون (?:إيست|ايست|الشرقية)", "midtown east"), (r"ميدتاون (?:ويست|الغربية)", "midtown west"),
    (r"ميدتاون", "midtown"),
    # neighbourhoods as they are written in Arabic letters (before the short words below, which occur inside them)
    (r"باي ريدج", "bay ridge"), (r"بارك سلوب", "park slope"), (r"بوشويك", "bushwick"),
    (r"غرينبوينت|غرين بوينت|جرين بوينت", "greenpoint"), (r"لونغ آيلاند سيتي|لونج آيلاند سيتي", "long island city"),
    (r"أبر إيست سايد|ابر ايست سايد|الجانب الشرقي العلوي", "upper east side"),
    (r"أبر ويست سايد|ابر ويست سايد|الجانب الغربي العلوي", "upper west side"), (r"تشيلسي|تشيلسى", "chelsea"),
    (r"سوهو", "soho"), (r"تريبيكا", "tribeca"), (r"إيست فيليدج|ايست فيليدج", "east village"),
    (r"ويست فيليدج", "west village"), (r"كراون هايتس", "crown heights"), (r"بيد ستاي", "bed stuy"),
    (r"فلاتبوش", "flatbush"), (r"جاكسون هايتس", "jackson heights"), (r"صني سايد", "sunnyside"),
    (r"الحي المالي", "financial district"), (r"هيلز كيتشن", "hell's kitchen"), (r"دامبو", "dumbo"),
    (r"واشنطن هايتس", "washington heights"), (r"ستاتن آيلاند|ستاتن ايلاند", "staten island"),
    (r"في", "in"), (r"و", "and"),
)


def _cross_streets(low: int, high: int, sides: str = "we") -> list[str]:
    """Numbered cross streets from low to high on the given sides ("w 38th st" ... "e 42nd st")."""
    def ordinal(n: int) -> str:
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    return [f"{side} {ordinal(n)} st" for n in range(low, high + 1) for side in sides]


# Landmarks people search near. An office search reads one as the cross streets within about three blocks (office
# listings have street addresses); an apartment search as its neighbourhood (apartment listings have no addresses).
# The courts at Foley Square: the short streets around it (Pearl St and Broadway run too far to place a suite near)
_FOLEY_SQUARE = ["centre st", "lafayette st", "worth st", "duane st", "chambers st", "reade st", "mulberry st",
                 "baxter st", "park row"]
# The confidence of a place read only from where someone works ("my husband works in Manhattan"): a guess that a
# search already on the table keeps its own area over
WORKPLACE_CONFIDENCE = 0.5

LANDMARKS: dict[str, tuple[str, list[str]]] = {
    "bryant park": ("midtown west", _cross_streets(38, 43)),
    "grand central": ("midtown east", _cross_streets(40, 46, "e")),
    "times square": ("midtown west", [*_cross_streets(40, 48, "w"), "times sq"]),
    "times sq": ("midtown west", [*_cross_streets(40, 48, "w"), "times sq"]),
    "herald square": ("midtown south", _cross_streets(31, 37)),
    "penn station": ("midtown south", _cross_streets(30, 35, "w")),
    "madison square garden": ("midtown south", _cross_streets(30, 35, "w")),
    # University Place runs from Washington Square up to Union Square's south-west corner (14th St)
    "union square": ("flatiron", [*_cross_streets(13, 18), "university pl", "union sq"]),
    "madison square park": ("flatiron", _cross_streets(21, 27)),
    "flatiron building": ("flatiron", _cross_streets(20, 26)),
    "rockefeller center": ("midtown west", _cross_streets(47, 52)),
    "rock center": ("midtown west", _cross_streets(47, 52)),
    "hudson yards": ("midtown west", _cross_streets(30, 35, "w")),
    "columbus circle": ("upper west side", _cross_streets(56, 61, "w")),
    "washington square": ("greenwich village", ["university pl", "w 4th st", "w 8th st", "e 8th st"]),
    "wall street": ("financial district", ["wall st", "water st", "pearl st", "broad st", "william st"]),
    "foley square": ("chinatown", _FOLEY_SQUARE),
    "foley sq": ("chinatown", _FOLEY_SQUARE),
}


# Wishes the listings cannot check (no such field in the data): said back with the search, never silently ignored
# ("a FURNISHED studio for 3 months": the results match the rest, and the person knows what they do not say)
WISHES_NOT_HELD: tuple[tuple[str, str], ...] = (
    ("furnished", r"\bfurnished\b|\bamueblad[oa]s?\b|مفروش"),
    ("the lease length (short or month-to-month stays)",
     r"\b(?:\d{1,2}|one|two|three|four|five|six|nine)[- ]?months?\b(?=[^.?!]{0,30}\b(?:lease|stay|rental|sublet|only|"
     r"term|contract)\b)|\b(?:for|just|only) (?:\d{1,2}|one|two|three|four|five|six) months\b|\bshort[- ]term\b|"
     r"\bmonth[- ]to[- ]month\b|\bcorta estancia\b|\bpor (?:\d|tres|seis) meses\b"),
    ("rent stabilization", r"\brent[- ](?:stabili[sz]\w*|controll?ed|regulated)\b|\brenta estabilizada\b"),
    ("step-free or wheelchair access", r"\bwheelchair\b|\bstep[- ]free\b|\bno (?:stairs|steps)\b|\bramps?\b|"
                                       r"\b(?:accessible|accessibility)\b|\bsilla de ruedas\b|كرسي متحرك"),
    ("utilities included", r"\butilities included\b|\b(?:heat|gas|electric\w*)(?: and hot water)? included\b|"
                           r"\bservicios incluidos\b"),
    ("parking", r"\bparking\b|\bgarage\b|\bestacionamiento\b|موقف سيار"),
    ("schools", r"\bschool district\b|\bgood schools?\b|\bnear (?:a |the )?schools?\b|\bescuelas?\b"),
    ("air conditioning", r"\bair[- ]?condition\w*|\bcentral air\b|\baire acondicionado\b|تكييف|مكيف"),
    ("noise or soundproofing", r"\bsoundproof\w*|\bthin walls\b|\bquiet (?:building|street|block|apartment|unit)\b"),
)


def place_title(name: str) -> str:
    """A place token as written on a sign: "e 40th st" → "E 40th St" (str.title() gives "E 40Th St")."""
    return re.sub(r"\b(\d+)(St|Nd|Rd|Th)\b", lambda m: m.group(1) + m.group(2).lower(), name.title())


def places_title(names: list[str]) -> str:
    """Place tokens for a sentence; three or more consecutive numbered streets on one side as a range
    ("E 40th–46th St")."""
    streets = [re.fullmatch(r"([ew]) (\d+)(st|nd|rd|th) st", n.lower()) for n in names]
    found = [m for m in streets if m]
    numbers = [int(m.group(2)) for m in found]
    if len(names) > 2 and len(found) == len(names) and len({m.group(1) for m in found}) == 1 \
            and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        first, last = found[0], found[-1]
        return f"{first.group(1).upper()} {first.group(2)}{first.group(3)}–{last.group(2)}{last.group(3)} St"
    return ", ".join(place_title(n) for n in names)
