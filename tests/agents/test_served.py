"""The workspace graph served by LangGraph's own server (`langgraph dev`, in memory) on 127.0.0.1, driven
through the LangGraph SDK (RemoteGraph): the same tour-approval interrupts as in process, holds in the
workspace's database."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from agents.graph import answer, ask, pending_question
from agents.served import remote_graph
from data.stores.backend import open_holds
from data.stores.throwaway_pg import free_port
from tests.conftest import ROOT

pytest.importorskip("langgraph_api", reason="langgraph-cli[inmem] (requirements-dev.txt) is not installed")


@pytest.fixture
def served(database_url, tmp_path):
    """`langgraph dev` on a free loopback port, its state in tmp_path; yields (url, where the holds are)."""
    config = tmp_path / "langgraph.json"
    spec = json.loads((ROOT / "langgraph.json").read_text())
    spec["dependencies"] = [str(ROOT)]
    spec["graphs"] = {name: str(ROOT / path.removeprefix("./")) for name, path in spec["graphs"].items()}
    config.write_text(json.dumps(spec))
    port = free_port()
    env = {**os.environ, "DB_PATH": str(tmp_path / "workspace.sqlite"), "DATABASE_URL": database_url or "",
           "LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1"}
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-c", "from langgraph_cli.cli import cli; cli()", "dev", "--host", "127.0.0.1",
         "--port", str(port), "--no-browser", "--no-reload", "--config", str(config)],
        cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/ok", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("langgraph dev did not start:\n" + (tmp_path / "server.log").read_text()[-3000:])
            time.sleep(0.5)
        yield url, database_url or str(tmp_path / "holds.sqlite")
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)  # the server and its workers: the session started here
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        log.close()


def test_a_tour_approval_through_the_served_graph(served):
    url, holds_at = served
    graph = remote_graph(url)
    thread = str(uuid.uuid4())
    first = ask(graph, "tour SE-1545 and SE-2472 this Monday 6pm", thread_id=thread)
    question = pending_question(graph, thread_id=thread)
    assert "__interrupt__" in first and question["form"] == "multi_select" and len(question["options"]) == 2
    answer(graph, ["[1]"], thread_id=thread)
    assert pending_question(graph, thread_id=thread)["form"] == "contact"
    answer(graph, {"name": "Ana", "email": "ana@"}, thread_id=thread)  # invalid: asked again, naming it
    assert set(pending_question(graph, thread_id=thread)["errors"]) == {"email"}
    answer(graph, {"name": "Ana Diaz", "email": "ana@example.com"}, thread_id=thread)
    assert "ana@example.com" in pending_question(graph, thread_id=thread)["question"]
    assert open_holds(holds_at).list_by_thread(thread) == []  # nothing held before the user verified
    answer(graph, "Yes, hold these tours", thread_id=thread)
    final = answer(graph, [0], thread_id=thread)
    assert pending_question(graph, thread_id=thread) is None and "confirmed" in final["reply"]
    store = open_holds(holds_at)
    assert [(h.unit_id, h.status) for h in store.list_by_thread(thread)] == [("SE-1545", "confirmed")]
    assert len(store.viewings_by_thread(thread)) == 1
    # another thread on the same server sees none of it and asks for its own contact details
    other = str(uuid.uuid4())
    ask(graph, "tour SE-2472 this Monday 6pm", thread_id=other)
    answer(graph, ["[1]"], thread_id=other)
    assert pending_question(graph, thread_id=other)["form"] == "contact"
    assert store.list_by_thread(other) == []


def test_langgraph_json_names_the_factory():
    spec = json.loads((ROOT / "langgraph.json").read_text())
    module, _, attr = spec["graphs"]["workspace"].partition(":")
    assert Path(ROOT / module).exists() and attr == "make_graph"


@pytest.mark.parametrize("database_url", [None], indirect=False)
def test_the_app_talks_to_the_served_graph_when_graph_url_is_set(served, tmp_path, monkeypatch):
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    url, _holds_at = served
    monkeypatch.setenv("GRAPH_URL", url)
    monkeypatch.setenv("DB_PATH", str(tmp_path / "workspace.sqlite"))  # the server's holds file, for the panel
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=90)
    at.run()
    assert not at.exception and any(url in c.value for c in at.sidebar.caption)
    lease = ROOT / "eval" / "datasets" / "leases" / "residential_lease.pdf"
    at.sidebar.file_uploader[0].set_value(("lease.pdf", lease.read_bytes(), "application/pdf")).run()
    assert not at.exception and any("pages indexed" in s.value for s in at.sidebar.success)
    at.chat_input[0].set_value("can I sublet according to my lease?").run()
    assert not at.exception
    thread = at.query_params["thread"]
    thread = thread[0] if isinstance(thread, list) else thread
    served_state = remote_graph(url).get_state({"configurable": {"thread_id": thread}}).values
    assert served_state["lease"]["pages"] > 0 and served_state["lease_answer"]["citations"]  # answered from it
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
    at.form_submit_button[0].click().run()  # confirm the held tour
    assert not at.exception
    page = "\n".join(m.value for m in at.markdown)
    assert "**confirmed**" in page and "Your tours" in [s.value for s in at.subheader]
    st.cache_resource.clear()
