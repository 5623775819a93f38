import socket

import pytest

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
    with pytest.raises(Exception, match=r"(?i)socket|host"):
        socket.create_connection(("93.184.216.34", 80), timeout=1)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.create_connection(server.getsockname(), timeout=1)
    client.close()
    server.close()
