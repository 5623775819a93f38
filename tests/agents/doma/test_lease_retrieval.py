"""Vocabulary, embedder, hybrid index and evidence scoring of the lease package."""

from __future__ import annotations

import numpy as np
from langchain_core.embeddings import DeterministicFakeEmbedding

from agents.doma.lease.document import LeaseIndex
from agents.doma.lease.vocab import content_stems, question_concepts
from retrieval.embed import HashingEmbedder, LangChainEmbedder
from retrieval.hybrid import HybridIndex
from retrieval.text import stem

PAGES = [
    "ARTICLE TWELVE: EARLY TERMINATION\n"
    "12.1 Early Termination. Tenant may terminate this Lease before the end of the Term by giving sixty (60) days'"
    " written notice and paying an early termination fee of two months' rent.\n"
    "ARTICLE TEN: ANIMALS\n"
    "10.1 Animals. No animals shall be kept on the Premises without the prior written consent of Landlord.\n",
    "ARTICLE SEVEN: MAINTENANCE\n"
    "7.1 Repairs. Landlord shall make all repairs to plumbing, heating and appliances within a reasonable time.\n"
    "ARTICLE THREE: RENT\n"
    "3.1 Rent. Tenant shall pay rent of $1,800.00 on the first day of each month.\n",
]


def test_stemmer_folds_forms_of_a_word() -> None:
    assert stem("subletting") == stem("sublet") == "sublet"
    assert stem("repairs") == stem("repair")
    assert stem("payment") == stem("pay")
    assert stem("Tenant's") == stem("tenant")


def test_contractions_and_question_words_carry_no_concept() -> None:
    assert content_stems("What's the rent? I'm asking, aren't you?") == ["rent", "ask"]


def test_plain_words_are_bridged_to_lease_words() -> None:
    leave = question_concepts("how much notice to leave early?")
    assert any({"termination", "terminat"} & c.stems for c in leave)
    pets = question_concepts("can I have pets?")
    assert any("animal" in c.stems for c in pets)
    fix = question_concepts("who fixes the water heater?")
    assert any("repair" in c.stems for c in fix)


def test_hashing_embedder_is_normalised_and_deterministic() -> None:
    texts = ["early termination fee", "animals need consent", "rent is due on the first"]
    first, second = HashingEmbedder(), HashingEmbedder()
    first.fit(texts)
    second.fit(texts)
    a, b = first.embed_documents(texts), second.embed_documents(texts)
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(a, b)
    query = first.embed_query("terminating early")
    assert int(np.argmax(a @ query)) == 0  # character n-grams match across word forms


def test_hybrid_index_fuses_both_rankings() -> None:
    texts = ["early termination fee of two months", "animals need consent", "rent is due on the first"]
    index = HybridIndex([content_stems(t) for t in texts], texts)
    hits = index.search(content_stems("termination"), "termination", k=3)
    assert hits[0][0] == 0
    # A query BM25 cannot match (no shared stem) still gets dense candidates.
    assert index.search([], "terminating", k=3)[0][0] == 0


def test_langchain_embeddings_can_replace_the_default() -> None:
    embedder = LangChainEmbedder(DeterministicFakeEmbedding(size=32))
    index = LeaseIndex.from_pages(PAGES, embedder=embedder)
    assert index.hybrid.dense.d == 32
    assert index.search("can I have a dog?")[0].chunk.label == "10.1 Animals"


def test_plain_language_questions_find_legal_wording() -> None:
    index = LeaseIndex.from_pages(PAGES)
    cases = {
        "How much notice to leave early?": "12.1 Early Termination",
        "Are pets allowed?": "10.1 Animals",
        "Who fixes the dishwasher when it breaks?": "7.1 Repairs",
        "When is rent due?": "3.1 Rent",
    }
    for question, label in cases.items():
        best = index.search(question)[0]
        assert best.chunk.label == label, question
        assert best.coverage >= 0.5


def test_unrelated_question_has_low_coverage() -> None:
    index = LeaseIndex.from_pages(PAGES)
    assert index.search("Is there a swimming pool on the roof?")[0].coverage < 0.3
    assert index.search("") == []


def test_alarm_compounds_do_not_answer_questions_about_their_first_word() -> None:
    from agents.doma.lease.vocab import join_compounds

    joined = join_compounds("inspections of any smoke or carbon monoxide alarms")
    assert joined == "inspections of any smokeorcarbonmonoxidealarm"
    assert "smok" not in content_stems("We will test the smoke alarms and the fire-escape every year.")
    assert "smok" in content_stems("Smoking is not allowed in the flat.")


