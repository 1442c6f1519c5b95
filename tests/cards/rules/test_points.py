from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from torneo.cards.rules.points import (
    Placement,
    participation_points,
    size_points,
    tournament_points,
)
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.presets import load_preset
from torneo.presets.models import SeasonPointsRules


def _rules() -> SeasonPointsRules:
    season = load_preset("invasion-it-2012").season
    assert season is not None
    return season


def _field(n: int) -> list[Placement]:
    """n players, nobody with Swiss or Top points: what remains is the placement bonus."""
    return [Placement(PlayerId(i), i, 0, 0, dropped=False) for i in range(1, n + 1)]


def _one(place: int, n: int, *, major: bool, swiss: int = 0, top: int = 0, **kw: bool) -> int:
    placements = [p for p in _field(n) if p.place != place]
    me = Placement(PlayerId(999), place, swiss, top, dropped=kw.pop("dropped", False), **kw)
    result = tournament_points([me, *placements], field_size=n, is_major=major, rules=_rules())
    return result[0].total


def test_INV_PTS_EX1_25_players_podium_12_10_9_everyone_else_4() -> None:
    """INV-PTS-EX1: 25 players → 1st +12, 2nd +10, 3rd +9, everyone else +4."""
    result = tournament_points(_field(25), field_size=25, is_major=False, rules=_rules())
    assert [b.total for b in result] == [12, 10, 9] + [4] * 22


def test_INV_PTS_EX2_26_players_13_swiss_wins_top_8_is_34() -> None:
    """INV-PTS-EX2: 26 players; 13 Swiss points, wins the Top 8 (9) → 22 + 4 + 8 = 34."""
    winner = Placement(PlayerId(1), 1, 13, 3, dropped=False)
    [b] = tournament_points([winner], field_size=26, is_major=False, rules=_rules(), top_size=8)
    assert b.total == 34
    assert b.text == "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
    assert b.parts == (("Swiss", 13), ("Top 8", 9), ("first place", 4), ("size", 8))
    assert b.final_bonus == 0


def test_INV_MAJOR_EX1_major_26_players_13_swiss_wins_top_8_is_42() -> None:
    """INV-MAJOR-EX1: Major, 26 players; 13 Swiss and wins the Top 8 → 22 + 10 + 10 = 42."""
    winner = Placement(PlayerId(1), 1, 13, 3, dropped=False)
    [b] = tournament_points([winner], field_size=26, is_major=True, rules=_rules(), top_size=8)
    assert b.total == 42
    assert b.text == "13 Swiss + 9 Top 8 + 10 first place + 8 size + 2 Major size = 42"


def test_INV_PTS_1_three_per_top_win_third_place_match_excluded() -> None:
    """INV-PTS-1: base = Swiss points + 3 per Top X win; the 3rd/4th match is not counted."""
    third = Placement(PlayerId(1), 3, 10, 1, dropped=False, third_place_win=True)
    [b] = tournament_points([third], field_size=20, is_major=False, rules=_rules())
    assert b.total == 10 + 3 + (5 + 1)  # Swiss + one quarter-final win + X(20) + 1
    alternative = _rules().model_copy(update={"count_third_place_match": True})
    [alt] = tournament_points([third], field_size=20, is_major=False, rules=alternative)
    assert alt.total == b.total + 3
    assert ("3rd/4th match", 3) in alt.parts


@pytest.mark.parametrize(
    ("players", "x"),
    [
        (1, 0), (8, 0), (9, 1), (12, 1), (13, 3), (16, 3), (17, 5), (22, 5), (23, 8),
        (30, 8), (31, 9), (40, 9), (41, 10), (50, 10), (51, 11), (100, 15),
    ],
)  # fmt: skip
def test_INV_PTS_2_size_points_table_then_one_per_started_ten(players: int, x: int) -> None:
    """INV-PTS-2: ≤8: 0; 9–12: 1; 13–16: 3; 17–22: 5; 23–30: 8; 31–40: 9; 41–50: 10 …"""
    assert size_points(players, _rules()) == x


def test_INV_PTS_3_podium_gets_x_plus_4_2_1() -> None:
    """INV-PTS-3: 1st, 2nd, 3rd get X plus 4, 2, 1 (12 players: X = 1)."""
    result = tournament_points(_field(12), field_size=12, is_major=False, rules=_rules())
    assert [b.total for b in result[:3]] == [5, 3, 2]
    assert result[1].parts == (("Swiss", 0), ("second place", 2), ("size", 1))


@pytest.mark.parametrize(("players", "rest"), [(6, 1), (8, 1), (9, 2), (16, 2), (17, 3), (64, 8)])
def test_INV_PTS_4_everyone_else_ceil_n_over_8(players: int, rest: int) -> None:
    """INV-PTS-4: everyone else gets 1 point for each started group of 8 players."""
    assert participation_points(players, _rules()) == rest
    assert _one(4, players, major=False, swiss=6) == 6 + rest


