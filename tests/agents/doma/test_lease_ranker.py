"""The learned layer of lease answers (clause order, not found, unsure) and questions in Spanish or Arabic."""

from __future__ import annotations

import json

import pytest

from agents.doma import lease_qa
from agents.doma.lease.glossary import english
from agents.doma.lease.ranker import load_lease_ranker
from agents.doma.lease_qa import UNSURE_LEAD, answer_question, deterministic_answer, index_lease
from eval.fit_lease import fit
from tests.conftest import ROOT

LEASES = ROOT / "eval" / "datasets" / "leases"


@pytest.fixture(scope="module")
def residential() -> lease_qa.LeaseIndex:
    return index_lease((LEASES / "residential_lease.pdf").read_bytes(), "residential_lease.pdf")


@pytest.mark.parametrize(("question", "words"), [
    ("¿puedo subarrendar mi departamento?", "sublet"),
    ("¿Se permiten mascotas?", "animals"),
    ("هل يسمح بالحيوانات الأليفة في الشقة؟", "animals"),
])
def test_spanish_and_arabic_questions_reach_the_english_clause(residential, question: str, words: str) -> None:
    answer = answer_question(residential, question)
    assert not answer.not_found and words in answer.answer.lower() and answer.citations


def test_the_glossary_reads_accents_articles_and_leaves_other_words() -> None:
    assert "deposit" in english("¿cuándo me devuelven el depósito?")
    assert "balcony" in english("هل يسمح بالشواء على البلكونة؟")
    assert english("Can I paint the walls?") == "Can I paint the walls?"
    # an infinitive with its pronoun joined on reads as the infinitive; a word merely ending so does not
    assert "sublet" in english("¿Puedo subarrendarle un cuarto a un amigo?")
    assert "stay" in english("mi novia quiere quedarse") and "girlfriend" in english("mi novia quiere quedarse")
    assert english("Perla") == "Perla"


def test_a_pet_named_in_other_words_reaches_the_pet_clause(residential) -> None:
    answer = answer_question(residential, "we want to adopt a 30 lb mutt from the shelter, is that ok?")
    assert not answer.not_found and "animal" in answer.answer.lower()


def test_the_shipped_ranker_separates_a_clause_question_from_an_absent_topic(residential) -> None:
    ranker = load_lease_ranker()
    assert ranker is not None and 0.5 <= ranker.not_found_at <= 1.0
    _evidence, on_topic = residential.answerability("how much is the late fee if rent is late?")
    _evidence, off_topic = residential.answerability("is there a rooftop swimming pool and a gym?")
    assert on_topic is not None and off_topic is not None and off_topic > on_topic


def test_an_answer_the_model_doubts_says_so_and_still_cites_the_closest_clause(residential) -> None:
    ranker = load_lease_ranker()
    evidence, _p = residential.answerability("can I keep a bicycle in the hallway?")
    unsure = deterministic_answer(residential, "can I keep a bicycle in the hallway?", evidence,
                                  not_found=ranker.not_found_at - 0.01)
    assert unsure.uncertain and unsure.answer.startswith(UNSURE_LEAD) and unsure.citations
    sure = deterministic_answer(residential, "can I keep a bicycle in the hallway?", evidence, not_found=0.01)
    assert not sure.uncertain and not sure.answer.startswith(UNSURE_LEAD)
    absent = deterministic_answer(residential, "can I keep a bicycle in the hallway?", evidence,
                                  not_found=ranker.not_found_at)
    assert absent.not_found and not absent.citations


def test_fitting_learns_that_covering_the_question_makes_a_good_clause() -> None:
    cases = [json.loads(line) for line in (LEASES / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
    ranker, figures = fit(cases[:40], cases[40:])
    good = ranker.clause.classes.index("good")
    assert figures["good_rows"] > 0 and ranker.clause.weights["cov"][good] > ranker.clause.weights["cov"][1 - good]
    assert 0.5 <= ranker.not_found_at <= 1.01


def test_a_doubted_answer_in_spanish_says_its_caution_once_in_spanish(residential) -> None:
    from agents.doma.lease_qa import render_reply
    from agents.i18n import phrase

    ranker = load_lease_ranker()
    evidence, _p = residential.answerability("can I keep a bicycle in the hallway?")
    unsure = deterministic_answer(residential, "can I keep a bicycle in the hallway?", evidence,
                                  not_found=ranker.not_found_at - 0.01)
    reply = render_reply(unsure, "es")
    assert reply.startswith(phrase("lease_unsure", "es")) and UNSURE_LEAD not in reply
    assert UNSURE_LEAD in render_reply(unsure, "en")
