"""Bring a database to the newest schema with Alembic (data is kept: migrations only add and alter)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from db.engine import normalise_url

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    command.upgrade(alembic_config(url), "head")
