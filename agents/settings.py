"""One Settings object: a passed value beats the environment (and .env), which beats the default."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_DIR = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Configuration of the workspace. Nothing reads it at import: call Settings() where it is needed."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    openrouter_api_key: str | None = Field(default=None, description="OpenRouter key (used first)")
    openrouter_model: str = Field(default="openai/gpt-4o-mini", description="Model name on OpenRouter")
    openrouter_base_url: str = Field(default="https://openrouter.ai/api/v1", description="OpenRouter endpoint")
    openai_api_key: str | None = Field(default=None, description="OpenAI key (used when no OpenRouter key)")
    openai_model: str = Field(default="gpt-4o-mini", description="Model name on OpenAI")
    openai_base_url: str | None = Field(
        default=None, description="Any OpenAI-compatible server (a local one too); used with OPENAI_API_KEY"
    )
    llm_timeout_s: float = Field(default=20.0, gt=0, description="Per-call timeout of the model")
    llm_max_retries: int = Field(default=1, ge=0, le=5, description="Retries of a failed model call (429, 5xx)")
    data_dir: Path = Field(default=PROJECT_DIR / "data", description="Folder of the bundled datasets")
    db_path: Path = Field(default=PROJECT_DIR / "var" / "workspace.sqlite", description="Threads and holds")
    timezone: str = Field(default="America/New_York", description="Time zone of the properties")
    router: Literal["rules", "learned"] = Field(
        default="learned", description="Routing: the keyword rules, or the learned weights over them (route_model.json)"
    )
    triage: Literal["rules", "learned"] = Field(
        default="learned", description="Triage below the rules' P0: the rules alone, or the learned model over them"
    )
    database_url: str | None = Field(
        default=None,
        description="Unset: SQLite files beside the app (db_path). postgresql://user:pass@host:port/db: PostgreSQL "
                    "for holds, viewing requests and the threads' checkpoints (many app replicas share it)",
    )
    graph_url: str | None = Field(
        default=None, description="Unset: the graph runs in the app's process. http://127.0.0.1:2024: a graph served "
                                  "by `langgraph dev` / LangGraph Server, called through the LangGraph SDK",
    )
    session_secret: SecretStr | None = Field(
        default=None, description="Signs the thread links (share it between replicas); unset: a key file created "
                                  "beside db_path",
    )
    hold_ttl_hours: float = Field(default=24.0, gt=0, description="How long a tour hold lasts unless confirmed")
    rental_backend: Literal["live", "fixture"] = Field(
        default="fixture",
        description="REALTOR.CA rentals: 'live' (pyRealtor, needs the internet) or 'fixture' (a recorded rows file)")
    rental_fixture: Path = Field(
        default=PROJECT_DIR / "data" / "realtor_ca" / "listings.json",
        description="JSON list of rows with pyRealtor's Listings columns (used when RENTAL_BACKEND=fixture)")
    rental_timeout_s: float = Field(default=25.0, gt=0, le=300, description="Hard timeout of one live search")
    comps_database_url: str | None = Field(
        default=None, description="PostgreSQL DSN for the HDB comps sales (the in-memory numpy store when unset)")
