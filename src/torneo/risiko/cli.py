"""``torneo risiko``: read RisiKo! tournaments and seasons from a terminal.

Reads only: a tournament is set up, drawn and scored in the web app (``/risiko``, with the
referee console per table) or through the JSON API (``/api/v1/risiko``). Each command renders a
read model of :mod:`torneo.risiko.views`; with ``--json`` it prints what the API's ``GET``
answers for the same thing (the models of :mod:`torneo.risiko.schemas`, exact points as "p/q").
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any

import typer
from pydantic import BaseModel

from torneo.cli.common import JsonFlag, console, edge, open_store, print_json, print_table
from torneo.risiko import views as risiko_views
from torneo.risiko import views_season
from torneo.risiko.schemas import PageOut, SeasonOut, StandingsOut, SummaryOut
from torneo.risiko.state import FINISHED

app = typer.Typer(
    help="RisiKo! tournaments and seasons, read only.\n\n"
    "Draws, results and the referee console are in the web app (/risiko) and the API "
    "(/api/v1/risiko)."
)

TournamentArg = Annotated[
    int,
    typer.Argument(
        metavar="ID", min=1, max=2**31 - 1, help="Tournament id (see `torneo risiko list`)."
    ),
]


def _dump(model: BaseModel) -> Any:
    return model.model_dump(mode="json")


def _pts(value: Fraction | None) -> int | str | None:
    """Points as the pages show them: exact whole numbers, else up to three decimals (master's
    thousandths); ``--json`` keeps the exact fraction."""
    if value is None:
        return None
    if value.denominator == 1:
        return value.numerator
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    return f"{decimal:.3f}".rstrip("0").rstrip(".")


@app.command("list")
def list_(
    limit: Annotated[int, typer.Option(min=1, max=1000, help="At most this many.")] = 200,
    as_json: JsonFlag = False,
) -> None:
    """Tournaments, newest first."""
    with edge(as_json=as_json):
        rows = risiko_views.list_tournaments(open_store(), limit=limit)
    if as_json:
        print_json([_dump(SummaryOut.model_validate(r)) for r in rows])
        return
    print_table(
        "RisiKo! tournaments",
        ["id", "name", "date", "location", "season", "class", "status", "players", "rounds"],
        [
            (
                r.id,
                r.name,
                r.held_on.isoformat(),
                r.location,
                r.season,
                r.kind,
                r.status,
                r.players,
                r.rounds,
            )
            for r in rows
        ],
    )


@app.command("show")
def show(tournament: TournamentArg, as_json: JsonFlag = False) -> None:
    """The whole tournament: every round's tables with their results, standings, final ranking."""
    with edge(as_json=as_json):
        page = risiko_views.tournament_page(open_store(), tournament)
    if as_json:
        print_json(_dump(PageOut.model_validate(page)))
        return
    _print_heading(page)
    for rnd in page.rounds:
        _print_round(rnd)
    _print_standings(page)
    _print_final(page)
    _print_next(page)


@app.command("standings")
def standings(tournament: TournamentArg, as_json: JsonFlag = False) -> None:
    """Standings by the tournament's formula (RSK-PTS-2, RSK-TIE-1), then the final ranking.

    The final ranking appears once semifinal or final results exist.
    """
    with edge(as_json=as_json):
        page = risiko_views.tournament_page(open_store(), tournament)
    if as_json:
        body = {"rules": page.rules, "standings": page.standings, "final": page.final}
        print_json(_dump(StandingsOut.model_validate(body)))
        return
    _print_standings(page)
    _print_final(page)


