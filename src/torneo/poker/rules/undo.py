"""Undoing a floor action: the seat plan put back as it was, or what stands in the way
(issue 15 item 8; PKR-END-1, PKR-BAL-1, PKR-BRK-1).

A floor action changed seats: a bust-out took players out and the floor decision after it moved
others (PKR-BAL-1) or broke a table (PKR-BRK-1); a late entry or a re-entry drew a seat and
balanced the room; the director moved a player. Undoing it runs those changes backwards, the
last first: every moved player goes back to the seat they came from (a broken table is reopened),
the busted players sit down again where they busted, a newcomer leaves their seat, a table
opened for them is closed again when it is empty.

Decision (what a tournament director expects, TDA practice): the floor corrects a mistaken
action and what happened after it stands. Undoing a bust does not undo the later busts: they
keep their order, and their finishing places follow from it (PKR-END-1 counts the players left
when each one busted, so a player put back in makes each later bust one place lower). What
cannot stand is a later action on the same seats: a player moved again or busted since, a seat
taken since. Then nothing is changed and the refusal names the player (and the command names
the log entry that came after), so the director undoes that one first. We refuse rather than
undo a chain silently: on the floor every move is announced, and a chain of moves taken back
without the director seeing it would send players to seats nobody called.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.seating import Move, Seating, apply_move, seat_player, unseat


class Blocked(Exception):
    """The seat plan cannot be put back: ``player`` has moved on (or is gone) since, or sits
    where someone must go back to (table ``table``, seat ``seat``; ``taken`` is then True)."""

    def __init__(self, player: PlayerId, table: int, seat: int, taken: bool = False) -> None:
        super().__init__(player, table, seat, taken)
        self.player = player
        self.table = table
        self.seat = seat
        self.taken = taken


@dataclass(frozen=True, slots=True)
class Reseat:
    """A busted player going back to the seat they busted in."""

    player: PlayerId
    table: int
    seat: int


def _occupant(seating: Seating, table: int, seat: int) -> PlayerId | None:
    t = seating.tables.get(table)
    if t is None or not 1 <= seat <= t.capacity:
        return None
    return t.player_at(seat)


def _reverse(seating: Seating, move: Move) -> Seating:
    """One move backwards: the player must still sit where it took them, and their old seat
    must be free (a broken table is reopened, PKR-BRK-1)."""
    if seating.where.get(move.player) != (move.to_table, move.to_seat):
        raise Blocked(move.player, move.to_table, move.to_seat)
    taken = _occupant(seating, move.from_table, move.from_seat)
    if taken is not None:
        raise Blocked(taken, move.from_table, move.from_seat, taken=True)
    return apply_move(seating, move.reversed())


def _reseat(seating: Seating, back: Reseat) -> Seating:
    if seating.is_seated(back.player):
        table, seat = seating.seat_of(back.player)
        raise Blocked(back.player, table, seat)
    taken = _occupant(seating, back.table, back.seat)
    if taken is not None:
        raise Blocked(taken, back.table, back.seat, taken=True)
    t = seating.tables.get(back.table)
    if t is None:
        raise Conflict(
            "table",
            N_("there is no table %(table)s"),
            N_("a table of this tournament"),
            params={"table": back.table},
        )
    if t.is_closed:  # the bust emptied and closed it (PKR-BRK-1): it opens again
        seating = seating.with_table(replace(t, is_closed=False))
    return seat_player(seating, back.player, back.table, back.seat)


def put_back(
    seating: Seating,
    moves: Sequence[Move] = (),
    reseat: Sequence[Reseat] = (),
    newcomer: tuple[PlayerId, int, int] | None = None,
    opened: int | None = None,
) -> Seating:
    """The seat plan before an action: its ``moves`` reversed (the last first), then the
    ``newcomer`` it seated leaves (they must still sit where they were seated), a table
    ``opened`` for them closes again if empty, and the ``reseat`` players sit down again.

    Raises :class:`Blocked` when a later action stands in the way (see the module's decision).
    """
    for move in reversed(moves):
        seating = _reverse(seating, move)
    if newcomer is not None:
        player, table, seat = newcomer
        if seating.where.get(player) != (table, seat):
            raise Blocked(player, table, seat)
        seating = unseat(seating, player)
    if opened is not None and opened in seating.tables:
        t = seating.tables[opened]
        if not t.count and not t.is_closed and len(seating.open_tables) > 1:
            seating = seating.with_table(replace(t, is_closed=True))
    for back in reseat:
        seating = _reseat(seating, back)
    return seating