def test_an_enumerated_item_is_quoted_with_the_sentence_that_introduces_it() -> None:
    from agents.doma.lease.document import LeaseIndex
    from agents.doma.lease_qa import answer_question

    page = ("6 ACCESS TO THE PROPERTY\n"
            "6.1 Provided the Landlord has given at least 24 hours notice in writing, the Tenant must give the "
            "Landlord access to the Property for the following purposes:\n"
            "(a) to inspect its condition and state of repair;\n(b) to carry out repairs; and\n"
            "(c) to show the Property to prospective buyers.\n"
            "7 PETS\n7.1 No animals may be kept at the Property without consent.\n")
    index = LeaseIndex.from_pages([page])
    answer = answer_question(index, "Can the landlord come in to inspect the flat?")
    assert "24 hours notice" in answer.answer and "inspect its condition" in answer.answer


def test_words_naming_the_parties_and_the_property_do_not_pick_the_clause() -> None:
    from agents.doma.lease.document import LeaseIndex

    pages = ["This agreement is between Oakwood Rentals (\"Owner\") and Priya Natarajan (\"Resident\") for the house "
             "at 48 Birch Lane, Columbus, Ohio 43215.\n"
             "1. TERM\nThis is a month-to-month tenancy. Either party may end it by giving the other at least thirty "
             "days' written notice.\n"
             "2. RENT\nResident will pay $1,650 per month, on or before the 1st."]
    index = LeaseIndex.from_pages(pages)
    assert {"oakwood", "birch", "natarajan"} <= index.names and "resid" not in index.names
    best = index.search("how much heads up do i need to give oakwood before i move out of the birch lane house?")
    assert best and "thirty days" in best[0].chunk.text


def test_everyday_arabic_and_spanish_tenancy_words_reach_the_lease_words() -> None:
    """Beyond money and notice: candles, quiet hours, a broken washing machine, the air conditioning's hours."""
    from agents.doma.lease.glossary import english

    assert "candles" in english("هل يسمح لي بإشعال الشموع في غرفتي؟")
    assert "quiet hours" in english("ما هي ساعات الهدوء في السكن؟")
    said = english("الغسالة المذكورة في قائمة الجرد تعطلت")
    assert "washing machine" in said and "inventory" in said and "broken" in said
    assert "air conditioning" in english("¿en qué horario está el aire acondicionado?")


def test_a_broken_washing_machine_is_an_appliance_repair_not_a_laundry_question() -> None:
    """A lease that never mentions laundry still answers who repairs an appliance listed in the inventory."""
    from agents.doma.lease_qa import absent_topic

    index = LeaseIndex.from_pages(["1. REPAIRS\nThe Landlord shall keep in repair the appliances which are listed "
                                   "in the inventory.\n2. RENT\nThe rent is due on the first day of each month."])
    assert absent_topic(index, "the washing machine on the inventory broke, who has to repair it?") is None
    assert absent_topic(index, "الغسالة المذكورة في قائمة الجرد تعطلت، هل المالك مسؤول عن إصلاحها؟") is None
    assert absent_topic(index, "is there a laundry room with washing machines?") == "laundry"


def test_work_on_the_space_water_and_what_is_left_behind_find_their_clauses() -> None:
    """Everyday words for alterations, a landlord's refusal, water as a utility and things left behind."""
    index = LeaseIndex.from_pages([
        "3. RENT\nTenant shall pay monthly rent of $2,150.00 on the first day of each month without deduction.\n"
        "8. ALTERATIONS\nTenant shall make no alterations without Landlord's prior written consent, which shall not "
        "be unreasonably withheld for cosmetic work.\n",
        "9. UTILITIES\nLandlord shall pay for water, sewer and trash collection; Tenant pays electricity.\n"
        "16. SURRENDER\nProperty remaining in the Premises seven (7) days after Tenant vacates is deemed abandoned "
        "and may be removed by Landlord.\n"])
    best = index.search("we'd like to repaint and put in new carpet. can the landlord just say no?")
    assert best and "alterations" in best[0].chunk.text.lower()
    best = index.search("is the water on us or is it part of the rent?")
    assert best and "water, sewer" in best[0].chunk.text
    best = index.search("if we leave an old couch behind, how long before they can get rid of it?")
    assert best and "abandoned" in best[0].chunk.text
