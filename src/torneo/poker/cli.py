"""``torneo poker``: read the club's poker tournaments from a terminal.

Reads only: a tournament is set up and run (entries, seat draw, clock, bust-outs, chops) on the
director's phone page (``/poker``) or through the JSON API (``/api/v1/poker``). The state is
:func:`torneo.poker.views.tournament_view` at this moment, the clock computed from its stored
timestamps like every screen's; ``--json`` prints that read model as the API serialises it
(without the API's list of recent announcements, which repeats ``moves``).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from pydantic_core import to_jsonable_python

from torneo.cli.common import JsonFlag, console, edge, open_store, print_json, print_table
from torneo.core.zones import local
from torneo.poker.commands import FINISHED
from torneo.poker.floor.views_log import LogRow, floor_log_in_zone
from torneo.poker.pages_labels import clock_text, plain_euros
from torneo.poker.schedules import views_week as views_week
from torneo.poker.views import TournamentView, tournament_view
from torneo.poker.views_rows import ClockOut

app = typer.Typer(
    help="Poker tournaments, read only.\n\n"
    "Entries, the clock and the floor are on the director's page (/poker) and the API "
    "(/api/v1/poker)."
)

TournamentArg = Annotated[
    int,
    typer.Argument(
        metavar="ID", min=1, max=2**31 - 1, help="Tournament id (see `torneo poker list`)."
    ),
]

ROLES = {"button": "button", "small_blind": "small blind", "big_blind": "big blind"}


@app.command("list")
def list_(as_json: JsonFlag = False) -> None:
    """Tournaments, newest first, with the players who bought in."""
    with edge(as_json=as_json):
        rows = views_week.list_tournaments(open_store())
    if as_json:
        print_json(to_jsonable_python(rows))
        return
    print_table(
        "Poker tournaments",
        ["id", "name", "date", "template", "status", "players"],
        [(r.id, r.name, r.held_on.isoformat(), r.template, r.status, r.players) for r in rows],
    )


@app.command("show")
def show(tournament: TournamentArg, as_json: JsonFlag = False) -> None:
    """The tournament now: clock, players left, tables and seats, payouts.

    The level and time left as the clock screens show them, the cashier's sheet, every table's
    seats with the next hand's button and blinds (PKR-BTN-1), the payouts and the finishing
    order (PKR-END-1).
    """
    with edge(as_json=as_json):
        view = tournament_view(open_store(), tournament)
    if as_json:
        print_json(to_jsonable_python(view))
        return
    out = console()
    template = f", template {view.template}" if view.template else ""
    out.print(
        f"{view.name} (id {view.id}) — {view.held_on.isoformat()}: {view.status}{template}",
        markup=False,
    )
    if view.status != FINISHED:
        out.print(_clock_line(view.clock), markup=False)
    entered = sum(1 for p in view.players if p.status != "booked")
    cash = view.cash
    out.print(
        f"Players left: {view.clock.players_left} of {entered} · average stack "
        f"{view.clock.average_stack} · chips in play {cash.chips_in_play}",
        markup=False,
    )
    out.print(
        f"Entries {cash.entries}, re-entries {cash.re_entries}, rebuys {cash.rebuys}, add-ons "
        f"{cash.add_ons} · collected {plain_euros(cash.collected)} € · prize pool "
        f"{plain_euros(cash.prize_pool)} €"
        + (" · late entry open (PKR-LATE-1)" if view.late_open and view.clock.is_started else ""),
        markup=False,
    )
    if view.winner is not None:
        out.print(f"Winner: {view.winner}", markup=False)
    _print_tables(view)
    _print_payouts(view)


KINDS = {
    "bust": "bust-out",
    "move": "move",
    "late_entry": "late entry",
    "re_entry": "re-entry",
    "rebuy": "rebuy",
    "add_on": "add-on",
    "warning": "warning",
    "missed_hands": "missed hands",
    "disqualification": "disqualification",
    "chop": "chop",
    "ruling": "floor ruling",
}


@app.command("log")
def log(tournament: TournamentArg, as_json: JsonFlag = False) -> None:
    """The floor's log, newest first (issue 15 item 8).

    Each bust-out, move, late entry, re-entry, rebuy, add-on, sanction (warning, missed hands,
    disqualification), chop and floor ruling with its local time, who did it, the seat changes
    it made and whether it was undone. An entry is undone on the director's page or with
    POST /api/v1/poker/tournaments/ID/log/N/undo (a ruling is not); ``--json`` is the API's
    answer.
    """
    with edge(as_json=as_json):
        zone_name, rows = floor_log_in_zone(open_store(), tournament)
    if as_json:
        print_json(to_jsonable_python(rows))
        return
    print_table(
        f"Floor log of tournament {tournament} ({zone_name})",
        ["#", "time", "what", "player", "table/seat", "seat changes", "by", "undone"],
        [
            (
                r.number,
                local(r.at, zone_name).strftime("%H:%M:%S"),
                KINDS.get(r.kind, r.kind) + _what(r) + (" (the last)" if r.finished else ""),
                ", ".join((r.name, *r.others)),
                f"{r.table}/{r.seat}" if r.seat is not None else r.table,  # a ruling: the table
                _seat_changes(r),
                r.actor,
                _undone(r, zone_name),
            )
            for r in rows
        ],
    )


def _what(r: LogRow) -> str:
    """A sanction's hands or chips and infraction (PKR-PEN-1), a chop's shares, a ruling's
    decision and article (PKR-PROC-1..4): what the floor needs to read the entry."""
    parts: list[str] = []
    if r.hands:
        parts.append(f"{r.orbits} orbit(s), {r.hands} hands")
    if r.chips_removed:
        parts.append(f"{r.chips_removed:,} chips removed")
    if r.infraction:
        parts.append(r.infraction + (f" — {r.ruling}" if r.ruling else ""))
    if r.method:
        shares = ", ".join(f"{name} {plain_euros(cents)} €" for name, cents in r.shares)
        parts.append(f"{r.method}: {shares}")
    if r.decision:
        parts.append(f"art. {r.article}: {r.decision}")
    return f" ({'; '.join(parts)})" if parts else ""


def _seat_changes(r: LogRow) -> str:
    moves = [
        f"{m.name} {m.from_table}/{m.from_seat} → {m.to_table}/{m.to_seat}"
        if m.from_table is not None
        else f"{m.name} → {m.to_table}/{m.to_seat}"
        for m in r.moves
    ]
    if r.broken is not None:
        moves.append(f"table {r.broken} broken")
    return "; ".join(moves)


def _undone(r: LogRow, zone_name: str) -> str | None:
    if r.undone_at is None:
        return None
    return f"{local(r.undone_at, zone_name).strftime('%H:%M:%S')} by {r.undone_by}"


def _clock_line(clock: ClockOut) -> str:
    if not clock.is_started:
        return "Clock not started."
    paused = "" if clock.is_running else " (paused)"
    left = f"{clock_text(clock.seconds_left)} left{paused}"
    nxt = ""
    if clock.next_big_blind is not None:
        nxt = f"; next {clock.next_small_blind}/{clock.next_big_blind}"
        nxt += f", ante {clock.next_ante}" if clock.next_ante else ""
    if clock.on_break:
        race = ", ".join(str(c) for c in clock.colour_up)
        colour_up = f"; colour up the {race} chips (PKR-RACE-1)" if race else ""
        return f"Break — {left}{colour_up}{nxt}"
    ante = f", ante {clock.ante}" if clock.ante else ""
    bba = " (big blind ante)" if clock.big_blind_ante else ""
    to_break = (
        f"; break in {clock_text(clock.seconds_to_break)}"
        if clock.seconds_to_break is not None
        else ""
    )
    return (
        f"Level {clock.level_number}: blinds {clock.small_blind}/{clock.big_blind}{ante}{bba} — "
        f"{left}{nxt}{to_break}"
    )


def _print_tables(view: TournamentView) -> None:
    if not view.is_seated:
        console().print("Seats not drawn yet.")
        return
    rows: list[tuple[Any, ...]] = []
    for table in view.open_tables:
        seated = [s for s in table.seats if s.player_id is not None]
        for i, seat in enumerate(seated):
            rows.append(
                (
                    table.number if i == 0 else None,
                    seat.seat,
                    seat.name,
                    ROLES.get(seat.role, seat.role),
                    seat.chips,
                )
            )
    print_table("Tables", ["table", "seat", "player", "next hand", "chips"], rows)
    closed = [str(t.number) for t in view.tables if t.is_closed]
    if closed:
        console().print(f"Broken tables: {', '.join(closed)}", markup=False)


def _print_payouts(view: TournamentView) -> None:
    """The paid places and the finishing order, both from the view's one model of places and
    prizes (after tied places and a chop, issue 26): they cannot disagree."""
    if view.payouts:
        print_table(
            f"Payouts ({len(view.payouts)} places paid)",
            ["place", "prize €", "player"],
            [(p.place, plain_euros(p.cents), p.name) for p in view.payouts],
        )
        if view.to_win:
            console().print(f"Left to win: {plain_euros(view.to_win)} €", markup=False)
    if view.finishing:
        print_table(
            "Finishing order",
            ["place", "player", "prize €"],
            [(f.place, f.name, plain_euros(f.cents) if f.cents else "") for f in view.finishing],
        )


# --- the club's season (issue 17) -------------------------------------------------------------

LeagueArg = Annotated[
    int,
    typer.Argument(
        metavar="ID", min=1, max=2**31 - 1, help="League id (see `torneo poker leagues`)."
    ),
]


@app.command("leagues")
def leagues(as_json: JsonFlag = False) -> None:
    """The jackpot leagues (PKR-LEAGUE-1)."""
    from torneo.poker.league.views import list_leagues

    with edge(as_json=as_json):
        rows = list_leagues(open_store())
    if as_json:
        print_json(to_jsonable_python(rows))
        return
    print_table(
        "Poker leagues",
        ["id", "name", "from", "to"],
        [(r.id, r.name, r.starts_on.isoformat(), r.ends_on.isoformat()) for r in rows],
    )


@app.command("league")
def league(league_id: LeagueArg, as_json: JsonFlag = False) -> None:
    """A league's leaderboard with each player's status, and its jackpot (PKR-LEAGUE-1..4)."""
    from torneo.poker.league.views import decimal_text, league_view

    with edge(as_json=as_json):
        view = league_view(open_store(), league_id)
    if as_json:
        print_json(to_jsonable_python(view, fallback=decimal_text))
        return
    console().print(
        f"{view.name} (id {view.id}) — {view.tournaments_played} of {view.planned_tournaments} "
        f"tournaments · jackpot {plain_euros(view.jackpot_cents)} €",
        markup=False,
    )
    print_table(
        "Leaderboard",
        ["#", "player", "points", "played", "best", "status"],
        [
            (
                r.position,
                r.name,
                decimal_text(r.points),
                r.played,
                r.best_finish,
                f"needs {r.status.missing} more" if r.status.status == "needs" else r.status.status,
            )
            for r in view.board
        ],
    )
