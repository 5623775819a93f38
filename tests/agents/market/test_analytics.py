"""The analytics node: answers in the user's language with figures, units and tables; the graph routes to it; a
model sees only the selected tools and never supplies a figure."""

from __future__ import annotations

import pytest

from agents.graph import ask, build_graph
from agents.market.analytics import analytics_turn
from agents.market.tools import get_transaction_count
from eval.llm_stub import Reply


def test_english_answer_has_the_figure_its_unit_and_table():
    turn = analytics_turn("How many transactions were there in Yas Island in 2023?")
    count = get_transaction_count(district="Yas Island", year=2023)["figures"]["transactions"]
    assert f"{count:,}" in turn["reply"] and "TRANSACTIONS_DISTRICT" in turn["reply"]
    assert turn["market"]["calls"][0]["tool"] == "get_transaction_count"
    assert turn["trace"]["tools_selected"][0] == "get_transaction_count"


def test_arabic_question_gets_an_arabic_answer():
    turn = analytics_turn("قارن المبيعات بين جزيرة ياس وجزيرة الريم في 2024")
    assert turn["market"]["lang"] == "ar" and "جزيرة ياس" in turn["reply"] and "درهم" in turn["reply"]
    assert turn["market"]["calls"][0]["tool"] == "compare_sales_between_districts"
    chart = turn["market"]["chart"]
    assert chart["kind"] == "bar" and {p["label"] for p in chart["points"]} == {"Yas Island", "Al Reem Island"}


def test_the_arabic_count_gives_the_total_value_to_all_transactions_not_to_the_sales():
    turn = analytics_turn("كم عدد الصفقات وقيمتها في جزيرة ياس في 2024؟")
    assert turn["market"]["calls"][0]["tool"] == "get_transaction_count"
    assert "قيمة المعاملات كلها" in turn["reply"] and "عملية بيع، بقيمة" not in turn["reply"]


def test_a_kind_of_transaction_asked_by_name_leads_with_its_own_figure_each_year():
    turn = analytics_turn("وكم كانت الرهون العقارية في الريم 2025 مقارنة بـ 2024؟")  # mortgages, not supply
    assert [c["tool"] for c in turn["market"]["calls"]] == ["get_transaction_count"] * 2
    for call in turn["market"]["calls"]:
        mortgages = call["result"]["by_transaction_type"]["mortgage"]["count"]
        assert f"**رهن: {mortgages:,}" in turn["reply"]
    english = analytics_turn("mortgages on Reem Island in 2025")["reply"]
    mortgages = get_transaction_count(district="Al Reem Island", year=2025)["by_transaction_type"]["mortgage"]
    assert english.startswith(f"**mortgages: {mortgages['count']:,}")


def test_a_series_of_years_is_one_call_a_year_and_a_line():
    turn = analytics_turn("housing supply on Reem from 2025 to 2028")
    years = [c["args"]["year"] for c in turn["market"]["calls"]]
    assert years == [2025, 2026, 2027, 2028] and turn["market"]["chart"]["kind"] == "line"
    assert "(projection)" in turn["reply"]


def test_missing_budget_asks_one_question_and_calls_nothing():
    turn = analytics_turn("what can I afford to rent in Abu Dhabi with my budget?")
    assert turn["market"]["calls"] == [] and "budget" in turn["reply"].lower()


def test_monthly_budget_is_made_yearly_and_said():
    turn = analytics_turn("which projects can I rent a 2br in for AED 8,000 a month?")
    call = turn["market"]["calls"][0]
    assert call["tool"] == "find_units_by_budget" and call["args"]["budget"] == 96_000
    assert "a monthly budget" in turn["reply"]


def test_unknown_place_is_said_with_the_districts_we_have():
    turn = analytics_turn("How many transactions in Saadiyat Island in 2023?")
    assert turn["market"]["calls"] == [] and "no figures for Saadiyat Island" in turn["reply"]
    assert "Yas Island" in turn["reply"] and "Al Reem Island" in turn["reply"]
    arabic = analytics_turn("كم عدد المعاملات في جزيرة السعديات؟")
    assert arabic["market"]["calls"] == [] and "جزيرة السعديات" in arabic["reply"]
    known = analytics_turn("How many transactions in Yas Island in 2023?")
    assert known["market"]["calls"]


