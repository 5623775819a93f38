"""Dense vectors for lease passages.

The default embedder needs no download, no key and no network: hashed word stems and character n-grams,
TF-IDF weighted over the lease itself and L2-normalised (so inner product is cosine). Character n-grams
give the dense side what BM25 lacks: partial matches across word forms ("terminate" ~ "termination") and
small misspellings. Any LangChain `Embeddings` (e.g. an OpenAI-compatible model) can be used instead.
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from typing import Any, Protocol

import numpy as np

from retrieval.text import stem, words


class Embedder(Protocol):
    """What the index needs from an embedder."""

    def fit(self, texts: list[str]) -> None: ...

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def _normalise(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (matrix / norms).astype(np.float32)


class HashingEmbedder:
    """Hashed word-stem and character n-gram TF-IDF vectors (offline, deterministic)."""

    def __init__(self, dim: int = 4096, ngrams: tuple[int, ...] = (3, 4, 5)) -> None:
        self.dim = dim
        self.ngrams = ngrams
        self._idf = np.ones(dim, dtype=np.float32)
        self._buckets: dict[str, int] = {}  # feature -> bucket; crc32 is stable across processes

    def _bucket(self, feature: str) -> int:
        bucket = self._buckets.get(feature)
        if bucket is None:
            bucket = zlib.crc32(feature.encode("utf-8")) % self.dim
            self._buckets[feature] = bucket
        return bucket

    def _counts(self, text: str) -> Counter[int]:
        counts: Counter[int] = Counter()
        for word in words(text):
            counts[self._bucket("w:" + stem(word))] += 2  # whole words weigh more than their pieces
            padded = f"#{word}#"
            for n in self.ngrams:
                for i in range(max(1, len(padded) - n + 1)):
                    counts[self._bucket(padded[i : i + n])] += 1
        return counts

    def _matrix(self, texts: list[str]) -> np.ndarray:
        matrix = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for bucket, count in self._counts(text).items():
                matrix[row, bucket] = 1.0 + math.log(count)  # sublinear tf: repetition is not relevance
        return matrix

    def fit(self, texts: list[str]) -> None:
        """Learn IDF weights from the lease's own passages."""
        present = self._matrix(texts) > 0
        df = present.sum(axis=0)
        self._idf = np.log((1 + len(texts)) / (1 + df)).astype(np.float32) + 1.0

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return _normalise(self._matrix(texts) * self._idf)

    def embed_query(self, text: str) -> np.ndarray:
        return _normalise(self._matrix([text]) * self._idf)[0]


class LangChainEmbedder:
    """Adapter for a LangChain `Embeddings` object (e.g. OpenAIEmbeddings on an OpenAI-compatible server)."""

    def __init__(self, embeddings: Any) -> None:
        self.embeddings = embeddings

    def fit(self, texts: list[str]) -> None:
        """Nothing to learn: the model is pretrained."""

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return _normalise(np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32))

    def embed_query(self, text: str) -> np.ndarray:
        return _normalise(np.asarray([self.embeddings.embed_query(text)], dtype=np.float32))[0]
