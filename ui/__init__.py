"""Streamlit rendering helpers for the workspace (cards, panels); only streamlit_app.py imports them."""