def test_graph_routes_market_questions_and_keeps_vi_doma():
    graph = build_graph()
    state = ask(graph, "كم عدد المعاملات في جزيرة ياس في 2023؟")
    assert state["route"] == {**state["route"], "pipeline": "MARKET", "node": "analytics"}
    assert "معاملة" in state["reply"] and state["market"]["calls"]
    state = ask(graph, "the kitchen sink is leaking", thread_id="t2")
    assert state["route"]["node"] == "triage" and state.get("market") is None


def test_model_sees_only_selected_tools_and_its_calls_are_rendered_by_the_templates(stub_model):
    model, stub = stub_model([Reply.call("get_transaction_count", {"district": "Al Reem Island", "year": 2021}),
                              Reply.answer("There were a million transactions.")])
    turn = analytics_turn("how busy was Reem in 2021?", model=model)
    offered = {t["function"]["name"] for t in stub.requests[0]["tools"]}
    assert offered == set(turn["market"]["tools"]) and len(offered) <= 12
    assert turn["trace"]["source"] == "model" and "million transactions" not in turn["reply"]
    count = get_transaction_count(district="Al Reem Island", year=2021)["figures"]["transactions"]
    assert f"{count:,}" in turn["reply"]


def test_model_calls_are_capped_at_five(stub_model):
    model, stub = stub_model([Reply.call("get_transaction_count", {"district": "Yas Island", "year": 2020})])
    turn = analytics_turn("transactions on Yas in 2020", model=model)
    assert len(turn["market"]["calls"]) == 5 and len(stub.requests) == 5


def test_a_failing_or_useless_model_falls_back_to_the_rules(stub_model):
    model, _stub = stub_model([Reply.error(500)])
    turn = analytics_turn("How many transactions were there in Yas Island in 2023?", model=model)
    assert turn["trace"]["source"] == "rules" and "failed" in turn["trace"]["model_note"]
    assert turn["market"]["calls"][0]["tool"] == "get_transaction_count"
    model, _stub = stub_model([Reply.call("not_a_tool", {}), Reply.answer("done")])
    turn = analytics_turn("How many transactions were there in Yas Island in 2023?", model=model)
    assert turn["trace"]["source"] == "rules" and "4,036" in turn["reply"]


def test_short_follow_ups_complete_the_previous_market_question():
    from langgraph.checkpoint.memory import InMemorySaver

    graph = build_graph(checkpointer=InMemorySaver())
    ask(graph, "How many transactions were there in Yas Island in 2023?", thread_id="f")
    state = ask(graph, "and in 2021?", thread_id="f")
    assert state["market"]["calls"][0]["args"] | {} == {**state["market"]["calls"][0]["args"],
                                                        "district": "Yas Island", "year": 2021}
    state = ask(graph, "what about Reem?", thread_id="f")
    assert state["market"]["calls"][0]["args"]["district"] == "Al Reem Island"
    assert state["market"]["calls"][0]["args"]["year"] == 2021
    ask(graph, "the kitchen sink is leaking", thread_id="f")
    state = ask(graph, "and in 2020?", thread_id="f")  # no market question just before: ask, do not guess
    assert state["market"]["calls"] == [] and "Which figure" in state["reply"]


def test_a_home_search_on_yas_is_a_search_answered_from_the_market_tables():
    graph = build_graph()
    state = ask(graph, "Need a 2-bedroom apartment on Yas Island, budget 110,000 AED per year")
    assert state["route"]["node"] == "needs" and not state.get("matches")
    assert "can't show homes to rent in Yas Island" in state["reply"]
    call = state["market"]["calls"][0]
    assert call["tool"] == "find_units_by_budget" and call["args"]["district"] == "Yas Island"
    state = ask(graph, "2br in Astoria under $3,000", thread_id="nyc")  # a place of ours: our inventory
    assert state["route"]["node"] == "needs" and state.get("matches") and not state.get("market")


def test_statistics_about_abu_dhabi_places_route_to_analytics_even_with_bedrooms():
    from agents.manager import route

    assert route("avg yearly rent for a 2br apartment in Yas 2024").node == "analytics"
    assert route("كم متوسط إيجار الشقة غرفتين في جزيرة الريم؟").node == "analytics"
    assert route("looking for a 2br apartment on Yas under 100k AED").node == "needs"
    assert route("what's the average rent for a 2br in Astoria?").node == "needs"
    assert route("the AC is broken in my Yas apartment").node == "triage"


