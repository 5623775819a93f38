import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from agents.via.needs import (
    PROTECTED_MESSAGE,
    clarifying_question,
    merge_specs,
    needs_node,
    parse_spec,
    protected_request,
    readable,
    spec_with_model,
)
from contracts import SearchSpec


def fields(text):
    return {k: v for k, v in parse_spec(text).model_dump(mode="json").items() if v not in (None, [], {})
            and k not in ("confidence", "currency")}


def test_office_request_with_size_range_and_rate():
    spec = parse_spec("Need 1,500–2,200 SF in midtown at $60/SF/yr, 3 year term, for a creative studio")
    assert spec.location == ["midtown"] and (spec.min_sqft, spec.max_sqft) == (1500, 2200)
    assert spec.budget_max == pytest.approx(60 * 1500 / 12)
    assert spec.term_months == 36 and spec.use_case == "creative studio" and spec.kind == "office"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("at least 800 sq ft in chelsea", {"min_sqft": 800}),
        ("~95 sqm in soho", {"min_sqft": 818, "max_sqft": 1279}),  # about 1,023 SF: ±20 %
        ("no more than 5,000 SF office in tribeca", {"max_sqft": 5000}),
        ("1br under $5k/mo in astoria", {"budget_max": 5000}),
        ("$4,500 max, UWS 1 bed", {"budget_max": 4500}),
        ("office on W 36th, $48k a year", {"budget_max": 4000}),
        ("2 bedroom in Harlem, three thousand tops", {"budget_max": 3000}),
        ("studio in LES between $1,900 and $2,300", {"budget_min": 1900, "budget_max": 2300}),
    ],
)
def test_sizes_and_budgets(text, expected):
    spec = parse_spec(text)
    got = {"min_sqft": spec.min_sqft, "max_sqft": spec.max_sqft, "budget_max": spec.budget_max,
           "budget_min": spec.budget_min}
    for key, value in expected.items():
        assert got[key] == pytest.approx(value), key


@pytest.mark.parametrize(
    ("text", "beds"),
    [("2br in bushwick", (2, 2)), ("studio in the east village", (0, 0)), ("3+ bedrooms in astoria", (3, None)),
     ("2 or 3 bedrooms on the UWS", (2, 3)), ("studio or 1br in LIC", (0, 1)), ("two-bedroom in Inwood", (2, 2)),
     ("at least two bedrooms in park slope", (2, None)), ("creative studio office in soho", (None, None))],
)
def test_bedrooms(text, beds):
    spec = parse_spec(text)
    assert (spec.min_bedrooms, spec.max_bedrooms) == beds


@pytest.mark.parametrize(
    ("text", "location"),
    [("1br UES", ["upper east side"]), ("upper east 2 bed", ["upper east side"]), ("LES studio", ["lower east side"]),
     ("fidi 1 bed", ["financial district"]), ("office near w 36th", ["w 36th st"]),
     ("West 38th Street office", ["w 38th st"]), ("suites on Seventh Avenue", ["seventh ave"]),
     ("Bed-Stuy or Crown Hts 2br", ["bedford-stuyvesant", "crown heights"]),
     ("apartment in Williamsberg", ["williamsburg"]),
     ("my toilet keeps flushing", [])],
)
def test_locations_with_nicknames_streets_and_typos(text, location):
    assert parse_spec(text).location == location


def test_must_haves_versus_nice_to_haves():
    spec = parse_spec("1br in chelsea under 4k: must have a doorman, ideally a gym, w/d, no broker fee, "
                      "close to the subway. I have a dog")
    assert set(spec.must_haves) == {"doorman", "washer_dryer", "no_fee", "near_transit", "pet_friendly"}
    assert spec.nice_to_haves == ["gym"]
    assert "elevator" not in parse_spec("no elevator needed, 2br in astoria").must_haves


def test_term_and_timeline():
    spec = parse_spec("2-year lease, 1br in astoria under 2500, tour this Monday 6pm")
    assert spec.term_months == 24 and spec.timeline == "this Monday 6pm"
    assert parse_spec("studio in harlem, moving in the next 2 weeks, 2k").timeline == "in the next 2 weeks"


def test_underconstrained_without_place_or_budget_asks_one_question():
    spec = parse_spec("looking for a 2 bedroom with a washer dryer")
    assert spec.spec_status == "underconstrained"
    question = clarifying_question(spec)
    assert question.count("?") == 1 and "area" in question and "budget" in question and "2 bedrooms" in question


