"""Which listed player a row of the vote file is (FAN-DATA-1): by code, then by name.

A row whose code is in the league's list is that player. Otherwise its name is normalised
(:func:`.players.normalise_name`) and compared with the list: one player of that name in the
row's club is taken, and the row goes to the review list (matched by name: check it); several
players, or a name found only in another club, are left unmatched and listed with the
candidates for the administrator, who corrects the file (or the list) and imports it again.
A row of a player the league does not list is listed too: no team can own him.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.fantasy.rules.players import normalise_name
from torneo.fantasy.rules.votes import VoteLine

BY_NAME = "by_name"
AMBIGUOUS = "ambiguous"
OTHER_CLUB = "other_club"
UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Known:
    id: int
    code: str
    norm: str
    club: str


@dataclass(frozen=True, slots=True)
class Review:
    line: int
    code: str
    name: str
    club: str
    status: str
    candidates: tuple[int, ...] = ()


def match_lines(
    lines: Sequence[VoteLine], players: Sequence[Known]
) -> tuple[dict[int, VoteLine], list[Review]]:
    by_code = {p.code: p for p in players}
    by_name: dict[str, list[Known]] = {}
    for p in players:
        by_name.setdefault(p.norm, []).append(p)
    matched: dict[int, VoteLine] = {}
    review: list[Review] = []
    for line in lines:
        known = by_code.get(line.code)
        if known is not None:
            matched[known.id] = line
            continue
        named = by_name.get(normalise_name(line.name), [])
        here = [p for p in named if p.club.casefold() == line.club.casefold()]
        if len(here) == 1 and here[0].id not in matched:
            matched[here[0].id] = line
            review.append(
                Review(line.line, line.code, line.name, line.club, BY_NAME, (here[0].id,))
            )
        elif len(here) > 1:
            ids = tuple(p.id for p in here)
            review.append(Review(line.line, line.code, line.name, line.club, AMBIGUOUS, ids))
        elif named:
            ids = tuple(p.id for p in named)
            review.append(Review(line.line, line.code, line.name, line.club, OTHER_CLUB, ids))
        else:
            review.append(Review(line.line, line.code, line.name, line.club, UNKNOWN))
    return matched, review
