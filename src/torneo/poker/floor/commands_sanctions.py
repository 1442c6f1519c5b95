"""Sanctions (PKR-PEN-1): warnings, missed hands and disqualifications.

Repeats escalate; a disqualification removes the player's chips from play, takes the player out
of the field without a place and lets the floor rebalance the room (PKR-BAL-1/2). Each sanction
is an entry of the floor's log of its own kind (:mod:`.commands_log`), undone by its entry in
:mod:`.commands_undo` when it was issued in error.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker.commands import parse_int, topic, touch
from torneo.poker.commands_seats import MoveOut, record_moves
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.floor.commands import finish, open_running
from torneo.poker.rules.balancing import BigBlindSeat, decide
from torneo.poker.rules.sanctions import SanctionKind, sanction
from torneo.poker.rules.seating import (
    unseat,
)
from torneo.poker.state import (
    next_rng,
    seating_to_json,
)
from torneo.poker.state_changes import MOVES, player
from torneo.poker.tables import PokerSanction

# --- sanctions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SanctionOut:
    player_id: int
    kind: str
    orbits: int
    hands: int
    chips_removed: int
    moves: tuple[MoveOut, ...] = ()
    entry: int = 0  # its number in the floor's log (what the floor undoes it by)


def sanction_player(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    kind: str,
    infraction: str,
    ruling: str = "",
    orbits: int | str = 0,
    stack: int | str | None = None,
    version: int | None = None,
) -> SanctionOut:
    """PKR-PEN-1: warning; missed hands for 1–4 orbits (an orbit = the players at the table,
    the penalised one included); disqualification with the chips removed. Repeats escalate."""
    precheck(actor, Action.OFFICIATE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    try:
        sanction_kind = SanctionKind(kind.strip())
    except ValueError:
        raise TorneoError(
            "kind",
            N_("'%(kind)s'"),
            ", ".join(k.value for k in SanctionKind),
            params={"kind": kind},
        ) from None
    turns = parse_int("orbits", orbits or 0, low=0)
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.OFFICIATE, [player(pid)])
        seating = state.require_seating()
        if not seating.is_seated(pid):
            raise TorneoError(
                "player_id",
                N_("player %(player)s is not seated"),
                N_("a seated player"),
                params={"player": pid},
            )
        table, seat = seating.seat_of(pid)
        at_table = seating.table(table).count
        chips = 0
        if sanction_kind is SanctionKind.DISQUALIFICATION:
            if stack is None or not str(stack).strip():
                raise TorneoError(
                    "stack",
                    N_("no chip count for a disqualification"),
                    N_("the chips removed from play"),
                )
            chips = parse_int("stack", stack, low=0, high=state.ledger.chips_in_play)
        record = sanction(
            state.sanctions, pid, sanction_kind, infraction, ruling, turns, at_table, chips
        )
        stored = PokerSanction(
            player_id=int(pid),
            kind=record.kind.value,
            orbits=record.orbits,
            hands=record.hands,
            chips_removed=record.chips_removed,
            infraction=record.infraction,
            ruling=record.ruling,
            at=uow.now,
        )
        row.sanctions.append(stored)
        uow.session.flush()  # the sanction's id: its log entry names the row its undo removes
        moves: list[MoveOut] = []
        adjustment: dict[str, object] | None = None  # the chips a disqualification removes
        broken: int | None = None
        finished = False
        since = floor_log.last_move_seq(row)
        if sanction_kind is SanctionKind.DISQUALIFICATION:
            adjustment = {"reason": f"disqualification of player {pid}", "chips": -chips}
            row.adjustments = [*row.adjustments, adjustment]
            seating = unseat(seating, pid)
            alive = [p for p in state.field.alive if p != pid]
            if len(alive) > 1:
                rng, _ = next_rng(row)
                seating, decision = decide(
                    seating,
                    rng,
                    row.balance_threshold,
                    row.break_order or None,
                    BigBlindSeat(row.balance_seat),
                )
                moves = record_moves(uow, row, decision.moves)
                broken = decision.broken.table if decision.broken else None
            row.seating = seating_to_json(seating)
            finished = len(alive) == 1
        seqs = floor_log.moves_since(row, since)
        dq = sanction_kind is SanctionKind.DISQUALIFICATION
        entry = floor_log.log_action(
            uow,
            row,
            record.kind.value,
            int(pid),
            sanction=stored.id,
            orbits=record.orbits,
            hands=record.hands,
            chips_removed=record.chips_removed,
            infraction=record.infraction,
            ruling=record.ruling,
            # where a disqualified player sat: their undo seats them there again
            seat=[table, seat],
            adjustment=adjustment,
            players=[int(pid), *floor_log.moved_players(row, seqs)] if dq else [],
            moves=seqs,
            broken=broken,
            finished=finished,
        )
        if finished:  # PKR-END-1: the disqualification left one player in
            finish(uow, row, state)
        touch(row, player(pid), *([MOVES] if moves else []))
        uow.audit(
            "poker.sanction",
            "poker_tournament",
            row.id,
            after={
                "player_id": int(pid),
                "kind": record.kind.value,
                "orbits": record.orbits,
                "hands": record.hands,
                "chips_removed": record.chips_removed,
                "infraction": record.infraction,
                "ruling": record.ruling,
                "entry": entry,
            },
        )
        uow.notify(topic(row.id), "sanction")
        return SanctionOut(
            int(pid),
            record.kind.value,
            record.orbits,
            record.hands,
            record.chips_removed,
            tuple(moves),
            entry,
        )
