"""RisiKo! rows → the pure domain (and back): rules, regulation, draws, results, history, consoles.

Nothing here opens a transaction or decides a rule: the services load rows, these functions build
the domain values the engines take, and turn recorded values into JSON for the rows.

A table's console is stored as its log of actions (``RisikoGame.actions``) and rebuilt by
replaying them through the pure roll assistant (:mod:`torneo.risiko.rules.roll`) and the army
calculator (:mod:`torneo.risiko.rules.army`). Replaying is exact (the domain is deterministic),
gives every phone the same state after a reload, keeps every roll on the record, and makes "undo
the last action" a matter of dropping the last line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.platform import guards
from torneo.presets import load_preset
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules import roll as rolls
from torneo.risiko.rules.army import ArmyRuling, FoundBy, board_excess, reinforcement_excess
from torneo.risiko.rules.criteria import Criterion, score_seatings
from torneo.risiko.rules.draw import DrawMethod, Table, TableDraw
from torneo.risiko.rules.history import History
from torneo.risiko.rules.regulation import Regulation, RegulationPart
from torneo.risiko.rules.results import ResultRules, SeatResult, SeatStatus, TableResult
from torneo.risiko.rules.roll import RollRules, RollState
from torneo.risiko.rules.sanctions import Infraction, SanctionKind, sanction_for
from torneo.risiko.tables import (
    RisikoEntrant,
    RisikoGame,
    RisikoResult,
    RisikoRound,
    RisikoTournament,
)

REGISTRATION = "registration"
RUNNING = "running"
FINISHED = "finished"


class Stage:
    QUALIFYING = "qualifying"
    SEMIFINAL = "semifinal"
    FINAL = "final"


# --- loading ----------------------------------------------------------------------------------


def get_tournament(
    session: Session, tournament_id: int, *, for_update: bool = False
) -> RisikoTournament:
    stmt = (
        select(RisikoTournament)
        .where(RisikoTournament.id == tournament_id)
        .options(
            selectinload(RisikoTournament.entrants).joinedload(RisikoEntrant.player),
            selectinload(RisikoTournament.rounds),
            selectinload(RisikoTournament.results),
            selectinload(RisikoTournament.games),
        )
    )
    if for_update:
        stmt = stmt.with_for_update()  # PostgreSQL serialises writers of one tournament
    row = session.scalars(stmt).first()
    if row is None:
        raise NotFound(
            "tournament_id",
            f"no RisiKo! tournament {tournament_id}",
            "the id of a RisiKo! tournament",
        )
    return row


def check_version(row: RisikoTournament | RisikoGame, version: int | None) -> None:
    """A page that saw an older version must reload: never overwrite what it did not see."""
    what = "table console" if isinstance(row, RisikoGame) else "tournament"
    guards.check_version(row, version, what)


def preset_rules(preset: str) -> RisikoRules:
    ruleset = load_preset(preset)
    if ruleset.discipline != "risiko" or ruleset.risiko is None:
        raise TorneoError(
            "preset", f"'{preset}' is a {ruleset.discipline} preset", "a RisiKo! preset"
        )
    return ruleset.risiko


def rules_of(row: RisikoTournament) -> RisikoRules:
    return RisikoRules.model_validate(row.rules)


def regulation_of(row: RisikoTournament) -> Regulation:
    parts = row.regulation or {}
    return Regulation(**{p.value: str(parts.get(p.value, "")) for p in RegulationPart})


def regulation_to_json(regulation: Regulation) -> dict[str, str]:
    return {p.value: regulation.part(p) for p in RegulationPart}


# --- players ----------------------------------------------------------------------------------


def clubs_of(row: RisikoTournament) -> dict[PlayerId, str]:
    return {PlayerId(e.player_id): e.player.club for e in row.entrants if e.player.club}


def names_of(row: RisikoTournament) -> dict[int, str]:
    return {e.player_id: e.player.name for e in row.entrants}


def expelled_of(row: RisikoTournament) -> set[int]:
    """RSK-OUT-2: expelled players are read from the results that recorded the expulsion."""
    return {
        int(seat["player"])
        for result in row.results
        for seat in result.seats
        if seat.get("status") == SeatStatus.EXPELLED.value
    }


def field_of(row: RisikoTournament) -> list[PlayerId]:
    """The players a new qualifying draw seats: neither left nor expelled, in entry order."""
    expelled = expelled_of(row)
    return [
        PlayerId(e.player_id)
        for e in row.entrants
        if e.left_after_round is None and e.player_id not in expelled
    ]


# --- rounds and results -----------------------------------------------------------------------


def round_row(row: RisikoTournament, number: int) -> RisikoRound:
    for r in row.rounds:
        if r.number == number:
            return r
    drawn = ", ".join(str(r.number) for r in row.rounds) or "none yet"
    raise NotFound("round_no", f"round {number} has not been drawn", f"a drawn round: {drawn}")


def table_seats(rnd: RisikoRound, table: int) -> tuple[PlayerId, ...]:
    if not 1 <= table <= len(rnd.tables):
        raise NotFound(
            "table",
            f"round {rnd.number} has no table {table}",
            f"a table from 1 to {len(rnd.tables)}",
        )
    return tuple(PlayerId(int(p)) for p in rnd.tables[table - 1])


def draw_of(rnd: RisikoRound, history: History) -> TableDraw:
    tables = tuple(
        Table(i, tuple(PlayerId(int(p)) for p in seats))
        for i, seats in enumerate(rnd.tables, start=1)
    )
    method = DrawMethod.MANUAL if rnd.swaps else DrawMethod(rnd.method)
    return TableDraw(rnd.number, method, tables, score_seatings([t.seats for t in tables], history))


def seat_to_json(seat: SeatResult) -> dict[str, Any]:
    return {
        "player": int(seat.player),
        "table_points": seat.table_points,
        "status": seat.status.value,
        "eliminated": seat.eliminated,
    }


def result_of(res: RisikoResult) -> TableResult:
    seats = tuple(
        SeatResult(
            PlayerId(int(s["player"])),
            int(s["table_points"]),
            SeatStatus(s["status"]),
            int(s["eliminated"]) if s.get("eliminated") is not None else None,
        )
        for s in res.seats
    )
    return TableResult(
        res.round_no, res.table_no, seats, tuple(PlayerId(int(w)) for w in res.winners)
    )


def stage_of_round(row: RisikoTournament, number: int) -> str:
    for r in row.rounds:
        if r.number == number:
            return r.stage
    return Stage.QUALIFYING


def results_of(row: RisikoTournament, stage: str | None = None) -> list[TableResult]:
    stages = {r.number: r.stage for r in row.rounds}
    return [
        result_of(res) for res in row.results if stage is None or stages.get(res.round_no) == stage
    ]


def history_of(row: RisikoTournament, before_round: int | None = None) -> History:
    """RSK-TBL-2: who met whom, who won, who sat off-size, clubs — from the recorded games."""
    results = [r for r in results_of(row) if before_round is None or r.round_no < before_round]
    return History.from_results(results, clubs_of(row))


def result_rules(rules: RisikoRules, stage: str) -> ResultRules:
    """Semifinal tables always need a sole winner: exactly one player goes on to the final."""
    base = rules.result_rules()
    if stage == Stage.SEMIFINAL:
        return ResultRules(base.objective_max, base.risiko_points, True)
    return base


def priorities_of(rules: RisikoRules) -> tuple[Criterion, ...]:
    return tuple(rules.draw_priorities)


# --- the table console ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArmyEntry:
    """One army ruling recorded at the table (RSK-ARMY-1)."""

    seq: int
    player: PlayerId
    case: str  # board | reinforcements
    found_by: FoundBy
    ruling: ArmyRuling
    at: datetime | None


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the table's log, as the console lists it."""

    seq: int
    kind: str
    data: Mapping[str, Any]
    at: datetime | None


