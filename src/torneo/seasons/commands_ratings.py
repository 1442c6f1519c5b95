"""The games of a rating ladder replayed into ratings (issue 5 item 5, BER-RANK-1).

Each source of games reads its finished events in date order and moves the ratings:

- ``matches``: finished card-game events (``Event``), each a Glicko-2 rating period of its
  reported matches (:mod:`torneo.seasons.rules.glicko2`); the points column is the event points
  (BER-PTS-1: the Swiss standing's points), summed.
- ``tables``: finished RisiKo! tournaments, each table a ranking of its players rated with
  openskill's Plackett–Luce model (:mod:`torneo.seasons.rules.multiplayer_rating`); the points
  column counts table wins. RisiKo! hands them out through its declared interface
  (:mod:`torneo.risiko.views_finished`).
- ``placings``: a season's tournaments (imported or played), each tournament's final placings
  one ranking rated with openskill; the points column is the season points (void ones give 0).

An event's deck format (BER-RANK-1) is the one its judges set, asked of judging's declared
interface (:mod:`torneo.judging.views_formats`), else the preset's default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state import get_event, tournament_of
from torneo.cards.tables import Event
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.results import Outcome, ResultKind
from torneo.judging.views_formats import deck_format
from torneo.presets import load_preset
from torneo.risiko.views_finished import finished_tournaments
from torneo.seasons.ladders.tables import RatingLadder
from torneo.seasons.rules.glicko2 import Glicko2Match, Glicko2Rating, rate_period
from torneo.seasons.rules.multiplayer_rating import TableRating, rate_table
from torneo.seasons.tables import SeasonTournament

_UNPLAYED = frozenset({ResultKind.INTENTIONAL_DRAW, ResultKind.AUTO_WIN, ResultKind.DOUBLE_LOSS})
_SCORE = {Outcome.WIN_A: 1.0, Outcome.WIN_B: 0.0, Outcome.DRAW: 0.5}


@dataclass(slots=True)
class Tally:
    """One player's counts on a ladder and the conservative value after each day."""

    points: int = 0
    events: int = 0
    games: int = 0
    history: list[tuple[date, float]] | None = None

    def mark(self, day: date, shown: float) -> None:
        if self.history is None:
            self.history = []
        if self.history and self.history[-1][0] == day:
            self.history[-1] = (day, shown)
        else:
            self.history.append((day, shown))


Line = tuple[int, Tally, float, float, float | None, float]  # player, tally, r, d, vol, shown


@dataclass(frozen=True, slots=True)
class Computed:
    events: int
    games: int
    lines: list[Line]


def _glicko_period(
    ratings: dict[PlayerId, Glicko2Rating],
    tallies: dict[int, Tally],
    day: date,
    points: dict[PlayerId, int],
    matches: Sequence[Glicko2Match],
) -> None:
    present = set(points) | {m.player_a for m in matches} | {m.player_b for m in matches}
    for pid in present:
        tally = tallies.setdefault(int(pid), Tally())
        tally.events += 1
        tally.points += points.get(pid, 0)
    for m in matches:
        tallies[int(m.player_a)].games += 1
        tallies[int(m.player_b)].games += 1
    if matches:
        # One event, one rating period; only its players form it (domain.season.ladders).
        before = {pid: ratings.get(pid, Glicko2Rating()) for pid in present}
        ratings.update(rate_period(before, matches))
    for pid in present:
        r = ratings.get(pid, Glicko2Rating())
        tallies[int(pid)].mark(day, r.conservative)


def _table_update(
    ratings: dict[PlayerId, TableRating],
    tallies: dict[int, Tally],
    day: date,
    groups: Sequence[Sequence[PlayerId]],
) -> None:
    players = [p for g in groups for p in g]
    if len(players) < 2:
        return
    ratings.update(rate_table(ratings, [tuple(g) for g in groups]))
    for pid in players:
        tally = tallies.setdefault(int(pid), Tally())
        tally.games += 1
        tally.mark(day, ratings[pid].ordinal)


# --- loading the games -----------------------------------------------------------------------


def ladder_formats(preset: str) -> tuple[dict[str, str | None], str | None]:
    """BER-RANK-1 as data: each deck format of the preset → the ladder it feeds; the default."""
    judging = load_preset(preset).judging
    if judging is None:
        return {}, None
    feeds = {
        key: (fmt.ladder.value if fmt.ladder is not None else None)
        for key, fmt in judging.deck_formats.items()
    }
    return feeds, judging.default_deck_format


def _in_range(day: date, start: date | None, end: date | None) -> bool:
    return (start is None or day >= start) and (end is None or day <= end)


