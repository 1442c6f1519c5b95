"""The end-of-game roll assistant ("sdadata"), a pure state machine (RSK-ROLL-1..3).

The referee (or the table) feeds it what happens: turns ending (with how many territories the
player conquered), game time running out, rolls, eliminations, withdrawals, exclusions. It
answers who plays, which phase the game is in, who rolls next and with which threshold, and keeps
every roll and every sanction it caused. Every step returns a new :class:`RollState`.

RSK-ROLL-3: when game time is over the round in progress becomes the penultimate and one more full
round is played; at the end of that round's last turn the last player of the turn order rolls two
dice: a sum at or under the threshold (4) ends the game; otherwise the next player rolls at the end
of their turn, and so on; after a full cycle of rolls the threshold rises by 1, up to 7. A player
who conquered more than 2 territories in that turn does not roll.

RSK-ROLL-1, modelled with an *anchor*: the anchor is the last player of the turn order still in
the game. Its roll opens every cycle: the first opens the roll phase at the threshold 4, each
later one raises the threshold by 1. When the anchor is eliminated the player before them becomes
the anchor (and so on back), so their next roll is the one the eliminated player would have made.
This reproduces the seed's example exactly: the 4th rolls with 4, the 1st and 2nd with 4, the 3rd
eliminates the 4th during their turn and rolls with the 4th's next threshold, 5 (ending the game
with 4 *and* with 5); and when the last player is eliminated before ever rolling, the player before
them rolls first, with 4.

RSK-OUT-2: a player who withdraws for force majeure leaves neutral territories; their turns are
skipped but their roll stays in the cycle, thrown by the player before them (unless they are
eliminated later). An excluded or expelled player leaves the order like an eliminated one.

RSK-ROLL-2: a roll owed at the end of a turn may still be thrown while the next player is playing;
when that player's turn ends it lapses: a verbal warning the first time, exclusion from the game
the second (RSK-OUT-1, counting as eliminated first).

Decisions where the rules are silent: the cycle advances on the anchor's turn even when the anchor
does not roll (conquered more than 2); the game also ends when a single player is left in the
game, or nobody active is left to play; a withdrawal during one's own turn ends that turn, and the
roll of that turn (if due) is thrown by the player before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.risiko.rules.results import SeatStatus
from torneo.risiko.rules.sanctions import Infraction, Sanction, SanctionKind, sanction_for
from torneo.risiko.rules.table_sizes import MAX_TABLE, MIN_TABLE

MIN_ROLL, MAX_ROLL = 2, 12  # two six-sided dice


class RollPhase(StrEnum):
    PLAYING = N_("playing")  # game time not over
    PENULTIMATE_ROUND = N_("penultimate_round")  # RSK-ROLL-3: time over during this round
    LAST_ROUND = N_("last_round")  # one more full round; its last turn ends with the first roll
    ROLLING = N_("rolling")
    ENDED = N_("ended")


class EndReason(StrEnum):
    ROLL = N_("roll")  # a roll at or under the threshold
    RISIKO = N_("risiko")  # objective completed and declared
    LAST_PLAYER = N_("last_player")  # everybody else eliminated, excluded or expelled
    NOBODY_PLAYS = N_("nobody_plays")  # only withdrawn players left


class Seat(StrEnum):
    ACTIVE = N_("active")
    WITHDRAWN = N_("withdrawn")  # RSK-OUT-2 force majeure: neutral, still rolls (by proxy)
    ELIMINATED = N_("eliminated")
    EXCLUDED = N_("excluded")  # RSK-OUT-1
    EXPELLED = N_("expelled")  # RSK-OUT-2 rejected a ruling

    @property
    def is_in_game(self) -> bool:
        return self in (Seat.ACTIVE, Seat.WITHDRAWN)


class RollOutcome(StrEnum):
    GOES_ON = "goes_on"
    ENDS_GAME = "ends_game"
    SKIPPED = "skipped"  # conquered more than 2 territories that turn (RSK-ROLL-3)
    FORGOTTEN = "forgotten"  # lapsed (RSK-ROLL-2)


@dataclass(frozen=True, slots=True)
class RollRules:
    first_threshold: int = 4  # RSK-ROLL-3
    max_threshold: int = 7  # RSK-ROLL-3
    max_conquests: int = 2  # more than this in the turn: no roll (RSK-ROLL-3)
    warnings_before_exclusion: int = 1  # RSK-ROLL-2


@dataclass(frozen=True, slots=True)
class RollDue:
    """A roll owed at the end of a turn: who throws, for whom, and what ends the game."""

    roller: PlayerId
    for_player: PlayerId  # differs from roller for a withdrawn player's roll
    threshold: int
    round_no: int


@dataclass(frozen=True, slots=True)
class Roll:
    """One line of the roll log."""

    seq: int
    due: RollDue
    outcome: RollOutcome
    total: int | None = None


@dataclass(frozen=True, slots=True)
class RollState:
    order: tuple[PlayerId, ...]  # turn order: seat 1 plays first
    seats: tuple[Seat, ...]  # parallel to ``order``
    current: int  # index in ``order`` of the player whose turn it is
    rules: RollRules = RollRules()
    round_no: int = 1
    final_round: int | None = None  # RSK-ROLL-3: set when game time is over
    cycle: int = -1  # -1 until the first roll; the threshold is first + cycle (capped)
    pending: tuple[RollDue, ...] = ()  # owed by the turn that just ended
    rolls: tuple[Roll, ...] = ()
    sanctions: tuple[Sanction, ...] = ()
    eliminated: tuple[PlayerId, ...] = ()  # in elimination order (first eliminated first)
    ended: EndReason | None = None

    @property
    def to_play(self) -> PlayerId:
        return self.order[self.current]

    @property
    def phase(self) -> RollPhase:
        if self.ended is not None:
            return RollPhase.ENDED
        if self.cycle >= 0:
            return RollPhase.ROLLING
        if self.final_round is None:
            return RollPhase.PLAYING
        if self.round_no < self.final_round:
            return RollPhase.PENULTIMATE_ROUND
        return RollPhase.LAST_ROUND

    @property
    def threshold(self) -> int:
        """The threshold of the cycle in progress (the first one before any roll)."""
        return min(self.rules.max_threshold, self.rules.first_threshold + max(self.cycle, 0))

    def seat_of(self, player: PlayerId) -> Seat:
        return self.seats[self._index(player)]

    def forgotten(self, player: PlayerId) -> int:
        return sum(
            1 for r in self.rolls if r.outcome is RollOutcome.FORGOTTEN and r.due.roller == player
        )

    def _index(self, player: PlayerId) -> int:
        try:
            return self.order.index(player)
        except ValueError:
            raise NotFound(
                "player", N_("player %(player)s is not at this table"), params={"player": player}
            ) from None

    def _anchor(self) -> int | None:
        for i in range(len(self.order) - 1, -1, -1):
            if self.seats[i].is_in_game:
                return i
        return None


def start_game(order: Sequence[PlayerId], rules: RollRules = RollRules()) -> RollState:
    """A new game with ``order`` as the turn order (seat 1 first)."""
    if not MIN_TABLE <= len(order) <= MAX_TABLE or len(set(order)) != len(order):
        raise Refusal(
            "order",
            N_("a turn order of %(n)s seats with %(repeated)s repeated"),
            N_("%(min)s to %(max)s different players"),
            "RSK-TBL-1",
            params={
                "n": len(order),
                "repeated": len(order) - len(set(order)),
                "min": MIN_TABLE,
                "max": MAX_TABLE,
            },
        ).raise_as()
    return RollState(tuple(order), (Seat.ACTIVE,) * len(order), 0, rules)


def _playing(state: RollState) -> None:
    if state.ended is not None:
        raise Conflict(
            "game",
            N_("the game has ended (%(reason)s)"),
            N_("a new game"),
            params={"reason": Term(state.ended.value)},
        )


def time_over(state: RollState) -> RollState:
    """RSK-ROLL-3: game time is over; the round in progress becomes the penultimate."""
    _playing(state)
    if state.final_round is not None:
        raise Conflict("time", N_("game time is already over"))
    return replace(state, final_round=state.round_no + 1)


def _slots_after(state: RollState, seat: int, conquered: int, own_roller: PlayerId) -> RollState:
    """Close the turn of ``seat``: the rolls owed by that seat and the withdrawn ones after it."""
    rules = state.rules
    anchor = state._anchor()
    cycle = state.cycle
    pending: list[RollDue] = []
    rolls = list(state.rolls)
    count = len(state.order)
    chain = [seat]
    nxt = (seat + 1) % count
    while nxt != seat and state.seats[nxt] is Seat.WITHDRAWN:
        chain.append(nxt)
        nxt = (nxt + 1) % count
    for i in chain:
        if i == anchor and (
            cycle >= 0 or (state.final_round is not None and state.round_no >= state.final_round)
        ):
            cycle += 1  # RSK-ROLL-1/3: the anchor's roll opens a cycle
        if cycle < 0:
            continue
        threshold = min(rules.max_threshold, rules.first_threshold + cycle)
        roller = own_roller  # the player ending the turn, or the one before a withdrawn one
        due = RollDue(roller, state.order[i], threshold, state.round_no)
        if i == seat and state.seats[i] is Seat.ACTIVE and conquered > rules.max_conquests:
            rolls.append(Roll(len(rolls) + 1, due, RollOutcome.SKIPPED))
            continue
        pending.append(due)
    return replace(state, cycle=cycle, pending=tuple(pending), rolls=tuple(rolls))


def _advance(state: RollState, after: int) -> RollState:
    """Give the turn to the next active player after seat ``after``."""
    count = len(state.order)
    for step in range(1, count + 1):
        nxt = (after + step) % count
        if state.seats[nxt] is Seat.ACTIVE:
            wrapped = nxt <= after
            return replace(state, current=nxt, round_no=state.round_no + (1 if wrapped else 0))
    return replace(state, ended=EndReason.NOBODY_PLAYS, pending=())


def _lapse(state: RollState) -> RollState:
    """RSK-ROLL-2: rolls still owed when the next player's turn ends are lost."""
    if not state.pending:
        return state
    rolls = list(state.rolls)
    sanctions = list(state.sanctions)
    offenders: list[PlayerId] = []
    for due in state.pending:
        rolls.append(Roll(len(rolls) + 1, due, RollOutcome.FORGOTTEN))
        if due.roller not in offenders:
            offenders.append(due.roller)
    state = replace(state, pending=(), rolls=tuple(rolls))
    for player in offenders:
        sanction = sanction_for(
            player,
            Infraction.FORGOTTEN_ROLL,
            sanctions,
            state.rules.warnings_before_exclusion,
        )
        sanctions.append(sanction)
        state = replace(state, sanctions=tuple(sanctions))
        if sanction.kind is SanctionKind.EXCLUSION and state.seat_of(player).is_in_game:
            state = _remove(state, player, Seat.EXCLUDED)
    return state


