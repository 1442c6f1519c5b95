"""What every ``torneo`` command shares: the store, the CLI actor, output and the error edge.

Only what every discipline shares lives here; a helper that reads one discipline's tables lives
in that discipline's ``cli*`` modules (naming a card event: ``torneo.cards.cli_events``).

The CLI is thin (DESIGN.md): parse, call a service, render. A :class:`TorneoError` becomes a
message on stderr naming the field, the reason and what is accepted, with exit code 2 (the same
code click gives a malformed command line); the service changed nothing.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from fractions import Fraction
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from sqlalchemy import inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.live.broker import broker_from_env
from torneo.platform.store.db import database_url
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store

EXIT_INPUT = 2  # bad input or a refused action: nothing was changed

# The CLI runs on the server's own shell: it acts as the federation's admin (issue 12), and
# every change it makes is audited under the name "cli".
CLI_ACTOR = Actor("cli", admin=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
# The club a new event, season... belongs to (issue 29 item 5): left out, the server's only
# club; a server with several needs it, as the API's and the pages' ``club`` field.
ClubOption = Annotated[
    str | None,
    typer.Option("--club", help="Club it belongs to, id or name (needed with several clubs)."),
]


PIPE_WIDTH = 200  # piped into a file or a pager: wide rows rather than wrapped cells


def console() -> Console:
    # Built per call so the output follows sys.stdout (Typer's test runner swaps it). A terminal
    # gives its own width; elsewhere COLUMNS, else a width that keeps a row on one line.
    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else PIPE_WIDTH
    return Console(highlight=False, soft_wrap=False, width=width)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def safe_url(url: str) -> str:
    """The database URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL is shown as given; SQLAlchemy will complain later
        return url


def fail(error: TorneoError, *, as_json: bool = False) -> NoReturn:
    """Report a refused action on stderr and exit 2."""
    if as_json:
        typer.echo(json.dumps({"error": error.code, **error.as_dict()}), err=True)
    else:
        out = err_console()
        out.print(f"[bold red]Error[/] [bold]{error.field}[/]: {error.reason}", markup=True)
        if error.accepted:
            out.print(f"  accepted: {error.accepted}", markup=False)
    raise typer.Exit(EXIT_INPUT)


@contextmanager
def edge(*, as_json: bool = False) -> Iterator[None]:
    """Turn the error family into CLI messages at this edge only (DESIGN.md: errors)."""
    try:
        yield
    except TorneoError as error:
        fail(error, as_json=as_json)


def open_store() -> Store:
    """The store of ``TORNEO_DATABASE_URL`` (default: ``torneo.db`` in the current directory)."""
    url = database_url()
    # Issue 31: with TORNEO_REDIS_URL (the server's shell) a change made here is announced
    # through the workers' Redis, so their open pages hear it; an in-process broker of the
    # CLI's own told nobody (a league's vote import waited for the pages' slow poll).
    store = Store.from_url(url, broker=broker_from_env())
    try:
        # The platform's own table (the first migration creates every table): this module
        # knows no discipline, so it does not look for one of theirs.
        migrated = inspect(store.engine).has_table(User.__tablename__)
    except OperationalError as exc:
        raise TorneoError(
            "TORNEO_DATABASE_URL",
            N_("cannot open %(url)s: %(detail)s"),
            N_("a reachable database URL, e.g. sqlite:///torneo.db"),
            params={"url": safe_url(url), "detail": exc.orig},
        ) from exc
    if not migrated:
        raise TorneoError(
            "database",
            N_("%(url)s has no Torneo tables"),
            N_("run `torneo db upgrade` first"),
            params={"url": safe_url(url)},
        )
    return store


def to_jsonable(value: Any) -> Any:
    """Dates as ISO text, Fractions as exact text ("3/2"), containers recursively."""
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Fraction):
        return str(value)
    return value


def print_json(value: Any) -> None:
    typer.echo(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2))


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    table = Table(title=title, show_lines=False, header_style="bold")
    for i, col in enumerate(columns):
        table.add_column(col, justify="right" if _numeric(rows, i) else "left")
    for row in rows:
        table.add_row(*("" if v is None else str(v) for v in row))
    console().print(table)


def _numeric(rows: Sequence[Sequence[Any]], i: int) -> bool:
    values = [r[i] for r in rows if r[i] is not None]
    return bool(values) and all(
        isinstance(v, int | Fraction) and not isinstance(v, bool) for v in values
    )
