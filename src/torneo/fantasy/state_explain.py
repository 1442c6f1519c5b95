"""One team's matchday score explained when it is read (issue 32 item 2).

A recomputation stores totals only (:mod:`.state_scores`); the score page asks how a total came
about: who scored what (FAN-SCORE-1, FAN-SV-1, FAN-POST-1), who came on for whom (FAN-SUB-1),
the defence modifier (FAN-MOD-1), the penalties (FAN-PEN-1). That is worked out here, for one
team, from the same inputs the recomputation read (:mod:`.state_inputs`) by the rules'
explaining function (:func:`torneo.fantasy.rules.team_score.score_team`). Its total equals the
stored one whenever the inputs' digest is the stored digest (``current``); after a correction
not yet recomputed (a price list, the fixtures, the scoring code) the page explains the
current inputs and says the stored total is behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from torneo.fantasy.rules.team_score import TeamScore, score_team
from torneo.fantasy.state import find_matchday
from torneo.fantasy.state_inputs import (
    load_inputs,
    matchday_keys,
    parse_lineup,
    penalties_of,
    player_scores,
    team_inputs,
)
from torneo.fantasy.tables import FantasyLeague, FantasyMatchday


@dataclass(frozen=True, slots=True)
class Explained:
    score: TeamScore | None  # None: the team has never given a lineup
    reused: int | None  # FAN-LINEUP-1: the matchday whose lineup stood instead of its own
    basis: str  # the digest of the inputs (state_basis)

    @property
    def eligible(self) -> bool:
        """FAN-LINEUP-1: its own lineup, so it may win the week's stage."""
        return self.score is not None and self.reused is None


def explain(session: Session, league: FantasyLeague, team: int, data: FantasyMatchday) -> Explained:
    """``team``'s score of ``data``'s matchday, explained."""
    number = data.matchday
    loaded = load_inputs(session, league, team)
    key = matchday_keys(session, league, loaded, [number])[number]
    day = find_matchday(loaded.calendar, number)
    penalties = penalties_of(session, league, [number], team).get((number, team), ())
    got = team_inputs(loaded, day, key, team, penalties)
    if got.text is None:
        return Explained(None, None, got.basis)
    score = score_team(
        parse_lineup(got.text),
        got.roster,
        loaded.roles,
        player_scores(loaded, day, data),
        loaded.rules,
        got.penalties,
        got.sold,
    )
    return Explained(score, got.reused, got.basis)
