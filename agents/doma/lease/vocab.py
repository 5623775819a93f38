"""Words of leases: tokenizing, a light stemmer, and the plain-language -> lease-wording vocabulary.

Tenants ask "can I leave early?" while leases say "early termination"; the vocabulary bridges the two so
that both BM25 and the concept-coverage check see the lease's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from retrieval.text import stem, words


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())



# Question and function words: they say nothing about which clause answers a question.
STOPWORDS = _wordset(
    """
    a about above after again against all also am an and any anything are as at be because been before being
    below between both but by can cannot could did do does doing done during each either else ever for from
    further get gets getting give go going got had has have having he her here hers him his how i if in into
    is it its itself just let lets like me might mine more most much must my myself need needs no nor not now
    of off ok okay on once only or other our ours out over own per please really same say says shall she
    should so some such tell than that the their them then there these they this those through to too under
    until up us very want was we were what whats when where whether which while who whom whose why will with
    within without would yes yet you your yours allowed permitted possible able anyone someone something
    happens happen exactly mean means lease leases agreement contract document say said mention mentioned
    know kind sort regarding each every whenever wherever whatever however
    apartment apartments unit units place flat house condo home space
    include includes included including provide provides provided require requires required cover covers covered
    apply applies applied anything everything thing things make makes made making run running
    office offices suite aren isn doesn don didn wasn weren haven hasn ca wo shouldn couldn wouldn
    honestly seriously basically actually literally probably definitely totally kinda sorta thinking wondering
    wonder guess considering
    """
)

# Everyday words that usually modify a lease question rather than name its subject ("bring", "bedroom",
# "walls"): they count at half weight, so a clause that answers the subject is not lost over them.
LIGHT_WORDS = _wordset(
    """
    bring brings brought keep keeps kept put puts take takes took use using go goes going went come comes came
    stay stays give gives gave like start first last new old good bad big small little long short time times
    day days week weeks night nights while during soon later early late today tomorrow maybe also still ever
    room rooms bedroom bedrooms kitchen bathroom bath living closet wall walls floor floors ceiling door doors
    window windows yard area areas side front back inside outside people person someone company family friend
    """
)

# The lease thesaurus: synonym sets per clause type. A question using any member finds the clause in whichever
# member the lease uses ("can the landlord inspect" -> "entry"; "extend my lease" -> "renewal option").
SYNSETS: dict[str, tuple[str, ...]] = {
    "entry": ("enter", "entry", "access", "inspect", "inspection", "admit", "admittance", "let himself in",
              "let herself in", "let themselves in", "let in", "come in", "come into"),
    "deposit": ("deposit", "bond", "security deposit", "damage deposit"),
    "renewal": ("renew", "renewal", "extend", "extension", "option to extend", "option to renew"),
    "assignment": ("assign", "assignment", "sublet", "sublease", "subletting", "subtenant", "sublicense",
                   "transfer"),
    "repair": ("repair", "repairs", "maintain", "maintenance", "upkeep"),
    "termination": ("terminate", "termination", "cancel", "cancellation", "break clause", "surrender"),
    "late payment": ("late", "overdue", "arrears", "past due"),
    "pets": ("pet", "pets", "animal", "animals"),
    "insurance": ("insurance", "insure", "insured", "liability insurance"),
    "noise": ("noise", "noisy", "quiet", "nuisance", "disturbance", "disturb"),
    "alterations": ("alteration", "alterations", "alter", "decorate", "redecorate", "decoration", "redecoration",
                    "paint", "painting", "improvements", "modify"),
    "smoking": ("smoking", "smoke", "vaping", "vape", "cigarette", "cigarettes"),
    "parking": ("parking", "park", "car", "vehicle", "bicycle", "bike"),
    "utilities": ("utilities", "utility", "electricity", "council tax", "bills", "water rates"),
}

# Plain-language phrase -> words a lease uses for it. Keys are matched on word boundaries, longest first;
# a phrase's own words always count too. Kept small and general: it is lease vocabulary, not case answers.
# Every thesaurus member is an entry too (its whole set), unless the table below words it more precisely.
_EXPLICIT: dict[str, tuple[str, ...]] = {
    # staying on after the end, and what is left behind
    "stay past": ("holdover", "holding over", "expiration"),
    # wanting to stay on is the option to extend, and when to say so ("if we want to stay past 2030")
    "want to stay past": ("extend", "extension", "option", "renew", "notice", "expiration"),
    "want to stay beyond": ("extend", "extension", "option", "renew", "notice", "expiration"),
    "stay beyond": ("holdover", "holding over", "expiration", "extend"),
    "past expiration": ("holdover", "holding over", "expiration"),
    "isn't ready": ("holdover", "holding over"),
    "stay on after": ("holdover", "holding over"),
    "leave behind": ("abandoned", "property", "belongings", "possessions", "removed"),
    "my stuff": ("belongings", "possessions", "property", "items"),
    # money of an office lease
    "operating expenses": ("operating expenses", "share", "proportionate"),
    "opex": ("operating expenses", "share", "proportionate"),
    "base rent": ("base rent", "monthly", "installment"),
    "bumps": ("increase", "anniversary", "escalation", "percent"),
    "escalator": ("increase", "anniversary", "escalation", "percent"),
    "ti allowance": ("improvement allowance", "tenant improvement", "allowance"),
    "buildout": ("improvement", "allowance", "improvements"),
    "extra electricity": ("excess", "consumption", "electricity", "additional"),
    "extra cooling": ("excess", "consumption", "after-hours", "hvac"),
    "bump": ("increase", "anniversary", "escalation", "percent"),
    "escalations": ("increase", "anniversary", "escalation", "percent"),
    "when we signed": ("execution", "signing", "prepaid", "advance"),
    "grace period": ("grace", "late", "cure", "default"),
    "cure": ("cure", "default", "notice"),
    "before it's a default": ("cure", "default", "notice"),
    # access and showings
    "get into the building": ("access", "hours", "building"),
    "weekends": ("access", "hours", "weekends", "holidays"),
    "late at night": ("access", "hours", "24"),
    "bring a prospective tenant": ("show", "prospective", "entry", "access"),
    "prospective tenant": ("show", "prospective", "entry", "access"),
    "show the suite": ("show", "prospective", "entry", "access"),
    # away from home, a business at home, the landlord's lender
    "going away": ("absence", "absent", "unoccupied", "consecutive"),
    "away for": ("absence", "absent", "unoccupied", "consecutive"),
    "tell my landlord": ("notify", "inform", "notice"),
    "run a business": ("business", "trade", "profession"),
    # pupils received at home are a business run from it (clients: below)
    "tutor": ("business", "trade", "profession"),
    # the home left empty a while, a builder sent in, things left behind
    "be empty": ("absence", "absent", "unoccupied", "consecutive"),
    "left empty": ("absence", "absent", "unoccupied", "consecutive"),
    "a builder": ("access", "entry", "inspect", "repairs", "notice"),
    "leave stuff": ("belongings", "possessions", "property", "items", "collected", "disposed"),
    "leave things": ("belongings", "possessions", "property", "items", "collected", "disposed"),
    "rubbish": ("refuse", "waste", "bag"),
    "washing machines": ("laundry", "washing"),
    "washing machine": ("laundry", "washing"),
    "from my flat": ("business", "trade", "profession", "premises"),
    "repossess": ("mortgage", "lender", "repossession", "possession"),
    "mortgage lender": ("mortgage", "lender", "repossession"),
    "put the rent up": ("increase", "rent", "review"),
    "protect my deposit": ("deposit", "protection", "scheme"),
    "deposit scheme": ("deposit", "protection", "scheme"),
    "glass walls": ("alterations", "improvements", "partitions"),
    "meeting rooms": ("alterations", "improvements", "partitions"),
    # length of the lease
    "how long is the lease": ("term", "begins", "ends"),
    "how long is my lease": ("term", "begins", "ends"),
    "how long does the lease": ("term", "begins", "ends"),
    "length of the lease": ("term", "begins", "ends"),
    "lease length": ("term", "begins", "ends"),
    "duration": ("term", "begins", "ends"),
    # leaving and terminating
    "leave early": ("early", "termination", "terminate"),
    "move out early": ("early", "termination", "terminate"),
    "break the lease": ("early", "termination", "terminate"),
    "break my lease": ("early", "termination", "terminate"),
    "break lease": ("early", "termination", "terminate"),
    "get out of": ("termination", "terminate"),
    "end early": ("early", "termination", "terminate"),
    "cancel": ("termination", "terminate"),
    "drop out": ("withdraw", "cancellation", "termination", "leave", "suspend"),
    "dropping out": ("withdraw", "cancellation", "termination", "leave", "suspend"),
    "withdraw": ("withdraw", "cancellation", "termination", "suspend"),
    "mental health": ("medical", "medically", "illness", "certified"),
    "sick": ("medical", "medically", "illness"),
    "illness": ("medical", "medically", "illness", "certified"),
    "owe": ("liable", "liability", "rent", "due", "payable"),
    "still owe": ("liable", "liability", "rent", "due", "payable", "obligations", "continue", "re-lets"),
    # a guarantor pursued first ("can they go straight after my mum without trying me first?")
    "go after": ("guarantor", "claim", "liable", "obligation", "pursue"),
    "come after": ("guarantor", "claim", "liable", "obligation", "pursue"),
    "go straight after": ("guarantor", "claim", "liable", "obligation", "pursue"),
    "chase": ("guarantor", "claim", "liable", "pursue", "recover"),
    "quit": ("termination", "terminate", "vacate"),
    "move out": ("vacate", "surrender", "move-out", "end", "termination"),
    "moving out": ("vacate", "surrender", "move-out", "end", "termination"),
    "leave": ("vacate", "termination", "surrender"),
    "leaving": ("vacate", "termination", "surrender"),
    "evict": ("default", "terminate", "eviction"),
    "kick out": ("default", "terminate", "eviction"),
    "kicked out": ("default", "terminate", "eviction"),
    "deployed": ("military",),
    "army": ("military",),
    # subletting
    "sublet": ("sublet", "sublease", "subletting", "assign", "assignment"),
    "sublease": ("sublet", "sublease", "subletting", "assign"),
    "rent out": ("sublet", "sublease", "short-term"),
    "rent my room out": ("sublet", "sublease", "assign"),
    "let out": ("sublet", "sublease", "lodger"),
    "take over": ("assign", "assignment", "sublet", "transfer"),
    "swap rooms": ("transfer", "room", "change", "move"),
    "change rooms": ("transfer", "room", "change", "move"),
    "switch rooms": ("transfer", "room", "change", "move"),
    "airbnb": ("sublet", "short-term", "rental"),
    "roommate": ("occupant", "occupy", "sublet", "reside"),
    "transfer": ("assign", "assignment", "transfer"),
    # animals
    "pet": ("animal", "pet"),
    "dog": ("animal", "pet", "dog"),
    "cat": ("animal", "pet", "cat"),
    "puppy": ("animal", "pet", "dog"),
    "kitten": ("animal", "pet", "cat"),
    "bird": ("animal", "pet", "bird"),
    "snake": ("animal", "pet", "reptile"),
    "lizard": ("animal", "pet", "reptile"),
    "hamster": ("animal", "pet"),
    "fish": ("animal", "pet", "aquarium", "fish"),
    "goldfish": ("animal", "pet", "aquarium", "fish"),
    "rabbit": ("animal", "pet"),
    "guinea pig": ("animal", "pet"),
    "parrot": ("animal", "pet", "bird"),
    "lab": ("animal", "pet", "dog"),
    "rescue": ("animal", "pet"),
    "mutt": ("animal", "pet", "dog"),
    "pup": ("animal", "pet", "dog"),
    "doggy": ("animal", "pet", "dog"),
    "canine": ("animal", "pet", "dog"),
    "kitty": ("animal", "pet", "cat"),
    "adopt": ("animal", "pet"),
    # repairs
    "fix": ("repair", "maintain", "maintenance"),
    "fixes": ("repair", "maintain", "maintenance"),
    "fixing": ("repair", "maintain", "maintenance"),
    "broken": ("repair", "maintain", "maintenance"),
    "breaks": ("repair", "maintain", "maintenance"),
    "leak": ("repair", "leak", "plumbing"),
    "water heater": ("water", "heater", "appliance", "plumbing"),
    "boiler": ("heater", "plumbing", "heating"),
    "fridge": ("refrigerator", "appliance"),
    "stove": ("range", "appliance"),
    "oven": ("range", "appliance"),
    "toilet": ("plumbing", "fixture"),
    "sink": ("plumbing", "fixture"),
    "light bulb": ("light", "bulb"),
    # money
    "deposit back": ("return", "refund"),
    "get my deposit": ("return", "refund"),
    "refund": ("return", "refund", "refundable"),
    "late": ("late", "overdue", "past due"),
    "fee": ("fee", "charge"),
    "fees": ("fee", "charge"),
    "penalty": ("penalty", "fee", "charge"),
    "each year": ("annual", "annually", "anniversary", "year"),
    "every year": ("annual", "annually", "anniversary", "year"),
    "per year": ("annual", "annually", "anniversary", "year"),
    "yearly": ("annual", "annually", "anniversary", "year"),
    "behind on rent": ("late", "default", "unpaid"),
    "bounced": ("returned", "check", "payment"),
    "bounce": ("returned", "check", "payment"),
    "pay rent": ("rent", "payment", "pay"),
    "raise the rent": ("increase", "rent", "adjustment"),
    "raise rent": ("increase", "rent", "adjustment"),
    "rent increase": ("increase", "rent", "adjustment"),
    "go up": ("increase", "escalation"),
    "utilities": ("utilities", "electricity", "gas", "water", "sewer", "trash"),
    "utility": ("utilities", "electricity", "gas", "water"),
    "electric": ("electricity",),
    "power": ("electricity",),
    "bills": ("pay", "utilities"),
    "bill": ("pay", "utilities", "charges"),
    "separate bill": ("utilities", "charges", "included"),
    "on top of the rent": ("utilities", "charges", "included", "additional"),
    "heating and electricity": ("heating", "lighting", "power", "utilities", "electricity"),
    "gas and electric": ("gas", "electricity", "utilities"),
    "taxes": ("tax", "taxes"),
    # access and use
    "come in": ("enter", "entry", "access"),
    "walk in": ("enter", "entry", "access", "notice"),
    "walk into": ("enter", "entry", "access", "notice"),
    "barge in": ("enter", "entry", "access", "notice"),
    "show up": ("enter", "entry", "access", "notice"),
    "drop by": ("enter", "entry", "access", "notice"),
    "let himself in": ("enter", "entry", "access", "notice"),
    "into my room": ("enter", "entry", "access"),
    "into my apartment": ("enter", "entry", "access"),
    "come into": ("enter", "entry", "access"),
    "enter": ("enter", "entry", "access"),
    "inspect": ("enter", "entry", "inspect"),
    "show": ("show", "entry", "prospective"),
    "telling": ("notice",),
    "warning": ("notice",),
    "heads up": ("notice",),
    "salon": ("business", "customers", "clients"),
    "shop": ("business", "customers", "clients"),
    "store": ("business", "customers", "retail"),
    "customers": ("business", "customers", "clients"),
    "clients": ("business", "customers", "clients"),
    "daycare": ("business", "customers", "clients"),
    # selling or serving for money from home is a business run from it, whatever the trade
    "sell": ("business", "trade", "customers"),
    "selling": ("business", "trade", "customers"),
    "orders": ("business", "customers", "deliveries"),
    "freelance": ("business", "profession", "trade"),
    "side hustle": ("business", "trade"),
    "business address": ("business", "trade", "profession"),
    "guest": ("guest", "occupant", "overnight"),
    "guests": ("guest", "occupant", "overnight"),
    "visitor": ("guest", "occupant"),
    "visitors": ("guest", "occupant"),
    "friend": ("guest", "occupant"),
    "boyfriend": ("guest", "occupant", "reside"),
    "girlfriend": ("guest", "occupant", "reside"),
    "partner": ("guest", "occupant", "reside"),
    "family": ("guest", "occupant", "reside"),
    "sister": ("guest", "occupant", "reside"),
    "brother": ("guest", "occupant", "reside"),
    "mother": ("guest", "occupant", "reside"),
    "father": ("guest", "occupant", "reside"),
    "mom": ("guest", "occupant", "reside"),
    "dad": ("guest", "occupant", "reside"),
    "parents": ("guest", "occupant", "reside"),
    "son": ("guest", "occupant", "reside"),
    "daughter": ("guest", "occupant", "reside"),
    "kids": ("guest", "occupant", "reside"),
    "children": ("guest", "occupant", "reside"),
    "cousin": ("guest", "occupant", "reside"),
    "relative": ("guest", "occupant", "reside"),
    "relatives": ("guest", "occupant", "reside"),
    "grandmother": ("guest", "occupant", "reside"),
    "grandfather": ("guest", "occupant", "reside"),
    "nephew": ("guest", "occupant", "reside"),
    "niece": ("guest", "occupant", "reside"),
    "fiance": ("guest", "occupant", "reside"),
    "fiancee": ("guest", "occupant", "reside"),
    "spouse": ("guest", "occupant", "reside"),
    "wife": ("guest", "occupant", "reside"),
    "husband": ("guest", "occupant", "reside"),
    "sleep over": ("guest", "overnight"),
    "live with": ("occupant", "reside", "occupy"),
    "move in": ("occupant", "reside", "begin", "commence"),
    "paint": ("paint", "alteration", "improvement"),
    "nail": ("nail", "hole", "alteration"),
    "nails": ("nail", "hole", "alteration"),
    "hang": ("hang", "nail", "alteration"),
    "decorate": ("alteration", "paint", "wallpaper"),
    "renovate": ("alteration", "improvement"),
    "remodel": ("alteration", "improvement"),
    "modify": ("alteration",),
    "change the locks": ("lock", "rekey"),
    "locks": ("lock", "rekey", "key"),
    "locked out": ("lock", "key", "rekey"),
    "keys": ("key", "lock"),
    "smoke": ("smoking", "smoke", "vaping"),
    "smoking": ("smoking", "smoke", "vaping"),
    "vape": ("smoking", "vaping"),
    "weed": ("smoking", "cannabis"),
    "marijuana": ("smoking", "cannabis"),
    "park": ("parking", "vehicle"),
    "car": ("parking", "vehicle"),
    "garage": ("parking", "vehicle"),
    "tow": ("tow", "vehicle", "parking"),
    "noise": ("noise", "quiet"),
    "loud": ("noise", "quiet"),
    "party": ("noise", "quiet", "guest"),
    "music": ("noise", "quiet"),
    "business": ("business", "use", "commercial"),
    "work from home": ("business", "work", "home", "use"),
    "home office": ("business", "work", "use"),
    "insured": ("insurance",),
    "renters insurance": ("insurance", "renter"),
    "bugs": ("pest", "insect"),
    "bedbugs": ("pest", "insect", "bed", "bug"),
    "roaches": ("pest", "insect"),
    "cockroaches": ("pest", "insect"),
    "mice": ("pest", "rodent"),
    "rats": ("pest", "rodent"),
    "exterminator": ("pest", "control"),
    "mildew": ("mold",),
    "lead paint": ("lead-based", "paint", "lead"),
    "ac": ("air", "conditioning", "hvac", "cooling"),
    "air conditioning": ("air", "conditioning", "hvac", "cooling"),
    "heat": ("heat", "heating", "hvac"),
    "heating": ("heat", "heating", "hvac"),
    "after hours": ("after-hours", "hvac", "business", "hours"),
    "weekend": ("saturday", "business", "days"),
    "cleaning": ("janitorial", "clean", "cleaning"),
    "cleaners": ("janitorial", "clean", "cleaning"),
    "trash": ("trash", "garbage", "refuse"),
    "garbage": ("trash", "garbage", "refuse"),
    "storage": ("storage", "locker"),
    "furnished": ("furnish", "unfurnished", "appliance"),
    "furniture": ("furnish", "unfurnished"),
    "laundry": ("washer", "dryer", "laundry"),
    "belongings": ("property", "personal", "abandon"),
    "stuff": ("property", "personal"),
    "left behind": ("abandon", "property"),
    "stolen": ("theft", "loss", "property", "liable"),
    "damage": ("damage", "wear", "tear"),
    "sue": ("action", "jury", "attorney", "legal"),
    "court": ("action", "jury", "trial", "legal"),
    "lawyer": ("attorney", "legal", "fees"),
    "legal fees": ("attorney", "fees", "legal"),
    "rights": ("right", "waive", "waiver"),
    "give up": ("waive", "waiver"),
    "withhold rent": ("withhold", "deduct", "rent"),
    "deduct": ("deduct", "withhold"),
    # term, renewal, dates
    "renew": ("renew", "renewal", "extend", "option"),
    "renewal": ("renew", "renewal", "extend", "option"),
    "extend": ("extend", "extension", "renew", "option"),
    "stay longer": ("renew", "renewal", "extend", "holdover"),
    "another year": ("renew", "renewal", "extend"),
    "stay after": ("hold", "holdover", "possession"),
    "moved out": ("hold", "holdover", "possession", "surrender"),
    "not moved out": ("hold", "holdover", "possession"),
    "overstay": ("hold", "holdover", "possession"),
    "keep going": ("renew", "renewal", "month-to-month", "automatically"),
    "sign a new one": ("renew", "renewal", "automatically"),
    "stay on": ("renew", "renewal", "extend"),
    "kick me out": ("default", "terminate", "eviction"),
    "overnight": ("guest", "overnight", "visitor"),
    "stay over": ("guest", "overnight", "visitor"),
    "start": ("begin", "commence", "commencement", "start"),
    "starts": ("begin", "commence", "commencement", "start"),
    "end": ("end", "expire", "expiration", "term"),
    "ends": ("end", "expire", "expiration", "term"),
    "expire": ("end", "expire", "expiration"),
    "fire": ("fire", "casualty", "damage"),
    "flood": ("flood", "water", "casualty", "emergency"),
    "sign": ("sign", "signage", "directory"),
    "signage": ("sign", "signage", "directory"),
    "logo": ("sign", "signage", "name", "directory"),
    "nameplate": ("sign", "signage", "name", "directory"),
    "banner": ("sign", "signage"),
    "broker": ("broker", "commission"),
    "size": ("square", "feet", "rentable"),
    "square feet": ("square", "feet", "rentable"),
    "contact": ("notice", "address"),
    "address": ("address", "notice", "premises"),
    # session 32: clause types people name in their own words (holding over, leaving early, being moved,
    # paying late, the landlord's share of a sublease profit, the term and its start, coming and going)
    "still here": ("hold", "holdover", "possession"),
    "after the lease ends": ("hold", "holdover", "possession", "expiration"),
    "after it ends": ("hold", "holdover", "possession", "expiration"),
    "after the term": ("hold", "holdover", "expiration", "option", "extend"),
    "after the first term": ("option", "extend", "renewal", "term"),
    "another term": ("option", "extend", "renewal", "term"),
    "another few years": ("option", "extend", "renewal", "term"),
    "few more years": ("option", "extend", "renewal", "term"),
    "walk away": ("early", "termination", "terminate"),
    "exit": ("early", "termination", "terminate"),
    "get out early": ("early", "termination", "terminate"),
    "buyout": ("early", "termination", "terminate", "fee"),
    "buy out": ("early", "termination", "terminate", "fee"),
    "termination fee": ("early", "termination", "terminate", "fee"),
    "relocate": ("relocate", "relocation", "substitute", "other space"),
    "relocation": ("relocate", "relocation", "substitute", "other space"),
    "different suite": ("relocate", "relocation", "substitute", "other space"),
    "another suite": ("relocate", "relocation", "substitute", "other space"),
    "move us": ("relocate", "relocation", "substitute", "other space"),
    "missed the rent": ("late", "overdue", "late charge", "due date"),
    "miss a payment": ("late", "overdue", "late charge", "due date"),
    "missed a payment": ("late", "overdue", "late charge", "due date"),
    "pay late": ("late", "overdue", "late charge", "due date"),
    "paid late": ("late", "overdue", "late charge", "due date"),
    "take a cut": ("transfer premium", "excess", "consideration", "profit"),
    "a cut": ("transfer premium", "excess", "consideration", "profit"),
    "profit": ("transfer premium", "excess", "consideration", "profit"),
    "more than we pay": ("transfer premium", "excess", "consideration"),
    "more than i pay": ("transfer premium", "excess", "consideration"),
    "how long is our lease": ("term", "begins", "ends", "commencement"),
    "start date": ("commencement", "begin", "term"),
    "did it start": ("commencement", "begin", "term"),
    "does it start": ("commencement", "begin", "term"),
    "at night": ("after-hours", "hours", "business hours"),
    "all-nighter": ("after-hours", "hours", "business hours"),
    "overtime": ("after-hours", "hours", "business hours"),
    "be away": ("absence", "absent", "unoccupied", "consecutive"),
    "while i'm away": ("absence", "absent", "unoccupied", "consecutive"),
    "while im away": ("absence", "absent", "unoccupied", "consecutive"),
    "on holiday": ("absence", "absent", "unoccupied", "consecutive"),
    "on vacation": ("absence", "absent", "unoccupied", "consecutive"),
    "furniture list": ("inventory", "condition", "contents", "defects"),
    "inventory": ("inventory", "condition", "contents", "defects"),
    "missing": ("inventory", "condition", "defects", "report"),
    "put me out": ("eviction", "court", "possession", "bailiff"),
    "throw me out": ("eviction", "court", "possession", "bailiff"),
    "lock me out": ("eviction", "court", "possession", "bailiff"),
    "locks on me": ("eviction", "court", "possession", "bailiff"),
    "elevator": ("elevator", "move", "moving", "reserve"),
    "lift": ("elevator", "move", "moving"),
    "moving day": ("move", "moving", "elevator", "hours"),
    "people round": ("guest", "visitor", "overnight"),
    "people over": ("guest", "visitor", "overnight"),
    "crash": ("guest", "overnight", "occupant"),
    "get-together": ("guest", "visitor", "party"),
    # session 40: more of the same kinds (work on the space, rent-free months, what is left behind, being away,
    # numbers of visitors, staying past the end, water as a utility)
    "repaint": ("paint", "alteration", "improvement", "decorate"),
    "carpet": ("alteration", "improvement", "flooring", "carpet"),
    "flooring": ("alteration", "improvement", "flooring"),
    "say no": ("consent", "approval", "withheld", "unreasonably"),
    "refuse": ("consent", "approval", "withheld", "unreasonably"),
    "free rent": ("abate", "abated", "abatement", "free"),
    "rent free": ("abate", "abated", "abatement", "free"),
    "first months": ("abate", "abated", "abatement", "free"),
    "first few months": ("abate", "abated", "abatement", "free"),
    "get rid of": ("remove", "dispose", "abandon", "property", "possessions"),
    "throw away": ("remove", "dispose", "abandon", "property", "possessions"),
    "behind": ("abandon", "property", "possessions", "belongings", "remove"),
    "going home": ("absence", "absent", "unoccupied", "consecutive"),
    "tell anyone": ("notify", "inform", "notice"),
    "how many people": ("guest", "visitor", "occupant", "maximum"),
    "birthday": ("guest", "visitor", "party"),
    "still in the space": ("hold", "holdover", "possession"),
    "after the lease expires": ("hold", "holdover", "possession", "expiration"),
    "water": ("water", "utilities", "sewer"),
    # session 41: ending a tenancy after a break-up, fitting aids for a disability, paying by instalments, arriving
    # after the start date, a home made unfit to live in, checking the landlord's expense figures
    "want out": ("end", "terminate", "termination", "notice", "vacate"),
    "break up": ("end", "terminate", "termination", "notice", "vacate"),
    "breakup": ("end", "terminate", "termination", "notice", "vacate"),
    "splitting up": ("end", "terminate", "termination", "notice", "vacate"),
    "grab bar": ("alteration", "addition", "install", "fixture"),
    "grab bars": ("alteration", "addition", "install", "fixture"),
    "grab rails": ("alteration", "addition", "install", "fixture"),
    "ramp": ("alteration", "addition", "install", "fixture"),
    "wheelchair": ("alteration", "addition", "disability"),
    "put in": ("install", "alteration", "addition", "fixture"),
    "move in after": ("start", "commencement", "liable", "even"),
    "arrive late": ("start", "commencement", "liable", "even"),
    "uninhabitable": ("fit", "occupation", "destroyed", "damage", "suspend"),
    "unlivable": ("fit", "occupation", "destroyed", "damage", "suspend"),
    "flooded": ("fit", "occupation", "damage", "destroyed", "flood"),
    "audit": ("audit", "inspect", "books", "records", "statement"),
    "inflated": ("audit", "statement", "overstated", "dispute"),
    "left in": ("remove", "dispose", "abandon", "possessions", "belongings"),
    "no reply": ("deemed", "consent", "days", "request"),
    "no answer": ("deemed", "consent", "days", "request"),
    # session 42: a lease that rolled on, a rent-free start, support animals, servers and contractors in an office,
    # taking a fit-out back out, teaching in the space, paying in instalments, reporting what was broken on arrival
    "roll over": ("automatically", "renew", "successive", "holding over"),
    "rolled over": ("automatically", "renew", "successive", "holding over"),
    "month to month": ("automatically", "renew", "successive", "holding over", "month-to-month"),
    "free period": ("abated", "abatement", "free"),
    "support animal": ("service", "assistance", "animals", "pets"),
    "emotional support": ("service", "assistance", "animals", "pets"),
    "service dog": ("service", "assistance", "animals", "pets"),
    "assistance dog": ("service", "assistance", "animals", "pets"),
    "server": ("computer", "electronic", "data processing", "equipment"),
    "servers": ("computer", "electronic", "data processing", "equipment"),
    "server rack": ("computer", "electronic", "data processing", "equipment"),
    "contractor": ("contractors", "licensed", "insured", "alterations"),
    "not licensed": ("licensed", "insured", "contractors"),
    "build out": ("alterations", "improvements", "contractors"),
    "build-out": ("alterations", "improvements", "contractors"),
    "rip out": ("removal", "removed", "remove", "alterations"),
    "tear out": ("removal", "removed", "remove", "alterations"),
    "improvement allowance": ("allowance", "improvement", "rentable square foot"),
    "classes": ("use", "school", "permitted use"),
    "teach": ("use", "school", "permitted use"),
    "instalment": ("instalment", "instalments", "installment", "payment", "due"),
    "installment": ("instalment", "instalments", "installment", "payment", "due"),
    "second payment": ("instalment", "instalments", "payment", "due"),
    "moved in today": ("inventory", "condition", "report", "hours", "start date"),
}
EXPANSIONS: dict[str, tuple[str, ...]] = {member: members for members in SYNSETS.values() for member in members}
EXPANSIONS.update(_EXPLICIT)



@lru_cache(maxsize=1)
def _phrase_table() -> tuple[dict[tuple[str, ...], str], int]:
    table = {tuple(stem(w) for w in words(p)): p for p in EXPANSIONS}
    return table, max(len(k) for k in table)


@lru_cache(maxsize=1)
def lease_vocabulary() -> frozenset[str]:
    """Stems of every word the thesaurus and the explicit expansions know: lease words, never a party's name."""
    members = [w for group in (*SYNSETS.values(), *_EXPLICIT.values()) for w in group] + [*SYNSETS, *_EXPLICIT]
    return frozenset(stem(w) for member in members for w in words(member))


