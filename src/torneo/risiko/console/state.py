"""A RisiKo! table's console: its stored log of actions <-> the pure referee assistant.

A table's console is stored as its log of actions (``RisikoGame.actions``) and rebuilt by
replaying them through the pure roll assistant (:mod:`torneo.risiko.rules.roll`) and the army
calculator (:mod:`torneo.risiko.rules.army`). Replaying is exact (the domain is deterministic),
gives every phone the same state after a reload, keeps every roll on the record, and makes "undo
the last action" a matter of dropping the last line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules import roll as rolls
from torneo.risiko.rules.army import ArmyRuling, FoundBy, board_excess, reinforcement_excess
from torneo.risiko.rules.casebook import RULE, TableCase, check_table_ruling, table_case
from torneo.risiko.rules.roll import RollRules, RollState
from torneo.risiko.rules.sanctions import Infraction, SanctionKind, sanction_for
from torneo.risiko.tables import RisikoGame


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
class TableRulingEntry:
    """One casebook ruling recorded at the table (RSK-PLAY-1..3)."""

    seq: int
    player: PlayerId
    case: TableCase
    rule: str
    note: str
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
    rulings: tuple[TableRulingEntry, ...] = ()  # RSK-PLAY-1..3


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
    "ruling",
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


_AT_TABLE = N_("a player of this table")


def _player(data: Mapping[str, Any], order: Sequence[PlayerId]) -> PlayerId:
    raw = data.get("player")
    try:
        player = PlayerId(int(raw))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TorneoError(
            "player",
            N_("'%(value)s' is not a player"),
            _AT_TABLE,
            params={"value": raw},
        ) from None
    if player not in order:
        raise NotFound(
            "player",
            N_("player %(player)s is not at this table"),
            _AT_TABLE,
            params={"player": player},
        )
    return player


def _count(data: Mapping[str, Any], name: str, low: int = 0) -> int:
    raw = data.get(name)
    if isinstance(raw, bool):
        raise TorneoError(
            name, N_("%(value)s is not a whole number"), N_("a whole number"), params={"value": raw}
        )
    try:
        value = int(str(raw).strip()) if raw is not None else None
    except ValueError:
        value = None
    if value is None:
        raise TorneoError(
            name,
            N_("'%(value)s' is not a whole number"),
            N_("a whole number, %(low)s or more"),
            params={"value": raw, "low": low},
        )
    if value < low:
        raise TorneoError(
            name,
            N_("%(value)s is too small"),
            N_("%(low)s or more"),
            params={"value": value, "low": low},
        )
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
            "found_by",
            N_("'%(value)s' is not who found it"),
            ", ".join(f.value for f in FoundBy),
            params={"value": found_raw},
        ) from None
    case = str(data.get("case", ""))
    if case == "board":
        ruling = board_excess(_count(data, "on_board"), found_by, caps[player])
    elif case == "reinforcements":
        ruling = reinforcement_excess(_count(data, "placed"), _count(data, "due"), found_by)
    else:
        raise TorneoError(
            "case",
            N_("'%(value)s' is not an army case"),
            N_("board or reinforcements"),
            params={"value": case},
        )
    if ruling.excess == 0:
        # RSK-ARMY-1 sanctions armies *over* the allowed number: a count within it is no
        # infraction, and is refused rather than stored as a ruling (issue 29 item 12).
        if case == "board":
            raise Conflict(
                "on_board",
                N_("%(n)s armies on the board are within the cap of %(cap)s: no infraction"),
                N_("more armies on the board than the player's cap"),
                params={"n": data.get("on_board"), "cap": caps[player]},
                rule="RSK-ARMY-1",
            )
        raise Conflict(
            "placed",
            N_("%(placed)s armies placed of %(due)s due: no infraction"),
            N_("more armies placed than due"),
            params={"placed": data.get("placed"), "due": data.get("due")},
            rule="RSK-ARMY-1",
        )
    return player, case, found_by, ruling


# How each action moves the game (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-PTS-1); "army" changes the
# caps and rulings instead (RSK-ARMY-1), in :func:`_apply_army`.
_GAME_STEPS: dict[str, Callable[[RollState, Mapping[str, Any]], RollState]] = {
    "end_turn": lambda state, a: rolls.end_turn(state, _count(a, "conquered")),
    "time_over": lambda state, a: rolls.time_over(state),
    "roll": lambda state, a: rolls.roll(state, _roll_total(a)),
    "eliminate": lambda state, a: rolls.eliminate(state, _player(a, state.order)),
    "exclude": lambda state, a: rolls.exclude(state, _player(a, state.order), _infraction(a)),
    "withdraw": lambda state, a: rolls.withdraw(
        state, _player(a, state.order), rejects_ruling=bool(a.get("rejects_ruling", False))
    ),
    "risiko": lambda state, a: rolls.declare_risiko(state, _player(a, state.order)),
    "forgotten_roll": lambda state, a: _forgotten_roll(state, _player(a, state.order)),
}


def _ended(state: RollState) -> Conflict:
    assert state.ended is not None
    return Conflict(
        "game",
        N_("the game has ended (%(reason)s)"),
        N_("a game in play"),
        params={"reason": Term(state.ended.value)},
    )


def _apply_army(
    console: Console, action: Mapping[str, Any], seq: int, at: datetime | None
) -> tuple[dict[PlayerId, int], tuple[ArmyEntry, ...]]:
    """RSK-ARMY-1: record a ruling; a board excess found by others lowers the player's cap."""
    if console.state.ended is not None:
        raise _ended(console.state)
    caps = dict(console.caps)
    player, case, found_by, ruling = _army(action, console.state.order, caps)
    if ruling.cap is not None:
        caps[player] = ruling.cap  # RSK-ARMY-1: lowered for the rest of the game
    return caps, (*console.army, ArmyEntry(seq, player, case, found_by, ruling, at))