def test_follow_up_completes_the_stored_spec():
    first = parse_spec("looking for a 2 bedroom with a washer dryer")
    merged = merge_specs(first, parse_spec("Brooklyn, under 3k"))
    assert merged.spec_status == "ok" and merged.location == ["brooklyn"] and merged.budget_max == 3000
    assert merged.min_bedrooms == 2 and merged.must_haves == ["washer_dryer"]


def test_protected_classes_are_never_filters():
    text = "2br in astoria under 3000, in a building with no kids and mostly white neighbors"
    assert protected_request(text)
    spec = parse_spec(text)
    assert spec.location == ["astoria"] and spec.must_haves == [] and spec.nice_to_haves == []
    out = needs_node({"text": text})
    assert PROTECTED_MESSAGE in out["reply"]
    assert not protected_request("relocating for work with my family of four, 3br in queens")
    assert not protected_request("elevator building please, I have bad knees")


def test_model_spec_is_used_when_valid_and_garbage_falls_back():
    good = SearchSpec(location=["soho"], budget_monthly_usd={"max": 4000})

    class StructuredFake:
        def __init__(self, result):
            self.result = result

        def with_structured_output(self, _schema):
            return self

        def invoke(self, _prompt):
            if isinstance(self.result, Exception):
                raise self.result
            return self.result

    assert spec_with_model("x", StructuredFake(good)).location == ["soho"]
    assert spec_with_model("x", StructuredFake({"location": "not a list", "min_sqft": -3})) is None
    assert spec_with_model("x", StructuredFake(ValueError("model returned prose"))) is None
    # Through the node: a garbage model output falls back to the deterministic parse.
    out = needs_node({"text": "2br in astoria under 3k"}, model=FakeListChatModel(responses=["not json at all"]))
    assert out["spec"]["location"] == ["astoria"] and out["spec"]["spec_status"] == "ok"
    # ... and to an underconstrained spec with a question when that finds nothing either.
    out = needs_node({"text": "something nice please"}, model=FakeListChatModel(responses=["{"]))
    assert out["spec"]["spec_status"] == "underconstrained" and out["awaiting"] == "spec" and "?" in out["reply"]


@pytest.mark.parametrize(("text", "budget"), [
    ("I make 85k a year, looking for a 1br in Astoria", 2125),
    ("my salary is $120,000, 2br in Brooklyn", 3000),
    ("I make 6k a month, studio in harlem", 1800),
])
def test_an_income_becomes_a_budget_by_a_stated_rule(text: str, budget: float) -> None:
    assert parse_spec(text).budget_max == pytest.approx(budget)


def test_the_income_rule_is_said_in_the_reply() -> None:
    out = needs_node({"text": "I make 85k a year, looking for a 1br in Astoria"})
    assert "40× the monthly rent" in out["reply"] and out["spec"]["budget_monthly_usd"]["max"] == 2125


@pytest.mark.parametrize(("text", "people"), [
    ("we're 40 people looking for office space in flatiron, budget around $90/sf", 40),
    ("somos 30 personas y buscamos oficina en midtown", 30),
    ("we have 25 employees, need a suite downtown", 25),
    ("we are 4 people looking for a 3br in astoria", None),  # flatmates, not an office's headcount
])
def test_a_team_size_said_as_we_are_n_sizes_an_office_only(text: str, people: int | None) -> None:
    spec = parse_spec(text)
    assert spec.headcount == people
    assert (spec.min_sqft, spec.max_sqft) == ((people * 150, people * 250) if people else (None, None))


@pytest.mark.parametrize(("text", "field", "value"), [
    ("brooklyn one bedroom 2k max, i cant walk far to the train, 5 min tops", "max_min_to_subway", 5),
    ("busco depto en astoria, máximo 2500 y que quede a 5 min del metro o menos", "max_min_to_subway", 5),
    ("one bathroom for 4 people is a no. 2 baths minimum", "min_bathrooms", 2.0),
    ("one bathroom for 4 people is a no. 2 baths minimum", "headcount", None),  # flatmates, no office
    ("2br 1ba in harlem for 3 people", "headcount", None),
    ("anything under 100 bucks a foot between 10 and 14k sf", "budget_ppsf_year", 100.0),
])
def test_limits_said_the_way_people_say_them(text: str, field: str, value: object) -> None:
    assert getattr(parse_spec(text), field) == value


