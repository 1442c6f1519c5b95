"""The Top X: single elimination after the Swiss (INV-TOP-1..3, INV-STRUCT-4, BER-TOP-1..3).

- ``seeding``: who meets whom first: standard seeding, the choice rule, cross-pod seeding.
- ``bracket``: the bracket as a value, its heap slots (the final is slot 1) and matches.
- ``progress``: report a winner (no draws), build the next round, the 3rd/4th-place match,
  final placements and Top wins for the season points.
- ``records``: to and from ``MatchRecord`` rows (the slot is the table number).
- ``rules``: the Top settings read (a Protocol the preset's ``TopRules`` satisfies).

Example: a Top 4 from the standings (INV-TOP-1 seeds 1-4 and 2-3; the final is slot 1, the
semifinals slots 2 and 3), the semifinals played, then the final and the 3rd/4th-place match
(INV-STRUCT-4). A drawn Top match is refused (BER-TOP-3):

>>> from torneo.core.ids import PlayerId
>>> from torneo.engines.results import GameScore
>>> standings = [PlayerId(p) for p in (11, 12, 13, 14, 15)]  # best first
>>> top = seed_bracket(standings, 4)
>>> [(m.slot, m.seed_a, m.seed_b, m.player_a, m.player_b) for m in top.current_round]
[(2, 1, 4, 11, 14), (3, 2, 3, 12, 13)]
>>> top = report_result(top, 2, GameScore(2, 1))  # seed 1 wins
>>> top = report_result(top, 3, GameScore(0, 2))  # seed 3 wins
>>> top = next_round(top)
>>> final, third = top.final, top.third_place
>>> (final.player_a, final.player_b), (third.player_a, third.player_b)
((11, 13), (12, 14))
>>> can_report_result(top, 1, GameScore(1, 1, 1)).text
'1-1-1 is a draw; a Top X match has a winner and the loser is out [BER-TOP-3]'
"""

from torneo.engines.knockout.bracket import FINAL_SLOT, THIRD_PLACE_TABLE, Bracket, TopMatch
from torneo.engines.knockout.progress import (
    can_advance,
    can_report_result,
    final_placements,
    next_round,
    report_result,
    top_wins,
)
from torneo.engines.knockout.records import bracket_from_records, match_record, round_records
from torneo.engines.knockout.rules import STANDARD_TOP, TopRules, TopSettings
from torneo.engines.knockout.seeding import (
    can_pick,
    check_pod_count,
    choice_bracket,
    choice_options,
    cross_pod_bracket,
    seed_bracket,
    standard_order,
)

__all__ = [
    "FINAL_SLOT",
    "STANDARD_TOP",
    "THIRD_PLACE_TABLE",
    "Bracket",
    "TopMatch",
    "TopRules",
    "TopSettings",
    "bracket_from_records",
    "can_advance",
    "can_pick",
    "can_report_result",
    "check_pod_count",
    "choice_bracket",
    "choice_options",
    "cross_pod_bracket",
    "final_placements",
    "match_record",
    "next_round",
    "report_result",
    "round_records",
    "seed_bracket",
    "standard_order",
    "top_wins",
]
