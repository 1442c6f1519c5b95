"""Read models of one RisiKo! table: its result form (RSK-PTS-1, RSK-OUT-1/2) and its referee
console rebuilt from the log (RSK-ROLL-1..3, RSK-ARMY-1). No writes, no rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from torneo.platform.store.uow import Store
from torneo.risiko.console.state import ArmyEntry, Console, console_of, game_settings, new_console
from torneo.risiko.rules.results import SeatStatus, TableResult
from torneo.risiko.rules.roll import RollDue, next_roll, seat_statuses
from torneo.risiko.state import (
    FINISHED,
    find_game,
    get_tournament,
    result_of,
    result_rules,
    round_row,
    rules_of,
    table_seats,
)
from torneo.risiko.views import People, Person

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
    has_console: bool  # the table's console was used: the result must agree with it
    sole_winner: bool
    objective_max: int
    risiko_points: int
    can_correct: bool


def result_form(store: Store, tournament_id: int, round_no: int, table: int) -> ResultForm:
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        rnd = round_row(row, round_no)
        drawn = table_seats(rnd, table)
        people = People(row)
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
            find_game(row, round_no, table) is not None,
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
class TableRulingLine:
    """A casebook ruling recorded at the table (RSK-PLAY-1..3)."""

    seq: int
    person: Person
    case: str
    rule: str
    note: str
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
    outcome: str | None = None  # a roll: goes_on or ends_game (RSK-ROLL-3)


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
    rulings: tuple[TableRulingLine, ...] = ()  # RSK-PLAY-1..3

    @property
    def in_game(self) -> tuple[ConsoleSeat, ...]:
        return tuple(s for s in self.seats if s.seat in ("active", "withdrawn"))

    @property
    def rolls_thrown(self) -> int:
        return sum(1 for r in self.rolls if r.total is not None)


def _due(due: RollDue, people: People) -> DueLine:
    return DueLine(people(due.roller), people(due.for_player), due.threshold, due.round_no)


def _army_line(entry: ArmyEntry, people: People) -> ArmyLine:
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


def _action_lines(console: Console, people: People) -> tuple[ActionLine, ...]:
    # RSK-ROLL-3: each roll action is one thrown roll of the log, in the same order.
    thrown = iter([r.outcome.value for r in console.state.rolls if r.total is not None])
    out = []
    for line in console.log:
        data = line.data
        who = people(int(data["player"])) if data.get("player") is not None else None
        kind = line.kind
        detail = ""
        outcome = None
        if kind == "end_turn":
            detail = str(data.get("conquered", 0))
        elif kind == "roll":
            detail = str(data.get("total"))
            outcome = next(thrown, None)
        elif kind == "exclude":
            detail = str(data.get("infraction", ""))
        elif kind == "withdraw":
            detail = "rejects_ruling" if data.get("rejects_ruling") else "force_majeure"
        elif kind in ("army", "ruling"):
            detail = str(data.get("case", ""))
        by = str(data.get("by", ""))
        out.append(ActionLine(line.seq, kind, who, detail, line.at, by, outcome))
    return tuple(reversed(out))


def console_view(store: Store, tournament_id: int, round_no: int, table: int) -> ConsoleView:
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        rnd = round_row(row, round_no)
        order = table_seats(rnd, table)
        people = People(row)
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
            tuple(
                TableRulingLine(r.seq, people(r.player), r.case.value, r.rule, r.note, r.at)
                for r in console.rulings
            ),
        )
