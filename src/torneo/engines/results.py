"""Match results of one-on-one card games (INV-STRUCT-3, BER-RES-1).

A result is a game score ``wins_a - wins_b - draws`` plus how the match was decided (its
:class:`ResultKind`). Best of three admits 2-0, 2-1, 1-0 (time), 1-1 and 0-0 draws with drawn
games, and the intentional draw 0-0-3 (INV-ID-1). Nobody can win more games than
``(best_of // 2) + 1``, and no more games can be played than ``best_of``: 3-0 and 2-2 are
impossible in best of three.

BER-RES-1 (best of one): "1-0" and "0-1" are played wins; "0-0-1" is a *played draw* (the game's
own draw conditions: no creatures left on either side, three turns without action) and is its own
kind, ``PLAYED_DRAW``, never an intentional draw; "ID" is the draw by agreement (even unplayed);
a win by the opponent's surrender is written with the word "concession" ("1-0 concession", also
"resa"); an auto-win (opponent disconnected, no deck chosen in time) with "auto" ("0-1 auto").
Decision: "0-0-N" reads as an intentional draw only where N > 1 (INV-ID-1's 0-0-3 notation); in
best of one the single drawn game is a game played.

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
    PLAYED_DRAW = "played_draw"  # BER-RES-1: a draw by the game's own conditions, played
    INTENTIONAL_DRAW = "intentional_draw"  # INV-ID-1, BER-RES-1 draw by agreement
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
    def is_played(self) -> bool:
        """Games were played to this score (a win or a draw at the table, BER-RES-1), as opposed
        to an agreement, a concession, an auto-win or a double loss."""
        return self.kind in (ResultKind.PLAYED, ResultKind.PLAYED_DRAW)

    @property
    def games_played(self) -> int:
        return self.wins_a + self.wins_b + self.draws

    def swapped(self) -> GameScore:
        return GameScore(self.wins_b, self.wins_a, self.draws, self.kind)

    def text(self) -> str:
        base = f"{self.wins_a}-{self.wins_b}"
        return f"{base}-{self.draws}" if self.draws else base

    def written(self) -> str:
        """The score as it is entered, its kind included where the score alone does not say it
        (BER-RES-1): "1-0 concession", "0-1 auto", "ID"; else :meth:`text`."""
        if self.kind is ResultKind.CONCESSION:
            return f"{self.text()} concession"
        if self.kind is ResultKind.AUTO_WIN:
            return f"{self.text()} auto"
        if self.kind is ResultKind.INTENTIONAL_DRAW and self.games_played == 1:
            return "ID"  # best of one: 0-0-1 alone would read as a played draw
        return self.text()

    @staticmethod
    def intentional_draw(best_of: int = 3) -> GameScore:
        # INV-ID-1: recorded as 0-0-3 in best of three.
        return GameScore(0, 0, best_of, ResultKind.INTENTIONAL_DRAW)


def check_game_score(score: GameScore, best_of: int, rule: str = "INV-STRUCT-3") -> Refusal | None:
    """Refuse a game score impossible for a best-of-``best_of`` match (INV-STRUCT-3); ``rule``
    is the id the refusal cites, the regulation's own (BER-RES-1 for best of one)."""
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
            rule,
            {**params, "to_win": to_win},
        )
    if score.games_played > best_of:
        return Refusal(
            "result",
            N_("%(score)s is %(games)s games; best of %(best_of)s has at most %(most)s"),
            accepted,
            rule,
            {**params, "games": score.games_played, "most": best_of},
        )
    if score.kind is ResultKind.INTENTIONAL_DRAW and (score.wins_a or score.wins_b):
        return Refusal(
            "result", N_("an intentional draw has no game wins"), f"0-0-{best_of}", "INV-ID-1"
        )
    if score.kind in _DECIDED and score.outcome is Outcome.DRAW:
        return Refusal(
            "result",
            N_("%(score)s is a draw, but a result of kind %(kind)s has a winner"),
            accepted,
            "BER-RES-1",
            {**params, "kind": Message(KIND_LABELS[score.kind])},
        )
    if score.kind is ResultKind.PLAYED_DRAW and score.outcome is not Outcome.DRAW:
        return Refusal("result", N_("a played draw has no winner"), accepted, "BER-RES-1", params)
    return None


