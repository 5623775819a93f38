"""What a renewal message states, read by rules (numbers never come from a model): current rent, the
landlord's proposed increase or rent, a tenant's counter, the unit (id or attributes), the term, the lease end
and who is asking."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from agents.textnum import words_to_digits
from agents.via.vocab import AMENITY_PHRASES, LOCATION_ALIASES

Requester = Literal["tenant", "manager"]

_UNIT_ID = re.compile(r"\b(SE|U)-(\d+)\b", re.IGNORECASE)
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(k\b)?|\b(\d{1,3}(?:,\d{3})+|\d{3,6})(?:\.\d+)?\s*"
                    r"(?:dollars|usd|/mo\b|a month|per month|/month|monthly)", re.IGNORECASE)
_BARE_RENT = re.compile(r"\b(?:rent is|rent of|current rent|i pay|paying|currently pay)\s+(?:about\s+|around\s+)?"
                        r"(\d{1,3},\d{3}|\d{3,6})\b(?!\s*%)", re.IGNORECASE)
# "building's from 1962", "built in 1998", "since 2019": a year, not a rent
_YEAR_BEFORE = re.compile(r"\b(?:from|since|built(?: in)?|in|circa|year|of)\s*$", re.IGNORECASE)


def _a_year(text: str, m: re.Match[str]) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", m.group(1))) and bool(_YEAR_BEFORE.search(text[:m.start()]))


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b|pct\b)", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}
_TERM = re.compile(
    r"\b(\d{1,3}|one|two|three|four|five|six|a|an)[- ]?(years?|yrs?|months?|mos?)\b(?:[- ](?:lease|term|renewal|"
    r"extension|deal|contract|one|1|option)|\s+at\b|\s+(?:look|looks|instead|would|option)\b)"
    r"|\b(?:for|por|renew\w*(?: for)?|extend\w* for|sign for|signs?|signing|term of|take the|pick the|"
    r"choose the|go with the|accept(?:ing)? the|like|(?:we |i )?do|doing|on a|with a|lock(?:ing)? in(?: for| a)?|"
    r"(?:we |i )?offer(?:ed|ing)?(?: (?:him|her|them|the tenant))?)"
    r"\s+(?:another\s+)?"
    r"(\d{1,3}|one|two|three|four|five|six|a|an)\s+(years?|yrs?|months?|mos?)\b"
    # an offer's rent and its term: "he wrote back: $2,800, 1 year, final"
    r"|\$\s?\d[\d,]*(?:\s*/\s*mo\w*)?\s*(?:,|for|x|×)\s*(\d{1,2}|one|two|three|a|an)\s*(years?|yrs?|months?|mos?)\b",
    re.IGNORECASE,
)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_LEASE_END = re.compile(
    r"\b(?:ends?|ending|expires?|expiring|is up|runs out|up)\s+(?:in|on|at the end of|by)?\s*((?:" + "|".join(_MONTHS)
    + r"|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?)(?:\s+\d{1,2}(?!\d))?"
    r"(?:,?\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2} (?:weeks?|months?)|next month|this month)",
    re.IGNORECASE,
)
_BEDROOMS = re.compile(r"\b(\d)\s*(?:br|bd|bdr|bed(?:room)?s?|dormitorios?|habitaci[oó]n(?:es)?|cuartos?|"
                       r"rec[aá]maras?)\b|\b(one|two|three|four)[- ]bed(?:room)?s?\b|"
                       r"\b(studio|estudio)\b", re.IGNORECASE)
_RATE_SF = re.compile(r"\$?\s?(\d{2,3}(?:\.\d+)?)\s*(?:/|per\s*)\s*(?:sf|sq\.?\s?ft|square f(?:oo|ee)t|rsf|psf)\b|"
                      r"\$?\s?(\d{2,3}(?:\.\d+)?)\s*psf\b", re.I)
_COMP_AMENITIES = ("doorman", "elevator", "washer_dryer", "gym", "roofdeck", "patio")  # what moves a rent
_OFFICE = re.compile(r"\boffice|\bsuite\b|\bcommercial\b|\brsf\b", re.I)
_SQFT = re.compile(r"\b(\d[\d,]{2,6})\s*(?:sq\.?\s?ft|sqft|sf|square feet|square foot)\b", re.IGNORECASE)

_LANDLORD_CUE = re.compile(r"landlord|management|owner|wants?|asking|ask(?:s|ed)? for|offer(?:ed|s)?|propos\w*|"
                           r"letter says|notice says|new lease|"
                           r"rais\w*|increas\w*|hik\w*|quot\w*|new rent|to\s*$|going up|bump", re.IGNORECASE)
_COUNTER_CUE = re.compile(r"counter(?:ed)?\s+(?:with|at|of)|c[oa]me back (?:at|with)|"
                          r"ask (?:them |him |her )?for(?: something like| around| about| maybe)?\s*$|"
                          r"offers? (?:to pay )?(?:\$\s?)?$|"
                          r"i (?:could|can|would|will|want to|'d like to|would like to"
                          r"|plan to)(?: maybe| probably| possibly| only| just)? "
                          r"(?:offer|pay|do|propose|afford|manage)|"
                          r"i'?d (?:offer|pay|do)|my counter|tenant (?:offers|"
                          r"countered|proposes)|they (?:offer|countered)|(?:counter|offer)\s*$|"
                          r"\bi (?:ask|asked|request|propose) for\b(?: \w+){0,3} (?:at|of)\s*$|"
                          r"\b(?:le |les )?(?:ofrezco|propongo|ofrecer[eé]|pido)\s*(?:\$\s?)?$|"
                          # "what if I offer 24 months at $3,275 instead?": the renter's own figure, not theirs
                          r"\b(?:what if|how about|suppose|and if|if)\s+(?:i|we)\s+(?:offer|propose|counter(?: with)?|"
                          r"ask for|pay)\b[^$.?!]{0,30}?(?:\bat|\bfor|\bof)?\s*(?:\$\s?)?$|"
                          r"\b(?:i'?ll|ill|i will|gonna|going to|let me|we'?ll)\s+(?:try|ask for|propose|offer|go with|"
                          r"counter with|open (?:at|with))\s*(?:\$\s?)?$|"
                          # "ok write the counter email, propose $2,250": the counter's own figure
                          r"\bcounter(?:[- ]?offer)?\b(?: \w+){0,3}[,:;]?\s+(?:and\s+)?(?<!we )(?<!they )"
                          r"(?:propos\w*|suggest\w*|ask(?:ing)? for|offer\w*|at)\s*(?:\$\s?)?$", re.IGNORECASE)
_CURRENT_CUE = re.compile(r"rent is|pay(?:ing)?|currently|current|right now|now\s*$|from\s*$|at\s*$|is\s*$",
                          re.IGNORECASE)
_MANAGER_CUE = re.compile(r"\b(?:propose|prepare|draft|generate|create|make)\b.{0,30}\b(?:renewal|offer)|my tenant|"
                          r"the tenant|for (?:unit|apartment|apt)\b|as (?:the )?(?:manager|landlord)|"
                          r"\bi (?:manage|own|run)\b|\bwe (?:manage|own|run)\b|\bproperty manager\b|\bour tenants?\b|"
                          r"\btenant (?:in|at|of) (?:a|an|the|unit|apt|\d)|\b(?:what|how much) should we offer\b|"
                          r"\bvacancy costs? us\b|\bdon'?t want to lose (?:them|her|him|the tenant)\b|"
                          r"\b(?:al|el|mi|a mi) inquilin[oa]\b|(?:لل|ال)مستأجر", re.IGNORECASE)
_TENANT_CUE = re.compile(r"\bmy (?:rent|lease|landlord)\b|\bi pay\b|\bshould i\b|\bmy apartment\b|\bi'?m paying\b",
                         re.IGNORECASE)


# A manager reporting what the tenant asks for: "tenant in 7D wants to renew at 0%" is the tenant's counter, unless
# the owner's own wish comes nearer ("the tenant wants 3% and we want 5%").
_TENANT_WANTS = re.compile(r"\b(?:tenant|she|he)\b.{0,60}?\b(?:wants?|asks?|asking|requests?|hopes?|says|"
                           r"pushes back|offers?|came back|comes back|countered|counters|replied|responded|"
                           r"propos\w+)\b", re.IGNORECASE)
# "accepting but at 3,475", "yes, but at 3,475 instead": the manager's own rent against the tenant's figure
BUT_AT = re.compile(r"\b(?:but|instead)\s+(?:at|for|make it)\s+\$?(\d{1,2},\d{3}|\d{4,5})\b", re.IGNORECASE)
_OWNER_WANTS = re.compile(r"\b(?:we|i)(?: would|'d)? (?:want|like|prefer|aim|plan)\b", re.IGNORECASE)


def _role_of(text: str, start: int, width: int | None = None) -> str | None:
    """The role of the amount at `start`: a tenant's ask told by the manager ("the tenant says 3,000 max"), else the
    nearest cue before it."""
    if re.match(r"[\d,.$\s]*\s+(?:is|was) (?:too (?:much|high|steep)|a lot|crazy)", text[start:start + 40], re.I):
        return "offer"  # "says 2,550 is too much": the amount on the table, not the tenant's own
    if _tenant_asks(text[max(0, start - 90):start]):
        return "counter"
    return _role(_words_before(text, start) if width is None else _words_before(text, start, width=width))


def _tenant_asks(before: str) -> bool:
    tenant = [m.end() for m in _TENANT_WANTS.finditer(before)]
    owner = [m.end() for m in _OWNER_WANTS.finditer(before)]
    return bool(tenant) and (not owner or max(tenant) > max(owner))
_MARKET = re.compile(r"\b(?:similar|comparables?|comps?|market(?: rate| rent)?|going rate|going for|"
                     r"others? (?:in|like)|neighbou?rs? pay)\b[^$%]{0,45}?(?:\$\s?|~\s?|is |are |at |around |about )"
                     r"(\d{1,2},\d{3}|\d{4,5})\b",
                     re.IGNORECASE)
_FLOOR = re.compile(r"\b(?:at least|minimum(?: of)?|min|no less than|floor of|"
                    r"(?:anything|everything|increases?|raises?) (?:under|below|less than))\s+\+?(\d+(?:\.\d+)?)\s*"
                    r"(?:%|percent)", re.IGNORECASE)
# A manager's stated authority: a rate per square foot they may approve, free months, an increase below which the owner
# signs off
_AUTHORITY_PPSF = re.compile(r"\b(?:i|we) can (?:approve|sign off on|ok|okay|sign)\b[^$\d]{0,25}\$?\s?"
                             r"(\d{2,3}(?:\.\d+)?)\s*(?:/|per\s*|a\s*)\s*(?:sf|sq\.?\s?ft|square foot|foot)\b",
                             re.IGNORECASE)
FREE_LIMIT = re.compile(r"\b(?:more than|over|above|beyond)\s+(\d{1,2})\s+months?(?:')?\s*(?:of\s+)?free\b|"
                         r"\b(?:any|all) (?:free rent|free months?|concessions?)\b[^.;]{0,15}\b(?:needs?|requires?)\b",
                         re.I)
_WITHOUT_SIGN_OFF = re.compile(r"\b(?:up to|hasta|until|below|under)\s+\+?(\d+(?:\.\d+)?)\s*"
                               r"(?:%|percent|por ?ciento)\s+(?:(?:increases?|raises?|rises?|bumps?|de aumento|de "
                               r"subida)\s+)?(?:without|w/o|sin|with no|no)(?:\s|\b)[^.;]{0,25}?\b"
                               r"(?:approv\w*|aprobaci[oó]n|sign[- ]?off|ok|okay|say[- ]?so|consent|visto bueno)",
                               re.IGNORECASE)
# "over 6% needs my approval", "anything above 5% goes to the owner": above it, someone else signs
_ABOVE_NEEDS_SIGN_OFF = re.compile(r"\b(?:over|above|more than|beyond)\s+\+?(\d+(?:\.\d+)?)\s*(?:%|percent)"
                                   r"[^.;]{0,30}?\b(?:needs?|requires?|must (?:get|have)|goes to)\b[^.;]{0,25}?\b"
                                   r"(?:sign[- ]?off|approv\w*|ok|okay|say[- ]?so)\b", re.IGNORECASE)
_NEEDS_SIGN_OFF = re.compile(r"\b(?:under|below|less than)\s+\+?(\d+(?:\.\d+)?)\s*(?:%|percent)[^.;]{0,30}?\b(?:needs?|"
                             r"requires?|must (?:get|have)|goes to)\b[^.;]{0,25}?\b(?:sign[- ]?off|approv\w*|ok|okay|"
                             r"say[- ]?so)\b", re.IGNORECASE)
_CREDIT = re.compile(r"\$\s?(\d{1,2},?\d{3}|\d{2,4})\s*(?:one[- ]time\s+)?(?:rent\s+)?(?:credit|gift card|concession|"
                     r"off (?:the )?first month)\b|\b(?:credit|concession) of \$?\s?(\d{1,2},?\d{3}|\d{2,4})\b", re.I)
_STEPS = re.compile(r"\$?(\d{1,2},?\d{3})\s*(?:then|and then|->|→|,\s*then)\s*\$?(\d{1,2},?\d{3})"
                    r"(?:\s*(?:then|and then|->|→|,\s*then)\s*\$?(\d{1,2},?\d{3}))?", re.I)
_CAP = re.compile(r"\b(?:caps?|capped|maximum|max|limit\w*|no more than|at most|stay under|keep (?:it )?under|"
                  r"stay below|keep (?:it )?below)\b[^%\d$]{0,30}(\d+(?:\.\d+)?)\s*"
                  r"(?:%|percent)", re.IGNORECASE)
# "unit 4B", "suite 700"; not a building number ("tenant in 1412 broadway suite 700" is suite 700)
_UNIT_LABEL = re.compile(r"\b(?:unit|apt\.?|apartment|suite|tenant in)\s+#?(\d{1,4}[a-z]?|[a-z]\d{1,4})\b"
                         r"(?!\s+(?:broadway|(?:[ewns]\.?\s+)?\w+\s+(?:st|street|ave|avenue|pl|place|sq|square|blvd|"
                         r"road|rd)\b))", re.IGNORECASE)
_TENURE = re.compile(r"\b(?:been here|lived here|living here|tenant here|here for|"
                     # "i've paid on time for 4 yrs", "for the past 3 years": how long they have been a tenant
                     r"(?:paid|paying|pay)(?: \w+){0,3} for|for the (?:past|last))\s+(?:for\s+)?(\d{1,2})\s*(?:\+\s*)?"
                     r"(?:yrs?|years?)\b|\b(\d{1,2})\s*(?:yrs?|years?)\s+(?:here|in the (?:unit|apartment|building)|"
                     r"as a tenant|now\b)", re.IGNORECASE)
_ON_TIME = re.compile(r"\bnever (?:been |paid |pay )?late\b|\balways (?:paid |pay )?on time\b|\bon time every\b|"
                      r"\bnever missed\b|\bnunca (?:he )?pag(?:ué|ue|ado) tarde\b|"
                      r"\bsiempre (?:he )?pag(?:ué|ue|ado) a tiempo\b", re.IGNORECASE)
# "landlord is Mr. Kostas", "my landlord's name is Ana Ruiz": the name the message is addressed to
_LANDLORD_NAME = re.compile(r"\b(?:landlord|owner|manager|super)(?:'s name)? is ((?:mr|mrs|ms|miss|dr)\.? [A-Z][\w'-]+|"
                            r"[A-Z][a-z'-]+ [A-Z][a-z'-]+)\b|"
                            r"\b(?:address(?:ed)? it to|to) ((?:mr|mrs|ms|dr)\.? [A-Z][\w'-]+)", re.IGNORECASE)
_ACCEPT = re.compile(r"\baccept(?:ing)?\b|\bsign(?:ing)? (?:the|for the)\b|\btake the\b|\bgo (?:with|for) the\b",
                     re.IGNORECASE)
_EXTRA_ASK = re.compile(r"\b(?:throw in|include|add|replace|fix|paint|get (?:us|me))\s+((?:a |an |the )?[\w' -]{3,40}?)"
                        r"(?=[.?!,;]|\s+(?:too|as well|please|pls)\b|$)", re.IGNORECASE)
_SHORT = re.compile(r"\bshorter\b|\bless formal\b|\bcasual\b|\binformal\b|\bmore relaxed\b|\bbrief\w*\b",
                    re.IGNORECASE)
_FROM_TO = re.compile(r"\bfrom\s+\$?\s?(\d{1,3},?\d{3}|\d{3,6})(?:\.\d+)?\s*(?:/mo\w*)?\s+to\s+\$?\s?"
                      r"(\d{1,3},?\d{3}|\d{3,6})(?:\.\d+)?\b", re.IGNORECASE)
_BARE_AMOUNT = re.compile(r"(?<![$\d,.])\b(\d{1,3},\d{3}|\d{3,6})\b(?!\d|,\d|\s*(?:%|percent|sq|sf|square|years?|"
                          r"months?|days?|dollars|usd|/mo|a month|per month|monthly))", re.IGNORECASE)
_RENT_OPTION = re.compile(r"\b(\d{1,2}|one|two|three|a)[- ](years?|yrs?|months?)\s+(?:lease\s+|term\s+)?(?:at|for)\s+"
                          r"\$?\s?(\d{1,2},?\d{3})\b(?!\s*(?:%|sf|sq|square))", re.IGNORECASE)
# "3150 for 1 year or 3050 a year for 2 years": the rent first, then its term
_RENT_OPTION_AFTER = re.compile(r"\$?\s?(\d{1,2},?\d{3})\b(?:\s*(?:/\s*mo\w*|a month|per month|a year|/\s*yr))?\s+"
                                r"(?:for|on)\s+(?:a\s+)?(\d{1,2}|one|two|three|a)[- ]?(years?|yrs?|months?)\b",
                                re.IGNORECASE)
_OPTION = re.compile(r"\b(\d{1,2}|one|two|three|a)[- ](years?|yrs?|months?)\s+(?:lease\s+|term\s+)?at\s+"
                     r"(?:a\s+)?\+?\s?(\d+(?:\.\d+)?)\s*(?:%|percent)", re.IGNORECASE)
# The manager's own terms ("3% for 12 mo or 2.5% for 24", "we accept 2,150 if she signs for 18 months"); a bare term
# with no unit is months from 6 up, else years.
_TERM_TAIL = r"(?:\s*-?\s*(months?|mos?|years?|yrs?|meses|mes|años?|anos?)\b|(?=\s*(?:$|[.,;!?)]|or\b|and\b|o\b|y\b)))"
_PCT_FOR = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?:for|on|with|over)\s+(?:a\s+)?(\d{1,2})" + _TERM_TAIL,
                      re.IGNORECASE)
_RENT_FOR = re.compile(r"\$?\s?(\d{1,2},?\d{3})(?:\s*/\s*mo\w*|\s+a month|\s+per month)?\s+"
                       r"(?:(?:if|provided|as long as|when)\s+(?:he|she|they|the tenant|"
                       r"tenant)\s+signs?\s+|si firma\s+|(?:fixed|flat|locked)\s+)?(?:for|por)\s+(?:a\s+|another\s+)?"
                       r"(\d{1,2})" + _TERM_TAIL,
                       re.IGNORECASE)
_PACKAGE_AT = re.compile(r"\b(?:package|offer|letter|go|do it|make it|settle|propose|final)\b[^.?!]{0,20}?"
                         r"\bat\s+\$?(\d{1,2},?\d{3})\b(?!\s*(?:for|/|%))", re.I)
DEFAULT_TERM_MONTHS = 12
_INCENTIVE = re.compile(r"\b(?:repaint\w*|(?:fresh |new )?paint(?:ing)?(?: job)?|new (?:appliances?|fridge|"
                        r"refrigerator|dishwasher|stove|carpet\w*|floor\w*|blinds)|(?:one|a|1) (?:free|rent-free) "
                        r"month|free month|month free|free parking|parking spot|waive\w* (?:the )?\w+ fee|"
                        r"deep clean\w*|pintar|pintura)\b", re.IGNORECASE)
_INCENTIVE_CUE = re.compile(r"\bincentive|\bthrow (?:that|it|this|in)\b|\bsweeten|\binstead of (?:lowering|a lower|"
                            r"dropping|cutting|discount\w*|reducing)|\bas a perk\b|\bin exchange\b|\ba cambio\b|"
                            r"\bincentivo", re.IGNORECASE)
_INSTEAD = re.compile(r"\binstead of (?:lowering|a lower|dropping|cutting|discount\w*|reducing)|"
                      r"\ben vez de (?:bajar|rebajar)", re.IGNORECASE)
_TERM_NAMED = re.compile(r"\b(\d{1,2})\s*-?\s*(?:mo|mos|months?)\b", re.IGNORECASE)


def _months(count: str, unit: str | None) -> int:
    n = count_word(count)
    if unit:
        return n * 12 if unit.lower().startswith(("y", "a")) else n  # years, años
    return n if n >= 6 else n * 12


def own_terms(text: str) -> list[tuple[int, float, str]]:
    """The (term months, value, "%" or "$") pairs a message states, in the order written."""
    found = [(m.start(), _months(m.group(2), m.group(3)), float(m.group(1)), "%") for m in _PCT_FOR.finditer(text)]
    found += [(m.start(), _months(m.group(1), m.group(2)), float(m.group(3)), "%") for m in _OPTION.finditer(text)]
    found += [(m.start(), _months(m.group(2), m.group(3)), float(m.group(1).replace(",", "")), "$")
              for m in _RENT_FOR.finditer(text)]
    found += [(m.start(), _months(m.group(1), m.group(2)), float(m.group(3).replace(",", "")), "$")
              for m in _RENT_OPTION.finditer(text)]
    if not found:  # "ok give me the final package at 2600": one rent, for the usual year
        found += [(m.start(), DEFAULT_TERM_MONTHS, float(m.group(1).replace(",", "")), "$")
                  for m in _PACKAGE_AT.finditer(text)]
    but_at = BUT_AT.search(text)
    if but_at:  # "3,450 for 2 years ... accepting but at 3,475": that rent, for the term the message names
        term = min(found)[1] if found else DEFAULT_TERM_MONTHS
        return [(int(term), float(but_at.group(1).replace(",", "")), "$")]
    out: list[tuple[int, float, str]] = []
    for _, term, value, unit in sorted(found):
        if 1 <= term <= 120 and (term, value, unit) not in out:
            out.append((term, value, unit))
    return out


def incentive_of(text: str) -> tuple[str, int | None, bool] | None:
    """An incentive the manager adds ("throw in repainting instead of lowering the 24mo rate"): its name, the term
    it goes with (when named) and whether it replaces that term's discount."""
    found = _INCENTIVE.search(text)
    if not found or not _INCENTIVE_CUE.search(text):
        return None
    word = found.group(0).lower()
    name = "repainting before the renewal" if word.startswith(("repaint", "paint", "fresh paint", "new paint",
                                                                "pint")) else word
    term = _TERM_NAMED.search(text)
    return name, int(term.group(1)) if term else None, bool(_INSTEAD.search(text))


