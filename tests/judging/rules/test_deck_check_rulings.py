"""A deck check from draw to standings input: INV-DECK-1..3 with INV-PEN-1/2 (issue 6 "done")."""

import random

import pytest

from tests.support.judging import FLOOR, T0, at, record, rules
from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord
from torneo.engines.results import GameScore, Outcome
from torneo.judging.rules import (
    DeckCorrected,
    ForfeitPlayedGames,
    GameLoss,
    RulingKind,
    Side,
    apply_game_loss,
    deck_check_rulings,
    deck_mismatch_rulings,
    forfeit_played_games,
    issue_penalty,
    matches_played_by,
    record_of,
    side_of,
)
from torneo.judging.rules.decks import DeckList, compare_decks, correct_deck, draw_deck_check

INV = rules("invasion-it-2012")
FMT = INV.deck_formats["constructed"]
P1, P2 = PlayerId(1), PlayerId(2)


def _history() -> list[MatchRecord]:
    return [
        MatchRecord(1, 1, P1, PlayerId(3), GameScore(2, 1)),
        MatchRecord(2, 2, PlayerId(4), P1, GameScore(0, 2)),
        MatchRecord(3, 1, P1, P2, None),  # the round about to start, drawn for the check
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_INV_DECK_EX1_from_the_deck_check_to_the_match_results(seed: int) -> None:
    """INV-DECK-EX1 with INV-DECK-3: warning, GL for every match played, two of A/B/C go."""
    matches = _history()
    deck = DeckList.of(
        [
            ("Innovazione", 3),
            ("Wilhelm dell’Osternacht", 3),
            ("Miniera di Warpietra", 3),
            *((f"Carta {i}", 3) for i in range(15)),
        ]
    )
    correction = correct_deck(deck, FMT, INV.restricted_cards, random.Random(seed))
    games = matches_played_by(matches, P1, 3)
    assert games == 2  # INV-DECK-3: one game loss per match played (issue 29 item 8)
    rulings = deck_check_rulings(
        record(), correction, judge=FLOOR, player=P1, at=at(-5), round_no=3, games_played=games
    )
    warning, game_loss = rulings
    assert (warning.kind, game_loss.kind) == (RulingKind.WARNING, RulingKind.GAME_LOSS)
    assert warning.rule == game_loss.rule == "INV-DECK-3"
    assert warning.consequences == (DeckCorrected(P1, correction),)
    assert game_loss.consequences == (ForfeitPlayedGames(P1, 3, 2), GameLoss(P1, 3, 1))
    assert "6 blanks added" in warning.reason
    assert f"{correction.kept_restricted[0]} stays" in warning.reason
    # the service applies the consequences: one game of each past match lost (2-1 is 1-2,
    # 2-0 is 1-1), the current one starts 0-1
    forfeited = forfeit_played_games(matches, P1, 3)
    assert [m.score.outcome for m in forfeited if m.score] == [Outcome.WIN_B, Outcome.DRAW]
    current = matches[2]
    assert apply_game_loss(None, side_of(current, P1)) == GameScore(0, 1)


def test_INV_DECK_2_deck_check_penalties_escalate_to_disqualification() -> None:
    """INV-DECK-2 with INV-PEN-1: a deck-check warning can be the third; the DQ ends the check."""
    rec = record()
    for minute in range(2):
        rec = rec.with_rulings(
            issue_penalty(
                rec,
                judge=FLOOR,
                player=P1,
                infraction="slow_play",
                at=at(minute),
                reason="r",
                round_no=2,
            )
        )
    deck = DeckList.of([("Innovazione", 2), ("Miniera di Warpietra", 2), ("Carta", 40)])  # 44
    correction = correct_deck(deck, FMT, INV.restricted_cards, random.Random(0))
    assert len(correction.infractions) == 2
    rulings = deck_check_rulings(
        rec, correction, judge=FLOOR, player=P1, at=at(60), round_no=3, games_played=4
    )
    assert [r.kind for r in rulings] == [
        RulingKind.WARNING,
        RulingKind.GAME_LOSS,
        RulingKind.DISQUALIFICATION,
    ]
    assert rulings[-1].escalated_from == rulings[0].seq
    # a disqualified player takes no further deck-check penalty
    with pytest.raises(Conflict):
        deck_check_rulings(
            rec.with_rulings(rulings),
            correction,
            judge=FLOOR,
            player=P1,
            at=at(61),
            round_no=3,
            games_played=4,
        )
    assert len(record_of(P1, rec.with_rulings(rulings).rulings)) == 5


def test_INV_DECK_1_a_legal_deck_gets_no_ruling() -> None:
    """INV-DECK-1: the check is done, nothing is found, nothing is recorded."""
    deck = DeckList.of((f"Carta {i}", 3) for i in range(20))
    correction = correct_deck(deck, FMT, INV.restricted_cards, random.Random(0))
    assert (
        deck_check_rulings(
            record(), correction, judge=FLOOR, player=P1, at=T0, round_no=1, games_played=0
        )
        == []
    )


def test_INV_DECK_1_the_drawn_table_and_a_deck_that_differs_from_its_list() -> None:
    """INV-DECK-1: draw, compare with the list, a mismatch is a warning naming the cards."""
    draw = draw_deck_check(3, _history(), random.Random(9))
    assert draw.players == (P1, P2)
    registered = DeckList.of([("Carta 1", 3), ("Carta 2", 3)])
    physical = DeckList.of([("Carta 1", 3), ("Carta 2", 2), ("Carta 9", 1)])
    (warning,) = deck_mismatch_rulings(
        record(), compare_decks(registered, physical), judge=FLOOR, player=P2, at=T0, round_no=3
    )
    assert warning.kind is RulingKind.WARNING
    assert warning.rule == "INV-DECK-1"
    assert "missing 1× Carta 2" in warning.reason
    assert "extra 1× Carta 9" in warning.reason
    assert side_of(_history()[2], P2) is Side.B
    same = compare_decks(registered, registered)
    assert deck_mismatch_rulings(record(), same, judge=FLOOR, player=P2, at=T0, round_no=3) == []