def test_relative_years_and_kinds_of_transaction_compared() -> None:
    from datetime import date

    from agents.market.planner import years_in

    assert years_in("transactions on Yas last year", date(2026, 11, 23)) == [2025]
    assert years_in("كم عدد المعاملات في جزيرة ياس العام الماضي؟", date(2026, 1, 5)) == [2025]
    assert years_in("sales this year vs 2023", date(2026, 3, 1)) == [2026, 2023]
    reply = analytics_turn("mortgage vs cash transactions on Yas Island in 2024")["reply"]
    assert "By type:" in reply and "mortgages: 963" in reply and "sales: 4,001" in reply
    assert "higher by" not in reply  # kinds of transaction compared, not two places


def test_a_year_set_against_the_one_asked_before_gives_both() -> None:
    from agents.market.analytics import follow_up_text

    merged = follow_up_text("is that up from 2022?", "average annual rent for a 1 bed on Yas Island in 2024")
    turn = analytics_turn(merged)
    assert [c["args"]["year"] for c in turn["market"]["calls"]] == [2022, 2024]
    assert "rental index 2022" in turn["reply"] and "rental index 2024" in turn["reply"]


@pytest.mark.parametrize("question", ["which area is more expensive, Reem or Yas?", "أي منطقة أغلى، الريم أم ياس؟"])
def test_which_place_is_dearer_compares_the_price_of_a_square_metre(question: str) -> None:
    from agents.market.analytics import analytics_turn

    reply = analytics_turn(question, lang="ar" if "أ" in question else None)["reply"]
    assert "SALE_RATES_DISTRICT" in reply and ("is higher by" in reply or "أعلى بنسبة" in reply)


def test_the_same_rent_in_two_years_states_the_change() -> None:
    from agents.market.analytics import analytics_turn

    reply = analytics_turn("average annual rent for a 1 bed on Yas Island in 2022 vs 2024")["reply"]
    assert "Change from 2022 to 2024" in reply and "%**" in reply


@pytest.mark.parametrize("question, metric, lowest", [
    ("which projects on reem island had the most sales transactions in 2024?", "sales", False),
    ("top 5 projects by rent revenue in yas island 2025", "rent_revenue", False),
    ("which building in reem has the highest rent for a 3 bed?", "avg_rent", False),
    ("ما هي أكثر المشاريع مبيعاً في جزيرة ياس عام 2024؟", "sales", False),
    ("biggest projects by transaction value in abu dhabi last year", "sales_value", False),
    ("which project has the lowest price per sqm on yas?", "price_per_sqm", True),
])
def test_a_ranking_of_projects_is_answered_by_projects(question, metric, lowest):
    turn = analytics_turn(question)
    call = turn["market"]["calls"][0]
    assert call["tool"] == "rank_projects" and call["args"]["metric"] == metric and call["args"]["lowest"] is lowest
    assert "1. " in turn["reply"] and "PROJECT" in turn["reply"]


def test_a_ranking_follow_up_changes_the_measure():
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())  # the app's default router
    ask(graph, "which projects on reem had the most sales in 2024?", thread_id="rank-follow")
    state = ask(graph, "and by value?", thread_id="rank-follow")
    call = state["market"]["calls"][0]
    assert call["tool"] == "rank_projects" and call["args"]["metric"] == "sales_value"
    assert call["args"]["district"] == "Al Reem Island" and call["args"]["year"] == 2024


def test_a_trend_is_every_year_and_coming_supply_is_the_projections_both_answered():
    turn = analytics_turn("thinking of buying a 1br apartment on yas to rent out. what's the rent trend for 1 beds "
                          "and how much new supply is coming?")
    calls = [(c["tool"], c["args"]["year"]) for c in turn["market"]["calls"]]
    assert calls == [("compare_rental_prices", y) for y in (2022, 2023, 2024, 2025)] + [
        ("get_current_supply", y) for y in (2025, 2026, 2027, 2028)]  # from the latest recorded year
    assert "AED 56,767" in turn["reply"] and "AED 80,264" in turn["reply"] and "**4,191** units" in turn["reply"]


