"""Penalties and escalation (INV-PEN-1, INV-PEN-2, INV-DECK-3 game losses), the player's record."""

from dataclasses import replace

import pytest

from tests.support.judging import EVENT, FLOOR, HEAD, OUTSIDER, T0, at, record
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.judging.rules import (
    Disqualified,
    ForfeitPlayedGames,
    GameLoss,
    MatchLoss,
    RulingKind,
    can_issue,
    is_disqualified,
    issue_penalty,
    record_of,
    warnings_by_player,
    warnings_of,
)
from torneo.presets.judging import JudgingRules, PenaltyKind

P1, P2 = PlayerId(1), PlayerId(2)


def test_INV_PEN_1_third_warning_yields_the_warning_and_the_disqualification() -> None:
    """INV-PEN-1: 3 warnings in a tournament → disqualification, recorded as its own ruling."""
    rec = record()
    for minute, infraction in enumerate(("slow_play", "provocation")):
        issued = issue_penalty(
            rec,
            judge=FLOOR,
            player=P1,
            infraction=infraction,
            at=at(minute),
            reason="ritardo",
            round_no=1,
        )
        assert [r.kind for r in issued] == [RulingKind.WARNING]
        rec = rec.with_rulings(issued)
    third = issue_penalty(
        rec,
        judge=FLOOR,
        player=P1,
        infraction="offensive_language",
        at=at(30),
        reason="turpiloquio al tavolo 4",
        round_no=2,
    )
    warning, dq = third
    assert warning.kind is RulingKind.WARNING
    assert (warning.seq, dq.seq) == (3, 4)
    assert dq.kind is RulingKind.DISQUALIFICATION
    assert dq.rule == "INV-PEN-1"
    assert dq.escalated_from == warning.seq
    assert dq.consequences == (Disqualified(P1, 2, dq.reason),)
    assert "3 warnings" in dq.reason
    rec = rec.with_rulings(third)
    assert is_disqualified(P1, rec.rulings)
    entrant = rec.entrant(P1)
    assert entrant is not None
    assert entrant.disqualified
    assert warnings_of(P1, rec.rulings) == 3


def test_INV_PEN_1_warnings_of_other_players_do_not_add_up() -> None:
    """INV-PEN-1: the count is per player."""
    rec = record()
    for player in (P1, P2, P1):
        rec = rec.with_rulings(
            issue_penalty(
                rec,
                judge=FLOOR,
                player=player,
                infraction="slow_play",
                at=T0,
                reason="r",
                round_no=1,
            )
        )
    assert not is_disqualified(P1, rec.rulings)
    assert warnings_of(P1, rec.rulings) == 2
    assert warnings_by_player(rec.rulings) == {P1: 2, P2: 1}  # BER-TIE-1 "fewer warnings" input


def test_INV_PEN_1_a_disqualified_player_takes_no_more_penalties() -> None:
    """INV-PEN-1: after the disqualification, a further penalty is a conflict."""
    rec = record()
    rec = rec.with_rulings(
        issue_penalty(
            rec,
            judge=HEAD,
            player=P1,
            infraction="flagrant_cheating",
            at=T0,
            reason="carte segnate",
            round_no=1,
        )
    )
    with pytest.raises(Conflict):
        issue_penalty(
            rec, judge=FLOOR, player=P1, infraction="slow_play", at=T0, reason="r", round_no=1
        )


def test_INV_PEN_1_flagrant_cheating_disqualifies_at_once() -> None:
    """INV-PEN-1: flagrant intentional cheating may be disqualified at once."""
    issued = issue_penalty(
        record(),
        judge=FLOOR,
        player=P2,
        infraction="flagrant_cheating",
        at=T0,
        reason="pesca una carta in più ogni turno",
        round_no=3,
    )
    (dq,) = issued
    assert dq.kind is RulingKind.DISQUALIFICATION
    assert dq.escalated_from is None
    assert dq.consequences == (Disqualified(P2, 3, "pesca una carta in più ogni turno"),)


def test_INV_PEN_1_the_judge_may_go_up_to_a_disqualification_not_down() -> None:
    """INV-PEN-1 proportionality: up among judge_may_choose, never below the default."""
    rec = record()
    up = issue_penalty(
        rec,
        judge=FLOOR,
        player=P1,
        infraction="deck_under_minimum",
        at=T0,
        reason="44 carte",
        round_no=2,
        penalties=[PenaltyKind.DISQUALIFICATION],
    )
    assert [r.kind for r in up] == [RulingKind.DISQUALIFICATION]
    refusal = can_issue(
        rec,
        judge=FLOOR,
        player=P1,
        infraction="deck_under_minimum",
        reason="44 carte",
        round_no=2,
        penalties=[PenaltyKind.WARNING],
    )
    assert refusal is not None
    assert refusal.field == "penalties"
    assert refusal.rule == "INV-DECK-2"
    with pytest.raises(TorneoError):
        issue_penalty(
            rec,
            judge=FLOOR,
            player=P1,
            infraction="slow_play",
            at=T0,
            reason="r",
            round_no=1,
            penalties=[PenaltyKind.MATCH_LOSS],
        )


def test_INV_PEN_1_no_escalation_when_the_preset_has_none() -> None:
    """INV-PEN-1 is the Invasion rule: Berserk warnings only count for BER-TIE-1."""
    rec = record("berserk-online")
    for _ in range(5):
        rec = rec.with_rulings(
            issue_penalty(
                rec,
                judge=FLOOR,
                player=P1,
                infraction="unsporting_conduct",
                at=T0,
                reason="r",
                round_no=1,
            )
        )
    assert warnings_of(P1, rec.rulings) == 5
    assert not is_disqualified(P1, rec.rulings)


