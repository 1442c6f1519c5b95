"""Rating ladders (issue 5 item 5, BER-RANK-1): a rating that moves with every match, shown
beside the points ladder.

A ladder is defined once (its preset, its source of games, the BER-RANK-1 ladder it keeps, a
date range or a season) and recomputed from the finished events whenever asked; the result is
saved as a snapshot (``store.ladder_models``) so pages read it without replaying every game.

Sources (what "a game" is, and which rating moves):
- ``matches``: finished card-game events (``Event``), each a Glicko-2 rating period of its
  reported matches (``domain.season.glicko2``); the points column is the event points
  (BER-PTS-1: the Swiss standing's points), summed.
- ``tables``: finished RisiKo! tournaments, each table a ranking of its players
  (``TableResult.finishing_groups``) rated with openskill's Plackett–Luce model
  (``domain.season.multiplayer_rating``); the points column counts table wins.
- ``placings``: a season's tournaments (imported or played), each tournament's final placings
  one ranking rated with openskill; the points column is the season points (void ones give 0).

Decisions where the rules are silent:
- BER-RANK-1: an event feeds the ladder its deck format declares in the preset
  (``[judging.deck_formats.<key>] ladder = ...``); the event's format is the one its judges set
  (``JudgingConfig.deck_format``), else the preset's default. A ladder with no BER-RANK-1 ladder
  takes every event of its preset.
- Only games actually played move a rating: byes, intentional draws, auto-wins and double
  losses are left out (like unplayed games in chess rating); a concession is a played game.
- Order of a ``matches`` ladder: points, then the rating, then events, more first, then player
  id (the order ``domain.season.ladders`` documents); ``tables`` and ``placings`` ladders are
  ratings first: the conservative value (mu − 3σ), then games, then player id. The displayed
  rank is dense on the first key (INV-RANK-2 style).
- The value shown and charted is the conservative one (Glicko-2: rating − 2·RD; openskill:
  mu − 3σ), so a newcomer with two lucky wins does not top the ladder.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state import get_event, tournament_of
from torneo.cards.tables import Event
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name
from torneo.engines.ranking import dense_ranks
from torneo.engines.results import Outcome, ResultKind
from torneo.platform.guards import ORGANIZER, require
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset
from torneo.seasons.rules.dates import parse_day
from torneo.seasons.rules.glicko2 import Glicko2Match, Glicko2Rating, rate_period
from torneo.seasons.rules.multiplayer_rating import TableRating, rate_table
from torneo.seasons.tables import Season, SeasonTournament
from torneo.seasons.tables_ladders import LadderEntry, RatingLadder

Source = Literal["matches", "tables", "placings"]
SOURCES: tuple[Source, ...] = ("matches", "tables", "placings")
LADDERS = ("professional", "amateur")  # BER-RANK-1
_UNPLAYED = frozenset({ResultKind.INTENTIONAL_DRAW, ResultKind.AUTO_WIN, ResultKind.DOUBLE_LOSS})
_SCORE = {Outcome.WIN_A: 1.0, Outcome.WIN_B: 0.0, Outcome.DRAW: 0.5}
RISIKO_FINISHED = "finished"


# --- values ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LadderCard:
    id: int
    name: str
    preset: str
    source: str
    ladder: str | None
    season: str | None
    starts_on: date | None
    ends_on: date | None
    events: int
    games: int
    players: int
    computed_at: Any  # datetime | None


@dataclass(frozen=True, slots=True)
class LadderLine:
    position: int
    rank: int
    player_id: int
    player: str
    club: str | None
    points: int
    events: int
    games: int
    rating: float  # Glicko-2 rating or openskill mu
    deviation: float  # RD or sigma
    volatility: float | None
    shown: float  # the conservative value
    history: tuple[tuple[date, float], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "rank": self.rank,
            "player_id": self.player_id,
            "player": self.player,
            "club": self.club,
            "points": self.points,
            "events": self.events,
            "games": self.games,
            "rating": round(self.rating, 2),
            "deviation": round(self.deviation, 2),
            "volatility": round(self.volatility, 6) if self.volatility is not None else None,
            "shown": round(self.shown, 2),
        }


@dataclass(frozen=True, slots=True)
class LadderView:
    card: LadderCard
    rating_name: str  # "Glicko-2" or "openskill (Plackett–Luce)"
    lines: tuple[LadderLine, ...]


@dataclass(frozen=True, slots=True)
class RatingBeside:
    """A player's rating on the ladder linked to a season (shown beside the points)."""

    ladder: str
    shown: float
    rating: float
    deviation: float


# --- computing (pure over loaded rows) -------------------------------------------------------


@dataclass(slots=True)
class _Tally:
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


_Line = tuple[int, _Tally, float, float, float | None, float]  # player, tally, r, d, vol, shown