def test_a_gross_yield_is_the_years_rent_over_the_price_said_with_its_figures():
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())
    ask(graph, "what's the rent trend for 1 beds on yas?", thread_id="y")
    state = ask(graph, "so whats my gross yield if i buy a 70 sqm unit at the 2025 average sale rate?", thread_id="y")
    assert "**7.0%**" in state["reply"] and "AED 1,146,390" in state["reply"] and "AED 80,264" in state["reply"]
    asked = ask(graph, "what's the rental yield on reem?", thread_id="y2")  # no size, price or kind of home: asked
    assert "What size" in asked["reply"] and "AED 13,721/sqm" in asked["reply"]
    two_bed = ask(graph, "what's the rental yield on reem for a 2 bed?", thread_id="y3")  # that kind's average sale
    assert "**5.2%**" in two_bed["reply"]


def test_which_district_is_the_better_investment_is_their_gross_yields_side_by_side():
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())
    ask(graph, "كم متوسط الإيجار لشقة غرفتين في جزيرة الريم؟", thread_id="inv")
    ask(graph, "وفي جزيرة ياس؟", thread_id="inv")
    state = ask(graph, "أيهما أفضل للاستثمار؟", thread_id="inv")
    assert "جزيرة ياس: إيجار سنوي 127,020 درهم" in state["reply"] and "7.8%" in state["reply"]
    assert "ليست نصيحة استثمارية" in state["reply"]


def test_follow_ups_keep_the_year_and_type_and_which_island_compares_both():
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())
    ask(graph, "how many property transactions on yas island in 2024 and total value?", thread_id="y")
    same = ask(graph, "how does reem compare same year", thread_id="y")["reply"]
    assert same.startswith("Transactions in 2024") and "Al Reem Island" in same
    arabic = build_graph(checkpointer=InMemorySaver(), router=load_route_model())
    ask(arabic, "كم متوسط إيجار شقة غرفة نوم واحدة في جزيرة الريم في 2025؟", thread_id="a")
    rise = ask(arabic, "وكم كان في 2022؟ وكم نسبة الزيادة؟", thread_id="a")["reply"]
    assert "58,365 → 67,976 (**+16.5%**)" in rise
    yas = ask(arabic, "قارن مع ياس لنفس النوع", thread_id="a")["reply"]
    assert "جزيرة الريم: 58,365 → 67,976" in yas and "جزيرة ياس: 56,767 → 80,264" in yas
    which = ask(arabic, "أي جزيرة عندها أكبر عدد معاملات في 2025؟", thread_id="a")["reply"]
    assert "6,493 معاملة" in which and "3,799 معاملة" in which


def test_what_units_rent_for_is_the_rental_index_not_a_budget_question():
    turn = analytics_turn("buying a 2br on yas island to rent out. what do 2 beds rent for and hows it trended")
    assert [c["tool"] for c in turn["market"]["calls"]][:1] == ["compare_rental_prices"]
    assert "2022" in turn["reply"] and "2025" in turn["reply"]  # "trended": every year of the rental index
    assert "budget" not in turn["reply"].lower()


def test_market_follow_ups_there_keep_the_place_and_sales_are_given_apart():
    from langgraph.checkpoint.memory import InMemorySaver

    graph = build_graph(checkpointer=InMemorySaver())
    first = ask(graph, "how many transactions on al reem island in 2024 and 2025?", thread_id="m")
    assert "sales alone:" in first["reply"]  # all transaction types, and the sales among them
    there = ask(graph, "and whats the supply pipeline for 1br there", thread_id="m")
    assert there["route"]["node"] == "analytics"
    assert "Al Reem Island" in there["reply"] and "Yas" not in there["reply"] and "projection" in there["reply"]
    invest = ask(graph, "if i bought a 1br on reem to rent out, what yield would i get?", thread_id="n")
    assert invest["route"]["node"] == "analytics"


def test_since_a_year_runs_to_the_last_full_one_and_a_trend_follow_up_keeps_the_homes_asked_about():
    from datetime import date

    from agents.market.analytics import follow_up_text
    from agents.market.planner import years_in

    assert years_in("how have rents moved since 2023", date(2026, 11, 26)) == [2023, 2024, 2025]
    assert years_in("منذ 2022", date(2026, 11, 26)) == [2022, 2023, 2024, 2025]
    before = "thinking of buying a 1br apartment to rent out, yas or reem? give me 2025 rents"
    asked = follow_up_text("how have rents moved since 2023", before)
    assert "1br" in asked and "apartment" in asked and "yas" in asked.lower() and "reem" in asked.lower()
    assert "2025" not in asked  # the years are this question's own


