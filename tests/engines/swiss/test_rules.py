"""The Swiss rules of docs/rules.md §1 and §2: pairing by points, random among equals, the bye."""

from __future__ import annotations

import random

import pytest

from tests.support.swiss import check_round
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissEntrant, SwissOptions, pair_round

BERSERK = SwissOptions(bye_policy="fewest_points")
INVASION = SwissOptions(bye_policy="lowest_ranked")

MARCO, CARLO, LUCA, IVAN, ALDO, SERGIO, GIOVANNI, PIETRO = (PlayerId(i) for i in range(1, 9))


def _ex1_field() -> list[SwissEntrant]:
    # After round 2 with win 30 / draw 20 / loss 0 (BER-PTS-1): Ivan has already met Aldo.
    scores = [60, 50, 30, 30, 30, 30, 0, 0]
    met = {IVAN: frozenset({ALDO}), ALDO: frozenset({IVAN})}
    players = [MARCO, CARLO, LUCA, IVAN, ALDO, SERGIO, GIOVANNI, PIETRO]
    return [
        SwissEntrant(p, s, rank, met.get(p, frozenset()))
        for rank, (p, s) in enumerate(zip(players, scores, strict=True))
    ]


def _pairs(pairing_pairs: object) -> set[frozenset[PlayerId]]:
    return {frozenset((p.a, p.b)) for p in pairing_pairs}  # type: ignore[attr-defined]


def test_BER_PAIR_EX1_marco_carlo_then_the_thirty_group_without_ivan_aldo() -> None:
    """BER-PAIR-EX1: Marco–Carlo; Luca–(Ivan or Aldo, random); Sergio–the other; Giovanni–Pietro."""
    field = _ex1_field()
    seen_luca_partners = set()
    for seed in range(40):
        pairing = pair_round(field, 3, random.Random(seed), BERSERK)
        check_round(field, pairing)
        pairs = _pairs(pairing.pairs)
        assert frozenset({MARCO, CARLO}) in pairs
        assert frozenset({GIOVANNI, PIETRO}) in pairs
        assert frozenset({IVAN, ALDO}) not in pairs
        luca = next(p for p in pairing.pairs if p.involves(LUCA))
        partner = luca.b if luca.a == LUCA else luca.a
        assert partner in (IVAN, ALDO)
        other = ALDO if partner == IVAN else IVAN
        assert frozenset({SERGIO, other}) in pairs
        seen_luca_partners.add(partner)
        assert pairing.stats.rematches == 0
        assert pairing.stats.proven_optimal
        # Table 1 holds the highest scores.
        assert {pairing.pairs[0].a, pairing.pairs[0].b} == {MARCO, CARLO}
        assert "floated down from 60" in pairing.pairs[0].explanation
    assert seen_luca_partners == {IVAN, ALDO}, "the choice between Ivan and Aldo is random"


def test_BER_PAIR_EX1_is_reproducible_from_the_seed() -> None:
    """BER-PAIR-EX1: the same seed gives the same pairing."""
    field = _ex1_field()
    first = pair_round(field, 3, random.Random(7), BERSERK)
    again = pair_round(field, 3, random.Random(7), BERSERK)
    assert first == again


def test_BER_PAIR_1_round_one_is_random_and_reproducible() -> None:
    """BER-PAIR-1: round 1 pairs at random; the seed makes it reproducible."""
    field = [SwissEntrant(PlayerId(i), 0, i) for i in range(1, 17)]
    outcomes = set()
    for seed in range(30):
        pairing = pair_round(field, 1, random.Random(seed), BERSERK)
        check_round(field, pairing)
        outcomes.add(frozenset(_pairs(pairing.pairs)))
        assert pairing == pair_round(field, 1, random.Random(seed), BERSERK)
        assert all(p.explanation == "same score group (0)" for p in pairing.pairs)
    assert len(outcomes) > 25, "different seeds give different first rounds"


