"""Inventory sources behind one protocol (`base.ListingSource`): the NYC files today."""
