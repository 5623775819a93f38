"""Loaded by every Python subprocess the test suite starts (conftest puts this folder on PYTHONPATH): the same
socket guard as the tests (only the loopback address) and log redaction, before any user code runs."""

import os

if os.environ.get("ESTATE_TEST_GUARD") == "1":
    from pytest_socket import socket_allow_hosts

    socket_allow_hosts(["127.0.0.1", "::1"], allow_unix_socket=True)
    from agents.redact import install

    install()
