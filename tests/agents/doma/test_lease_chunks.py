"""Section-aware chunking: headings, sub-clauses, pages, running headers, headings split over pages."""

from __future__ import annotations

from agents.doma.lease.chunks import Chunk, chunk_pages

HEADER = "Acme Apartments Residential Lease - Unit 7"
PAGE_1 = f"""{HEADER}
RESIDENTIAL LEASE
ARTICLE FOUR: RENT
4.1 Monthly Rent. Tenant shall pay rent of $1,200.00 on the first day of each month without any demand
or deduction of any kind, at the office of the Landlord or through the online portal as provided in
Section 9 of this Lease, which also governs late payment. Rent for a partial month is prorated.
4.2 Late Fee. If rent is not paid by the fifth day of the month, Tenant shall pay a late fee of $50.00, and
the fee is due with the rent. Landlord may also charge interest
Page 1 of 3"""
PAGE_2 = f"""{HEADER}
at the legal rate on any unpaid amount. This sentence starts on page two.
ARTICLE FIVE:
Page 2 of 3"""
PAGE_3 = f"""{HEADER}
MAINTENANCE AND REPAIRS
5.1 Landlord shall repair the heating system and the water heater.
12. PETS
No animals may be kept without the written consent of Landlord.
Section 6 – Security Deposit
Tenant shall deposit $1,200.00 with Landlord before move-in.
7. Use of Premises. Tenant shall use the Premises only as a private residence.
Page 3 of 3"""


def _chunks() -> list[Chunk]:
    return chunk_pages([PAGE_1, PAGE_2, PAGE_3])


def _find(chunks: list[Chunk], words: str) -> Chunk:
    return next(c for c in chunks if words in c.text)


def test_running_headers_and_page_numbers_are_dropped() -> None:
    text = " ".join(c.text for c in _chunks())
    assert HEADER not in text
    assert "Page 1 of 3" not in text


def test_article_heading_and_numbered_sub_clauses() -> None:
    chunks = _chunks()
    rent = _find(chunks, "$1,200.00 on the first day")
    assert rent.section == "ARTICLE FOUR: RENT"
    assert rent.label == "4.1 Monthly Rent"
    assert rent.pages == [1]
    assert rent.cite_section == "ARTICLE FOUR: RENT — 4.1 Monthly Rent"
    # The clause title moves to the label, so the quote starts with the clause's words.
    assert rent.text.startswith("Tenant shall pay rent")


def test_wrapped_line_starting_with_section_is_not_a_heading() -> None:
    rent = _find(_chunks(), "$1,200.00 on the first day")
    assert "Section 9 of this Lease" in rent.text
    assert "prorated" in rent.text


def test_clause_running_over_a_page_break_keeps_each_sentence_page() -> None:
    late = _find(_chunks(), "late fee of $50.00")
    assert late.label == "4.2 Late Fee"
    assert late.pages == [1, 2]
    pages = {s.text.split()[0]: s.page for s in late.sentences}
    assert pages["If"] == 1
    assert pages["This"] == 2
    # The sentence that starts on page 1 and ends on page 2 is one sentence, cited on page 1.
    assert any("interest at the legal rate" in s.text and s.page == 1 for s in late.sentences)


def test_heading_split_over_a_page_break_is_joined() -> None:
    repair = _find(_chunks(), "water heater")
    assert repair.section == "ARTICLE FIVE: MAINTENANCE AND REPAIRS"
    assert repair.label == "5.1"
    assert repair.pages == [3]


def test_numbered_caps_and_dash_headings() -> None:
    chunks = _chunks()
    assert _find(chunks, "No animals").section == "12. PETS"
    assert _find(chunks, "deposit $1,200.00").section == "Section 6 – Security Deposit"


def test_inline_numbered_heading() -> None:
    use = _find(_chunks(), "private residence")
    assert use.section == "7. Use of Premises"
    assert use.text == "Tenant shall use the Premises only as a private residence."


def test_inline_enumeration_in_a_long_paragraph_is_split_per_item() -> None:
    body = (
        "Each of the following is an event of default: (a) Tenant fails to pay rent within five days after "
        "written notice that it is due; (b) Tenant fails to cure any other breach within thirty days after "
        "written notice from Landlord; (c) Tenant abandons the Premises or files for bankruptcy protection; "
        "or (d) Tenant makes a false statement in the rental application that Landlord relied upon."
    )
    chunks = chunk_pages([f"Section 16 – Default\n{body}"])
    assert [c.label for c in chunks] == ["", "(a)", "(b)", "(c)", "(d)"]
    assert chunks[3].text.startswith("(c) Tenant abandons")
    assert all(c.section == "Section 16 – Default" for c in chunks)


def test_abbreviations_do_not_split_sentences() -> None:
    chunks = chunk_pages(["1.1 Hours. Moving is allowed from 8:00 a.m. to 8:00 p.m. on weekdays. No exceptions."])
    assert [s.text for s in chunks[0].sentences] == [
        "Moving is allowed from 8:00 a.m. to 8:00 p.m. on weekdays.",
        "No exceptions.",
    ]


