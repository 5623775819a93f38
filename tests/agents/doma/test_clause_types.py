"""Clause types: a passage typed by the lease's words, a question by the fitted classifier, and their match."""

from __future__ import annotations

import pytest

from agents.doma.lease.clause_types import load_type_model, match, passage_types, question_types
from agents.doma.lease_qa import index_lease
from tests.conftest import ROOT

LEASES = ROOT / "eval" / "datasets" / "leases"


def test_a_passage_is_typed_by_its_own_title_first_then_its_article_then_its_text() -> None:
    late = passage_types("ARTICLE THREE: RENT", "3.3 Late Charge", "If rent is not received by the fifth day ...")
    assert late == {"late_payment": 1.0, "rent_payment": 0.75}
    untitled = passage_types("Section 4 – Additional Rent and Late Charges", "(c)", "Any installment not paid ...")
    assert untitled["late_payment"] == 1.0  # "(c)" is no title: the article's counts in full
    long_text = "The Tenant shall keep the Premises clean. " * 10 + "No pets."
    assert "pets" not in passage_types("ARTICLE 9 USE", "", long_text)  # one word in passing is not the topic
    assert passage_types("Summary", "(d)", "Pets: none allowed.") == {"pets": 0.5}  # a short line is its words


def test_the_match_weighs_each_type_asked_by_how_surely_the_passage_is_of_it() -> None:
    asked = {"holdover": 0.6, "renewal_extension": 0.3, "rent_payment": 0.1}
    assert match(asked, {"holdover": 1.0}) == pytest.approx(0.6)
    assert match(asked, {"renewal_extension": 0.5, "rent_payment": 1.0}) == pytest.approx(0.25)
    assert match(asked, {}) == 0.0


@pytest.mark.parametrize(("question", "expected"), [
    # worded here, not in the classifier's training questions
    ("can management move our team to a different floor whenever they feel like it?", "relocation"),
    ("my flatmate keeps having her boyfriend sleep over most nights, is there a limit?", "guests_occupancy"),
    ("we got mice in the kitchen, who sorts that out?", "pests"),
    ("if the movers are late and we're still in the suite a few weeks after the end date, what do we pay?",
     "holdover"),
])
def test_the_shipped_classifier_reads_the_clause_type_in_words_no_lease_uses(question: str, expected: str) -> None:
    assert load_type_model() is not None
    asked = question_types(question)
    assert max(asked, key=asked.__getitem__) == expected


def test_a_clause_retrieval_misses_joins_the_candidates_by_its_type() -> None:
    lease = index_lease((LEASES / "office_lease_healthequity_crossroads_san_mateo_2020.pdf").read_bytes(),
                        "crossroads.pdf")
    found = lease.candidates("can management move our team to a different floor whenever they feel like it?")
    assert found is not None
    sections = {c.evidence.chunk.section for c in found[3] if c.type_match >= 0.3}
    assert any("SUBSTITUTION OF OTHER PREMISES" in s for s in sections)


def test_fitting_the_classifier_writes_an_artefact_over_every_clause_type(tmp_path) -> None:
    from agents.doma.lease.clause_types import TYPES
    from eval.fit_lease import fit_clause_types

    out = tmp_path / "types.json"
    figures = fit_clause_types(out)
    model = load_type_model(str(out))
    assert model is not None and set(model.classes) == set(TYPES) and figures["types"] == len(TYPES)
    asked = question_types("they want to charge me a penalty because my rent went in 3 days late", model)
    assert max(asked, key=asked.__getitem__) == "late_payment"
