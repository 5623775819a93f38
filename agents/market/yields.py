"""Gross rental yield from the market tables: a year's average rent over a purchase price (a size at the sale rate
per square metre, or a price stated), with every figure and assumption said. English and Arabic templates."""

from __future__ import annotations

import re
from typing import Any

from agents.market import tools as t
from agents.market.places import mentions
from agents.market.planner import budget_in, districts_named, layout_in, typology_in, years_in
from data.sources.abu_dhabi import load_market

Json = dict[str, Any]

YIELD_Q = re.compile(r"\b(?:gross|rental|net)?\s*yields?\b|\broi\b|\breturn on (?:investment|my money)\b|"
                     r"العائد|عائد الإيجار|نسبة العائد", re.I)
_SQM = re.compile(r"\b(\d{2,4}(?:\.\d+)?)\s*(?:sqm|sq\.? ?m|m2|m²|square met(?:re|er)s?|متر)", re.I)


def yield_answer(message: str, previous: str | None, lang: str) -> tuple[str, list[tuple[str, Json, Json]]] | None:
    """(the reply, the calls made) for a yield question; None when it is not one or lacks a place to price."""
    if not YIELD_Q.search(message):
        return None
    districts = districts_named(mentions(message)) or districts_named(mentions(previous or ""))
    if not districts:
        return None
    district = districts[0]
    years = years_in(message)
    year = years[0] if years else load_market().last_actual_year
    typology = typology_in(message) or typology_in(previous or "") or "Apartment / Duplex"
    layout = layout_in(message) or layout_in(previous or "")
    size = _SQM.search(message)
    price, _monthly = budget_in(message)
    rate_args = {"district": district, "year": year, "typology": typology}
    rent_args = {"entities": [district], "entityType": "district", "year": year, "typology": typology,
                 "layout": layout}
    rates, rents = t.get_sale_price_per_sqm(**rate_args), t.compare_rental_prices(**rent_args)
    calls = [("get_sale_price_per_sqm", rate_args, rates), ("compare_rental_prices", rent_args, rents)]
    if "error" in rates or "error" in rents or not rents.get("rents") or not rates.get("rates"):
        return None
    rate = rates["rates"][0]["aed_per_sqm"]
    rent = rents["rents"][0]["avg_rent_aed_year"]
    if size:
        sqm = float(size.group(1))
        cost, how = rate * sqm, f"{sqm:g} sqm × AED {rate:,.0f}/sqm = AED {rate * sqm:,.0f}"
    elif price and price > 100_000:
        cost, how = price, f"AED {price:,.0f} (your price)"
    else:
        return (("What size (in sqm) or price are you looking at? The gross yield is a year's rent over the price: "
                 f"in {district} in {year}, {typology.lower()} sell for about AED {rate:,.0f}/sqm and rent for "
                 f"about AED {rent:,.0f} a year{f' ({layout})' if layout else ''}.") if lang != "ar" else
                "ما مساحة الوحدة بالمتر المربع أو سعرها؟ العائد الإجمالي هو إيجار السنة مقسومًا على السعر.", calls)
    gross = rent / cost
    what = f"{layout} " if layout else ""
    if lang == "ar":
        reply = (f"العائد الإجمالي التقريبي: **{gross:.1%}**: إيجار سنوي {rent:,.0f} درهم (مؤشر الإيجارات {year}، "
                 f"{district}) مقسومًا على السعر {cost:,.0f} درهم ({how}). قبل رسوم الخدمة والرسوم وفترات الشغور "
                 "والتمويل.")
    else:
        reply = (f"Gross yield about **{gross:.1%}**: a year's rent of AED {rent:,.0f} (average {what}"
                 f"{typology.lower()} rent in {district}, {year} rental index) over a price of {how}. Before service "
                 "charges, fees, vacancy and financing, which lower it.\n\nSources: SALE_RATES_DISTRICT, "
                 "RENTAL_INDEX_DISTRICT (Abu Dhabi market tables)")
    return reply, calls
