"""RisiKo! tournaments (docs/rules.md §3, seed 001): regulation, tables, results, scoring, referee tools.

Pure: randomness comes in as a seeded ``random.Random``, time as arguments; points are exact.
One module per concept:

- :mod:`.regulation` RSK-REG-1 the four parts and the publish check;
- :mod:`.table_sizes` RSK-TBL-1/2 which fields a table-size policy seats;
- :mod:`.history`, :mod:`.criteria`, :mod:`.search` RSK-TBL-2 what a draw avoids and how;
- :mod:`.random_draw`, :mod:`.greca`, :mod:`.seeding` the draws (random + swaps, alla greca,
  alla svizzera, semifinals by bands, the final table) and the hand swap;
- :mod:`.results` RSK-PTS-1, RSK-OUT-1/2 one table's result and its validation;
- :mod:`.formulas` RSK-PTS-2 the scoring formulas, registered in one place;
- :mod:`.standings` RSK-PTS-2 discards, RSK-TIE-1 ranking, the final ranking;
- :mod:`.army`, :mod:`.sanctions`, :mod:`.roll` the referee console (RSK-ARMY-1, RSK-ROLL-1..3);
- :mod:`.season` the season across tournaments;
- :mod:`.settings` the preset's ``[risiko]`` section read into the types above.

A worked example (RSK-TBL-1, RSK-TBL-2, RSK-PTS-1, RSK-PTS-2). With tables of 4 and 5,
thirteen players sit at 4 + 4 + 5; eleven have no answer in 4a + 5b, so a table of 3 is mixed
in (a table seats 3 to 5); only fewer than 3 players are refused:

>>> from torneo.risiko.rules import TablePolicy, can_seat, table_sizes
>>> table_sizes(13, TablePolicy.FOURS_THEN_FIVES)
(4, 4, 5)
>>> table_sizes(11, TablePolicy.FOURS_THEN_FIVES)
(4, 4, 3)
>>> can_seat(2, TablePolicy.FOURS_THEN_FIVES).text
'2 players cannot be seated: a table seats 3 to 5 [RSK-TBL-1]'

At a table of four the referee enters the table points; the sole player with the most wins,
and "bonus 50" gives them their table points plus 50 (the others keep their table points):

>>> from torneo.core.ids import PlayerId
>>> from torneo.risiko.rules import (
...     ScoringRules, SeatResult, TableResult, game_points, record_table_result)
>>> seats = tuple(SeatResult(PlayerId(p), pts) for p, pts in [(1, 40), (2, 30), (3, 20), (4, 12)])
>>> result = record_table_result(TableResult(1, 1, seats))
>>> result.winners
(1,)
>>> {int(p): str(v) for p, v in game_points(result, ScoringRules("bonus-50")).items()}
{1: '90', 2: '30', 3: '20', 4: '12'}
"""

from torneo.risiko.rules.army import ArmyRuling, FoundBy, board_excess, reinforcement_excess
from torneo.risiko.rules.criteria import Criterion, DrawCriteria, criteria
from torneo.risiko.rules.draw import DrawMethod, Table, TableDraw
from torneo.risiko.rules.formulas import FORMULAS, ScoringRules, game_points
from torneo.risiko.rules.greca import alla_greca
from torneo.risiko.rules.history import History, PastTable
from torneo.risiko.rules.random_draw import draw_tables, swap_players
from torneo.risiko.rules.regulation import Regulation, can_publish, publish
from torneo.risiko.rules.results import (
    ResultRules,
    SeatResult,
    SeatStatus,
    TableResult,
    check_round,
    check_table_result,
    record_round,
    record_table_result,
)
from torneo.risiko.rules.roll import RollRules, RollState, next_roll, start_game
from torneo.risiko.rules.season import SeasonResult, SeasonRules, season_ranking
from torneo.risiko.rules.seeding import (
    alla_svizzera,
    final_table,
    semifinal_bands,
    semifinal_winners,
)
from torneo.risiko.rules.settings import RisikoSettings, rules_from_preset
from torneo.risiko.rules.standings import Standing, final_ranking, standings
from torneo.risiko.rules.table_sizes import TablePolicy, can_seat, table_sizes

__all__ = [
    "FORMULAS",
    "ArmyRuling",
    "Criterion",
    "DrawCriteria",
    "DrawMethod",
    "FoundBy",
    "History",
    "PastTable",
    "Regulation",
    "ResultRules",
    "RisikoSettings",
    "RollRules",
    "RollState",
    "ScoringRules",
    "SeasonResult",
    "SeasonRules",
    "SeatResult",
    "SeatStatus",
    "Standing",
    "Table",
    "TableDraw",
    "TablePolicy",
    "TableResult",
    "alla_greca",
    "alla_svizzera",
    "board_excess",
    "can_publish",
    "can_seat",
    "check_round",
    "check_table_result",
    "criteria",
    "draw_tables",
    "final_ranking",
    "final_table",
    "game_points",
    "next_roll",
    "publish",
    "record_round",
    "record_table_result",
    "reinforcement_excess",
    "rules_from_preset",
    "season_ranking",
    "semifinal_bands",
    "semifinal_winners",
    "standings",
    "start_game",
    "swap_players",
    "table_sizes",
]
