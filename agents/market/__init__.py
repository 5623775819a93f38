"""MARKET pipeline: market figures for buyers, sellers and investors (Abu Dhabi analytics; HDB comps)."""