def test_a_two_part_question_gets_both_answers_and_arabic_digits_are_years():
    from agents.market.analytics import analytics_node, question_parts

    parts = question_parts("thinking of buying a 1br apartment to rent out, yas or reem? give me 2025 rents and what "
                           "they sell for")
    assert len(parts) == 2 and all("2025" in p and "1br" in p for p in parts)
    assert question_parts("what is the rent in yas in 2024?") == []
    both = analytics_node({"text": "give me 2025 rents for a 1br apartment on yas island and what they sell for"})
    assert "Average yearly rent" in both["reply"] and "Sale price per square metre" in both["reply"]
    trend = analytics_node({"text": "كم متوسط إيجار الاستوديو في جزيرة الريم؟ وكيف تغيّر من ٢٠٢٢ لين ٢٠٢٥؟"})
    assert all(f"مؤشر الإيجارات {year}" in trend["reply"] for year in (2022, 2023, 2024, 2025))


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("do you have data on Saadiyat?", "en", "I have no figures for Saadiyat"),
    ("any numbers for dubai marina rents?", "en", "I have no figures for Dubai Marina"),
    ("وعندكم بيانات عن جزيرة السعديات؟", "ar", "لا تتوفر لدي بيانات عن"),
])
def test_an_area_the_tables_do_not_hold_is_said_not_answered_with_another(text: str, lang: str, said: str) -> None:
    from agents.market.analytics import analytics_node

    reply = analytics_node({"text": text, "lang": lang, "market_question": "studio rents on al reem island 2025",
                            "prior_node": "analytics"})["reply"]
    assert said in reply and "AED" not in reply and "درهم" not in reply


def test_a_covered_area_is_answered_beside_the_missing_one() -> None:
    from agents.market.analytics import analytics_node

    reply = analytics_node({"text": "compare yas and saadiyat rents 2025", "lang": "en"})["reply"]
    assert "Yas Island: **AED 178,174**" in reply and "I have no figures for Saadiyat" in reply


def test_which_project_had_the_most_sales_asked_in_arabic() -> None:
    from agents.market.analytics import analytics_node

    reply = analytics_node({"text": "أي مشروع في الريم عليه أكثر صفقات بيع في ٢٠٢٥؟", "lang": "ar"})["reply"]
    assert reply.index("RIVAGE: 364") < reply.index("Marina Square: 294")


def test_a_yield_without_a_size_is_worked_on_the_years_average_sale_of_that_kind_of_home() -> None:
    from agents.market.analytics import analytics_node

    english = analytics_node({"text": "whats the gross yield on a 2 bed apartment on reem?", "lang": "en"})["reply"]
    assert "**5.2%**" in english and "average of the 1,091 2 beds apartment / duplex sales" in english
    arabic = analytics_node({"text": "طيب كم العائد الإجمالي التقريبي لفيلا ٣ غرف هناك؟", "lang": "ar",
                             "market_question": "كم متوسط إيجار فيلا ٣ غرف في جزيرة ياس ٢٠٢٥",
                             "prior_node": "analytics"})["reply"]
    assert "**7.8%**" in arabic and "3,051,703" in arabic


def test_coming_supply_keeps_the_layout_asked_and_starts_from_the_latest_year() -> None:
    from agents.market.analytics import analytics_node

    before = "thinking of buying a 1br apartment to rent out, yas or reem? give me 2025 rents and what they sell for"
    supply = analytics_node({"text": "whats coming in terms of new supply? worried about oversupply",
                             "market_question": before, "prior_node": "analytics", "lang": "en"})
    reply = supply["reply"]
    assert "Yas Island in 2025 (apartment / duplex, 1 bed): **1,462** units" in reply
    assert "Yas Island in 2028 (apartment / duplex, 1 bed): **4,191** units (projection)" in reply
    two = analytics_node({"text": "and what about 2 beds, same comparison", "market_question":
                          supply["market_question"], "prior_node": "analytics", "lang": "en"})["reply"]
    assert "Yas Island in 2028 (apartment / duplex, 2 beds): **2,576** units (projection)" in two


