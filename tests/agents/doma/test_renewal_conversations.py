"""Renewal conversations as people type them: arrows, a longer term, the landlord moving, a fallback, units listed
by place, a stated policy range, a stepped rent and its letter."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from agents.doma.renewal_parse import parse_renewal_request
from agents.doma.renewal_units import parse_units
from agents.graph import ask, build_graph
from agents.route_model import load_route_model


def _graph(inventory, now):
    return build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())


def test_figures_said_the_short_way_are_read():
    arrow = parse_renewal_request("got my renewal letter: 2950 -> 3250 on my 1br in astoria")
    assert (arrow.current_rent, arrow.landlord_offers) == (2950.0, [3250.0])
    assert parse_renewal_request("would locking in a longer lease help, like 24 months").term_months == 24
    assert parse_renewal_request("landlord replied: 3175 if we do 24 months").term_months == 24
    tried = parse_renewal_request("ill try 3150 and fall back to 3175 if they wont move")
    assert tried.tenant_counter_rent == 3150.0
    policy = parse_renewal_request("tenant pays 3,700. policy: 3-6% standard, under 3% or over 6% needs my approval")
    assert (policy.floor_pct, policy.cap_pct, policy.approval_below_pct, policy.approval_above_pct) == (3, 6, 3, 6)
    assert policy.proposed_increase_pct is None  # the policy's range is no offer
    assert parse_renewal_request("what about 2 years, 3,750 then 3,900").steps == [3750.0, 3900.0]
    assert parse_renewal_request("what would 2 yrs look like").term_months == 24


def test_a_renters_negotiation_across_turns(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "got my renewal letter: 2950 -> 3250 on my 1br in astoria, been here 3 yrs. any room to push "
                       "back", thread_id="t", role="renter")
    counter = first["renewal_advice"]["counter"]["rent_usd"]
    assert 2950 < counter < 3250  # the comparables (older listings) are below today's rent: a small increase
    moved = ask(graph, "landlord replied: 3175 if we do 24 months", thread_id="t", role="renter")
    assert moved["reply"].startswith("They moved from $3,250 to $3,175") and "$1,800 over 24 months" in moved["reply"]
    assert moved["renewal_advice"]["current_rent_usd"] == 2950
    letter = ask(graph, "ok write something i can send them. ill try 3150 and fall back to 3175 if they wont move",
                 thread_id="t", role="renter")
    advice = letter["renewal_advice"]
    assert advice["counter"]["rent_usd"] == 3150 and "$3,150" in advice["draft_message"]
    assert "3,175" not in advice["draft_message"].split("(my current rent")[1]  # the fallback stays out of it
    assert "Your fallback of $3,175 is left out of the message" in letter["reply"]


def test_units_listed_by_place_then_one_taken_alone(inventory, now):
    text = "3 renewals in jan: chelsea 1br doorman @3,900, bushwick 2br @2,300, uws studio @2,100. which is furthest " \
           "below market?"
    units = parse_units(text)
    assert [(u["location"], u["bedrooms"], u["rent"]) for u in units] == [
        ("chelsea", 1, 3900.0), ("bushwick", 2, 2300.0), ("upper west side", 0, 2100.0)]
    assert parse_units("I pay 2,400 for a 1br in astoria and my friend pays 2,000 for a studio in bushwick") == []
    graph = _graph(inventory, now)
    table = ask(graph, text, thread_id="m", role="manager")
    assert "Furthest below its comparables" in table["reply"]
    one = ask(graph, "uws one isnt stabilized, checked. policy cap is 8% per renewal. build the package",
              thread_id="m", role="manager")
    package = one["renewal"]
    assert package["primary"]["rent_usd"] <= 2100 * 1.08 + 1 and package["primary"]["rent_usd"] > 2100 * 1.06


def test_a_stepped_rent_is_judged_by_year_and_written_up(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "renewal for a 1br in a fidi doorman building w gym, ~700 sf, tenant pays 3,700, lease ends feb 28. "
               "policy: 3-6% standard, under 3% or over 6% needs my approval. build the package",
        thread_id="s", role="manager")
    stepped = ask(graph, "what about 2 years, 3,750 then 3,900", thread_id="s", role="manager")
    assert stepped["reply"].startswith("**Stepped 24 months:** $3,750 in year 1 (+1.4%), then $3,900 in year 2 (+4.0%)")
    assert "$91,800 over the 24 months" in stepped["reply"] and "Year 1 needs" in stepped["reply"]
    letter = ask(graph, "ok approved. write up the offer letter for the tenant", thread_id="s", role="manager")
    assert "$3,750 a month in year 1; $3,900 a month in year 2" in letter["reply"]


def test_a_managers_range_a_free_month_and_a_credit(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "neighbor in 3R pays 2,250 same layout, renewing feb 1. wants 0% because of the construction "
                       "noise next door. policy is min 2% max 5%", thread_id="c", role="manager")
    assert first["route"]["node"] == "renewal"  # the noise is the tenant's reason, not a repair
    assert 2250 * 1.02 - 1 <= first["renewal"]["primary"]["rent_usd"] <= 2250 * 1.05 + 1
    free = ask(graph, "what if 2% plus one month free? is that even within policy", thread_id="c", role="manager")
    assert free["reply"].startswith("**$2,295/month (+2%) with 1 free month** is an effective $2,103.75/month")
    assert "under the 2% minimum" in free["reply"] or "rent cut" in free["reply"]
    sent = ask(graph, "ok send 3R the 2% with a $300 credit for the noise", thread_id="c", role="manager")
    assert sent["route"]["node"] == "renewal" and "effective $2,270.00/month" in sent["reply"]
    assert "**Draft letter to the tenant:**" in sent["reply"] and "credit $300 once" in sent["reply"]


def test_an_offered_term_and_the_landlords_new_options_are_read(inventory, now):
    """"1 yr at 3,450" is the landlord's rent even beside the renter's own rough percentage; two options the landlord
    comes back with are compared on cost, and the counter is on the option recommended."""
    stated = parse_renewal_request("my renewal came: 2 yrs at 2,950. i pay 2,700, so like 10%?? ok?")
    assert (stated.current_rent, stated.landlord_offers) == (2700.0, [2950.0])
    graph = _graph(inventory, now)
    first = ask(graph, "landlord sent my renewal: 1 yr at 2,950. i pay 2,700 for a 1br in astoria. like 10%??",
                thread_id="r", role="renter")
    assert first["renewal_advice"]["offer_usd"] == 2950
    back = ask(graph, "they came back w 2,875 for 1 yr or 2,850/mo for 2 yrs. which one", thread_id="r", role="renter")
    assert back["reply"].startswith("**Pick the 24-month option**")
    assert back["renewal_advice"]["offer_usd"] == 2850 and back["renewal_advice"]["term_months"] == 24


def test_an_office_renewal_priced_per_foot_with_free_months(inventory, now):
    """A rate said without its unit is per square foot; free months are judged on the effective rent (never accepted
    at face value) and go into the drafted terms."""
    graph = _graph(inventory, now)
    ask(graph, "tenant in suite 702 (U-4) is up for renewal, paying $90/sf on 9,421 sf. what should we offer?",
        thread_id="o", role="manager")
    monthly = ask(graph, "whats the monthly at 93 vs now", thread_id="o", role="manager")
    assert "$73,013/mo" in monthly["reply"]  # 93 x 9,421 / 12
    asked = ask(graph, "they want 3 months free on a 5 yr deal at 93", thread_id="o", role="manager")
    assert "$88.35/SF/yr effective" in asked["reply"] and "Recommendation: accept" not in asked["reply"]
    terms = ask(graph, "ok 2 months free at 94. draft the terms", thread_id="o", role="manager")
    assert "$90.87/SF/yr effective" in terms["reply"]
    letter = terms["reply"].split("**Draft letter to the tenant:**")[1]
    assert "for 60 months" in letter and "first 2 months of base rent" in letter


def test_a_limit_on_free_months_is_no_offer_of_them():
    from agents.doma.renewal_node import free_offered

    assert free_offered("I can approve >= $90/sf; below that or more than 2 months free needs the owner") is None
    assert free_offered("they want 3 months free on a 5 yr deal at 93") is not None


def test_what_would_you_counter_with_after_the_advice_is_the_figure_not_the_advice_again(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "my landlord wants to raise rent from 2800 to 3150 at renewal, 1br in bushwick. is that fair?",
                thread_id="cw", role="renter")
    counter = first["renewal_advice"]["counter"]["rent_usd"]
    again = ask(graph, "what would you counter with", thread_id="cw", role="renter")
    assert again["reply"].startswith(f"I would counter at **${counter:,.0f}/month** for 12 months")
    assert "against their $3,150" in again["reply"] and "I can't answer" not in again["reply"]


def test_a_renewal_from_x_to_y_its_longer_term_a_named_landlord_and_an_insisting_one(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "my landlord sent a renewal: going from $2,400 to $2,650 for a 1 yr lease on my astoria 1br. "
                       "is that crazy?", thread_id="x")
    assert first["route"]["node"] == "renewal"  # "from X to Y" with a renewal is the renter's own, not a search
    twelve = first["renewal_advice"]["counter"]["rent_usd"]
    longer = ask(graph, "and for 2 years?", thread_id="x")["renewal_advice"]
    assert longer["term_months"] == 24 and 2400 <= longer["counter"]["rent_usd"] < twelve  # the longer stay, priced
    drafted = ask(graph, "ok draft it. landlord is Mr. Kostas, i've been here 3 yrs and never paid late",
                  thread_id="x")["renewal_advice"]["draft_message"]
    assert drafted.startswith("Dear Mr. Kostas,") and "always paid my rent on time" in drafted
    refused = ask(graph, "what if he says no and insists on 2650", thread_id="x")
    assert refused["reply"].startswith(f"If they refuse ${longer['counter']['rent_usd']:,.0f}")
    assert refused["renewal_advice"]["offer_usd"] == 2650  # his figure is the offer, not my counter


def test_rents_in_pounds_dirhams_or_by_the_year_are_read_and_said_back_so():
    pounds = parse_renewal_request("he says rent goes from £1,150 to £1,300 a month from 1 feb. can he just do that??")
    assert (pounds.current_rent, pounds.landlord_offers, pounds.currency) == (1150.0, [1300.0], "£")
    # a date's year is no rent, and "june 2027" is a month and a year, not "june 20"
    dated = parse_renewal_request("we ticked option 2 with 3%. our tenancy started 1 feb 2025")
    assert dated.current_rent is None and dated.proposed_increase_pct == 3.0
    assert parse_renewal_request("they want 3400 from 3100, lease ends june 2027").lease_end == "june 2027"
    yearly = parse_renewal_request("landlord wants AED 126,000 a year, I pay 115,000 now")
    assert (yearly.currency, yearly.yearly, yearly.current_rent) == ("AED", True, round(115000 / 12, 2))
    # "3050 a year for 2 years" is a monthly rent for each year of a term
    assert not parse_renewal_request("3150 for 1 year or 3050 a year for 2 years. i pay 2900 now").yearly
    arabic = parse_renewal_request("اكتب لي رسالة للمستأجر بعرض تجديد بزيادة 5%، إيجاره الحالي 120 ألف")
    assert (arabic.requester, arabic.yearly, arabic.current_rent) == ("manager", True, 10000.0)


def test_a_renewal_abroad_is_advised_in_its_currency_without_new_york_comparables(inventory, now):
    graph = _graph(inventory, now)
    uk = ask(graph, "my landlord says rent goes from £1,150 to £1,300 a month from 1 feb. what should i counter?",
             thread_id="uk", role="renter")
    assert "$" not in uk["reply"] and "£1,300" in uk["reply"] and "New York rents in dollars" in uk["reply"]
    assert uk["renewal_advice"]["comps"] in (None, [])
    gulf = ask(graph, "write a letter to my tenant offering a renewal at 5%, her current rent is AED 120,000",
               thread_id="ae", role="manager")
    letter = gulf["reply"].split("**Draft letter to the tenant:**")[1]
    assert "AED 126,000 a year" in letter and "AED 120,000 a year" in letter and "$" not in gulf["reply"]


def test_a_rent_stabilized_flat_is_told_its_legal_cap_before_the_bargaining(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "Hola, vivo en un apartamento de 1 habitación en Sunnyside. Pago $2,000 y el dueño me manda la "
                       "renovación a $2,250. ¿Es mucho?", thread_id="rs")
    assert "estabilizada" not in first["reply"]
    said = ask(graph, "Ah, se me olvidó: creo que el apartamento es de renta estabilizada.", thread_id="rs")
    assert said["route"]["node"] == "renewal" and "Si el apartamento es de renta estabilizada" in said["reply"]
    assert "12.5% está muy por encima" in said["reply"] and "DHCR" in said["reply"]


def test_a_batch_listed_label_size_place_rent_then_one_tenant_kept_and_a_summary_for_the_owner(inventory, now):
    """'4F studio Chelsea $2,400 / 2B 1br Midtown East $3,300 / ...': a place after the size is the unit's place, so
    the list is a batch of renewals (not a search); 'don't want to lose her' re-plans that unit at the policy's
    default increase; 'a one-line-per-unit summary for the owner email' is the owner's email for every unit."""
    units = parse_units("batch of Q1 renewals, give me a rec for each: 4F studio Chelsea $2,400 / 2B 1br Midtown East "
                        "$3,300 / 7A 2br Upper East Side $6,500 / 3C 1br Williamsburg $3,400")
    assert [(u["label"], u["bedrooms"], u["rent"], u.get("location")) for u in units] == [
        ("4F", 0, 2400.0, "chelsea"), ("2B", 1, 3300.0, "midtown east"), ("7A", 2, 6500.0, "upper east side"),
        ("3C", 1, 3400.0, "williamsburg")]
    graph = _graph(inventory, now)
    first = ask(graph, "batch of Q1 renewals, give me a rec for each: 4F studio Chelsea $2,400 / 2B 1br Midtown East "
                       "$3,300 / 7A 2br Upper East Side $6,500 / 3C 1br Williamsburg $3,400", thread_id="batch")
    assert first["route"]["node"] == "renewal" and "| 4F studio | $2,400 | **$2,580**" in first["reply"]
    kept = ask(graph, "4F's tenant has been there 9 yrs, she's a nurse at lenox hill, I really don't want to lose "
                      "her. what's a reasonable path?", thread_id="batch")["reply"]
    assert kept.startswith("**4F, planned to keep the tenant**") and "+2.9%" in kept and "$3,650" in kept
    summary = ask(graph, "give me a one-line-per-unit summary I can paste into the owner email",
                  thread_id="batch")["reply"]
    assert summary.startswith("**Draft email to the owner:**")
    assert "- Unit 4F: now $2,400/month; proposed $2,470/month" in summary and "- Unit 3C:" in summary