def _from_matches(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> Computed:
    ruleset = load_preset(ladder.preset)
    feeds, default = ladder_formats(ladder.preset)
    ids = session.scalars(
        select(Event.id)
        .where(Event.preset == ladder.preset, Event.status == EventStatus.FINISHED.value)
        .order_by(Event.held_on, Event.id)
    ).all()
    ratings: dict[PlayerId, Glicko2Rating] = {}
    tallies: dict[int, Tally] = {}
    events = games = 0
    for event_id in ids:
        event = get_event(session, event_id)
        if not _in_range(event.held_on, start, end):
            continue
        if ladder.ladder is not None:
            # a format feeds the ladder its preset declares (deck_formats.<key>.ladder); the
            # event's format is the one its judges set, else the preset's default
            fmt_key = deck_format(session, event.id) or default
            if fmt_key is None or feeds.get(fmt_key) != ladder.ladder:
                continue
        t = tournament_of(event, ruleset)
        rows = engines.current_standings(t, ruleset, event.seed)
        points = {r.player_id: r.points for r in rows}
        matches = [
            Glicko2Match(m.player_a, m.player_b, _SCORE[m.score.outcome])
            for m in t.matches
            if m.player_b is not None and m.score is not None and m.score.kind not in _UNPLAYED
        ]
        _glicko_period(ratings, tallies, event.held_on, points, matches)
        events += 1
        games += len(matches)
    lines: list[Line] = []
    for pid, tally in tallies.items():
        r = ratings.get(PlayerId(pid), Glicko2Rating())
        lines.append((pid, tally, r.rating, r.rd, r.volatility, r.conservative))
    lines.sort(key=lambda x: (-x[1].points, -x[2], -x[1].events, x[0]))
    return Computed(events, games, lines)


def _from_tables(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> Computed:
    ratings: dict[PlayerId, TableRating] = {}
    tallies: dict[int, Tally] = {}
    events = games = 0
    for tournament in finished_tournaments(session, ladder.preset):
        if not _in_range(tournament.held_on, start, end):
            continue
        events += 1
        present: set[int] = set()
        for table in tournament.tables:
            _table_update(ratings, tallies, tournament.held_on, table.groups)
            games += 1
            for w in table.winners:
                tallies[int(w)].points += 1
            present |= {int(p) for g in table.groups for p in g}
        for pid in present:
            tallies[pid].events += 1
    return Computed(events, games, _table_lines(ratings, tallies))


def _table_lines(ratings: dict[PlayerId, TableRating], tallies: dict[int, Tally]) -> list[Line]:
    lines: list[Line] = []
    for pid, tally in tallies.items():
        r = ratings.get(PlayerId(pid), TableRating())
        lines.append((pid, tally, r.mu, r.sigma, None, r.ordinal))
    lines.sort(key=lambda x: (-x[5], -x[1].games, x[0]))
    return lines


def _from_placings(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> Computed:
    if ladder.season_id is None:
        raise TorneoError(
            "season", N_("a placings ladder needs a season"), N_("the name of a season")
        )
    tournaments = session.scalars(
        select(SeasonTournament)
        .where(SeasonTournament.season_id == ladder.season_id)
        .order_by(SeasonTournament.held_on, SeasonTournament.id)
    ).all()
    ratings: dict[PlayerId, TableRating] = {}
    tallies: dict[int, Tally] = {}
    events = games = 0
    for t in tournaments:
        if t.void or not _in_range(t.held_on, start, end):
            continue  # INV-LEGAL-8: a void tournament counts for nothing
        by_place: dict[int, list[PlayerId]] = {}
        for r in t.results:
            by_place.setdefault(r.place, []).append(PlayerId(r.player_id))
            tally = tallies.setdefault(r.player_id, Tally())
            tally.points += r.points
            tally.events += 1
        groups = [by_place[p] for p in sorted(by_place)]
        _table_update(ratings, tallies, t.held_on, groups)
        events += 1
        games += 1
    return Computed(events, games, _table_lines(ratings, tallies))


def compute_ladder(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> Computed:
    """Every game of the ladder's source between ``start`` and ``end``, replayed in date order."""
    compute = {"matches": _from_matches, "tables": _from_tables, "placings": _from_placings}
    return compute[ladder.source](session, ladder, start, end)


def first_key(ladder: RatingLadder, line: Line) -> object:
    """What the displayed (dense) rank is on: points for ``matches``, else the rating."""
    return line[1].points if ladder.source == "matches" else round(line[5], 2)


__all__ = ["Computed", "Line", "Tally", "compute_ladder", "first_key", "ladder_formats"]
