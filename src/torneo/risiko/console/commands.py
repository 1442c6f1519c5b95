"""The referee console of a RisiKo! table (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1).

A table's console is its log of actions: turns ending (with the territories conquered), game
time running out, each roll of the end-of-game roll, eliminations, exclusions, withdrawals, a
declared RisiKo! and the army rulings. Each action is checked by replaying the log through the
pure assistant and applying it; only an action the domain accepts is appended, so a refused one
(a roll outside 2–12, a roll nobody owes, a player of another table…) changes nothing. The state
any phone sees is rebuilt from the stored log, so a reload or a second phone sees the same.

The console has its own version: two phones at one table that act on the same state get a
conflict for the second action instead of a double roll; the referees of different tables never
block each other. "Undo" removes the last action (a mis-tap), on the audit log like every action.

Decisions where the rules are silent:
- The console opens on the first action at a table, with the draw's turn order and the
  tournament's roll rules and army cap; it closes for good when the table's result is entered.
- Game time (RSK-ROLL-3) is announced by the referee ("time over"), not by the server's clock:
  the table's own clock is what the players saw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.platform.web.forms import checked
from torneo.risiko.commands import not_finished, topic
from torneo.risiko.console.state import (
    ACTION_KINDS,
    Console,
    apply_action,
    console_of,
    game_settings,
)
from torneo.risiko.state import check_version, get_tournament, round_row, rules_of, table_seats
from torneo.risiko.state_access import authorize_tournament
from torneo.risiko.tables import RisikoGame

# What each action keeps, and how: everything else typed in a form is dropped.
_FIELDS: dict[str, tuple[str, ...]] = {
    "end_turn": ("conquered",),
    "time_over": (),
    "roll": ("total",),
    "eliminate": ("player",),
    "exclude": ("player", "infraction"),
    "withdraw": ("player", "rejects_ruling"),
    "risiko": ("player",),
    "forgotten_roll": ("player",),
    "army": ("player", "case", "found_by", "on_board", "placed", "due"),
    "ruling": ("player", "case", "note"),  # RSK-PLAY-1..3
}
_NUMBERS = {"conquered", "total", "player", "on_board", "placed", "due"}


def normalize(action: Mapping[str, Any]) -> dict[str, Any]:
    """Keep the fields of the action's kind, numbers as ints where they read as ints."""
    kind = str(action.get("kind", "")).strip()
    if kind not in _FIELDS:
        raise TorneoError(
            "kind",
            N_("'%(value)s' is not a console action"),
            ", ".join(ACTION_KINDS),
            params={"value": kind},
        )
    clean: dict[str, Any] = {"kind": kind}
    for name in _FIELDS[kind]:
        value = action.get(name)
        if name == "rejects_ruling":
            clean[name] = value is True or checked(str(value))
            continue
        if isinstance(value, str):
            value = value.strip()
            if name in _NUMBERS and value.lstrip("-").isdigit():
                value = int(value)
        if value is None or value == "":
            if name == "conquered":
                value = 0
            elif kind == "army" and name in {"on_board", "placed", "due"}:
                continue  # only the numbers of the chosen case are needed
        clean[name] = value
    return clean


def _game_for_update(
    uow: UnitOfWork, tournament_id: int, round_no: int, table: int
) -> RisikoGame | None:
    stmt = (
        select(RisikoGame)
        .where(
            RisikoGame.tournament_id == tournament_id,
            RisikoGame.round_no == round_no,
            RisikoGame.table_no == table,
        )
        .with_for_update()
    )
    return uow.session.scalars(stmt).first()


def _open(
    uow: UnitOfWork, tournament_id: int, round_no: int, table: int, version: int | None
) -> RisikoGame:
    """The table's console, opened on the first action; refused once the result is in.

    ``version`` is the console version the phone saw: 0 for a console not opened yet.
    """
    row = get_tournament(uow.session, tournament_id)
    authorize_tournament(uow.session, uow.actor, row, Action.OFFICIATE)  # its referees
    not_finished(row)
    rnd = round_row(row, round_no)
    order = table_seats(rnd, table)
    if any(r.round_no == round_no and r.table_no == table for r in row.results):
        raise Conflict(
            "table",
            N_(
                "the result of table %(table)s of round %(round)s is entered: the console is closed"
            ),
            N_("a table still playing"),
            params={"table": table, "round": round_no},
        )
    game = _game_for_update(uow, tournament_id, round_no, table)
    if game is not None and version is not None:
        check_version(game, version)
    if game is None:
        game = RisikoGame(
            tournament_id=tournament_id,
            round_no=round_no,
            table_no=table,
            turn_order=[int(p) for p in order],
            settings=game_settings(rules_of(row)),
            actions=[],
            started_at=uow.now,
        )
        uow.session.add(game)
        uow.session.flush()
        uow.audit(
            "risiko.console.open",
            "risiko_game",
            game.id,
            after={"round": round_no, "table": table, "order": game.turn_order},
        )
    return game


def act(
    store: Store,
    actor: Actor,
    tournament_id: int,
    round_no: int,
    table: int,
    action: Mapping[str, Any],
    *,
    version: int | None = None,
) -> Console:
    """Apply one action at the table; return the console's new state."""
    precheck(actor, Action.OFFICIATE)
    clean = normalize(action)
    with store.unit(actor) as uow:
        game = _open(uow, tournament_id, round_no, table, version)
        console = console_of(game)
        stamped = {**clean, "at": uow.now.isoformat(), "by": actor.name}
        after = apply_action(console, stamped, len(game.actions) + 1)
        game.actions = [*game.actions, stamped]
        uow.session.flush()
        uow.notify(topic(tournament_id), "console", round=round_no, table=table)
        uow.audit(
            f"risiko.console.{clean['kind']}",
            "risiko_game",
            game.id,
            after={**clean, **_consequence(console, after)},
        )
        return after


def _consequence(before: Console, after: Console) -> dict[str, Any]:
    """What the action caused, for the audit log: rolls, sanctions, seat changes, army."""
    out: dict[str, Any] = {}
    new_rolls = after.state.rolls[len(before.state.rolls) :]
    if new_rolls:
        out["rolls"] = [
            {
                "roller": int(r.due.roller),
                "for": int(r.due.for_player),
                "threshold": r.due.threshold,
                "total": r.total,
                "outcome": r.outcome.value,
            }
            for r in new_rolls
        ]
    new_sanctions = after.state.sanctions[len(before.state.sanctions) :]
    if new_sanctions:
        out["sanctions"] = [
            {"player": int(s.player), "kind": s.kind.value, "rule": s.rule} for s in new_sanctions
        ]
    if after.state.ended is not None and before.state.ended is None:
        out["ended"] = after.state.ended.value
    if len(after.army) > len(before.army):
        ruling = after.army[-1].ruling
        out["ruling"] = {"excess": ruling.excess, "remove": ruling.remove, "cap": ruling.cap}
    return out


def undo(
    store: Store,
    actor: Actor,
    tournament_id: int,
    round_no: int,
    table: int,
    *,
    version: int | None = None,
) -> Console:
    """Take back the last action at the table (a mis-tap); it stays on the audit log."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        game = _open(uow, tournament_id, round_no, table, version)
        if not game.actions:
            raise Conflict(
                "actions", N_("nothing to undo at this table"), N_("an action to take back")
            )
        last = game.actions[-1]
        game.actions = game.actions[:-1]
        uow.session.flush()
        uow.notify(topic(tournament_id), "console", round=round_no, table=table)
        uow.audit("risiko.console.undo", "risiko_game", game.id, before=last)
        return console_of(game)


__all__ = ["act", "normalize", "undo"]