# Which amount is which: the cue standing nearest before an amount decides ("offer is $3,400, up from $3,100").
_ROLE_CUES = (
    ("current", re.compile(r"\bfrom\b|\bcurrently\b|\bcurrent(?: rent)?\b|\bi pay\b|\bpays\b|\bpaying\b|\bmy rent is\b|"
                           r"\bright now\b|\bnow\b", re.IGNORECASE)),
    ("offer", re.compile(r"\boffer\w*\b|\bpropos\w*|\bnew rent\b|\bto\b|\bwants?\b|\basking\b|\braise\w*\b|"
                         r"\bincreas\w*|\bgoing up\b|\bquot\w*|\brenewal (?:is|at)\b|"
                         r"\b(?:letter|notice|lease|renewal) says\b|"
                         r"\b(?:sent|gave|got|received) (?:me )?(?:my |the |a )?renewal(?: offer| letter| notice)?\W*$|"
                         # "renewal: 1 yr at 3,450": the rent of an offered term ("what about 2 yrs at" is a counter)
                         r"\b(?:renewal|offer\w*|sent|letter|notice|propos\w*|wants?|quot\w*)\W+(?:\w+\W+){0,2}?"
                         r"(?:\d{1,2}|one|two|three|a)[- ]?(?:years?|yrs?|months?|mos?)\s+(?:lease\s+|term\s+)?at\s*$|"
                         r"\brenewal (?:offer|letter|notice)\W*$",
                         re.IGNORECASE)),
    ("counter", _COUNTER_CUE),
)


