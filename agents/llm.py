"""The chat-model factory: a langchain-openai model when a key is configured, else None (offline)."""

from __future__ import annotations

import logging
from typing import Any

from agents.settings import Settings

log = logging.getLogger(__name__)


def describe_mode(settings: Settings) -> str:
    """'offline' or the model in use, for the UI and logs."""
    if settings.openrouter_api_key:
        return f"OpenRouter · {settings.openrouter_model}"
    if settings.openai_api_key:
        where = settings.openai_base_url or "OpenAI"
        return f"{where} · {settings.openai_model}"
    return "offline (deterministic)"


def build_chat_model(settings: Settings | None = None) -> Any | None:
    """OpenRouter first, then OpenAI (or any OpenAI-compatible base URL); None when no key is set."""
    settings = settings or Settings()
    from langchain_openai import ChatOpenAI  # imported here: no client work at import time

    base_url: str | None
    if settings.openrouter_api_key:
        model, key, base_url = settings.openrouter_model, settings.openrouter_api_key, settings.openrouter_base_url
    elif settings.openai_api_key:
        model, key, base_url = settings.openai_model, settings.openai_api_key, settings.openai_base_url
    else:
        return None
    return ChatOpenAI(model=model, api_key=key, base_url=base_url, timeout=settings.llm_timeout_s,
                      max_retries=settings.llm_max_retries,
                      temperature=0)
