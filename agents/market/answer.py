"""Answers from tool results, in the user's language (English or Arabic templates, never machine translation):
the figures with their units (AED, AED/year, units), what was assumed, and the table each figure came from.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

AR_PLACES = {"Yas Island": "جزيرة ياس", "Al Reem Island": "جزيرة الريم", "Abu Dhabi City": "مدينة أبوظبي"}
AR_LAYOUT = {"studio": "استوديو", "1 bed": "غرفة نوم واحدة", "2 beds": "غرفتا نوم", "3 beds": "3 غرف نوم",
             "4 beds": "4 غرف نوم", "5 beds": "5 غرف نوم", "All beds": "كل الأحجام"}
AR_TYPOLOGY = {"Apartment / Duplex": "شقق / دوبلكس", "Villa / Townhouse": "فلل / تاون هاوس", "Office": "مكاتب",
               "Retail": "محلات", "Plot": "أراضٍ", "Other": "أخرى", "All property types": "كل أنواع العقارات"}


def money(value: float | None, lang: str) -> str:
    """AED with a readable scale and the exact figure: "AED 10.59 billion (10,594,357,316)"."""
    if value is None:
        return "—"
    exact = f"{value:,.0f}"
    for size, en, ar in ((1e9, "billion", "مليار"), (1e6, "million", "مليون")):
        if abs(value) >= size:
            return (f"AED {value / size:,.2f} {en} ({exact})" if lang != "ar"
                    else f"{value / size:,.2f} {ar} درهم ({exact})")
    return f"AED {exact}" if lang != "ar" else f"{exact} درهم"


def _when(result: Json, lang: str) -> str:
    """ "2023", or the span of years a figure adds up ("2018–2025")."""
    if result.get("year") is not None:
        return str(result["year"])
    years = result.get("years") or []
    span = f"{years[0]}–{years[-1]}" if years else ""
    return (f"{span} (كل السنوات)" if lang == "ar" else f"{span} (all years)") if span else ""


def _place(name: str, lang: str) -> str:
    return AR_PLACES.get(name, name) if lang == "ar" else name


def _scope(result: Json, lang: str) -> str:
    parts: list[str] = []
    typology, layout = result.get("typology"), result.get("layout")
    if typology and typology != "All property types":
        parts.append(str(AR_TYPOLOGY.get(typology, typology)) if lang == "ar" else str(typology).lower())
    if layout and layout != "All beds":
        parts.append(str(AR_LAYOUT.get(layout, layout)) if lang == "ar" else str(layout))
    return f" ({', '.join(parts)})" if parts else ""


KIND_NAMES = {"sale": ("sales", "بيع"), "mortgage": ("mortgages", "رهن"), "donation": ("gifts", "هبة"),
              "gift": ("gifts", "هبة"), "long lease": ("long leases", "إيجار طويل")}


def _by_kind(kinds: Json, lang: str) -> str:
    """The figure split by transaction type (sales, mortgages, gifts...), when the table has more than one."""
    if len(kinds) < 2:
        return ""
    ar = lang == "ar"
    parts = [f"{KIND_NAMES.get(k.lower(), (k, k))[1 if ar else 0]}: {v['count']:,} ({money(v['value_aed'], lang)})"
             for k, v in sorted(kinds.items(), key=lambda item: -item[1]["count"])]
    return ("\nحسب النوع: " if ar else "\nBy type: ") + ("؛ " if ar else "; ").join(parts) + "."


def _average_sale(sales: Json) -> float | None:
    """The average sale (what "volumes and average prices" asks): the sales' value over their count."""
    return sales["value_aed"] / sales["count"] if sales.get("count") and sales.get("value_aed") else None


