"""Alembic environment: migrates the database named by TORNEO_DATABASE_URL (or the given URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

import torneo.tables  # noqa: F401  (every table, so the metadata is complete)
from torneo.platform.store.db import make_engine
from torneo.platform.store.tables import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copy
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    existing = config.attributes.get("connection")
    if existing is not None:
        _run(existing)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or None)
    with engine.connect() as connection:
        _run(connection)


run_migrations_online()
