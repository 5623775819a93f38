"""ManagerAgent: route each message to a pipeline and node by weighted keywords, with context.

The default keyword table of the specification is kept as-is (agents/config/routing.json); on top of it the
router weighs cue phrases (English, Spanish, Arabic), drops phrases whose keywords mislead ("gas stove"), lets
hazards override everything (gas smell, smoke, fire, flooding, sparks → triage), and uses the thread's context:
an uploaded lease, the previous node, a unit id, a pending clarifying question.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from agents.arabizi import from_arabizi
from agents.cues import (
    ABOUT_A_UNIT,
    ANOTHER_TIME,
    LEASE_LEFT_Q,
    LISTING_PRICE,
    MARKET_PLACE,
    ROUTINE_TIME,
    TOUR_WORDS,
    UNIT_ID,
    UNITS_COMPARED,
    shown_by_address,
)
from agents.doma.renewal_parse import own_terms
from agents.doma.renewal_units import parse_units
from agents.doma.renewal_units import units_named as renewal_units_named
from agents.doma.triage import REPAIR_QUESTION
from agents.doma.triage_follow import ACT_FOR_ME, WITHHOLD
from agents.doma.triage_rules import analyze
from agents.i18n import phrase, thread_language
from agents.linear import LinearModel
from agents.prompts import ROUTE_PROMPT
from agents.route_model import features
from agents.state import AgentState
from agents.via.contact import ContactError, contact_in_text, validate_contact
from agents.via.listing_draft import draft_asked
from agents.via.pairs import pair_named
from agents.via.referents import ORDINAL, english_ordinals
from agents.via.refine import (
    ADDRESS_Q,
    IT_HAS,
    PART_AT_RATE,
    RESULT_QUESTION,
    TWINS_Q,
    compared_units,
    is_edit,
    unit_named,
)
from agents.via.rental_text import MLS_NUMBER, rental_request, viewing_asked
from agents.via.tour_close import ADD_TOUR, CANCEL_ALL, HOLD_TEXT, cancels_all, dropped_tour, held_by_text
from contracts.route import RouteDecision
from retrieval.text import stem

log = logging.getLogger(__name__)

CONFIG_PATH = Path(__file__).resolve().parent / "config" / "routing.json"
NODES = ("needs", "tour", "lease", "triage", "renewal")
MARKET_NODES = ("analytics", "comps")
PIPELINE = {"needs": "VIA", "tour": "VIA", "lease": "DOMA", "triage": "DOMA", "renewal": "DOMA",
            "analytics": "MARKET", "comps": "MARKET"}
# A message about the person's own tenancy ("my apartment", "our lease", "my landlord", "شقتي") stays with VIA/DOMA
# whatever market words it uses ("is my increase above the market average?").
OWN_TENANCY = re.compile(r"\b(?:my|our|mine)\s+(?:\w+\s+)?(?:apartment|apt|flat|unit|place|home|building|lease|"
                         r"landlord|rent|renewal|tenancy|contract|ac|heater|kitchen|bathroom|toilet|sink|ceiling)\b|"
                         r"شقتي|عقدي|بيتي|منزلي|المالك|مالك العقار|صاحب العقار|إيجاري|ايجاري", re.I)
# A question about what one's own agreement says ("if the flat floods, who pays under my lease?", "what does
# joint and several mean in my tenancy agreement?"): hazard or market words in it are its topic, not its goal.
ABOUT_IT = re.compile(r"\b(?:does|do|is|are|has|have)\s+(?:it|this|that|the|they)\b", re.I)
CONDITIONAL_CANCEL = re.compile(r"\b(?:if (?:not|no)|otherwise|unless|si no)\b.{0,20}\bcancel", re.I)
# A renewal offer asked for by name: the goal, whatever unit details follow
RENEWAL_GOAL = re.compile(r"\b(?:renewal (?:offer|package|proposal|terms|letter|pricing|recommendation)s?|"
                          r"(?:prepare|draft|need|make|write|put together|generate|price|set up)\s+"
                          r"(?:a |the |an |my )?renewals?|"
                          r"renewals? for (?:unit|apt|apartment|#|\d)|offer (?:a |the |them a )?renewal|"
                          # "tenant in suite 700 paying $80/sf wants to renew 5 yrs. what should we offer?"
                          r"(?:tenant|they|he|she|client)\b[^.?!]{0,80}\b(?:wants?|would like|is looking|are looking|"
                          r"plans?|hopes?|hoping|asked|asks) to renew|"
                          r"renew\w*\b[^?!]{0,60}\bwhat (?:should|do|can|would) (?:we|i) offer)\b", re.I)
# An HDB flat's remaining lease ("how much lease do those usually have left") is a fact of the sales, not a lease
# document question
LEASE_LEFT = re.compile(r"\blease\b.{0,30}\b(?:left|remaining)\b|\bremaining lease\b", re.I)
# Beside a valuation, "how much should i counter" bargains over the flat, not a tenancy's renewal
TENANCY_WORDS = re.compile(r"\b(?:renew\w*|landlord|tenan\w*|lease|rent)\b", re.I)
BACK_TO_RESULTS = re.compile(r"\bback to (?:the |my |our )?(?:studios?|apartments?|listings?|results?|search|"
                             r"offices?|suites?|places|units?|options|flats?)\b", re.I)
# "book the 4br sat 10am and the forest hills 3br right after", "set up tours for that one and ...": a message that
# opens by asking for tours; the places and sizes in it point at units shown, they are not a new search
BOOK_ASK = re.compile(r"(?:^|[.!?;]\s)\W*(?:(?:ok(?:ay)?|great|cool|perfect|perfecto|vale|bueno|listo|nice|good|"
                      r"alright|then|so|and|"
                      r"yes|yeah|yep|pls|please|"
                      r"let'?s|can you|could you|can we|could we|i'?d like to|i want to|we'?d like to|"
                      r"go ahead and)[\s,.!]+)*"
                      r"(?:book|schedule|reserve|(?:set|line) up (?:a |some |the |two |2 |three |3 )?"
                      r"(?:tours?|viewings?|showings?|visits?)|"
                      r"ag[eé]nd(?:a|ame|amos)|reserv(?:a|ame|emos)|programa(?:me)?|احجز)\b"
                      r"(?!.{0,40}\b(?:plumber|repair|exterminator|electrician|handyman|inspection|fix|call with|"
                      r"meeting)\b)",
                      re.I)
RENEWAL_WORD = re.compile(r"\brenew\w*|\brenovaci\w*|\brenovar\b|تجديد", re.I)
# A lease that is up, beside the rent it goes to from the rent now: the landlord's renewal offer ("lease is up in
# march and rent goes to 4100 from 3800")
LEASE_UP = re.compile(r"\blease (?:is up|ends|expires|is ending|runs out)\b", re.I)
RENT_MOVES = re.compile(r"\bfrom\s+\$?\d[\d,.]*k?\s+to\s+\$?\d|\bto\s+\$?\d[\d,.]*k?\s+from\s+\$?\d", re.I)
# the market argued over a figure during a renewal: "their broker says $80 is already market", "what's the GCI at $84"
MARKET_ARGUED = re.compile(r"\b(?:market|comps?|comparables?|broker|gci|net effective|face rent|escalat\w*|bumps?|"
                           r"per (?:sf|foot)|psf|/sf|a foot|landlord|tenant|owner)\b", re.I)
# the figures of a renewal: a percentage increase, a policy, what the tenant pays
RENEWAL_TERMS = re.compile(r"\b\d+(?:\.\d+)?\s*%|\bpolicy\b|\bpays?\s+\$?\d|\bpaying\s+\$?\d|"
                           r"\bcurrent(?:ly)?\s+(?:rent\s+)?(?:is\s+)?\$?\d|"
                           # "going from $2,400 to $2,650": the rent now and the rent offered
                           r"\bfrom\s+\$?\d[\d,.]*k?\s*(?:/mo|a month|per month)?\s+to\s+\$?\d|"
                           # ... and the other way round: "rent goes to 4100 from 3800"
                           r"\bto\s+\$?\d[\d,.]*k?\s*(?:/mo|a month|per month)?\s+from\s+\$?\d|"
                           # "pago $2,000 y el dueño me manda la renovación a $2,250": the rent now, the renewal's
                           r"\bpag(?:o|a|amos|ando)\s+\$?\s?\d|أدفع\s+\d|"
                           r"\b(?:renovaci\w*|renovar)\b[^.?!]{0,25}?\$\s?\d", re.I)
# "please send someone today then": a visit asked for, the problem told before
SEND_SOMEONE = re.compile(r"\bsend (?:someone|somebody|a (?:plumber|tech\w*|repair\w*|handyman|super))|"
                          r"\b(?:manden|mande|env[ií]en) a alguien\b|أرسلوا|ارسلوا", re.I)
# a repair asked for, not only a nuisance given as a reason
REPAIR_ASKED = re.compile(r"\b(?:fix\w*|broken|broke|leak\w*|not working|doesn'?t work|won'?t work|repair\w*|clogged|"
                          r"no (?:heat|hot water|power|water)|mold|mice|roach\w*|flood\w*|smell\w*)\b", re.I)
# figures of units asked for: money over a period, a difference, a comparison
FIGURES_ASKED = re.compile(r"\bhow much\b|\bcu[aá]nto\b|\bdifference\b|\bdiferencia\b|\bwhat (?:would|will|do|does|"
                           r"did) (?:we|i|it|they) (?:pay|cost)\b|\bwe'?d pay\b|\bannual\b|\banual\b|\bmonthly\b|"
                           r"\bper (?:year|month|sf|foot)\b|\bover \d+ years\b|\bcompare\b|\bcompar\w+\b|\bvs\.?\b",
                           re.I)
# A fact a listing holds (or is asked to hold) about one of the units shown, asked as a question
UNIT_FACT_ASKED = re.compile(r"\b(?:broker(?:'?s)? )?fee\b|\bpets?\b|\bcats?\b|\bdogs?\b|\b(?:what|which) floor\b|"
                             r"\belevator\b|\bdoorman\b|\blaundry\b|\bw/d\b|\bdishwasher\b|\bhow (?:big|old)\b|"
                             r"\bzoned\b|\bschool (?:zone|district)\b|\bschools?\b|\bescuelas?\b|\bcolegios?\b|"
                             r"\bmascotas?\b|\bcomisi[oó]n\b|\bascensor\b", re.I)
ONE_BY_TRAIT = re.compile(r"\bthe [\w$.,]+ (?:one|unit|place|apartment|suite)\b", re.I)  # "the 3525 one"
ASKED = re.compile(r"\?|^\W*(?:\w+\W+){0,2}?(?:how|what|which|do|does|is|are|any|cu[aá]nto|tiene|aceptan)\b", re.I)
# what a lease's clauses settle: its rent and fees, its term and notice, who may live or stay there, pets
LEASE_TERMS = re.compile(r"\brent\b|\bextend\w*|\brenew\w*|\bnotice\b|\bfees?\b|\blate\b|\bdeposit\b|\bpets?\b|"
                         r"\bdogs?\b|\bcats?\b|\bsublet\w*|\bsublease\w*|\bguests?\b|\bterm\b|\bbreak\b", re.I)
# a renewal's offer asked for: a number to expect, a proposal, a counter
OFFER_ASKED = re.compile(r"\boffers?\b|\bpropos\w*|\bexpect\b|\bnumber\b|\bcounter\w*|\bnegotiat\w*|\bpackage\b", re.I)
NAMES_THE_LEASE = re.compile(r"\b(?:lease|contract|agreement|clause|contrato|عقد)\b", re.I)
ASKS_THE_LEASE = re.compile(
    r"\b(?:does|do|did|will|would|what does|what do|is there anything in|anything in|according to|under|in|per)\s+"
    r"(?:my|the|our|this)\s+(?:\w+\s+)?(?:lease|tenancy agreement|tenancy|rental agreement|rental contract|contract|"
    r"agreement)\b(?!\s+(?:is up|ends|renew))|\b(?:my|our|the) (?:\w+ ){0,3}(?:lease|agreement|contract) "
    r"(?:say|says|allow|cover|"
    r"mention)\w*\b|\b(?:el|mi|nuestro) contrato (?:dice|menciona|establece|permite|cubre)\b|"
    r"\b(?:seg[uú]n|dice) (?:el|mi|nuestro) contrato\b|عقد(?:ي)? الإيجار|في العقد|حسب العقد|العقد يسمح", re.I)
# A hazard only supposed or past ("if the flat floods", "a leak last month") in a lease question; one happening now
# ("I smell gas right now, what does my lease say?") goes to triage whatever else the message asks.
NOT_HAPPENING = re.compile(r"\b(?:if|in case|what happens|what if|who pays|who is responsible|responsible for|had|"
                           r"last (?:week|month|year)|ago|before|ever|damaged|damage)\b|\bإذا\b|\bلو\b", re.I)
HAPPENING_NOW = re.compile(r"\b(?:right now|now|currently|at the moment|as we speak|i smell|we smell|"
                           r"there(?:'s| is| are) (?:smoke|fire|gas|water|sparks)|"
                           r"is (?:pouring|coming|leaking|spreading|burning|sparking)|"
                           r"(?:coming|pouring|leaking|sparking|burning) (?:from|out|through|into))\b", re.I)
# A MARKET node takes a message when its score beats every VIA/DOMA score, or ties it at this score or more.
MARKET_TIE_WINS_AT = 3.0
# When two nodes score the same, the more specific request wins.
TIE_ORDER = ("triage", "renewal", "lease", "tour", "needs")

THIS_UNIT = re.compile(r"\b(this|that|the (first|second|third|fourth|fifth|last|top|1st|2nd|3rd)) "
                       r"(unit|place|apartment|apt|suite|one|listing|office|option)\b|#[1-5]\b", re.IGNORECASE)
TIME_WORDS = re.compile(
    r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day)?\b|\b(today|tomorrow|tonight|this weekend|next week)\b"
    r"|\b\d{1,2}(:\d{2})?\s*(am|pm)\b|\bat \d{1,2}\b(?!\s*(?:min|%|sq|sf|ft|people|blocks?|stops?|floors?))"
    r"|\b(morning|afternoon|evening)\b"
    # a time said casually ("like 11", "around 10:30"), and a tour set against another ("right after")
    r"|\b(?:like|around|about|say|by) \d{1,2}(?::\d{2})?\b(?!\s*(?:%|k\b|sq|sf|min|people|units?|bed|br|bath|floor|"
    r"st\b|th\b|months?|years?|yrs?|weeks?|days?|grand|\d))|\bright (?:after|before)\b|\bback to back\b",
    re.IGNORECASE,
)
# A goal the person sets aside ("not asking to renew yet", "forget the renewal", "I don't want to see it"): its
# words are not what the message asks.
DROPPED_GOAL = re.compile(
    r"\b(?:not (?:asking|looking|trying|wanting|planning) (?:to|for|about)|(?:do not|don'?t|no longer) (?:want|need) "
    r"(?:to|a|the)?|forget(?: about)?|never ?mind|ignore|no need (?:to|for)|instead of|not about)\s+(?:the |a |my |"
    r"our |it|that )?(?:renew\w*|renewal|extension|tour|viewing|visit|see(?:ing)? (?:it|that|the \w+)|search\w*|"
    r"the search|apartment|lease|repair)\b\w*|\bno quiero (?:renovar|ver\w*)\b|"
    r"ما (?:أبي|ابي|ابغى|أبغى|أريد|اريد) (?:أجدد|اجدد|التجديد)",
    re.I)
# "is heat and hot water included for these?": what a rent covers, asked of listings
INCLUDED_Q = re.compile(r"\b(?:included|include|includes|come with|comes with|covered|incluye|incluyen|incluido|"
                        r"incluida)\b[^.!]{0,40}[?؟]|(?:يشمل|شامل)[^.!]{0,40}[?؟]|"
                        r"\b(?:is|are|does|do)\b[^.!?]{0,40}\b(?:included|include|in the rent)\b", re.I)
# Booking words: a message with them is about the tour itself, not about a listing's facts.
BOOKING = re.compile(r"\b(?:book|hold|schedule|reschedule|cancel|confirm|move|tour|viewing|showing|visit|see it)\b",
                     re.I)
# A rent stated (the answer to "what is your current rent and the offer?"), and a search asked for.
RENT_STATED = re.compile(r"\$\s?\d|\b\d[\d,.]*\s*(?:k\b|a month|/mo|per month|dollars)|\b(?:rent|pay|paying|offer\w*|"
                         r"increase|raise)\b.{0,20}\d|\d{1,2}(?:\.\d)?\s*%", re.I)
# A tenancy a manager states: the tenant and what they pay now ("1br tenant at 2,900", "she pays $3,100")
TENANCY = re.compile(r"\b(?:tenant|she|he)\b[^.?!]{0,30}?\b(?:at|pays|paying|@)\s*\$?\s?\d|"
                     r"\b(?:current(?:ly)?(?: rent)?(?: is)?|paga|pagando|inquilin[oa] paga)\s*:?\s*\$?\s?\d", re.I)
# Abu Dhabi's places in the market tables; an investor's intent; a market figure asked in a follow-up
ABU_DHABI = re.compile(r"\b(?:yas|reem|abu ?dhabi|saadiyat)\b|ياس|الريم|ريم|ظبي|أبوظبي", re.I)
INVESTING = re.compile(r"\bto rent (?:it |them )?out\b|\brent(?:ing)? (?:it|them) out\b|\binvest\w*|\byields?\b|"
                       r"\bbuy(?:ing)?\b.{0,40}\b(?:rent|let)\b|\bbuy-to-let\b|استثمار|للاستثمار|عائد|أؤجر|اؤجر", re.I)
MARKET_FIGURE = re.compile(r"\b(?:how much|what do|rents?|rental|prices?|per (?:sq|square)|sqm|supply|pipeline|"
                           r"yields?|sales|transactions?|trend\w*|projects?|towers?)\b|كم|إيجار|ايجار|سعر|عائد|"
                           r"العرض|المعروض|صفقات|مبيعات|معاملات|مشاريع", re.I)
SEARCH_ASK = re.compile(r"\b(?:looking for|find me|search|show me|any (?:apartments?|places|listings)|something in|"
                        r"(?:want|need|have|trying|going|help me) to find (?:a|an|me|us|something|somewhere))\b", re.I)
# The person's own home, landlord or rent, said in Spanish (where the fitted weights have seen least): a problem or
# a renewal there is no search
OWN_HOME = re.compile(r"\b(?:en|de) mi (?:apartamento|departamento|piso|casa|unidad)\b|\bmi (?:casero|due[nñ]o|"
                      r"arrendador|renta)\b|\bel casero\b|\bme quiere(?:n)? subir\b|\bsubir(?:me)? la renta\b|"
                      r"\bno (?:tengo|tenemos) agua\b", re.I)
LOOKING = re.compile(r"\b(?:busco|buscamos|buscando|necesito (?:un|una) (?:apartamento|departamento|estudio|piso)|"
                     r"looking|want to (?:rent|move)|moving to|find)\b", re.I)
# "is that actually in the lease?", "does our lease say anything about it?": the uploaded agreement is asked
IN_THE_LEASE = re.compile(r"\b(?:is|was) (?:that|this|it) (?:\w+ )?(?:in|covered by|allowed by|part of) "
                          r"(?:the|my|our) (?:lease|contract|agreement)\b|\b(?:does|do|did) (?:the|my|our) "
                          r"(?:lease|contract|agreement) (?:\w+ )?(?:say|allow|cover|mention|let)\b", re.I)
# "he wants to come round tomorrow for an inspection without telling me a time": the landlord's entry, a lease right
LANDLORD_ENTRY = re.compile(r"\b(?:landlord|he|she|they|owner|agent|manager|super)\b.{0,40}\b(?:come (?:round|over|in|"
                            r"by|inside)|enter\w*|let (?:himself|herself|themselves) in|inspect\w*|access)\b", re.I)
# With a lease open: staying on past its end and when to say so, or the rent its schedule sets now
EXTEND_TERMS_Q = re.compile(r"\b(?:stay|remain|extend|renew)\w*\b.{0,40}\b(?:when (?:do|must|should|would)|"
                            r"how much notice|by when|(?:what|when) is the deadline|"
                            r"tell (?:the |our |my )?(?:landlord|owner)|what (?:would|will) the (?:new )?rent be)\b",
                            re.I)
RENT_SCHEDULE_Q = re.compile(r"\b(?:base rent|rent schedule|escalations?|bumps|step[- ]ups?)\b.{0,40}\b(?:now|"
                             r"right now|today|currently|this year|with)\b|\b(?:what'?s|whats|what is|how much is) "
                             r"(?:our|my|the) (?:monthly |annual )?(?:base )?rent (?:right )?now\b", re.I)
OFFER_FIGURE = re.compile(r"\$\s?\d|\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:\.\d+)?\s*(?:%|percent)|\b\d+(?:\.\d+)?k\b",
                          re.I)
AMOUNT = re.compile(r"\$\s?\d|\b\d{1,3}(?:,\d{3})+\b|\b\d{3,6}\b(?!\s*(?:sf|sq|square))|"
                    r"\b\d+(?:\.\d+)?\s*(?:%|percent|k\b)", re.I)
# bargaining is the renewal's own act, whatever the lease says: "can we negotiate a lower rent before we renew?"
# ... or asks the offer to change: "can I get a smaller increase if I sign for 3 years"
NEGOTIATING = re.compile(r"\bnegotiat\w*|\bnegoci\w*|\bhaggl\w*|\bbargain\w*|\bpush back\b|\bcounter\w*|تفاوض|نتفاوض|"
                         r"\b(?:smaller|lower|less|reduced?) (?:increase|raise|hike|bump)\b|"
                         r"\bif (?:i|we) (?:sign|commit|stay) (?:for|another) (?:\d+|one|two|three|a) "
                         r"(?:more )?years?\b",
                         re.I)
RENT_NAMED = re.compile(r"\brent\b|\brenta\b|\balquiler\b|إيجار|ايجار", re.I)
# a rate per foot is a figure too: "what if we negotiate to 80 a foot?", "y si negociamos a 80 el pie?"
RATE_SAID = re.compile(r"\b\d+(?:\.\d+)?\s*(?:a|per|/|el)\s*(?:foot|ft|sf|sq\.? ?ft|square foot|pie)\b", re.I)
HDB_FLAT = re.compile(r"\b(?:[2-5][- ]rooms?|(?:two|three|four|five)[- ]rooms?|executive (?:flat|apartment|maisonette)|"
                      r"bto|resale flats?)\b", re.I)
# An HDB flat's lease is the years left on it ("longer lease right?" of another street's flats)
HDB_LEASE_LEFT = re.compile(r"\b(?:longer|shorter|more|less) (?:lease|years)\b|\b(?:lease|years) (?:left|remaining)\b|"
                            r"\bremaining lease\b", re.I)


def hdb_street_named(text: str) -> bool:
    """Whether the message names a Singapore HDB street ("my 2 room at 96 Aljunied Cres")."""
    from data.sources.hdb_nearby import street_words

    return not street_words().isdisjoint(re.findall(r"[a-z]+", text.lower()))


RENTING = re.compile(r"\b(?:to rent|for rent|rent(?:ing)? (?:a|an|out)|monthly rent|per month|a month)\b", re.I)
# After a valuation: sales, floors, blocks, listings, a budget in thousands are about the same flats
COMPS_FOLLOW_UP = re.compile(r"\b(?:sold|sales?|floors?|storey|blk|block|listings?|asking|on the market|for sale|"
                             r"\d{3}\s?k|cheapest|priciest|mrt|sellers?|buyers?|offered|bids?|cash over|cov|"
                             r"valuation|overpay\w*|lowball\w*|(?:longer|shorter|more|less) lease|reno\w*|"
                             r"renovat\w*|list(?:ing)? (?:it |at |for )|\d{2,3}\s?k|how (?:fast|quickly)|"
                             r"lease (?:left|remaining)|remaining lease)\b", re.I)
# prices that fell or rose: the market's movement, not a thing that fell down ("so villas fell hard?")
MARKET_MOVE = re.compile(r"\b(?:prices?|sales?|rents?|values?|villas?|apartments?|market|volumes?)\b.{0,20}"
                         r"\b(?:fell|fall(?:en|ing)?|dropp?(?:ed|ing)?|rose|ris(?:e|en|ing)|climb\w*|crash\w*)\b", re.I)
OWN_RENTAL = re.compile(r"\b(?:my (?:landlord|lease|rent|apartment)|renewal|repair|leak|broken)\b", re.I)
RENEWING = re.compile(r"\brenew\w*|\brenovar\b|\bتجديد", re.I)
# A person looking for a home to rent or a visit to one, not for market figures ("I need to rent a 2BR on Al Reem",
# "can I view the Yas villa on Saturday?"): a search or a tour wherever it is (VIA says what it holds there), unless
# the message asks a statistic ("average rent on Reem").
SEEKS_A_HOME = re.compile(
    r"\b(?:looking (?:for|to rent)|find (?:me |us )?|any(?:thing)?|need to rent|want to rent|"
    r"(?:i|we)(?:'m| am|'re| are) (?:looking|renting)|renting an?|to rent|for rent|available|options for|"
    r"on the market)\b.{0,60}"
    r"\b(?:rent\w*|flat|apartment|villa|condo|room|home|house|place|unit|studio|\d\s*br|\d\s*bhk|bedrooms?)s?\b|"
    r"\b(?:rent\w*|flat|apartment|villa|condo|room|home|house|place|unit|studio|beds?|bedrooms?|br|bhk)s?\b.{0,40}"
    r"\b(?:for rent|to rent|"
    r"available)\b|\b(?:view|viewing|visit|tour|see) (?:the|a|this|that) (?:\w+ ){0,3}(?:flat|apartment|villa|"
    r"condo|unit|home|house|place|townhouse)\b|\balquiler\b|\balquilar\b|للإيجار|للايجار|استئجار|معاينة", re.I)
MARKET_STATISTIC = re.compile(
    r"\b(?:avg|average|median|typical|index|yields?|transactions?|sales|sold|supply|compare|comparison|vs|trends?|"
    r"per (?:sq|square)|psf|prices? (?:per|of|in|on|for)|market (?:value|price|data|rent)|resale|valu\w+|worth|"
    r"comps|comparables?|market rents?|more expensive|cheaper than|promedio|precios?|subido|fair|asking|"
    r"over ?priced|rank\w*|(?:rental )?income|revenues?|ingresos|rentabilidad|roi)\b|"
    r"متوسط|معدل|مؤشر|معاملات|مبيعات|قارن|مقارن|سعر إعادة|إعادة بيع|اعادة بيع", re.I)
# Requests outside what the workspace does get a short honest answer, not the search questions.
OUT_OF_SCOPE: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("listing", re.compile(
        # a price to list at is a valuation (comps), not a listing request
        r"^(?!.*\b(?:price|prices|worth|value|valuation|how much|resale|comps|what (?:should|do|would|can) (?:i|we) "
        r"(?:list|ask|charge))\b)(?:.*?)(?:"
        r"\b(?:list|advertise|post|market|put up)\b.{0,30}\b(?:my|our)\b.{0,25}\b(?:apartment|unit|place|property|"
        r"flat|condo|house|space|office)\b|\b(?:list|advertise|post|put up)\b.{0,20}\b(?:the |our |my |a |this )?"
        r"(?:vacancy|vacant unit|listing|ad)\b|\b(?:on|to) (?:streeteasy|zillow|craigslist|apartments\.com)\b.{0,20}"
        r"\bfor (?:me|us)\b|\bfind (?:me )?(?:a )?(?:new )?tenants? for\b|\b(?:i|we) (?:want|need|would "
        r"like) to rent out (?:my|our)\b|\bas a landlord,? (?:i|we) (?:want|need) to (?:list|rent out)\b)",
        re.I | re.S),
     "I can't list or advertise a property: this workspace searches the listings it holds for people looking for "
     "space. For landlords and managers I can draft a renewal package, triage a repair report or answer questions "
     "about a lease you upload."),
    ("room share", re.compile(
        r"\broom ?shares?\b|\b(?:looking for|find (?:me )?|need) (?:a )?roommates?\b|\b(?:rent|renting) a room in\b|"
        r"\ba room (?:for rent )?in (?:a |an )?shared\b|\bshared (?:apartment|flat) with (?:a )?room\b|"
        r"\bfind (?:me |us )?(?:a )?roommates?\b|\broommate (?:matching|finder|search|service)\b", re.I),
     "Room shares and roommate matching are outside what I can do: our listings are whole apartments and office "
     "suites. I can search those for you, for example \"a 2br in Astoria under $3,200\" to share with a roommate."),
    ("legal advice", re.compile(
        r"\b(?:should i|can i|could i|how do i|do i) (?:sue|take (?:them|him|her|my landlord) to court)\b|"
        r"\b(?:be|act as) my (?:lawyer|attorney)\b|\blegal (?:advice|representation)\b|\b(?:file|filing) a (?:lawsuit|"
        r"suit|claim) against\b|\bsmall claims\b|\b(?:get|have) (?:my |our |the )?(?:neighbou?r|tenant|roommate)\w* "
        r"evicted\b", re.I),
     "I can't give legal advice or act for you. For a dispute with a landlord, a tenant-rights organisation, your "
     "local housing court's help centre (small claims for a deposit) or a lawyer can advise you. What I can do: "
     "quote what your lease says (upload it and ask), triage a repair, or help with a renewal offer."),
    ("mortgage", re.compile(r"^(?!.*(?:\btransactions?\b|\bdeals\b|\bregistered\b|\bvs\.?\b|\bcash\b|"
                            r"\babu ?dhabi\b|\byas\b|\breem\b)).*(?:\bmortgage(?: rate| pre-?approval| broker)?s?\b|"
                            r"\bhome loans?\b|\b(?:hdb|bank) loans?\b|\b(?:what|which) loan\b|"
                            r"\bloan (?:should|would|do)\b|"
                            r"\bwhat (?:interest )?rate (?:could|can|would) (?:i|we) get\b|"
                            # "what would that be per month if i just bought it": a mortgage payment
                            r"\b(?:per month|a month|monthly)\b.{0,30}\bif (?:i|we) (?:just )?"
                            r"(?:bought|buy|purchased?)\b)",
                            re.I | re.S),  # mortgage *transactions* are a market figure
     "I don't have mortgage rates or lending advice: ask a lender or broker for today's rates. I can help you weigh "
     "renting instead (a search with a budget), and for Singapore HDB flats I can estimate a fair resale price."),
    ("screening", re.compile(r"\bcredit (?:check|report|score)s?\b|\bbackground (?:check|screening)s?\b|\bssn\b|"
                             r"\bsocial security\b|\btenant screening\b", re.I),
     "I can't run credit or background checks, and please don't share anyone's Social Security number here: use a "
     "licensed tenant-screening service with the applicant's written consent. I can help with renewals, repairs, "
     "lease questions and finding units."),
    ("buying", re.compile(r"^(?!.*\b(?:hdb|bto|resale|singapore|\d[- ]?room|executive flat|rent\w*|lease)\b)"
                          r".*(?:\b(?:houses?|homes?|condos?|propert(?:y|ies)|townhouses?)\s+(?:for sale|to buy)\b|"
                          r"\bbuy(?:ing)?\s+(?:a |an |my first )?(?:house|home|condo|property|townhouse)\b)",
                          re.I | re.S),
     "I can't search homes for sale: this workspace finds rentals (New York, and Canada through REALTOR.CA), answers "
     "lease questions, triages repairs, helps with renewals, values Singapore HDB resale flats and gives Abu Dhabi "
     "market figures. For a home to buy, a local agent or REALTOR.CA's own search is the place to look."),
    ("movers", re.compile(r"\b(?:book|hire|find|get|recommend) (?:me |us )?(?:some |a )?(?:movers|moving (?:company|"
                          r"truck|van)|a mover)\b|\bhelp me move\b", re.I),
     "I can't book movers: this workspace finds and tours spaces, answers lease questions, triages repairs and helps "
     "with renewals. A licensed moving company (in New York, check its DOT/NYSDOT number) is the way to go."),
    ("send for me", re.compile(r"\b(?:can|could|will|would) (?:you|u) (?:please |pls )?(?:e-?mail|text|sms|call|"
                               r"phone|whatsapp|ring) me\b|\b(?:e-?mail|text) me (?:the|this|that|those|a)\b", re.I),
     "I can't send emails or texts, or call anyone: copy what you need from here (the list stays in this chat), and "
     "the listings have no landlord phone numbers; a viewing request goes to the listing's contact, who will get "
     "back to you. I can draft a message for you to send."),
    ("coworking", re.compile(r"\b(?:need|want|looking for|find|have|any|a|rent)\b.{0,25}\b(?:co-?working(?: desk| "
                             r"space| membership)?|hot ?desks?|dedicated desks?|desk (?:space|rental))\b", re.I),
     "I don't have coworking desks or hot desks: the offices I can search are whole suites (the smallest we hold "
     "is about 9,000 SF). I can still show the smallest suites, or search apartments."),
)
_BUYING = next(pattern for name, pattern, _ in OUT_OF_SCOPE if name == "buying")
TRIAGE_FOLLOW_UP = re.compile(
    r"\b\d{1,3}\s*(?:deg\w*|°|f\b)|\b(?:it'?s|it is) \d{1,3}\b|\bbaby|\binfant|\btoddler|\bnewborn|\belderly|\bpregnan|"
    r"\bkids?\b|\bchildren\b|\bworse\b|\bspreading\b|\bstill\b|\bagain\b|\bgetting\b|\bnow\b|\balso\b|\bsmell|"
    r"\bsound|\bsince\b|\bhours?\b|\bdays?\b|\bwhen\b|\bwhat time\b|\bhow long\b|\beta\b|\bcome after\b|"
    r"\bt[eé]cnico\b|\bviene\b|\bcu[aá]ndo\b|\bhora\b|\bplumber\b|\bsomeone\b|\barregl\w*|\bcu[aá]nto tiempo\b|"
    r"\bdescuent\w*|\bstatus\b|\bsummary\b|متى|الفني|سيأتي|يجي", re.I)
RENEWAL_FOLLOW_UP = re.compile(
    r"\b(?:sign(?:ed|ing)? for|what if|instead|counter|accept|\d+\s*(?:years?|months?)|email|e-mail|draft|"
    r"write|letter|message|landlord|offer|shorter|formal|casual|tone|rewrite|redo|reword|polite|friendlier|firmer|"
    r"come back|sign-?off|sign off|approv\w*|boss|alternatives?|options?|package|does (?:that|it|this) change|"
    r"does (?:that|it|this) matter|(?:the )?unit has|(?:it'?s|it is) an? \w+ (?:building|bldg)|"
    r"(?:stay|keep it|keep the rent|stays?) (?:flat|the same)|flat at|same rent|wants? to (?:pay|stay)|"
    r"(?:can|will) (?:only )?pay|tenant says|(?:she|he|they) (?:says|said|found)|found (?:a|one|another))\b|"
    r"رسال|بريد|ايميل|إيميل|اكتب|المالك|carta|correo|escrib|contraoferta",
    re.IGNORECASE)
QUESTION = re.compile(r"\?\s*$|^(what|who|how|can|could|do|does|is|am|are|may|when|where|why|should)\b", re.I)

CLARIFY_MESSAGE = (
    "I can help with five things — which one do you need?\n"
    "1. **Find a space**: describe it (area, budget, size, must-haves).\n"
    "2. **Book a tour** of a unit (e.g. \"tour SE-1545 Saturday 11am\").\n"
    "3. **Questions about your lease**: upload it in the sidebar and ask.\n"
    "4. **Report a repair** (what is wrong and where).\n"
    "5. **Renew your lease**: your rent and the offer you got."
)

SMALL_TALK_OPENERS = {
    "greeting": "Hello! ",
    "unreadable": "I couldn't read that as a request (nothing was searched, booked or logged). ",
}


@dataclass(frozen=True)
class RoutingTable:
    """Compiled routing configuration."""

    keywords: dict[str, re.Pattern[str]]  # node -> one pattern of all its keywords with inflections
    keyword_lists: dict[str, list[str]]
    cues: dict[str, list[tuple[re.Pattern[str], float]]]
    neutral: re.Pattern[str]
    needs_neutral: re.Pattern[str]
    emergency: re.Pattern[str]
    market: dict[str, list[tuple[re.Pattern[str], float]]]  # MARKET node -> weighted cues
    market_anchors: dict[str, re.Pattern[str]]  # "node" or "node_reason" -> what makes a needs-like message that node's


def inflections(word: str) -> list[str]:
    """A keyword and its simple inflections ("leak" -> leaks, leaked, leaking; "move" -> moving)."""
    forms = {word, word + "s", word + "es", word + "ed", word + "d", word + "ing", word + "er", word + "ers"}
    if word.endswith("e"):
        forms |= {word[:-1] + "ing", word + "al"}
    if word.endswith("w"):
        forms.add(word + "al")  # renew -> renewal
    if re.fullmatch(r".*[^aeiou][aeiou][bdgkmnprt]", word):
        forms |= {word + word[-1] + "ing", word + word[-1] + "ed"}
    return sorted(forms, key=len, reverse=True)


def _any_of(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


@lru_cache(maxsize=4)
def load_table(path: str | None = None) -> RoutingTable:
    """Read and compile the routing table (cached)."""
    config = json.loads(Path(path or CONFIG_PATH).read_text(encoding="utf-8"))
    keyword_lists = {node: words for nodes in config["keywords"].values() for node, words in nodes.items()}
    keywords = {
        node: re.compile(r"\b(" + "|".join(re.escape(f) for w in words for f in inflections(w)) + r")\b", re.I)
        for node, words in keyword_lists.items()
    }
    cues = {node: [(re.compile(p, re.IGNORECASE), float(w)) for p, w in table.items()]
            for node, table in config["cues"].items()}
    market = {node: [(re.compile(p, re.IGNORECASE), float(w)) for p, w in table.items()]
              for node, table in config.get("market", {}).items()}
    return RoutingTable(keywords, keyword_lists, cues, _any_of(config["neutral"]),
                        _any_of(config.get("needs_neutral") or ["(?!)"]), _any_of(config["emergency"]), market,
                        {node: re.compile(p, re.IGNORECASE) for node, p in config.get("market_anchors", {}).items()
                         if not node.startswith("_")})


def market_scores(text: str, table: RoutingTable, previous_node: str | None = None,
                  awaiting: str | None = None) -> dict[str, float]:
    """Score of each MARKET node: its cues (each pattern counts once), plus staying on a market topic."""
    scores = {node: sum(weight for pattern, weight in table.market.get(node, []) if pattern.search(text))
              for node in MARKET_NODES}
    if previous_node in scores and scores[previous_node] > 0:
        scores[previous_node] += 1.0  # "and in 2022?", "what about Reem?" after a market answer
    if awaiting == "comps":
        scores["comps"] += 3.0  # the answer to the comps question ("which town?", "which flat type?")
    return scores


def search_signals(text: str) -> tuple[bool, bool]:
    """(names a place, states a place, budget, size or bedroom count), from one parse of the text.

    A place alone leans to a search; any of them answers our "which area / what budget?" question.
    """
    from agents.via.needs import parse_spec  # local import: the needs parser is heavier than routing

    spec = parse_spec(text)
    place = bool(spec.location)
    return place, place or bool(spec.budget_monthly_usd or spec.min_sqft or spec.min_bedrooms is not None)


def score_nodes(text: str, table: RoutingTable) -> tuple[dict[str, float], list[str]]:
    """Keyword and cue score per node, and the words that matched (for the trace)."""
    neutral_text = table.neutral.sub(" ", text)
    needs_text = table.needs_neutral.sub(" ", text)
    scores = dict.fromkeys(NODES, 0.0)
    hits: list[str] = []
    for node in NODES:
        for match in table.keywords[node].finditer(neutral_text):
            scores[node] += 1.0
            hits.append(f"{node}:{match.group(0).lower()}")
        # Needs cues read the original text: "no-fee" or "washer/dryer" are search wording, not lease or repair.
        source = needs_text if node == "needs" else neutral_text
        for pattern, weight in table.cues.get(node, []):
            for match in pattern.finditer(source):
                scores[node] += weight
                hits.append(f"{node}:{match.group(0).lower().strip()}")
    return scores, hits


def _readable(text: str) -> str:
    """The message with Spanish and Arabic request words in English ("el de 10.154 pies" -> "el de 10154 sq ft")."""
    from agents.via.needs import readable  # local import: the needs module is heavier than routing

    return readable(text)


def _result_question_translated(text: str) -> bool:
    """A question about the results just shown, asked in Spanish or Arabic ("¿cuál es el más barato?")."""
    english = _readable(text)
    return english != text and bool(is_edit(english) or RESULT_QUESTION.search(english))


def rule_scores(
    text: str,
    *,
    has_lease: bool = False,
    previous_node: str | None = None,
    awaiting: str | None = None,
    table: RoutingTable | None = None,
) -> tuple[dict[str, float], list[str], dict[str, str | bool | None]]:
    """The keyword-table score of each node with the context boosts, the words that matched, and the context."""
    table = table or load_table()
    scores, hits = score_nodes(DROPPED_GOAL.sub(" ", text), table)
    unit = UNIT_ID.search(text) or THIS_UNIT.search(text)
    timed = bool(TIME_WORDS.search(ROUTINE_TIME.sub(" ", text)))
    if unit and scores["renewal"] < 2 and (scores["tour"] > 0 or (timed and scores["triage"] == 0)):
        scores["tour"] += 2.5  # a known unit with a visit word or a time: a tour request
    asks = bool(QUESTION.search(text.strip()))
    if has_lease and asks:
        scores["lease"] += 0.5
    names_place, answers_spec = search_signals(text)
    if awaiting == "spec" and answers_spec:
        scores["needs"] += 3.0  # the answer to "which area / what budget?"
    elif names_place:
        scores["needs"] += 1.5  # a neighborhood, borough or street: most likely a search
    if awaiting == "renewal" and max(scores.values()) < 2:
        scores["renewal"] += 2.0  # a short answer ("$3,200") to the renewal question
    if previous_node == "needs" and (is_edit(text) or RESULT_QUESTION.search(text) or ADDRESS_Q.search(text)
                                     or _result_question_translated(text)) \
            and not (timed and BOOKING.search(text)):  # "going with the cheaper, book wed 7pm" books a tour
        scores["needs"] += 3.0  # "cheaper", "what about Greenpoint instead", "sort by price": edits of the search
    elif previous_node == "tour" and (RESULT_QUESTION.search(text) or is_edit(text) or IT_HAS.search(text)
                                      or ADDRESS_Q.search(text)
                                      or TWINS_Q.search(text) or _result_question_translated(text)) and not timed \
            and not BOOKING.search(text):
        scores["needs"] += 3.0  # "does the second one have a gym?", "drop the 2nd bathroom": the listings, not the tour
    if previous_node in ("tour", "needs") and max(scores.values()) < 2 and (
            ANOTHER_TIME.search(text) or (previous_node == "tour" and timed)):
        scores["tour"] += 2.0  # "another time?", "Tuesday at 5pm instead": the tours just proposed, moved
    if previous_node == "triage" and max(scores.values()) < 2 and TRIAGE_FOLLOW_UP.search(text):
        scores["triage"] += 2.0  # "it's 55 in here and my baby is 4 months": more about the same repair
    if previous_node == "renewal" and RENEWAL_FOLLOW_UP.search(text):
        scores["renewal"] += 2.0  # "what if I sign for 2 years?", "write the email to my landlord"
    if previous_node in scores and scores[previous_node] > 0:
        scores[previous_node] += 0.25  # stay on topic when a follow-up is ambiguous
    context: dict[str, str | bool | None] = {"lease": has_lease, "prev": previous_node, "await": awaiting,
                                             "unit": bool(unit), "time": timed, "place": names_place,
                                             "question": asks, "seeks": seeks_a_home(text)}
    return scores, hits, context


# A pasted text in quotes ("'Your showing at 88 Grand St is confirmed …' keep that one but show me bigger 1 beds"):
# opened at the start or after a space or colon, closed before a space, a slash or punctuation (never an apostrophe
# inside a word)
_QUOTED = re.compile(r"(?:^|(?<=[\s:(]))(['\"“‘«])(?=\S)(.{20,}?)(?:['\"”’»])(?=[\s/.,;:!?)—–-]|$)", re.S)


OWN_WORDS_SURE = 0.9  # below it, the own words alone ("is the asking ok? how much should i counter") are too thin


# The person sets what came before aside ("client also wants NYC, ignore that for now — ...", "the plumber fixed it,
# but my question: ...", "anyway,"): what follows is what they want done
_SET_ASIDE = re.compile(r"\b(?:ignore|forget|never ?mind|disregard|scratch) (?:about )?(?:that|this|it)(?: one)?"
                        r"(?: for now)?\b|\b(?:my|the real|the actual) question(?: is)?\s*:|"
                        r"\b(?:any ?ways?|anyhow)\s*[,:—–]|\bmi pregunta(?: es)?\s*:|سؤالي", re.I)


def set_aside(text: str) -> str | None:
    """What follows the person's setting aside of what came before, when it says three words or more; else None."""
    aside = next(reversed(list(_SET_ASIDE.finditer(text))), None)
    if aside is None or aside.start() == 0:
        return None
    rest = re.sub(r"^[\s/.,;:—–-]+", "", text[aside.end():]).strip()
    return rest if len(re.findall(r"\w+", rest)) >= 3 else None