def render(tool: str, result: Json, lang: str) -> str:
    """One tool result as a sentence or a short list."""
    if "error" in result:
        return _error(result, lang)
    ar = lang == "ar"
    if tool in ("get_transaction_count", "get_total_sales_value"):
        every, sales = result["all_transactions"], result.get("sales_only") or {}
        place, year, scope = _place(result["district"], lang), _when(result, lang), _scope(result, lang)
        kinds = _by_kind(result.get("by_transaction_type") or {}, lang)
        mean = _average_sale(sales)
        average = "" if mean is None else (f" متوسط سعر البيع: **{money(mean, lang)}**." if ar else
                                           f" Average sale: **{money(mean, lang)}**.")
        if tool == "get_transaction_count":
            return (f"عدد المعاملات العقارية في {place} عام {year}{scope}: **{every['count']:,}** معاملة "
                    f"(منها {sales.get('count', 0):,} عملية بيع؛ قيمة المعاملات كلها "
                    f"{money(every['value_aed'], lang)})."
                    if ar else
                    f"**{every['count']:,}** property transactions in {place} in {year}{scope} "
                    f"({sales.get('count', 0):,} of them sales; all together worth {money(every['value_aed'], lang)})."
                    ) + average + kinds
        return (f"إجمالي قيمة المعاملات العقارية في {place} عام {year}{scope}: **{money(every['value_aed'], lang)}** "
                f"عبر {every['count']:,} معاملة؛ المبيعات وحدها: {money(sales.get('value_aed'), lang)} "
                f"({sales.get('count', 0):,} عملية بيع)." if ar else
                f"Total value of property transactions in {place} in {year}{scope}: "
                f"**{money(every['value_aed'], lang)}** over {every['count']:,} transactions; sales alone: "
                f"{money(sales.get('value_aed'), lang)} ({sales.get('count', 0):,} sales).") + average + kinds
    if tool == "compare_sales_between_districts":
        one, two = result["districts"]
        lines = [f"- {_place(d['district'], lang)}: {money(d['all_transactions']['value_aed'], lang)}, "
                 f"{d['all_transactions']['count']:,} {'معاملة' if ar else 'transactions'}"
                 f" ({(d.get('sales_only') or {}).get('count', 0):,} {'بيع' if ar else 'sales'})" for d in (one, two)]
        higher, gap = _place(result["higher_value"], lang), money(result["difference_aed"], lang)
        ratio = f" ({result['ratio']}×)" if result.get("ratio") else ""
        head = (f"مقارنة المعاملات العقارية عام {result['year']}: الأعلى قيمة **{higher}** بفارق {gap}." if ar else
                f"Transactions in {result['year']}: **{higher}** is higher by {gap}{ratio}.")
        return "\n".join([head, *lines])
    if tool == "get_municipality_sales":
        f = result["figures"]
        return (f"المعاملات العقارية في {_place(result['municipality'], lang)} عام {_when(result, lang)}: "
                f"**{money(f['value_aed'], lang)}** عبر {f['transactions']:,} معاملة (المبيعات: "
                f"{money(f['sales_value_aed'], lang)}، {f['sales']:,} عملية). الجداول تغطي جزيرة الريم وجزيرة ياس فقط."
                if ar else
                f"Property transactions in {result['municipality']} in {_when(result, lang)}: "
                f"**{money(f['value_aed'], lang)}** over {f['transactions']:,} transactions "
                f"(sales: {money(f['sales_value_aed'], lang)}, {f['sales']:,}). {result['note']}")
    if tool == "get_top_districts_in_municipality":
        head = (f"ترتيب المناطق حسب قيمة المعاملات عام {_when(result, lang)}:" if ar else
                f"Districts of {result['municipality']} by transaction {result['by']} in {_when(result, lang)}:")
        return "\n".join([head, *[f"{r['rank']}. {_place(r['district'], lang)}: {money(r['value_aed'], lang)}, "
                                  f"{r['count']:,} {'معاملة' if ar else 'transactions'}" for r in result["ranking"]]])
    if tool == "rank_projects":
        return _project_ranking(result, lang)
    if tool == "find_units_by_budget":
        n, scope = result["matching_projects"], _scope(result, lang)
        head = (f"{n} مشروعاً بمتوسط إيجار سنوي ضمن {money(result['budget_aed_year'], lang)}{scope} "
                f"(مؤشر الإيجارات {result['year']}):" if ar else
                f"{n} projects with an average rent within {money(result['budget_aed_year'], lang)} a year{scope} "
                f"(rental index {result['year']}), cheapest first:")
        rows = [f"- {p['project']} ({_place(p['district'], lang)}): {money(p['avg_rent_aed_year'], lang)}"
                f"{' سنوياً' if ar else ' a year'}" for p in result["projects"][:8]]
        if not n:
            rows = ["لا يوجد مشروع ضمن هذه الميزانية." if ar else "No project's average rent fits this budget."]
        return "\n".join([head, *rows])
    if tool == "get_current_supply":
        place, year = _place(result["district"], lang), result["year"]
        label = ("(توقعات)" if result["projection"] else "") if ar else ("(projection)" if result["projection"]
                                                                         else "")
        units, scope = f"**{result['total_supply_units']:,}**", _scope(result, lang)
        return (f"المعروض السكني في {place} عام {year}{scope}: {units} وحدة {label}".strip() if ar else
                f"Housing supply in {place} in {year}{scope}: {units} units {label}".strip())
    if tool == "compare_rental_prices":
        kind = {"new": ("new contracts", "العقود الجديدة"), "renewal": ("renewals", "التجديدات")}.get(
            str(result.get("rent_type") or "all"))
        kind_said = f", {kind[1] if ar else kind[0]}" if kind else ""
        head = (f"متوسط الإيجار السنوي (مؤشر الإيجارات {result['year']}{kind_said}){_scope(result, lang)}:" if ar else
                f"Average yearly rent (rental index {result['year']}{kind_said}){_scope(result, lang)}:")
        rows = [f"- {_place(r['entity'], lang)}: " + (
            f"**{money(r['avg_rent_aed_year'], lang)}** ({money(r['lower_aed_year'], lang)} – "
            f"{money(r['upper_aed_year'], lang)})" if r["avg_rent_aed_year"] is not None else
            ("لا توجد بيانات" if ar else "no data for this selection")) for r in result["rents"]]
        return "\n".join([head, *rows])
    if tool == "get_sale_price_per_sqm":
        where = result["project"] or _place(result["district"], lang)
        head = (f"سعر البيع للمتر المربع في {where} عام {result['year']}:" if ar else
                f"Sale price per square metre in {where} in {result['year']}:")
        rows = [f"- {AR_TYPOLOGY.get(r['typology'], r['typology']) if ar else r['typology']}: "
                f"**{r['aed_per_sqm']:,.0f} {'درهم/م²' if ar else 'AED/sqm'}** ({r['range']})" for r in result["rates"]]
        return "\n".join([head, *rows])
    if tool == "search_geospatial_metadata":
        rows = [f"- {m['display']} ({m['type']}" + (f", {m['name_ar']}" if m.get("name_ar") else "")
                + (f", {_place(_title(m['district']), lang)}" if m.get("district") else "") + ")"
                for m in result["matches"]]
        return "\n".join(["الأماكن المطابقة:" if ar else "Places that match:", *rows] if rows else
                         ["لم أجد مكاناً بهذا الاسم." if ar else "No place by that name in the tables."])
    if tool == "get_districts":
        rows = [f"- {d['name']} ({d['name_ar']}): {d['communities']} {'مجتمعاً' if ar else 'communities'}"
                for d in result["districts"]]
        return "\n".join(["المناطق المتوفرة:" if ar else "Districts in the tables:", *rows])
    if tool == "get_communities":
        codes = ", ".join(str(c["code"]) for c in result["communities"])
        return (f"مجتمعات {_place(result['district'], lang)} ({len(result['communities'])}): {codes}" if ar else
                f"Communities of {result['district']} ({len(result['communities'])}): {codes}")
    if tool == "get_project_status":
        done = result.get("completion_pct")
        pct = f"{done:g}%" if done is not None else ("غير معروفة" if ar else "not given")
        if ar:
            state = "مكتمل وجاهز" if result["ready"] else "غير جاهز بعد (على الخارطة أو قيد الإنشاء)"
            return (f"{result['project']} ({_place(result['district'], lang)}): {state}؛ الحالة في الجداول: "
                    f"{result.get('status') or 'غير معروفة'}، نسبة الإنجاز {pct}"
                    + (f"، الإنجاز المتوقع {result['expected_completion']}" if result.get("expected_completion")
                       else "") + ".")
        state = "completed, ready" if result["ready"] else "not ready yet (off-plan or under construction)"
        return (f"{result['project']} ({result['district']}): {state}; status in the tables: "
                f"{result.get('status') or 'not given'}, {pct} complete"
                + (f", expected completion {result['expected_completion']}" if result.get("expected_completion")
                   else "") + (f"; developer {result['developer']}" if result.get("developer") else "") + ".")
    return str(result.get("figures", result))