def _role(before: str) -> str | None:
    """The role of the amount after `before`: the cue that ends nearest to it."""
    best: tuple[int, str] | None = None
    for role, pattern in _ROLE_CUES:
        for match in pattern.finditer(before):
            if best is None or match.end() >= best[0]:
                best = (match.end(), role)
    return best[1] if best else None


class RenewalRequest(BaseModel):
    """The inputs of a renewal proposal, as stated (None when not stated)."""

    current_rent: float | None = Field(default=None, gt=0, description="Monthly rent now, USD")
    currency: str | None = Field(default=None, description="The rents' currency when not dollars: £, € or AED")
    yearly: bool = Field(default=False, description="The rents are stated by the year (not by the month)")
    proposed_increase_pct: float | None = Field(default=None, ge=-50, le=100, description="Landlord's ask, %")
    landlord_offers: list[float] = Field(default_factory=list, description="Rents the landlord offered, USD")
    tenant_counter_pct: float | None = Field(default=None, ge=-50, le=100, description="Tenant's counter, %")
    tenant_counter_rent: float | None = Field(default=None, gt=0, description="Tenant's counter, USD")
    unit_id: str | None = Field(default=None, description="Inventory id, e.g. SE-1545")
    options: list[tuple[int, float]] = Field(default_factory=list,
                                             description="Options offered as (term months, increase %)")
    unknown_unit_id: str | None = Field(default=None, description="An id that is not in the inventory")
    term_months: int | None = Field(default=None, ge=1, le=120, description="Term asked for, months")
    lease_end: str | None = Field(default=None, description="When the lease ends, as said")
    requester: Requester = Field(default="tenant", description="Who asks: tenant or manager")
    bedrooms: int | None = Field(default=None, ge=0, le=20, description="Bedrooms (0 = studio)")
    location: str | None = Field(default=None, description="Neighborhood token, lowercase")
    sqft: float | None = Field(default=None, gt=0, description="Size in square feet")
    market_rent: float | None = Field(default=None, gt=0, description="What similar units rent for, as stated")
    cap_pct: float | None = Field(default=None, ge=0, le=100, description="The owner's cap on an increase, %")
    approval_below_pct: float | None = Field(default=None, ge=-100, le=100,
                                             description="Increases under this % need someone else's sign-off")
    approval_above_pct: float | None = Field(default=None, ge=0, le=100,
                                             description="Increases above this % need someone else's sign-off")
    approval_below_ppsf: float | None = Field(default=None, gt=0, description="Rates under this $/SF/yr need sign-off")
    free_months_limit: float | None = Field(default=None, ge=0, description="Free months the requester may approve")
    approver: str | None = Field(default=None, description="Who signs off beyond the requester's authority")
    floor_pct: float | None = Field(default=None, ge=0, le=100, description="The owner's minimum increase, %")
    unit_label: str | None = Field(default=None, description="The unit as named without an id (\"4B\")")
    tenure_years: int | None = Field(default=None, ge=0, le=80, description="Years the tenant has lived there")
    on_time: bool = Field(default=False, description="The tenant says the rent was always paid on time")
    landlord_name: str | None = Field(default=None, description="Whom the tenant's message is addressed to")
    accept: bool = Field(default=False, description="The tenant wants to accept (an option of) the offer")
    extra_ask: str | None = Field(default=None, description="Something else to ask for in the message")
    short: bool = Field(default=False, description="The drafted message should be short and informal")
    kind: str | None = Field(default=None, description="office when the unit is one (else an apartment)")
    rate_sf: float | None = Field(default=None, gt=0, description="A rent stated per square foot a year (offices)")
    amenities: list[str] = Field(default_factory=list, description="Amenity keys the unit has, as stated")
    credit_usd: float | None = Field(default=None, gt=0, description="A one-time credit offered, USD")
    steps: list[float] = Field(default_factory=list, description="A stepped rent: one monthly rent per year, in order")
    terms: list[tuple[int, float, str]] = Field(default_factory=list,
                                                description="The manager's own terms: (months, value, '%' or '$')")
    incentive: str | None = Field(default=None, description="An incentive the manager adds to an option")
    incentive_term: int | None = Field(default=None, description="The term the incentive goes with, months")
    incentive_instead: bool = Field(default=False, description="The incentive replaces that term's discount")

    def landlord_pct(self) -> float | None:
        """The landlord's ask as a percentage (from the % or from an offered rent)."""
        if self.proposed_increase_pct is not None:
            return self.proposed_increase_pct
        if self.landlord_offers and self.current_rent:
            return (self.landlord_offers[0] / self.current_rent - 1) * 100
        return None

    def counter_pct(self) -> float | None:
        """The tenant's counter as a percentage."""
        if self.tenant_counter_pct is not None:
            return self.tenant_counter_pct
        if self.tenant_counter_rent is not None and self.current_rent:
            return (self.tenant_counter_rent / self.current_rent - 1) * 100
        return None