def content_stems(text: str) -> list[str]:
    """Stems of the words of a text that carry meaning (stopwords dropped), in order."""
    return [stem(w) for w in words(join_compounds(text)) if w not in STOPWORDS]


@dataclass(frozen=True)
class Concept:
    """One idea of a question, as stems: `primary` says it best, `secondary` says it more loosely.

    For a single word the user's own word is primary and the vocabulary's lease words secondary ("cat" over
    "animal"); for a phrase it is the other way round ("leave early" is best matched by "termination").
    """

    label: str
    primary: frozenset[str]
    secondary: frozenset[str] = frozenset()
    light: bool = False  # an everyday modifier (LIGHT_WORDS): counts at half weight

    @property
    def stems(self) -> frozenset[str]:
        return self.primary | self.secondary


# Compounds whose first word means something else alone: a smoke alarm is no answer to "can I smoke?", a gas
# safety check none to "who pays for gas?". Joined into one word on both sides (lease text and questions).
_COMPOUNDS = re.compile(
    r"\b(smoke|fire|carbon monoxide|co|heat)(?: (?:and|or|/) (?:smoke|carbon monoxide|co|heat))?[ -]"
    r"(alarm|detector|sensor)s?\b|\b(gas|fire|electrical) safety\b|"
    r"\bfire[ -](door|escape|exit|extinguisher|blanket)s?\b",
    re.IGNORECASE,
)