def own_words(text: str) -> str | None:
    """The message without the text it quotes, when it opens with a quote or quotes a long one, and says something
    of its own (three words or more); else None."""
    quoted = _QUOTED.search(text)
    if quoted is None or (len(quoted.group(2)) < 40 and text[:quoted.start()].strip()):
        return None  # "landlord texted 'new rent 2850 if you stay'. thoughts?": a short quote inside is the subject
    rest = re.sub(r"^[\s/.,;:—–-]+", "", _QUOTED.sub(" ", text)).strip()
    return rest if len(re.findall(r"\w+", rest)) >= 3 else None


def route(
    text: str,
    *,
    has_lease: bool = False,
    previous_node: str | None = None,
    awaiting: str | None = None,
    model: Any = None,
    table: RoutingTable | None = None,
    learned: LinearModel | None = None,
) -> RouteDecision:
    """Decide which node handles a message.

    Args:
        learned: fitted routing weights (`agents.route_model.load_route_model()`, the product's default): they
            decide among all seven nodes, with the VIA/DOMA and MARKET rule scores among their features. None
            routes by the rule scores alone (`ROUTER=rules`).
    """
    table = table or load_table()
    text = from_arabizi(text)  # "el malek 3ayez yzawed el egar": the landlord wants to raise the rent
    rest = set_aside(text)
    if rest is not None:  # "client also wants NYC, ignore that for now — what were Al Reem rents last year?"
        decision = route(rest, has_lease=has_lease, previous_node=previous_node, awaiting=awaiting, model=model,
                         table=table, learned=learned)
        if decision.node != "clarify":
            return decision.model_copy(update={"reason": f"{decision.reason} (what follows the part set aside)"})
    mine = own_words(text)
    if mine is not None:  # "'Viewing confirmed: SE-2290, Sun 2pm.' ask my landlord if they'd renew at 2,800": the
        # person's own words say what they want done; the text they pasted is only its background
        decision = route(mine, has_lease=has_lease, previous_node=previous_node, awaiting=awaiting, model=model,
                         table=table, learned=learned)
        if decision.node != "clarify" and (decision.confidence is None or decision.confidence >= OWN_WORDS_SURE):
            return decision.model_copy(update={"reason": f"{decision.reason} (own words beside a quoted text)"})
    if table.emergency.search(text) and not (NOT_HAPPENING.search(text) and not HAPPENING_NOW.search(text)):
        # a hazard only supposed or past ("if the flat floods", "a flood last year") is a topic: the scores decide
        return RouteDecision(pipeline="DOMA", node="triage", reason="emergency override (hazard words)")
    for name, pattern, _answer in OUT_OF_SCOPE:
        if pattern.search(text):
            return RouteDecision(pipeline=None, node="clarify", reason=f"out of scope: {name}")
    talk = small_talk(text, learned)
    if talk:  # "hi", "thanks, bye", a keyboard mash: nothing to search, book, ask, log or renew
        return RouteDecision(pipeline=None, node="clarify", reason=f"nothing to act on: {talk}")
    if has_lease and (previous_node == "lease" or awaiting == "renewal") \
            and re.search(r"\?|\b(?:how|what|when|can|may|do|does|is|are|who|allowed)\b", text, re.I) \
            and LEASE_TERMS.search(text) and not AMOUNT.search(text) and not SEARCH_ASK.search(text) \
            and not REPAIR_ASKED.search(text) and not OFFER_ASKED.search(text):
        # "assume we want to extend. how much notice and how is the new rent set?", "can employees bring dogs?": with
        # a lease open and no figures to weigh, its clauses answer
        return RouteDecision(pipeline="DOMA", node="lease", reason="a question for the lease open")
    if awaiting == "renewal" and RENT_STATED.search(text) and not SEARCH_ASK.search(text):
        # "current rent is $2,450, 1br in Astoria": the answer to our renewal question, not a new search
        return RouteDecision(pipeline="DOMA", node="renewal", reason="answer to the renewal question")
    if previous_node == "renewal" and (RENEWAL_TERMS.search(text) or (
            (AMOUNT.search(text) or RATE_SAID.search(text)) and MARKET_ARGUED.search(text))) \
            and not REPAIR_ASKED.search(text) \
            and not SEARCH_ASK.search(text) and not ASKS_THE_LEASE.search(text):
        # "ok send 3R the 2% with a $300 credit for the noise": the renewal goes on
        return RouteDecision(pipeline="DOMA", node="renewal", reason="the renewal's figures, going on")
    renewal_figures = (RENEWAL_WORD.search(text) and RENEWAL_TERMS.search(text)) or (
        LEASE_UP.search(text) and RENT_MOVES.search(text))
    if renewal_figures and not SEARCH_ASK.search(text) and not ASKS_THE_LEASE.search(text) \
            and not re.search(r"\bclauses?\b", text, re.I):
        # "neighbor in 3R pays 2,250, renewing feb 1, wants 0% because of the noise. policy is min 2%": a renewal's
        # figures, whatever else it mentions
        return RouteDecision(pipeline="DOMA", node="renewal", reason="a renewal with its figures")
    if RENEWAL_WORD.search(text) and (len(parse_units(text)) >= 2 or len(set(UNIT_ID.findall(text))) >= 2):
        # "renewal proposals for 2A 2br $4,000, 3B studio $2,200": units with their rents, not a search
        return RouteDecision(pipeline="DOMA", node="renewal", reason="renewals for several units")
    if previous_node == "triage" and ACT_FOR_ME.search(text):
        # "can u call con ed or 911 for me" after a repair report: the report's follow-up (what we did, what to do)
        return RouteDecision(pipeline="DOMA", node="triage", reason="an act asked about the open repair")
    if previous_node not in (None, "needs", "tour") and BACK_TO_RESULTS.search(text):
        # "ok back to the studios, which of them is closest to the subway": the search shown before the detour
        return RouteDecision(pipeline="VIA", node="needs", reason="back to the search results")
    if previous_node in ("needs", "tour") and INCLUDED_Q.search(text) and not BOOKING.search(text) \
            and not REPAIR_ASKED.search(text):
        # "is heat and hot water included for these? it's already freezing": what the rent covers, asked of the
        # units shown (the cold is why it matters, not a repair)
        return RouteDecision(pipeline="VIA", node="needs", reason="what the rent of the units shown includes")
    if previous_node in ("needs", "tour") and PART_AT_RATE.search(text) and not BOOKING.search(text):
        # "what if we only took like 3,000 sf of it at the same rate?": part of a suite shown, priced at its rate
        return RouteDecision(pipeline="VIA", node="needs", reason="part of a suite shown, at its rate")
    if previous_node in ("needs", "tour") and draft_asked(text) and not REPAIR_ASKED.search(text) \
            and not RENEWAL_WORD.search(text):
        # "escríbeme un mensaje para el agente preguntando si aceptan perros": a draft about a unit shown
        return RouteDecision(pipeline="VIA", node="needs", reason="a message to a listing's agent, drafted")
    if previous_node in ("needs", "tour") and BOOK_ASK.search(text):
        return RouteDecision(pipeline="VIA", node="tour", reason="tours of the units shown asked for")
    if previous_node == "tour" and FIGURES_ASKED.search(text) and QUESTION.search(text.strip()) \
            and not TIME_WORDS.search(text) and not TOUR_WORDS.search(text) and not BOOKING.search(text):
        # "and what's the annual difference between the two?" after tours: the units' figures, not the tours
        return RouteDecision(pipeline="VIA", node="needs", reason="figures of the units toured asked for")
    if previous_node in ("needs", "tour") and ((UNIT_FACT_ASKED.search(text) and ASKED.search(text))
                                                or ADDRESS_Q.search(text) or (
            UNITS_COMPARED.search(text) and (UNIT_ID.search(text) or ORDINAL.search(english_ordinals(text))
                                             or ONE_BY_TRAIT.search(text)))) \
            and not TIME_WORDS.search(text) and not TOUR_WORDS.search(text) and not BOOKING.search(text) \
            and not NAMES_THE_LEASE.search(text) and not ASKS_THE_LEASE.search(text):
        # "how much is the broker fee on SE-8540 then", "also do they take cats", "whats the address for 506? want to
        # look at it on street view": a fact of a unit shown, not a tour
        return RouteDecision(pipeline="VIA", node="needs", reason="a fact of the units shown asked for")
    if UNIT_ID.search(text) and (ABOUT_A_UNIT.search(text) or (
            len(set(UNIT_ID.findall(text))) >= 2 and UNITS_COMPARED.search(text))) and not TIME_WORDS.search(text) \
            and not TOUR_WORDS.search(text) and not BOOKING.search(text):
        # "my friend sent me SE-1545, whats the deal with it", "SE-2472 vs SE-1545?": those units' facts, not a tour
        return RouteDecision(pipeline="VIA", node="needs", reason="a unit named by its id, asked about")
    if ABU_DHABI.search(text) and INVESTING.search(text) and not SEARCH_ASK.search(text):
        # "thinking of buying a 1br on reem island to rent out": an investor's question, answered from the tables
        return RouteDecision(pipeline="MARKET", node="analytics", reason="an investor's question about Abu Dhabi")
    if previous_node == "comps" and COMPS_FOLLOW_UP.search(text) and not OWN_RENTAL.search(text) \
            and not ABU_DHABI.search(text):  # (Abu Dhabi named: the other market's tables)
        # "which floors in 876A sold at or under 760k?", "any listings on that street?": the flats just valued
        return RouteDecision(pipeline="MARKET", node="comps", reason="a follow-up about the flats just valued")
    if HDB_LEASE_LEFT.search(text) and not has_lease and (previous_node == "comps" or hdb_street_named(text)):
        # "what about potong pasir ave 1 instead, longer lease right?": the years left on HDB flats, not a lease
        return RouteDecision(pipeline="MARKET", node="comps", reason="the years left on HDB flats")
    if previous_node == "comps" and not has_lease and LEASE_LEFT_Q.search(text):
        # "does the old lease hurt me?" after a valuation: the flat's remaining lease, not a lease document
        return RouteDecision(pipeline="MARKET", node="comps", reason="the remaining lease of the flat just valued")
    if previous_node == "comps" and LISTING_PRICE.search(text):
        # "should I list it higher than that estimate?": the valuation just given, not a renewal
        return RouteDecision(pipeline="MARKET", node="comps", reason="a question about the valuation just given")
    if previous_node == "triage" and has_lease and WITHHOLD.search(text):
        # "can i buy space heaters and take it off the rent?" with the lease open: what the lease says of rent owed
        return RouteDecision(pipeline="DOMA", node="lease", reason="withholding rent over the repair, under the lease")
    if previous_node == "triage" and not has_lease and WITHHOLD.search(text) and not NAMES_THE_LEASE.search(text):
        # "can i just not pay december rent until its fixed?" after a repair: about that repair, not a renewal
        return RouteDecision(pipeline="DOMA", node="triage", reason="withholding rent over the repair just reported")
    if has_lease and GUESTS_STAYING.search(text) and not UNIT_ID.search(text) \
            and not re.search(r"\b(?:tours?|viewings?|showings?|open house)\b", text, re.I):
        # "my mum wants to visit and stay 2 nights next week, is that ok?": what the lease says about guests
        return RouteDecision(pipeline="DOMA", node="lease", reason="guests staying, under the lease")
    if has_lease and ASKS_THE_LEASE.search(text) and WHO_FIXES.search(text):
        # "the ceiling drips when it rains. under my agreement who has to fix this?": the lease's answer first (the
        # repair can be logged next)
        return RouteDecision(pipeline="DOMA", node="lease", reason="who must fix it under the lease")
    if previous_node == "triage" and REPAIR_QUESTION.search(text) and not NAMES_THE_LEASE.search(text) \
            and not (has_lease and rule_scores(text)[0].get("lease", 0.0) > 0):
        # "the super says tomorrow, is that ok?", "is the landlord notified?", "who pays?": about the report just made
        return RouteDecision(pipeline="DOMA", node="triage", reason="a question about the repair just reported")
    scores, hits, context = rule_scores(text, has_lease=has_lease, previous_node=previous_node, awaiting=awaiting,
                                        table=table)
    if previous_node == "analytics" and MARKET_FIGURE.search(text) and not context["place"] \
            and not any(scores[n] > 0 for n in ("tour", "lease", "renewal")) \
            and (scores["triage"] == 0 or (MARKET_MOVE.search(text) and scores["triage"] <= 1.5)) \
            and not SEARCH_ASK.search(text) and not HDB_FLAT.search(text) and not seeks_a_home(text) \
            and not table.market_anchors["comps"].search(text):
        # "وكم إيجار شقة غرفتين نوم هناك؟", "supply pipeline for 1br there": the market just discussed, another figure
        return RouteDecision(pipeline="MARKET", node="analytics", reason="another figure of the market just discussed",
                             scores=scores)
    if has_lease and (IN_THE_LEASE.search(text) or LANDLORD_ENTRY.search(text) or (
            scores["renewal"] > 0 and context["question"]
                                                    and not AMOUNT.search(text) and not RATE_SAID.search(text)
                                                    and not NEGOTIATING.search(text))):
        # with a lease uploaded, "when must we tell them if we want to extend?", "is that actually in the lease?":
        # what the agreement says (a negotiation states figures)
        return RouteDecision(pipeline="DOMA", node="lease", reason="what the uploaded lease says", scores=scores)
    if has_lease and (EXTEND_TERMS_Q.search(text) or RENT_SCHEDULE_Q.search(text)) and not NEGOTIATING.search(text) \
            and not OFFER_FIGURE.search(text):
        # "if we want to stay past 2030, when do we have to tell the landlord?", "our base rent now with the bumps":
        # the lease's option to extend and its rent schedule (no offer on the table to weigh)
        return RouteDecision(pipeline="DOMA", node="lease", reason="the uploaded lease's own terms", scores=scores)
    if has_lease and NEGOTIATING.search(text) and not NAMES_THE_LEASE.search(text) and (
            AMOUNT.search(text) or RATE_SAID.search(text) or RENT_NAMED.search(text)):
        # "what if we negotiate to 80 a foot?" with the lease open: bargaining over the rent is the renewal, the
        # lease's context notwithstanding
        return RouteDecision(pipeline="DOMA", node="renewal", reason="bargaining over the rent", scores=scores)
    if RENEWAL_WORD.search(text) and TENANCY.search(text) and not SEARCH_ASK.search(text):
        # "1br tenant at 2,900, lease up end of jan ... owner caps renewals at 10%": a tenancy stated, its renewal
        return RouteDecision(pipeline="DOMA", node="renewal", reason="a tenancy and its renewal", scores=scores)
    if len(own_terms(text)) >= 2 and not SEARCH_ASK.search(text) and not LOOKING.search(text) \
            and not HDB_FLAT.search(text):
        # "ok draft: flat 3900 for 12 months or 3975 for 24 months, plus a $300 credit": a renewal's options
        return RouteDecision(pipeline="DOMA", node="renewal", reason="renewal options with their terms", scores=scores)
    if OUR_OFFER.search(text) and own_terms(text) and not SEARCH_ASK.search(text) and not HDB_FLAT.search(text):
        # "write the reply: we'll do 2375 for 12 months (and send a plumber)": a renewal's answer, drafted
        return RouteDecision(pipeline="DOMA", node="renewal", reason="our renewal terms, to write up", scores=scores)
    if previous_node in ("needs", "tour") and SEARCH_REDONE.search(text) and not TOUR_WORDS.search(text) \
            and (REDO.search(text) or scores.get("needs", 0.0) >= scores.get("triage", 0.0)):
        # "doorman doesn't matter but elevator does. redo it": the search again, changed
        return RouteDecision(pipeline="VIA", node="needs", reason="the search redone, changed", scores=scores)
    if RENEWAL_GOAL.search(text):
        # "need a renewal offer for unit 5C - UWS 1br, 720 sqft, tenant pays $3,400": the unit's details describe
        # the renewal asked for, not a search
        return RouteDecision(pipeline="DOMA", node="renewal", reason="a renewal offer asked for", scores=scores)
    if HDB_FLAT.search(text) and (table.market_anchors["comps"].search(text) or hdb_street_named(text)) \
            and not RENTING.search(text) and not NAMES_THE_LEASE.search(text):
        # "looking for a 5-room in tengah under 700k": buying a Singapore HDB flat is a valuation, not a rental search
        return RouteDecision(pipeline="MARKET", node="comps", reason="an HDB flat to buy or value", scores=scores)
    market = market_scores(text, table, previous_node, awaiting)
    home = {n: scores[n] for n in ("triage", "renewal") if scores[n] > 0}
    if home and OWN_HOME.search(text) and not (SEARCH_ASK.search(text) or LOOKING.search(text)):
        # "no tengo agua caliente en mi apartamento", "el casero me quiere subir la renta": their own home's problem
        # or rent, not a search, however many search words (a place, "studio") the message has
        node = max(home, key=lambda n: home[n])
        return RouteDecision(pipeline="DOMA", node=node, reason=f"{node}: the person's own home", scores=scores)
    if learned is not None:  # the fitted weights decide among all seven nodes, the market cues among their features
        return _route_learned(text, {**scores, **market}, context, learned, model)
    market_node = max(market, key=lambda n: market[n])
    rival = max(scores.values())
    rival_node = next(n for n in TIE_ORDER if scores[n] == rival)
    anchor = next((name.split("_")[0] for name, pattern in table.market_anchors.items()
                   if rival_node == "needs" and not context["place"]  # a New York or Canadian place stays with VIA
                   and pattern.search(text)), None)
    anchored = anchor is not None
    if anchor in market:
        market_node = anchor
    own = (market_node == "analytics" and rival > 0 and OWN_TENANCY.search(text) is not None) \
        or ASKS_THE_LEASE.search(text) is not None \
        or (rival_node == "renewal" and RENEWING.search(text) is not None)  # their own home, agreement or renewal
    wins = anchored or market[market_node] > rival or (
        market[market_node] >= MARKET_TIE_WINS_AT and market[market_node] == rival)
    if previous_node in ("needs", "tour") and not anchored and not MARKET_PLACE.search(text):
        wins = False  # "for the top one, what's the annual rent?" is about the results just shown, not a market
    if seeks_a_home(text):
        wins = False  # a home to rent or visit in Abu Dhabi or Singapore is a search or a tour (VIA says what it holds)
    if wins and not own:
        return RouteDecision(pipeline="MARKET", node=market_node,  # type: ignore[arg-type]
                             reason=f"{market_node} scored {market[market_node]:g} over VIA/DOMA {rival:g}"
                             + (" (anchored: that market's own place or statistic)" if anchored else ""),
                             scores={**scores, **market})
    best = max(scores.values())
    if best <= 0:
        if awaiting == "spec":
            return RouteDecision(pipeline="VIA", node="needs", reason="answer to the clarifying question")
        decided, why = _route_with_model(text, model) if model is not None else (None, "")
        if decided:
            return RouteDecision(pipeline=PIPELINE[decided], node=decided, reason="no keyword matched; model chose")
        return RouteDecision(pipeline=None, node="clarify", reason="no keyword matched" + why, scores=scores)
    leaders = [n for n in TIE_ORDER if scores[n] == best]
    ranked = sorted(scores.values(), reverse=True)
    why = ""
    if model is not None and (len(leaders) > 1 or ranked[0] - ranked[1] < 0.5):
        decided, why = _route_with_model(text, model)
        if decided in leaders or (decided and scores[decided] >= ranked[1]):
            return RouteDecision(pipeline=PIPELINE[decided], node=decided, reason="close call; model chose",
                                 scores=scores)
        if decided:
            why = f"; model's {decided} ignored (not a close contender)"
    node = leaders[0]
    reason = f"{node} scored {best:g}" + (f" ({', '.join(hits[:6])})" if hits else "") + why
    return RouteDecision(pipeline=PIPELINE[node], node=node, reason=reason, scores=scores)  # type: ignore[arg-type]


