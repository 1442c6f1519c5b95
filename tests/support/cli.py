"""CLI tests run ``torneo`` through Typer's CliRunner on a migrated temporary SQLite file."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select
from typer.testing import CliRunner, Result

from torneo.cards.tables import Event, Match, Registration
from torneo.cli.main import app
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


class Cli:
    """``torneo`` against one database, with helpers to read what it changed."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.runner = CliRunner()
        self.store = Store.from_url(url)

    def __call__(self, *args: str) -> Result:
        return self.runner.invoke(app, list(args))

    def ok(self, *args: str) -> Result:
        result = self(*args)
        assert result.exit_code == 0, f"{args}: {result.stdout}\n{result.stderr}"
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json").stdout)

    def refused(self, *args: str) -> Result:
        """The command exits 2 and changes nothing in the database."""
        before = self.fingerprint()
        result = self(*args)
        assert result.exit_code == 2, f"{args}: {result.exit_code} {result.stdout}"
        assert self.fingerprint() == before
        return result

    def fingerprint(self) -> tuple[int, ...]:
        with self.store.read() as s:
            return tuple(
                s.scalar(select(func.count()).select_from(model)) or 0
                for model in (AuditEntry, Event, Registration, Match)
            ) + tuple(s.scalars(select(Event.version).order_by(Event.id)).all())
