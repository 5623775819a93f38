"""Gross rental yield from the market tables: a year's average rent over a purchase price (a size at the sale rate
per square metre, or a price stated), with every figure and assumption said. English and Arabic templates."""

from __future__ import annotations

import re
from typing import Any

from agents.market import tools as t
from agents.market.answer import AR_PLACES
from agents.market.places import mentions
from agents.market.planner import budget_in, districts_named, layout_in, typology_in, years_in
from data.sources.abu_dhabi import load_market

Json = dict[str, Any]
Calls = list[tuple[str, Json, Json]]  # (tool, arguments, result) of each table tool called

YIELD_Q = re.compile(r"\b(?:gross|rental|net)?\s*yields?\b|\broi\b|\breturn on (?:investment|my money)\b|"
                     r"العائد|عائد الإيجار|نسبة العائد", re.I)
_SQM = re.compile(r"\b(\d{2,4}(?:\.\d+)?)\s*(?:sqm|sq\.? ?m|m2|m²|square met(?:re|er)s?|متر)", re.I)


def _rate_and_rent(district: str, year: int, typology: str, layout: str | None
                   ) -> tuple[float | None, float | None, Calls]:
    """A district's sale rate (AED/sqm) and average yearly rent for a property type and layout, with the two tool
    calls that read them (None for a figure the tables lack)."""
    rate_args = {"district": district, "year": year, "typology": typology}
    rent_args = {"entities": [district], "entityType": "district", "year": year, "typology": typology,
                 "layout": layout}
    rates, rents = t.get_sale_price_per_sqm(**rate_args), t.compare_rental_prices(**rent_args)
    calls: Calls = [("get_sale_price_per_sqm", rate_args, rates), ("compare_rental_prices", rent_args, rents)]
    rate = rates["rates"][0]["aed_per_sqm"] if "error" not in rates and rates.get("rates") else None
    rent = rents["rents"][0]["avg_rent_aed_year"] if "error" not in rents and rents.get("rents") else None
    return rate, rent, calls


def _average_sale(district: str, year: int, typology: str, layout: str, calls: Calls) -> tuple[float, int] | None:
    """(the average sale price, the number of sales) of a kind of home in a district and year, the call recorded;
    None when the tables have no such sales."""
    args = {"district": district, "year": year, "typology": typology, "layout": layout}
    deals = t.get_total_sales_value(**args)
    calls.append(("get_total_sales_value", args, deals))
    sales = deals.get("sales_only") if "error" not in deals else None
    if not sales or not sales.get("count"):
        return None
    return sales["value_aed"] / sales["count"], int(sales["count"])


def yield_answer(message: str, previous: str | None, lang: str) -> tuple[str, Calls] | None:
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
    if len(districts) >= 2 and not price:  # "2br on yas vs reem, which has the better gross yield": each, side by side
        return _yields_compared(districts[:3], year, typology, layout, size, lang)
    rate, rent, calls = _rate_and_rent(district, year, typology, layout)
    if rate is None or rent is None:
        return None
    average = _average_sale(district, year, typology, layout, calls) if layout and not size and not price else None
    if size:
        sqm = float(size.group(1))
        cost, how = rate * sqm, f"{sqm:g} sqm × AED {rate:,.0f}/sqm = AED {rate * sqm:,.0f}"
    elif price and price > 100_000:
        cost, how = price, f"AED {price:,.0f} (your price)"
    elif average is not None:  # "gross yield of a 3-bed villa there": the year's average sale of that kind of home
        cost, count = average
        how = (f"AED {cost:,.0f}, the average of the {count:,} {layout} {typology.lower()} sales in {district} in "
               f"{year}" if lang != "ar" else f"متوسط {count:,} صفقة بيع في {year}")
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
                 "charges, fees, vacancy and financing, which lower it.\n\nSources: "
                 + ("TRANSACTIONS_DISTRICT" if cost is not None and average is not None and not size and not price
                    else "SALE_RATES_DISTRICT") + ", RENTAL_INDEX_DISTRICT (Abu Dhabi market tables)")
    return reply, calls


