import logging
import socket
import subprocess
import sys

import pytest
from pytest_socket import SocketConnectBlockedError

from agents import redact
from agents.llm import build_chat_model, describe_mode
from agents.settings import Settings


def test_no_key_means_offline():
    settings = Settings(_env_file=None)
    assert build_chat_model(settings) is None
    assert describe_mode(settings).startswith("offline")


def test_passed_value_beats_environment_beats_default(monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_MODEL", "env-model")
    assert Settings(_env_file=None).openai_model == "env-model"
    assert Settings(_env_file=None, openai_model="passed").openai_model == "passed"
    monkeypatch.delenv("OPENAI_MODEL")
    assert Settings(_env_file=None).openai_model == "gpt-4o-mini"
    env = tmp_path / ".env"
    env.write_text("OPENAI_MODEL=from-dotenv\n")
    assert Settings(_env_file=env).openai_model == "from-dotenv"


def test_openrouter_first_then_openai_without_network():
    both = Settings(_env_file=None, openrouter_api_key="or-key", openai_api_key="oa-key")
    model = build_chat_model(both)
    assert model is not None and "openrouter" in str(model.openai_api_base)
    assert describe_mode(both).startswith("OpenRouter")
    local = Settings(_env_file=None, openai_api_key="k", openai_base_url="http://127.0.0.1:9/v1", openai_model="m")
    assert build_chat_model(local).model_name == "m"


def test_socket_guard_blocks_the_network_but_not_loopback():
    with pytest.raises(SocketConnectBlockedError):
        socket.create_connection(("93.184.216.34", 80), timeout=1)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.create_connection(server.getsockname(), timeout=1)
    client.close()
    server.close()


def test_subprocesses_of_the_suite_are_guarded_and_redacted():
    probe = ("import logging, socket\n"
             "logging.basicConfig(format='%(message)s')\n"
             "logging.getLogger('agents.child').warning('reach jane.doe@example.com or +1 (212) 555-0100')\n"
             "socket.create_connection(('93.184.216.34', 80), timeout=1)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert "SocketConnectBlockedError" in out.stderr
    assert "reach [email] or [phone]" in out.stderr and "jane.doe" not in out.stderr


def test_install_masks_child_loggers_and_handlers_added_later():
    factory = logging.getLogRecordFactory()
    root = logging.getLogger()
    handler = logging.Handler()
    seen: list[str] = []
    handler.emit = lambda record: seen.append(handler.format(record))  # type: ignore[method-assign]
    saved_handlers, saved_filters = root.handlers[:], root.filters[:]
    try:
        # As in a fresh process before basicConfig: no handlers (pytest's own would share a filtered record).
        root.handlers, root.filters = [], []
        logging.setLogRecordFactory(logging.LogRecord)
        redact.install()
        root.addHandler(handler)  # what basicConfig does afterwards
        logging.getLogger("agents.via.child").warning("call %s at %s", "+1 212 555 0100", "a.b@example.org")
        assert seen == ["call [phone] at [email]"]
    finally:
        root.handlers, root.filters = saved_handlers, saved_filters
        logging.setLogRecordFactory(factory)