def test_a_managers_rent_stabilized_unit_is_offered_at_the_boards_rates_not_the_market(inventory, now):
    """A manager's stabilized unit: no market package ('bring it to market' is not allowed), the offer window from
    the lease end (90-150 days before), the board's rates asked for (never guessed), and the rates given are the
    offers; a unit said not to be stabilized gets the market package."""
    from agents.doma.renewal_stabilized import offer_window, stabilized_unit

    assert stabilized_unit("5C is rent stabilized") and not stabilized_unit("5C is rent stabilized. no wait, it "
                                                                            "isn't stabilized, it's free market")
    assert "between Oct 1 and Nov 30, 2026 (3 days from today)" in offer_window("Feb 28, 2027", now.date().replace(
        day=27))
    graph = _graph(inventory, now)
    first = ask(graph, "I manage a 40-unit walkup in Washington Heights. Apt 5C is rent stabilized, 2br, tenant pays "
                       "$1,850, lease expires Feb 28, 2027. Owner wants to 'bring it to market' at renewal. What can "
                       "we offer?", thread_id="rs")
    assert first["reply"].startswith("**The unit is rent-stabilized:**") and "Proposed renewal" not in first["reply"]
    assert "between Oct 1 and Nov 30, 2026" in first["reply"] and first["renewal"] is None
    rgb = ask(graph, "what are the RGB percentages right now", thread_id="rs")["reply"]
    assert "not in my data" in rgb and "Oct 1, 2026 to Sep 30, 2027" in rgb and "%" not in rgb
    terms = ask(graph, "ok suppose it's 3% for 1 yr and 4.5% for 2 yr. give me both numbers", thread_id="rs")
    assert terms["reply"].startswith("**Your terms:** $1,906/month for 12 months (+3.0%); or $1,933/month for 24 "
                                     "months (+4.5%).") and "below the market median" not in terms["reply"]
    market = ask(_graph(inventory, now), "I manage a walkup in Washington Heights. Apt 5C isn't stabilized, 2br, "
                                         "tenant pays $1,850. What renewal can we offer?", thread_id="free")["reply"]
    assert "Proposed renewal" in market and "rent-stabilized:**" not in market


