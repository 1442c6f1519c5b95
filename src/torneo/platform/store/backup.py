"""Backups of a whole database and their restore (issue 31 item 4: ``torneo backup|restore``).

- **SQLite**: SQLite's online backup API (:meth:`sqlite3.Connection.backup`) copies the file page
  by page while the server keeps writing; the copy is consistent as of its end. The backup is
  itself an SQLite file: ``sqlite3 FILE`` opens it.
- **PostgreSQL**: ``pg_dump --format=custom`` (one consistent snapshot, compressed) and
  ``pg_restore --single-transaction``: a restore that fails half-way changes nothing. Both come
  with the PostgreSQL client (Debian's ``postgresql-client``) and must match the server's major
  version.

A restore checks the file before it touches anything: the kind (an SQLite file, a PostgreSQL
custom archive) must be the target's, the schema revision inside must be one this Torneo knows
(a backup of a newer Torneo is refused: upgrade Torneo first), and a database that holds data is
replaced only with ``force``. After the restore the schema is migrated to this Torneo's head and
the restore is written to the audit log. Moving one event or season between servers of any kind
is ``torneo transfer`` (torneo.transfer), not this.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import inspect as sql_inspect
from sqlalchemy import text
from sqlalchemy.engine import Engine, make_url

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.migrate import alembic_config, upgrade

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
# Tables whose rows do not make a database "hold data": the schema's own and the rows the
# migrations seed (migration 0008's default club).
SEEDED = {"alembic_version", "clubs"}


@dataclass(frozen=True, slots=True)
class BackupFile:
    """What a backup file holds, read without restoring it."""

    path: Path
    kind: str  # "sqlite" or "postgresql"
    revision: str | None
    size: int


def _refuse(field: str, problem: str, accepted: str, **params: object) -> TorneoError:
    return TorneoError(field, problem, accepted, params=dict(params))


def kind_of(engine: Engine) -> str:
    return "sqlite" if engine.dialect.name == "sqlite" else "postgresql"


def _sqlite_path(engine: Engine) -> str:
    database = engine.url.database
    if not database or database == ":memory:":
        raise _refuse("database", N_("an in-memory SQLite database"), N_("an SQLite file"))
    return database


def _libpq_url(engine: Engine) -> str:
    """The engine's URL as pg_dump reads it (no SQLAlchemy driver suffix, password kept)."""
    url = make_url(engine.url.render_as_string(hide_password=False)).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise _refuse(
            "backup",
            N_("%(tool)s is not installed"),
            N_("the PostgreSQL client tools (Debian: apt-get install postgresql-client)"),
            tool=name,
        )
    return found


def _run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(args, capture_output=True, check=False)
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise _refuse(
            "backup",
            N_("%(tool)s failed: %(message)s"),
            N_("a reachable database and a readable file"),
            tool=Path(args[0]).name,
            message=message[-1] if message else f"exit {done.returncode}",
        )
    return done


