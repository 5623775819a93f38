"""The Streamlit workspace, driven with AppTest (no browser): each flow a user would try."""


import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

LEASE_PDF = ROOT / "eval" / "datasets" / "leases" / "residential_lease.pdf"


def say(at, text):
    at.chat_input[0].set_value(text).run()
    assert not at.exception
    return at


def url_thread(at, name="thread"):
    """The thread id (or its link key) the app put in the URL (AppTest keeps query values as lists)."""
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value


def texts(at):
    return "\n".join(m.value for m in at.markdown)


def test_starts_offline_with_examples_and_sidebar(app):
    assert "offline" in " ".join(c.value for c in app.sidebar.caption)
    assert any("Williamsburg" in b.label for b in app.button)
    assert app.chat_input[0] is not None


def search_and_hold_first_tour(at):
    """Search, pick the first proposed tour, give contact details, and hold it."""
    say(at, "2br in Williamsburg under $5k with a dishwasher, tour this Monday 6pm")
    tours = at.multiselect[0]
    tours.set_value([tours.options[0]])
    at.form_submit_button[0].click().run()
    inputs = {t.label: t for t in at.text_input}
    inputs["Name"].set_value("Ana Díaz")
    inputs["Email"].set_value("ana@example.com")
    inputs["Phone (optional)"].set_value("212 555 0123")
    at.form_submit_button[0].click().run()
    assert "ana@example.com" in texts(at) and "+12125550123" in texts(at)
    at.radio[0].set_value("Yes, hold these tours")
    at.form_submit_button[0].click().run()


def test_search_cards_hold_confirm_and_calendar_file(app):
    search_and_hold_first_tour(app)
    assert "match fully" in texts(app) and any(m.label == "Score /100" for m in app.metric)
    assert "Rent $" in texts(app)
    app.form_submit_button[0].click().run()  # confirm (all held tours are preselected)
    assert not app.exception
    page = texts(app)
    assert "**confirmed**" in page and "Your tours" in [s.value for s in app.subheader]
    assert any(b.label == "Release" for b in app.button)
    assert len(app.get("download_button")) == 1


def test_bad_contact_details_are_named(app):
    say(app, "tour SE-1545 friday 11am")
    tours = app.multiselect[0]
    tours.set_value(tours.options)
    app.form_submit_button[0].click().run()
    inputs = {t.label: t for t in app.text_input}
    inputs["Name"].set_value("Bo")
    inputs["Email"].set_value("bo@")
    app.form_submit_button[0].click().run()
    assert any("email" in e.value for e in app.error)


def test_clarifying_question_then_short_answer(app):
    say(app, "looking for a 2 bedroom with a washer dryer")
    assert "which area" in texts(app)
    say(app, "Brooklyn, under 3k")
    assert "Brooklyn" in texts(app) and any(m.label == "Score /100" for m in app.metric)


def test_gas_smell_is_a_p0_alert_with_safety_steps(app):
    say(app, "I smell gas in my kitchen")
    alert = " ".join(e.value for e in app.error)
    assert "P0 · EMERGENCY" in alert
    assert "on-call" in texts(app)


def test_a_renter_gets_a_counter_below_the_offer_and_a_drafted_message(app):
    say(app, "my renewal offer is $3,400, up from $3,100 — can I negotiate?")
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["Landlord's offer"] == "$3,400/mo"
    counter = float(metrics["Your counter"].strip("$/mo").replace(",", ""))
    assert 3100 <= counter < 3400
    assert "approval" not in texts(app).lower()
    assert any("$3,400" in c.value and "Would you consider" in c.value for c in app.code)


def test_a_manager_gets_policy_bound_offers_side_by_side(app):
    app.sidebar.radio[0].set_value("a property manager").run()
    say(app, "My rent is $3,200 for SE-1545, the lease ends in March and the landlord wants 7% — what to counter?")
    assert [m.label for m in app.metric].count("Rent") >= 3
    assert "Recommended" in texts(app)


def test_lease_upload_and_question_with_citation(app):
    app.sidebar.file_uploader[0].set_value(("lease.pdf", LEASE_PDF.read_bytes(), "application/pdf")).run()
    assert not app.exception
    assert any("pages indexed" in s.value for s in app.sidebar.success)
    say(app, "Can I sublet my apartment?")
    assert "Cited: `p. " in texts(app)


