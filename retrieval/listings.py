"""Lexical and vector scores over many short listing texts (HDB resale rows), built once and queried per pool.

BM25 (bm25s) scores every row's full listing text. The dense side embeds each distinct "street + flat model"
text once (a few thousand, not 31,835: the rows of one street and model differ only in numbers, which the
dense side should not judge) and gives each row its group's cosine similarity.
"""

from __future__ import annotations

import logging

import numpy as np

from retrieval.embed import Embedder, HashingEmbedder
from retrieval.text import stem, words


def tokens(text: str) -> list[str]:
    """Stemmed word tokens of a text."""
    return [stem(w) for w in words(text)]


class ListingIndex:
    """BM25 over row texts plus cosine similarity over per-group texts.

    Args:
        texts: one listing text per row.
        groups: one group text per row (rows sharing it share a vector).
        embedder: the dense embedder; the offline hashing embedder when None.
    """

    def __init__(self, texts: list[str], groups: list[str], embedder: Embedder | None = None) -> None:
        import bm25s  # imported here: keeps module import free of heavy work

        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self.size = len(texts)
        self.bm25 = bm25s.BM25()
        self.bm25.index([tokens(t) or [""] for t in texts], show_progress=False)
        unique = sorted(set(groups))
        position = {g: i for i, g in enumerate(unique)}
        self.group_of = np.array([position[g] for g in groups], dtype=np.int32)
        self.embedder: Embedder = embedder or HashingEmbedder(dim=1024)
        self.embedder.fit(unique)
        self.vectors = self.embedder.embed_documents(unique)

    def bm25_scores(self, query: str) -> np.ndarray:
        """BM25 score of every row for a query (0 where no query token occurs)."""
        query_tokens = tokens(query)
        if not query_tokens or self.size == 0:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self.bm25.get_scores(query_tokens), dtype=np.float32)

    def vector_scores(self, query: str) -> np.ndarray:
        """Cosine similarity of every row's group text to the query."""
        if self.size == 0:
            return np.zeros(0, dtype=np.float32)
        sims = self.vectors @ self.embedder.embed_query(query)
        return np.asarray(sims[self.group_of], dtype=np.float32)