def backup(engine: Engine, target: Path) -> BackupFile:
    """Write the whole database to ``target`` (which must not exist yet: nothing is overwritten)."""
    if target.exists():
        raise _refuse(
            "file", N_("%(file)s exists already"), N_("a new file name"), file=str(target)
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    try:
        if kind_of(engine) == "sqlite":
            with sqlite3.connect(_sqlite_path(engine)) as source:
                destination = sqlite3.connect(partial)
                try:
                    source.backup(destination)
                finally:
                    destination.close()
        else:
            _run([_tool("pg_dump"), "--format=custom", f"--file={partial}", _libpq_url(engine)])
        os.replace(partial, target)  # a file at ``target`` is always a whole backup
    finally:
        partial.unlink(missing_ok=True)
    return read(target)


def _sqlite_revision(path: Path) -> str | None:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as exc:
        raise _refuse(
            "file",
            N_("%(file)s is not a Torneo database: %(why)s"),
            N_("a file made by torneo backup"),
            file=str(path),
            why=str(exc),
        ) from exc
    finally:
        connection.close()
    return str(row[0]) if row else None


def _pg_revision(path: Path) -> str | None:
    done = _run(
        [_tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(path)]
    )
    # The table's data as a COPY block: "COPY public.alembic_version (version_num) FROM stdin;",
    # then one line a row, then "\.".
    text_ = done.stdout.decode("utf-8", "replace")
    found = re.search(r"^COPY [\w.\"]*alembic_version .*?;\n(.+?)\n\\\.", text_, re.M | re.S)
    return found.group(1).strip() if found else None


def _kind(path: Path) -> str:
    """The kind of a backup file by its first bytes; refused if it is neither."""
    if not path.is_file():
        raise _refuse("file", N_("%(file)s does not exist"), N_("a backup file"), file=str(path))
    with path.open("rb") as fp:
        head = fp.read(len(SQLITE_MAGIC))
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise _refuse(
        "file",
        N_("%(file)s is neither an SQLite database nor a pg_dump custom archive"),
        N_("a file made by torneo backup"),
        file=str(path),
    )


def read(path: Path) -> BackupFile:
    """The kind and schema revision of a backup file; refused if it is neither kind."""
    kind = _kind(path)
    revision = _sqlite_revision(path) if kind == "sqlite" else _pg_revision(path)
    return BackupFile(path, kind, revision, path.stat().st_size)


def _check_revision(found: BackupFile) -> None:
    if found.revision is None:
        raise _refuse(
            "file",
            N_("%(file)s has no schema revision"),
            N_("a file made by torneo backup"),
            file=str(found.path),
        )
    scripts = ScriptDirectory.from_config(alembic_config())
    known = {script.revision for script in scripts.walk_revisions()}
    if found.revision not in known:
        raise _refuse(
            "file",
            N_("%(file)s has schema %(revision)s, newer than this Torneo (%(head)s)"),
            N_("a backup of this Torneo or an older one: upgrade Torneo first"),
            file=str(found.path),
            revision=found.revision,
            head=scripts.get_current_head() or "",
        )


def holds_data(engine: Engine) -> bool:
    """Whether any table but the schema's own and the seeded ones has a row."""
    names = set(sql_inspect(engine).get_table_names()) - SEEDED
    with engine.connect() as connection:
        for name in sorted(names):
            quoted = engine.dialect.identifier_preparer.quote(name)
            if connection.execute(text(f"SELECT 1 FROM {quoted} LIMIT 1")).first():
                return True
    return False


def restore(engine: Engine, path: Path, *, force: bool = False) -> BackupFile:
    """Replace the database with the backup at ``path`` (checked first), then migrate to head."""
    kind = _kind(path)
    if kind != kind_of(engine):
        raise _refuse(
            "file",
            N_("%(file)s is a %(kind)s backup, the database is %(target)s"),
            N_("a backup of the same kind (torneo transfer moves events between kinds)"),
            file=str(path),
            kind=kind,
            target=kind_of(engine),
        )
    found = read(path)
    _check_revision(found)
    if not force and holds_data(engine):
        raise _refuse(
            "force",
            N_("the database holds data"),
            N_("an empty database, or --force to replace everything in it"),
        )
    engine.dispose()  # no pooled connection may see the file or the schema change under it
    if found.kind == "sqlite":
        # Through a copy: the backup file itself is never opened for writing.
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / "restore.db"
            shutil.copyfile(path, copy)
            with sqlite3.connect(copy) as source:
                destination = sqlite3.connect(_sqlite_path(engine))
                try:
                    source.backup(destination)
                finally:
                    destination.close()
    else:
        _run(
            [
                _tool("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                f"--dbname={_libpq_url(engine)}",
                str(path),
            ]
        )
    upgrade(engine)  # an older backup comes up to this Torneo's schema
    return found