def test_BER_PAIR_1_large_first_round_is_random_too() -> None:
    """BER-PAIR-1: a first round of 500 (decomposed solver) is still a random pairing."""
    field = [SwissEntrant(PlayerId(i), 0, i) for i in range(1, 501)]
    a = pair_round(field, 1, random.Random(1), BERSERK)
    b = pair_round(field, 1, random.Random(2), BERSERK)
    check_round(field, a)
    assert a.stats.method.startswith("decomposed")
    shared = _pairs(a.pairs) & _pairs(b.pairs)
    assert len(shared) < 10
    # Not a rank-ordered pairing (1-2, 3-4, ...): partners are spread over the field.
    assert sum(1 for p in a.pairs if abs(p.a - p.b) == 1) < 20
    assert all("drawn at random among equals" in p.explanation for p in a.pairs)


def test_BER_PAIR_1_equal_or_nearest_points_never_a_rematch() -> None:
    """BER-PAIR-1: later rounds pair equal or nearest points among players who have not met."""
    p = [PlayerId(i) for i in range(1, 7)]
    met = {p[0]: {p[1]}, p[1]: {p[0]}}
    field = [
        SwissEntrant(x, s, r, frozenset(met.get(x, set())))
        for r, (x, s) in enumerate(zip(p, [6, 6, 3, 3, 0, 0], strict=True))
    ]
    pairing = pair_round(field, 3, random.Random(0), BERSERK)
    pairs = _pairs(pairing.pairs)
    assert frozenset({p[0], p[1]}) not in pairs
    # The two 6s cannot meet: each floats one group down; the 0s stay together.
    assert frozenset({p[4], p[5]}) in pairs
    assert pairing.stats.score_diff_sum == 6
    assert pairing.stats.rematches == 0


def test_INV_BYE_1_bye_to_the_lowest_ranked_player() -> None:
    """INV-BYE-1: odd field, the unpaired player is the lowest-ranked one."""
    field = [SwissEntrant(PlayerId(i), s, i) for i, s in enumerate([6, 6, 3, 3, 3, 0, 0], start=1)]
    for seed in range(10):
        pairing = pair_round(field, 3, random.Random(seed), INVASION)
        check_round(field, pairing)
        assert pairing.bye == PlayerId(7)
        assert "INV-BYE-1" in pairing.bye_explanation


def test_INV_BYE_1_never_a_second_bye_while_someone_is_eligible() -> None:
    """INV-BYE-1: a player who had a bye is skipped; the next lowest-ranked takes it."""
    field = [
        SwissEntrant(PlayerId(i), s, i, byes=1 if i == 7 else 0)
        for i, s in enumerate([6, 6, 3, 3, 3, 0, 0], start=1)
    ]
    pairing = pair_round(field, 3, random.Random(1), INVASION)
    assert pairing.bye == PlayerId(6)


def test_INV_BYE_1_bye_moves_up_rather_than_force_a_rematch() -> None:
    """INV-BYE-1: if the lowest-ranked player's bye would force a rematch, the next one takes it."""
    # 5 players; the 0-point group is 6 and 7; if 7 took the bye, 6 would have to meet 5 again
    # or float further; the engine gives the bye to 6 only if that costs less.
    ids = [PlayerId(i) for i in range(1, 6)]
    met = {ids[3]: {ids[4]}, ids[4]: {ids[3]}}
    field = [
        SwissEntrant(x, s, r, frozenset(met.get(x, set())))
        for r, (x, s) in enumerate(zip(ids, [3, 3, 0, 0, 0], strict=True))
    ]
    pairing = pair_round(field, 2, random.Random(0), INVASION)
    # Lowest ranked is #5; with #5 out, #3 and #4 pair: no rematch and no float. Fine.
    assert pairing.bye == ids[4]
    # Now #3 and #4 have met: giving #5 the bye forces #3-#4 again, so the bye moves to #4
    # (then #3-#5 is new).
    met2 = {ids[2]: {ids[3]}, ids[3]: {ids[2]}}
    field2 = [
        SwissEntrant(x, s, r, frozenset(met2.get(x, set())))
        for r, (x, s) in enumerate(zip(ids, [3, 3, 0, 0, 0], strict=True))
    ]
    pairing2 = pair_round(field2, 2, random.Random(0), INVASION)
    assert pairing2.bye == ids[3]
    assert pairing2.stats.rematches == 0
    assert "stayed in the pairing" not in pairing.bye_explanation
    assert "stayed in the pairing" in pairing2.bye_explanation


