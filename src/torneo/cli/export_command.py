"""``torneo export``: pairings and standings of an event, a season's tables, as CSV or JSON.

``torneo event export`` writes a whole event (JSON) or its final placings in the season-import
format; these commands write the other shapes people ask for: the pairings of a round with the
reason of each pair (issue 3 items 5–6), the Swiss standings with the preset's tiebreaks, and a
season's ranking, tournaments or results (issue 5 item 4). Output goes to stdout or ``-o FILE``.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from torneo.cards.cli_events import resolve_event
from torneo.cards.exports import views as exports
from torneo.cli.common import console, edge, open_store
from torneo.core.errors import TorneoError
from torneo.seasons import exports as season_exports

app = typer.Typer(help="Export pairings, standings and season tables as CSV or JSON.")

EventArg = Annotated[str, typer.Argument(metavar="EVENT", help="Event id or exact name.")]
Output = Annotated[Path | None, typer.Option("--output", "-o", help="File (default: stdout).")]


class SeasonTable(StrEnum):
    STANDINGS = "standings"
    TOURNAMENTS = "tournaments"
    RESULTS = "results"
    JSON = "json"


def _write(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TorneoError(
            "output", f"cannot write {output}: {exc.strerror}", "a writable path"
        ) from exc
    console().print(f"Written to {output}", markup=False)


@app.command("pairings")
def pairings(
    event: EventArg,
    round_no: Annotated[
        int | None, typer.Option("--round", help="One round (default: every round).")
    ] = None,
    output: Output = None,
) -> None:
    """Pairings as CSV, one row per table, with why each pair was made (players by name)."""
    with edge():
        store = open_store()
        _write(exports.pairings_csv(store, resolve_event(store, event), round_no), output)


@app.command("standings")
def standings(
    event: EventArg,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of CSV.")] = False,
    output: Output = None,
) -> None:
    """Swiss standings: position, dense rank (INV-RANK-2), record, the preset's tiebreaks."""
    with edge():
        store = open_store()
        event_id = resolve_event(store, event)
        if as_json:
            text = json.dumps(exports.standings_json(store, event_id), ensure_ascii=False)
            _write(text + "\n", output)
        else:
            _write(exports.standings_csv(store, event_id), output)


@app.command("season")
def season(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Season name.")],
    table: Annotated[
        SeasonTable,
        typer.Option(
            "--table",
            help="standings (INV-RANK-1..3), tournaments (void reasons), results (the import "
            "format), or json (everything).",
        ),
    ] = SeasonTable.STANDINGS,
    output: Output = None,
) -> None:
    """A season's ranking, tournaments or results."""
    with edge():
        store = open_store()
        writers = {
            SeasonTable.STANDINGS: season_exports.season_table_csv,
            SeasonTable.TOURNAMENTS: season_exports.season_tournaments_csv,
            SeasonTable.RESULTS: season_exports.season_results_csv,
            SeasonTable.JSON: season_exports.season_json_text,
        }
        _write(writers[table](store, name), output)
