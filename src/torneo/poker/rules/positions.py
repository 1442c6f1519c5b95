"""Positions of a hand at one table (PKR-BTN-1, PKR-DEAD-1): the hand just dealt as the floor
records it, and the button, blinds and dealing order of the next hand.

A player seated between the button and the small blind of the next hand is not dealt in until
the button passes (art. 13.7, PKR-BRK-1): :func:`next_hand_positions` leaves them out, and
the seat drawn for a late entry or a re-entry (:func:`draw_seat_for`) says whether its player
waits for the button.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_, Term
from torneo.poker.rules.seating import HandPositions, SeatAssignment, Seating, Table


def record_hand(state: Seating, table: int, positions: HandPositions) -> Seating:
    """The floor records where the button and blinds were in the hand just dealt."""
    t = state.table(table)
    for seat in (positions.button, positions.small_blind, positions.big_blind):
        if not 1 <= seat <= t.capacity:
            raise TorneoError(
                "positions",
                N_("seat %(seat)s at table %(table)s"),
                N_("1 to %(capacity)s"),
                params={"seat": seat, "table": table, "capacity": t.capacity},
            )
    _check_distinct(t, positions)
    if t.player_at(positions.big_blind) is None:
        raise TorneoError(
            "positions",
            N_("nobody sits at seat %(big_blind)s"),
            N_("the big blind"),
            params={"big_blind": positions.big_blind},
        )
    return state.with_table(replace(t, last_hand=positions))


def hand_dealt(state: Seating, table: int) -> Seating:
    """One tap a hand (PKR-BTN-1, PKR-BAL-2): the hand the director's page showed as next has
    been dealt, so the button and the blinds move on. Balancing reads the big blind from here
    (:func:`torneo.poker.rules.balancing.player_due_big_blind`): a button nobody moved made
    the player just moved in the next big blind again, and moved them twice in a row."""
    t = state.table(table)
    return record_hand(state, table, next_hand_positions(t).positions)


def button_at(state: Seating, table: int, button: int) -> Seating:
    """The director taps the seat where the dealer button is in the hand being played (once
    an orbit, or whenever the page and the table disagree): the small blind is the next player
    on its left and the big blind the one after (heads-up the button posts the small blind)."""
    t = state.table(table)
    seats = t.occupied_seats
    if button not in seats:
        raise TorneoError(
            "button",
            N_("nobody sits at seat %(seat)s of table %(table)s"),
            N_("a seat with a player: %(seats)s"),
            rule="PKR-BTN-1",
            params={"seat": button, "table": table, "seats": ", ".join(map(str, seats))},
        )
    if len(seats) < 2:
        raise Conflict(
            "table",
            Np_("table %(number)s has %(n)s player", "table %(number)s has %(n)s players"),
            N_("two or more"),
            params={"number": table, "n": len(seats)},
        )
    occupied = set(seats)
    small = button if len(seats) == 2 else _next_in(t, button, occupied)
    big = _next_in(t, small, occupied)
    return record_hand(state, table, HandPositions(button, small, big))


def _next_in(table: Table, seat: int, occupied: set[int]) -> int:
    return next(s for s in table.clockwise_after(seat) if s in occupied)


def _heads_up(t: Table, positions: HandPositions) -> bool:
    """Whether a hand with these positions is dealt heads-up: two players at the table, or
    more when the others moved in between the button and the small blind and wait for the
    button to pass (PKR-DEAD-1, PKR-BRK-1: :func:`_button_for_newcomers`)."""
    if t.count <= 2:
        return True
    nxt = next_hand_positions(t)
    return nxt.is_heads_up and nxt.positions == positions


def _check_distinct(t: Table, positions: HandPositions) -> None:
    """PKR-BTN-1: the small blind is left of the button and the big blind left of it, so they
    are three seats; only heads-up (art. 13.6) the button posts the small blind."""
    button, small, big = positions.button, positions.small_blind, positions.big_blind
    clashes = [
        (N_("the small blind and the big blind"), big, small == big),
        (N_("the button and the big blind"), big, button == big),
        (
            N_("the button and the small blind"),
            small,
            button == small and not _heads_up(t, positions),
        ),
    ]
    for what, seat, clash in clashes:
        if clash:
            raise TorneoError(
                "positions",
                N_("%(positions)s are both at seat %(seat)s"),
                N_("three different seats (heads-up: the button posts the small blind)"),
                rule="PKR-BTN-1",
                params={"positions": Term(what), "seat": seat},
            )


# --- Positions for the next hand (PKR-BTN-1, PKR-DEAD-1) ---------------------------------------


@dataclass(frozen=True, slots=True)
class NextHand:
    """The director's view of the next hand at one table."""

    positions: HandPositions
    dealt_in: tuple[int, ...]  # seats, in dealing order from the small blind
    is_heads_up: bool
    dead_small_blind: bool  # PKR-DEAD-1 case 2: nobody posts the small blind
    dead_button: bool  # the button sits on an empty seat
    first_to_act_preflop: int
    first_to_act_postflop: int