def test_BER_BYE_1_fewest_points_random_among_equals_in_round_one() -> None:
    """BER-BYE-1: round 1 bye at random; later, to the fewest points; once per player."""
    field = [SwissEntrant(PlayerId(i), 0, i) for i in range(1, 10)]
    byes = {pair_round(field, 1, random.Random(seed), BERSERK).bye for seed in range(60)}
    assert len(byes) >= 6, "round 1: random player gets the bye"
    later = [
        SwissEntrant(PlayerId(i), s, i, byes=1 if i == 9 else 0)
        for i, s in enumerate([60, 60, 30, 30, 30, 30, 0, 0, 0], start=1)
    ]
    got = {pair_round(later, 3, random.Random(seed), BERSERK).bye for seed in range(40)}
    assert got == {PlayerId(7), PlayerId(8)}, "fewest points, never a second bye, random"


def test_BER_BYE_1_fewest_points_even_when_ranked_higher() -> None:
    """BER-BYE-1: Berserk looks at points: among equal points the rank does not decide."""
    field = [SwissEntrant(PlayerId(i), 0, i) for i in range(1, 6)]
    got = {pair_round(field, 1, random.Random(seed), BERSERK).bye for seed in range(50)}
    inv = {pair_round(field, 1, random.Random(seed), INVASION).bye for seed in range(50)}
    assert len(got) == 5
    assert inv == {PlayerId(5)}


def test_INV_BYE_1_everyone_had_a_bye_then_fewest_byes() -> None:
    """INV-BYE-1: when every player had the bye, one with the fewest byes gets it again."""
    field = [SwissEntrant(PlayerId(i), 0, i, byes=2 if i == 3 else 1) for i in range(1, 4)]
    pairing = pair_round(field, 4, random.Random(0), INVASION)
    assert pairing.bye == PlayerId(2)
    assert "most allowed" in pairing.bye_explanation


def test_no_rematch_free_pairing_pairs_with_fewest_rematches() -> None:
    """BER-PAIR-1: when every pairing repeats a match, the fewest repeats, said plainly."""
    ids = [PlayerId(i) for i in range(1, 5)]
    everyone = frozenset(ids)
    field = [SwissEntrant(x, 3, r, everyone - {x}) for r, x in enumerate(ids)]
    pairing = pair_round(field, 4, random.Random(0), BERSERK)
    check_round(field, pairing)
    assert pairing.stats.rematches == 2
    assert all(
        "no pairing of this field avoids every rematch" in p.explanation for p in pairing.pairs
    )
    # Six players, one of them met everybody: exactly one rematch, the rest new.
    six = [PlayerId(i) for i in range(1, 7)]
    hub = six[0]
    met = {hub: frozenset(six[1:])} | {x: frozenset({hub}) for x in six[1:]}
    field6 = [SwissEntrant(x, 0, r, met[x]) for r, x in enumerate(six)]
    pairing6 = pair_round(field6, 6, random.Random(0), BERSERK)
    assert pairing6.stats.rematches == 1


def test_same_club_is_avoided_when_asked() -> None:
    """Secondary wish: avoid same-club pairs when the preset asks (early rounds)."""
    field = [
        SwissEntrant(PlayerId(i), 0, i, club="Roma" if i <= 4 else "Milano") for i in range(1, 9)
    ]
    options = SwissOptions(bye_policy="fewest_points", avoid_same_club=True)
    for seed in range(10):
        pairing = pair_round(field, 1, random.Random(seed), options)
        assert pairing.stats.same_club_pairs == 0
        assert pairing.stats.proven_optimal


