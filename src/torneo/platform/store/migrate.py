"""Run Alembic migrations programmatically (``torneo db upgrade``, tests, the demo)."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine


def alembic_config(url: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("torneo") / "migrations"))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    cfg = alembic_config()
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def revision(message: str, url: str) -> None:
    """Autogenerate a migration from the models (developers: `python -m torneo.platform.store.migrate`)."""
    command.revision(alembic_config(url), message=message, autogenerate=True)


if __name__ == "__main__":
    import sys

    revision(sys.argv[1], sys.argv[2])
