"""The poker tournament director (docs/rules.md §4, PKR-*): pure, one module per concept.

- :mod:`.structure` blind levels, breaks and colour-ups as data, and the structure generator;
- :mod:`.clock` the tournament clock computed from stored timestamps (PKR-BTN-1);
- :mod:`.entries` buy-ins in named parts, re-entries, rebuys, add-ons, late entries (PKR-LATE-1);
- :mod:`.seating` tables, the seat draw and the moves (PKR-TBL-1), and :mod:`.positions` the
  button, the blinds and who is dealt in (PKR-BTN-1, PKR-DEAD-1);
- :mod:`.balancing` and :mod:`.breaking` the table moves of PKR-BAL-1/2 and PKR-BRK-1;
- :mod:`.eliminations` bust-outs and the finishing order (PKR-END-1);
- :mod:`.payouts` and :mod:`.icm` prizes by field size and the chop calculators;
- :mod:`.pots`, :mod:`.hands`, :mod:`.betting` the floor tools (PKR-POT-1, PKR-BET-1);
- :mod:`.colour_up` and :mod:`.chip_race` the colour-up and its race (PKR-RACE-1);
- :mod:`.sanctions` warnings, missed hands and disqualifications (PKR-PEN-1);
- :mod:`.leagues` the jackpot leagues and their final table (PKR-LEAGUE-1..4), with
  :mod:`.points_formula` the league's points formula.

Chips are ints; money is int cents. Time and randomness come in as arguments. A refusal names
its field and carries a message id with its parameters (``torneo.core.messages``): English here,
translated by the pages.

A worked example of PKR-POT-1: a three-way all-in with a folded big blind, the button at seat 6.
A (seat 2) is all-in for 1,000, B (seat 4) for 2,525, C (seat 7) calls 2,525; D (seat 1, the big
blind) folded after 100. The main pot is 3 × 1,000 + 100 = 3,100 for A, B and C; the side pot is
2 × 1,525 = 3,050 for B and C. All three tie, so the side pot is settled first (art. 12.7) and
split 1,525 each; the main pot splits at the smallest chip, 25: 1,025 each and one odd chip of
25, which goes to C, the first winner left of the button.

>>> from torneo.core.ids import PlayerId
>>> from torneo.poker.rules.pots import Contribution, settle
>>> a, b, c, d = (PlayerId(n) for n in (1, 2, 3, 4))
>>> hand = [
...     Contribution(a, 2, 1000),
...     Contribution(b, 4, 2525),
...     Contribution(c, 7, 2525),
...     Contribution(d, 1, 100, folded=True),
... ]
>>> result = settle(hand, {a: 9, b: 9, c: 9}, button_seat=6, smallest_chip=25)
>>> [(pot.name, pot.amount) for pot in result.pots]
[('main pot', 3100), ('side pot 1', 3050)]
>>> main = result.awards[-1]
>>> main.shares, main.odd_chips
(((3, 1050), (1, 1025), (2, 1025)), 1)
>>> result.totals == {a: 1025, b: 2550, c: 2575}
True

A refusal keeps its message id and parameters; its English text is what the API and CLI show:

>>> from torneo.core.errors import TorneoError
>>> try:
...     settle([Contribution(a, 2, -5), Contribution(b, 4, 100)], {a: 1, b: 1}, 6, 25)
... except TorneoError as err:
...     print(err.reason)
player 1 put in -5, not a number of 25 chips [PKR-POT-1]
"""
