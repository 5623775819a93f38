"""Shared retrieval pieces: reciprocal-rank fusion and the tokeniser."""

from __future__ import annotations

import pytest

from retrieval.hybrid import RRF_K, rrf_fuse
from retrieval.text import stem, words


def test_rrf_sums_reciprocal_ranks_across_rankings() -> None:
    fused = rrf_fuse([[7, 3], [3, 9]])
    assert fused[3] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))
    assert fused[7] == pytest.approx(1 / (RRF_K + 1))
    assert max(fused, key=fused.__getitem__) == 3  # in both lists beats first in one


def test_rrf_weights_tilt_the_fusion() -> None:
    fused = rrf_fuse([[1], [2]], weights=[0.3, 0.7], k=60)
    assert fused[2] > fused[1]
    assert fused[1] == pytest.approx(0.3 / 61)


def test_rrf_rejects_a_weight_count_that_does_not_match() -> None:
    with pytest.raises(ValueError):
        rrf_fuse([[1], [2]], weights=[1.0])


def test_words_and_stems() -> None:
    assert words("Can't sublet the tenant's flat") == ["can", "sublet", "the", "tenant", "flat"]
    assert stem("subletting") == "sublet"