_GREETING = (r"hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening|day)|hola|buenas(?: tardes| noches)?|buenos dias|"
             r"buenos días|marhaba|salam|مرحبا|مرحباً|السلام عليكم|اهلا|أهلا|صباح الخير|مساء الخير")
_THANKS = (r"thanks?(?: you)?(?: (?:so|very) much| a lot)?|thx|ty|cheers|bye|goodbye|good night|take care|"
           r"gracias|muchas gracias|adi[oó]s|chao|hasta luego|shukran|شكرا|شكراً|مع السلامة|الله يعطيك العافية")
_PLEASANTRY = (r"how are you(?: doing)?(?: today)?|how'?s it going|hope (?:you'?re|you are|ur|all is) [^.!?]{0,40}|"
               r"nice to meet you|you'?ve been (?:so |super |really |very )?helpful|(?:so|super|really|very) helpful|"
               r"muy amable|qu[eé] amable|muy [uú]til|entendido|perfecto|genial|excelente|تسلم|ممتاز|يعطيك العافية")
_SOCIAL_ONLY = re.compile(rf"^(?:[\W_]|\b(?:{_GREETING}|{_THANKS}|{_PLEASANTRY}|there|again|all|everyone|team|ok|"
                          rf"okay|great|cool|perfect|that'?s all|for now|for your help|for the help)\b)*$", re.I)
