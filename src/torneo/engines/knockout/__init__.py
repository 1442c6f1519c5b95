"""The Top X: single elimination after the Swiss (INV-TOP-1..3, INV-STRUCT-4, BER-TOP-1..3).

- ``seeding``: who meets whom first: standard seeding, the choice rule, cross-pod seeding.
- ``bracket``: the bracket as a value, its heap slots (the final is slot 1) and matches.
- ``progress``: report a winner (no draws), build the next round, the 3rd/4th-place match,
  final placements and Top wins for the season points.
- ``records``: to and from ``MatchRecord`` rows (the slot is the table number).
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
from torneo.engines.knockout.seeding import (
    can_pick,
    choice_bracket,
    choice_options,
    cross_pod_bracket,
    seed_bracket,
    standard_order,
)

__all__ = [
    "FINAL_SLOT",
    "THIRD_PLACE_TABLE",
    "Bracket",
    "TopMatch",
    "bracket_from_records",
    "can_advance",
    "can_pick",
    "can_report_result",
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