METRIC_NAMES = {  # rank_projects' metrics as said in a heading
    "transactions": ("number of transactions", "عدد المعاملات"), "sales": ("number of sales", "عدد عمليات البيع"),
    "sales_value": ("value of sales", "قيمة المبيعات"), "transaction_value": ("transaction value", "قيمة المعاملات"),
    "rent_revenue": ("rent revenue (value of rent contracts)", "إيرادات الإيجار (قيمة عقود الإيجار)"),
    "rent_contracts": ("number of rent contracts", "عدد عقود الإيجار"),
    "avg_rent": ("average yearly rent (rental index)", "متوسط الإيجار السنوي"),
    "price_per_sqm": ("sale price per square metre", "سعر البيع للمتر المربع"),
    "supply": ("housing supply (units)", "المعروض السكني (وحدات)"),
}


def _metric_value(value: float, unit: str, lang: str) -> str:
    if unit in ("AED", "AED/year"):
        return money(value, lang) + (("/سنة" if lang == "ar" else " a year") if unit == "AED/year" else "")
    if unit == "AED/sqm":
        return f"{value:,.0f} " + ("درهم/م²" if lang == "ar" else "AED/sqm")
    return f"{value:,.0f}"


def _project_ranking(result: Json, lang: str) -> str:
    """ "Projects on Yas Island by number of transactions in 2025: 1. Gardenia: 757 ..." """
    ar = lang == "ar"
    name = METRIC_NAMES[result["metric"]][1 if ar else 0]
    where = _place(result["district"], lang) if result["district"] else ("أبوظبي" if ar else "Abu Dhabi")
    order = (" (من الأدنى)" if ar else ", lowest first") if result["lowest"] else ""
    head = (f"المشاريع في {where} حسب {name} عام {result['year']}{_scope(result, lang)}{order}:" if ar else
            f"Projects in {where} by {name} in {result['year']}{_scope(result, lang)}{order}:")
    lines = [head]
    for r in result["ranking"]:
        kind = (f" — {AR_TYPOLOGY.get(r['typology'], r['typology']) if ar else r['typology']}"
                if r["typology"] != result["typology"] else "")
        there = "" if result["district"] else f" ({_place(r['district'], lang)})"
        lines.append(f"{r['rank']}. {r['project']}{there}{kind}: {_metric_value(r['value'], result['unit'], lang)}")
    lines.append(f"({result['projects_ranked']} مشروعاً في الترتيب)" if ar else
                 f"({result['projects_ranked']} projects ranked)")
    return "\n".join(lines)


