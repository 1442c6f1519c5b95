"""Small builders for standings tests: entrants and matches written the way a judge reads them."""

from __future__ import annotations

from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import parse_game_score


def entrants(*ids: int) -> list[Entrant]:
    return [Entrant(PlayerId(i), f"P{i}") for i in ids]


def match(
    round_no: int, a: int, b: int | None, score: str | None = None, stage: Stage = Stage.SWISS
) -> MatchRecord:
    """``match(1, 3, 4, "2-1")``; ``match(2, 5, None)`` is a bye; ``score=None`` is unreported."""
    return MatchRecord(
        round_no=round_no,
        table=1,
        player_a=PlayerId(a),
        player_b=None if b is None else PlayerId(b),
        score=None if score is None else parse_game_score(score, 3),
        stage=stage,
    )


def pid(i: int) -> PlayerId:
    return PlayerId(i)