@dataclass(frozen=True, slots=True)
class _Computed:
    events: int
    games: int
    lines: list[_Line]


def _glicko_period(
    ratings: dict[PlayerId, Glicko2Rating],
    tallies: dict[int, _Tally],
    day: date,
    points: dict[PlayerId, int],
    matches: Sequence[Glicko2Match],
) -> None:
    present = set(points) | {m.player_a for m in matches} | {m.player_b for m in matches}
    for pid in present:
        tally = tallies.setdefault(int(pid), _Tally())
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
    tallies: dict[int, _Tally],
    day: date,
    groups: Sequence[Sequence[PlayerId]],
) -> None:
    players = [p for g in groups for p in g]
    if len(players) < 2:
        return
    ratings.update(rate_table(ratings, [tuple(g) for g in groups]))
    for pid in players:
        tally = tallies.setdefault(int(pid), _Tally())
        tally.games += 1
        tally.mark(day, ratings[pid].ordinal)


# --- loading the games -----------------------------------------------------------------------


def _formats(preset: str) -> tuple[dict[str, str | None], str | None]:
    """BER-RANK-1 as data: each deck format of the preset → the ladder it feeds; the default."""
    judging = load_preset(preset).judging
    if judging is None:
        return {}, None
    feeds = {
        key: (fmt.ladder.value if fmt.ladder is not None else None)
        for key, fmt in judging.deck_formats.items()
    }
    return feeds, judging.default_deck_format


def _event_format(session: Session, event: Event, default: str | None) -> str | None:
    """The event's deck format: the one its judges set, else the preset's default."""
    from torneo.judging.tables import JudgingConfig

    config = session.scalars(
        select(JudgingConfig).where(JudgingConfig.event_id == event.id)
    ).first()
    if config is not None and config.deck_format:
        return config.deck_format
    return default


def _in_range(day: date, start: date | None, end: date | None) -> bool:
    return (start is None or day >= start) and (end is None or day <= end)


