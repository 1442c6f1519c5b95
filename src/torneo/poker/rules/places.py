"""The places and prizes of a tournament: one model after busts, tied places and a chop
(PKR-END-1, issue 26 item 4).

Every view of the results (the director's and players' pages, the printed payout sheet with its
signature column, the TV, the CSV/XLSX download, the API and ``torneo poker show``) reads
:func:`standings`, so they cannot disagree with one another or with what is stored:

- a paid place not decided yet is a line without a player, with its prize from the payout table;
- a decided place carries its player and the prize that player takes: players busting in the same
  hand with equal stacks share the best of their places (PKR-END-1) and split the prizes of the
  places they fill (:func:`.payouts.award`), so those places are one line per player at the
  shared place, and the places below it are filled;
- after a chop the players of the deal take the places and amounts they agreed (the amounts
  replace the payout table's for those places).

What is left to win is the sum of the places not decided yet.

>>> from torneo.core.ids import PlayerId
>>> from torneo.poker.rules.eliminations import BustOut, Field
>>> a, b, c, d, e = (PlayerId(n) for n in (1, 2, 3, 4, 5))
>>> busts = (BustOut(1, ((c, 800),)), BustOut(2, ((d, 500), (e, 500))))
>>> model = standings(Field((a, b, c, d, e), busts), (50_400, 31_500, 19_000, 14_200))
>>> [(line.place, line.player, line.cents, line.shared) for line in model.lines]
[(1, None, 50400, 1), (2, None, 31500, 1), (3, 4, 16600, 2), (3, 5, 16600, 2), (5, 3, 0, 1)]
>>> model.to_win
81900
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.core.ids import PlayerId
from torneo.poker.rules.eliminations import Field, Finish, finishing_order
from torneo.poker.rules.entries import Ledger
from torneo.poker.rules.payouts import PayoutTable, award, prizes_for_field


@dataclass(frozen=True, slots=True)
class Chop:
    """A deal among the players left: each one's agreed place and amount (cents)."""

    places: Mapping[PlayerId, int]
    amounts: Mapping[PlayerId, int]


@dataclass(frozen=True, slots=True)
class PlaceLine:
    place: int
    cents: int
    player: PlayerId | None = None  # None: a paid place not decided yet
    shared: int = 1  # players sharing this place (same hand, same chips: PKR-END-1)
    chopped: bool = False  # the place and amount of a deal


@dataclass(frozen=True, slots=True)
class Standings:
    lines: tuple[PlaceLine, ...]  # paid places and placed players, best place first
    amounts: tuple[int, ...]  # the payout table's amounts for this field, place 1 first

    @property
    def places(self) -> dict[PlayerId, int]:
        return {line.player: line.place for line in self.lines if line.player is not None}

    @property
    def prizes(self) -> dict[PlayerId, int]:
        return {
            line.player: line.cents for line in self.lines if line.player is not None and line.cents
        }

    @property
    def paid(self) -> tuple[PlaceLine, ...]:
        """The lines that pay (decided or not): the payout sheet."""
        return tuple(line for line in self.lines if line.cents)

    @property
    def finishing(self) -> tuple[PlaceLine, ...]:
        """The decided places, paid or not: the finishing order."""
        return tuple(line for line in self.lines if line.player is not None)

    @property
    def open(self) -> tuple[PlaceLine, ...]:
        """The paid places still to be decided."""
        return tuple(line for line in self.lines if line.player is None)

    @property
    def to_win(self) -> int:
        """Cents still to be won: the prizes of the places not decided yet."""
        return sum(line.cents for line in self.open)


def payout_amounts(table: PayoutTable, ledger: Ledger, field: Field, unit: int) -> tuple[int, ...]:
    """The payout table's amounts for this field (entries counted as :mod:`.payouts` says), the
    one list both the views and a chop start from."""
    return prizes_for_field(
        table, ledger.prize_pool, ledger.entries, max(len(field.players), 1), unit
    )


def final_places(field: Field, chop: Chop | None = None) -> tuple[Finish, ...]:
    """The finishing order with a chop's agreed places (every player once, best first)."""
    finishes = list(finishing_order(field))
    if chop is not None:
        finishes.extend(Finish(p, place) for p, place in chop.places.items())
    return tuple(sorted(finishes, key=lambda f: (f.place, f.player)))


def standings(field: Field, amounts: Sequence[int], chop: Chop | None = None) -> Standings:
    """The one model of places and prizes (see the module's docstring)."""
    finishes = final_places(field, chop)
    money = award([f for f in finishes if chop is None or f.player not in chop.places], amounts)
    chopped = dict(chop.amounts) if chop is not None else {}
    lines: list[PlaceLine] = []
    decided: set[int] = set()
    for f in finishes:
        group = f.tied_with
        decided.update(range(f.place, f.place + group))
        is_chopped = f.player in chopped
        cents = chopped[f.player] if is_chopped else money.get(f.player, 0)
        lines.append(PlaceLine(f.place, cents, f.player, group, is_chopped))
    for place, cents in enumerate(amounts, start=1):
        if cents and place not in decided:
            lines.append(PlaceLine(place, cents))
    lines.sort(key=lambda x: (x.place, x.player is not None, x.player or 0))
    return Standings(tuple(lines), tuple(amounts))


def chop_of(data: Mapping[str, object] | None) -> Chop | None:
    """The stored chop (``{"places": {id: n}, "amounts": {id: cents}}``) as a value."""
    if not data:
        return None
    places = data.get("places")
    amounts = data.get("amounts")
    assert isinstance(places, Mapping)
    assert isinstance(amounts, Mapping)
    return Chop(
        {PlayerId(int(p)): int(n) for p, n in places.items()},
        {PlayerId(int(p)): int(c) for p, c in amounts.items()},
    )
