"""Lease documents: reading PDFs, section-aware chunks, the hybrid index, evidence scoring and risk flags."""