def end_turn(state: RollState, conquered: int = 0) -> RollState:
    """The player to play ends their turn having conquered ``conquered`` territories."""
    _playing(state)
    if conquered < 0:
        raise TorneoError(
            "conquered",
            N_("%(n)s territories"),
            N_("0 or more territories"),
            params={"n": conquered},
        )
    seat = state.current
    state = _lapse(state)
    if state.ended is not None or state.current != seat:
        return state  # the lapse excluded the last opponent, or the player to play
    state = _slots_after(state, seat, conquered, state.order[seat])
    return _advance(state, seat)


def roll(state: RollState, total: int) -> RollState:
    """Record the next owed roll (the sum of two dice); at or under the threshold it ends."""
    _playing(state)
    if not MIN_ROLL <= total <= MAX_ROLL:
        raise Refusal(
            "total",
            N_("%(total)s is not a roll of two dice"),
            N_("%(min)s to %(max)s"),
            "RSK-ROLL-3",
            params={"total": total, "min": MIN_ROLL, "max": MAX_ROLL},
        ).raise_as()
    if not state.pending:
        raise Refusal(
            "roll",
            N_("nobody owes a roll now"),
            N_("a roll at the end of a turn once the roll phase has begun (%(phase)s now)"),
            "RSK-ROLL-3",
            params={"phase": Term(state.phase.value)},
        ).raise_as(Conflict)
    due = state.pending[0]
    ends = total <= due.threshold
    outcome = RollOutcome.ENDS_GAME if ends else RollOutcome.GOES_ON
    rolls = (*state.rolls, Roll(len(state.rolls) + 1, due, outcome, total))
    if ends:
        return replace(state, rolls=rolls, pending=(), ended=EndReason.ROLL)
    return replace(state, rolls=rolls, pending=state.pending[1:])


