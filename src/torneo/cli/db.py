"""``torneo db``: the database schema (Alembic migrations)."""

from __future__ import annotations

from typing import Annotated

import typer
from alembic.runtime.migration import MigrationContext

from torneo.cli.common import EXIT_INPUT, err_console, safe_url
from torneo.platform.store.db import database_url, make_engine
from torneo.platform.store.migrate import upgrade as migrate_upgrade

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command("upgrade")
def upgrade(
    revision: Annotated[str, typer.Option(help="Alembic revision to upgrade to.")] = "head",
) -> None:
    """Migrate TORNEO_DATABASE_URL (default: torneo.db here) to the latest schema."""
    url = database_url()
    engine = make_engine(url)
    try:
        migrate_upgrade(engine, revision)
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    except Exception as exc:  # connection refused, bad URL, unknown revision: say which
        err_console().print(
            f"[bold red]Error[/] [bold]database[/]: cannot migrate {safe_url(url)}: {exc}"
        )
        raise typer.Exit(EXIT_INPUT) from exc
    finally:
        engine.dispose()
    typer.echo(f"{safe_url(url)} is at revision {current}")