def _title(name: str) -> str:
    return " ".join(w.capitalize() for w in name.split())


def _error(result: Json, lang: str) -> str:
    ar = lang == "ar"
    extra = ""
    if result.get("years_available"):
        years = result["years_available"]
        extra = (f" السنوات المتوفرة: {years[0]}–{years[-1]}." if ar else
                 f" Years available: {years[0]}–{years[-1]}.")
    elif result.get("suggestions"):
        extra = (" أقرب الأسماء: " if ar else " Nearest names: ") + ", ".join(result["suggestions"]) + "."
    elif result.get("layouts") or result.get("typologies"):
        available = result.get("layouts") or result["typologies"]
        extra = (" المتوفر: " if ar else " Available: ") + ", ".join(available) + "."
    return ("تعذر الحصول على الرقم: " if ar else "I could not get that figure: ") + result["message"] + extra


SERIES_TOOLS = ("get_transaction_count", "get_total_sales_value", "get_current_supply", "get_municipality_sales")


def _is_series(calls: list[tuple[str, Json]]) -> bool:
    years = [r.get("year") for _t, r in calls]
    return (len(calls) > 1 and calls[0][0] in SERIES_TOOLS and len({t for t, _r in calls}) == 1
            and len(set(years)) == len(years) and all("error" not in r for _t, r in calls))


# One kind of transaction asked about by name ("mortgages in Reem", "الرهون العقارية"): its own figure leads.
KINDS_ASKED = (("mortgage", re.compile(r"\bmortgag\w*|رهن|الرهون|رهون", re.I)),
               ("donation", re.compile(r"\bgifts?\b|\bgifted\b|\bdonations?\b|هبة|هبات", re.I)),
               ("long lease", re.compile(r"\blong[- ]leases?\b|إيجار طويل", re.I)))


