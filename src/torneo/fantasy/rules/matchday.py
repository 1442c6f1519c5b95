"""Every listed player's score of one matchday (FAN-SCORE-1, FAN-SV-1, FAN-POST-1), computed
once and shared by every team's lineup (:mod:`.team_score`).

A player with a row in the vote file gets :func:`.scoring.fantavoto`. One without a row: if his
club's match was postponed (FAN-POST-1) the official vote (nothing if suspended); if his club
is in the file, he did not play; if it is not, his match is still to come in a provisional
file (``pending``: neither counted nor replaced yet), and did not play in an official one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from torneo.fantasy.rules.scoring import (
    NOT_COUNTED,
    PENDING_SCORE,
    Fantavoto,
    fantavoto,
    postponed_score,
)
from torneo.fantasy.rules.votes import VoteLine
from torneo.presets.fantasy import FantasyRules


@dataclass(frozen=True, slots=True)
class Facts:
    """What the league knows of a matchday besides the votes."""

    clubs: frozenset[str]  # the clubs whose match is in the file
    official: bool
    minutes: Mapping[int, int]  # player id -> minutes played
    postponed: frozenset[str]  # clubs of postponed matches, both of each (:func:`postponed_clubs`)
    suspended: frozenset[int]  # player ids


def club_key(club: str) -> str:
    """A club's name as compared: spaces and case do not matter ("Hellas  verona")."""
    return " ".join(club.split()).casefold()


def postponed_clubs(named: Iterable[str], fixtures: Iterable[tuple[str, str]]) -> frozenset[str]:
    """FAN-POST-1 (issue 28 item 7): a match is postponed, not a club: the administrator names
    one club ('rinviata; club') and both clubs of its match of the matchday get the official
    vote. A named club without a match in the matchday's fixtures stays as named (the
    fixtures file may not have it yet). Keys as :func:`club_key`."""
    keys = {club_key(c) for c in named}
    out = set(keys)
    for home, away in fixtures:
        if club_key(home) in keys or club_key(away) in keys:
            out |= {club_key(home), club_key(away)}
    return frozenset(out)


def matchday_scores(
    players: Iterable[tuple[int, str, str]],
    lines: Mapping[int, VoteLine],
    facts: Facts,
    rules: FantasyRules,
) -> dict[int, Fantavoto]:
    """``players``: (id, role, club) of the listed players; ``lines``: their rows by id."""
    scores: dict[int, Fantavoto] = {}
    postponed = {club_key(c) for c in facts.postponed}
    for pid, role, club in players:
        if club_key(club) in postponed:
            scores[pid] = postponed_score(rules, suspended=pid in facts.suspended)
        elif pid in lines:
            scores[pid] = fantavoto(lines[pid], role, facts.minutes.get(pid), rules)
        elif club in facts.clubs or facts.official:
            scores[pid] = NOT_COUNTED
        else:
            scores[pid] = PENDING_SCORE
    return scores
