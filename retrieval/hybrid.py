"""A hybrid index over passages: BM25 (bm25s) and dense vectors (FAISS), fused by reciprocal rank."""

from __future__ import annotations

import logging

import numpy as np

from retrieval.embed import Embedder, HashingEmbedder

RRF_K = 60  # the usual reciprocal-rank-fusion constant: damps the influence of any single ranking's top


def rrf_fuse(rankings: list[list[int]], weights: list[float] | None = None, k: int = RRF_K) -> dict[int, float]:
    """Fuse ranked id lists (best first) by weighted reciprocal rank: id -> sum of weight / (k + rank).

    Args:
        rankings: one list of ids per ranking, best first.
        weights: one weight per ranking (all 1.0 when None).
        k: the damping constant.
    """
    fused: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights or [1.0] * len(rankings), strict=True):
        for rank, doc in enumerate(ranking):
            fused[doc] = fused.get(doc, 0.0) + weight / (k + rank + 1)
    return fused


class HybridIndex:
    """BM25 over stemmed tokens plus cosine similarity in a FAISS inner-product index.

    Args:
        tokens: the stemmed content tokens of each passage (for BM25).
        texts: the raw text of each passage (for the embedder).
        embedder: the dense embedder; the offline hashing embedder when None.
    """

    def __init__(self, tokens: list[list[str]], texts: list[str], embedder: Embedder | None = None) -> None:
        import bm25s  # imported here: keeps module import free of heavy work
        import faiss

        # bm25s logs every index build at DEBUG on its own logger; a lease is indexed per upload, so quiet it.
        logging.getLogger("bm25s").setLevel(logging.WARNING)

        self.size = len(texts)
        self.bm25 = bm25s.BM25()
        self.bm25.index([t or [""] for t in tokens], show_progress=False)
        self.embedder: Embedder = embedder or HashingEmbedder()
        self.embedder.fit(texts)
        vectors = self.embedder.embed_documents(texts)
        self.dense = faiss.IndexFlatIP(vectors.shape[1])
        self.dense.add(vectors)

    def bm25_scores(self, query_tokens: list[str]) -> np.ndarray:
        """BM25 score of every passage (0 where no query token occurs)."""
        if not query_tokens:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self.bm25.get_scores(query_tokens), dtype=np.float32)

    def dense_search(self, query_text: str, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(similarities, passage ids) of the k nearest passages by cosine."""
        vector = self.embedder.embed_query(query_text).reshape(1, -1)
        sims, ids = self.dense.search(vector, min(k, self.size))
        return sims[0], ids[0]

    def search(self, query_tokens: list[str], query_text: str, k: int = 10) -> list[tuple[int, float]]:
        """The top k passages as (id, fused score), best first.

        Args:
            query_tokens: stemmed query tokens, vocabulary expansions included.
            query_text: the query as text for the dense side (expansions appended).
            k: how many to return.
        """
        if self.size == 0:
            return []
        scores = self.bm25_scores(query_tokens)
        lexical = [int(d) for d in np.argsort(-scores, kind="stable")[: max(k * 2, 20)] if scores[d] > 0]
        sims, ids = self.dense_search(query_text, max(k * 2, 20))
        dense = [int(d) for sim, d in zip(sims, ids, strict=True) if d >= 0 and sim > 0]
        fused = rrf_fuse([lexical, dense])
        return sorted(fused.items(), key=lambda item: (-item[1], item[0]))[:k]