def test_a_spanish_managers_renewal_takes_the_building_named_before_and_leads_in_spanish(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "Buenas. Tengo tres reportes en el edificio de Washington Heights: 2B dice que la ducha gotea",
        thread_id="m")
    offer = ask(graph, "Otra cosa: el inquilino del 3A paga $1,650 por un 1 dormitorio y se le vence el contrato el 28 "
                       "de febrero. ¿Cuánto le puedo subir?", thread_id="m")
    assert offer["route"]["node"] == "renewal"
    assert "from 21 comparable units (washington heights, 1br)" in offer["reply"]  # that area's one-bedrooms
    assert offer["reply"].startswith("**Renovación propuesta:** $1,7")
    assert "Mediana del mercado: $1,900" in offer["reply"]
    assert parse_renewal_request("paga $1,650 por un 1 dormitorio").bedrooms == 1


def test_units_told_one_a_sentence_are_a_batch():
    from agents.doma.renewal_units import parse_units, sentence_units

    units = parse_units("three renewal requests hit my inbox today. 2C is a 1br in Astoria, 650 sf, paying $2,000, "
                        "ends Jan 31. 5R is a 2br in Williamsburg, 900 sf, $3,400, ends Feb 28. 3F is a UES studio, "
                        "450 sf, $2,100, ends Jan 31. need offers for all three")
    assert [(u["label"], u["bedrooms"], u["rent"], u.get("location")) for u in units] == [
        ("2C", 1, 2000.0, "astoria"), ("5R", 2, 3400.0, "williamsburg"), ("3F", 0, 2100.0, "upper east side")]
    assert sentence_units("2C is a 1br in Astoria paying $2,000. what should i offer?") == []  # one unit: no batch