def test_INV_PEN_2_a_game_loss_lands_on_the_players_match_of_the_round() -> None:
    """INV-PEN-2 with INV-DECK-2: warning + game loss, the GL on the current round's match."""
    warning, game_loss = issue_penalty(
        record(),
        judge=FLOOR,
        player=P1,
        infraction="deck_over_maximum",
        at=T0,
        reason="104 carte",
        round_no=4,
    )
    assert warning.kind is RulingKind.WARNING
    assert warning.consequences == ()
    assert game_loss.kind is RulingKind.GAME_LOSS
    assert game_loss.consequences == (GameLoss(P1, 4, 1),)
    assert game_loss.rule == "INV-DECK-2"


def test_INV_DECK_3_a_game_loss_for_every_game_played_so_far_and_the_current_one() -> None:
    """INV-DECK-3: GLs for every match played so far, the current round's included."""
    _, game_loss = issue_penalty(
        record(),
        judge=FLOOR,
        player=P1,
        infraction="restricted_list_breach",
        at=T0,
        reason="3 carte ristrette",
        round_no=3,
        games_played=5,
    )
    assert game_loss.consequences == (ForfeitPlayedGames(P1, 3, 5), GameLoss(P1, 3, 1))
    _, first_round = issue_penalty(
        record(),
        judge=FLOOR,
        player=P1,
        infraction="restricted_list_breach",
        at=T0,
        reason="3 carte ristrette",
        round_no=1,
        games_played=0,
    )
    assert first_round.consequences == (GameLoss(P1, 1, 1),)


def test_the_judge_may_choose_a_game_loss_for_a_deck_list_mismatch() -> None:
    """INV-DECK-1 mismatch: a warning by default; the judge may give a game loss instead."""
    (game_loss,) = issue_penalty(
        record(),
        judge=FLOOR,
        player=P1,
        infraction="deck_list_mismatch",
        at=T0,
        reason="mazzo diverso",
        round_no=2,
        penalties=[PenaltyKind.GAME_LOSS],
    )
    assert game_loss.kind is RulingKind.GAME_LOSS
    assert game_loss.consequences == (GameLoss(P1, 2, 1),)


def test_a_match_loss_infraction_defined_as_data() -> None:
    """Penalties are data: a preset may define a match-loss infraction."""
    rec = record()
    rules = JudgingRules.model_validate(
        {
            **rec.rules.model_dump(),
            "infractions": {
                "late": {"label": "Ritardo", "rule": "X-LATE", "penalties": ["match_loss"]}
            },
        }
    )
    (match_loss,) = issue_penalty(
        replace(rec, rules=rules),
        judge=FLOOR,
        player=P1,
        infraction="late",
        at=T0,
        reason="15 minuti di ritardo",
        round_no=2,
    )
    assert match_loss.consequences == (MatchLoss(P1, 2),)
    assert match_loss.rule == "X-LATE"


def test_a_penalty_for_a_player_not_in_the_event_is_not_found() -> None:
    with pytest.raises(NotFound) as err:
        issue_penalty(
            record(),
            judge=FLOOR,
            player=PlayerId(77),
            infraction="slow_play",
            at=T0,
            reason="r",
            round_no=1,
        )
    assert err.value.field == "player"
    assert f"event {EVENT}" in err.value.reason


def test_a_penalty_by_a_non_judge_is_forbidden() -> None:
    with pytest.raises(Forbidden) as err:
        issue_penalty(
            record(),
            judge=OUTSIDER,
            player=P1,
            infraction="slow_play",
            at=T0,
            reason="r",
            round_no=1,
        )
    assert err.value.field == "judge"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"infraction": "jaywalking"}, "infraction"),
        ({"reason": "   "}, "reason"),
        ({"round_no": 0}, "round"),
        ({"games_played": -1}, "games_played"),
    ],
)
def test_bad_penalty_input_names_the_field(changes: dict[str, object], field: str) -> None:
    args: dict[str, object] = {
        "judge": FLOOR,
        "player": P1,
        "infraction": "slow_play",
        "reason": "r",
        "round_no": 1,
        "games_played": 0,
    }
    args.update(changes)
    refusal = can_issue(record(), **args)  # type: ignore[arg-type]
    assert refusal is not None
    assert refusal.field == field
    with pytest.raises(TorneoError) as err:
        issue_penalty(record(), at=T0, **args)  # type: ignore[arg-type]
    assert err.value.field == field
    if field == "infraction":
        assert err.value.accepted is not None
        assert "slow_play" in err.value.accepted


def test_a_player_sees_their_own_record_in_order() -> None:
    rec = record()
    for player, infraction in ((P1, "slow_play"), (P2, "provocation"), (P1, "numeric_error")):
        rec = rec.with_rulings(
            issue_penalty(
                rec,
                judge=FLOOR,
                player=player,
                infraction=infraction,
                at=T0,
                reason="r",
                round_no=1,
            )
        )
    mine = record_of(P1, rec.rulings)
    assert [r.infraction for r in mine] == ["slow_play", "numeric_error"]
    assert [r.seq for r in mine] == [1, 3]
    assert all(r.judge == FLOOR and r.at == T0 and r.rule == "INV-PEN-1" for r in mine)