def test_a_sub_heading_labels_the_clause_it_introduces_and_is_never_a_passage() -> None:
    page = ("7 ASSIGNMENT AND SUBLETTING\nAssignment\n7.1 The Tenant must not assign the Tenancy without consent.\n"
            "Subletting of part of the Property\n7.2 The Tenant can request to sublet part of the Property.\n")
    chunks = chunk_pages([page])
    assert [c.text for c in chunks] == ["The Tenant must not assign the Tenancy without consent.",
                                        "The Tenant can request to sublet part of the Property."]
    assert chunks[0].label == "7.1 Assignment"
    assert chunks[1].cite_section == "7 ASSIGNMENT AND SUBLETTING — 7.2 Subletting of part of the Property"


def test_a_part_header_printed_atop_many_pages_of_a_long_lease_is_dropped() -> None:
    pages = [f"Section C: Tenant obligations\n{n}.1 The Tenant shall keep clause {n} in mind at all times.\n"
             for n in range(1, 21)]
    assert all("Section C" not in c.text for c in chunk_pages(pages))


def test_lettered_sub_clauses_are_clauses_of_their_own() -> None:
    page = ("14. YOUR OBLIGATIONS\n14.4a Guests You must tell us before a guest stays overnight.\n"
            "14.4c Pets No pets are allowed in residences.\n")
    labels = [c.label for c in chunk_pages([page])]
    assert labels[0].startswith("14.4a") and labels[1].startswith("14.4c")


def test_a_long_numbered_heading_that_wraps_is_one_heading() -> None:
    page = ("5 SECURITY OF THE PROPERTY AND PERIODS OF ABSENCE OF MORE THAN 28\nDAYS\n"
            "5.1 The Tenant must not leave the Property unoccupied for more than 28 consecutive days.\n"
            "6 ACCESS TO THE PROPERTY\n6.1 The Landlord may inspect with 24 hours notice.\n")
    chunks = chunk_pages([page])
    assert chunks[0].section == "5 SECURITY OF THE PROPERTY AND PERIODS OF ABSENCE OF MORE THAN 28 DAYS"
    assert chunks[1].section == "6 ACCESS TO THE PROPERTY"  # each clause under its own heading


def test_a_summary_of_basic_lease_information_is_one_passage_per_item() -> None:
    summary = ("SUMMARY OF BASIC LEASE INFORMATION\n"
               "5. Tenant's Share (Article 4): Approximately 4.7304%. 6. Permitted Use (Article 5): General office\n"
               "use consistent with a first-class office building. 7. Security Deposit (Article 21): $41,366.39. 8.\n"
               "Parking "
               "Pass Ratio (Article 28): 3.3 unreserved parking passes for every 1,000 rentable square feet.")
    chunks = chunk_pages([summary, "ARTICLE 21 SECURITY DEPOSIT\nTenant shall deposit the amount set forth in "
                                   "Section 7 of the Summary."])
    by_label = {c.label: c.text for c in chunks}
    assert by_label["7. Security Deposit (Article 21)"] == "$41,366.39."
    assert by_label["8. Parking Pass Ratio (Article 28)"].startswith("3.3 unreserved parking passes")
    assert by_label["5. Tenant's Share (Article 4)"] == "Approximately 4.7304%."
    # ordinary prose with one "Title: text" is not a summary
    prose = chunk_pages(["1. Rent: Tenant pays $900 on the 1st. Late payments cost $40 after the 3rd."])
    assert len(prose) == 1


def test_sentence_case_headings_that_continue_the_numbering_open_sections() -> None:
    """'3. Tenancy cancellation' after '2. Sub-letting and sharing' is a section of its own (its clause was cited
    under '1. Definitions'); '5. Pay the rent on time.', which does not follow 3, is no heading."""
    page = ("1. Definitions\nThe Accommodation means your room.\n2. Sub-letting and sharing\nYou are not to sublet "
            "the Accommodation.\n3. Tenancy cancellation\na) Cancellation by tenant\nYou must tell us in writing.\n"
            "5. Pay the rent on time.\n")
    chunks = chunk_pages([page])
    assert _find(chunks, "You must tell us in writing").section == "3. Tenancy cancellation"
    assert _find(chunks, "You are not to sublet").section == "2. Sub-letting and sharing"
    assert not any(c.section.startswith("5.") for c in chunks)


def test_decimal_numbered_headings_and_no_postcode_headings() -> None:
    """'3.0 The Tenant's Obligations' opens a section whose clauses are 3.1, 3.2 (the clauses were cited under the
    landlord's postcode 'PH1 2NX'); a postcode or a form's placeholder in capitals is no heading; a sentence-case
    heading with a comma continues the numbering ('8. Heating, lighting and power costs' after 7)."""
    page = ("Between:\nPerth College\nCrieff Road\nPH1 2NX\nDD MMMM YYYY\n1.0 Definitions and Interpretation\n"
            "1.1 Building means the building.\n3.0 The Tenant's Obligations\n3.1 The Tenant shall pay the rent.\n"
            "9.0  Guarantee (if applicable)\n9.1 The Guarantor will ensure that the Tenant pays.\n")
    chunks = chunk_pages([page])
    assert _find(chunks, "The Tenant shall pay the rent").section == "3.0 The Tenant's Obligations"
    assert _find(chunks, "The Guarantor will ensure").section == "9.0 Guarantee (if applicable)"
    assert not any(c.section in ("PH1 2NX", "DD MMMM YYYY") for c in chunks)
    uk = "7. Insurance\nContents insurance is included.\n8. Heating, lighting and power costs\nAre included.\n"
    assert _find(chunk_pages([uk]), "Are included.").section == "8. Heating, lighting and power costs"