@dataclass(frozen=True, slots=True)
class Console:
    """The state of a table's console, rebuilt from its log."""

    state: RollState
    caps: Mapping[PlayerId, int]  # each player's board cap (RSK-ARMY-1)
    army: tuple[ArmyEntry, ...]
    log: tuple[LogLine, ...]
    game_minutes: int
    started_at: datetime
    rules: RollRules = field(default_factory=RollRules)


ACTION_KINDS = (
    "end_turn",
    "time_over",
    "roll",
    "eliminate",
    "exclude",
    "withdraw",
    "risiko",
    "forgotten_roll",
    "army",
)


def game_settings(rules: RisikoRules) -> dict[str, Any]:
    return {
        "roll": rules.roll.model_dump(mode="json"),
        "army_cap": rules.army_cap,
        "game_minutes": rules.game_minutes,
    }


def roll_rules_of(settings: Mapping[str, Any]) -> RollRules:
    r = settings.get("roll") or {}
    default = RollRules()
    return RollRules(
        int(r.get("first_threshold", default.first_threshold)),
        int(r.get("max_threshold", default.max_threshold)),
        int(r.get("max_conquests", default.max_conquests)),
        int(r.get("warnings_before_exclusion", default.warnings_before_exclusion)),
    )


def _player(data: Mapping[str, Any], order: Sequence[PlayerId]) -> PlayerId:
    raw = data.get("player")
    try:
        player = PlayerId(int(raw))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TorneoError("player", f"'{raw}' is not a player", "a player of this table") from None
    if player not in order:
        raise NotFound("player", f"player {player} is not at this table", "a player of this table")
    return player


