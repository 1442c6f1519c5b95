"""Each tiebreak of the library against one hand-computed event (definitions: package docstring).

The event (invasion points 3/1/0, bye 3, best of three):
  R1: 1-2 2-1, 3-4 1-1-1, 5 bye
  R2: 1-3 0-2, 5-2 2-0, 4 bye
  R3: 1-5 0-0-3 (intentional draw), 2-4 2-0, 3 bye
Points: 1 → 4, 2 → 3, 3 → 7, 4 → 4, 5 → 7. MW%: 4/9, 1/3, 7/9, 4/9, 7/9.
Games (won-lost-drawn, a bye is 2-0): 1 → 2-3-3, 2 → 3-4-0, 3 → 5-1-1, 4 → 3-3-1, 5 → 4-0-3.
"""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817  (tables of fractions read better)

import pytest

from tests.support.standings import entrants, match, pid
from torneo.core.errors import TorneoError
from torneo.engines.records import MatchRecord
from torneo.engines.standings import TIEBREAKS, Tally, check_chain, compute_standings, tally
from torneo.presets import load_preset
from torneo.presets.models import PointsScheme

MTR = PointsScheme(win=3, draw=1, loss=0, bye=3)
PLAYERS = entrants(1, 2, 3, 4, 5)
EVENT: list[MatchRecord] = [
    match(1, 1, 2, "2-1"),
    match(1, 3, 4, "1-1-1"),
    match(1, 5, None),
    match(2, 1, 3, "0-2"),
    match(2, 5, 2, "2-0"),
    match(2, 4, None),
    match(3, 1, 5, "0-0-3"),
    match(3, 2, 4, "2-0"),
    match(3, 3, None),
]

EXPECTED: dict[str, list[F]] = {
    "match_points": [F(4), F(3), F(7), F(4), F(7)],
    "bye_last": [F(0), F(0), F(1), F(1), F(1)],
    "mw": [F(4, 9), F(1, 3), F(7, 9), F(4, 9), F(7, 9)],
    # INV-BYE-1: an opponent's record counts played matches only (no bye). Played-match MW%:
    # 1: 4/9, 2: 1/3, 3: 4 of 6 = 2/3, 4: 1 of 6 → 1/3 (floor), 5: 4 of 6 = 2/3.
    # 1: (1/3 + 2/3 + 2/3) / 3; 2: (4/9 + 2/3 + 1/3) / 3; 3: (1/3 + 4/9) / 2; ...
    "omw": [F(5, 9), F(13, 27), F(7, 18), F(1, 2), F(7, 18)],
    # (3 × won + drawn) / (3 × games): 1: 9/24; 2: 9/21; 3: 16/21; 4: 10/21; 5: 15/21
    "gw": [F(3, 8), F(3, 7), F(16, 21), F(10, 21), F(5, 7)],
    # played games only (a bye's 2-0 left out): 1: 3/8, 2: 3/7, 3: 3-1-1 = 2/3, 4: 1-3-1 → 1/3,
    # 5: 2-0-3 = 3/5. 1: (3/7 + 2/3 + 3/5) / 3; 2: (3/8 + 3/5 + 1/3) / 3; 3: (1/3 + 3/8) / 2; ...
    "ogw": [F(178, 315), F(157, 360), F(17, 48), F(23, 42), F(45, 112)],
    "buchholz": [F(17), F(15), F(8), F(10), F(7)],
    "buchholz_cut1": [F(14), F(11), F(4), F(7), F(4)],
    "buchholz_median": [F(7), F(4), F(0), F(0), F(0)],
    # 1: beat 2 (3) + half of 5 (7); 3: half of 4 (4) + beat 1 (4); 4: half of 3 (7)
    "sonneborn_berger": [F(13, 2), F(4), F(6), F(7, 2), F(5)],
    "quality_of_wins": [F(3), F(4), F(4), F(0), F(3)],
    "fewer_warnings": [F(0), F(2), F(0), F(1), F(0)],
    "rounds_played": [F(3), F(3), F(3), F(3), F(3)],
}


def values(name: str, t: Tally) -> list[F]:
    fn = TIEBREAKS[name].values
    assert fn is not None
    return fn(t).fractions()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_tiebreak_matches_the_hand_computed_event(name: str) -> None:
    t = tally(PLAYERS, EVENT, MTR, warnings={pid(2): 2, pid(4): 1})
    values = TIEBREAKS[name].values
    assert values is not None
    assert values(t).fractions() == EXPECTED[name]