def join_compounds(text: str) -> str:
    """ "smoke alarms" -> "smokealarm", "gas safety" -> "gassafety" (see _COMPOUNDS)."""
    return _COMPOUNDS.sub(lambda m: re.sub(r"[\s-]+", "", m.group(0).lower()).rstrip("s"), text)


def question_concepts(question: str) -> list[Concept]:
    """Split a question into concepts: vocabulary phrases first (longest match, on stems, so "pets" and "fixes"
    find "pet" and "fix"), then each remaining content word.

    "how much notice to leave early?" -> [leave early: termination/terminate/early], [notice].
    """
    raw = words(join_compounds(question))
    stems = [stem(w) for w in raw]
    table, longest = _phrase_table()
    concepts: list[Concept] = []
    seen: set[str] = set()
    i = 0
    while i < len(raw):
        for size in range(min(longest, len(raw) - i), 0, -1):
            phrase = table.get(tuple(stems[i : i + size]))
            if phrase is not None:
                break
        else:
            size, phrase = 1, None
        if phrase is not None:
            if phrase not in seen:
                seen.add(phrase)
                own = {stem(w) for w in phrase.split() if w not in STOPWORDS}
                expansion = {stem(w) for term in EXPANSIONS[phrase] for w in words(term)}
                if size > 1:
                    concepts.append(Concept(phrase, frozenset(expansion), frozenset(own - expansion)))
                else:
                    concepts.append(Concept(phrase, frozenset(own), frozenset(expansion - own)))
        elif raw[i] not in STOPWORDS and stems[i] not in STOPWORDS and len(raw[i]) >= 2 and stems[i] not in seen:
            seen.add(stems[i])
            concepts.append(Concept(raw[i], frozenset({stems[i]}), light=raw[i] in LIGHT_WORDS))
        i += size
    return concepts