def _count(data: Mapping[str, Any], name: str, low: int = 0) -> int:
    raw = data.get(name)
    if isinstance(raw, bool):
        raise TorneoError(name, f"{raw!r} is not a whole number", "a whole number")
    try:
        value = int(str(raw).strip()) if raw is not None else None
    except ValueError:
        value = None
    if value is None:
        raise TorneoError(name, f"'{raw}' is not a whole number", f"a whole number, {low} or more")
    if value < low:
        raise TorneoError(name, f"{value} is too small", f"{low} or more")
    return value


def _army(
    data: Mapping[str, Any], order: Sequence[PlayerId], caps: Mapping[PlayerId, int]
) -> tuple[PlayerId, str, FoundBy, ArmyRuling]:
    player = _player(data, order)
    found_raw = str(data.get("found_by", ""))
    try:
        found_by = FoundBy(found_raw)
    except ValueError:
        raise TorneoError(
            "found_by", f"'{found_raw}' is not who found it", ", ".join(f.value for f in FoundBy)
        ) from None
    case = str(data.get("case", ""))
    if case == "board":
        ruling = board_excess(_count(data, "on_board"), found_by, caps[player])
    elif case == "reinforcements":
        ruling = reinforcement_excess(_count(data, "placed"), _count(data, "due"), found_by)
    else:
        raise TorneoError("case", f"'{case}' is not an army case", "board or reinforcements")
    return player, case, found_by, ruling


def apply_action(console: Console, action: Mapping[str, Any], seq: int) -> Console:
    """Apply one logged action; a bad one raises naming the field, leaving ``console`` as is."""
    state = console.state
    kind = str(action.get("kind", ""))
    order = state.order
    at_raw = action.get("at")
    at = datetime.fromisoformat(at_raw) if isinstance(at_raw, str) else None
    caps = dict(console.caps)
    army = console.army
    if kind == "end_turn":
        state = rolls.end_turn(state, _count(action, "conquered"))
    elif kind == "time_over":
        state = rolls.time_over(state)
    elif kind == "roll":
        state = rolls.roll(state, _roll_total(action))
    elif kind == "eliminate":
        state = rolls.eliminate(state, _player(action, order))
    elif kind == "exclude":
        infraction = _infraction(action)
        state = rolls.exclude(state, _player(action, order), infraction)
    elif kind == "withdraw":
        rejects = bool(action.get("rejects_ruling", False))
        state = rolls.withdraw(state, _player(action, order), rejects_ruling=rejects)
    elif kind == "risiko":
        state = rolls.declare_risiko(state, _player(action, order))
    elif kind == "forgotten_roll":
        state = _forgotten_roll(state, _player(action, order))
    elif kind == "army":
        if state.ended is not None:
            raise Conflict("game", f"the game has ended ({state.ended.value})", "a game in play")
        player, case, found_by, ruling = _army(action, order, caps)
        if ruling.cap is not None:
            caps[player] = ruling.cap  # RSK-ARMY-1: lowered for the rest of the game
        army = (*army, ArmyEntry(seq, player, case, found_by, ruling, at))
    else:
        raise TorneoError("kind", f"'{kind}' is not a console action", ", ".join(ACTION_KINDS))
    line = LogLine(seq, kind, dict(action), at)
    return Console(
        state,
        caps,
        army,
        (*console.log, line),
        console.game_minutes,
        console.started_at,
        console.rules,
    )