@pytest.mark.parametrize(("text", "lang", "ready"), [
    ("which project on reem had the most sales in 2025? whats its price per sqm? is it ready?", "en",
     "RIVAGE (Al Reem Island): not ready yet"),
    ("أي مشروع في الريم عليه أكثر صفقات بيع في ٢٠٢٥؟ وكم سعر المتر فيه؟ هل هو جاهز؟", "ar",
     "RIVAGE (جزيرة الريم): غير جاهز"),
])
def test_a_project_found_then_asked_about_by_it(text: str, lang: str, ready: str) -> None:
    """The top project of the first part is what 'its price' and 'is it ready' ask about: its sale rate and status."""
    from agents.market.analytics import analytics_node

    reply = analytics_node({"text": text, "lang": lang})["reply"]
    assert "RIVAGE: 364" in reply and "16,781" in reply and ready in reply


def test_a_projects_status_is_read_from_the_project_table() -> None:
    from agents.market.tools import get_project_status

    assert get_project_status("Marina Square")["ready"] is True
    assert get_project_status("RIVAGE")["completion_pct"] == 0.0
    assert get_project_status("no such tower")["error"] == "unknown_project"


def test_two_districts_yields_are_compared_and_apts_are_apartments() -> None:
    """"2br apt on yas vs reem, which has the better gross yield": each district's rent over its own average sale,
    side by side (not Yas alone); "apts" names apartments."""
    from agents.market.planner import typology_in
    from agents.market.yields import yield_answer

    reply, calls = yield_answer("2br apt on yas vs reem, which one has the better gross yield rn", None, "en")
    assert "Yas Island" in reply and "Al Reem Island" in reply and "5.1%" in reply and "5.2%" in reply
    assert "Roughly equal (Al Reem Island marginally higher)" in reply
    assert sum(1 for tool, _args, _result in calls if tool == "get_total_sales_value") == 2
    assert typology_in("ok back to apts") == "Apartment / Duplex"


def test_which_has_the_better_yield_after_two_places_asked_one_by_one_compares_both():
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())
    ask(graph, "what are average rents for 2 bedroom apartments on yas island", thread_id="yy")
    ask(graph, "and al reem?", thread_id="yy")
    state = ask(graph, "which has better yield", thread_id="yy")
    assert "Yas Island: a year's rent of AED 127,020" in state["reply"]
    assert "Al Reem Island: a year's rent of AED 99,351" in state["reply"]


def test_rent_growth_over_the_last_few_years_is_every_year_and_the_change_from_first_to_last():
    turn = analytics_turn("rent growth for 1 bed apartments on yas the last few yrs")
    years = [c["args"]["year"] for c in turn["market"]["calls"]]
    assert years == [2022, 2023, 2024, 2025]
    assert "Change from 2022 to 2025:" in turn["reply"] and "56,767 → 80,264 (**+41.4%**)" in turn["reply"]


def test_new_and_renewal_rents_are_each_asked_for_and_set_side_by_side():
    turn = analytics_turn("give me new vs renewal rents for yas 1br in 2025")
    kinds = [c["args"].get("rent_type") for c in turn["market"]["calls"]]
    assert kinds == ["new", "renewal"]
    assert "rental index 2025, new contracts" in turn["reply"] and "rental index 2025, renewals" in turn["reply"]
    assert "85,171 vs 69,842 (**+21.9%** for new contracts)" in turn["reply"]
    renewals = analytics_turn("what do renewals go for on al reem for 2 beds?")["market"]["calls"]
    assert [c["args"].get("rent_type") for c in renewals] == ["renewal"]


def test_sale_volumes_and_average_prices_are_the_deals_counted_and_their_average_not_a_rate_per_sqm():
    from agents.market.analytics import analytics_node

    reply = analytics_node({"text": "what were villa sale volumes and avg prices 2023-2025 for 4 beds on yas?",
                            "lang": "en"})["reply"]
    assert "transactions" in reply and "average AED" in reply and "per square metre" not in reply
    arabic = analytics_node({"text": "كم عدد صفقات البيع لشقق غرفة نوم واحدة في جزيرة ياس في 2025 وكم متوسط السعر؟",
                             "lang": "ar"})["reply"]
    assert "متوسط سعر البيع" in arabic or "بمتوسط" in arabic