def test_duplicate_player_is_refused() -> None:
    """Bad input: the same player twice is a TorneoError naming the field."""
    field = [SwissEntrant(PlayerId(1), 0, 0), SwissEntrant(PlayerId(1), 0, 1)]
    with pytest.raises(TorneoError) as err:
        pair_round(field, 1, random.Random(0))
    assert err.value.field == "entrants"


def test_empty_and_single_player_fields() -> None:
    """Edge cases: nobody to pair; one player alone gets the bye."""
    empty = pair_round([], 1, random.Random(0))
    assert empty.pairs == ()
    assert empty.bye is None
    alone = pair_round([SwissEntrant(PlayerId(4), 0, 0)], 1, random.Random(0))
    assert alone.pairs == ()
    assert alone.bye == PlayerId(4)


def test_same_club_in_large_groups_is_best_effort_and_says_so() -> None:
    """Secondary wish at scale: clubs avoided by the random fill, not claimed optimal."""
    field = [
        SwissEntrant(PlayerId(i), 0, i, club=("Roma", "Milano", "Napoli")[i % 3])
        for i in range(1, 301)
    ]
    options = SwissOptions(avoid_same_club=True)
    pairing = pair_round(field, 1, random.Random(4), options)
    check_round(field, pairing)
    assert not pairing.stats.proven_optimal
    assert pairing.stats.same_club_pairs <= 5
    plain = pair_round(field, 1, random.Random(4), SwissOptions())
    assert plain.stats.proven_optimal
    assert plain.stats.same_club_pairs == 0  # clubs off: not counted


def test_one_sided_opponent_history_is_refused() -> None:
    """Bad input (issue 14): #1 lists #2 as a previous opponent but #2 does not list #1. The
    engine cannot know whether they met, so it refuses naming both, instead of risking a
    rematch reported as optimal."""
    field = [
        SwissEntrant(PlayerId(1), 3, 0, frozenset({PlayerId(2)})),
        SwissEntrant(PlayerId(2), 3, 1),
        SwissEntrant(PlayerId(3), 0, 2),
        SwissEntrant(PlayerId(4), 0, 3),
    ]
    with pytest.raises(TorneoError) as err:
        pair_round(field, 2, random.Random(0))
    assert err.value.field == "entrants"
    assert err.value.reason == "player 1 lists 2 as a previous opponent, but 2 does not list 1"
    assert err.value.accepted == "both players of a game list each other"
    # An opponent who is not in this round's field (dropped) is not checked.
    field[1] = SwissEntrant(PlayerId(5), 3, 1)
    assert pair_round(field, 2, random.Random(0)).stats.rematches == 0


def test_BER_BYE_1_the_auto_win_goes_to_the_fewest_points_even_at_a_pair_down() -> None:
    """BER-BYE-1 "al giocatore con meno punti" (issue 29 item 4), a pod of 5 in round 3:
    R1 2 bye, 1 beat 4, 3 drew 5; R2 4 bye, 3 beat 1, 2 beat 5. Points 30, 60, 50, 30, 20.
    The auto-win goes to 5 (20, no bye yet), although giving it to 1 (30) pairs closer scores."""
    met = {1: {4, 3}, 2: {5}, 3: {5, 1}, 4: {1}, 5: {3, 2}}
    points = {1: 30, 2: 60, 3: 50, 4: 30, 5: 20}
    field = [
        SwissEntrant(
            PlayerId(i),
            points[i],
            i,
            frozenset(PlayerId(j) for j in met[i]),
            byes=1 if i in (2, 4) else 0,
        )
        for i in range(1, 6)
    ]
    for seed in range(10):
        pairing = pair_round(field, 3, random.Random(seed), BERSERK)
        check_round(field, pairing)
        assert pairing.bye == PlayerId(5)
        assert pairing.stats.rematches == 0  # 1-2 and 3-4 have not met