@app.command("season")
def season(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Season, as set on tournaments.")],
    as_json: JsonFlag = False,
) -> None:
    """A season: its finished tournaments and each player's best weighted results."""
    with edge(as_json=as_json):
        view = views_season.season_view(open_store(), name)
    if as_json:
        print_json(_dump(SeasonOut.model_validate(view)))
        return
    factors = ", ".join(f"{kind} ×{_pts(factor)}" for kind, factor in view.class_factors)
    console().print(
        f"Season {view.season}: best {view.best_results} results count ({factors})",
        markup=False,
    )
    print_table(
        "Tournaments",
        ["id", "name", "date", "class", "factor", "players"],
        [
            (t.id, t.name, t.held_on.isoformat(), t.kind, _pts(t.factor), t.players)
            for t in view.tournaments
        ],
    )
    print_table(
        f"Season {view.season}",
        ["#", "player", "club", "points", "results (not counted in brackets)"],
        [
            (
                line.position,
                line.person.name,
                line.person.club,
                _pts(line.total),
                ", ".join(
                    f"{c.tournament} {_pts(c.points)}"
                    if c.counted
                    else f"({c.tournament} {_pts(c.points)})"
                    for c in line.results
                ),
            )
            for line in view.lines
        ],
    )


# --- how a tournament page reads on a terminal -------------------------------------------------


def _print_heading(page: risiko_views.Page) -> None:
    s = page.summary
    where = f", {s.location}" if s.location else ""
    season_text = f", season {s.season} ({s.kind})" if s.season else f", {s.kind}"
    out = console()
    out.print(
        f"{s.name} (id {s.id}) — {s.held_on.isoformat()}{where}{season_text}: {s.status}, "
        f"{s.players} players, formula {page.rules.formula}"
        + (" (open variant)" if page.rules.open_variant else ""),
        markup=False,
    )
    if page.missing_parts:  # RSK-REG-1: no draw before the four parts are published
        out.print(
            f"Regulation not published; missing: {', '.join(page.missing_parts)} (RSK-REG-1)",
            markup=False,
        )


def _seat_status(seat: risiko_views.SeatLine) -> str | None:
    if seat.status == "eliminated" and seat.eliminated is not None:
        return f"eliminated #{seat.eliminated}"
    return seat.status


def _print_round(rnd: risiko_views.RoundLine) -> None:
    rows: list[tuple[Any, ...]] = []
    for table in rnd.tables:
        for i, seat in enumerate(table.seats):
            waiting = "console open" if table.has_console else "no result yet"
            rows.append(
                (
                    table.number if i == 0 else None,
                    seat.person.name,
                    seat.person.club,
                    seat.table_points,
                    _seat_status(seat) if table.has_result else (waiting if i == 0 else None),
                    seat.position,
                    "✓" if seat.won else "",
                    _pts(seat.points),
                )
            )
    print_table(
        f"Round {rnd.number} — {rnd.stage}, {rnd.method} draw ({rnd.reported}/{rnd.total} results)",
        ["table", "player", "club", "table points", "status", "place", "won", "points"],
        rows,
    )
    for a, b in rnd.swaps:
        console().print(f"  swapped by hand: {a.name} ↔ {b.name}", markup=False)


def _print_standings(page: risiko_views.Page) -> None:
    if not page.standings:
        console().print("No standings yet: nobody is registered.")
        return
    rows = []
    for line in page.standings:
        games = ", ".join(
            f"R{g.round_no} {_pts(g.points)}" if g.counted else f"(R{g.round_no} {_pts(g.points)})"
            for g in line.games
        )
        note = "expelled" if line.expelled else ("left" if line.left else "")
        person = line.person
        rows.append(
            (line.position, person.name, person.club, _pts(line.total), line.wins, games, note)
        )
    discard = page.rules.discard_worst
    print_table(
        f"Standings — {page.rules.formula}"
        + (f", the worst {discard} game(s) not counted" if discard else ""),
        ["#", "player", "club", "points", "wins", "games (not counted in brackets)", "note"],
        rows,
    )


def _print_final(page: risiko_views.Page) -> None:
    if not page.final:
        return
    print_table(
        "Final ranking",
        ["place", "player", "club", "reached"],
        [(f.position, f.person.name, f.person.club, f.stage) for f in page.final],
    )


def _print_next(page: risiko_views.Page) -> None:
    if page.summary.status == FINISHED:
        return
    if page.next_draw is not None:
        nxt = page.next_draw
        console().print(
            f"Next draw: round {nxt.round_no} ({nxt.stage}); methods: "
            f"{', '.join(m.value for m in nxt.methods)}",
            markup=False,
        )
    elif page.why_no_draw is not None:
        console().print(f"No draw now: {page.why_no_draw.text}", markup=False)