def test_standings_rows_carry_the_chain_values_by_name() -> None:
    chain = ["match_points", "bye_last", "omw", "gw", "ogw"]
    rows = compute_standings(PLAYERS, EVENT, MTR, chain)
    # {3, 5} on 7: same byes, same OMW 7/18, GW 16/21 > 5/7; {1, 4} on 4: 4 had a bye (INV-BYE-1).
    assert [r.player_id for r in rows] == [3, 5, 1, 4, 2]
    assert [r.dense_rank for r in rows] == [1, 1, 2, 2, 3]
    by_id = {r.player_id: r for r in rows}
    for name in chain:
        assert [by_id[pid(i)].tiebreaks[name] for i in range(1, 6)] == EXPECTED[name]
    assert list(by_id[pid(1)].tiebreaks) == chain
    assert (by_id[pid(3)].wins, by_id[pid(3)].draws, by_id[pid(3)].byes) == (1, 1, 1)
    assert (by_id[pid(3)].matches_played, by_id[pid(2)].losses) == (2, 2)


def test_MTR_floor_an_opponent_with_no_wins_counts_one_third() -> None:
    """MTR: each opponent's MW% and GW% is at least 1/3; so is the player's own."""
    players = entrants(1, 2)
    t = tally(players, [match(1, 1, 2, "2-0"), match(2, 1, 2, "2-0")], MTR)
    assert values("omw", t)[0] == F(1, 3)
    assert values("ogw", t)[0] == F(1, 3)
    assert values("mw", t)[1] == F(1, 3)
    assert values("gw", t)[1] == F(1, 3)
    # the winner is not floored from above: 2 wins out of 2 rounds is 1
    assert values("omw", t)[1] == F(1)


def test_MTR_floor_a_player_with_only_byes_has_omw_one_third() -> None:
    """MTR: byes are not opponents; with no opponent the OMW% is the floor 1/3."""
    t = tally(entrants(1), [match(1, 1, None)], MTR)
    assert values("omw", t) == [F(1, 3)]
    assert values("mw", t) == [F(1)]
    assert values("gw", t) == [F(1)]


def test_INV_BYE_1_an_opponents_bye_is_not_a_won_match_in_omw_nor_ogw() -> None:
    """INV-BYE-1: the bye "non conta come partita giocata"; an opponent's record is read from the
    matches they played. 3 won one and lost one played match and had a bye: as an opponent it is
    1 of 2 (1/2), not 2 of 3 rounds; its games 2-2, not 4-2 with the bye's 2-0."""
    players = entrants(1, 2, 3, 4)
    matches = [
        match(1, 1, 3, "2-0"),
        match(1, 2, None),
        match(2, 3, 2, "2-0"),
        match(2, 4, None),
        match(3, 3, None),
        match(3, 1, 4, "2-0"),
    ]
    t = tally(players, matches, MTR)
    assert values("mw", t)[2] == F(2, 3)  # its own MW% still counts the bye (MTR)
    assert values("omw", t)[0] == (F(1, 2) + F(1, 3)) / 2  # 1 met 3 and 4 (0 of 1 played)
    assert values("omw", t)[1] == F(1, 2)  # 2 met 3 only
    assert values("ogw", t)[1] == F(1, 2)  # 3's played games 2-2


def test_INV_BYE_1_the_bye_decides_no_top_seat_through_omw() -> None:
    """INV-BYE-1, the issue's case in small: A and B tie on points and byes; A's opponents won
    fewer played matches but one of them had a bye. Counting the bye as a won match put A first;
    the played matches put B first."""
    players = entrants(1, 2, 3, 4, 5, 6, 7)
    matches = [
        # round 1: A (1) beats 3, B (2) beats 4, 5 beats 6, 7 bye
        match(1, 1, 3, "2-0"),
        match(1, 2, 4, "2-0"),
        match(1, 5, 6, "2-0"),
        match(1, 7, None),
        # round 2: A beats 7, B beats 5, 6 beats 4, 3 bye
        match(2, 1, 7, "2-0"),
        match(2, 2, 5, "2-0"),
        match(2, 6, 4, "2-0"),
        match(2, 3, None),
    ]
    rows = compute_standings(players, matches, MTR, ["match_points", "bye_last", "omw"])
    # A's opponents 3 and 7: 0 of 3 played each → 1/3, 1/3 (with their byes: 1/2 each).
    # B's opponents 4 and 5: 0 of 6 → 1/3 and 3 of 6 = 1/2.
    by_id = {r.player_id: r for r in rows}
    assert by_id[pid(1)].tiebreaks["omw"] == F(1, 3)
    assert by_id[pid(2)].tiebreaks["omw"] == F(5, 12)
    assert [r.player_id for r in rows][:2] == [pid(2), pid(1)]