def test_a_preference_said_in_spanish_and_two_sizes_said_in_arabic():
    from agents.via.needs import readable

    spanish = parse_spec(readable("buscamos 2 habitaciones en Inwood, máximo $2,600. Si es sin comisión, mejor."))
    assert spanish.nice_to_haves == ["no_fee"] and spanish.must_haves == []
    maybe = parse_spec(readable("Busco 2 habitaciones en el Upper West Side, con portero si es posible."))
    assert maybe.nice_to_haves == ["doorman"]
    arabic = parse_spec(readable("نبحث عن شقة بغرفتين أو ثلاث غرف نوم في باي ريدج"))
    assert (arabic.min_bedrooms, arabic.max_bedrooms) == (2, 3)
    assert parse_spec("2br in inwood, must be no fee").must_haves == ["no_fee"]


def test_at_least_said_in_arabic_a_spanish_walk_or_less_and_the_courts_at_foley_square():
    said = "أبحث عن شقة فيها غرفتا نوم على الأقل في باي ريدج، والميزانية حتى 2500 دولار في الشهر"
    arabic = parse_spec(readable(said))
    assert (arabic.min_bedrooms, arabic.max_bedrooms, arabic.budget_max) == (2, None, 2500)
    spanish = parse_spec("¿Hay algo a 5 minutos o menos del metro aunque sea en otro barrio de Queens?")
    assert spanish.max_min_to_subway == 5
    courts = parse_spec("Need a small office walkable to the courthouses at Foley Square / Centre St. ~2,000 SF.")
    assert "centre st" in courts.location and "park row" in courts.location and courts.kind == "office"


@pytest.mark.parametrize("text", ["how does it compare to the other suite on 21 (2102)", "what about apt 1203",
                                  "is unit # 4105 still free?"])
def test_a_number_that_names_a_suite_or_unit_is_no_budget(text: str) -> None:
    assert parse_spec(text).budget_monthly_usd is None


def test_a_lone_number_is_still_read_as_a_budget() -> None:
    assert parse_spec("1br in harlem 2500").budget_max == 2500


def test_a_total_said_beside_a_share_is_the_total() -> None:
    assert parse_spec("just 2 of us now. 2br, same 1700 each so 3400 total, still downtown").budget_max == 3400
    assert parse_spec("3 of us, $1700 each max so like 5100 total").budget_max == 5100
    assert parse_spec("we are 4 roommates, 1200 each").budget_max == 4800


def test_a_floor_said_in_words_with_a_hyphen_is_a_floor() -> None:
    from agents.via.refine import floor_said

    assert floor_said("a viewing of the second-floor one for wednesday") == 2
    assert floor_said("the fourth floor one") == 4


def test_wishes_no_listing_field_holds_are_said_with_the_search():
    from agents.via.needs import needs_node, wishes_not_held

    assert wishes_not_held("need a FURNISHED studio for 3 months, Jan-Mar, in Chelsea") == [
        "furnished", "the lease length (short or month-to-month stays)"]
    assert wishes_not_held("2br in astoria under 3000 with a dishwasher") == []
    assert wishes_not_held("unfurnished is fine, wheelchair accessible please") == ["step-free or wheelchair access"]
    out = needs_node({"text": "need a FURNISHED studio for 3 months in Chelsea, under $3000", "messages": []})
    assert "I have no data on 'furnished', 'the lease length" in out["reply"] and out["spec"]["budget_monthly_usd"]


@pytest.mark.parametrize(("text", "location", "beds", "baths"), [
    # the home being left is background: its rooms and its place are not the search
    ("we're selling our 3 bedroom house in westchester and want a 2 bed on the upper west side with 2 full "
     "bathrooms, under $5500", ["upper west side"], 2, 2.0),
    ("we currently have a 1br in astoria, looking for a 2br in LIC under 4000", ["long island city"], 2, None),
    # ... unless it is the only place said: "there" is it
    ("i live in astoria and want a 1br there under 2500", ["astoria"], 1, None),
])
def test_the_home_the_person_has_now_is_background(text, location, beds, baths):
    spec = parse_spec(text)
    assert spec.location == location and spec.min_bedrooms == beds and spec.min_bathrooms == baths


def test_space_per_head_times_the_team_is_the_size_and_two_sizes_read_apart_never_fail_the_spec():
    spec = parse_spec("we're 60 people, broker says ~250 SF a head. what do you have around that size (give or take "
                      "1000 SF) on Broadway under $110k a month?")
    assert (spec.min_sqft, spec.max_sqft, spec.headcount, spec.kind) == (14000, 16000, 60, "office")
    about = parse_spec("we have 40 employees, 200 sf per person, midtown office")
    assert (about.min_sqft, about.max_sqft) == (6400, 10000)


