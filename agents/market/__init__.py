"""MARKET pipeline: HDB resale comparables (comps) and, later, analytics."""