def _forgotten_roll(state: RollState, player: PlayerId) -> RollState:
    """RSK-ROLL-2 reported by the referee (a table that does not follow every turn on the
    console): a verbal warning the first time, exclusion from the game the next."""
    if state.ended is not None:
        raise Conflict("game", f"the game has ended ({state.ended.value})", "a game in play")
    if not state.seat_of(player).is_in_game:
        raise Conflict(
            "player",
            f"player {player} is already {state.seat_of(player).value}",
            "a player in the game",
        )
    sanction = sanction_for(
        player, Infraction.FORGOTTEN_ROLL, state.sanctions, state.rules.warnings_before_exclusion
    )
    if sanction.kind is SanctionKind.WARNING:
        return replace(state, sanctions=(*state.sanctions, sanction))
    state = rolls.exclude(state, player, Infraction.FORGOTTEN_ROLL)  # RSK-OUT-1
    # The exclusion on the record is the one the event's warning count decided.
    return replace(state, sanctions=(*state.sanctions[:-1], sanction))


def _roll_total(action: Mapping[str, Any]) -> int:
    raw = action.get("total")
    try:
        return int(str(raw).strip())
    except (TypeError, ValueError):
        raise TorneoError(
            "total", f"'{raw}' is not a roll of two dice", "2 to 12 [RSK-ROLL-3]"
        ) from None


def _infraction(action: Mapping[str, Any]) -> Infraction:
    raw = str(action.get("infraction", Infraction.UNDECLARED_RISIKO.value))
    # A forgotten roll is found by the assistant itself (RSK-ROLL-2), not excluded by hand.
    allowed = (Infraction.UNDECLARED_RISIKO, Infraction.REJECTED_RULING)
    try:
        infraction = Infraction(raw)
    except ValueError:
        infraction = None
    if infraction not in allowed:
        raise TorneoError(
            "infraction",
            f"'{raw}' is not a reason to exclude",
            ", ".join(i.value for i in allowed),
        )
    assert infraction is not None
    return infraction


def new_console(
    order: Sequence[PlayerId], settings: Mapping[str, Any], started_at: datetime
) -> Console:
    rules = roll_rules_of(settings)
    cap = int(settings.get("army_cap", 130))
    return Console(
        rolls.start_game(order, rules),
        dict.fromkeys(order, cap),
        (),
        (),
        int(settings.get("game_minutes", 90)),
        started_at,
        rules,
    )


def console_of(game: RisikoGame) -> Console:
    """Replay the table's log (every stored action was valid when it was stored)."""
    console = new_console(
        [PlayerId(int(p)) for p in game.turn_order], game.settings, game.started_at
    )
    for seq, action in enumerate(game.actions, start=1):
        console = apply_action(console, action, seq)
    return console


def find_game(row: RisikoTournament, round_no: int, table: int) -> RisikoGame | None:
    for game in row.games:
        if game.round_no == round_no and game.table_no == table:
            return game
    return None


def games_at(row: RisikoTournament, round_no: int) -> Iterable[RisikoGame]:
    return (g for g in row.games if g.round_no == round_no)
