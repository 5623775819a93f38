"""Message cues the router and the nodes share (kept apart so that no node imports the router)."""

from __future__ import annotations

import re

# A unit of the inventory by its id
UNIT_ID = re.compile(r"\b(?:SE|U)-\d+\b", re.IGNORECASE)

# A market's own places, by name (a statistic about them is a market question even right after a search).
MARKET_PLACE = re.compile(r"\b(?:yas|reem|abu ?dhabi|saadiyat|dubai|hdb|singapore)\b|ياس|الريم|ريم|ظبي|أبوظبي|دبي",
                          re.I)
# The tours just proposed, at another time.
ANOTHER_TIME = re.compile(r"\b(?:another|a different|other|new|later|earlier) (?:time|day|slot)\b|\binstead\b|"
                          r"\breschedul\w*|\bmove (?:it|that|this|the tour|them|the viewing)\b|\bchange the time\b|"
                          r"\bmake (?:it|that) \d|\bshift (?:it|that|the viewing|the tour)\b|"
                          r"\bpush (?:it|that|the tour) (?:back|to)\b", re.I)
# What to ask for a flat just valued ("should I list it higher than that estimate?")
LISTING_PRICE = re.compile(r"\b(?:list|sell|price|ask|put) (?:it|the flat|my flat|ours?) (?:\w+ ){0,3}?(?:higher|lower|"
                           r"above|below|at|for)\b|\basking price\b|\broom to negotiate\b|\blist(?:ing)? price\b|"
                           r"\blist (?:it )?(?:at|for) \$?\d", re.I)
