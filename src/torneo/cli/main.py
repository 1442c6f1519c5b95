"""The ``torneo`` command's Typer app (the entry point :func:`torneo.cli.start.run` calls it for
every command but a well-formed ``pair``, which it runs without Typer).

Sub-commands are imported when they run (:mod:`torneo.cli.lazy`): ``torneo --help`` and
``torneo pair`` never import the database, the web app or a discipline they do not use.
"""

from __future__ import annotations

import typer

from torneo.cli.lazy import LazyCommand, LazyGroup

LazyGroup.registry = {
    "serve": LazyCommand(
        "torneo.cli.serve:serve", "Serve the web app (pages and /api/v1) on http://HOST:PORT."
    ),
    "demo": LazyCommand(
        "torneo.cli.demo:demo",
        "Load a demo: 26 players, a finished event, a tournament in round 3, a season.",
    ),
    # FIDE TRF in, pairing out: chess engines can cross-check.
    "pair": LazyCommand(
        "torneo.cli.pair_command:pair_command",
        "Pair the next round: first line the number of pairs, then 'white black', 0 = bye.",
    ),
    "db": LazyCommand("torneo.cli.db:app", "Database schema.", no_args_is_help=True),
    "backup": LazyCommand(
        "torneo.cli.backup:backup",
        "Back up the whole database to FILE while the server runs (SQLite or pg_dump).",
    ),
    "restore": LazyCommand(
        "torneo.cli.backup:restore",
        "Restore the whole database from FILE (checked first), then migrate it to this Torneo.",
    ),
    "club": LazyCommand(
        "torneo.cli.accounts:club_app",
        "Clubs: create them and manage their members.",
        no_args_is_help=True,
    ),
    "user": LazyCommand(
        "torneo.cli.accounts:user_app",
        "Accounts: create, list, change passwords, disable.",
        no_args_is_help=True,
    ),
    "event": LazyCommand(
        "torneo.cards.cli:app",
        "Run a card-game event: create, register, pair, report, rank.",
        no_args_is_help=True,
    ),
    "cards": LazyCommand(
        "torneo.cards.sets.cli:app",
        "Card sets (import, list, generate) and the live draft of online card events.",
        no_args_is_help=True,
    ),
    "season": LazyCommand(
        "torneo.seasons.cli:app",
        "Seasons: imported results, season points, the ranking and its cut.",
        no_args_is_help=True,
    ),
    "risiko": LazyCommand(
        "torneo.risiko.cli:app",
        "RisiKo! tournaments and seasons, read only.",
        no_args_is_help=True,
    ),
    "poker": LazyCommand(
        "torneo.poker.cli:app", "Poker tournaments, read only.", no_args_is_help=True
    ),
    "fantasy": LazyCommand(
        "torneo.fantasy.cli:app",
        "Fantasy leagues: standings, a team's score explained, importing a matchday's votes.",
        no_args_is_help=True,
    ),
    "judging": LazyCommand(
        "torneo.judging.cli:app",
        "Judging of card events, read only: rulings and the judge roster.",
        no_args_is_help=True,
    ),
    "transfer": LazyCommand(
        "torneo.cli.transfer:app",
        "Move an event or a season between databases as one JSON file.",
        no_args_is_help=True,
    ),
    "export": LazyCommand(
        "torneo.cli.export_command:app",
        "Export pairings, standings and season tables as CSV or JSON.",
        no_args_is_help=True,
    ),
}

app = typer.Typer(
    name="torneo",
    cls=LazyGroup,
    help="Torneo: organized play for game clubs — Swiss, Top X, seasons.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def main() -> None:
    """Torneo: organized play for game clubs — Swiss, Top X, seasons."""


if __name__ == "__main__":
    app()
