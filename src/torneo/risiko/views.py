"""Read models of RisiKo! tournaments for the pages and the JSON API (no writes, no rules).

Each view is built from one load of the tournament and the pure engines: the standings by the
chosen formula (RSK-PTS-2, RSK-TIE-1), the final ranking, the draws with their criteria
(RSK-TBL-2), a table's console rebuilt from its log (RSK-ROLL-1..3), and the season table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from torneo.core.errors import NotFound, Refusal
from torneo.core.ids import PlayerId
from torneo.platform.store.uow import Store
from torneo.presets.risiko import RisikoRules
from torneo.risiko.commands import (
    OPEN_FACTORS,
    NextDraw,
    next_draw,
    qualifying_standings,
    round_criteria,
)
from torneo.risiko.rules.criteria import Criterion, DrawCriteria
from torneo.risiko.rules.formulas import game_points
from torneo.risiko.rules.regulation import Regulation
from torneo.risiko.rules.results import SeatStatus, TableResult
from torneo.risiko.rules.roll import RollDue, next_roll, seat_statuses
from torneo.risiko.rules.season import SeasonResult, points_by_position, season_ranking
from torneo.risiko.rules.standings import FinalPlace, Standing, final_ranking
from torneo.risiko.rules.standings import Stage as FinalStage
from torneo.risiko.state import (
    FINISHED,
    ArmyEntry,
    Console,
    Stage,
    console_of,
    expelled_of,
    find_game,
    game_settings,
    get_tournament,
    new_console,
    preset_rules,
    regulation_of,
    result_of,
    result_rules,
    results_of,
    round_row,
    rules_of,
    table_seats,
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
class RoundLine:
    number: int
    stage: str
    method: str
    seed: int
    tables: tuple[TableLine, ...]
    criteria: DrawCriteria
    swaps: tuple[tuple[Person, Person], ...]
    is_last: bool

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
        rules.table_policy.value,
        tuple(c.value for c in rules.draw_priorities),
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
    criteria: tuple[str, ...] = field(default_factory=lambda: tuple(c.value for c in Criterion))

    @property
    def current(self) -> RoundLine | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int | None) -> RoundLine | None:
        if number is None:
            return self.current
        return next((r for r in self.rounds if r.number == number), None)


class _People:
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
    people: _People,
    rules: RisikoRules,
) -> tuple[TableLine, ...]:
    results = {r.table_no: result_of(r) for r in row.results if r.round_no == number}
    lines = []
    scoring = rules.scoring_rules()
    for t, seats in enumerate(tables, start=1):
        result = results.get(t)
        game = find_game(row, number, t)
        ended = game is not None and console_of(game).state.ended is not None
        if result is None:
            lines.append(
                TableLine(
                    t, tuple(SeatLine(people(p)) for p in seats), False, game is not None, ended
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
                    )
                    for s in result.seats
                ),
                True,
                game is not None,
                ended,
            )
        )
    return tuple(lines)


def _rounds(row: RisikoTournament, people: _People, rules: RisikoRules) -> tuple[RoundLine, ...]:
    out = []
    for rnd in row.rounds:
        out.append(
            RoundLine(
                rnd.number,
                rnd.stage,
                rnd.method,
                rnd.seed,
                _table_lines(row, rnd.number, rnd.tables, people, rules),
                round_criteria(row, rnd),
                tuple((people(s["a"]), people(s["b"])) for s in rnd.swaps),
                rnd is row.rounds[-1],
            )
        )
    return tuple(out)


def _standing_lines(
    row: RisikoTournament, rules: RisikoRules, people: _People
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
    return final_ranking(qualifying, semis, finals[0] if finals else None)


def _page(row: RisikoTournament) -> Page:
    rules = rules_of(row)
    people = _People(row)
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
        can_close=row.status != FINISHED and complete,
    )


def tournament_page(store: Store, tournament_id: int) -> Page:
    with store.read() as session:
        return _page(get_tournament(session, tournament_id))


# --- results entry ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResultSeat:
    person: Person
    table_points: int | None
    status: str
    eliminated: int | None
    is_winner: bool


@dataclass(frozen=True, slots=True)
class ResultForm:
    tournament_id: int
    tournament_name: str
    version: int
    round_no: int
    stage: str
    table: int
    seats: tuple[ResultSeat, ...]
    entered: bool  # a result exists (the form corrects it)
    from_console: bool  # statuses prefilled from the table's console
    sole_winner: bool
    objective_max: int
    risiko_points: int
    can_correct: bool


def result_form(store: Store, tournament_id: int, round_no: int, table: int) -> ResultForm:
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        rnd = round_row(row, round_no)
        drawn = table_seats(rnd, table)
        people = _People(row)
        rules = result_rules(rules_of(row), rnd.stage)
        existing = next(
            (r for r in row.results if r.round_no == round_no and r.table_no == table), None
        )
        from_console = False
        if existing is not None:
            result: TableResult = result_of(existing)
            seats = tuple(
                ResultSeat(
                    people(s.player),
                    s.table_points,
                    s.status.value,
                    s.eliminated,
                    s.player in result.winners,
                )
                for s in result.seats
            )
        else:
            game = find_game(row, round_no, table)
            start: tuple[SeatStatus, int | None] = (SeatStatus.SURVIVED, None)
            statuses = dict.fromkeys(drawn, start)
            if game is not None:
                from_console = True
                for player, status, order in seat_statuses(console_of(game).state):
                    statuses[player] = (status, order)
            seats = tuple(
                ResultSeat(people(p), None, statuses[p][0].value, statuses[p][1], False)
                for p in drawn
            )
        return ResultForm(
            row.id,
            row.name,
            row.version,
            round_no,
            rnd.stage,
            table,
            seats,
            existing is not None,
            from_console,
            rules.sole_winner,
            rules.objective_max,
            rules.risiko_points,
            existing is not None and row.rounds[-1].number == round_no and row.status != FINISHED,
        )


# --- the table console ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConsoleSeat:
    person: Person
    seat: str  # active | withdrawn | eliminated | excluded | expelled
    is_to_play: bool
    cap: int
    warnings: int  # RSK-ROLL-2 forgotten-roll warnings
    eliminated_order: int | None


@dataclass(frozen=True, slots=True)
class DueLine:
    roller: Person
    for_player: Person
    threshold: int
    round_no: int


@dataclass(frozen=True, slots=True)
class RollLine:
    seq: int
    roller: Person
    for_player: Person
    threshold: int
    round_no: int
    outcome: str
    total: int | None


@dataclass(frozen=True, slots=True)
class ArmyLine:
    seq: int
    person: Person
    case: str
    found_by: str
    excess: int
    remove: int
    from_just_placed: int
    from_any: int
    cap: int | None
    at: datetime | None


@dataclass(frozen=True, slots=True)
class SanctionLine:
    person: Person
    infraction: str
    kind: str
    rule: str


@dataclass(frozen=True, slots=True)
class ActionLine:
    seq: int
    kind: str
    person: Person | None
    detail: str
    at: datetime | None
    by: str


@dataclass(frozen=True, slots=True)
class ConsoleView:
    tournament_id: int
    tournament_name: str
    round_no: int
    stage: str
    table: int
    version: int  # 0 until the console opens
    opened: bool
    seats: tuple[ConsoleSeat, ...]
    to_play: Person
    round_in_game: int
    phase: str
    threshold: int
    next_roll: DueLine | None
    pending: tuple[DueLine, ...]
    rolls: tuple[RollLine, ...]
    sanctions: tuple[SanctionLine, ...]
    army: tuple[ArmyLine, ...]
    actions: tuple[ActionLine, ...]
    ended: str | None
    has_result: bool
    started_at: datetime | None
    time_ends_at: datetime | None
    game_minutes: int
    max_conquests: int
    army_cap: int

    @property
    def in_game(self) -> tuple[ConsoleSeat, ...]:
        return tuple(s for s in self.seats if s.seat in ("active", "withdrawn"))

    @property
    def rolls_thrown(self) -> int:
        return sum(1 for r in self.rolls if r.total is not None)


def _due(due: RollDue, people: _People) -> DueLine:
    return DueLine(people(due.roller), people(due.for_player), due.threshold, due.round_no)


def _army_line(entry: ArmyEntry, people: _People) -> ArmyLine:
    r = entry.ruling
    return ArmyLine(
        entry.seq,
        people(entry.player),
        entry.case,
        entry.found_by.value,
        r.excess,
        r.remove,
        r.from_just_placed,
        r.from_any,
        r.cap,
        entry.at,
    )


def _action_lines(console: Console, people: _People) -> tuple[ActionLine, ...]:
    out = []
    for line in console.log:
        data = line.data
        who = people(int(data["player"])) if data.get("player") is not None else None
        kind = line.kind
        detail = ""
        if kind == "end_turn":
            detail = str(data.get("conquered", 0))
        elif kind == "roll":
            detail = str(data.get("total"))
        elif kind == "exclude":
            detail = str(data.get("infraction", ""))
        elif kind == "withdraw":
            detail = "rejects_ruling" if data.get("rejects_ruling") else "force_majeure"
        elif kind == "army":
            detail = str(data.get("case", ""))
        out.append(ActionLine(line.seq, kind, who, detail, line.at, str(data.get("by", ""))))
    return tuple(reversed(out))


def console_view(store: Store, tournament_id: int, round_no: int, table: int) -> ConsoleView:
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        rnd = round_row(row, round_no)
        order = table_seats(rnd, table)
        people = _People(row)
        game = find_game(row, round_no, table)
        rules = rules_of(row)
        if game is not None:
            console = console_of(game)
        else:
            console = new_console(order, game_settings(rules), datetime.min)
        state = console.state
        eliminated = {p: i for i, p in enumerate(state.eliminated, start=1)}
        warnings = {
            p: sum(1 for s in state.sanctions if s.player == p and s.kind.value == "warning")
            for p in order
        }
        seats = tuple(
            ConsoleSeat(
                people(p),
                seat.value,
                state.ended is None and i == state.current,
                console.caps.get(p, rules.army_cap),
                warnings[p],
                eliminated.get(p),
            )
            for i, (p, seat) in enumerate(zip(state.order, state.seats, strict=True))
        )
        upcoming = next_roll(state)
        started = game.started_at if game is not None else None
        return ConsoleView(
            row.id,
            row.name,
            round_no,
            rnd.stage,
            table,
            game.version if game is not None else 0,
            game is not None,
            seats,
            people(state.to_play),
            state.round_no,
            state.phase.value,
            state.threshold,
            _due(upcoming, people) if upcoming else None,
            tuple(_due(d, people) for d in state.pending),
            tuple(
                RollLine(
                    r.seq,
                    people(r.due.roller),
                    people(r.due.for_player),
                    r.due.threshold,
                    r.due.round_no,
                    r.outcome.value,
                    r.total,
                )
                for r in state.rolls
            ),
            tuple(
                SanctionLine(people(s.player), s.infraction.value, s.kind.value, s.rule)
                for s in state.sanctions
            ),
            tuple(_army_line(a, people) for a in console.army),
            _action_lines(console, people),
            state.ended.value if state.ended is not None else None,
            any(r.round_no == round_no and r.table_no == table for r in row.results),
            started,
            started + timedelta(minutes=console.game_minutes) if started else None,
            console.game_minutes,
            console.rules.max_conquests,
            rules.army_cap,
        )


# --- the season -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeasonCell:
    tournament_id: int
    tournament: str
    kind: str
    points: Fraction
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonLine:
    position: int
    person: Person
    total: Fraction
    results: tuple[SeasonCell, ...]


@dataclass(frozen=True, slots=True)
class SeasonTournament:
    id: int
    name: str
    held_on: date
    kind: str
    factor: Fraction
    players: int


@dataclass(frozen=True, slots=True)
class SeasonView:
    season: str
    best_results: int
    class_factors: tuple[tuple[str, Fraction], ...]
    tournaments: tuple[SeasonTournament, ...]
    lines: tuple[SeasonLine, ...]


def seasons(store: Store) -> list[str]:
    with store.read() as session:
        names = session.scalars(
            select(RisikoTournament.season).where(RisikoTournament.season.is_not(None)).distinct()
        ).all()
        return sorted((n for n in names if n), reverse=True)


def season_view(store: Store, season: str) -> SeasonView:
    """The season: finished tournaments labelled ``season``, best N weighted results each."""
    with store.read() as session:
        ids = session.scalars(
            select(RisikoTournament.id)
            .where(RisikoTournament.season == season, RisikoTournament.status == FINISHED)
            .order_by(RisikoTournament.held_on, RisikoTournament.id)
        ).all()
        if not ids and season not in seasons_in(session):
            raise NotFound("season", f"no RisiKo! season '{season}'", "a season of a tournament")
        rows = [get_tournament(session, i) for i in ids]
        return _season(season, rows)


def seasons_in(session: Session) -> set[str]:
    return {
        s
        for s in session.scalars(select(RisikoTournament.season).distinct()).all()
        if s is not None
    }


def _season(season: str, rows: Sequence[RisikoTournament]) -> SeasonView:
    # The season's rules (best N, class factors) come from the preset of its tournaments.
    rules = rules_of(rows[-1]) if rows else preset_rules("risiko-rtu-2016")
    season_rules = rules.season_rules()
    results: list[SeasonResult] = []
    people: dict[int, Person] = {}
    tournaments = []
    names: dict[str, int] = {}
    for row in rows:
        label = f"{row.name} ({row.held_on.isoformat()})"
        names[label] = row.id
        places = final_places(row, rules_of(row)) or _qualifying_places(row)
        for e in row.entrants:
            people[e.player_id] = Person(e.player_id, e.player.name, e.player.club)
        for player, points in points_by_position(places).items():
            results.append(SeasonResult(label, row.kind, player, points))
        tournaments.append(
            SeasonTournament(
                row.id,
                row.name,
                row.held_on,
                row.kind,
                season_rules.class_factors.get(row.kind, Fraction(0)),
                len(places),
            )
        )
    table = season_ranking(results, season_rules) if results else ()
    return SeasonView(
        season,
        season_rules.best_results,
        tuple(season_rules.class_factors.items()),
        tuple(tournaments),
        tuple(
            SeasonLine(
                r.position,
                people.get(int(r.player)) or Person(int(r.player), f"#{r.player}", None),
                r.total,
                tuple(
                    SeasonCell(names[w.tournament], w.tournament, w.kind, w.points, w.counted)
                    for w in r.results
                ),
            )
            for r in table
        ),
    )


def _qualifying_places(row: RisikoTournament) -> tuple[FinalPlace, ...]:
    """A tournament closed without semifinals or a final ranks by its qualifying standings."""
    rules = rules_of(row)
    return tuple(
        FinalPlace(s.position, PlayerId(s.player), FinalStage.QUALIFYING)
        for s in qualifying_standings(row, rules)
        if s.position is not None
    )
