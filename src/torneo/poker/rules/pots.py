"""Main pot, side pots and odd chips, from what each player put in (PKR-POT-1, art. 12).

The floor gives each player's total contribution to the hand (antes, blinds and bets), who
folded, the button seat and the showdown ranks (from :mod:`.hands` or typed by the floor):

1. an uncalled bet — the part of the largest contribution nobody matched — goes back to its
   owner (art. 12.10: every raise nobody calls is not part of any pot);
2. the main pot takes from everyone up to the smallest all-in of the players still in the
   hand; each further all-in level forms the next side pot (art. 12.10); folded chips stay in
   the pots they reached;
3. pots are settled from the last side pot formed back to the main pot, each split on its own
   among its best hands (art. 12.7, 12.9);
4. a split is as even as the smallest chip in play allows; the odd chips, one chip of that
   value at a time, go to the winners from the first seat left of the button (art. 7, 12.8).

Chips are conserved: what was put in is what is awarded plus what is returned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.hands import showdown


@dataclass(frozen=True, slots=True)
class Contribution:
    player: PlayerId
    seat: int
    chips: int  # everything this player put in during the hand
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Pot:
    index: int  # 0 = main pot, then side pots in the order they formed
    amount: int
    eligible: tuple[PlayerId, ...]

    @property
    def name(self) -> str:
        return "main pot" if self.index == 0 else f"side pot {self.index}"


@dataclass(frozen=True, slots=True)
class PotAward:
    pot: Pot
    winners: tuple[PlayerId, ...]  # from the first seat left of the button
    shares: tuple[tuple[PlayerId, int], ...]
    odd_chips: int  # chips of the smallest value handed out one by one (PKR-POT-1)


@dataclass(frozen=True, slots=True)
class Settlement:
    pots: tuple[Pot, ...]  # main pot first, in the order formed
    awards: tuple[PotAward, ...]  # in settling order: last side pot first (art. 12.7)
    returned: tuple[PlayerId, int] | None  # the uncalled bet given back

    def won(self, player: PlayerId) -> int:
        """Chips this player takes from the table (pots won plus any returned bet)."""
        total = sum(amount for award in self.awards for p, amount in award.shares if p == player)
        if self.returned is not None and self.returned[0] == player:
            total += self.returned[1]
        return total

    @property
    def totals(self) -> dict[PlayerId, int]:
        out: dict[PlayerId, int] = {}
        for award in self.awards:
            for player, amount in award.shares:
                out[player] = out.get(player, 0) + amount
        if self.returned is not None:
            player, amount = self.returned
            out[player] = out.get(player, 0) + amount
        return out


def _check(contributions: Sequence[Contribution]) -> None:
    players = [c.player for c in contributions]
    seats = [c.seat for c in contributions]
    if len(set(players)) != len(players):
        raise TorneoError("contributions", N_("a player is listed twice"), N_("each player once"))
    if len(set(seats)) != len(seats):
        raise TorneoError("contributions", N_("two players in one seat"), N_("one player per seat"))
    for c in contributions:
        if c.chips < 0:
            raise TorneoError(
                "chips",
                N_("player %(player)s put in %(chips)s"),
                N_("0 or more chips"),
                params={"player": c.player, "chips": c.chips},
            )
    if all(c.folded for c in contributions):
        raise TorneoError(
            "contributions", N_("everybody folded"), N_("at least one player in the hand")
        )


def build_pots(
    contributions: Sequence[Contribution],
) -> tuple[tuple[Pot, ...], tuple[PlayerId, int] | None]:
    """The main pot and side pots (main first), and the uncalled bet to give back."""
    _check(contributions)
    chips = {c.player: c.chips for c in contributions}
    returned: tuple[PlayerId, int] | None = None
    ordered = sorted(contributions, key=lambda c: c.chips, reverse=True)
    top = ordered[0]
    second = ordered[1].chips if len(ordered) > 1 else 0
    if not top.folded and top.chips > second:
        returned = (top.player, top.chips - second)
        chips[top.player] = second
    live = [c for c in contributions if not c.folded]
    levels = sorted({chips[c.player] for c in live if chips[c.player] > 0})
    if not levels:  # nobody live put anything in: the folded chips go to the live players
        levels = [0]
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum(
            (amount - previous if last else min(amount, level) - previous)
            for amount in chips.values()
            if amount > previous
        )
        eligible = tuple(c.player for c in live if chips[c.player] >= level)
        if amount > 0 or last:
            pots.append(Pot(len(pots), amount, eligible))
        previous = level
    return tuple(pots), returned


def _seat_order(button_seat: int, seats: Mapping[PlayerId, int]) -> dict[PlayerId, tuple[int, int]]:
    """Sort key: seats left of the button first (clockwise), the button seat last."""
    return {p: (0 if s > button_seat else 1, s) for p, s in seats.items()}


def split_pot(
    pot: Pot,
    winners: Sequence[PlayerId],
    seats: Mapping[PlayerId, int],
    button_seat: int,
    smallest_chip: int,
) -> PotAward:
    """PKR-POT-1: an even split at the smallest chip; odd chips from left of the button."""
    if smallest_chip < 1:
        raise TorneoError(
            "smallest_chip",
            N_("%(smallest_chip)s"),
            N_("the smallest chip in play, ≥ 1"),
            params={"smallest_chip": smallest_chip},
        )
    key = _seat_order(button_seat, seats)
    order = sorted(winners, key=lambda p: key[p])
    each = pot.amount // (len(order) * smallest_chip) * smallest_chip
    shares = dict.fromkeys(order, each)
    leftover = pot.amount - each * len(order)
    odd = 0
    for player in order:
        if leftover >= smallest_chip:
            shares[player] += smallest_chip
            leftover -= smallest_chip
            odd += 1
    # A remainder below the smallest chip cannot be a real chip; it follows the first odd chip.
    shares[order[0]] += leftover
    return PotAward(pot, tuple(order), tuple(shares.items()), odd)


def check_chips(
    contributions: Sequence[Contribution], button_seat: int, smallest_chip: int
) -> None:
    """What a settlement needs before any pot: a smallest chip and a button seat of 1 or more,
    and every contribution made of chips in play (a multiple of the smallest chip)."""
    if smallest_chip < 1:
        raise TorneoError(
            "smallest_chip",
            N_("%(smallest_chip)s"),
            N_("the smallest chip in play, ≥ 1"),
            params={"smallest_chip": smallest_chip},
        )
    if button_seat < 1:
        raise TorneoError(
            "button_seat",
            N_("seat %(seat)s"),
            N_("a seat number, 1 or more"),
            params={"seat": button_seat},
        )
    for c in contributions:
        if c.chips % smallest_chip:
            raise TorneoError(
                "chips",
                N_("player %(player)s put in %(chips)s, not a number of %(smallest_chip)s chips"),
                N_("multiples of the smallest chip in play, %(smallest_chip)s"),
                rule="PKR-POT-1",
                params={"player": c.player, "chips": c.chips, "smallest_chip": smallest_chip},
            )


def settle(
    contributions: Sequence[Contribution],
    ranks: Mapping[PlayerId, int],
    button_seat: int,
    smallest_chip: int,
) -> Settlement:
    """PKR-POT-1: settle every pot, from the last side pot back to the main pot.

    ``ranks`` maps each player still in the hand to a comparable strength (higher wins, equal
    splits): :attr:`HandValue.strength` or the floor's own ordering.
    """
    check_chips(contributions, button_seat, smallest_chip)
    pots, returned = build_pots(contributions)
    seats = {c.player: c.seat for c in contributions}
    awards: list[PotAward] = []
    for pot in reversed(pots):
        if len(pot.eligible) == 1:
            winners: list[PlayerId] = list(pot.eligible)
        else:
            missing = [p for p in pot.eligible if p not in ranks]
            if missing:
                raise TorneoError(
                    "ranks",
                    N_("no hand rank for player %(player)s"),
                    N_("a rank for every player shown"),
                    params={"player": missing[0]},
                )
            best = max(ranks[p] for p in pot.eligible)
            winners = [p for p in pot.eligible if ranks[p] == best]
        awards.append(split_pot(pot, winners, seats, button_seat, smallest_chip))
    return Settlement(pots, tuple(awards), returned)


def settle_showdown(
    contributions: Sequence[Contribution],
    holes: Mapping[PlayerId, str],
    board: str,
    button_seat: int,
    smallest_chip: int,
) -> Settlement:
    """Settle from the cards: the hole cards of the players still in the hand and the board."""
    values = showdown(holes, board)
    return settle(
        contributions, {p: v.strength for p, v in values.items()}, button_seat, smallest_chip
    )
