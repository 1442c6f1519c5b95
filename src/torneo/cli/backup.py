"""``torneo backup FILE`` and ``torneo restore FILE``: the whole database (issue 31 item 4).

The work is :mod:`torneo.platform.store.backup`; this is the edge: the database of
``TORNEO_DATABASE_URL``, a line saying what was written or restored, exit 2 on a refusal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.cli.common import CLI_ACTOR, JsonFlag, edge, print_json, safe_url
from torneo.platform.store import backup as backups
from torneo.platform.store.db import database_url
from torneo.platform.store.uow import Store

FileArg = Annotated[Path, typer.Argument(help="The backup file.", dir_okay=False)]


def backup(file: FileArg, as_json: JsonFlag = False) -> None:
    """Back up the whole database to FILE while the server runs (SQLite or pg_dump)."""
    url = database_url()
    store = Store.from_url(url)
    try:
        with edge(as_json=as_json):
            written = backups.backup(store.engine, file)
    finally:
        store.engine.dispose()
    _say("backed up", url, written, as_json)


def restore(
    file: FileArg,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a database that holds data.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Restore the whole database from FILE (checked first), then migrate it to this Torneo."""
    url = database_url()
    store = Store.from_url(url)
    try:
        with edge(as_json=as_json):
            found = backups.restore(store.engine, file, force=force)
        # No data is ever lost without a trace: the restore is in the restored database's log.
        with store.unit(CLI_ACTOR) as uow:
            uow.audit(
                "database.restored",
                "database",
                None,
                after={"file": str(file), "kind": found.kind, "revision": found.revision},
                reason="torneo restore" + (" --force" if force else ""),
            )
    finally:
        store.engine.dispose()
    _say("restored", url, found, as_json)


def _say(done: str, url: str, found: backups.BackupFile, as_json: bool) -> None:
    if as_json:
        print_json(
            {
                "done": done,
                "database": safe_url(url),
                "file": str(found.path),
                "kind": found.kind,
                "revision": found.revision,
                "bytes": found.size,
            }
        )
        return
    typer.echo(
        f"{safe_url(url)} {done}: {found.path} ({found.kind}, schema {found.revision}, "
        f"{found.size:,} bytes)"
    )