def test_INV_MAJOR_3_major_podium_10_8_7_and_x_plus_2() -> None:
    """INV-MAJOR-3: at a Major 1st, 2nd, 3rd get 10, 8, 7 and X + 2 (26 players: X = 8)."""
    result = tournament_points(_field(26), field_size=26, is_major=True, rules=_rules())
    assert [b.total for b in result[:3]] == [10 + 10, 8 + 10, 7 + 10]


def test_INV_MAJOR_4_fourth_to_eighth_get_one_more() -> None:
    """INV-MAJOR-4: from 4th place ceil(n/8) as usual; 4th–8th get 1 more."""
    result = tournament_points(_field(26), field_size=26, is_major=True, rules=_rules())
    assert [b.total for b in result[3:10]] == [5, 5, 5, 5, 5, 4, 4]
    assert ("Major top 8", 1) in result[7].parts
    minor = tournament_points(_field(26), field_size=26, is_major=False, rules=_rules())
    assert [b.total for b in minor[3:8]] == [4] * 5


def test_INV_MAJOR_5_final_bonus_is_a_separate_fraction_tally() -> None:
    """INV-MAJOR-5: national-final bonus 1st +1.5, 2nd +1, 3rd +0.5, not season points."""
    major = tournament_points(_field(16), field_size=16, is_major=True, rules=_rules())
    assert [b.final_bonus for b in major[:4]] == [Fraction(3, 2), 1, Fraction(1, 2), 0]
    assert all(isinstance(b.final_bonus, Fraction) for b in major)
    assert major[0].total == 10 + 3 + 2  # the 1.5 is not in the season points
    minor = tournament_points(_field(16), field_size=16, is_major=False, rules=_rules())
    assert all(b.final_bonus == 0 for b in minor)


def test_INV_MAJOR_6_dropped_at_a_major_gets_no_points_at_all() -> None:
    """INV-MAJOR-6: a player who dropped at a Major gets no points, Swiss ones included."""
    dropped = Placement(PlayerId(1), 9, 9, 0, dropped=True)
    [b] = tournament_points([dropped], field_size=26, is_major=True, rules=_rules())
    assert b.total == 0
    assert b.parts == ()
    assert "INV-MAJOR-6" in b.text


def test_INV_MAJOR_6_missed_rounds_lose_the_major_benefits_only() -> None:
    """INV-MAJOR-6: benefits only for who played every round the placement allows."""
    assert _one(1, 26, major=True, swiss=13, top=3) == 42
    skipped = _one(3, 26, major=True, swiss=12, top=1, played_every_round=False)
    assert skipped == 12 + 3 + 1 + 8  # scored as a minor tournament: X + 1, not 7 + X + 2
    fifth = _one(5, 26, major=True, swiss=12, top=0, played_every_round=False)
    assert fifth == 12 + 4  # no 4th–8th point


def test_INV_DROP_1_dropped_at_a_minor_tournament_keeps_its_points() -> None:
    """INV-DROP-1: only at a Major does a drop cost the points (decision for minors)."""
    assert _one(20, 26, major=False, swiss=6, dropped=True) == 6 + 4


@pytest.mark.parametrize(
    ("placements", "field"),
    [
        ([Placement(PlayerId(1), 1, 0, 0, False), Placement(PlayerId(2), 1, 0, 0, False)], "place"),
        ([Placement(PlayerId(1), 7, 0, 0, False)], "place"),
        (
            [Placement(PlayerId(1), 1, 0, 0, False), Placement(PlayerId(1), 2, 0, 0, False)],
            "player",
        ),
        ([Placement(PlayerId(1), 1, -3, 0, False)], "swiss_points"),
    ],
)
def test_bad_placements_are_refused(placements: list[Placement], field: str) -> None:
    with pytest.raises(TorneoError) as err:
        tournament_points(placements, field_size=6, is_major=False, rules=_rules())
    assert err.value.field == field


def test_more_placements_than_players_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        tournament_points(_field(7), field_size=6, is_major=False, rules=_rules())
    assert err.value.field == "placements"


@given(st.integers(1, 120), st.booleans(), st.data())
def test_placement_points_never_grow_with_a_worse_place(
    field_size: int, is_major: bool, data: st.DataObject
) -> None:
    """INV-PTS-2..4 / INV-MAJOR-3/4: with equal Swiss and Top points, a better place never
    takes fewer season points, and nobody takes fewer than their Swiss points."""
    swiss = data.draw(st.integers(0, 18))
    result = tournament_points(
        [Placement(PlayerId(i), i, swiss, 0, False) for i in range(1, field_size + 1)],
        field_size=field_size,
        is_major=is_major,
        rules=_rules(),
    )
    totals = [b.total for b in result]
    assert totals == sorted(totals, reverse=True)
    assert all(t >= swiss for t in totals)
    assert all(b.total == sum(v for _, v in b.parts) for b in result)