# The kinds that name how a match was won (BER-RES-1), written after the score.
_DECIDED = frozenset({ResultKind.CONCESSION, ResultKind.AUTO_WIN})
_KIND_WORDS: dict[str, ResultKind] = {
    "CONCESSION": ResultKind.CONCESSION,
    "RESA": ResultKind.CONCESSION,
    "AUTO": ResultKind.AUTO_WIN,
    "AUTO-WIN": ResultKind.AUTO_WIN,
    "AUTOWIN": ResultKind.AUTO_WIN,
}
KIND_LABELS: dict[ResultKind, str] = {
    ResultKind.PLAYED: N_("played"),
    ResultKind.PLAYED_DRAW: N_("played draw"),
    ResultKind.INTENTIONAL_DRAW: N_("intentional draw"),
    ResultKind.CONCESSION: N_("concession"),
    ResultKind.AUTO_WIN: N_("auto win"),
    ResultKind.DOUBLE_LOSS: N_("double loss"),
}


def _accepted(best_of: int) -> Message:
    """The accepted forms, each one a result the checks above let through."""
    to_win = best_of // 2 + 1
    if best_of == 1:  # BER-RES-1
        return Message(
            N_(
                "1-0 or 0-1 (a win), 0-0-1 (a played draw), ID (an intentional draw); "
                "a win by concession or auto-win: 1-0 concession, 0-1 auto"
            )
        )
    examples = f"{to_win}-0, {to_win}-{to_win - 1}, 1-1-1, 0-0-{best_of}"
    return Message(
        N_(
            "W-L or W-L-D with wins 0..%(to_win)s each and at most %(best_of)s games, "
            "e.g. %(examples)s (intentional draw)"
        ),
        {"to_win": to_win, "best_of": best_of, "examples": examples},
    )


def score_kind(wins_a: int, wins_b: int, draws: int, best_of: int) -> ResultKind:
    """The kind a bare score reads as: 0-0-N is INV-ID-1's intentional draw where N = best_of > 1;
    in best of one 0-0-1 is the one game, drawn (BER-RES-1: a played draw). Every other score
    is a match played (1-1-1 in best of three is a draw played, as before)."""
    if wins_a or wins_b or not draws:
        return ResultKind.PLAYED
    if draws == best_of and best_of > 1:
        return ResultKind.INTENTIONAL_DRAW
    return ResultKind.PLAYED_DRAW if best_of == 1 else ResultKind.PLAYED


def swap_written(text: str) -> str:
    """A result as :meth:`GameScore.written` wrote it, seen from the other side: "2-1" is
    "1-2", "1-0 concession" is "0-1 concession"; "ID" and drawn games stay as they are."""
    score_text, _, word = text.partition(" ")
    parts = score_text.split("-")
    if len(parts) < 2:
        return text
    parts[0], parts[1] = parts[1], parts[0]
    return "-".join(parts) + (f" {word}" if word else "")


def parse_game_score(text: str, best_of: int, rule: str = "INV-STRUCT-3") -> GameScore:
    """Parse "2-1", "1-1-1", "0-0-3", "ID", "1-0 concession" or "0-1 auto"; raise a TorneoError
    naming ``result`` otherwise."""
    raw = " ".join(text.strip().upper().split())
    if raw in {"ID", "PI", "PATTA"}:
        return GameScore.intentional_draw(best_of)
    words = raw.rsplit(" ", 1)
    named = _KIND_WORDS.get(words[-1]) if len(words) == 2 else None
    score_text = words[0] if named is not None else raw
    parts = score_text.replace(" ", "").split("-")
    if len(parts) not in (2, 3) or not all(p.isascii() and p.isdigit() for p in parts):
        raise TorneoError(
            "result",
            N_("'%(text)s' is not a game score"),
            _accepted(best_of),
            params={"text": text},
        )
    wins_a, wins_b = int(parts[0]), int(parts[1])
    draws = int(parts[2]) if len(parts) == 3 else 0
    kind = named or score_kind(wins_a, wins_b, draws, best_of)
    score = GameScore(wins_a, wins_b, draws, kind)
    refusal = check_game_score(score, best_of, rule)
    if refusal:
        raise refusal.raise_as()
    return score
