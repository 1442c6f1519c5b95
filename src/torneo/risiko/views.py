"""Read models of RisiKo! tournaments for the pages and the JSON API (no writes, no rules).

Each view is built from one load of the tournament and the pure engines: the standings by the
chosen formula (RSK-PTS-2, RSK-TIE-1), the final ranking, the draws with their criteria
(RSK-TBL-2). A table's result form and console are in :mod:`torneo.risiko.views_tables`, the
season table in :mod:`torneo.risiko.views_season`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from torneo.core.errors import Refusal
from torneo.core.policy import Action, Actor
from torneo.platform.store.uow import Store
from torneo.presets.risiko import RisikoRules
from torneo.risiko.commands import OPEN_FACTORS
from torneo.risiko.console.state import console_of
from torneo.risiko.rules.colours import colour_of
from torneo.risiko.rules.criteria import Criterion, DrawCriteria
from torneo.risiko.rules.formulas import game_points
from torneo.risiko.rules.regulation import Regulation
from torneo.risiko.rules.settings import rules_from_preset
from torneo.risiko.rules.standings import FinalPlace, Standing, final_ranking
from torneo.risiko.state import (
    FINISHED,
    Stage,
    expelled_of,
    find_game,
    get_tournament,
    regulation_of,
    result_of,
    results_of,
    rules_of,
    title_roll_of,
)
from torneo.risiko.state_access import allowed_actions
from torneo.risiko.structure import (
    NextDraw,
    next_draw,
    qualifying_standings,
    round_advice,
    round_criteria,
    structure_warning,
    title_tie_of,
    title_undecided,
)
from torneo.risiko.tables import RisikoEntrant, RisikoTournament


@dataclass(frozen=True, slots=True)
class Summary:
    id: int
    name: str
    held_on: date
    location: str | None
    season: str | None
    kind: str
    status: str
    players: int
    rounds: int
    formula: str
    version: int
    regulation_published: bool


def _summary(row: RisikoTournament) -> Summary:
    return Summary(
        row.id,
        row.name,
        row.held_on,
        row.location,
        row.season,
        row.kind,
        row.status,
        len(row.entrants),
        len(row.rounds),
        str(row.rules.get("scoring", {}).get("formula", "")),
        row.version,
        row.regulation_published_at is not None,
    )


def list_tournaments(store: Store, *, limit: int = 200) -> list[Summary]:
    with store.read() as session:
        rows = session.scalars(
            select(RisikoTournament)
            .options(
                selectinload(RisikoTournament.entrants).joinedload(RisikoEntrant.player),
                selectinload(RisikoTournament.rounds),
            )
            .order_by(RisikoTournament.held_on.desc(), RisikoTournament.id.desc())
            .limit(limit)
        ).all()
        return [_summary(r) for r in rows]


# --- the tournament page ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Person:
    player_id: int
    name: str
    club: str | None


@dataclass(frozen=True, slots=True)
class PlayerLine:
    person: Person
    left_after_round: int | None
    expelled: bool
    games: int


@dataclass(frozen=True, slots=True)
class SeatLine:
    person: Person
    table_points: int | None = None
    status: str | None = None
    eliminated: int | None = None
    position: int | None = None
    won: bool = False
    points: Fraction | None = None  # tournament points of this game (formula)
    turn: int = 0  # RSK-TBL-1: the turn order, 1 plays first
    colour: str = ""  # its army colour (rules/colours.py, issue 30 item 7)


@dataclass(frozen=True, slots=True)
class TableLine:
    number: int
    seats: tuple[SeatLine, ...]
    has_result: bool
    has_console: bool
    console_ended: bool

    @property
    def size(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class SwapAdvice:
    """A swap that would improve the round, and the criteria it leaves (RSK-TBL-2)."""

    a: Person
    b: Person
    after: DrawCriteria


@dataclass(frozen=True, slots=True)
class RoundLine:
    number: int
    stage: str
    method: str
    seed: int
    tables: tuple[TableLine, ...]
    criteria: DrawCriteria
    swaps: tuple[tuple[Person, Person], ...]
    is_last: bool
    # RSK-TBL-2: the method could not avoid its repeats (alla greca at few tables), and the
    # swaps that would improve the round, offered while the draw can still change.
    repeats_unavoidable: bool = False
    advice: tuple[SwapAdvice, ...] = ()

    @property
    def reported(self) -> int:
        return sum(1 for t in self.tables if t.has_result)

    @property
    def total(self) -> int:
        return len(self.tables)

    @property
    def is_complete(self) -> bool:
        return self.reported == self.total

    @property
    def can_change(self) -> bool:
        """The draw can still be undone or swapped (no result, no console)."""
        return self.is_last and not any(t.has_result or t.has_console for t in self.tables)


@dataclass(frozen=True, slots=True)
class GameCell:
    round_no: int
    table: int
    points: Fraction
    table_points: int
    position: int
    won: bool
    counted: bool


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int | None
    person: Person
    total: Fraction
    wins: int
    games: tuple[GameCell, ...]
    expelled: bool
    left: bool


@dataclass(frozen=True, slots=True)
class FinalLine:
    position: int
    person: Person
    stage: str


@dataclass(frozen=True, slots=True)
class RulesView:
    formula: str
    open_variant: bool
    discard_worst: int
    sole_winner: bool
    table_policy: str
    priorities: tuple[str, ...]
    qualifying_games: int
    semifinal_tables: int
    final_table_size: int
    game_minutes: int
    army_cap: int
    objective_max: int
    risiko_points: int
    class_factors: tuple[tuple[str, Fraction], ...]
    best_results: int


def rules_view(rules: RisikoRules) -> RulesView:
    s = rules.scoring
    return RulesView(
        s.formula,
        dict(s.table_size_factors) == OPEN_FACTORS,
        s.discard_worst,
        s.sole_winner,
        rules.table_policy,
        tuple(rules.draw_priorities),
        rules.qualifying_games,
        rules.semifinal_tables,
        rules.final_table_size,
        rules.game_minutes,
        rules.army_cap,
        s.objective_max,
        s.risiko_points,
        tuple(rules.season.class_factors.items()),
        rules.season.best_results,
    )


@dataclass(frozen=True, slots=True)
class Page:
    summary: Summary
    rules: RulesView
    regulation: Regulation
    regulation_published_at: datetime | None
    missing_parts: tuple[str, ...]
    players: tuple[PlayerLine, ...]
    rounds: tuple[RoundLine, ...]
    standings: tuple[StandingLine, ...]
    final: tuple[FinalLine, ...]
    next_draw: NextDraw | None
    why_no_draw: Refusal | None
    can_register: bool
    can_close: bool
    title_tie: tuple[Person, ...] = ()  # RSK-TIE-1: still tied for the title, no roll yet
    # RSK-TBL-2: the structure cannot reach its final table with the current field
    structure_warning: Refusal | None = None
    criteria: tuple[str, ...] = field(default_factory=lambda: tuple(c.value for c in Criterion))
    # Issue 26 item 2: what the visitor may do here (the one policy): "manage", "officiate"
    powers: frozenset[str] = frozenset()

    @property
    def may_manage(self) -> bool:
        return Action.MANAGE.value in self.powers

    @property
    def may_officiate(self) -> bool:
        return Action.OFFICIATE.value in self.powers

    @property
    def current(self) -> RoundLine | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int | None) -> RoundLine | None:
        if number is None:
            return self.current
        return next((r for r in self.rounds if r.number == number), None)


class People:
    """Who a player id is, as the pages show them (an unknown id shows as "#17")."""

    def __init__(self, row: RisikoTournament) -> None:
        self.by_id = {
            e.player_id: Person(e.player_id, e.player.name, e.player.club) for e in row.entrants
        }

    def __call__(self, player: int) -> Person:
        return self.by_id.get(int(player)) or Person(int(player), f"#{player}", None)


def _table_lines(
    row: RisikoTournament,
    number: int,
    tables: Sequence[Sequence[int]],
    people: People,
    rules: RisikoRules,
) -> tuple[TableLine, ...]:
    results = {r.table_no: result_of(r) for r in row.results if r.round_no == number}
    lines = []
    scoring = rules_from_preset(rules).scoring_rules()
    for t, seats in enumerate(tables, start=1):
        result = results.get(t)
        game = find_game(row, number, t)
        ended = game is not None and console_of(game).state.ended is not None
        if result is None:
            lines.append(
                TableLine(
                    t,
                    tuple(
                        SeatLine(people(p), turn=turn, colour=colour_of(turn))
                        for turn, p in enumerate(seats, start=1)
                    ),
                    False,
                    game is not None,
                    ended,
                )
            )
            continue
        places = result.positions()
        points = game_points(result, scoring)
        lines.append(
            TableLine(
                t,
                tuple(
                    SeatLine(
                        people(s.player),
                        s.table_points,
                        s.status.value,
                        s.eliminated,
                        places[s.player],
                        s.player in result.winners,
                        points[s.player],
                        turn,
                        colour_of(turn),
                    )
                    for turn, s in enumerate(result.seats, start=1)
                ),
                True,
                game is not None,
                ended,
            )
        )
    return tuple(lines)


def _rounds(row: RisikoTournament, people: People, rules: RisikoRules) -> tuple[RoundLine, ...]:
    out = []
    for rnd in row.rounds:
        line = RoundLine(
            rnd.number,
            rnd.stage,
            rnd.method,
            rnd.seed,
            _table_lines(row, rnd.number, rnd.tables, people, rules),
            round_criteria(row, rnd),
            tuple((people(s["a"]), people(s["b"])) for s in rnd.swaps),
            rnd is row.rounds[-1],
        )
        if line.can_change and row.status != FINISHED:
            unavoidable, swaps = round_advice(row, rnd, rules)
            advice = tuple(SwapAdvice(people(s.a), people(s.b), s.after) for s in swaps)
            line = replace(line, repeats_unavoidable=unavoidable, advice=advice)
        out.append(line)
    return tuple(out)


def _standing_lines(
    row: RisikoTournament, rules: RisikoRules, people: People
) -> tuple[StandingLine, ...]:
    left = {e.player_id for e in row.entrants if e.left_after_round is not None}
    return tuple(
        StandingLine(
            s.position,
            people(s.player),
            s.total,
            s.wins,
            tuple(
                GameCell(
                    g.round_no, g.table, g.points, g.table_points, g.position, g.won, g.counted
                )
                for g in s.games
            ),
            s.expelled,
            int(s.player) in left,
        )
        for s in qualifying_standings(row, rules)
    )


def final_places(row: RisikoTournament, rules: RisikoRules) -> tuple[FinalPlace, ...]:
    """The final ranking once semifinal or final results exist (else empty)."""
    semis = results_of(row, Stage.SEMIFINAL)
    finals = results_of(row, Stage.FINAL)
    if not semis and not finals:
        return ()
    qualifying: Sequence[Standing] = qualifying_standings(row, rules)
    return final_ranking(
        qualifying,
        semis,
        finals[0] if finals else None,
        roll=title_roll_of(row),
        shared_titles=rules.shared_titles,
    )


def _page(row: RisikoTournament) -> Page:
    rules = rules_of(row)
    people = People(row)
    expelled = expelled_of(row)
    games: dict[int, int] = {}
    for res in row.results:
        for seat in res.seats:
            games[int(seat["player"])] = games.get(int(seat["player"]), 0) + 1
    players = tuple(
        PlayerLine(
            people(e.player_id),
            e.left_after_round,
            e.player_id in expelled,
            games.get(e.player_id, 0),
        )
        for e in row.entrants
    )
    plan = next_draw(row, rules)
    regulation = regulation_of(row)
    rounds = _rounds(row, people, rules)
    complete = bool(rounds) and rounds[-1].is_complete
    return Page(
        summary=_summary(row),
        rules=rules_view(rules),
        regulation=regulation,
        regulation_published_at=row.regulation_published_at,
        missing_parts=tuple(p.value for p in regulation.missing_parts()),
        players=players,
        rounds=rounds,
        standings=_standing_lines(row, rules, people),
        final=tuple(
            FinalLine(p.position, people(p.player), p.stage.value) for p in final_places(row, rules)
        ),
        next_draw=plan if isinstance(plan, NextDraw) else None,
        why_no_draw=plan if isinstance(plan, Refusal) else None,
        can_register=row.status != FINISHED
        and all(r.stage == Stage.QUALIFYING for r in row.rounds),
        can_close=row.status != FINISHED and complete and title_undecided(row, rules) is None,
        title_tie=tuple(people(p) for p in title_tie_of(row, rules))
        if row.status != FINISHED and title_undecided(row, rules) is not None
        else (),
        structure_warning=structure_warning(row, rules) if row.status != FINISHED else None,
    )


def tournament_page(store: Store, tournament_id: int, actor: Actor | None = None) -> Page:
    """The tournament as every view shows it; with ``actor``, what they may do on it."""
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        page = _page(row)
        if actor is None:
            return page
        powers = frozenset(a.value for a in allowed_actions(session, actor, row))
        return replace(page, powers=powers)