_THANKS_SAID = re.compile(rf"\b(?:{_THANKS})\b", re.I)
_GREETING_SAID = re.compile(rf"\b(?:{_GREETING})\b", re.I)
# "SE-1612 is perfect honestly. thank you so much!": thanks with a verdict, and nothing asked or to be done
_VERDICT = re.compile(r"\b(?:perfect|great|love|loved|exactly|ideal|works|fits|amazing|awesome|helpful|makes sense|"
                      r"perfecto|genial|me encanta|ممتاز|رائع)\b", re.I)
_ASKS_SOMETHING = re.compile(r"[?؟]|\b(?:can i|may i|view|cancel\w*|agend\w*|quisiera|quiero|visita|separate)\b|"
                             r"\b(?:book|show|find|search|need|want|looking|look for|can you|could you|would you|"
                             r"please|pls|schedule|tour|visit|see it|cheaper|bigger|instead|but|also|what|which|how|"
                             r"when|where|why|is there|are there|send|draft|write|hold|cancel|move|change|lease|rent|"
                             r"deposit|renew\w*|offer|landlord|repair|fix|broken|leak\w*|heat|still|again)\b", re.I)
_LETTERS = re.compile(r"[^\W\d_]+")
# "asdkjh": four consonants running in a word of five letters or more ("psf", "sqft", "pls" are abbreviations)
_UNSPELLABLE = re.compile(r"^(?=\w{5,}$)\w*[bcdfghjklmnpqrstvwxz]{4,}")


