"""The hybrid index over a lease's chunks: BM25 (bm25s) and dense vectors (FAISS), fused by reciprocal rank."""

from __future__ import annotations

import logging

import numpy as np

from data.lease.embed import Embedder, HashingEmbedder

RRF_K = 60  # the usual reciprocal-rank-fusion constant: damps the influence of any single ranking's top


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
        fused: dict[int, float] = {}
        scores = self.bm25_scores(query_tokens)
        for rank, doc in enumerate(np.argsort(-scores, kind="stable")[: max(k * 2, 20)]):
            if scores[doc] <= 0:
                break
            fused[int(doc)] = fused.get(int(doc), 0.0) + 1.0 / (RRF_K + rank + 1)
        sims, ids = self.dense_search(query_text, max(k * 2, 20))
        for rank, (sim, doc) in enumerate(zip(sims, ids, strict=True)):
            if doc < 0 or sim <= 0:
                continue
            fused[int(doc)] = fused.get(int(doc), 0.0) + 1.0 / (RRF_K + rank + 1)
        return sorted(fused.items(), key=lambda item: (-item[1], item[0]))[:k]