def test_a_spanish_letter_with_its_two_terms_after_a_repair_and_the_managers_deadline(inventory, now):
    from agents.doma.renewal_node import answer_by
    from agents.doma.renewal_parse import own_terms
    from agents.manager import route

    text = ("Redáctame la carta en español: $2,205 por 12 meses o $2,250 por 24 meses, respuesta antes del 15 de "
            "diciembre.")
    assert own_terms(text) == [(12, 2205.0, "$"), (24, 2250.0, "$")]
    assert route(text, previous_node="triage", learned=load_route_model()).node == "renewal"
    assert answer_by(text, "es") == "antes del 15 de diciembre"
    assert answer_by("ask them to respond within 14 days", "en") == "within 14 days"
    assert answer_by("offer it for 12 months", "en") == "within 30 days"  # no deadline said
    graph = _graph(inventory, now)
    ask(graph, "Tengo un inquilino en Washington Heights, 2 habitaciones, paga $2,100 y el contrato vence el 31 de "
               "enero. ¿Cuánto le subo?", thread_id="es", role="manager")
    letter = ask(graph, text, thread_id="es", role="manager")["reply"]
    assert "1. $2,205 al mes por 12 meses" in letter and "2. $2,250 al mes por 24 meses" in letter
    assert "sus preguntas, antes del 15 de diciembre." in letter