def small_talk(text: str, learned: LinearModel | None) -> str | None:
    """"greeting" or "thanks" for a message of nothing else, "unreadable" for words none of which the router has
    seen and no rule scores (a keyboard mash); None for anything else. A bare "ok" or "yes" answers what was asked,
    so alone it is no small talk."""
    words = _LETTERS.findall(text)
    if not words and not re.search(r"\d", text):
        return "unreadable"  # "?", "..."
    if _THANKS_SAID.search(text) and _VERDICT.search(text) and not _ASKS_SOMETHING.search(text) and len(words) <= 20 \
            and not re.search(r"\d", UNIT_ID.sub(" ", text)) and not analyze(text).signals \
            and not any(v > 0 for n, v in rule_scores(text)[0].items() if n not in ("needs", "tour")):
        return "thanks"  # nothing broken, renewed or asked of a lease in it either ("thanks, the heat is still out")
    if words and _SOCIAL_ONLY.match(text.strip()):
        if _THANKS_SAID.search(text):
            return "thanks"
        if _GREETING_SAID.search(text):
            return "greeting"
        return None  # "ok", "perfect": an answer to what was asked
    long_words = [w.lower() for w in words if len(w) > 1]  # "5c" is a flat, not a mash
    if learned is None or not long_words or any(f"w:{stem(w)}" in learned.weights for w in long_words):
        return None
    # a mash is typed on a Latin keyboard and has a word no language spells ("asdkjh"); Arabic with its prefixes
    # ("والفلل؟") and Arabizi ("7ad") are words the router may not have seen whole
    if not all(w.isascii() for w in long_words) or re.search(r"\d[a-z]|[a-z]\d", text, re.I) \
            or not any(_UNSPELLABLE.search(w) for w in long_words):
        return None
    scores, _hits, _context = rule_scores(text)
    return None if any(scores.values()) else "unreadable"