def test_a_file_that_is_not_a_pdf_gets_a_clear_message(app):
    app.sidebar.file_uploader[0].set_value(("lease.pdf", b"hello, I am not a PDF", "application/pdf")).run()
    assert not app.exception
    assert app.sidebar.error and "PDF" in app.sidebar.error[0].value


def test_reset_starts_a_new_conversation(app):
    say(app, "I smell gas")
    app.sidebar.button[0].click().run()
    assert not [m for m in app.chat_message]


def test_relaxation_button_reruns_the_search(app):
    say(app, "2br in Tribeca under $3,000 with a washer dryer")
    assert "No unit meets every criterion" in texts(app)
    relax = [b for b in app.button if "→ +" in b.label]
    assert relax, "a relaxation is offered when nothing fully matches"
    before = len(app.chat_message)
    relax[0].click().run()
    assert not app.exception
    assert len(app.chat_message) == before + 2  # the relaxation as a user turn and a new answer (+ its question)
    history = app.session_state["history"]
    assert history[-2] == {"role": "user", "content": relax[0].label}
    first, relaxed = history[-3]["state"]["spec"], history[-1]["state"]["spec"]
    assert relaxed != first and relaxed["min_bedrooms"] == first["min_bedrooms"] == 2  # only the relaxed field moved
    assert history[-1]["state"]["matches"]


def test_a_blank_message_is_no_turn(app):
    say(app, "   ")
    assert not [m for m in app.chat_message]  # no bubble at all, empty or otherwise


def test_a_repair_ticket_and_its_safety_steps_are_shown_once(app):
    from agents.doma.triage import classify

    text = "there is smoke coming out of the outlet in my bedroom"
    steps = classify(text).safety_instructions
    say(app, text)
    page = texts(app) + "\n".join(e.value for e in app.error)
    assert steps and all(page.count(step) == 1 for step in steps)
    assert page.count("do this now") == 1 and "dispatched" not in page


def test_a_reload_restores_the_chat_the_lease_and_the_tours(tmp_path, monkeypatch):
    monkeypatch.setenv("DB_PATH", str(tmp_path / "workspace.sqlite"))
    st.cache_resource.clear()
    first = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    first.run()
    thread = url_thread(first)
    first.sidebar.file_uploader[0].set_value(("lease.pdf", LEASE_PDF.read_bytes(), "application/pdf")).run()
    search_and_hold_first_tour(first)
    assert "Your tours" in [s.value for s in first.subheader]

    key = url_thread(first, "key")
    bare = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)  # the id alone: not our link
    bare.query_params["thread"] = thread
    bare.run()
    assert not bare.exception and url_thread(bare) != thread and "Your tours" not in [s.value for s in bare.subheader]
    again = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)  # the same URL, reloaded
    again.query_params["thread"] = thread
    again.query_params["key"] = key
    again.run()
    assert not again.exception
    assert "2br in Williamsburg under $5k" in texts(again)  # the chat is back
    assert "Your tours" in [s.value for s in again.subheader]  # and the held tours, with their buttons
    assert any(b.label == "Release" for b in again.button)
    assert any("pages indexed" in s.value for s in again.sidebar.success)  # and the lease


def test_a_thread_id_that_is_not_ours_is_replaced(app):
    again = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    again.query_params["thread"] = "../../etc/passwd"
    again.run()
    assert not again.exception
    assert url_thread(again) != "../../etc/passwd" and len(url_thread(again)) == 36


def test_importing_the_app_module_runs_nothing(monkeypatch):
    """Outside `streamlit run` (a spawned worker importing __main__, a tool importing the module) main() must
    not run: it would open the databases under var/ and render into nothing."""
    import importlib
    import sys

    import streamlit

    def boom(*_args, **_kwargs):
        raise AssertionError("main() ran at import")

    monkeypatch.setattr(streamlit, "set_page_config", boom)
    monkeypatch.delitem(sys.modules, "streamlit_app", raising=False)
    module = importlib.import_module("streamlit_app")
    assert callable(module.main)
    monkeypatch.delitem(sys.modules, "streamlit_app")


def test_a_later_repair_or_answer_does_not_show_the_last_search_again(app):
    say(app, "looking for a 2br in williamsburg under 4500, dishwasher would be nice")
    shown = sum(m.label == "Score /100" for m in app.metric)
    assert shown >= 1
    say(app, "the first one, how far is it from the subway and is there a doorman?")
    assert "min walk to the subway" in texts(app)
    say(app, "the whole family gets nauseous and sleepy every time the boiler runs")
    assert sum(m.label == "Score /100" for m in app.metric) == shown  # the search's cards, once
