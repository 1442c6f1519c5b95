"""Colour-ups and chip counts (PKR-RACE-1, art. 17.2).

When the blinds no longer need the smallest chip, it is coloured up: each player changes their
low chips for chips of the next value; what cannot be changed (the odd chips) goes to the
middle, is changed collectively, and the chips so formed are raced for (:mod:`.chip_race`);
what is left after that is removed from play.

Chip counts recorded by the floor (at a colour-up, at a break, at the end of a day) must add up
to the chips in play: otherwise they are refused and nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_


@dataclass(frozen=True, slots=True)
class ColourUp:
    removed: int  # the chip value leaving play (e.g. 25)
    replacement: int  # the next chip value (e.g. 100)

    def __post_init__(self) -> None:
        if self.removed < 1 or self.replacement <= self.removed:
            raise TorneoError(
                "colour_up",
                N_("%(removed)s → %(replacement)s"),
                N_("a chip value changed for a larger one"),
                params={"removed": self.removed, "replacement": self.replacement},
            )
        if self.replacement % self.removed:
            raise TorneoError(
                "colour_up",
                N_("%(removed)s → %(replacement)s: %(replacement)s is not a number of %(removed)s"),
                N_("a replacement chip worth a whole number of removed chips (25 → 100)"),
                rule="PKR-RACE-1",
                params={"removed": self.removed, "replacement": self.replacement},
            )


@dataclass(frozen=True, slots=True)
class Exchange:
    player: PlayerId
    low_chips: int  # chips of the removed value the player had
    exchanged: int  # chips of the replacement value given for them
    odd_chips: int  # low chips that could not be changed: they go to the middle


@dataclass(frozen=True, slots=True)
class ColourUpPlan:
    colour: ColourUp
    exchanges: tuple[Exchange, ...]
    middle_value: int  # value of all odd chips put in the middle
    race_chips: int  # replacement chips formed from the middle and raced for (PKR-RACE-1)
    removed_value: int  # what is left in the middle after changing it: out of play

    @property
    def replacement_chips_needed(self) -> int:
        """How many chips of the new value the dealer brings to this table."""
        return sum(e.exchanged for e in self.exchanges) + self.race_chips


def plan_colour_up(colour: ColourUp, low_chips: Mapping[PlayerId, int]) -> ColourUpPlan:
    """Art. 17.2: the players' own exchanges, then the collective exchange of the odd chips."""
    exchanges = []
    for player, count in low_chips.items():
        if count < 0:
            raise TorneoError(
                "low_chips",
                N_("player %(player)s with %(count)s chips"),
                N_("0 or more"),
                params={"player": player, "count": count},
            )
        exchanged, odd_value = divmod(count * colour.removed, colour.replacement)
        exchanges.append(Exchange(player, count, exchanged, odd_value // colour.removed))
    middle = sum(e.odd_chips for e in exchanges) * colour.removed
    race_chips, removed = divmod(middle, colour.replacement)
    return ColourUpPlan(colour, tuple(exchanges), middle, race_chips, removed)


def check_chip_counts(counts: Mapping[PlayerId, int], chips_in_play: int) -> None:
    """Chip counts must add up to the chips in play; otherwise refused, nothing recorded."""
    for player, chips in counts.items():
        if chips < 0:
            raise TorneoError(
                "chips",
                N_("player %(player)s with %(chips)s chips"),
                N_("0 or more"),
                params={"player": player, "chips": chips},
            )
    total = sum(counts.values())
    if total != chips_in_play:
        raise TorneoError(
            "chip_counts",
            N_("the counts add up to %(total)s, the chips in play are %(chips_in_play)s"),
            N_("counts adding up to %(chips_in_play)s"),
            params={"total": format(total, ","), "chips_in_play": format(chips_in_play, ",")},
        )


def stack_in_chips(amount: int, chip_values: tuple[int, ...]) -> dict[int, int]:
    """The fewest chips making ``amount`` with the values in play (largest first)."""
    if amount < 0:
        raise TorneoError("amount", N_("%(amount)s"), N_("0 or more"), params={"amount": amount})
    out: dict[int, int] = {}
    left = amount
    for value in sorted(chip_values, reverse=True):
        out[value], left = divmod(left, value)
    if left:
        raise TorneoError(
            "amount",
            N_("%(amount)s cannot be made with chips %(chip_values)s"),
            N_("a multiple of the smallest"),
            params={"amount": amount, "chip_values": str(chip_values)},
        )
    return {v: c for v, c in out.items() if c}
