"""Playing the Top X: INV-STRUCT-4, BER-TOP-3, placements, Top wins and the records round trip."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.knockout import (
    THIRD_PLACE_TABLE,
    Bracket,
    bracket_from_records,
    can_advance,
    can_report_result,
    final_placements,
    match_record,
    next_round,
    report_result,
    round_records,
    seed_bracket,
    top_wins,
)
from torneo.engines.records import MatchRecord, Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.presets.models import TopRules

SEEDS = [PlayerId(100 + s) for s in range(1, 33)]
SWISS_ORDER = [*SEEDS[:12]]  # 12 players; the Top 8 are the first 8
A_WINS = GameScore(2, 1)
B_WINS = GameScore(0, 2)


def play_round(bracket: Bracket, winners_b: Collection[int] = ()) -> Bracket:
    """Decide every open match of the current round; slots in ``winners_b`` go to player_b."""
    for m in bracket.current_round:
        if not m.is_decided:
            bracket = report_result(bracket, m.slot, B_WINS if m.slot in winners_b else A_WINS)
    return bracket


def top8_to_the_final() -> Bracket:
    """Quarterfinals: 8 beats 1 (slot 4), 5 beats 4 (slot 5), 2 and 3 win.
    Semifinals: 5 beats 8 (slot 2), 3 beats 2 (slot 3)."""
    bracket = play_round(seed_bracket(SEEDS, 8), {4, 5})
    bracket = next_round(bracket)
    bracket = play_round(bracket, {3})
    return next_round(bracket)


def test_INV_STRUCT_4_losing_semifinalists_play_for_third_place() -> None:
    """INV-STRUCT-4: the losing semifinalists play a 3rd/4th-place match."""
    bracket = top8_to_the_final()
    final, third = bracket.final, bracket.third_place
    assert final is not None
    assert third is not None
    assert {final.player_a, final.player_b} == {SEEDS[4], SEEDS[2]}  # 5 and 3
    assert {third.player_a, third.player_b} == {SEEDS[7], SEEDS[1]}  # 8 and 2
    assert third.stage is Stage.THIRD_PLACE
    # 2 is the better seed; INV-TOP-2's die rule is for the first Top round only
    assert (third.player_a, third.chooses_to_start) == (SEEDS[1], None)
    assert not bracket.is_finished
    bracket = report_result(bracket, 1, A_WINS)
    assert not bracket.is_finished  # the 3rd/4th-place match is still open
    bracket = report_result(bracket, 1, B_WINS, stage=Stage.THIRD_PLACE)
    assert bracket.is_finished
    # 3 beats 5 in the final; 8 beats 2 for third place; then 1, 4, 6, 7 lost the quarters
    assert final_placements(bracket, SWISS_ORDER) == [
        SEEDS[2],
        SEEDS[4],
        SEEDS[7],
        SEEDS[1],
        SEEDS[0],
        SEEDS[3],
        SEEDS[5],
        SEEDS[6],
        *SEEDS[8:12],
    ]


def test_INV_STRUCT_4_a_preset_without_it_ranks_semifinal_losers_by_swiss() -> None:
    """INV-STRUCT-4 is a setting: Berserk plays none; 3rd and 4th follow the Swiss standing."""
    bracket = play_round(seed_bracket(SEEDS, 4, rules=TopRules(third_place_match=False)), {2})
    bracket = next_round(bracket)
    assert bracket.third_place is None
    bracket = play_round(bracket)
    # semifinals: 4 beat 1, 2 beat 3; final: 2 beat 4 → 3rd is 1 (better Swiss), 4th is 3
    assert final_placements(bracket, SEEDS[:6]) == [
        SEEDS[1],
        SEEDS[3],
        SEEDS[0],
        SEEDS[2],
        SEEDS[4],
        SEEDS[5],
    ]


def test_INV_STRUCT_4_a_dropped_semifinalist_is_not_paired_for_third_place() -> None:
    """INV-STRUCT-4: a losing semifinalist who dropped is not paired in the 3rd/4th-place
    match; the other losing semifinalist takes 3rd, even with the worse Swiss standing."""
    bracket = play_round(seed_bracket(SEEDS, 8), {4, 5})
    bracket = play_round(next_round(bracket), {3})  # semis: 5 beats 8, 3 beats 2
    gone = {SEEDS[1]}  # seed 2 lost the semifinal and left
    bracket = next_round(bracket, gone)
    assert bracket.third_place is None
    assert bracket.final is not None
    bracket = report_result(bracket, 1, A_WINS)
    assert bracket.is_finished
    placed = final_placements(bracket, SWISS_ORDER, gone)
    assert placed[2:4] == [SEEDS[7], SEEDS[1]]  # 8 takes 3rd, 2 is 4th
    again = bracket_from_records(SEEDS[:8], records_of(bracket, 1))
    assert again.is_finished
    assert final_placements(again, SWISS_ORDER, gone) == placed


@pytest.mark.parametrize(
    "score",
    [
        GameScore(1, 1),
        GameScore(1, 1, 1),
        GameScore.intentional_draw(),
        GameScore(0, 0, 0, ResultKind.DOUBLE_LOSS),
    ],
)
def test_BER_TOP_3_a_top_match_cannot_end_in_a_draw(score: GameScore) -> None:
    """BER-TOP-3: single elimination, the loser is out: a drawn result is refused."""
    bracket = seed_bracket(SEEDS, 4)
    refusal = can_report_result(bracket, 2, score)
    assert refusal is not None
    assert refusal.field == "result"
    assert "draw" in refusal.text
    with pytest.raises(TorneoError) as err:
        report_result(bracket, 2, score)
    assert err.value.field == "result"
    assert not isinstance(err.value, Conflict)


def test_BER_TOP_3_the_loser_is_out() -> None:
    """BER-TOP-3: only winners reach the next round."""
    bracket = next_round(play_round(seed_bracket(SEEDS, 8), {6}))
    in_semis = {p for m in bracket.current_round for p in (m.player_a, m.player_b)}
    assert in_semis == {SEEDS[0], SEEDS[3], SEEDS[6], SEEDS[2]}


def test_a_result_reported_twice_is_a_conflict() -> None:
    bracket = report_result(seed_bracket(SEEDS, 4), 2, A_WINS)
    with pytest.raises(Conflict) as err:
        report_result(bracket, 2, B_WINS)
    assert err.value.field == "result"


@pytest.mark.parametrize(
    ("slot", "stage"), [(1, Stage.TOP), (9, Stage.TOP), (1, Stage.THIRD_PLACE)]
)
def test_a_result_for_a_match_not_in_play_is_refused(slot: int, stage: Stage) -> None:
    with pytest.raises(TorneoError) as err:
        report_result(seed_bracket(SEEDS, 4), slot, A_WINS, stage=stage)
    assert err.value.field == "slot"


def test_an_impossible_score_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        report_result(seed_bracket(SEEDS, 4), 2, GameScore(3, 0))
    assert err.value.field == "result"


def test_the_next_round_waits_for_every_result() -> None:
    bracket = report_result(seed_bracket(SEEDS, 8), 4, A_WINS)
    refusal = can_advance(bracket)
    assert refusal is not None
    assert refusal.field == "round"
    assert "5, 6, 7" in refusal.text
    with pytest.raises(Conflict):
        next_round(bracket)
    final = top8_to_the_final()
    assert can_advance(final) is not None  # nothing after the final


def test_placements_need_a_finished_top() -> None:
    with pytest.raises(Conflict) as err:
        final_placements(top8_to_the_final(), SWISS_ORDER)
    assert err.value.field == "bracket"


def test_placements_need_every_top_player_in_the_swiss_order() -> None:
    bracket = play_round(top8_to_the_final())
    bracket = report_result(bracket, 1, A_WINS, stage=Stage.THIRD_PLACE)
    with pytest.raises(TorneoError) as err:
        final_placements(bracket, SEEDS[1:8])
    assert err.value.field == "swiss_order"


def test_INV_PTS_1_top_wins_exclude_the_third_place_match() -> None:
    """INV-PTS-1 Resolution: Top-8 wins are quarter, semi and final; not the 3rd/4th place."""
    bracket = play_round(top8_to_the_final())  # 3 beats 5 in the final
    bracket = report_result(bracket, 1, A_WINS, stage=Stage.THIRD_PLACE)  # 2 beats 8
    wins = top_wins(bracket)
    assert wins[SEEDS[2]] == 3  # the champion: quarter, semi, final
    assert wins[SEEDS[4]] == 2
    assert wins[SEEDS[1]] == 1  # the 3rd/4th-place win does not count
    assert wins[SEEDS[7]] == 1
    assert wins[SEEDS[0]] == 0
    assert sum(wins.values()) == 7
    assert top_wins(bracket, include_third_place=True)[SEEDS[1]] == 2


def test_top_2_is_just_the_final() -> None:
    bracket = seed_bracket(SEEDS, 2)
    assert [m.slot for m in bracket.current_round] == [1]
    bracket = report_result(bracket, 1, B_WINS)
    assert bracket.is_finished
    assert bracket.third_place is None
    assert final_placements(bracket, SEEDS[:3]) == [SEEDS[1], SEEDS[0], SEEDS[2]]


def records_of(bracket: Bracket, first_round_no: int = 6) -> list[MatchRecord]:
    out = []
    for k, matches in enumerate(bracket.rounds()):
        out += [match_record(m, round_no=first_round_no + k) for m in matches]
    if bracket.third_place is not None:
        out.append(match_record(bracket.third_place, round_no=first_round_no + k))
    return out


def test_records_carry_the_tables_1_to_n_of_each_round_and_rebuild_the_bracket() -> None:
    """Issue 30: players report by table, so each Top round sits at tables 1..n (the
    semifinals at 1 and 2, not at their slots 2 and 3); the round tells the slot back."""
    bracket = top8_to_the_final()
    records = records_of(bracket)
    assert sorted((r.round_no, r.table, r.stage) for r in records) == [
        (6, 1, Stage.TOP),
        (6, 2, Stage.TOP),
        (6, 3, Stage.TOP),
        (6, 4, Stage.TOP),
        (7, 1, Stage.TOP),
        (7, 2, Stage.TOP),
        (8, 1, Stage.TOP),
        (8, THIRD_PLACE_TABLE, Stage.THIRD_PLACE),
    ]
    swiss = [MatchRecord(1, 1, SEEDS[0], SEEDS[1], A_WINS)]
    assert bracket_from_records(SEEDS[:8], swiss + list(reversed(records))) == bracket


def test_round_records_are_the_rows_to_store_for_each_round() -> None:
    bracket = seed_bracket(SEEDS, 4)
    first = round_records(bracket, 5)
    assert [(r.round_no, r.table, r.stage, r.score) for r in first] == [
        (5, 1, Stage.TOP, None),
        (5, 2, Stage.TOP, None),
    ]
    final = next_round(play_round(bracket))
    rows = round_records(final, 6)
    assert [(r.round_no, r.table, r.stage) for r in rows] == [
        (6, 1, Stage.TOP),
        (6, THIRD_PLACE_TABLE, Stage.THIRD_PLACE),
    ]
    assert bracket_from_records(SEEDS[:4], [*round_records(play_round(bracket), 5), *rows]) == final


def test_records_stored_the_other_way_round_are_read_from_the_better_seed() -> None:
    bracket = report_result(seed_bracket(SEEDS, 4), 2, B_WINS)  # 4 beats 1
    record = match_record(bracket.current_round[0], round_no=5)
    assert record.player_b is not None
    assert record.score is not None
    flipped = replace(
        record, player_a=record.player_b, player_b=record.player_a, score=record.score.swapped()
    )
    other = match_record(bracket.current_round[1], round_no=5)
    assert bracket_from_records(SEEDS[:4], [flipped, other]) == bracket


@pytest.mark.parametrize(
    "mutate",
    [
        lambda rs: rs[1:],  # the first round is incomplete
        lambda rs: [*rs, rs[0]],  # a slot twice
        lambda rs: [replace(rs[0], table=9), *rs[1:]],  # a slot outside the Top 8
        lambda rs: [replace(rs[0], player_b=PlayerId(999)), *rs[1:]],  # not seeded
        lambda rs: [*rs[:4], replace(rs[4], player_a=SEEDS[0]), *rs[5:]],  # a loser goes on
    ],
)
def test_records_that_are_not_a_bracket_are_refused(mutate: object) -> None:
    records = records_of(next_round(play_round(seed_bracket(SEEDS, 8), {4})))
    with pytest.raises(TorneoError) as err:
        bracket_from_records(SEEDS[:8], mutate(records))  # type: ignore[operator]
    assert err.value.field == "records"


@given(st.sampled_from([2, 4, 8, 16, 32]), st.booleans(), st.integers(0, 10**6))
def test_any_top_played_out_gives_every_place_once(size: int, third: bool, seed: int) -> None:
    rng = random.Random(seed)
    swiss = SEEDS[: size + 3]
    bracket = seed_bracket(swiss, size, rules=TopRules(third_place_match=third))
    while True:
        for m in bracket.current_round:
            bracket = report_result(bracket, m.slot, rng.choice([A_WINS, B_WINS]))
        if bracket.third_place is not None:
            bracket = report_result(
                bracket, 1, rng.choice([A_WINS, B_WINS]), stage=Stage.THIRD_PLACE
            )
        rules = TopRules(third_place_match=third)
        assert bracket_from_records(swiss[:size], records_of(bracket), rules=rules) == bracket
        if can_advance(bracket) is not None:
            break
        bracket = next_round(bracket)
    assert bracket.is_finished
    placements = final_placements(bracket, swiss)
    assert sorted(placements) == sorted(swiss)
    final = bracket.final
    assert final is not None
    assert placements[0] == final.winner
    wins = top_wins(bracket)
    assert sum(wins.values()) == size - 1
    assert wins[placements[0]] == size.bit_length() - 1


def test_BER_TOP_3_the_draw_refusal_is_italian_on_a_page_and_english_in_the_api() -> None:
    """Messages as ids (issue 11): the engine builds the refusal once; an Italian page translates
    its id and fills in the score, the API and the CLI keep the English words and the rule id."""
    from torneo.platform import i18n

    refusal = can_report_result(seed_bracket(SEEDS, 4), 2, GameScore(1, 1, 1))
    assert refusal is not None
    assert refusal.text == (
        "1-1-1 is a draw; a Top X match has a winner and the loser is out [BER-TOP-3]"
    )
    with i18n.language("it"):
        assert i18n.translate_reason(refusal) == (
            "1-1-1 è un pareggio; una partita della Top X ha un vincitore e chi perde è eliminato"
            " [BER-TOP-3]"
        )
        assert i18n.translate_accepted(refusal) == (
            "una vittoria di uno dei due giocatori, per es. 2-0, 2-1, 1-2, 0-2"
        )
    with pytest.raises(TorneoError) as err:
        report_result(seed_bracket(SEEDS, 4), 2, GameScore(1, 1, 1))
    assert err.value.as_dict()["reason"] == refusal.text


def test_a_top_record_outside_its_rounds_tables_is_refused_naming_them() -> None:
    """A semifinal stored at table 3 (the old slot numbering) is no table of a round of two."""
    records = records_of(top8_to_the_final())
    moved = [replace(r, table=3) if (r.round_no, r.table) == (7, 2) else r for r in records]
    with pytest.raises(TorneoError) as err:
        bracket_from_records(SEEDS[:8], moved)
    assert err.value.field == "records"
    assert "round 7 table 3" in str(err.value)
    assert "1-2" in str(err.value)
