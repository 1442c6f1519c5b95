"""The ``torneo`` command (entry point ``torneo.cli.main:app``)."""

from __future__ import annotations

import typer

from torneo.cards import cli as event
from torneo.cli import accounts, db, demo, serve, transfer
from torneo.cli.export_command import app as export_app
from torneo.cli.pair_command import pair_command
from torneo.judging import cli as judging
from torneo.poker import cli as poker
from torneo.risiko import cli as risiko
from torneo.seasons import cli as season

app = typer.Typer(
    name="torneo",
    help="Torneo: organized play for game clubs — Swiss, Top X, seasons.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(db.app, name="db")
app.add_typer(accounts.club_app, name="club", no_args_is_help=True)
app.add_typer(accounts.user_app, name="user", no_args_is_help=True)
app.add_typer(event.app, name="event", no_args_is_help=True)
app.add_typer(season.app, name="season", no_args_is_help=True)
app.add_typer(risiko.app, name="risiko", no_args_is_help=True)
app.add_typer(poker.app, name="poker", no_args_is_help=True)
app.add_typer(judging.app, name="judging", no_args_is_help=True)
app.add_typer(transfer.app, name="transfer", no_args_is_help=True)
app.add_typer(export_app, name="export", no_args_is_help=True)
app.command("serve")(serve.serve)
app.command("demo")(demo.demo)
app.command("pair")(pair_command)  # FIDE TRF in, pairing out: chess engines can cross-check


if __name__ == "__main__":
    app()