def test_the_renters_own_what_if_is_their_counter_and_their_moving_cost_is_used(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "my landlord offered a renewal at $3,450, I pay $3,100 now. 1br in astoria", thread_id="w",
        role="renter")
    # comparables (the 2016 listings) below today's $3,100 are no argument in the letter to the landlord
    assert "Comparable apartments" not in ask(graph, "write the email to my landlord", thread_id="w",
                                              role="renter")["renewal_advice"]["draft_message"]
    mine = ask(graph, "what if I offer 24 months at $3,275 instead?", thread_id="w", role="renter")
    advice = mine["renewal_advice"]
    assert advice["offer_usd"] == 3450 and advice["counter"]["rent_usd"] == 3275  # theirs stays theirs
    final = ask(graph, "they came back with a final $3,350. moving would cost me about $2,500. should I take it?",
                thread_id="w", role="renter")
    assert "about $2,500: your own estimate" in final["reply"]
    assert parse_renewal_request("what if we counter at 3,275 for 24 months").tenant_counter_rent == 3275


def test_units_listed_after_a_lead_in_with_list_markers_are_all_kept_and_named_by_marker():
    from agents.doma.renewal_units import units_named

    units = parse_units("prepping renewal offers for 3 units expiring end of Feb: (A) 1br in Williamsburg at $2,500, "
                        "(B) 2br in Astoria at $2,650, (C) studio in FiDi at $3,300. what should each get?")
    assert [(u["marker"], u["bedrooms"], u["rent"]) for u in units] == [("A", 1, 2500), ("B", 2, 2650),
                                                                         ("C", 0, 3300)]
    assert units_named("for A, if i just go to market, what % is that? a 2br is fine", units) == [units[0]["label"]]


