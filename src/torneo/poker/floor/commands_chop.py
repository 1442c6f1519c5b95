"""Chip counts and the chop (the deal at the final table).

Chip counts must name every player still in and add up to the chips in play. A chop ends the
tournament: the players left take the chopped amounts (equal, by chips, or ICM), rounded to the
club's unit without losing a cent, and are placed by the chips they hold (equal stacks, or an
equal chop without counts: in the order they entered). The chop is an entry of the floor's log
(:mod:`.commands_log`) that the organizer may undo while it is what ended the tournament
(:mod:`.commands_undo`); the entry keeps the chip counts it replaced, to put them back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker.commands import parse_int, topic, touch
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.floor.commands import finish, open_running
from torneo.poker.rules.colour_up import check_chip_counts
from torneo.poker.rules.icm import chop_icm
from torneo.poker.rules.payouts import chop_chips, chop_equal
from torneo.poker.rules.places import payout_amounts
from torneo.poker.state import PokerState, check_version
from torneo.poker.state_changes import COUNTS

# --- chip counts and the chop -----------------------------------------------------------------

CHOPS = ("equal", "chips", "icm")


def _counts(state: PokerState, counts: Mapping[Any, Any], field: str) -> dict[PlayerId, int]:
    parsed = {
        PlayerId(parse_int(field, k, low=1)): parse_int(field, v, low=0) for k, v in counts.items()
    }
    alive = set(state.field.alive)
    unknown = [p for p in parsed if p not in alive]
    if unknown:
        raise TorneoError(
            field,
            N_("player %(player)s is not in the tournament"),
            N_("players still in"),
            params={"player": unknown[0]},
        )
    missing = [p for p in state.field.alive if p not in parsed]
    if missing:
        raise TorneoError(
            field,
            N_("no count for player %(player)s"),
            N_("a count for every player still in"),
            params={"player": missing[0]},
        )
    try:
        check_chip_counts(parsed, state.ledger.chips_in_play)
    except TorneoError as err:
        raise TorneoError(field, err.reason_message, err.accepted_message, rule=err.rule) from err
    return parsed


def record_chip_counts(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    counts: Mapping[Any, Any],
    version: int | None = None,
) -> None:
    """The chips of every player still in; refused unless they add up to the chips in play."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.OFFICIATE, [COUNTS])
        parsed = _counts(state, counts, "chip_counts")
        row.stacks = {"at": uow.now.isoformat(), "counts": {str(p): c for p, c in parsed.items()}}
        touch(row, COUNTS)
        uow.audit("poker.chip_counts", "poker_tournament", row.id, after=row.stacks)
        uow.notify(topic(row.id), "stacks")


def chop(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    method: str,
    stacks: Mapping[Any, Any] | None = None,
    version: int | None = None,
) -> dict[int, int]:
    """A deal among the players left: equal, chip-proportional or ICM (exact), in cents rounded
    to the club's unit without losing one; the tournament ends with it."""
    precheck(actor, Action.MANAGE)
    if method not in CHOPS:
        raise TorneoError("method", N_("'%(method)s'"), ", ".join(CHOPS), params={"method": method})
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.MANAGE)
        check_version(row, version)  # a deal ends the night: it is based on all of it
        alive = list(state.field.alive)
        if len(alive) < 2:
            raise Conflict(
                "players",
                Np_("%(n)s player left", "%(n)s players left"),
                N_("two or more to chop"),
                params={"n": len(alive)},
            )
        # The amounts every view shows for this field (rules/places.py, issue 26).
        amounts = payout_amounts(state.payouts, state.ledger, state.field, state.unit_cents)
        counts: dict[PlayerId, int] = {}
        if method != "equal" or stacks:
            counts = _counts(state, stacks or {}, "stacks")
        if method == "equal":
            shares = chop_equal(amounts, len(alive), state.unit_cents)
        elif method == "chips":
            shares = chop_chips(amounts, [counts[p] for p in alive], state.unit_cents)
        else:
            shares = chop_icm([counts[p] for p in alive], amounts, state.unit_cents)
        result = {int(p): s for p, s in zip(alive, shares, strict=True)}
        order = sorted(alive, key=lambda p: (-counts.get(p, 0), alive.index(p)))
        row.chop = {
            "method": method,
            "amounts": {str(p): c for p, c in result.items()},
            "stacks": {str(p): c for p, c in counts.items()},
            "places": {str(p): i for i, p in enumerate(order, start=1)},
        }
        stacks_before = dict(row.stacks)
        if counts:
            row.stacks = {"at": uow.now.isoformat(), "counts": row.chop["stacks"]}
        entry = floor_log.log_action(
            uow,
            row,
            floor_log.CHOP,
            None,
            **row.chop,
            stacks_before=stacks_before,
            players=[],  # a deal moves nobody
            finished=True,
        )
        finish(uow, row, state)
        touch(row)
        uow.audit("poker.chop", "poker_tournament", row.id, after={**row.chop, "entry": entry})
        return result
