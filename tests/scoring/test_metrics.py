import numpy as np
import pytest
from sklearn.metrics import ndcg_score

from scoring.metrics import accuracy, field_score, mrr_at_k, ndcg_at_k, precision_of, recall_of, set_f1, spec_f1

CASES = [
    (["a", "b", "c", "d"], {"a": 3, "b": 2, "c": 3, "e": 1}),
    (["x", "y", "z"], {"a": 3, "b": 2}),
    (["b", "a", "c"], {"a": 1, "b": 1, "c": 2, "d": 3}),
    (["c", "a", "b"], {"a": 3, "b": 3, "c": 3}),
]


@pytest.mark.parametrize(("ranked", "qrels"), CASES)
def test_ndcg_matches_scikit_learn(ranked, qrels):
    universe = sorted(set(ranked) | set(qrels))
    true = np.array([[qrels.get(u, 0) for u in universe]], dtype=float)
    # scores that reproduce our ranking: ranked ids first in order, everything else after
    scores = np.array([[len(ranked) - ranked.index(u) if u in ranked else 0 for u in universe]], dtype=float)
    assert ndcg_at_k(ranked=ranked, qrels=qrels, k=3) == pytest.approx(ndcg_score(true, scores, k=3))


def test_mrr_counts_first_unit_of_grade_two_or_more():
    assert mrr_at_k(ranked=["a", "b", "c"], qrels={"a": 1, "b": 2}) == 0.5
    assert mrr_at_k(ranked=["a", "b", "c", "d"], qrels={"d": 3}) == 0.0
    assert mrr_at_k(ranked=["d"], qrels={"d": 3}) == 1.0


def test_set_f1_and_fields():
    assert set_f1(["a", "b"], ["a", "c"]) == 0.5
    assert set_f1([], []) == 1.0
    assert field_score("budget_max", 5090, 5000) == 1.0  # within 2 %
    assert field_score("budget_max", 5200, 5000) == 0.0
    assert field_score("must_haves", ["pet-friendly"], ["pet_friendly"]) == 1.0
    assert field_score("spec_status", "OK", "ok") == 1.0
    assert field_score("min_bedrooms", None, 0) == 0.0


def test_spec_f1_macro_over_fields_with_budget_flattened():
    result = spec_f1([({"location": ["soho"], "budget_monthly_usd": {"min": None, "max": 4000}},
                       {"location": ["soho"], "budget_max": 4000, "min_sqft": 100})])
    assert result["per_field"] == {"budget_max": 1.0, "location": 1.0, "min_sqft": 0.0}
    assert result["spec_f1"] == pytest.approx(2 / 3)


def test_accuracy_recall_precision():
    pairs = [("P0", "P0"), ("P1", "P0"), ("P0", "P2"), ("P2", "P2")]
    assert accuracy(pairs) == 0.5
    assert recall_of(pairs, "P0") == 0.5
    assert precision_of(pairs, "P0") == 0.5
    assert recall_of([("P1", "P1")], "P0") is None
