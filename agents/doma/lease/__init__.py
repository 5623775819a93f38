"""Lease documents: reading PDFs, section-aware chunks, the lease index, evidence scoring and risk flags."""