def seeks_a_home(text: str) -> bool:
    """A home to rent or to visit is asked for, and no market figure."""
    return SEEKS_A_HOME.search(text) is not None and MARKET_STATISTIC.search(text) is None


def _route_learned(text: str, scores: dict[str, float], context: dict[str, str | bool | None],
                   weights: LinearModel, model: Any) -> RouteDecision:
    """Route by the fitted weights; below the calibrated confidence, a chat model (if any) or one question."""
    feats = features(text, scores, context)
    probs = weights.probabilities(feats)
    # A market node needs one of its own cues (a place, a figure word) or the market conversation it continues; a
    # home to rent or visit is never a market question: the best VIA/DOMA node instead.
    home = seeks_a_home(text)
    probs = {n: p for n, p in probs.items()
             if n not in MARKET_NODES or (not home and (scores[n] > 0 or context.get("prev") == n))}
    total = sum(probs.values()) or 1.0  # the confidence among the nodes still possible
    probs = {n: p / total for n, p in probs.items()}
    node, confidence = max(((n, p) for n, p in probs.items() if n in PIPELINE), key=lambda item: item[1])
    if node == "triage" and context.get("prev") not in (None, "triage") and scores["triage"] <= 0 \
            and not REPAIR_ASKED.search(text) and not SEND_SOMEONE.search(text) and not analyze(text).signals:
        # "so the top up is like 50k? lol" after a valuation: no problem is told, so no repair to log; the
        # conversation's other nodes decide
        probs = {n: p for n, p in probs.items() if n != "triage"}
        total = sum(probs.values()) or 1.0
        probs = {n: p / total for n, p in probs.items()}
        node, confidence = max(((n, p) for n, p in probs.items() if n in PIPELINE), key=lambda item: item[1])
    if node == "analytics" and context.get("prev") in ("needs", "tour") and not ABU_DHABI.search(text):
        # "is $1600 even realistic in van? whats the average rent there" after a search: the rents where they search
        # (the market tables are Abu Dhabi's, named when meant)
        node, confidence = "needs", max(confidence, probs.get("needs", 0.0))
    # Unsure on a first message: one question. Unsure in a conversation ("w gym" after a search): the context has
    # already said what the person is doing, so the best guess beats a menu.
    if confidence < weights.abstain_below and not context.get("prev"):
        decided, _why = _route_with_model(text, model) if model is not None else (None, "")
        if decided:
            return RouteDecision(pipeline=PIPELINE[decided], node=decided, reason="unsure; model chose",
                                 scores=scores)
        return RouteDecision(pipeline=None, node="clarify", reason=f"unsure ({node} {confidence:.2f})",
                             scores=scores)
    pushes = weights.explain(feats, node)
    why = ", ".join(f"{name} {push:+.2f}" for name, push in pushes)
    return RouteDecision(pipeline=PIPELINE[node], node=node,  # type: ignore[arg-type]
                         reason=f"{node} p={confidence:.2f} ({why})", scores=scores, confidence=round(confidence, 3))


