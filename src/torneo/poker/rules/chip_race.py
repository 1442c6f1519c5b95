"""The chip race at a colour-up, as the dealer runs it (PKR-RACE-1, art. 17.2).

1. Each player changes their low chips; the odd ones go to the middle, which is changed
   collectively; what cannot be changed leaves play (:func:`.colour_up.plan_colour_up`).
2. Starting from the small blind of the last hand, each player who had odd chips gets a card;
   the highest card wins one chip from the middle; between equal ranks the card dealt earlier
   wins (suits do not count).
3. The deal repeats from the left of the last winner, among those who have not won yet, while
   chips are left: nobody wins more than one chip.
4. Nobody is eliminated by a race: a player left with no chips gets one chip of the new value.

The deck is shuffled with the caller's seeded ``rng`` before each deal, and every card dealt is
recorded, so the race can be shown on the screen and replayed. The middle never holds more
chips than there are racers (each player's odd chips are worth less than one new chip), so
every chip finds a winner.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.colour_up import ColourUp, ColourUpPlan, plan_colour_up
from torneo.poker.rules.hands import RANKS, SUITS

DECK = tuple(r + s for r in RANKS for s in SUITS)


@dataclass(frozen=True, slots=True)
class RaceDeal:
    cards: tuple[tuple[PlayerId, str], ...]  # in the order dealt
    winner: PlayerId


@dataclass(frozen=True, slots=True)
class ChipRace:
    plan: ColourUpPlan
    deals: tuple[RaceDeal, ...]
    winners: tuple[PlayerId, ...]
    topped_up: tuple[PlayerId, ...]  # left without chips: given one new chip
    stacks_after: Mapping[PlayerId, int]

    @property
    def chips_removed(self) -> int:
        """Value leaving play: the unchangeable rest of the middle."""
        return self.plan.removed_value

    @property
    def chips_added(self) -> int:
        """Value entering play: the chips given so nobody is eliminated."""
        return len(self.topped_up) * self.plan.colour.replacement

    @property
    def change_in_play(self) -> int:
        return self.chips_added - self.chips_removed


def _check_stack(colour: ColourUp, player: PlayerId, stack: int, low: int) -> None:
    """PKR-RACE-1: a stack in chips of the colour removed and larger ones, its low chips
    within it, the rest made of chips of the replacement or more."""
    if stack % colour.removed:
        raise TorneoError(
            "stacks",
            N_("player %(player)s: a stack of %(stack)s is not a number of %(removed)s chips"),
            N_("stacks in multiples of the smallest chip, %(removed)s"),
            rule="PKR-RACE-1",
            params={"player": player, "stack": stack, "removed": colour.removed},
        )
    if low * colour.removed > stack or low < 0:
        raise TorneoError(
            "low_chips",
            N_("player %(player)s: %(low)s chips of %(removed)s in a stack of %(stack)s"),
            N_("no more low chips than the stack holds"),
            params={
                "player": player,
                "low": low,
                "removed": colour.removed,
                "stack": stack,
            },
        )
    # PKR-RACE-1, issue 28 item 6 (a reading): the low chips are all the player's chips of
    # the colour raced off; the rest of the stack is in larger chips, each a multiple of
    # the replacement, so it must be a multiple of it. 12,350 with three 25s cannot be.
    rest = stack - low * colour.removed
    if rest % colour.replacement:
        raise TorneoError(
            "low_chips",
            N_(
                "player %(player)s: a stack of %(stack)s with %(low)s chips of %(removed)s "
                "leaves %(rest)s, which chips of %(replacement)s or more cannot make"
            ),
            N_("every chip of %(removed)s the player holds"),
            rule="PKR-RACE-1",
            params={
                "player": player,
                "stack": stack,
                "low": low,
                "removed": colour.removed,
                "rest": rest,
                "replacement": colour.replacement,
            },
        )


def run_chip_race(
    colour: ColourUp,
    seat_order: Sequence[PlayerId],
    stacks: Mapping[PlayerId, int],
    low_chips: Mapping[PlayerId, int],
    rng: random.Random,
) -> ChipRace:
    """PKR-RACE-1 at one table. ``seat_order`` starts from the small blind of the last hand."""
    if set(seat_order) != set(stacks) or len(set(seat_order)) != len(seat_order):
        raise TorneoError("seat_order", N_("players and stacks differ"), N_("every player once"))
    for player in seat_order:
        _check_stack(colour, player, stacks[player], low_chips.get(player, 0))
    plan = plan_colour_up(colour, {p: low_chips.get(p, 0) for p in seat_order})
    odd = {e.player for e in plan.exchanges if e.odd_chips}
    racers = [p for p in seat_order if p in odd]
    left = plan.race_chips
    deals: list[RaceDeal] = []
    winners: list[PlayerId] = []
    start = 0
    while left > 0:
        in_race = [p for p in racers[start:] + racers[:start] if p not in winners]
        deck = list(DECK)
        rng.shuffle(deck)
        cards = tuple(zip(in_race, deck, strict=False))
        best = max(RANKS.index(card[0]) for _, card in cards)
        winner = next(p for p, card in cards if RANKS.index(card[0]) == best)
        deals.append(RaceDeal(cards, winner))
        winners.append(winner)
        left -= 1
        start = (racers.index(winner) + 1) % len(racers)
    odd_value = {e.player: e.odd_chips * colour.removed for e in plan.exchanges}
    after: dict[PlayerId, int] = {}
    topped: list[PlayerId] = []
    for player in seat_order:
        stack = stacks[player] - odd_value[player]
        if player in winners:
            stack += colour.replacement
        if stack == 0 and stacks[player] > 0:
            stack = colour.replacement  # nobody is eliminated by a race
            topped.append(player)
        after[player] = stack
    return ChipRace(plan, tuple(deals), tuple(winners), tuple(topped), after)
