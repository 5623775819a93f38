"""Text retrieval shared by lease QA, comps and the tool router: tokens, BM25, vectors and rank fusion."""
