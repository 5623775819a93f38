"""The app on PostgreSQL (DATABASE_URL): the same flow, its holds and thread in the database, none in SQLite."""

import psycopg
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT


def test_the_app_books_a_tour_in_postgresql_and_a_reload_finds_it(pg_url, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", pg_url)
    monkeypatch.setenv("DB_PATH", str(tmp_path / "workspace.sqlite"))
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception and any("PostgreSQL" in c.value for c in at.sidebar.caption)
    at.chat_input[0].set_value("2br in Williamsburg under $5k with a dishwasher, tour this Monday 6pm").run()
    tours = at.multiselect[0]
    tours.set_value([tours.options[0]])
    at.form_submit_button[0].click().run()
    inputs = {t.label: t for t in at.text_input}
    inputs["Name"].set_value("Ana Díaz")
    inputs["Email"].set_value("ana@example.com")
    at.form_submit_button[0].click().run()
    at.radio[0].set_value("Yes, hold these tours")
    at.form_submit_button[0].click().run()
    at.form_submit_button[0].click().run()  # confirm
    assert not at.exception and "**confirmed**" in "\n".join(m.value for m in at.markdown)
    thread, key = (at.query_params[k] for k in ("thread", "key"))
    thread, key = (v[0] if isinstance(v, list) else v for v in (thread, key))
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT status FROM holds WHERE thread_id = %s", (thread,)).fetchall() == [("confirmed",)]
        assert conn.execute("SELECT count(*) FROM viewing_requests WHERE thread_id = %s", (thread,)).fetchone() == (1,)
        assert conn.execute("SELECT count(*) FROM checkpoints WHERE thread_id = %s", (thread,)).fetchone()[0] > 0
    assert not (tmp_path / "holds.sqlite").exists() and not (tmp_path / "workspace.sqlite").exists()

    st.cache_resource.clear()  # another app process (a replica) on the same database
    again = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    again.query_params["thread"] = thread
    again.query_params["key"] = key
    again.run()
    assert not again.exception and "2br in Williamsburg under $5k" in "\n".join(m.value for m in again.markdown)
    assert "Your tours" in [s.value for s in again.subheader]
    st.cache_resource.clear()