def kind_asked(message: str) -> str | None:
    """The one transaction type a question names, or None (none, or several: "mortgage vs cash")."""
    named = [kind for kind, said in KINDS_ASKED if said.search(message)]
    return named[0] if len(named) == 1 else None


def _kind_line(result: Json, kind: str | None, lang: str) -> str:
    """ "mortgages: 2,727 (AED 2.41 bn)" from a result split by type, when that kind was asked."""
    figure = next((v for k, v in (result.get("by_transaction_type") or {}).items() if kind and k.lower() == kind), None)
    if figure is None:
        return ""
    name = KIND_NAMES.get(kind or "", (kind, kind))[1 if lang == "ar" else 0]
    return f"**{name}: {figure['count']:,} ({money(figure['value_aed'], lang)})**{'؛ ' if lang == 'ar' else '; '}"


def render_series(calls: list[tuple[str, Json]], lang: str, kind: str | None = None) -> str:
    """Several years of one figure as a short list, one line a year (the kind of transaction asked first)."""
    ar = lang == "ar"
    tool, first = calls[0]
    where = _place(str(first.get("district") or first.get("municipality") or ""), lang)
    lines = []
    for _t, r in calls:
        if tool == "get_current_supply":
            label = (" (توقعات)" if ar else " (projection)") if r["projection"] else ""
            lines.append(f"- {r['year']}: {r['total_supply_units']:,} {'وحدة' if ar else 'units'}{label}")
        else:
            every = r["figures"] if tool == "get_municipality_sales" else {
                "transactions": r["all_transactions"]["count"], "value_aed": r["all_transactions"]["value_aed"]}
            sales = r.get("sales_only") or {}
            mean = _average_sale(sales)
            alone = (f" (منها بيع: {sales['count']:,}، {money(sales['value_aed'], lang)}، بمتوسط {money(mean, lang)})"
                     if ar else f" (sales alone: {sales['count']:,}, {money(sales['value_aed'], lang)}, average "
                     f"{money(mean, lang)})") if mean is not None else ""
            lead = _kind_line(r, kind, lang)
            every_label = ("كل المعاملات: " if ar else "all transactions: ") if lead else ""
            lines.append(f"- {r['year']}: {lead}{every_label}{every['transactions']:,} "
                         f"{'معاملة' if ar else 'transactions'}, {money(every['value_aed'], lang)}{alone}")
    head = {"get_current_supply": ("Housing supply in", "المعروض السكني في")}.get(
        tool, ("Property transactions in", "المعاملات العقارية في"))
    return "\n".join([f"{head[1] if ar else head[0]} {where}{_scope(first, lang)}:", *lines])


def _figures(tool: str, result: Json) -> dict[str, float]:
    """The comparable figures of one result: (place or typology) -> value, for the change between two years."""
    if "error" in result:
        return {}
    if tool == "compare_rental_prices":
        return {str(r["entity"]): float(r["avg_rent_aed_year"]) for r in result["rents"]
                if r.get("avg_rent_aed_year") is not None}
    if tool == "get_sale_price_per_sqm":
        return {str(r["typology"]): float(r["aed_per_sqm"]) for r in result["rates"] if r.get("aed_per_sqm")}
    return {}


def place_gap(calls: list[tuple[str, Json]], lang: str) -> str | None:
    """Two places' sale price per square metre in one year ("which is more expensive?"): which is higher, by type."""
    if len(calls) != 2 or any(t != "get_sale_price_per_sqm" or "error" in r for t, r in calls):
        return None
    (_t, one), (_u, two) = calls
    if one.get("year") != two.get("year") or one.get("district") == two.get("district"):
        return None
    first, second = _figures("get_sale_price_per_sqm", one), _figures("get_sale_price_per_sqm", two)
    ar = lang == "ar"
    lines = []
    for kind in [k for k in first if second.get(k)]:
        a, b = first[kind], second[kind]
        high, low = ((one, a), (two, b)) if a >= b else ((two, b), (one, a))
        label = AR_TYPOLOGY.get(kind, kind) if ar else kind
        lines.append(f"- {label}: **{_place(str(high[0]['district']), lang)}** "
                     f"{'أعلى بنسبة' if ar else 'is higher by'} {(high[1] / low[1] - 1) * 100:.0f}% "
                     f"({high[1]:,.0f} {'مقابل' if ar else 'vs'} {low[1]:,.0f})")
    if not lines:
        return None
    head = f"{'الأغلى للمتر المربع عام' if ar else 'Dearer per square metre in'} {one.get('year')}:"
    return "\n".join([head, *lines])