def _from_matches(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> _Computed:
    ruleset = load_preset(ladder.preset)
    feeds, default = _formats(ladder.preset)
    ids = session.scalars(
        select(Event.id)
        .where(Event.preset == ladder.preset, Event.status == EventStatus.FINISHED.value)
        .order_by(Event.held_on, Event.id)
    ).all()
    ratings: dict[PlayerId, Glicko2Rating] = {}
    tallies: dict[int, _Tally] = {}
    events = games = 0
    for event_id in ids:
        event = get_event(session, event_id)
        if not _in_range(event.held_on, start, end):
            continue
        if ladder.ladder is not None:
            # a format feeds the ladder its preset declares (deck_formats.<key>.ladder)
            fmt_key = _event_format(session, event, default)
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
    lines: list[_Line] = []
    for pid, tally in tallies.items():
        r = ratings.get(PlayerId(pid), Glicko2Rating())
        lines.append((pid, tally, r.rating, r.rd, r.volatility, r.conservative))
    lines.sort(key=lambda x: (-x[1].points, -x[2], -x[1].events, x[0]))
    return _Computed(events, games, lines)


def _from_tables(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> _Computed:
    from torneo.risiko.state import result_of
    from torneo.risiko.tables import RisikoTournament

    rows = session.scalars(
        select(RisikoTournament)
        .where(
            RisikoTournament.preset == ladder.preset,
            RisikoTournament.status == RISIKO_FINISHED,
        )
        .order_by(RisikoTournament.held_on, RisikoTournament.id)
    ).all()
    ratings: dict[PlayerId, TableRating] = {}
    tallies: dict[int, _Tally] = {}
    events = games = 0
    for row in rows:
        if not _in_range(row.held_on, start, end):
            continue
        events += 1
        present: set[int] = set()
        for res in row.results:
            table = result_of(res)
            groups = table.finishing_groups()
            _table_update(ratings, tallies, row.held_on, groups)
            games += 1
            for w in table.winners:
                tallies[int(w)].points += 1
            present |= {int(p) for g in groups for p in g}
        for pid in present:
            tallies[pid].events += 1
    return _Computed(events, games, _table_lines(ratings, tallies))


def _table_lines(ratings: dict[PlayerId, TableRating], tallies: dict[int, _Tally]) -> list[_Line]:
    lines: list[_Line] = []
    for pid, tally in tallies.items():
        r = ratings.get(PlayerId(pid), TableRating())
        lines.append((pid, tally, r.mu, r.sigma, None, r.ordinal))
    lines.sort(key=lambda x: (-x[5], -x[1].games, x[0]))
    return lines


def _from_placings(
    session: Session, ladder: RatingLadder, start: date | None, end: date | None
) -> _Computed:
    if ladder.season_id is None:
        raise TorneoError("season", "a placings ladder needs a season", "the name of a season")
    tournaments = session.scalars(
        select(SeasonTournament)
        .where(SeasonTournament.season_id == ladder.season_id)
        .order_by(SeasonTournament.held_on, SeasonTournament.id)
    ).all()
    ratings: dict[PlayerId, TableRating] = {}
    tallies: dict[int, _Tally] = {}
    events = games = 0
    for t in tournaments:
        if t.void or not _in_range(t.held_on, start, end):
            continue  # INV-LEGAL-8: a void tournament counts for nothing
        by_place: dict[int, list[PlayerId]] = {}
        for r in t.results:
            by_place.setdefault(r.place, []).append(PlayerId(r.player_id))
            tally = tallies.setdefault(r.player_id, _Tally())
            tally.points += r.points
            tally.events += 1
        groups = [by_place[p] for p in sorted(by_place)]
        _table_update(ratings, tallies, t.held_on, groups)
        events += 1
        games += 1
    return _Computed(events, games, _table_lines(ratings, tallies))


def _first_key(ladder: RatingLadder, line: _Line) -> object:
    return line[1].points if ladder.source == "matches" else round(line[5], 2)


# --- use cases -------------------------------------------------------------------------------


def _find(session: Session, name: str, *, for_update: bool = False) -> RatingLadder | None:
    stmt = select(RatingLadder).where(
        func.lower(RatingLadder.name) == " ".join(name.split()).lower()
    )
    if for_update:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


def _get(session: Session, name: str, *, for_update: bool = False) -> RatingLadder:
    ladder = _find(session, name, for_update=for_update)
    if ladder is None:
        raise NotFound("ladder", f"no ladder named '{name}'", "the name of an existing ladder")
    return ladder


def _season_id(session: Session, name: str) -> Season:
    season = session.scalars(
        select(Season).where(func.lower(Season.name) == " ".join(name.split()).lower())
    ).first()
    if season is None:
        raise NotFound("season", f"no season named '{name}'", "the name of an existing season")
    return season


def create_ladder(
    store: Store,
    actor: Actor,
    *,
    name: str,
    preset: str,
    source: str,
    ladder: str | None = None,
    season: str | None = None,
    start: str | date | None = None,
    end: str | date | None = None,
) -> int:
    """Define a ladder (it is empty until :func:`recompute_ladder` runs)."""
    require(actor, ORGANIZER)
    clean = clean_name("name", name)
    if source not in SOURCES:
        raise TorneoError("source", f"'{source}' is not a source of games", ", ".join(SOURCES))
    ruleset = load_preset(preset)  # an unknown preset is refused here
    expected = {"matches": "card", "tables": "risiko", "placings": "card"}[source]
    if ruleset.discipline != expected:
        raise TorneoError(
            "preset",
            f"'{preset}' is a {ruleset.discipline} preset; {source} ladders rate {expected} games",
            f"a {expected} preset",
        )
    chosen = ladder.strip().lower() if ladder and ladder.strip() else None
    if chosen is not None:
        if chosen not in LADDERS:
            raise TorneoError("ladder", f"'{ladder}' is not a ladder", ", ".join(LADDERS))
        feeds = {v for v in _formats(preset)[0].values() if v}
        if chosen not in feeds:
            raise TorneoError(
                "ladder",
                f"no format of '{preset}' feeds the {chosen} ladder (BER-RANK-1)",
                ", ".join(sorted(feeds)) or "no ladder: leave it empty",
            )
    first = start if isinstance(start, date) or start is None else parse_day("start", start)
    last = end if isinstance(end, date) or end is None else parse_day("end", end)
    if first is not None and last is not None and last < first:
        raise TorneoError(
            "end",
            f"the ladder ends on {last.isoformat()}, before it starts on {first.isoformat()}",
            f"an end on or after {first.isoformat()}",
        )
    with store.unit(actor) as uow:
        season_row = _season_id(uow.session, season) if season and season.strip() else None
        if source == "placings" and season_row is None:
            raise TorneoError("season", "a placings ladder needs a season", "a season's name")
        if season_row is not None and season_row.preset != preset:
            raise Conflict(
                "season",
                f"season '{season_row.name}' follows '{season_row.preset}', not '{preset}'",
                season_row.preset,
            )
        if _find(uow.session, clean) is not None:
            raise Conflict("name", f"a ladder named '{clean}' exists", "another name")
        row = RatingLadder(
            name=clean,
            preset=preset,
            source=source,
            ladder=chosen,
            season_id=season_row.id if season_row else None,
            starts_on=first,
            ends_on=last,
            events=0,
            games=0,
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        uow.audit(
            "ladder.create",
            "ladder",
            row.id,
            after={
                "name": clean,
                "preset": preset,
                "source": source,
                "ladder": chosen,
                "season": season_row.name if season_row else None,
                "start": first.isoformat() if first else None,
                "end": last.isoformat() if last else None,
            },
        )
        return row.id


@dataclass(frozen=True, slots=True)
class RecomputeSummary:
    ladder: str
    events: int
    games: int
    players: int


def recompute_ladder(store: Store, actor: Actor, name: str) -> RecomputeSummary:
    """Replay every game of the ladder's events in date order; save the new table."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        ladder = _get(uow.session, name, for_update=True)
        start, end = ladder.starts_on, ladder.ends_on
        if ladder.season_id is not None and start is None and end is None:
            season = uow.session.get(Season, ladder.season_id)
            if season is not None:
                start, end = season.starts_on, season.ends_on
        compute = {"matches": _from_matches, "tables": _from_tables, "placings": _from_placings}
        computed = compute[ladder.source](uow.session, ladder, start, end)
        before = {"events": ladder.events, "games": ladder.games, "players": len(ladder.entries)}
        ladder.entries.clear()
        uow.session.flush()
        ranks = dense_ranks([_first_key(ladder, line) for line in computed.lines])
        for position, (line, rank) in enumerate(zip(computed.lines, ranks, strict=True), 1):
            pid, tally, rating, deviation, volatility, shown = line
            ladder.entries.append(
                LadderEntry(
                    player_id=pid,
                    position=position,
                    rank=rank,
                    points=tally.points,
                    events=tally.events,
                    games=tally.games,
                    rating=rating,
                    deviation=deviation,
                    volatility=volatility,
                    shown=shown,
                    history=[[d.isoformat(), round(v, 3)] for d, v in tally.history or []],
                )
            )
        ladder.events, ladder.games, ladder.computed_at = computed.events, computed.games, uow.now
        uow.audit(
            "ladder.recompute",
            "ladder",
            ladder.id,
            before=before,
            after={
                "events": computed.events,
                "games": computed.games,
                "players": len(computed.lines),
            },
        )
        return RecomputeSummary(ladder.name, computed.events, computed.games, len(computed.lines))


def _card(session: Session, ladder: RatingLadder, players: int) -> LadderCard:
    season = session.get(Season, ladder.season_id) if ladder.season_id else None
    return LadderCard(
        id=ladder.id,
        name=ladder.name,
        preset=ladder.preset,
        source=ladder.source,
        ladder=ladder.ladder,
        season=season.name if season else None,
        starts_on=ladder.starts_on,
        ends_on=ladder.ends_on,
        events=ladder.events,
        games=ladder.games,
        players=players,
        computed_at=ladder.computed_at,
    )


def list_ladders(store: Store) -> list[LadderCard]:
    with store.read() as session:
        counts: dict[int, int] = {
            lid: int(n)
            for lid, n in session.execute(
                select(LadderEntry.ladder_id, func.count(LadderEntry.id)).group_by(
                    LadderEntry.ladder_id
                )
            )
        }
        ladders = session.scalars(select(RatingLadder).order_by(RatingLadder.name)).all()
        return [_card(session, lad, counts.get(lad.id, 0)) for lad in ladders]


def ladder_view(store: Store, name: str) -> LadderView:
    with store.read() as session:
        ladder = _get(session, name)
        lines = tuple(
            LadderLine(
                position=e.position,
                rank=e.rank,
                player_id=e.player_id,
                player=e.player.name,
                club=e.player.club,
                points=e.points,
                events=e.events,
                games=e.games,
                rating=e.rating,
                deviation=e.deviation,
                volatility=e.volatility,
                shown=e.shown,
                history=tuple((date.fromisoformat(d), float(v)) for d, v in e.history or ()),
            )
            for e in ladder.entries
        )
        rating = "Glicko-2" if ladder.source == "matches" else "openskill (Plackett–Luce)"
        return LadderView(_card(session, ladder, len(lines)), rating, lines)


def season_ratings(store: Store, season_id: int) -> dict[int, RatingBeside]:
    """The ratings of the first computed ladder linked to the season (empty when none)."""
    with store.read() as session:
        ladder = session.scalars(
            select(RatingLadder)
            .where(RatingLadder.season_id == season_id, RatingLadder.computed_at.is_not(None))
            .order_by(RatingLadder.id)
        ).first()
        if ladder is None:
            return {}
        rows = session.execute(
            select(
                LadderEntry.player_id, LadderEntry.shown, LadderEntry.rating, LadderEntry.deviation
            ).where(LadderEntry.ladder_id == ladder.id)
        )
        return {pid: RatingBeside(ladder.name, s, r, d) for pid, s, r, d in rows}


__all__ = [
    "LADDERS",
    "SOURCES",
    "LadderCard",
    "LadderLine",
    "LadderView",
    "RatingBeside",
    "RecomputeSummary",
    "create_ladder",
    "ladder_view",
    "list_ladders",
    "recompute_ladder",
    "season_ratings",
]