def _route_with_model(text: str, model: Any) -> tuple[str | None, str]:
    """Ask the model for one of the five nodes: (node, "") or (None, why it was ignored: rules stand)."""
    try:
        answer = model.invoke(ROUTE_PROMPT.format(message=text))
        word = str(getattr(answer, "content", answer)).strip().lower()
    except Exception as exc:  # a model that fails must not break routing
        log.warning("routing model failed: %s", type(exc).__name__)
        return None, f"; model failed ({type(exc).__name__})"
    found = set(re.findall(r"\b(needs|tour|lease|triage|renewal)\b", word))
    if len(found) != 1:  # none, or several ("tour or lease?") is no answer
        return None, "; model answer ignored (not one node name)"
    return found.pop(), ""


Target = Literal["needs", "tour_close", "lease_qa", "triage", "renewal", "analytics", "comps", "clarify"]
NODE_TARGET: dict[str, Target] = {
    "needs": "needs",
    "tour": "tour_close",
    "lease": "lease_qa",
    "triage": "triage",
    "renewal": "renewal",
    "analytics": "analytics",
    "comps": "comps",
    "clarify": "clarify",
}


_PART_SPLIT = re.compile(r"(?<=[?.!;])\s+|\s+(?:and also|also|plus|and then|and can i|and do i|and is there|"
                         r"and what about)\s+|,\s*(?:and\s+)?(?:also\s+)?(?=(?:can|could|do|does|is|are|how|what|"
                         r"should|will)\b)", re.I)
GO_ON = re.compile(r"^\s*(?:go on|next|yes|yes please|ok(?:ay)?|sure|continue|the other (?:one|question|part))\W*$",
                   re.I)


# A part asks for something when it is a question or a request ("Unit 4B, lease ends March 31." is context); a
# repair report asks by being told. Either way its own words must point to its node (the keyword table).
_ASKS = re.compile(r"\?|^\W*(?:can|could|do|does|did|is|are|how|what|when|where|why|which|should|will|would|please|"
                   r"pls|tell|check|book|schedule|help|find|show|i need|i want|i'd like|i would like|also)\b", re.I)


def withheld(text: str) -> str | None:
    """The sentence of a repair report that asks about holding back rent ("can i just not pay december rent until they
    fix it??"), for the lease to answer next; None when none does."""
    return next((s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if WITHHOLD.search(s)), None)


def second_part(text: str, node: str, *, has_lease: bool,
                learned: LinearModel | None = None) -> dict[str, str] | None:
    """The part of a message that asks for another node than the one routed ("the heat is out, and can I withhold
    rent?" -> the lease question), to answer next; None for a message with one goal."""
    parts = [p.strip() for p in _PART_SPLIT.split(text) if p and len(p.split()) >= 3]
    if len(parts) < 2:
        return None
    routed = [(part, route(part, has_lease=has_lease, learned=learned).node) for part in parts]
    other = next((n for p, n in routed if n not in (node, "clarify") and n in PIPELINE
                  and not (node in MARKET_NODES and n == "needs")  # "... what are 1br rents doing?": the market's
                  and rule_scores(p)[0].get(n, 0.0) > 0 and (_ASKS.search(p) or n == "triage")
                  and not (node == "comps" and n == "lease" and (LEASE_LEFT.search(p) or LEASE_LEFT_Q.search(p)))
                  and not (node == "comps" and n == "renewal" and not TENANCY_WORDS.search(p))
                  and not (n == "triage" and PERSON_SMELLS.search(p))), None)
    if other is None:
        return None
    return {"node": other, "text": " ".join(part for part, n in routed if n == other)}


# A manager's (or tenant's) own renewal terms put to be written up: "write the reply: we'll do 2375 for 12 months"
OUR_OFFER = re.compile(r"\b(?:we'?ll|we will|we can|we'?d|i'?ll|i can|i'?d) (?:do|go|offer|accept|take)\b|"
                       r"\b(?:write|draft) (?:the|a|our|my) (?:reply|response|answer|counter)\b", re.I)
# The search run again with a change: "redo it", "doorman doesn't matter"
REDO = re.compile(r"\bredo (?:it|the search|that|the list)\b|\b(?:run|search|try) (?:it |that )?again\b", re.I)
SEARCH_REDONE = re.compile(rf"{REDO.pattern}|\b(?:doesn'?t|does not|don'?t|do not) (?:really )?matter\b|"
                           r"\bnice[- ]to[- ]have\b", re.I)
# Who must fix or pay for a problem, asked of the lease
WHO_FIXES = re.compile(r"\bwho (?:has to|have to|should|must|is supposed to|is going to|will|needs to|pays?|"
                       r"covers?)\b(?: \w+){0,2}? (?:fix|repair|pay|cover|handle|deal)\w*|"
                       r"\bwho(?:'s| is) responsible\b|\bresponsible for (?:fixing|repairing|the repair)\b|"
                       r"\bme or (?:the )?(?:owner|landlord)\b", re.I)
# Family or friends coming to stay: the lease's guest rules, not a viewing
GUESTS_STAYING = re.compile(r"\b(?:mum|mom|mother|dad|father|parents?|sister|brother|friends?|boyfriend|girlfriend|"
                            r"partner|family|relatives?|cousin|guests?|in-laws)\b[^.?!]{0,40}\b(?:stay|staying|stays|"
                            r"sleep over|to visit|visit and|visiting)\b", re.I)
# A person's own smell is no hazard in a home ("i come off shift smelling like smoke", "my gear reeks of smoke")
_NOT_A_PLACE = r"(?:(?!\b(?:it|there|the|this|that|place|apartment|room|house|building|kitchen|hall\w*)\b)[^.;,]){0,25}"
PERSON_SMELLS = re.compile(rf"\b(?:i|we|he|she|they)\b{_NOT_A_PLACE}\b(?:smelling|reeking|stinking) (?:like|of)\b|"
                           r"\b(?:my|our|his|her) (?:clothes|gear|hair|uniform|jacket|coat|kit)\b[^.;,]{0,15}"
                           r"\b(?:smell|smells|reek|reeks|stinks?) (?:like|of)\b", re.I)


# A person leaving their home over its problem: the problem is why they search, not a repair to log
LEAVING = re.compile(r"\b(?:i'?m|i am|we'?re|we are)\s+(?:so\s+)?(?:out|outta here|leaving|moving out|"
                     r"done with (?:it|this|that|the place)|getting out)\b|"
                     r"\b(?:so|that'?s why|which is why)\s+(?:i|we)\s+(?:need|want|have)\s+to\s+"
                     r"(?:move|leave|get out)\b|"
                     r"\bmoving out because\b|\bme (?:voy|mudo)\b", re.I)


# What a search needs said in a message that also asks for a tour (bedrooms, a budget, a size, a headcount)
SEARCH_FIRST = re.compile(r"\b\d\s*(?:br|bd|bdr|bed(?:room)?s?)\b|\bstudio\b|\b(?:under|below|max|up to)\s+\$?\d|"
                          r"\b\d{1,3}(?:,\d{3})*\s*k?\s*(?:sf|sq ?ft|square feet)\b|\b\d+\s*(?:ppl|people|persons?)\b|"
                          r"\bwhat'?s available\b|\bwhat do you have\b", re.I)


