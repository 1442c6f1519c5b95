from torneo.core.ids import PlayerId
from torneo.seasons.rules.glicko2 import Glicko2Match
from torneo.seasons.rules.ladders import (
    FORMAT_LADDERS,
    Format,
    Ladder,
    LadderEvent,
    can_count_for,
    ladder_table,
    ladders_fed_by,
)

A, B, C = PlayerId(1), PlayerId(2), PlayerId(3)


def test_BER_RANK_1_each_format_declares_its_ladder() -> None:
    """BER-RANK-1: professional and amateur ladders; each format declares the ladder it feeds."""
    assert set(FORMAT_LADDERS) == set(Format)
    assert ladders_fed_by(Format.DRAFT_ONE) == {Ladder.AMATEUR}  # BER-FMT-3 (a)
    assert ladders_fed_by(Format.DRAFT_TWO) == {Ladder.AMATEUR}  # BER-FMT-3 (b)
    assert ladders_fed_by(Format.DRAFT_STANDARD) == {Ladder.PROFESSIONAL}  # BER-FMT-3 (c)
    for fmt in (Format.CONSTRUCTED, Format.SEALED_STARTER, Format.SEALED_SIX):
        assert ladders_fed_by(fmt) == {Ladder.PROFESSIONAL}


def test_BER_RANK_1_an_amateur_draft_cannot_count_for_the_professional_ladder() -> None:
    """BER-RANK-1: Draft (a)/(b) do not affect the professional ranking."""
    refusal = can_count_for(Ladder.PROFESSIONAL, Format.DRAFT_ONE)
    assert refusal is not None
    assert refusal.rule == "BER-RANK-1"
    assert refusal.accepted is not None
    assert "draft_c" in refusal.accepted
    assert can_count_for(Ladder.AMATEUR, Format.DRAFT_TWO) is None


def test_BER_RANK_1_ladder_table_takes_only_the_formats_that_feed_it() -> None:
    """BER-RANK-1: each ladder sums the points of its own formats, rating shown beside."""
    events = [
        LadderEvent("pro-1", Format.CONSTRUCTED, {A: 60, B: 30}, [Glicko2Match(A, B, 1.0)]),
        LadderEvent("ama-1", Format.DRAFT_ONE, {B: 90, C: 30}, [Glicko2Match(B, C, 1.0)]),
        LadderEvent("pro-2", Format.DRAFT_STANDARD, {B: 60, C: 60}, [Glicko2Match(B, C, 0.5)]),
    ]
    pro = ladder_table(Ladder.PROFESSIONAL, events)
    assert [(r.player_id, r.points, r.events) for r in pro] == [(B, 90, 2), (A, 60, 1), (C, 60, 1)]
    assert [r.rank for r in pro] == [1, 2, 2]
    assert pro[1].rating.rating > pro[2].rating.rating  # A beat B; C only drew: A ahead
    amateur = ladder_table(Ladder.AMATEUR, events)
    assert [(r.player_id, r.points) for r in amateur] == [(B, 90), (C, 30)]
    assert amateur[0].rating.rating > 1500 > amateur[1].rating.rating