def test_a_batch_by_ids_at_their_listed_rents_and_which_ones_need_sign_off(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "renewals due in Feb for these units: SE-6403, SE-2143, SE-9730. current rents are what's on "
                       "the listings. what should each be offered?", thread_id="ids")
    units = first["renewal_units"]["units"]
    assert [u["unit_id"] for u in units] == ["SE-6403", "SE-2143", "SE-9730"]
    assert [u["rent"] for u in units] == [inventory.row(u["unit_id"])["rent"] for u in units]
    signoff = ask(graph, "our policy caps increases at 7% without my sign-off. which ones need it?", thread_id="ids")
    reply = signoff["reply"]
    assert reply.startswith("Against your 7% line") and all(u["unit_id"] in reply for u in units)


def test_one_unit_of_a_batch_its_letter_on_stated_terms_and_a_tenants_cut_asked_alone(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "renewals due in Feb for these units: SE-6403, SE-2143, SE-9730. current rents are what's on the "
               "listings. what should each be offered?", thread_id="one")
    cut = ask(graph, "SE-2143's tenant is asking for a decrease, says they're above market. are they right?",
              thread_id="one")
    assert "Unit SE-2143" in cut["reply"] and "Renewal proposals for" not in cut["reply"]
    letter = ask(graph, "draft a short renewal letter for SE-9730 at +7%", thread_id="one")
    assert "**Draft letter to the tenant:**" in letter["reply"] and "1. $2,349 a month for 12 months" in letter["reply"]


def test_the_comps_asked_for_one_unit_of_a_batch_are_that_many_not_all_of_them(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "3 renewals in jan: chelsea 1br doorman @3,900, bushwick 2br @2,300, fidi studio @3,300",
        thread_id="c", role="manager")
    three = ask(graph, "show me 3 actual comps you're using for the fidi one", thread_id="c", role="manager")["reply"]
    listed = three.split("(closest in rent to today's):")[1].split(".")[0]
    assert listed.count("SE-") == 3 and "middle half" in three


def test_a_tenants_spanish_offer_and_current_rent_are_read_apart():
    said = parse_renewal_request("Mi casero me ofrece renovar a $2,650, ahora pago $2,400 por un 1 habitación en "
                                 "Astoria. ¿Puedo negociar?")
    assert (said.current_rent, said.landlord_offers) == (2400.0, [2650.0])
    raised = parse_renewal_request("mi casero me sube la renta a 2,900, pago 2,700")
    assert (raised.current_rent, raised.landlord_offers) == (2700.0, [2900.0])