def _amount(match: re.Match[str]) -> float:
    raw = (match.group(1) or match.group(3) or "0").replace(",", "")
    value = float(raw)
    return value * 1000 if match.group(2) else value


def _words_before(text: str, start: int, width: int = 40) -> str:
    return text[max(0, start - width):start]


def count_word(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _term_months(text: str) -> int | None:
    tenure = [m.span() for m in _TENURE.finditer(text)]  # "paid on time for 4 yrs" is no term asked
    match = next((m for m in _TERM.finditer(text) if not any(a <= m.start() < b for a, b in tenure)), None)
    if not match:
        return None
    number, unit = next((match.group(i), match.group(i + 1)) for i in (1, 3, 5) if match.group(i))
    months = count_word(number) * (12 if unit.lower().startswith("y") else 1)
    return months if 1 <= months <= 120 else None


# Rents in another currency ("from £1,150 to £1,300", "4,500 AED", "120 ألف درهم"): read as amounts, and said back
# in that currency (the comparable units are New York rents in dollars, so they say nothing of them)
_CURRENCIES = (("£", r"£|\bgbp\b|\bpounds?\b|\bquid\b|جنيه"), ("€", r"€|\beur\b|\beuros?\b"),
               ("AED", r"\baed\b|\bdhs?\b|\bdirhams?\b|درهم|دراهم"))
_FOREIGN_SIGN = re.compile(r"(?:£|€|\b(?:gbp|eur|aed|dhs?)\b\.?)\s?(?=\d)", re.I)
_FOREIGN_AFTER = re.compile(r"(\d[\d,.]*(?:\s*(?:k|ألف|الف))?)\s?(?:gbp|pounds?|quid|eur|euros?|aed|dhs?|dirhams?|"
                            r"درهم|دراهم|جنيه)\b", re.I)
# a rent stated by the year ("AED 120,000 a year", "إيجار سنوي"): said back by the year
_YEARLY = re.compile(r"\d\s*(?:/\s*(?:yr|year)|a year|per year|per annum|p\.?a\.?|annually|yearly|al año)\b|"
                     r"\b(?:annual|yearly) rent\b|\brent (?:per|a) year\b|سنوي|في السنة|بالسنة", re.I)
# a date's year is no rent: "our tenancy started 1 feb 2025", "since March 2019", "in 2024"
_DATED_YEAR = re.compile(r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+(?:\d{1,2}"
                         r"(?:st|nd|rd|th)?,?\s+)?|(?:since|in|until|till|by|of|year)\s+)((?:19|20)\d{2})\b", re.I)


YEARLY_FROM = 30_000  # a home's rent this high with no "$" is a year's rent
YEARLY_SAID_FROM = 12_000  # and this high when said to be by the year


def currency_of(text: str) -> str | None:
    """The currency a renewal's rents are stated in when it is not dollars ("£", "€", "AED"), else None."""
    return next((sign for sign, words in _CURRENCIES if re.search(words, text, re.I)), None)


def in_dollar_form(text: str) -> str:
    """Amounts in another currency written as "$" amounts, for the readers below (the currency is kept apart)."""
    text = _FOREIGN_AFTER.sub(r"$\1", text)
    return _FOREIGN_SIGN.sub("$", text)


def _neighborhoods(inventory: Any) -> list[str]:
    if inventory is None:
        return []
    names = {str(n).strip().lower() for n in inventory.frame["neighborhood"].unique() if str(n).strip()}
    return sorted(names, key=len, reverse=True)


def neighborhood_in(text: str, inventory: Any) -> str | None:
    """The inventory's neighborhood a text names, by its name or a nickname ("LIC", "UES", "bed stuy"), or None."""
    lowered = text.lower()
    names = _neighborhoods(inventory)
    found = next((n for n in names if re.search(rf"\b{re.escape(n)}\b", lowered)), None)
    return found or next((name for nick, name in LOCATION_ALIASES.items()
                          if name in names and re.search(rf"\b{re.escape(nick)}\b", lowered)), None)


def _english_numbers(text: str) -> str:
    """Spanish and Arabic ways of writing the rents in English form: "de 1.800 a 2.000" -> "from 1800 to 2000",
    "من 3000 إلى 3300" -> "from 3000 to 3300"; a percentage of occupancy is no rent increase."""
    text = re.sub(r"\b(\d{1,3})\.(\d{3})\b(?!\.\d)", r"\1\2", text)  # 1.800 -> 1800 (a dot groups thousands)
    # "2950 -> 3250", "$2,950 → $3,250": from the rent now to the one offered
    text = re.sub(r"\$?(\d[\d,]*(?:\.\d+)?k?)\s*(?:-+>|→|=>|⟶|➡️?)\s*\$?(\d[\d,]*(?:\.\d+)?k?)", r"from \1 to \2", text)
    # "2.7k", "3 grand": the same amounts in full ("$" kept where it was)
    text = re.sub(r"(\$?)\b(\d+(?:\.\d+)?)\s*(?:k|grand)\b", lambda m: f"{m.group(1)}{float(m.group(2)) * 1000:.0f}",
                  text, flags=re.I)
    text = re.sub(r"(\d+(?:\.\d+)?)\s*(?:ألف|الف)", lambda m: f"{float(m.group(1)) * 1000:.0f}", text)  # "120 ألف"
    text = re.sub(r"(?:إيجاره|ايجاره|إيجارها|ايجارها|الإيجار|الايجار|إيجاري|ايجاري) الحالي", "current rent is", text)
    text = re.sub(r"\b(?:the )?same rent\b|\bno increase\b|\bflat renewal\b", "0% increase", text, flags=re.I)
    text = re.sub(r"\b(?:los )?comparables(?: del barrio)?\s+(?:rondan|est[aá]n en|andan por)(?: los)?",
                  "comparables at", text, flags=re.I)
    text = re.sub(r"\ble ofrezco\b|\bofrecerle\b", "we offer", text, flags=re.I)
    text = re.sub(r"\bpaga\b", "pays", text, flags=re.I)
    # a tenant's Spanish: "me ofrece renovar a $2,650, ahora pago $2,400"
    text = re.sub(r"\b(?:ahora |actualmente |hoy )?pago\b", "i pay", text, flags=re.I)
    text = re.sub(r"\b(?:me |nos )?(?:ofrece|ofrecen|propone|proponen|pide|piden|quiere|quieren)\b", "offers", text,
                  flags=re.I)
    text = re.sub(r"\b(?:sube|suben|subir|aumenta|aumentan|aumentar)\b", "raise", text, flags=re.I)
    text = re.sub(r"\b(\d+)\s*a[nñ]os?\b", r"\1 years", text, flags=re.I)
    # a term in words: "dos años", "عقد لمدة سنتين" (two years), "سنة" (a year), "18 شهر"
    text = re.sub(r"\b(?:dos|2) a[nñ]os\b|سنتين|سنتان|عامين|عامان", " 2 years lease ", text, flags=re.I)
    text = re.sub(r"\bun a[nñ]o\b|(?<![\u0621-\u064a])(?:سنة|سنه|عام) واحد[ةه]?(?![\u0621-\u064a])", " 1 year lease ",
                  text, flags=re.I)
    text = re.sub(r"(\d{1,2})\s*(?:شهر|شهرا|شهور|أشهر|meses)", r" \1 months lease ", text, flags=re.I)
    text = re.sub(r"\b(\d+ (?:years?|months?|meses)) a (?=\$)", r"\1 at ", text, flags=re.I)
    text = re.sub(r"\binquilino del\b", "tenant in", text, flags=re.I)
    text = re.sub(r"\bde\s+\$?\s?(\d[\d,]*)\s+a\s+\$?\s?(\d[\d,]*)", r"from \1 to \2", text, flags=re.I)
    text = re.sub(r"من\s+\$?\s?(\d[\d,]*)\s+(?:إلى|الى|ل)\s*\$?\s?(\d[\d,]*)", r"from \1 to \2", text)
    text = re.sub(r"(?:بدلا من ذلك|بدلاً من ذلك)", " instead", text)
    text = re.sub(r"(?:أطلب فيها|اطلب فيها|أطلب|اطلب)\s+(\d[\d,]*)", r"counter at \1", text)
    text = re.sub(r"\b\d{1,3}(?:\.\d+)?\s*%\s*(?:occupied|occupancy|leased|full|vacan\w*)", " ", text, flags=re.I)
    return text


def parse_renewal_request(text: str, inventory: Any = None) -> RenewalRequest:
    """Read a renewal message into a RenewalRequest (rules only; anything not stated stays None).

    Args:
        text: The user's message.
        inventory: The Inventory, to check unit ids and recognise neighborhood names (optional).
    """
    fields: dict[str, Any] = {}
    currency = currency_of(text)
    if currency:
        fields["currency"] = currency
    yearly_said = bool(_YEARLY.search(text))
    dated = words_to_digits(_english_numbers(in_dollar_form(text)))
    # "three thousand four hundred" -> "3400"; a date's year is no rent
    text = _DATED_YEAR.sub(lambda m: m.group(1) + " " * len(m.group(2)), dated)
    # Stated context, taken out before the rents are read: what similar units go for, the owner's cap, the unit.
    market = _MARKET.search(text)
    if market:
        fields["market_rent"] = float(market.group(1).replace(",", ""))
        text = text[:market.start(1)] + " " * len(market.group(1)) + text[market.end(1):]
    authority = _AUTHORITY_PPSF.search(text)
    if authority:  # "I can approve >= $90/sf; below that needs the owner": a manager's authority, per square foot
        fields["approval_below_ppsf"] = float(authority.group(1))
        text = text[:authority.start(1)] + " " * len(authority.group(1)) + text[authority.end(1):]
    free = FREE_LIMIT.search(text)
    if free and free.group(1):
        fields["free_months_limit"] = float(free.group(1))
        text = text[:free.start(1)] + " " * len(free.group(1)) + text[free.end(1):]
    elif free:  # "any free rent needs his ok": none without sign-off
        fields["free_months_limit"] = 0.0
    below = _NEEDS_SIGN_OFF.search(text)
    if below:  # "anything under +3% needs owner sign-off": below it, not refused, but someone else signs
        fields["approval_below_pct"] = float(below.group(1))
        text = text[:below.start(1)] + " " * len(below.group(1)) + text[below.end(1):]
    above = _WITHOUT_SIGN_OFF.search(text) or _ABOVE_NEEDS_SIGN_OFF.search(text)
    if above:  # "up to 5% without the owner's approval", "hasta 5% sin aprobación del dueño": above it, they sign
        fields["approval_above_pct"] = float(above.group(1))
        text = text[:above.start(1)] + " " * len(above.group(1)) + text[above.end(1):]
    if authority or free is not None or below or above:
        who = re.search(r"\b(owner|landlord|board|asset manager|my boss|the principal|ownership|due[nñ]o|"
                        r"propietari[oa])\b", text, re.I)
        fields["approver"] = (who.group(1).lower().replace("my boss", "your boss") if who else "owner").replace(
            "dueño", "owner").replace("dueno", "owner").replace("propietario", "owner").replace("propietaria", "owner")
    floor = _FLOOR.search(text)
    if floor:  # "owner wants at least 5%": the owner's floor for this offer
        fields["floor_pct"] = float(floor.group(1))
        text = text[:floor.start(1)] + " " * len(floor.group(1)) + text[floor.end(1):]
    standard = re.search(r"\b(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)\s*%\s*(?:is\s+)?(?:standard|normal|"
                         r"typical|range|policy|band)\b", text, re.I)
    if standard:  # "policy: 3-6% standard": the owner's range, no offer
        fields.setdefault("floor_pct", float(standard.group(1)))
        fields["cap_pct"] = float(standard.group(2))
        text = text[:standard.start()] + " " * (standard.end() - standard.start()) + text[standard.end():]
    cap = _CAP.search(text)
    if cap:
        fields["cap_pct"] = float(cap.group(1))
        text = text[:cap.start(1)] + " " * len(cap.group(1)) + text[cap.end(1):]
    label = _UNIT_LABEL.search(text)
    if label:
        fields["unit_label"] = label.group(1).upper()
    tenure = _TENURE.search(text)
    if tenure:
        fields["tenure_years"] = int(tenure.group(1) or tenure.group(2))
    fields["on_time"] = bool(_ON_TIME.search(text))
    named = _LANDLORD_NAME.search(text)
    if named:
        fields["landlord_name"] = (named.group(1) or named.group(2)).strip()
    fields["accept"] = bool(_ACCEPT.search(text))
    extra = _EXTRA_ASK.search(text)
    if extra:
        verb = extra.group(0).split()[0].lower()
        fields["extra_ask"] = (f"include {extra.group(1).strip()}" if verb in ("throw", "include", "add", "get")
                               else f"{verb} {extra.group(1).strip()}")
    fields["short"] = bool(_SHORT.search(text))
    credit = _CREDIT.search(text)
    if credit:  # "the 2% with a $300 credit for the noise": a one-time credit, no rent
        group = 1 if credit.group(1) else 2
        fields["credit_usd"] = float(credit.group(group).replace(",", ""))
        text = text[:credit.start(group)] + " " * len(credit.group(group)) + text[credit.end(group):]
    fields["terms"] = own_terms(text)
    stepped = _STEPS.search(text)
    if stepped:  # "2 years, 3,750 then 3,900": a rent for each year
        fields["steps"] = [float(g.replace(",", "")) for g in stepped.groups() if g]
        text = text[:stepped.start()] + " " * (stepped.end() - stepped.start()) + text[stepped.end():]
    incentive = incentive_of(text)
    if incentive:
        fields["incentive"], fields["incentive_term"], fields["incentive_instead"] = incentive
    id_match = _UNIT_ID.search(text)
    if id_match:
        unit_id = f"{id_match.group(1).upper()}-{id_match.group(2)}"
        if inventory is None or inventory.row(unit_id) is not None:
            fields["unit_id"] = unit_id
        else:
            fields["unknown_unit_id"] = unit_id
    text = _UNIT_ID.sub(lambda m: " " * len(m.group(0)), text)  # an id's digits are no rent ("SE-5435")

    offers: list[float] = []
    # "1 year at $3,300 or 2 years at $3,400": offered options stated as rents (their amounts are no current rent)
    found_options = list(_RENT_OPTION.finditer(text))
    rent_options = [(count_word(m.group(1)) * (12 if m.group(2).lower().startswith("y") else 1),
                     float(m.group(3).replace(",", ""))) for m in found_options] if len(found_options) >= 2 else []
    for m in reversed(found_options if rent_options else []):
        text = text[:m.start(3)] + " " * len(m.group(3)) + text[m.end(3):]
    after = list(_RENT_OPTION_AFTER.finditer(text)) if not rent_options else []
    if len(after) >= 2:  # "3150 for 1 year or 3050 a year for 2 years"
        rent_options = [(count_word(m.group(2)) * (12 if m.group(3).lower().startswith("y") else 1),
                         float(m.group(1).replace(",", ""))) for m in after]
        for m in reversed(after):
            text = text[:m.start(1)] + " " * len(m.group(1)) + text[m.end(1):]
    span = _FROM_TO.search(text)  # "raise rent from 2850 to 3100"
    if span:
        fields["current_rent"] = float(span.group(1).replace(",", ""))
        offers.append(float(span.group(2).replace(",", "")))
    amounts = [(m.start(), _amount(m), _role_of(text, m.start())) for m in _MONEY.finditer(text)]
    taken = {start for start, _, _ in amounts}
    lone = [m for m in _BARE_AMOUNT.finditer(text) if m.start() not in taken
            and not (span and span.start() <= m.start() < span.end()) and not _a_year(text, m)]
    for m in lone:  # "they want 3400": a bare number right after a rent cue
        role = _role_of(text, m.start(), width=25)
        # The only amount of a renewal message ("unit 3B renews at 2,650") is a rent even without a cue.
        alone = not amounts and len(lone) == 1 and float(m.group(1).replace(",", "")) >= 300
        if role or alone:
            amounts.append((m.start(), float(m.group(1).replace(",", "")), role))
    for start, value, role in sorted(amounts):
        if value < 100 or (span and span.start() <= start < span.end()):
            continue  # "$50 more" is a difference, not a rent; a "from X to Y" span is read already
        if role == "counter":
            fields.setdefault("tenant_counter_rent", value)
        elif role == "current" or (role is None and "current_rent" not in fields and not offers):
            fields.setdefault("current_rent", value)
        else:
            offers.append(value)
    fields["landlord_offers"] = offers
    if "current_rent" not in fields:
        bare = _BARE_RENT.search(text)  # "my rent is 3200": a number right after a rent phrase
        if bare:
            fields["current_rent"] = float(bare.group(1).replace(",", ""))

    options = [(count_word(m.group(1)) * (12 if m.group(2).lower().startswith("y") else 1), float(m.group(3)))
               for m in _OPTION.finditer(text)]
    if len(rent_options) >= 2 and fields.get("current_rent"):
        current = fields["current_rent"]
        options = [(term, round((rent / current - 1) * 100, 2)) for term, rent in rent_options]
    if len(options) >= 2:
        fields["options"] = options
    option_spans = [m.span() for m in _OPTION.finditer(text)] if "options" in fields else []
    for match in _PERCENT.finditer(text):
        if any(a <= match.start() < b for a, b in option_spans):
            continue
        value = float(match.group(1))
        before = _words_before(text, match.start())
        if _COUNTER_CUE.search(before) or _tenant_asks(text[max(0, match.start() - 90):match.start()]):
            fields.setdefault("tenant_counter_pct", value)
        else:
            fields.setdefault("proposed_increase_pct", value)

    term_text = text  # an offered option's term ("1 year at 4%") is not the term asked for
    for a, b in [m.span() for m in [*_OPTION.finditer(text), *found_options, *after]] if "options" in fields else []:
        term_text = term_text[:a] + " " * (b - a) + term_text[b:]
    term = _term_months(term_text)
    if term:
        fields["term_months"] = term
    end = _LEASE_END.search(dated)
    if end:
        fields["lease_end"] = end.group(1).strip()
    beds = _BEDROOMS.search(text)
    if beds:
        fields["bedrooms"] = 0 if beds.group(3) else count_word(beds.group(1) or beds.group(2))
    size = _SQFT.search(text)
    if size:
        fields["sqft"] = float(size.group(1).replace(",", ""))
    place = neighborhood_in(text, inventory)
    if place:
        fields["location"] = place

    has = [key for key, phrases in AMENITY_PHRASES.items() if key in _COMP_AMENITIES
           and any(re.search(p, text, re.I) for p in phrases)]
    if has:  # "it's a doorman building and the unit has a washer/dryer": its comparables have them too
        fields["amenities"] = has
    rate = _RATE_SF.search(text)
    if rate or _OFFICE.search(text):  # "office tenant ... 17,855 sf at $98/sf": an office, its rent from the rate
        fields["kind"] = "office"
        if rate:
            fields["rate_sf"] = float(rate.group(1) or rate.group(2))
            # the rate is no rent amount of its own ("go to 100/sf" is not $100)
            fields["landlord_offers"] = [o for o in fields.get("landlord_offers", []) if o != fields["rate_sf"]]
            for key in ("tenant_counter_rent", "current_rent"):
                if fields.get(key) == fields["rate_sf"]:
                    del fields[key]
        if rate and fields.get("sqft") and "current_rent" not in fields:
            fields["current_rent"] = round(fields["rate_sf"] * fields["sqft"] / 12, 2)
    if "location" not in fields and (fields.get("kind") == "office" or inventory is not None):
        from agents.via.needs import parse_spec  # a street or a building ("9 Times Sq") names the area too

        places = parse_spec(text).location
        if places:
            fields["location"] = places[0]
    amounts_said = [fields.get("current_rent"), fields.get("tenant_counter_rent"), *fields.get("landlord_offers", [])]
    most = max([a for a in amounts_said if a] or [0])
    # "AED 126,000 a year", "إيجاره الحالي 120 ألف", "AED 95,000": a year's rent (as Gulf leases state it); not
    # "3050 a year for 2 years", a monthly rent for each year of a term
    fields["yearly"] = fields.get("kind") != "office" and (
        (yearly_said and most >= YEARLY_SAID_FROM) or ((currency == "AED" or "$" not in dated) and most >= YEARLY_FROM))
    if fields["yearly"]:  # worked per month like every other rent; said back with the yearly figure
        for key in ("current_rent", "tenant_counter_rent", "market_rent"):
            if fields.get(key):
                fields[key] = round(fields[key] / 12, 2)
        fields["landlord_offers"] = [round(o / 12, 2) for o in fields.get("landlord_offers", [])]
    manager = bool(_MANAGER_CUE.search(text)) or (
        bool(id_match) and not _TENANT_CUE.search(text) and "current_rent" not in fields)
    fields["requester"] = "manager" if manager and not _TENANT_CUE.search(text) else "tenant"
    return RenewalRequest(**fields)