def _remove(state: RollState, player: PlayerId, seat_state: Seat) -> RollState:
    index = state._index(player)
    seats = list(state.seats)
    seats[index] = seat_state
    pending = tuple(d for d in state.pending if player not in (d.roller, d.for_player))
    eliminated = state.eliminated + ((player,) if seat_state is Seat.ELIMINATED else ())
    state = replace(state, seats=tuple(seats), pending=pending, eliminated=eliminated)
    if sum(1 for s in seats if s.is_in_game) <= 1:
        return replace(state, ended=EndReason.LAST_PLAYER, pending=())
    if index == state.current:
        return _advance(state, index)
    return state


def _in_game(state: RollState, player: PlayerId) -> None:
    seat = state.seat_of(player)
    if not seat.is_in_game:
        raise Conflict(
            "player",
            N_("player %(player)s is already %(seat)s"),
            N_("a player in the game"),
            params={"player": player, "seat": Term(seat.value)},
        )


def eliminate(state: RollState, player: PlayerId) -> RollState:
    """RSK-ROLL-1: ``player`` lost their last territory (to the player to play)."""
    _playing(state)
    _in_game(state, player)
    if player == state.to_play:
        raise Conflict(
            "player",
            N_("player %(player)s is playing their turn and cannot be eliminated now"),
            N_("an opponent of the player to play"),
            params={"player": player},
        )
    return _remove(state, player, Seat.ELIMINATED)


