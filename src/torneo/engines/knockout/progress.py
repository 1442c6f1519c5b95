"""Playing the Top X: report a result, build the next round, read the placements.

Top matches have no draws (BER-TOP-3: the loser is out; INV-STRUCT-3: untimed, so a match is
played until someone wins). A result is a game score read from the better seed's side
(``player_a``); a concession or an auto-win is a game score with that kind.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.engines.knockout.bracket import FINAL_SLOT, Bracket, TopMatch, make_match
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, Outcome, ResultKind, check_game_score


def can_report_result(
    bracket: Bracket,
    slot: int,
    score: GameScore,
    *,
    stage: Stage = Stage.TOP,
    best_of: int = 3,
) -> Refusal | None:
    """Why ``score`` cannot be recorded for the match at ``slot`` (None when it can)."""
    match = bracket.match_at(slot, stage)
    if match is None:
        built = ", ".join(str(m.slot) for m in bracket.current_round)
        return Refusal(
            "slot",
            N_("no %(stage)s match at slot %(slot)s is being played"),
            N_("%(built)s"),
            params={"stage": Term(stage.value), "slot": slot, "built": built},
        )
    if match.score is not None:
        return Refusal(
            "result",
            N_("slot %(slot)s already has a result (%(score)s)"),
            params={"slot": slot, "score": match.score.text()},
        )
    refusal = check_game_score(score, best_of)
    if refusal:
        return refusal
    if score.kind is ResultKind.DOUBLE_LOSS or score.outcome is Outcome.DRAW:
        return Refusal(
            "result",
            N_("%(score)s is a draw; a Top X match has a winner and the loser is out"),
            N_("a win for either player, e.g. 2-0, 2-1, 1-2, 0-2"),
            "BER-TOP-3",
            {"score": score.text()},
        )
    return None


def report_result(
    bracket: Bracket,
    slot: int,
    score: GameScore,
    *,
    stage: Stage = Stage.TOP,
    best_of: int = 3,
) -> Bracket:
    """The bracket with the match at ``slot`` decided. A second report is a Conflict."""
    refusal = can_report_result(bracket, slot, score, stage=stage, best_of=best_of)
    match = bracket.match_at(slot, stage)
    if refusal:
        reported_twice = match is not None and match.is_decided
        raise refusal.raise_as(Conflict if reported_twice else TorneoError)
    assert match is not None
    return bracket.replace_match(_decided(match, score))


def _decided(match: TopMatch, score: GameScore) -> TopMatch:
    return TopMatch(
        match.slot,
        match.stage,
        match.player_a,
        match.player_b,
        match.seed_a,
        match.seed_b,
        match.chooses_to_start,
        score,
    )


def can_advance(bracket: Bracket) -> Refusal | None:
    """Why the next Top round cannot be built yet (None when it can)."""
    current = bracket.current_round
    if any(m.slot == FINAL_SLOT for m in current):
        return Refusal("round", N_("the final is the last round of the Top X"))
    waiting = [m.slot for m in current if not m.is_decided]
    if waiting:
        return Refusal(
            "round",
            N_("the matches at slots %(slots)s have no result yet"),
            params={"slots": ", ".join(map(str, waiting))},
        )
    return None


def next_round(bracket: Bracket, absent: Collection[PlayerId] = frozenset()) -> Bracket:
    """The bracket with the next round built from the winners of the current one.

    When the next round is the final and the preset plays it (INV-STRUCT-4), the losing
    semifinalists get the 3rd/4th-place match — unless one of them is ``absent`` (dropped or
    disqualified): the match is not paired and the other takes 3rd (:func:`final_placements`).
    The die rule (INV-TOP-2) belongs to the first round only: the new matches have none.
    """
    refusal = can_advance(bracket)
    if refusal:
        raise refusal.raise_as(Conflict)
    current = {m.slot: m for m in bracket.current_round}
    low = min(current)
    new: list[TopMatch] = []
    for parent in range(low // 2, low):
        left, right = current[2 * parent], current[2 * parent + 1]
        assert left.winner is not None
        assert right.winner is not None
        new.append(
            make_match(
                parent,
                Stage.TOP,
                bracket.seeds,
                left.winner,
                right.winner,
                die_rule=False,
            )
        )
    third: TopMatch | None = None
    loser_2, loser_3 = current[low].loser, current[low + 1].loser
    if low == 2 and bracket.third_place_match and not {loser_2, loser_3} & set(absent):
        assert loser_2 is not None  # INV-STRUCT-4
        assert loser_3 is not None
        third = make_match(
            FINAL_SLOT, Stage.THIRD_PLACE, bracket.seeds, loser_2, loser_3, die_rule=False
        )
    return Bracket(
        bracket.size,
        bracket.seeds,
        bracket.matches + tuple(new),
        third,
        bracket.third_place_match,
        bracket.die_rule,
    )


def final_placements(
    bracket: Bracket, swiss_order: Sequence[PlayerId], absent: Collection[PlayerId] = frozenset()
) -> list[PlayerId]:
    """Every player's final place, first to last.

    1st and 2nd from the final; 3rd and 4th from the 3rd/4th-place match (without one, the
    losing semifinalists by Swiss standing, one who is ``absent`` — dropped before it — after
    the other); then the losers of each earlier round, round by
    round, ordered by their Swiss standing (5th-8th by Swiss rank, then 9th-16th ...); then
    everyone who did not make the Top, in Swiss order.
    """
    if not bracket.is_finished:
        raise Conflict(
            "bracket",
            N_("the Top X is not finished"),
            N_("a decided final (and 3rd/4th place)"),
        )
    swiss_rank = {p: i for i, p in enumerate(swiss_order)}
    missing = [p for p in bracket.seeds if p not in swiss_rank]
    if missing:
        raise TorneoError(
            "swiss_order",
            N_("players %(missing)s of the Top are not in it"),
            N_("the whole standings"),
            params={"missing": str(missing)},
        )
    final = bracket.final
    assert final is not None
    assert final.winner is not None
    assert final.loser is not None
    placed: list[PlayerId] = [final.winner, final.loser]
    rounds = bracket.rounds()
    earlier = rounds[:-1]  # without the final
    if earlier:
        semis = earlier.pop()
        third = bracket.third_place
        if third is not None:
            assert third.winner is not None
            assert third.loser is not None
            placed += [third.winner, third.loser]
        else:
            gone = set(absent)
            placed += sorted(
                (m.loser for m in semis if m.loser), key=lambda p: (p in gone, swiss_rank[p])
            )
    for matches in reversed(earlier):
        placed += sorted((m.loser for m in matches if m.loser), key=swiss_rank.__getitem__)
    in_top = set(placed)
    placed += [p for p in swiss_order if p not in in_top]
    return placed


def top_wins(bracket: Bracket, *, include_third_place: bool = False) -> dict[PlayerId, int]:
    """Match wins in the Top X per player (INV-PTS-1 Resolution: not the 3rd/4th-place match,
    unless the preset's ``count_third_place_match`` says so)."""
    wins = dict.fromkeys(bracket.seeds, 0)
    matches = list(bracket.matches)
    if include_third_place and bracket.third_place is not None:
        matches.append(bracket.third_place)
    for m in matches:
        if m.winner is not None:
            wins[m.winner] += 1
    return wins
