"""Prizes by field size, rounded without losing a cent, and the simple chops.

A :class:`PayoutTable` gives, for each field size, the percentage of the prize pool paid to each
place (the club's presets live in the ruleset and can be edited; a row that does not add up to
100% is refused). :func:`prizes` turns the percentages into amounts rounded to the club's
smallest unit (1 euro, 5 euro ...) by the largest-remainder method: everything is paid out, to
the cent.

Decisions where the regulation is silent:
- the field size is the number of entries (re-entries count, rebuys do not);
- when a row pays more places than there are players, the places that can be paid keep their
  proportions and share the whole pool;
- a leftover smaller than the unit (a pool of 1,234.50 paid in euros) goes to the winner;
- places shared by players busting in the same hand with equal stacks (PKR-END-1) pool their
  prizes and split them equally; the odd cents go to them in player-id order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_
from torneo.poker.rules.eliminations import Finish

HUNDRED = Fraction(100)


@dataclass(frozen=True, slots=True)
class PayoutRow:
    max_entries: int | None  # None: any larger field
    percentages: tuple[Fraction, ...]  # 1st place first

    def __post_init__(self) -> None:
        label = f"payouts up to {self.max_entries} entries" if self.max_entries else "payouts"
        if not self.percentages:
            raise TorneoError(label, N_("no paid places"), N_("one percentage per paid place"))
        if any(p <= 0 for p in self.percentages):
            raise TorneoError(label, N_("a place paid 0% or less"), N_("percentages above 0"))
        total = sum(self.percentages, Fraction(0))
        if total != HUNDRED:
            raise TorneoError(
                label,
                N_("the percentages add up to %(total)s%%"),
                N_("percentages adding to 100%%"),
                params={"total": format(float(total), "g")},
            )
        if any(b > a for a, b in zip(self.percentages, self.percentages[1:], strict=False)):
            raise TorneoError(
                label, N_("a place paid more than the one above it"), N_("non-increasing")
            )


@dataclass(frozen=True, slots=True)
class PayoutTable:
    rows: tuple[PayoutRow, ...]

    def __post_init__(self) -> None:
        if not self.rows:
            raise TorneoError("payouts", N_("an empty payout table"), N_("one row or more"))
        last = 0
        for i, row in enumerate(self.rows):
            if row.max_entries is None:
                if i != len(self.rows) - 1:
                    raise TorneoError("payouts", N_("only the last row may be open-ended"))
            elif row.max_entries <= last:
                raise TorneoError(
                    "payouts", N_("rows must grow by field size"), N_("ascending rows")
                )
            else:
                last = row.max_entries

    def percentages_for(self, entries: int) -> tuple[Fraction, ...]:
        for row in self.rows:
            if row.max_entries is None or entries <= row.max_entries:
                return row.percentages
        raise TorneoError(
            "entries",
            N_("no payout row for %(entries)s entries"),
            N_("up to %(max_entries)s entries, or an open-ended last row"),
            params={"entries": entries, "max_entries": self.rows[-1].max_entries},
        )


def payout_table(rows: Sequence[tuple[int | None, Sequence[Fraction | int | str]]]) -> PayoutTable:
    """``payout_table([(10, ["50", "30", "20"]), (None, [...])])``."""
    return PayoutTable(tuple(PayoutRow(m, tuple(Fraction(p) for p in pcts)) for m, pcts in rows))


def round_shares(total: int, exact: Sequence[Fraction], unit: int) -> tuple[int, ...]:
    """Largest remainder: amounts in multiples of ``unit`` adding up to ``total`` exactly.

    ``exact`` are the exact shares (adding up to ``total``); ties in the remainders favour the
    earlier share (the better place); a leftover under one unit goes to the first share.
    """
    if unit < 1:
        raise TorneoError("unit", N_("%(unit)s"), N_("1 cent or more"), params={"unit": unit})
    if total < 0:
        raise TorneoError("total", N_("%(total)s"), N_("0 or more"), params={"total": total})
    units = [share / unit for share in exact]
    floors = [int(u) for u in units]  # shares are never negative: int() is the floor
    spare = total // unit - sum(floors)
    order = sorted(range(len(units)), key=lambda i: (-(units[i] - floors[i]), i))
    for i in order[: max(0, spare)]:
        floors[i] += 1
    amounts = [f * unit for f in floors]
    if amounts:
        amounts[0] += total - sum(amounts)
    return tuple(amounts)


def prizes(
    prize_pool: int, percentages: Sequence[Fraction], unit: int = 100, players: int | None = None
) -> tuple[int, ...]:
    """Amounts in cents for places 1, 2, ... (rounded to ``unit`` cents, nothing lost)."""
    paid = list(percentages)
    if players is not None and players < len(paid):
        paid = paid[: max(1, players)]
    weight = sum(paid, Fraction(0))
    exact = [prize_pool * p / weight for p in paid]
    return round_shares(prize_pool, exact, unit)


def prizes_for_field(
    table: PayoutTable, prize_pool: int, entries: int, players: int, unit: int = 100
) -> tuple[int, ...]:
    return prizes(prize_pool, table.percentages_for(entries), unit, players)


def award(finishes: Sequence[Finish], amounts: Sequence[int]) -> dict[PlayerId, int]:
    """Money per player from the finishing order; shared places split their prizes."""
    out: dict[PlayerId, int] = {}
    groups: dict[int, list[PlayerId]] = {}
    for finish in finishes:
        groups.setdefault(finish.place, []).append(finish.player)
    for place, players in groups.items():
        pooled = sum(amounts[place - 1 : place - 1 + len(players)])
        each, odd = divmod(pooled, len(players))
        for i, player in enumerate(sorted(players)):
            out[player] = each + (1 if i < odd else 0)
    return {p: a for p, a in out.items() if a}


# --- Chops ---------------------------------------------------------------------------------


def _remaining(prize_list: Sequence[int], players: int) -> list[int]:
    if players < 2:
        raise TorneoError(
            "stacks",
            Np_("%(players)s player", "%(players)s players", count="players"),
            N_("two or more players to chop"),
            params={"players": players},
        )
    return [*prize_list[:players], *([0] * max(0, players - len(prize_list)))]


def chop_equal(prize_list: Sequence[int], players: int, unit: int = 100) -> tuple[int, ...]:
    """Everyone left takes the same share of the prizes still to be paid."""
    total = sum(_remaining(prize_list, players))
    return round_shares(total, [Fraction(total, players)] * players, unit)


def chop_chips(
    prize_list: Sequence[int],
    stacks: Sequence[int],
    unit: int = 100,
    guarantee_last_place: bool = False,
) -> tuple[int, ...]:
    """Shares in proportion to the chips; optionally everyone first takes the lowest prize left."""
    remaining = _remaining(prize_list, len(stacks))
    if any(s < 1 for s in stacks):
        raise TorneoError("stacks", N_("a stack of 0 chips"), N_("every player left has chips"))
    total = sum(remaining)
    floor = remaining[-1] if guarantee_last_place else 0
    rest = total - floor * len(stacks)
    chips = sum(stacks)
    exact = [floor + Fraction(rest * s, chips) for s in stacks]
    return _round_keeping_order(total, exact, unit)


def _round_keeping_order(total: int, exact: Sequence[Fraction], unit: int) -> tuple[int, ...]:
    """Round shares given in any order (largest-remainder ties favour the larger share)."""
    order = sorted(range(len(exact)), key=lambda i: -exact[i])
    rounded = round_shares(total, [exact[i] for i in order], unit)
    out = [0] * len(exact)
    for position, i in enumerate(order):
        out[i] = rounded[position]
    return tuple(out)


def stacks_by_player(stacks: Mapping[PlayerId, int]) -> tuple[list[PlayerId], list[int]]:
    players = list(stacks)
    return players, [stacks[p] for p in players]
