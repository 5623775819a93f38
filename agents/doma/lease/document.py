"""A lease read, chunked and indexed: the object the lease agent answers from."""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from agents.doma.lease.chunks import Chunk, chunk_pages
from agents.doma.lease.clause_types import match, passage_types, question_types
from agents.doma.lease.evidence import Evidence, concept_weights, judge
from agents.doma.lease.glossary import english
from agents.doma.lease.pdf import read_pdf_pages
from agents.doma.lease.ranker import Candidate, load_lease_ranker, question_features, rank
from agents.doma.lease.risks import find_risk_flags
from agents.doma.lease.vocab import Concept, content_stems, lease_vocabulary, question_concepts
from contracts.doma import RiskFlag
from retrieval.embed import Embedder
from retrieval.hybrid import HybridIndex

CANDIDATES = 20  # passages fused from BM25 and dense retrieval, then judged
TYPED_EXTRA = 5  # at most this many more: the passages most of the clause type the question asks about
TYPED_MIN = 0.3  # ... when they match it at least this well
LEAD_IN_REACH = 12  # how many items back an enumeration's lead-in sentence may stand
_ITEM_LABEL = re.compile(r"\((?:[a-z]{1,2}|[ivx]{1,5}|\d{1,2})\)$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
_DEFINED = re.compile(r"\(\s*(?:the\s+|an?\s+)?[\"“']([^\"”']{1,40})[\"”']")
_SUMMARY_REF = re.compile(r"\bSection\s+(\d{1,2}(?:\.\d{1,2})?)\s+of\s+the\s+Summary\b", re.IGNORECASE)
SUMMARY_PAGES = 4  # a lease's summary of basic information stands at its start
NAME_PAGES = 2  # the parties, the property and the title stand on the first pages
NAME_MAX_PASSAGES = 3  # a name recurs in a few passages; a defined term in many


def document_names(chunks: list[Chunk], df: Counter[str]) -> frozenset[str]:
    """Stems of the words that name this lease's parties and property ("Oakwood Rentals", "48 Birch Lane",
    "San Mateo"): capitalised mid-sentence on the first pages, never the stem of a word written in lower case
    anywhere in the lease, not a defined term ("Owner", "Premises"), and in few passages (a defined term is
    everywhere). A question naming them says which lease it means, not what it asks."""
    text = " ".join(c.text for c in chunks)
    lower = {s for w in _WORD.findall(text) if w[0].islower() for s in content_stems(w)}
    defined = {s for term in _DEFINED.findall(text) for s in content_stems(term)}
    first = " ".join(c.text for c in chunks if c.pages and c.pages[0] <= NAME_PAGES)
    capitalised = [m.group() for m in _WORD.finditer(first) if m.group()[0].isupper()
                   and not re.search(r"(?:^|[.!?:;]\s*|[\"“(]\s*)$", first[max(0, m.start() - 3):m.start()])]
    return frozenset(s for w in capitalised for s in content_stems(w)
                     if s not in lower and s not in defined and s not in lease_vocabulary()
                     and df.get(s, 0) <= NAME_MAX_PASSAGES)


@dataclass
class LeaseIndex:
    """Chunks of one lease with their hybrid index, word statistics and risk flags."""

    sha256: str
    name: str
    page_count: int
    chunks: list[Chunk]
    hybrid: HybridIndex
    risk_flags: list[RiskFlag]
    stems: list[frozenset[str]] = field(repr=False)
    df: Counter[str] = field(repr=False)
    names: frozenset[str] = field(default=frozenset(), repr=False)  # see document_names
    types: list[dict[str, float]] = field(default_factory=list, repr=False)  # each chunk's clause types
    build_ms: float = 0.0

    @cached_property
    def text(self) -> str:
        """The whole lease's text, once (for what it never mentions)."""
        return " ".join(chunk.text for chunk in self.chunks)

    @classmethod
    def from_pages(
        cls, pages: list[str], *, sha256: str = "", name: str = "lease.pdf", embedder: Embedder | None = None
    ) -> LeaseIndex:
        """Index page texts (page 1 first)."""
        started = time.perf_counter()
        chunks = chunk_pages(pages)
        # The heading and sub-clause title are indexed with the text: "12. PETS" is what a pet question hits.
        passages = [f"{c.section} {c.label} {c.text}" for c in chunks]
        tokens = [content_stems(p) for p in passages]
        stems = [frozenset(t) for t in tokens]
        df: Counter[str] = Counter()
        for s in stems:
            df.update(s)
        index = cls(
            sha256=sha256,
            name=name,
            page_count=len(pages),
            chunks=chunks,
            hybrid=HybridIndex(tokens, passages, embedder),
            risk_flags=find_risk_flags(chunks),
            stems=stems,
            df=df,
            names=document_names(chunks, df),
            types=[passage_types(c.section, c.label, c.text) for c in chunks],
        )
        index.build_ms = (time.perf_counter() - started) * 1000
        return index

    @classmethod
    def from_pdf(cls, data: bytes, name: str = "lease.pdf", *, embedder: Embedder | None = None) -> LeaseIndex:
        """Read and index a PDF.

        Raises:
            LeaseError: the file cannot be used (the message says why, for the user).
        """
        started = time.perf_counter()
        pages = read_pdf_pages(data)
        index = cls.from_pages(pages, sha256=hashlib.sha256(data).hexdigest(), name=name, embedder=embedder)
        index.build_ms = (time.perf_counter() - started) * 1000
        return index

    def search(self, question: str, k: int = CANDIDATES) -> list[Evidence]:
        """Passages that may answer a question, best first (empty for an empty question)."""
        return self.answerability(question, k)[0]

    def answerability(self, question: str, k: int = CANDIDATES) -> tuple[list[Evidence], float | None]:
        """Passages best first, and the probability that the lease does not answer at all (None without the
        learned ranker: the coverage threshold decides then)."""
        question = english(question)  # a question in Arabic or Spanish, in the lease's English words
        found = self.candidates(question, k)
        if found is None:
            return [], None
        concepts, weights, absent, candidates, type_coverage = found
        ranker = load_lease_ranker()
        if ranker is None:
            return [c.evidence for c in candidates], None
        ranked = rank(ranker.clause, question, concepts, weights, candidates)
        not_found = ranker.not_found(question_features(concepts, weights, absent, ranked, type_coverage))
        return [c.evidence for _, c in ranked], not_found

    def candidates(self, question: str, k: int = CANDIDATES) -> tuple[list[Concept], list[float], float,
                                                                     list[Candidate], float] | None:
        """The question's concepts and weights, the share of that weight the lease never mentions, the retrieved
        clauses judged by the rules (coverage order) with their retrieval ranks and scores, and how much of the clause
        type asked about this lease has a passage of (the question in English words: `answerability` reads it
        through the lease glossary)."""
        concepts = question_concepts(question)
        # Words that only name the lease's parties or property are dropped, unless they are all the question has.
        asked = [c for c in concepts if not c.stems <= self.names]
        concepts = asked or concepts
        if not concepts or not self.chunks:
            return None
        weights = concept_weights(concepts, self.df, len(self.chunks))
        total = sum(weights) or 1.0
        absent = sum(w for c, w in zip(concepts, weights, strict=True)
                     if not any(self.df.get(s) for s in c.stems)) / total
        tokens = sorted({s for c in concepts for s in c.stems})
        query_text = " ".join([question, *tokens])
        hits = self.hybrid.search(tokens, query_text, k=k)
        wanted = question_types(question)
        matches = [match(wanted, types) for types in self.types]  # each passage against the clause type asked
        # The passages of the clause type asked about join the pool even when no word of the question is in them
        # ("can they move our team to another floor" and the clause on substituting other premises).
        found = {i for i, _score in hits}
        typed = sorted(((m, i) for i, m in enumerate(matches)), reverse=True)
        hits = hits + [(i, 0.0) for m, i in typed[:TYPED_EXTRA] if m >= TYPED_MIN and i not in found]
        fused_rank = {i: r for r, (i, _score) in enumerate(hits)}
        bm25 = self.hybrid.bm25_scores(tokens)
        top_bm25 = max((float(bm25[i]) for i, _ in hits), default=0.0) or 1.0
        sims, ids = self.hybrid.dense_search(query_text, k)
        dense = {int(i): float(s) for s, i in zip(sims, ids, strict=True) if i >= 0}
        judged = judge(((self.chunks[i], self.stems[i], score) for i, score in hits), concepts, weights, question)
        return concepts, weights, absent, [
            Candidate(self._with_lead_in(item), rank, fused_rank[item.chunk.index],
                      float(bm25[item.chunk.index]) / top_bm25, dense.get(item.chunk.index, 0.0),
                      matches[item.chunk.index] if matches else 0.0)
            for rank, item in enumerate(judged)], max(matches, default=0.0)

    def summary_item(self, item: Evidence) -> Evidence | None:
        """The Summary line a clause defers to ("in the amount set forth in Section 7 of the Summary"): the
        figure a reader turns back to find, quoted whole (None when the clause refers to none or it is not found)."""
        quoted = " ".join(s.text for s in item.quote)
        ref = _SUMMARY_REF.search(quoted) or _SUMMARY_REF.search(item.chunk.text)
        if ref is None:
            return None
        number = ref.group(1)
        for chunk in self.chunks:
            if chunk.pages and chunk.pages[0] > SUMMARY_PAGES:
                break
            if re.match(rf"{re.escape(number)}\.?\s", chunk.label) and chunk.index != item.chunk.index:
                return Evidence(chunk, item.coverage, item.score, chunk.sentences)
        return None

    def _with_lead_in(self, item: Evidence) -> Evidence:
        """An enumerated item ("(a) to inspect its condition;") is quoted after the sentence that introduces it
        ("... the Tenant must give the Landlord access ... for the following purposes:"): alone it says nothing."""
        if not _ITEM_LABEL.search(item.chunk.label) or not item.quote:
            return item
        for j in range(item.chunk.index - 1, max(-1, item.chunk.index - LEAD_IN_REACH), -1):
            before = self.chunks[j]
            if before.section != item.chunk.section:
                break
            if not _ITEM_LABEL.search(before.label):
                lead = before.sentences[-1]
                if lead.text.rstrip().endswith((":", "-", "—")) and lead not in item.quote:
                    return Evidence(item.chunk, item.coverage, item.score, (lead, *item.quote))
                break
        return item
