"""How penalties change a match result (INV-PEN-2, INV-DECK-3, BER-JUDGE-1).

INV-PEN-2: a Game Loss turns a game of the match into a loss: the opponent is given one game won.

Decisions (the regulation says no more), written here so services and judges read one rule:

- **Not yet played.** A game loss on a match with no result is recorded as its first game:
  the penalty score starts at 0-0 and becomes 0-1 (for the opponent). The players then play the
  games still needed: in best of three, one more win for the opponent ends it.
- **Composition with the reported score.** Players report only the games played at the table;
  :func:`compose_reported` adds them to the penalty games and refuses a report that could not
  have happened (with a 0-1 penalty, at most 2 more games are played: "2-0" becomes 2-1, "0-1"
  becomes 0-2, "2-1" is refused because the match would have been over at 1-2 or 2-1).
- **Already decided.** A game loss on a match someone has already won (2-0, 2-1, 0-2 …) or that
  used every game cannot change it: :func:`can_apply_game_loss` refuses, and the game loss is
  applied to the player's next match instead (the service asks for it there).
- **Match loss** replaces the result with a full loss for the penalised player.
- **INV-DECK-3 forfeits** ("un Game Loss per ogni partita giocata", a partita being the
  best-of-three match): each match the player played in earlier rounds takes one game loss,
  one of their games turned into a loss (:func:`forfeit_played_games`), and the current match
  takes one as any game loss does. Byes, intentional draws and double losses had no games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.engines.records import MatchRecord
from torneo.engines.results import KIND_LABELS, GameScore, check_game_score


class Side(StrEnum):
    A = "a"
    B = "b"


def side_of(match: MatchRecord, player: PlayerId) -> Side:
    if match.player_a == player:
        return Side.A
    if match.player_b == player:
        return Side.B
    raise TorneoError(
        "player",
        N_("player %(player)s does not play round %(round)s table %(table)s"),
        N_("%(a)s or %(b)s"),
        params={
            "player": player,
            "round": match.round_no,
            "table": match.table,
            "a": match.player_a,
            "b": match.player_b,
        },
    )


# A result that is no played game, named inside a refusal (translated as a word).
_KIND_WORDS = KIND_LABELS


def _to_win(best_of: int) -> int:
    return best_of // 2 + 1


def is_decided(score: GameScore, best_of: int) -> bool:
    """Someone reached the wins needed, or every game of the match has been played."""
    return max(score.wins_a, score.wins_b) >= _to_win(best_of) or score.games_played >= best_of


def can_apply_game_loss(score: GameScore | None, best_of: int) -> Refusal | None:
    current = score or GameScore(0, 0)
    if not current.is_played or is_decided(current, best_of):
        return Refusal(
            "result",
            N_("the match is already decided (%(score)s); a game loss cannot change it"),
            N_("apply the game loss to the player's next match"),
            "INV-PEN-2",
            params={"score": current.text()},
        )
    return None


def apply_game_loss(score: GameScore | None, penalised: Side, best_of: int = 3) -> GameScore:
    """INV-PEN-2: one game won for the opponent of ``penalised`` (None = match not yet played)."""
    refusal = can_apply_game_loss(score, best_of)
    if refusal:
        raise refusal.raise_as(Conflict)
    current = score or GameScore(0, 0)
    if penalised is Side.A:
        return replace(current, wins_b=current.wins_b + 1)
    return replace(current, wins_a=current.wins_a + 1)


def compose_reported(penalty: GameScore, played: GameScore, best_of: int = 3) -> GameScore:
    """The match result: penalty games first, then the games the players report as played."""
    if not played.is_played:
        if penalty.games_played:
            raise TorneoError(
                "result",
                N_(
                    "the match already has %(penalty)s from game losses; "
                    "a %(kind)s cannot be reported on it"
                ),
                N_("the games played at the table"),
                params={"penalty": penalty.text(), "kind": Term(_KIND_WORDS[played.kind])},
                rule="INV-PEN-2",
            )
        return played
    total = GameScore(
        penalty.wins_a + played.wins_a, penalty.wins_b + played.wins_b, penalty.draws + played.draws
    )
    if check_game_score(total, best_of) is not None or _went_on_after_decided(
        penalty, played, best_of
    ):
        raise TorneoError(
            "result",
            N_(
                "%(played)s played after %(penalty)s from game losses makes %(total)s, "
                "impossible in best of %(best_of)s"
            ),
            N_("the games played after the %(penalty)s given by game losses"),
            params={
                "played": played.text(),
                "penalty": penalty.text(),
                "total": total.text(),
                "best_of": best_of,
            },
        )
    return total


def _went_on_after_decided(penalty: GameScore, played: GameScore, best_of: int) -> bool:
    """A report whose games could not all have been played: the match ended before the last."""
    if played.games_played == 0:
        return False
    if is_decided(penalty, best_of):
        return True
    need = _to_win(best_of)
    a, b = penalty.wins_a + played.wins_a, penalty.wins_b + played.wins_b
    # The last game played must be the one that decided the match, if it was decided: the
    # winner's tally may not exceed what is needed, nor may the loser's tally reach it.
    return (a >= need and b >= need) or a > need or b > need


def apply_match_loss(penalised: Side, best_of: int = 3) -> GameScore:
    """A match loss: the full win for the opponent (2-0 in best of three)."""
    need = _to_win(best_of)
    return GameScore(0, need) if penalised is Side.A else GameScore(need, 0)


def forfeit_played_games(
    matches: Sequence[MatchRecord], player: PlayerId, before_round: int, best_of: int = 3
) -> tuple[MatchRecord, ...]:
    """INV-DECK-3 "un Game Loss per ogni partita giocata": one game loss on each match the
    player played before ``before_round`` (the current round's match takes its own).

    We read "partita" as the best-of-three match (issue 29 item 8): a Game Loss turns one game
    of it into a loss for the player (INV-PEN-2), so one game they won becomes lost (2-0 is
    1-1, 2-1 is 1-2, 1-0 at time is 0-1), or, with no game won, a drawn game (0-1-1 is 0-2);
    a match they already lost with the opponent's wins all in keeps those (1-2 is 0-2). A match
    lost with every game stays as it is. Byes, intentional draws, concessions and double
    losses had no game played. Returns only the matches that change.
    """
    need = _to_win(best_of)
    changed: list[MatchRecord] = []
    for match in matches:
        score = match.score
        if (
            match.round_no >= before_round
            or not match.involves(player)
            or match.is_bye
            or score is None
            or not score.is_played
            or score.games_played == 0
        ):
            continue
        side = side_of(match, player)
        mine, theirs = (
            (score.wins_a, score.wins_b) if side is Side.A else (score.wins_b, score.wins_a)
        )
        draws = score.draws
        if mine:
            mine -= 1
        elif draws:
            draws -= 1
        else:
            continue  # every game already lost
        theirs = min(theirs + 1, need)
        a, b = (mine, theirs) if side is Side.A else (theirs, mine)
        changed.append(replace(match, score=GameScore(a, b, draws)))
    return tuple(changed)


def matches_played_by(matches: Sequence[MatchRecord], player: PlayerId, before_round: int) -> int:
    """INV-DECK-3 input: matches with games the player played before ``before_round``, one game
    loss each (:func:`forfeit_played_games`)."""
    return sum(
        1
        for m in matches
        if m.round_no < before_round
        and m.involves(player)
        and not m.is_bye
        and m.score is not None
        and m.score.is_played
        and m.score.games_played > 0
    )