def new_vs_renewal(calls: list[tuple[str, Json]], lang: str) -> str | None:
    """Rents of new contracts and of renewals in one year ("new vs renewal rents"): how far apart they are."""
    kinds = {str(r.get("rent_type")): r for t, r in calls if t == "compare_rental_prices" and "error" not in r}
    if len(calls) != 2 or set(kinds) != {"new", "renewal"} or kinds["new"]["year"] != kinds["renewal"]["year"]:
        return None
    new, renewal = _figures("compare_rental_prices", kinds["new"]), _figures("compare_rental_prices", kinds["renewal"])
    ar = lang == "ar"
    lines = [f"- {_place(k, lang)}: {new[k]:,.0f} {'مقابل' if ar else 'vs'} {renewal[k]:,.0f} "
             f"(**{(new[k] / renewal[k] - 1) * 100:+.1f}%** {'للعقود الجديدة' if ar else 'for new contracts'})"
             for k in new if renewal.get(k)]
    head = "العقود الجديدة مقابل التجديدات (درهم سنويا):" if ar else "New contracts vs renewals (AED a year):"
    return "\n".join([head, *lines]) if lines else None


def changes(calls: list[tuple[str, Json]], lang: str) -> str | None:
    """The same figure over two or more years ("is that up from 2022?", "rent growth the last few years"): the
    change from the first year to the last, said."""
    if len(calls) < 2 or len({t for t, _r in calls}) != 1 or len({str(r.get("rent_type")) for _t, r in calls}) != 1:
        return None
    ordered = sorted(calls, key=lambda call: int(call[1].get("year") or 0))
    (tool, one), (_t, two) = ordered[0], ordered[-1]
    if len({r.get("year") for _t, r in calls}) != len(calls) or one.get("district") != two.get("district"):
        return None
    before, after = _figures(tool, one), _figures(tool, two)
    shared = [k for k in after if before.get(k)]
    if not shared:
        return None
    ar = lang == "ar"
    lines = [f"- {_place(k, lang) if tool == 'compare_rental_prices' else (AR_TYPOLOGY.get(k, k) if ar else k)}: "
             f"{before[k]:,.0f} → {after[k]:,.0f} (**{(after[k] / before[k] - 1) * 100:+.1f}%**)" for k in shared]
    head = (f"التغير من {one['year']} إلى {two['year']}:" if ar else f"Change from {one['year']} to {two['year']}:")
    return "\n".join([head, *lines])


def compose(calls: list[tuple[str, Json]], notes: list[str], lang: str, kind: str | None = None) -> str:
    """The whole answer: each result, the change when it is one figure in two years, the assumptions made, and
    the tables used. `kind`: the one transaction type the question named (its figure leads)."""
    if _is_series(calls):
        parts = [render_series(calls, lang, kind)]
    else:  # the kind of transaction asked, first ("mortgages in Reem 2025"), then the result as a whole
        parts = [(_kind_line(result, kind, lang).rstrip("; ؛") + "\n" if kind else "") + render(tool, result, lang)
                 for tool, result in calls]
    change = changes(calls, lang) or place_gap(calls, lang) or new_vs_renewal(calls, lang)
    if change:
        parts.append(change)
    sources = sorted({str(r["source"]) for _t, r in calls if r.get("source") and "error" not in r})
    if notes:
        parts.append(("ملاحظة: " if lang == "ar" else "Note: ") + "; ".join(notes) + ".")
    if any("summed from its parts" in str(r.get("basis", "")) for _t, r in calls):
        parts.append("Some figures are sums of the table's parts (it has no total row for them)." if lang != "ar"
                     else "بعض الأرقام مجموع أجزاء الجدول (لا يوجد صف إجمالي لها).")
    if sources:
        parts.append(("المصدر: جداول " if lang == "ar" else "Source: ") + ", ".join(sources)
                     + (" (بيانات سوق أبوظبي)" if lang == "ar" else " (Abu Dhabi market tables)"))
    return "\n\n".join(parts)
