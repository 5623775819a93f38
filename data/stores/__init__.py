"""Stores that outlive a process: tour holds, viewing requests and checkpoints, on SQLite or PostgreSQL
(backend.py is the one switch; `python -m data.stores migrate` applies the PostgreSQL schema)."""