def _apply_ruling(
    console: Console, action: Mapping[str, Any], seq: int, at: datetime | None
) -> tuple[TableRulingEntry, ...]:
    """RSK-PLAY-1..3: a casebook ruling on a player still in the game."""
    player = _player(action, console.state.order)
    case = table_case(action.get("case"))
    check_table_ruling(console.state, player, case)
    note = " ".join(str(action.get("note") or "").split())
    if len(note) > MAX_NOTE:
        raise TorneoError(
            "note",
            N_("%(n)s characters"),
            N_("at most %(max)s characters"),
            params={"n": len(note), "max": MAX_NOTE},
        )
    entry = TableRulingEntry(seq, player, case, RULE[case], note, at)
    return (*console.rulings, entry)


MAX_NOTE = 300


def apply_action(console: Console, action: Mapping[str, Any], seq: int) -> Console:
    """Apply one logged action; a bad one raises naming the field, leaving ``console`` as is."""
    state = console.state
    kind = str(action.get("kind", ""))
    at_raw = action.get("at")
    at = datetime.fromisoformat(at_raw) if isinstance(at_raw, str) else None
    caps = dict(console.caps)
    army = console.army
    rulings = console.rulings
    if kind == "army":
        caps, army = _apply_army(console, action, seq, at)
    elif kind == "ruling":
        rulings = _apply_ruling(console, action, seq, at)
    elif kind in _GAME_STEPS:
        state = _GAME_STEPS[kind](state, action)
    else:
        raise TorneoError(
            "kind",
            N_("'%(value)s' is not a console action"),
            ", ".join(ACTION_KINDS),
            params={"value": kind},
        )
    line = LogLine(seq, kind, dict(action), at)
    return Console(
        state,
        caps,
        army,
        (*console.log, line),
        console.game_minutes,
        console.started_at,
        console.rules,
        rulings,
    )


def _forgotten_roll(state: RollState, player: PlayerId) -> RollState:
    """RSK-ROLL-2 reported by the referee (a table that does not follow every turn on the
    console): a verbal warning the first time, exclusion from the game the next."""
    if state.ended is not None:
        raise _ended(state)
    if not state.seat_of(player).is_in_game:
        raise Conflict(
            "player",
            N_("player %(player)s is already %(seat)s"),
            N_("a player in the game"),
            params={"player": player, "seat": Term(state.seat_of(player).value)},
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
            "total",
            N_("'%(value)s' is not a roll of two dice"),
            N_("%(min)s to %(max)s"),
            params={"value": raw, "min": rolls.MIN_ROLL, "max": rolls.MAX_ROLL},
            rule="RSK-ROLL-3",
        ) from None


def _infraction(action: Mapping[str, Any]) -> Infraction:
    # RSK-OUT-1: an exclusion without a reason typed is the undeclared RisiKo! (the console's
    # only exclusion button); a form or the API may send the field empty.
    raw = str(action.get("infraction") or Infraction.UNDECLARED_RISIKO.value)
    # A forgotten roll is found by the assistant itself (RSK-ROLL-2), not excluded by hand.
    allowed = (Infraction.UNDECLARED_RISIKO, Infraction.REJECTED_RULING)
    try:
        infraction = Infraction(raw)
    except ValueError:
        infraction = None
    if infraction not in allowed:
        raise TorneoError(
            "infraction",
            N_("'%(value)s' is not a reason to exclude"),
            ", ".join(i.value for i in allowed),
            params={"value": raw},
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
