"""``torneo event``: run a card-game event from a terminal, every step of it.

Every command takes ``--json`` for machine-readable output; without it Rich tables are printed.
An event is named by its id or by its exact name. The CLI acts as the system organizer "cli".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.cli_events import resolve_event
from torneo.cards.exports.cli import ExportFormat, export_csv, export_json
from torneo.cards.exports.cli_tables import (
    TIEBREAK_LABELS,
    final_json,
    player_status,
    print_final,
    print_round,
    tiebreak_text,
)
from torneo.cards.pods import cli as cli_pods
from torneo.cli.common import (
    CLI_ACTOR,
    ClubOption,
    JsonFlag,
    console,
    edge,
    open_store,
    print_json,
    print_table,
)
from torneo.core.errors import TorneoError
from torneo.core.inputs import parse_rating
from torneo.core.messages import N_
from torneo.platform.store.uow import Store

app = typer.Typer(help="Run a card-game event: create, register, pair, report, rank.")
cli_pods.register(app)  # seat, pods (BER-POD-1/2)

EventArg = Annotated[str, typer.Argument(metavar="EVENT", help="Event id or exact name.")]


def _store_and_event(ref: str) -> tuple[Store, int]:
    store = open_store()
    return store, resolve_event(store, ref)


def _read_text(path: Path, field: str) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")  # spreadsheets often add a BOM
    except OSError as exc:
        raise TorneoError(
            field,
            N_("cannot read %(path)s: %(detail)s"),
            N_("a readable file"),
            params={"path": path, "detail": exc.strerror},
        ) from exc
    except UnicodeDecodeError as exc:
        raise TorneoError(
            field, N_("%(path)s is not UTF-8 text"), N_("a UTF-8 CSV file"), params={"path": path}
        ) from exc


@app.command("list")
def list_(
    status: Annotated[str | None, typer.Option(help="Only events in this status.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Events, newest first."""
    with edge(as_json=as_json):
        rows = queries.list_events(open_store(), status=status)
    if as_json:
        print_json(queries.as_jsonable(rows))
        return
    print_table(
        "Events",
        ["id", "name", "date", "preset", "status", "players", "round"],
        [
            (e.id, e.name, e.held_on.isoformat(), e.preset, e.status, e.players, e.current_round)
            for e in rows
        ],
    )