def test_a_spanish_dishwasher_is_a_must_have():
    assert "dishwasher" in parse_spec("Busco un apartamento de 1 habitación en Astoria, máximo $2,600 al mes, y que "
                                      "tenga lavaplatos").must_haves


def test_a_home_outgrown_a_team_that_fits_per_head_and_a_spanish_street_are_read():
    grown = parse_spec("we're expecting in march and our 1br in crown heights won't cut it anymore. looking for a 2 "
                       "bed in park slope or prospect heights, up to $4,500")
    assert (grown.location, grown.min_bedrooms) == (["park slope", "prospect heights"], 2)
    team = parse_spec("we might be 80 by 2028. anything on Broadway that fits 80 at 250 a head, under $150k/mo?")
    assert (team.headcount, team.min_sqft, team.max_sqft) == (80, 16000, 25000)
    assert parse_spec("dinner at $60 a head for 20").headcount is None
    assert parse_spec(readable("oficina en la calle 36 oeste para 10 personas")).location == ["w 36th st"]


def test_office_cross_streets_narrow_the_district_they_lie_in():
    garment = parse_spec("~60 people. 14k-16.5k SF in the garment district (W 35th to W 39th), $90/SF max")
    assert garment.location == [f"w {n}th st" for n in range(35, 40)]
    east = parse_spec("need roughly 12,000 SF in midtown east, lex/park/madison in the 40s & 50s. budget $1M a year")
    from agents.via.needs import _ordinal

    assert east.location == [f"e {_ordinal(str(n))} st" for n in range(40, 60)]
    # a place the streets do not lie in stays beside them; a home search keeps its neighbourhood
    both = parse_spec("10k sf office in tribeca or on w 36th st")
    assert "tribeca" in both.location and "w 36th st" in both.location
    assert parse_spec("1br on the upper east side, e 70s, under 3k").location[0] == "upper east side"
    # streets wished for rank the district's suites but keep them all
    assert "manhattan" in parse_spec("roughly 15,000 SF in Manhattan, max $90/SF/yr. West 30s preferred").location


def test_where_someone_works_is_a_guess_a_search_on_the_table_keeps_its_area_over():
    said = parse_spec(readable("زوجي يعمل في مانهاتن، أيها الأقرب إلى المترو؟"))
    assert said.location == ["manhattan"] and said.confidence["location"] < 0.9
    bay_ridge = parse_spec("2br in bay ridge under 2500")
    assert merge_specs(bay_ridge, said).location == ["bay ridge"]
    assert parse_spec("my wife works in midtown, we need a 1br near there under 3k").location  # nothing else said


def test_a_place_scrapped_is_not_searched():
    said = parse_spec("my job is moving to LIC in jan. scrap williamsburg, do astoria or LIC instead")
    assert said.location == ["long island city", "astoria"]


def test_a_range_and_cross_streets_said_in_spanish():
    office = parse_spec(readable("Buscamos oficina de 10,000 a 13,000 pies cuadrados entre las calles 17 y 25 "
                                 "(Flatiron / Chelsea), máximo $100 por pie cuadrado al año."))
    assert (office.min_sqft, office.max_sqft, office.budget_ppsf_year) == (10000, 13000, 100.0)
    assert "w 17th st" in office.location and "e 25th st" in office.location and "w 29th st" not in office.location
    home = parse_spec(readable("busco un apartamento de 2 a 3 habitaciones de $2,000 a $2,800"))
    assert (home.min_bedrooms, home.max_bedrooms, home.budget_min, home.budget_max) == (2, 3, 2000, 2800)


def test_a_total_said_beside_each_share_is_the_budget():
    from agents.via.needs import parse_spec

    said = "she can do 1400 max and i can do 2200, so 3600 total. 2br in astoria"
    assert parse_spec(said).budget_monthly_usd.max == 3600
    assert parse_spec("2br in astoria, combined budget of 3,800").budget_monthly_usd.max == 3800
    assert parse_spec("3 of us, each can do max 1400, 3br in bushwick").budget_monthly_usd.max == 4200


def test_a_place_vetoed_is_not_searched():
    from agents.via.needs import parse_spec

    said = "hm actually my partner just vetoed brooklyn lol. same thing but fidi or battery park city"
    assert parse_spec(said).location == ["financial district", "battery park city"]
