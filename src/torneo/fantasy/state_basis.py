"""What a team's matchday score is computed from, as a digest (issue 32 item 2).

A season's recomputation (:func:`torneo.fantasy.state_scores.rescore_matchdays`) used to
compute and write every score of every matchday: 38 matchdays of 1,000 teams took 16–30 s, most
of it explaining each team's score (FAN-SUB-1, FAN-MOD-1, FAN-PEN-1) and writing the breakdown.
After a correction (a vote, a fixture, a price list, a roster) almost every score stays what it
was. So each stored score keeps the digest of its inputs (``FantasyScore.basis``) and only the
scores whose digest changed are computed and written again. The inputs, everything
:func:`torneo.fantasy.rules.team_score.score_team` and the row read:

- the matchday (:func:`matchday_key`): its stored votes, clubs, facts and official flag, its
  deadline and fixtures (FAN-POST-1), the league's rules, every player's role and club, and the
  scoring code itself (:func:`code_key`: a fix of a rule rescores everything);
- the team: the lineup that stands (its own or the reused one, FAN-LINEUP-1, by its stored
  text), the roster and the sold players at the deadline (:class:`Rosters`), and the
  administrator's penalties of the matchday (FAN-PEN-1).

The digest is BLAKE2b of their text, 128 bits: two different inputs agreeing by chance is not
a concern at this scale.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import cache
from importlib import resources

from torneo.fantasy.state import Matchday
from torneo.presets.fantasy import FantasyRules


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


@cache
def code_key() -> str:
    """The scoring code's text: the rules package and the modules that read the inputs and
    store the scores."""
    package = resources.files("torneo.fantasy.rules")
    texts = [
        entry.read_text(encoding="utf-8")
        for entry in sorted(package.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".py")
    ]
    here = resources.files("torneo.fantasy")
    texts += [here.joinpath(n).read_text("utf-8") for n in ("state_inputs.py", "state_scores.py")]
    return digest("\n".join(texts))


def league_key(rules: FantasyRules, players: Sequence[tuple[int, str, str]]) -> str:
    """The rules and every player's (id, role, club): shared by all matchdays of a league."""
    return digest(f"{code_key()}|{rules.model_dump_json()}|{sorted(players)!r}")


def matchday_key(league: str, day: Matchday, stored: str, official: bool) -> str:
    """``stored``: the matchday's votes, clubs and facts as their stored JSON text (read as
    text, not decoded: a recomputation that changes nothing never decodes a vote file)."""
    fixtures = [[k.isoformat(), home, away] for k, home, away in day.fixtures]
    return digest(f"{league}|{stored}|{official}|{day.deadline.isoformat()}|{fixtures}")


def team_basis(day: str, lineup: str, reused: int | None, roster: str, penalties: str) -> str:
    return digest(f"{day}|{lineup}|{reused}|{roster}|{penalties}")


Holding = tuple[int, datetime, datetime | None]  # player, bought, sold


class Rosters:
    """Each team's roster and sold players at a deadline (FAN-LINEUP-1, issue 28 item 9), as
    :func:`torneo.fantasy.state.holdings_at` gives them, worked out once per team and roster
    change instead of once per team and matchday: the roster at a deadline depends only on
    how many of the team's purchase and sale times fall at or before it."""

    def __init__(self, holdings: dict[int, list[Holding]], roles: dict[int, str]) -> None:
        self._holdings = holdings
        self._roles = roles
        self._times = {
            team: sorted({t for _, bought, sold in rows for t in (bought, sold) if t is not None})
            for team, rows in holdings.items()
        }
        self._at: dict[tuple[int, int], tuple[str, dict[int, str], frozenset[int]]] = {}

    def at(self, team: int, deadline: datetime) -> tuple[str, dict[int, str], frozenset[int]]:
        """(key, roster with roles, sold) of ``team`` at ``deadline``."""
        step = bisect_right(self._times.get(team, ()), deadline)
        found = self._at.get((team, step))
        if found is None:
            found = self._work_out(self._holdings.get(team, ()), deadline)
            self._at[(team, step)] = found
        return found

    def _work_out(
        self, rows: Iterable[Holding], deadline: datetime
    ) -> tuple[str, dict[int, str], frozenset[int]]:
        rows = list(rows)
        roster = {
            player: self._roles[player]
            for player, bought, sold in rows
            if bought <= deadline and (sold is None or sold > deadline)
        }
        sold_by = frozenset(
            player
            for player, _, sold_at in rows
            if sold_at is not None and sold_at <= deadline and player not in roster
        )
        key = digest(f"{sorted(roster)}/{sorted(sold_by)}")  # short: it is in every basis
        return key, roster, sold_by
