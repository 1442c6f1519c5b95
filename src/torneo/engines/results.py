"""Match results of one-on-one card games (INV-STRUCT-3, BER-RES-1).

A result is a game score ``wins_a - wins_b - draws`` plus how the match was decided. Best of
three admits 2-0, 2-1, 1-0 (time), 1-1 and 0-0 draws with drawn games, and the intentional draw
0-0-3 (INV-ID-1). Nobody can win more games than ``(best_of // 2) + 1``, and no more games can be
played than ``best_of``: 3-0 and 2-2 are impossible in best of three.

>>> score = parse_game_score("2-1", best_of=3)
>>> score, score.outcome
(GameScore(wins_a=2, wins_b=1, draws=0, kind=<ResultKind.PLAYED: 'played'>), <Outcome.WIN_A: 'win_a'>)
>>> parse_game_score("ID", best_of=3).text()
'0-0-3'
>>> parse_game_score("2-2", best_of=3)
Traceback (most recent call last):
...
torneo.core.errors.TorneoError: result: 2-2 is 4 games; best of 3 has at most 3 [INV-STRUCT-3] (accepted: ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from torneo.core.errors import Refusal, TorneoError
from torneo.core.messages import N_, Message


class Outcome(StrEnum):
    WIN_A = "win_a"
    WIN_B = "win_b"
    DRAW = "draw"


class ResultKind(StrEnum):
    PLAYED = "played"
    INTENTIONAL_DRAW = "intentional_draw"  # INV-ID-1
    CONCESSION = "concession"  # BER-RES-1
    AUTO_WIN = "auto_win"  # BER-RES-1: opponent disconnected or chose no deck in time
    DOUBLE_LOSS = "double_loss"  # both disqualified (INV-ID-1 late declaration)


@dataclass(frozen=True, slots=True)
class GameScore:
    wins_a: int
    wins_b: int
    draws: int = 0
    kind: ResultKind = ResultKind.PLAYED

    @property
    def outcome(self) -> Outcome:
        if self.kind is ResultKind.DOUBLE_LOSS:
            return Outcome.DRAW  # neither wins; points come from PointsScheme.double_loss
        if self.wins_a > self.wins_b:
            return Outcome.WIN_A
        if self.wins_b > self.wins_a:
            return Outcome.WIN_B
        return Outcome.DRAW

    @property
    def games_played(self) -> int:
        return self.wins_a + self.wins_b + self.draws

    def swapped(self) -> GameScore:
        return GameScore(self.wins_b, self.wins_a, self.draws, self.kind)

    def text(self) -> str:
        base = f"{self.wins_a}-{self.wins_b}"
        return f"{base}-{self.draws}" if self.draws else base

    @staticmethod
    def intentional_draw(best_of: int = 3) -> GameScore:
        # INV-ID-1: recorded as 0-0-3 in best of three.
        return GameScore(0, 0, best_of, ResultKind.INTENTIONAL_DRAW)


def check_game_score(score: GameScore, best_of: int) -> Refusal | None:
    """Refuse a game score impossible for a best-of-``best_of`` match (INV-STRUCT-3)."""
    to_win = best_of // 2 + 1
    params = {"score": score.text(), "best_of": best_of, "accepted": _accepted(best_of)}
    accepted = N_("%(accepted)s")
    if min(score.wins_a, score.wins_b, score.draws) < 0:
        return Refusal("result", N_("%(score)s has a negative game count"), accepted, None, params)
    if max(score.wins_a, score.wins_b) > to_win:
        return Refusal(
            "result",
            N_("%(score)s is impossible in best of %(best_of)s: nobody wins more than %(to_win)s"),
            accepted,
            "INV-STRUCT-3",
            {**params, "to_win": to_win},
        )
    if score.games_played > best_of:
        return Refusal(
            "result",
            N_("%(score)s is %(games)s games; best of %(best_of)s has at most %(most)s"),
            accepted,
            "INV-STRUCT-3",
            {**params, "games": score.games_played, "most": best_of},
        )
    if score.kind is ResultKind.INTENTIONAL_DRAW and (score.wins_a or score.wins_b):
        return Refusal("result", N_("an intentional draw has no game wins"), "0-0-3", "INV-ID-1")
    return None


def _accepted(best_of: int) -> Message:
    to_win = best_of // 2 + 1
    examples = f"{to_win}-0, {to_win}-{to_win - 1}, 1-1-1, 0-0-{best_of}"
    return Message(
        N_(
            "W-L or W-L-D with wins 0..%(to_win)s each and at most %(best_of)s games, "
            "e.g. %(examples)s (intentional draw)"
        ),
        {"to_win": to_win, "best_of": best_of, "examples": examples},
    )


def parse_game_score(text: str, best_of: int) -> GameScore:
    """Parse "2-1", "1-1-1", "0-0-3" or "ID"; raise a TorneoError naming ``result`` otherwise."""
    raw = text.strip().upper()
    if raw in {"ID", "PI", "PATTA"}:
        return GameScore.intentional_draw(best_of)
    parts = raw.replace(" ", "").split("-")
    if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
        raise TorneoError(
            "result",
            N_("'%(text)s' is not a game score"),
            _accepted(best_of),
            params={"text": text},
        )
    wins_a, wins_b = int(parts[0]), int(parts[1])
    draws = int(parts[2]) if len(parts) == 3 else 0
    kind = ResultKind.PLAYED
    if wins_a == wins_b == 0 and draws == best_of:
        kind = ResultKind.INTENTIONAL_DRAW
    score = GameScore(wins_a, wins_b, draws, kind)
    refusal = check_game_score(score, best_of)
    if refusal:
        raise refusal.raise_as()
    return score