def _yields_compared(districts: list[str], year: int, typology: str, layout: str | None, size: re.Match[str] | None,
                     lang: str) -> tuple[str, Calls] | None:
    """The gross yield of the same kind of home in each district named: a year's rent over the price of the size said,
    else over the year's average sale of that layout, else over a 100 sqm unit at the sale rate."""
    rows, calls = [], []
    for district in districts:
        rate, rent, made = _rate_and_rent(district, year, typology, layout)
        calls += made
        if rate is None or rent is None:
            return None
        average = _average_sale(district, year, typology, layout, calls) if layout and not size else None
        if size:
            cost, how = rate * float(size.group(1)), f"{float(size.group(1)):g} sqm at AED {rate:,.0f}/sqm"
        elif average is not None:
            cost, how = average[0], f"the average of {average[1]:,} sales"
        else:
            cost, how = rate * EXAMPLE_SQM, f"{EXAMPLE_SQM} sqm at AED {rate:,.0f}/sqm"
        rows.append((rent / cost, district, rent, cost, how))
    rows.sort(reverse=True)
    what = f"{layout} " if layout else ""
    if lang == "ar":
        lines = [f"- {AR_PLACES.get(d, d)}: إيجار سنوي {rent:,.0f} درهم على سعر {cost:,.0f} درهم: عائد إجمالي تقريبي "
                 f"{gross:.1%}" for gross, d, rent, cost, _how in rows]
        return "\n".join([f"العائد الإجمالي ({year}):", *lines]) + (
            f"\n\nالأعلى عائدًا: {AR_PLACES.get(rows[0][1], rows[0][1])}. أرقام إجمالية قبل الرسوم والشغور، "
            "وليست نصيحة استثمارية."), calls
    lines = [f"- {d}: a year's rent of AED {rent:,.0f} over AED {cost:,.0f} ({how}): gross yield about **{gross:.1%}**"
             for gross, d, rent, cost, how in rows]
    close = abs(rows[0][0] - rows[-1][0]) < 0.002
    verdict = (f"Roughly equal ({rows[0][1]} marginally higher)." if close else
               f"{rows[0][1]} returns more rent per dirham of price.")
    return "\n".join([f"Gross yield ({year}, {what}{typology.lower()}), each district's average rent over its price:",
                      *lines]) + (f"\n\n{verdict} Gross figures before service charges, fees, vacancy and financing; "
                                  "past rents, not a forecast or advice.\n\nSources: TRANSACTIONS_DISTRICT, "
                                  "SALE_RATES_DISTRICT, RENTAL_INDEX_DISTRICT (Abu Dhabi market tables)"), calls


INVEST_Q = re.compile(r"\b(?:better|best|smarter)\b.{0,25}\b(?:invest\w*|buy|to buy|rental return|returns?|yield)\b|"
                      r"\bwhich\b.{0,20}\b(?:better|best) (?:buy|investment|bet)\b|أفضل للاستثمار|أفضل استثمار|"
                      r"أيهما أفضل|انسب للاستثمار|أنسب للاستثمار", re.I)
EXAMPLE_SQM = 100  # the size the comparison's example yields are worked for (stated in the answer)


def compare_investment(message: str, previous: str | None, lang: str) -> tuple[str, Calls] | None:
    """ "which is better for investment?": for each district, a year's rent over the price of the same size at the
    sale rate (the gross yield of a 100 sqm example), side by side; never advice."""
    if not INVEST_Q.search(message):
        return None
    tables = load_market()
    year = tables.last_actual_year
    context = f"{previous or ''} {message}"
    typology = typology_in(context) or "Apartment / Duplex"
    layout = layout_in(message) or layout_in(previous or "")
    rows, calls = [], []
    for place in [p.display for p in tables.places if p.kind == "district"]:
        rate, rent, made = _rate_and_rent(place, year, typology, layout)
        calls += made
        if rate is None or rent is None:
            return None
        rows.append((rent / (rate * EXAMPLE_SQM), place, rate, rent))
    rows.sort(reverse=True)
    what = f"{layout} " if layout else ""
    if lang == "ar":
        lines = [f"- {AR_PLACES.get(place, place)}: إيجار سنوي {rent:,.0f} درهم، سعر البيع {rate:,.0f} درهم/م²، "
                 f"عائد إجمالي تقريبي {gross:.1%} لوحدة {EXAMPLE_SQM} م²" for gross, place, rate, rent in rows]
        return ("\n".join([f"العائد الإجمالي ({year})، إيجار السنة مقسومًا على سعر الوحدة نفسها:", *lines,
                           f"الأعلى عائدًا: {AR_PLACES.get(rows[0][1], rows[0][1])}. هذه أرقام إجمالية قبل الرسوم "
                           "والشغور، وليست نصيحة استثمارية."]),
                calls)
    lines = [f"- {place}: rent AED {rent:,.0f} a year, sale rate AED {rate:,.0f}/sqm: gross yield about {gross:.1%} "
             f"on a {EXAMPLE_SQM} sqm unit" for gross, place, rate, rent in rows]
    return ("\n".join([f"Gross yield ({year}, {what}{typology.lower()}): a year's average rent over the price of the "
                       "same unit at the district's sale rate:", *lines,
                       f"{rows[0][1]} returns more rent per dirham of price. Gross figures only (before service "
                       "charges, fees, vacancy and financing), and past rents, not a forecast or advice.\n\n"
                       "Sources: SALE_RATES_DISTRICT, RENTAL_INDEX_DISTRICT (Abu Dhabi market tables)"]), calls)
