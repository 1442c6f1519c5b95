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
    """Migrate to ``revision``; on SQLite with foreign keys off while tables are rebuilt.

    SQLite alters a table by copying it into a new one and dropping the old (Alembic's batch
    mode). With foreign keys on, dropping a parent table deletes its children through ``ON
    DELETE CASCADE`` (an event's registrations, rounds, matches…) or fails: so, as SQLite's own
    procedure for schema changes says, keys are turned off outside the transaction, the
    migration runs, every key is checked (``PRAGMA foreign_key_check``, any dangling row rolls
    the whole migration back) and keys are turned on again.
    """
    cfg = alembic_config()
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                cfg.attributes["connection"] = connection
                command.upgrade(cfg, revision)
                if sqlite:
                    dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if dangling:
                        raise RuntimeError(f"the migration left dangling keys: {dangling[:5]}")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def revision(message: str, url: str) -> None:
    """Autogenerate a migration from the models (developers: `python -m torneo.platform.store.migrate`)."""
    command.revision(alembic_config(url), message=message, autogenerate=True)


if __name__ == "__main__":
    import sys

    revision(sys.argv[1], sys.argv[2])