def manager_node(state: AgentState, *, model: Any = None, learned: LinearModel | None = None) -> dict[str, Any]:
    """Graph node: route the current message (and start this turn's trace).

    A message with two goals is answered one part at a time: the other part is kept (`pending`) and the reply says
    it comes next; "go on" takes it up.
    """
    started = time.perf_counter()
    pending = state.get("pending")
    text = state.get("text", "")
    update: dict[str, Any] = {}
    batch = state.get("renewal_units")
    if state.get("spec_patch"):
        decision = RouteDecision(pipeline="VIA", node="needs", reason="a suggested relaxation was chosen")
    elif state.get("previous_node") == "renewal" and batch and renewal_units_named(text, batch["units"]) \
            and not TOUR_WORDS.search(text):
        # "show me 3 comps for the fidi one" after renewals of units listed by place: that unit's renewal
        decision = RouteDecision(pipeline="DOMA", node="renewal", reason="a unit of the renewals just proposed")
    elif state.get("previous_node") in ("needs", "tour") and not TOUR_WORDS.search(text) \
            and pair_named(text, state.get("matches") or []) is not None:
        # "the two on the 6th floor - could we take both and combine them?": two units shown, not the tours
        decision = RouteDecision(pipeline="VIA", node="needs", reason="two units shown, named together")
    elif (actions := (state.get("plan") or {}).get("actions") or []) and (
            held_by_text(text, actions) is not None or cancels_all(text, actions)
            or dropped_tour(text, actions) is not None or (HOLD_TEXT.search(text) and CANCEL_ALL.search(text))):
        # "ok confirm both", "mejor cancélala": an answer to the tours just proposed
        decision = RouteDecision(pipeline="VIA", node="tour", reason="the tours just proposed: hold or cancel them")
    elif state.get("previous_node") in ("needs", "tour") and shown_by_address(text, state.get("matches") or []):
        # "monthly on the pearl st one?", "book pearl st thursday 2pm": a unit just shown, by its address
        node = "tour" if TOUR_WORDS.search(text) or BOOK_ASK.search(text) or (actions and ADD_TOUR.search(text)) \
            else "needs"
        decision = RouteDecision(pipeline="VIA", node=node, reason="a unit just shown, named by its address")
    elif state.get("previous_node") in ("needs", "tour") and len(compared_units(
            text, [*(state.get("matches") or []), *(state.get("earlier") or [])])) >= 2 and not TOUR_WORDS.search(text):
        # "is the 3675 one worth it vs the 3200 one? compare": two units shown, side by side
        decision = RouteDecision(pipeline="VIA", node="needs", reason="two units just shown, compared")
    elif state.get("previous_node") in ("needs", "tour") and state.get("matches") and ADDRESS_Q.search(text) \
            and not TOUR_WORDS.search(text):
        # "whats the address of the first one so i can plan my route": a fact of a unit shown, not a new tour
        decision = RouteDecision(pipeline="VIA", node="needs", reason="the address of a unit just shown")
    elif state.get("previous_node") in ("needs", "tour") and unit_named(_readable(text), state.get("matches") or []) \
            is not None:
        # "the 1200 sqft one - is there an elevator?", "the no fee one. sunday afternoon works": a shown unit
        cues = rule_scores(text)
        node = "tour" if TOUR_WORDS.search(text) or cues[0]["tour"] >= 2 or cues[2]["time"] else "needs"
        decision = RouteDecision(pipeline="VIA", node=node, reason="a unit just shown, named by a fact of it")
    elif state.get("rental") and _BUYING.search(text) and rental_request(
            text, state["rental"], other_results=bool(state.get("matches"))) is not None:
        # "show me townhouses for sale under 500k then" after REALTOR.CA's for-sale listings: those listings
        decision = RouteDecision(pipeline="VIA", node="needs", reason="the REALTOR.CA for-sale listings, again")
    elif contact_in_text(text) is not None:
        # "my name is Dana Lee, dana@example.com": details for the bookings, not a request
        decision = RouteDecision(pipeline=None, node="clarify", reason=CONTACT_REASON)
    elif MLS_NUMBER.search(text) and not TOUR_WORDS.search(text):
        # "my coworker sent me MLS E4067943, is that one for rent?": that REALTOR.CA listing, looked up
        decision = RouteDecision(pipeline="VIA", node="needs", reason="a REALTOR.CA listing by its MLS number")
    elif viewing_asked(text, state.get("rental"), bool(state.get("matches"))):
        # "can I go see 22 arbutus cres saturday?" after a REALTOR.CA list: a viewing request of that flow
        decision = RouteDecision(pipeline="VIA", node="needs", reason="a viewing of a REALTOR.CA listing shown")
    elif actions and CONDITIONAL_CANCEL.search(text) and ABOUT_IT.search(text):
        # "does it have a washer dryer too? if not cancel": the question first, from the results shown
        decision = RouteDecision(pipeline="VIA", node="needs", reason="a question about a unit before a tour")
    elif pending and GO_ON.search(text):
        decision = RouteDecision(pipeline=PIPELINE[pending["node"]], node=pending["node"],  # type: ignore[arg-type]
                                 reason="the second part of the earlier message")
        update.update(text=pending["text"], pending=None)
    else:
        decision = route(
            state.get("text", ""),
            has_lease=bool(state.get("lease")),
            previous_node=state.get("previous_node"),
            awaiting=state.get("awaiting"),
            model=model,
            learned=learned,
        )
        if decision.node == "tour" and not state.get("matches") and not actions and SEARCH_FIRST.search(text):
            # "2br park slope under 3300. also book a tour at whichever is closest to the subway, fri 6pm", "we're
            # ~200 ppl, want to be at 9 times sq. whats available": nothing shown yet, so the search first (its
            # results come with tours proposed at the time said)
            decision = RouteDecision(pipeline="VIA", node="needs",
                                     reason="a tour asked before any search: search first")
        # A request to draft a message keeps its extra asks ("accept it, but ask them to fix the window").
        drafting = decision.node == "renewal" and RENEWAL_FOLLOW_UP.search(text) is not None
        second = second_part(text, decision.node, has_lease=bool(state.get("lease")), learned=learned) \
            if decision.node in PIPELINE and not drafting else None
        if second and second["node"] == "triage" and decision.node == "renewal" and RENEWAL_TERMS.search(text) \
                and not REPAIR_ASKED.search(second["text"]):
            second = None  # "wants 0% because of the construction noise next door": the tenant's reason, no repair
        if second and second["node"] == "triage" and MARKET_MOVE.search(second["text"]) \
                and decision.node in ("analytics", "comps"):
            second = None  # "so villas fell hard? what did prices per sqm do": the market's fall, not a repair
        if second and second["node"] == "triage" and decision.node == "needs" and LEAVING.search(text):
            second = None  # "black mold and the super ignores it so i'm OUT. looking for a studio": why they move
        aside = bool(second and second["node"] == "triage" and decision.node == "needs"
                     and not any(s.priority == "P0" for s in analyze(second["text"]).signals))
        if aside and second and not REPAIR_ASKED.search(second["text"]):
            second = None  # "will train noise be bad at 0 min?" of a unit shown: a worry about it, no repair
        if second and second["node"] == "triage" and not aside and not (decision.node == "lease" and (
                IN_THE_LEASE.search(text) or WHO_FIXES.search(text))):
            # A repair goes first (it may not wait); the rest of the message is taken up next. Beside a search, only a
            # hazard does: "(our landlord still hasn't fixed our radiator lol, can't wait to leave)" is the home they
            # leave, offered after the search.
            rest = re.sub(r"^(?:and|also|plus)\s+", "", text.replace(second["text"], " ").strip(" ,.;"), flags=re.I)
            second, decision = {"node": decision.node, "text": rest or text}, RouteDecision(
                pipeline="DOMA", node="triage", reason=f"a repair first; then {decision.node}")
        asked = withheld(text) if decision.node == "triage" and not second and state.get("lease") else None
        if asked:  # "the stove's broken a week. can i just not pay december rent until they fix it??": the lease next
            second = {"node": "lease", "text": asked}
        update["pending"] = second
    return {
        **update,
        "route": decision.model_dump(mode="json"),
        "lang": thread_language(text, state.get("lang")),
        "prior_node": state.get("previous_node"),
        "previous_node": decision.node,
        "trace": [{"node": "manager", "ms": round((time.perf_counter() - started) * 1000, 3),
                   "route": f"{decision.pipeline}/{decision.node}", "why": decision.reason,
                   "source": "model" if "model chose" in decision.reason else "rules",
                   **({"next": update["pending"]["node"]} if update.get("pending") else {})}],
    }


def route_target(state: AgentState) -> Target:
    """Conditional edge after the manager: the node to run (raises on anything unknown)."""
    node = (state.get("route") or {}).get("node")
    if node not in NODE_TARGET:
        raise ValueError(f"unknown route node: {node!r}")
    return NODE_TARGET[node]


CONTACT_REASON = "contact details typed in the chat"


def contact_reply(state: AgentState) -> dict[str, Any]:
    """Keep contact details typed as a message for this thread's bookings (merged with what it has), once valid."""
    typed = {k: v for k, v in (contact_in_text(state.get("text", "")) or {}).items() if v}
    merged = {**(state.get("contact") or {}), **typed}
    trace = [{"node": "clarify", "ms": 0.0, "contact": sorted(typed)}]
    try:
        contact = validate_contact(merged)
    except ContactError as exc:
        missing = " and ".join("your name" if k == "name" else f"a valid {k}" for k in exc.problems)
        return {"reply": f"Thanks. To book tours or viewings I also need {missing}.", "awaiting": None,
                "trace": trace}
    phone = f", {contact.phone}" if contact.phone else ""
    return {"contact": contact.model_dump(mode="json"), "awaiting": None, "trace": trace,
            "reply": f"Thanks, {contact.name}: tour and viewing requests in this chat will use {contact.email}"
                     f"{phone}." + (" Confirm or release your held tours in the tours panel." if state.get("holds")
                                    else "")}


def clarify_node(state: AgentState) -> dict[str, Any]:
    """Graph node: no route matched (offer the five things the workspace does), or the request is outside them
    (say so plainly)."""
    reason = (state.get("route") or {}).get("reason", "")
    if reason == CONTACT_REASON:
        return contact_reply(state)
    answer = next((a for name, _p, a in OUT_OF_SCOPE if reason == f"out of scope: {name}"), None)
    menu = phrase("menu", state.get("lang")) if state.get("lang") in ("es", "ar") else CLARIFY_MESSAGE
    if reason == "nothing to act on: thanks":
        liked = UNIT_ID.search(str(state.get("text") or ""))
        unit = liked.group(0).upper() if liked else ""
        glad = (f"Glad {unit} fits! When you want to see it, say e.g. \"book {unit} Saturday 11am\" and I will "
                "propose a viewing.\n\n") if unit and state.get("lang") not in ("es", "ar") else ""
        return {"reply": glad + phrase("welcome", state.get("lang")), "awaiting": None,
                "trace": [{"node": "clarify", "ms": 0.0, "small_talk": "thanks"}]}
    if reason.startswith("nothing to act on: ") and state.get("lang") not in ("es", "ar"):
        menu = SMALL_TALK_OPENERS[reason.removeprefix("nothing to act on: ")] + menu
    return {"reply": answer or menu, "awaiting": None if answer else "route",
            "trace": [{"node": "clarify", "ms": 0.0, **({"out_of_scope": reason} if answer else {})}]}