def exclude(state: RollState, player: PlayerId, infraction: Infraction) -> RollState:
    """RSK-OUT-1: the referee excludes ``player`` (e.g. undeclared RisiKo!)."""
    _playing(state)
    _in_game(state, player)
    sanction = sanction_for(player, infraction, state.sanctions)
    state = replace(state, sanctions=(*state.sanctions, sanction))
    if sanction.kind is SanctionKind.EXPULSION:
        return _remove(state, player, Seat.EXPELLED)
    return _remove(state, player, Seat.EXCLUDED)


def withdraw(state: RollState, player: PlayerId, *, rejects_ruling: bool = False) -> RollState:
    """RSK-OUT-2: ``player`` leaves the game; rejecting a ruling is an expulsion."""
    _playing(state)
    if rejects_ruling:
        return exclude(state, player, Infraction.REJECTED_RULING)
    index = state._index(player)
    if state.seats[index] is not Seat.ACTIVE:
        raise Conflict(
            "player",
            N_("player %(player)s is %(seat)s"),
            N_("an active player"),
            params={"player": player, "seat": Term(state.seats[index].value)},
        )
    seats = list(state.seats)
    seats[index] = Seat.WITHDRAWN
    state = replace(state, seats=tuple(seats))
    if index != state.current:
        # A roll they still owe is thrown by the player before them, like all their rolls.
        proxy = _active_before(state, index)
        if proxy is None:
            pending = tuple(d for d in state.pending if d.roller != player)
        else:
            pending = tuple(
                replace(d, roller=proxy) if d.roller == player else d for d in state.pending
            )
        return replace(state, pending=pending)
    # The withdrawal ends the turn; its roll (if due) is thrown by the player before.
    before = _active_before(state, index) or player
    state = _lapse(state)
    if state.ended is not None:
        return state
    state = _slots_after(state, index, 0, before)
    return _advance(state, index)


def _active_before(state: RollState, index: int) -> PlayerId | None:
    count = len(state.order)
    for k in range(1, count):
        i = (index - k) % count
        if state.seats[i] is Seat.ACTIVE:
            return state.order[i]
    return None


def declare_risiko(state: RollState, player: PlayerId) -> RollState:
    """RSK-PTS-1: the player to play declares their objective completed; the game ends."""
    _playing(state)
    if player != state.to_play:
        raise Conflict(
            "player",
            N_("player %(player)s is not playing their turn"),
            N_("player %(to_play)s"),
            params={"player": player, "to_play": state.to_play},
        )
    return replace(state, ended=EndReason.RISIKO, pending=())


def next_roll(state: RollState) -> RollDue | None:
    """Who rolls next and with which threshold: an owed roll, else the one at this turn's end."""
    if state.ended is not None:
        return None
    if state.pending:
        return state.pending[0]
    preview = _slots_after(state, state.current, 0, state.to_play)
    return preview.pending[0] if preview.pending else None


def seat_statuses(state: RollState) -> tuple[tuple[PlayerId, SeatStatus, int | None], ...]:
    """Each player's status for the table result (RSK-PTS-1), with the elimination order."""
    mapping = {
        Seat.ACTIVE: SeatStatus.SURVIVED,
        Seat.WITHDRAWN: SeatStatus.WITHDRAWN,
        Seat.ELIMINATED: SeatStatus.ELIMINATED,
        Seat.EXCLUDED: SeatStatus.EXCLUDED,
        Seat.EXPELLED: SeatStatus.EXPELLED,
    }
    return tuple(
        (
            player,
            mapping[seat],
            state.eliminated.index(player) + 1 if seat is Seat.ELIMINATED else None,
        )
        for player, seat in zip(state.order, state.seats, strict=True)
    )
