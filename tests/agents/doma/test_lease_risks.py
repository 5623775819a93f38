"""Risk flags: each kind fires on risky wording (with its citation) and stays quiet on the safe variant."""

from __future__ import annotations

import pytest

from agents.doma.lease.chunks import chunk_pages
from agents.doma.lease.risks import find_risk_flags


def _kinds(*pages: str) -> list[str]:
    return [f.kind for f in find_risk_flags(chunk_pages(list(pages)))]


@pytest.mark.parametrize(
    ("risky", "safe", "kind"),
    [
        (
            "This Lease shall automatically renew for successive one-year terms.",
            "This Lease does not renew automatically.",
            "automatic_renewal",
        ),
        (
            "Tenant shall pay a non-refundable cleaning fee of $200.",
            "The cleaning deposit is refundable.",
            "non_refundable_fee",
        ),
        ("Rent paid after the fifth day incurs a late fee of $50.", "Rent is due on the first day.", "late_fee"),
        (
            "Landlord may enter the Premises at any time without notice.",
            "Landlord may enter without notice only in an emergency.",
            "entry_without_notice",
        ),
        (
            "Tenant shall be responsible for all repairs to the Premises.",
            "Landlord shall make all repairs to the Premises.",
            "tenant_pays_all_repairs",
        ),
        (
            "Tenant may terminate early by paying an early termination fee equal to two months' rent.",
            "Tenant may terminate early without penalty upon military deployment.",
            "early_termination_penalty",
        ),
        (
            "Tenant shall not sublet the Premises or any part of them.",
            "Tenant shall not sublet the Premises without the prior written consent of Landlord.",
            "sublet_prohibited",
        ),
        (
            "Tenant waives the right to a trial by jury.",
            "No failure to enforce a term is a waiver of it.",
            "waiver_of_rights",
        ),
    ],
)
def test_flag_fires_on_risky_wording_only(risky: str, safe: str, kind: str) -> None:
    assert kind in _kinds(f"ARTICLE ONE: TERMS\n1.1 {risky}")
    assert kind not in _kinds(f"ARTICLE ONE: TERMS\n1.1 {safe}")


def test_deposit_above_one_month_by_amount_and_by_months() -> None:
    rent = "3.1 Rent. Tenant shall pay monthly rent of $1,500.00 on the first day of each month."
    big = "4.1 Deposit. Tenant shall pay a security deposit of $3,000.00 at signing."
    fair = "4.1 Deposit. Tenant shall pay a security deposit of $1,500.00 at signing."
    months = "4.1 Deposit. The security deposit of $4,500.00 is equal to three (3) months of rent."
    assert "deposit_above_one_month" in _kinds(f"ARTICLE THREE: RENT\n{rent}\nARTICLE FOUR: DEPOSIT\n{big}")
    assert "deposit_above_one_month" not in _kinds(f"ARTICLE THREE: RENT\n{rent}\nARTICLE FOUR: DEPOSIT\n{fair}")
    assert "deposit_above_one_month" in _kinds(f"ARTICLE FOUR: DEPOSIT\n{months}")


def test_flag_carries_page_and_section() -> None:
    flags = find_risk_flags(
        chunk_pages(
            [
                "ARTICLE ONE: TERM\n1.1 Term. One year.",
                "ARTICLE NINE: ENTRY\n9.1 Entry. Landlord may enter at any time without notice.",
            ]
        )
    )
    entry = next(f for f in flags if f.kind == "entry_without_notice")
    assert entry.citation.page == 2
    assert entry.citation.section == "ARTICLE NINE: ENTRY — 9.1 Entry"
    assert "without notice" in entry.text


@pytest.mark.parametrize("sentence", [
    "A non-refundable pet fee is not charged under this lease.",
    "No late fee will be charged for rent paid within five days.",
    "Landlord shall not charge a non-refundable cleaning fee.",
    "This lease will not renew automatically.",
])
def test_a_sentence_that_negates_the_risk_raises_no_flag(sentence: str) -> None:
    assert not find_risk_flags(chunk_pages([f"12. FEES\n12.1 {sentence}\n"]))


def test_the_same_clause_stated_positively_is_flagged() -> None:
    flags = find_risk_flags(chunk_pages(["12. FEES\n12.1 Tenant shall pay a non-refundable pet fee of $300.\n"]))
    assert [f.kind for f in flags] == ["non_refundable_fee"]