def next_hand_positions(table: Table, eliminated: Collection[PlayerId] = ()) -> NextHand:
    """Button and blinds of the next hand, the dead-button way (PKR-BTN-1, PKR-DEAD-1).

    The big blind moves to the next player left of the last big blind; the small blind goes to
    the seat of the last big blind (dead when that player was eliminated: only the big blind is
    posted); the button goes to the seat of the last small blind, and stays where it was for a
    hand when that seat is empty (art. 13.2 case 1). Heads-up the button posts the small blind
    and acts first pre-flop, and the big blind changes player every hand (art. 13.6).
    """
    live = [s for s in table.occupied_seats if table.player_at(s) not in eliminated]
    if len(live) < 2:
        raise Conflict(
            "table",
            Np_("table %(number)s has %(n)s player", "table %(number)s has %(n)s players"),
            N_("two or more"),
            params={"number": table.number, "n": len(live)},
        )
    live_set = set(live)

    def next_live(seat: int) -> int:
        return next(s for s in table.clockwise_after(seat) if s in live_set)

    heads_up = len(live) == 2
    last = table.last_hand
    if last is None:
        start = table.drawn_button if table.drawn_button is not None else live[0]
        button = start if start in live_set else next_live(start)
        small = button if heads_up else next_live(button)
        big = next_live(small)
    else:
        big = next_live(last.big_blind)
        if heads_up:
            small = button = next_live(big)
        else:
            small = last.big_blind
            button = last.small_blind if last.small_blind in live_set else last.button
            stayed = HandPositions(button, small, big)
            if button not in _between(table, big, small) or _dealt_alone(table, stayed, live_set):
                # Players moved in since the last hand and the big blind, moving on one player,
                # reached or passed the button's seat (a heads-up table made three-handed; a
                # busted small blind's button "staying" behind a newcomer), or both blinds
                # busted and the button staying left everyone else waiting: the dead-button
                # way gave the button the big blind's seat, put it between the blinds, or
                # dealt a hand to the big blind alone.
                heads_up, button = _button_for_newcomers(table, small, big, button, live_set)
    dead_small = small not in live_set
    positions = HandPositions(button, small, big)
    # Heads-up the button is the small blind: nobody sits between them, and both players are
    # dealt in (issue 28 item 6: "between the button and itself" left out everyone else).
    dealt = (
        (small, big) if heads_up else tuple(s for s in _dealing_order(table, positions, live_set))
    )
    first_pre = button if heads_up else next(s for s in table.clockwise_after(big) if s in dealt)
    first_post = big if heads_up else next(s for s in table.clockwise_after(button) if s in dealt)
    return NextHand(
        positions,
        dealt,
        heads_up,
        dead_small,
        button not in live_set,
        first_pre,
        first_post,
    )


def _button_for_newcomers(
    table: Table, small: int, big: int, button: int, live: set[int]
) -> tuple[bool, int]:
    """(heads-up, button) when the dead-button way put the button outside the seats from the
    big blind round to the small blind (PKR-BTN-1: button, small blind, big blind clockwise).

    The button on the big blind's seat with a live small blind: every other player moved in
    between the button and the small blind, so they wait for the button to pass (PKR-BRK-1,
    art. 13.7) and the hand is dealt heads-up between the blinds, the small blind on the
    button (art. 13.6); the big blind still moves on one player, and the next hand makes a
    newcomer the big blind. Otherwise the button goes right of the small blind, the seat of the
    last small blind in the plain dead-button way (dead when empty): nobody then sits between
    the button and the blinds, and every other player is dealt in."""
    if button == big and small in live:
        return True, small
    return False, (small - 2) % table.capacity + 1


def _dealt_alone(table: Table, positions: HandPositions, live: set[int]) -> bool:
    """Whether fewer than two players would be dealt in: everyone else waits for the button."""
    return len(list(_dealing_order(table, positions, live))) < 2


def _dealing_order(table: Table, positions: HandPositions, live: set[int]) -> Iterator[int]:
    """Live seats from the small blind round to the button, skipping those not dealt in."""
    waiting = set(_between(table, positions.button, _blind_after_button(positions, live)))
    for seat in table.clockwise_after(positions.button):
        if seat in live and seat not in waiting:
            yield seat


def _blind_after_button(positions: HandPositions, live: set[int]) -> int:
    return positions.small_blind if positions.small_blind in live else positions.big_blind


def _between(table: Table, start: int, end: int) -> Iterator[int]:
    """Seats strictly between ``start`` and ``end`` going clockwise."""
    for seat in table.clockwise_after(start):
        if seat == end:
            return
        yield seat


def is_between_button_and_blind(table: Table, seat: int) -> bool:
    """PKR-BRK-1 / art. 13.7: a player sitting here now would not be dealt the next hand.

    Decided on the table as it will be, with the seat taken: a probe without the newcomer
    turned a table of two into a heads-up one, where the button is the small blind, and every
    free seat then lay "between the button and itself" (a third player always waited, even on
    the seat that the next hand makes the big blind). Heads-up both players are dealt in.
    """
    seated = table.with_seat(seat, _NEWCOMER)
    if seated.count <= 2:
        return False
    return seat not in next_hand_positions(seated).dealt_in


# Stands for the player about to sit: no player has a negative id.
_NEWCOMER = PlayerId(-1)


def draw_seat_for(state: Seating, player: PlayerId, rng: random.Random) -> SeatAssignment:
    """A seat drawn for a late entry or a re-entry: the shortest open table, a free seat at random.

    Raises :class:`Conflict` when every open table is full: the director opens a table first.
    """
    if state.is_seated(player):
        t, s = state.where[player]
        raise Conflict(
            "player",
            N_("player %(player)s already sits at table %(t)s seat %(s)s"),
            params={"player": player, "t": t, "s": s},
        )
    candidates = [t for t in state.open_tables if t.count < t.capacity]
    if not candidates:
        raise Conflict("table", N_("every open table is full"), N_("open a new table first"))
    fewest = min(t.count for t in candidates)
    table = rng.choice([t for t in candidates if t.count == fewest])
    seat = rng.choice(table.free_seats)
    return SeatAssignment(player, table.number, seat, is_between_button_and_blind(table, seat))
