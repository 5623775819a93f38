"""Stores that outlive a process: tour holds (and later checkpoints and viewing requests)."""
