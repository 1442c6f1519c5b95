"""INV-RANK-3: a tie on the whole INV-RANK-1 chain across the cut, settled by the organizer."""

from __future__ import annotations

import pytest

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.seasons.rules.cut import CutHow, decide, decision_of, draw_lot
from torneo.seasons.rules.outcome import SeasonResult, TournamentOutcome
from torneo.seasons.rules.ranking import SeasonTable

P = PlayerId


def _t(key: str, *results: tuple[int, int, int]) -> TournamentOutcome:
    return TournamentOutcome(
        key, None, False, tuple(SeasonResult(P(p), place, pts) for p, place, pts in results)
    )


def _tied_table(decision=None) -> SeasonTable:  # type: ignore[no-untyped-def]
    """Players 2, 3 and 4 tied on everything across a cut of 3: two of them go through."""
    table = SeasonTable(cut=3, cut_decision=decision)
    table.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40), (4, 6, 40), (5, 7, 10)))
    return table


def test_inv_rank_3_organizer_decision_orders_the_tie_and_clears_it() -> None:
    table = _tied_table()
    assert table.cut_tie() == (P(2), P(3), P(4))
    assert table.cut_seats() == 2
    decision = decide(3, table.cut_tie(), table.cut_seats(), [4, 3], note="coin at the desk")
    assert decision.order == (P(4), P(3), P(2))
    rows = _tied_table(decision).rows()
    assert [int(r.player_id) for r in rows] == [1, 4, 3, 2, 5]
    assert [r.qualified for r in rows] == [True, True, True, False, False]
    assert [r.tied_at_cut for r in rows] == [False] * 5
    assert [r.cut_decided for r in rows] == [False, True, True, True, False]
    assert rows[1].as_dict()["cut_decided"] is True


def test_inv_rank_3_a_decision_names_exactly_the_seats_among_the_tied() -> None:
    table = _tied_table()
    tie, seats = table.cut_tie(), table.cut_seats()
    with pytest.raises(TorneoError, match="3 players named for 2 places"):
        decide(3, tie, seats, [2, 3, 4])
    with pytest.raises(TorneoError, match="player 5 is not tied"):
        decide(3, tie, seats, [2, 5])
    with pytest.raises(TorneoError, match="named twice"):
        decide(3, tie, seats, [2, 2])
    with pytest.raises(Conflict, match="nobody is tied"):
        decide(3, (P(1),), 1, [1])


def test_inv_rank_3_a_lot_is_drawn_from_its_recorded_seed() -> None:
    table = _tied_table()
    lot = draw_lot(3, table.cut_tie(), 2, "7:cut")
    again = draw_lot(3, (P(4), P(2), P(3)), 2, "7:cut")
    assert lot.how is CutHow.LOT
    assert lot.seed == "7:cut"
    assert lot.order == again.order  # the same seed, the same draw, however the tie is listed
    assert sorted(lot.order) == [P(2), P(3), P(4)]
    assert decision_of(lot.as_record()) == lot
    rows = _tied_table(lot).rows()
    assert [int(r.player_id) for r in rows][1:4] == [int(p) for p in lot.order]


def test_inv_rank_3_a_decision_for_another_tie_does_not_apply() -> None:
    """Results that change the tie bring it back to the organizer: fewer seats left for the
    same players, another player in it, or another cut."""
    decision = decide(3, (P(2), P(3), P(4)), 2, [4, 3])
    table = SeasonTable(cut=3, cut_decision=decision)
    table.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40), (4, 6, 40), (5, 7, 10)))
    assert table.cut_decided() is True
    table.put(_t("B", (5, 9, 30)))  # player 5 reaches 40 with one more played: ahead of them
    assert table.cut_tie() == (P(2), P(3), P(4))
    assert table.cut_seats() == 1
    assert table.cut_decision_stale() is True  # two seats were decided, one is left
    rows = table.rows()
    assert [r.tied_at_cut for r in rows] == [False, False, True, True, True]
    assert not any(r.cut_decided for r in rows)
    moved = SeasonTable(cut=2, cut_decision=decision)
    moved.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40), (4, 6, 40), (5, 7, 10)))
    assert moved.cut_decided() is False  # the cut moved: the decision was for a cut of 3
    assert [r.tied_at_cut for r in moved.rows()] == [False, True, True, True, False]
