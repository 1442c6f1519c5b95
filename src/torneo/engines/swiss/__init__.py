"""Swiss pairing engine (BER-PAIR-1, INV-BYE-1, BER-BYE-1; issue 3). Pure: randomness comes in.

The objective (docs/pairing.md has the proofs and the figures)
-------------------------------------------------------------
A round is a perfect matching of the active players, plus one bye when their number is odd.
The bye is modelled as a pair with a virtual player who holds the field's lowest score, so it is
part of the optimisation: it moves up from the bottom only when leaving it there would cost a
rematch or a bigger pair-down. Among all such pairings the engine returns one that is smallest,
lexicographically, on:

0. byes to players who already had the most allowed (a hard rule while anybody else is
   eligible: INV-BYE-1, BER-BYE-1 "at most once per player"); under BER-BYE-1 also a bye to
   anyone but an eligible player with the fewest points ("al giocatore con meno punti");
1. rematches: never one while a pairing without it exists; when none exists, the fewest, and
   each forced rematch is reported in its explanation and in the stats;
2. the sum of |score a - score b| over all pairs (the bye counted against the lowest score):
   a pair-down costs more the further it falls;
3. the sum of squared differences: one pair-down across two score groups costs more than two
   one-group floats, so the leaders never "jump" to the bottom of the table;
4. the number of unequal-score pairs;
5. the bye preference: the lowest-ranked eligible player (INV-BYE-1), or, among the eligible
   players on the fewest points, a seeded random choice (BER-BYE-1);
6. same-club pairs, when the preset asks to avoid them (a secondary wish);
7. the float preference: whoever floats is the lowest-ranked of their score group and meets the
   best-ranked of the group below (FIDE's habit, so the standings decide floats, not chance);
8. random among equals (BER-PAIR-1): every remaining choice is drawn from the seeded generator,
   so round 1 is a random pairing and any round is reproducible from its seed.

Level 3 is a decision of ours: the issue lists the unequal pairs right after the difference sum,
but on equal sums that prefers one long pair-down (9 against 0) to a chain of short floats
(9-6, 6-3, 3-0); see docs/pairing.md.

Example
-------
Round 3 of five players (win 3 points). Anna leads alone on 6 and floats down into the 3
group, where she meets its best-ranked player, Bruno (the float preference); Bruno and Carla
already met, so Carla meets Dario; Ezio, the lowest-ranked player without a bye, gets it
(INV-BYE-1). Each table says why it was made:

>>> import random
>>> from torneo.core.ids import PlayerId
>>> anna, bruno, carla, dario, ezio = (PlayerId(i) for i in range(1, 6))
>>> field = [
...     SwissEntrant(anna, score=6, rank=0),
...     SwissEntrant(bruno, score=3, rank=1, opponents=frozenset({carla})),
...     SwissEntrant(carla, score=3, rank=2, opponents=frozenset({bruno})),
...     SwissEntrant(dario, score=3, rank=3),
...     SwissEntrant(ezio, score=0, rank=4),
... ]
>>> pairing = pair_round(field, 3, random.Random(7))
>>> for table in pairing.pairs:
...     print(table.table, table.a, table.b, table.explanation)
1 1 2 #1 floated down from 6 points to meet 3; rematch avoided: #2 already met #3
2 3 4 same score group (3); rematch avoided: #3 already met #2
>>> pairing.bye, pairing.stats.rematches, pairing.stats.score_diff_sum
(5, 0, 3)
"""

from torneo.engines.swiss.engine import pair_round
from torneo.engines.swiss.entrants import ByePolicy, SwissEntrant, SwissOptions
from torneo.engines.swiss.pairing import Floater, Pairing, SwissPairing, SwissStats

__all__ = [
    "ByePolicy",
    "Floater",
    "Pairing",
    "SwissEntrant",
    "SwissOptions",
    "SwissPairing",
    "SwissStats",
    "pair_round",
]