@app.command("create")
def create(
    name: Annotated[str, typer.Option(help="Event name.")],
    preset: Annotated[str, typer.Option(help="Ruleset preset, e.g. invasion-it-2012.")],
    date: Annotated[str, typer.Option("--date", help="Day it is held, YYYY-MM-DD.")],
    location: Annotated[str | None, typer.Option(help="Store or club holding it.")] = None,
    major: Annotated[bool, typer.Option("--major", help="A Major (INV-MAJOR-*).")] = False,
    seed: Annotated[int | None, typer.Option(help="Seed of every draw (default: random).")] = None,
    format: Annotated[
        str | None, typer.Option("--format", help="BER-FMT-1..3: e.g. draft_standard.")
    ] = None,
    club: ClubOption = None,
    announced_on: Annotated[
        str | None,
        typer.Option("--announced-on", help="INV-LEGAL-1: day it was announced, YYYY-MM-DD."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Create an event open for registration."""
    with edge(as_json=as_json):
        store = open_store()
        event_id = events.create_event(
            store,
            CLI_ACTOR,
            name=name,
            preset=preset,
            held_on=date,
            location=location,
            is_major=major,
            seed=seed,
            format=format,
            club=club,
            announced_on=announced_on,
        )
        summary = queries.event_summary(store, event_id)
    if as_json:
        print_json(queries.as_jsonable(summary))
    else:
        console().print(f"Created event {event_id}: {summary.name} ({summary.held_on})")


@app.command("register")
def register(
    event: EventArg,
    name: Annotated[str | None, typer.Argument(help="Player name (or use --csv).")] = None,
    club: Annotated[str | None, typer.Option(help="Player's club.")] = None,
    rating: Annotated[str | None, typer.Option(help="Player's rating (0..4000).")] = None,
    player: Annotated[
        str | None,
        typer.Option(help="A known player's id (the same person) or 'new' (issue 12)."),
    ] = None,
    csv_file: Annotated[
        Path | None,
        typer.Option("--csv", help="Roster file, one player a line: name[,club[,rating]]."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Register one player, or a whole roster from a CSV file (everyone or no one)."""
    with edge(as_json=as_json):
        if (name is None) == (csv_file is None):
            raise TorneoError("player", N_("give a NAME or --csv FILE"), N_("exactly one of them"))
        store, event_id = _store_and_event(event)
        if csv_file is not None:
            ids = events.register_roster(store, CLI_ACTOR, event_id, _read_text(csv_file, "csv"))
        else:
            assert name is not None
            ids = [
                events.register_player(
                    store,
                    CLI_ACTOR,
                    event_id,
                    name=name,
                    club=club,
                    rating=parse_rating("rating", rating),
                    player=player,
                )
            ]
        lines = {p.id: p for p in queries.players(store, event_id)}
    registered = [lines[i] for i in ids]
    if as_json:
        print_json(queries.as_jsonable(registered))
        return
    for p in registered:
        club_text = f" ({p.club})" if p.club else ""
        console().print(f"Registered {p.name}{club_text}: player id {p.id}")


@app.command("start")
def start(
    event: EventArg,
    one_round_fewer: Annotated[
        bool,
        typer.Option("--one-round-fewer", help="INV-STRUCT-2: one Swiss round fewer, a Top 16."),
    ] = False,
    choice_rule: Annotated[
        bool | None,
        typer.Option(
            "--choice-rule/--die-rule", help="INV-TOP-3 announced now (default: the preset's)."
        ),
    ] = None,
    deck_checks: Annotated[
        bool | None,
        typer.Option(
            "--deck-checks/--no-deck-checks", help="INV-DECK-1, fixed now (default: the preset's)."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Close registration; fix the Swiss rounds, the Top X (INV-STRUCT-1/2), the choice rule
    (INV-TOP-3) and the deck checks (INV-DECK-1); warn of a field too small for the season."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        rounds, top = events.start_event(
            store,
            CLI_ACTOR,
            event_id,
            one_round_fewer=one_round_fewer,
            choice_rule=choice_rule,
            deck_checks=deck_checks,
        )
        warning = queries.event_summary(store, event_id).season_warning
        seated = queries.event_pods(store, event_id)  # BER-POD-1: each player's pod
    warnings = [warning.english()] if warning is not None else []
    if as_json:
        print_json(
            {
                "event_id": event_id,
                "swiss_rounds": rounds,
                "top": top,
                "warnings": warnings,
                "pods": cli_pods.pods_json(seated),
            }
        )
    else:
        top_text = f" + Top {top}" if top else ""
        pods_text = f" in {len(seated)} pods" if seated else ""
        console().print(f"Event {event_id} started{pods_text}: {rounds} Swiss rounds{top_text}")
        for text in warnings:  # INV-LEGAL-2 / INV-MAJOR-2
            console().print(f"Warning: {text}", markup=False)
        if seated:
            cli_pods.print_pods(seated)


@app.command("pair")
def pair(event: EventArg, as_json: JsonFlag = False) -> None:
    """Pair the next Swiss round, or the next Top X round once the Top X has started."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        round_no = events.pair_next_round(store, CLI_ACTOR, event_id)
        view = queries.pairings(store, event_id, round_no)
    if as_json:
        print_json(queries.as_jsonable(view))
    else:
        print_round(view, "Pairings")


@app.command("top")
def top(
    event: EventArg,
    pick: Annotated[
        list[int] | None,
        typer.Option(
            "--pick",
            help="INV-TOP-3 choice rule: the opponents the best seeds pick, in order (ids).",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Start the Top X from the final Swiss standings (INV-TOP-1, INV-TOP-3 with --pick)."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        round_no = events.start_top(store, CLI_ACTOR, event_id, picks=pick or None)
        view = queries.pairings(store, event_id, round_no)
    if as_json:
        print_json(queries.as_jsonable(view))
    else:
        print_round(view, "Top X")


@app.command("report")
def report(
    event: EventArg,
    round_no: Annotated[int, typer.Argument(metavar="ROUND", help="Round number.")],
    table: Annotated[int, typer.Argument(help="Table number.")],
    result: Annotated[str, typer.Argument(help="Game score of player A: 2-0, 2-1, 1-1-1, ID ...")],
    correct: Annotated[
        bool, typer.Option("--correct", help="A judge's correction of a result.")
    ] = False,
    reason: Annotated[str | None, typer.Option(help="Why (required with --correct).")] = None,
    declared_at_start: Annotated[
        bool,
        typer.Option(
            "--declared-at-start",
            help="INV-ID-1: an ID entered after the window was declared at the round's start.",
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Enter the result of one match (INV-STRUCT-3: best of three)."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        events.report_result(
            store,
            CLI_ACTOR,
            event_id,
            round_no,
            table,
            result,
            correction=correct,
            reason=reason,
            declared_at_start=declared_at_start,
        )
        view = queries.pairings(store, event_id, round_no)
    assert view is not None
    line = next(x for x in view.lines if x.table == table)
    if as_json:
        print_json(
            {
                "event_id": event_id,
                "round": round_no,
                "reported": view.reported,
                "total": view.total,
                "match": queries.as_jsonable(line),
            }
        )
        return
    b_name = line.b.name if line.b else "BYE"
    console().print(
        f"Round {round_no}, table {table}: {line.a.name} {line.result} {b_name} "
        f"({view.reported}/{view.total} reported)"
    )


@app.command("drop")
def drop(
    event: EventArg,
    player_id: Annotated[int, typer.Argument(help="Player id (see `torneo event players`).")],
    reason: Annotated[str | None, typer.Option(help="Why, for the audit log.")] = None,
    disqualify: Annotated[bool, typer.Option("--disqualify", help="A disqualification.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Drop a player (INV-DROP-1): no longer paired, kept in the standings."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        events.drop_player(
            store, CLI_ACTOR, event_id, player_id, reason=reason, disqualify=disqualify
        )
        line = next((p for p in queries.players(store, event_id) if p.id == player_id), None)
    if as_json:
        print_json(
            {
                "event_id": event_id,
                "player_id": player_id,
                "disqualified": disqualify,
                "player": queries.as_jsonable(line),
            }
        )
    else:
        what = "disqualified" if disqualify else "dropped"
        console().print(f"Player {player_id} {what} from event {event_id}")


@app.command("close")
def close(event: EventArg, as_json: JsonFlag = False) -> None:
    """Close the event: results are final, tournament points are given."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        events.close_event(store, CLI_ACTOR, event_id)
        final = queries.final_results(store, event_id)
    if as_json:
        print_json({"event_id": event_id, "status": "finished", **final_json(final)})
    else:
        console().print(f"Event {event_id} closed.")
        print_final(final)


@app.command("players")
def players(event: EventArg, as_json: JsonFlag = False) -> None:
    """Registered players with their ids."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        lines = queries.players(store, event_id)
    if as_json:
        print_json(queries.as_jsonable(lines))
        return
    print_table(
        f"Players of event {event_id}",
        ["id", "name", "club", "rating", "status", "pod"],
        [(p.id, p.name, p.club, p.rating, player_status(p), p.pod) for p in lines],
    )


@app.command("standings")
def standings(event: EventArg, as_json: JsonFlag = False) -> None:
    """Swiss standings (points, then the preset's tiebreaks; positions 1..N, shared when all equal)."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        view = queries.standings(store, event_id)
        final = queries.final_results(store, event_id)
    if as_json:
        print_json({"standings": queries.as_jsonable(view), **final_json(final)})
        return
    names = list(view.tiebreak_names)
    rows = []
    for s in view.lines:
        record = f"{s.wins}-{s.losses}-{s.draws}" + (f" +{s.byes} bye" if s.byes else "")
        values = {t.name: t.value for t in s.tiebreaks}
        rows.append(
            (
                s.rank,
                s.name + ("" if s.is_active else " (out)"),
                s.club,
                s.points,
                record,
                *(tiebreak_text(n, values.get(n)) for n in names),
                *([s.pod] if view.pods else []),
            )
        )
    print_table(
        f"Standings after round {view.after_round}",
        [
            "#",
            "player",
            "club",
            "points",
            "W-L-D",
            *(TIEBREAK_LABELS.get(n, n) for n in names),
            *(["pod"] if view.pods else []),
        ],
        rows,
    )
    print_final(final)


@app.command("pairings")
def pairings(
    event: EventArg,
    round_no: Annotated[
        int | None, typer.Option("--round", help="Round number (default: current).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Pairings of a round by table, with results."""
    with edge(as_json=as_json):
        store, event_id = _store_and_event(event)
        view = queries.pairings(store, event_id, round_no)
    if as_json:
        print_json(queries.as_jsonable(view))
    else:
        print_round(view, "Pairings")


@app.command("export")
def export(
    event: EventArg,
    fmt: Annotated[ExportFormat, typer.Option("--format", help="json or csv.")] = (
        ExportFormat.JSON
    ),
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File (default: stdout).")
    ] = None,
) -> None:
    """Export the event: JSON (everything) or CSV in the season-import format.

    The CSV has the columns ``torneo season import`` reads, one row per player; the place is
    the final placing once the event is finished, the Swiss standing before that.
    """
    with edge():
        store, event_id = _store_and_event(event)
        page = queries.event_page(store, event_id)
        rounds = [queries.pairings(store, event_id, n) for n in page.round_numbers]
        text = export_csv(page) if fmt is ExportFormat.CSV else export_json(page, rounds)
        if output is not None:
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise TorneoError(
                    "output",
                    N_("cannot write %(path)s: %(detail)s"),
                    N_("a writable path"),
                    params={"path": output, "detail": exc.strerror},
                ) from exc
    if output is None:
        typer.echo(text, nl=False)
    else:
        console().print(f"Event {event_id} exported to {output}")
