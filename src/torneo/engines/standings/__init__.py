"""Standings of a Swiss stage: points, then a preset's tiebreak chain (INV-BYE-1, BER-TIE-1, MTR).

What counts
-----------
Only ``Stage.SWISS`` matches count; unreported matches are ignored. A bye (``player_b is None``)
scores ``points.bye`` and counts as a round played but not as a match played (INV-BYE-1); a
double loss scores ``points.double_loss`` to both and counts as a loss for both. A late entrant
(``Entrant.joined_round``) gets a loss for each earlier round already paired without them
(scoring ``points.loss``), as the Magic Tournament Rules do; those rounds count in the MW%
denominator but not in ``matches_played``. Dropped and disqualified players stay in the table,
flagged ``is_active=False``, ordered by their results like everyone else (the Top X and the
pairing skip inactive players, not the standings).

Order
-----
Rows are ordered by points first, always. The preset's chain then breaks ties, one tiebreak at a
time, only inside groups still tied; whatever the chain leaves tied is ordered by the seeded
random draw (the ``random`` tiebreak below), so ``position`` is strict and reproducible from the
seed. ``dense_rank`` is the INV-RANK-2 display: equal points share a displayed position.

The tiebreak library (registry: :data:`TIEBREAKS`, names used in the presets)
---------------------------------------------------------------------------
Percentages are exact :class:`~fractions.Fraction` values. "Rounds" of a player are the rounds
they took part in: matches played, byes and missed rounds of a late entry.

- ``match_points``: the points used when ties are broken. Equal to the points, except that a bye
  counts ``points.bye_for_tiebreak`` when the preset sets it (BER-BYE-1: an auto-win is 30 but
  counts 20 when ties for the Top are broken). Since rows are already ordered by real points, this
  only ever separates players on equal points, with the player who had the bye below.
- ``bye_last``: number of byes, fewer is better (INV-BYE-1: on equal points the bye ranks below).
- ``mw``: match-win % = points / (rounds × ``points.win``), at least 1/3 (MTR 10.2); a player
  with no rounds counts 1/3.
- ``omw``: opponents' match-win % = the mean of the opponents' records, each floored at 1/3;
  byes are not opponents; a player with no opponent counts 1/3 (the floor). INV-BYE-1: the bye
  "non conta come partita giocata", so an opponent's record leaves out their byes: their points
  without the byes' over (rounds − byes) × ``points.win`` (a late entry's missed rounds stay
  losses, as in ``mw``). The player's own ``mw`` still counts a bye as a won round (MTR).
- ``gw``: game-win % = (3 × games won + games drawn) / (3 × games played), at least 1/3. A bye
  counts as a game win of ``best_of // 2 + 1`` to 0 (2-0 in best of three, MTR). An intentional
  draw 0-0-3 is three drawn games (MTR). Game points are MTR's 3/1/0 whatever the match points.
- ``ogw``: opponents' game-win % = the mean of the opponents' ``gw`` without the 2-0 of their
  byes (INV-BYE-1, as ``omw``), each floored at 1/3; 1/3 with no opponent.
- ``buchholz``: sum of the opponents' points (byes contribute nothing: there is no opponent).
- ``buchholz_cut1``: Buchholz without the lowest opponent (0 with fewer than two opponents).
- ``buchholz_median``: Buchholz without the highest and the lowest opponent (0 with fewer than
  three opponents).
- ``sonneborn_berger``: sum of the points of the opponents beaten plus half the points of the
  opponents drawn.
- ``quality_of_wins``: sum of the final points of the opponents beaten (BER-TIE-1 Resolution:
  "priority to who beat opponents ranked higher").
- ``head_to_head``: applies to a tied group only when every pair of its players met in this
  stage (a round robin inside the group; a group of two: they met). Each player then scores the
  points they earned in the matches against the others of the group, more is better. When it
  splits the group, it is applied again to each sub-group it leaves tied, until it separates no
  further. When some pair never met it separates nobody. The value shown is the head-to-head
  score inside the group as tied when the tiebreak was reached (0 when it did not apply).
- ``fewer_warnings``: warnings received in the event (BER-TIE-1 step 3), fewer is better; the
  ``warnings`` map comes from the judging records; a player absent from it has none.
- ``rounds_played``: rounds actually played (matches and byes), more is better.
- ``random``: a draw from ``random.Random(seed)`` over the player ids in ascending order, lower is
  better. The value is the drawn number, so the order can be checked and reproduced later.

Performance: every aggregate is computed once in one pass over the matches (``aggregates.py``);
averages over opponents are summed as integers over a common denominator; groups are ordered by
exact integer keys; a row's Fraction is made only when it is read (``StandingRow.tiebreaks``).
Measured by ``bench/standings.py``.

Example
-------
Three players, two rounds, win 3 / draw 1 / bye 3. Round 1: Anna beats Bruno 2-1, Carla has
the bye. Round 2: Anna and Carla draw 1-1-1, Bruno has the bye. Anna and Carla are tied on 4
points. A bye gives no opponent, so Carla's OMW% is Anna's record alone (4 points of 6), while
Anna's is the mean of Bruno's and Carla's records without their byes (INV-BYE-1): Bruno lost
his one played match (0, floored at 1/3) and Carla drew hers (1 of 3): Carla ranks first. Equal points share the displayed rank (INV-RANK-2):

>>> from torneo.core.ids import PlayerId
>>> from torneo.engines.records import Entrant, MatchRecord
>>> from torneo.engines.results import GameScore
>>> from torneo.engines.standings.scheme import MatchPoints
>>> anna, bruno, carla = (PlayerId(i) for i in (1, 2, 3))
>>> matches = [
...     MatchRecord(1, 1, anna, bruno, GameScore(2, 1)),
...     MatchRecord(1, 2, carla, None, None),
...     MatchRecord(2, 1, anna, carla, GameScore(1, 1, 1)),
...     MatchRecord(2, 2, bruno, None, None),
... ]
>>> entrants = [Entrant(p, name) for p, name in ((anna, "Anna"), (bruno, "Bruno"), (carla, "Carla"))]
>>> rows = compute_standings(entrants, matches, MatchPoints(), ["omw", "mw"])
>>> for r in rows:
...     print(r.position, r.dense_rank, r.player_id, r.points, r.tiebreaks["omw"], r.tiebreaks["mw"])
1 1 3 4 2/3 2/3
2 1 1 4 1/3 2/3
3 2 2 3 2/3 1/2
"""

from torneo.engines.standings.aggregates import Tally, tally
from torneo.engines.standings.scheme import MatchPoints, PointsScheme
from torneo.engines.standings.table import StandingRow, compute_standings
from torneo.engines.standings.tiebreaks import TIEBREAKS, Tiebreak, check_chain

__all__ = [
    "TIEBREAKS",
    "MatchPoints",
    "PointsScheme",
    "StandingRow",
    "Tally",
    "Tiebreak",
    "check_chain",
    "compute_standings",
    "tally",
]
