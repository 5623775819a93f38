"""One user's thread never shows another's: contact details, holds, viewing requests and the uploaded lease
stay with their thread on either backend; thread links cannot be guessed or forged; limits hold everywhere."""

import tomllib
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agents.doma.lease.pdf import MAX_BYTES
from agents.doma.lease_qa import lease_qa_node, store_uploaded_lease
from agents.graph import answer, ask, build_graph, pending_question
from agents.threads import load_or_create_secret, new_thread, sign, verified_thread
from data.stores.backend import open_backend
from tests.conftest import ROOT

LEASE_PDF = ROOT / "eval" / "datasets" / "leases" / "residential_lease.pdf"
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("America/New_York"))


def test_one_threads_contact_holds_and_lease_are_invisible_from_another(database_url, tmp_path):
    stores = open_backend(database_url, db_path=tmp_path / "threads.sqlite")
    graph = build_graph(checkpointer=stores.checkpointer, holds=stores.holds, now=lambda: NOW)
    a, b = new_thread(b"k")[0], new_thread(b"k")[0]
    lease = store_uploaded_lease(LEASE_PDF.read_bytes(), "lease.pdf", tmp_path / "leases")
    graph.update_state({"configurable": {"thread_id": a}}, {"lease": lease})
    ask(graph, "tour SE-1545 this Monday 6pm", thread_id=a)
    answer(graph, ["[1]"], thread_id=a)
    answer(graph, {"name": "Ana Diaz", "email": "ana@example.com", "phone": "2125550123"}, thread_id=a)
    answer(graph, "Yes, hold these tours", thread_id=a)
    answer(graph, [0], thread_id=a)
    assert [h.status for h in stores.holds.list_by_thread(a)] == ["confirmed"]

    seen_from_b = graph.get_state({"configurable": {"thread_id": b}}).values
    assert not seen_from_b.get("contact") and not seen_from_b.get("lease") and not seen_from_b.get("holds")
    assert stores.holds.list_by_thread(b) == [] and stores.holds.viewings_by_thread(b) == []
    # B asks about a lease: it has none (A's is not used) ...
    assert "upload" in ask(graph, "can I sublet according to my lease?", thread_id=b)["reply"].lower()
    # ... and B's tour asks for B's own contact details
    ask(graph, "tour SE-1545 this Monday 6pm", thread_id=b)
    answer(graph, ["[1]"], thread_id=b)
    form = pending_question(graph, thread_id=b)
    assert form["form"] == "contact" and "ana" not in str(form).lower()
    text = str(graph.get_state({"configurable": {"thread_id": b}}).values).lower()
    assert "ana@example.com" not in text and "2125550123" not in text and lease["sha256"] not in text
    stores.close()


def test_a_lease_that_this_workspace_did_not_store_is_never_read(tmp_path):
    secret = tmp_path / "secret.pdf"
    secret.write_bytes(LEASE_PDF.read_bytes())  # a real PDF elsewhere on the server
    forged = {"sha256": "", "name": "x.pdf", "path": str(secret)}
    update = lease_qa_node({"text": "can I sublet?", "lease": forged})
    assert update["lease_answer"] is None and "not uploaded here" in update["reply"]
    etc = {"sha256": "a" * 64, "name": "x.pdf", "path": "/etc/passwd"}
    assert "not uploaded here" in lease_qa_node({"text": "can I sublet?", "lease": etc})["reply"]


def test_thread_links_are_unguessable_and_cannot_be_forged(tmp_path):
    secret = load_or_create_secret(tmp_path / "session.key")
    assert load_or_create_secret(tmp_path / "session.key") == secret and len(secret) == 64
    assert (tmp_path / "session.key").stat().st_mode & 0o077 == 0  # readable by its owner only
    ids = {new_thread(secret)[0] for _ in range(200)}
    assert len(ids) == 200
    thread, key = new_thread(secret)
    assert verified_thread(thread, key, secret) == thread
    assert verified_thread(thread, "", secret) is None  # the bare id (as in the holds table) opens nothing
    assert verified_thread(thread, sign(thread, b"another server"), secret) is None
    assert verified_thread("../../etc/passwd", key, secret) is None
    assert verified_thread(thread.upper(), sign(thread.upper(), secret), secret) is None  # one spelling only
    v1 = "a8098c1a-f86e-11da-bd1a-00112444be1e"  # a time-based id is guessable: refused even when signed
    assert verified_thread(v1, sign(v1, secret), secret) is None


def test_the_app_binds_loopback_and_caps_uploads_at_the_readers_limit():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["address"] == "127.0.0.1"
    assert config["server"]["maxUploadSize"] * 1024 * 1024 == MAX_BYTES


@pytest.mark.parametrize("data, problem", [(b"", "empty"), (b"%PDF-" + b"0" * (MAX_BYTES + 1), "limit"),
                                           (b"MZ\x90\x00 an executable", "not a PDF")])
def test_every_upload_path_checks_size_and_type(tmp_path, data, problem):
    from agents.doma.lease.errors import LeaseError

    with pytest.raises(LeaseError, match=problem):
        store_uploaded_lease(data, "x.pdf", tmp_path / "leases")
    assert not (tmp_path / "leases").exists() or list((tmp_path / "leases").iterdir()) == []