def test_MTR_match_win_percentage_counts_the_bye_round() -> None:
    """MTR: MW% = match points / (3 × rounds played), a bye included: 5-2-1 with 16 points."""
    players = entrants(*range(1, 10))
    results = ["2-0", "2-0", "2-0", "2-0", "0-2", "0-2", "1-1"]
    matches = [match(r, 1, r + 1, s) for r, s in enumerate(results, start=1)]
    matches.append(match(8, 1, None))
    t = tally(players, matches, MTR)
    assert values("mw", t)[0] == F(16, 24)


def test_bye_for_tiebreak_changes_match_points_only() -> None:
    """BER-BYE-1: with ``bye_for_tiebreak`` a bye is compared at that value, shown at full."""
    scheme = PointsScheme(win=3, draw=1, loss=0, bye=3, bye_for_tiebreak=2)
    t = tally(PLAYERS, EVENT, scheme)
    assert list(t.points) == [4, 3, 7, 4, 7]
    assert values("match_points", t) == [F(4), F(3), F(6), F(3), F(6)]


def test_random_is_reproducible_from_the_seed() -> None:
    first = values("random", tally(PLAYERS, EVENT, MTR, seed=7))
    again = values("random", tally(PLAYERS, EVENT, MTR, seed=7))
    assert first == again
    assert sorted(first) == [F(i) for i in range(1, 6)]
    reordered = list(reversed(PLAYERS))
    shuffled = values("random", tally(reordered, EVENT, MTR, seed=7))
    assert shuffled == list(reversed(first))  # the draw follows the ids, not the input order
    seeds = {tuple(values("random", tally(PLAYERS, EVENT, MTR, seed=s))) for s in range(10)}
    assert len(seeds) > 1


@pytest.mark.parametrize(
    ("group", "expected"),
    [
        ([1, 2], [3, 0]),  # they met: 1 beat 2
        ([3, 4], [1, 1]),  # they met and drew
        ([2, 3], [0, 0]),  # never met: it separates nobody
        ([1, 2, 5], [4, 0, 4]),  # all three met: 1 beat 2 and drew 5, 5 beat 2
        ([1, 3, 5], [0, 0, 0]),  # 3 and 5 never met
    ],
)
def test_head_to_head_applies_only_when_every_pair_met(
    group: list[int], expected: list[int]
) -> None:
    """BER-TIE-1 step 2 as defined in the package docstring."""
    t = tally(PLAYERS, EVENT, MTR)
    within = TIEBREAKS["head_to_head"].within
    assert within is not None
    assert within(t, [t.index[pid(i)] for i in group]).numerators == expected


@pytest.mark.parametrize("chain", [["omw", "sos"], ["omw", "omw"]])
def test_an_unknown_or_repeated_tiebreak_is_refused(chain: list[str]) -> None:
    refusal = check_chain(chain)
    assert refusal is not None
    assert refusal.field == "tiebreaks"
    assert refusal.accepted_message is not None
    assert "omw" in refusal.accepted_message.english()
    with pytest.raises(TorneoError) as err:
        compute_standings(PLAYERS, EVENT, MTR, chain)
    assert err.value.field == "tiebreaks"


def test_every_registered_tiebreak_is_documented() -> None:
    for name, tb in TIEBREAKS.items():
        assert tb.name == name
        assert tb.summary.strip()
        assert (tb.values is None) != (tb.within is None)


@pytest.mark.parametrize("preset", ["invasion-it-2012", "berserk-online"])
def test_both_presets_use_the_library(preset: str) -> None:
    chain = load_preset(preset).tiebreaks
    assert chain
    assert check_chain(chain) is None
