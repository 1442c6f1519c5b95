"""Draws by ranking (RSK-TBL-2): "alla svizzera", semifinals by bands, the final table.

- Alla svizzera: the best four of the standing sit at table 1, the next four at table 2, …; the
  off-size tables of the policy (5s or 3s) are the last ones.
- Semifinals by bands: the best ``tables × 4`` of the ranking qualify; band 1 is the first
  quarter of them, band 2 the second, …; each table gets one player of each band, drawn within
  the band with the seeded ``rng``, then improved by swaps *inside a band* (repeated opponents
  first, as the organizer's priorities say).
- The final table: four players (by default the semifinal winners), turn order drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.risiko.rules.criteria import DEFAULT_PRIORITIES, Criterion, check_priorities
from torneo.risiko.rules.draw import DrawMethod, TableDraw
from torneo.risiko.rules.history import History
from torneo.risiko.rules.random_draw import check_field, seat_tables
from torneo.risiko.rules.results import TableResult
from torneo.risiko.rules.search import improve_seating
from torneo.risiko.rules.table_sizes import STANDARD_TABLE, TablePolicy, table_sizes


def alla_svizzera(
    ranking: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
    policy: TablePolicy = TablePolicy.FOURS_THEN_FIVES,
) -> TableDraw:
    """RSK-TBL-2: tables by standing, best first; ``ranking`` is best first."""
    check_field(ranking)
    seatings: list[list[PlayerId]] = []
    at = 0
    for size in table_sizes(len(ranking), policy):
        seatings.append(list(ranking[at : at + size]))
        at += size
    return seat_tables(seatings, history, rng, round_no, DrawMethod.SVIZZERA)


def semifinal_bands(
    ranking: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
    tables: int,
    priorities: Sequence[Criterion | str] = DEFAULT_PRIORITIES,
) -> TableDraw:
    """RSK-TBL-2: ``tables`` semifinal tables of 4, one player of each quarter per table."""
    check_field(ranking)
    order = check_priorities(priorities)
    needed = tables * STANDARD_TABLE
    if tables < 1 or len(ranking) < needed:
        raise Refusal(
            "tables",
            N_("%(tables)s semifinal tables need the best %(needed)s of the ranking; it has %(n)s"),
            N_("1 to %(most)s tables"),
            "RSK-TBL-2",
            params={
                "tables": tables,
                "needed": needed,
                "n": len(ranking),
                "most": len(ranking) // STANDARD_TABLE,
            },
        ).raise_as()
    qualified = list(ranking[:needed])
    bands = [qualified[b * tables : (b + 1) * tables] for b in range(STANDARD_TABLE)]
    drawn = []
    for band in bands:
        members = list(band)
        rng.shuffle(members)
        drawn.append(members)
    seatings = [[drawn[b][t] for b in range(STANDARD_TABLE)] for t in range(tables)]
    if order and tables > 1:
        seatings = improve_seating(seatings, history, order, rng, bands=bands)
    return seat_tables(seatings, history, rng, round_no, DrawMethod.BANDS)


def semifinal_winners(semifinals: Sequence[TableResult]) -> tuple[PlayerId, ...]:
    """The winner of each semifinal table, by table number; a tie must be broken first."""
    winners = []
    for result in sorted(semifinals, key=lambda r: r.table):
        if len(result.winners) != 1:
            raise Refusal(
                "winners",
                N_("semifinal table %(table)s has %(n)s winners")
                if result.winners
                else N_("semifinal table %(table)s has no winners"),
                N_("one winner a semifinal table (break the tie at the table)"),
                "RSK-TBL-2",
                params={"table": result.table, "n": len(result.winners)},
            ).raise_as()
        winners.append(result.winners[0])
    return tuple(winners)


def final_table(
    players: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
    size: int = STANDARD_TABLE,
) -> TableDraw:
    """RSK-TBL-2: the final table (of 4 by default), turn order drawn."""
    check_field(players)
    if len(players) != size:
        raise Refusal(
            "players",
            N_("%(n)s players for a final table of %(size)s"),
            N_("exactly %(size)s players"),
            "RSK-TBL-2",
            params={"n": len(players), "size": size},
        ).raise_as()
    return seat_tables([list(players)], history, rng, round_no, DrawMethod.FINAL)
