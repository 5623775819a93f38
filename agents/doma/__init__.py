"""DOMA, Documents & Manage: lease questions, repair triage and renewal negotiation."""
