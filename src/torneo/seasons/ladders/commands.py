"""Rating ladders (issue 5 item 5, BER-RANK-1): a rating that moves with every match, shown
beside the points ladder.

A ladder is defined once (its preset, its source of games, the BER-RANK-1 ladder it keeps, a
date range or a season) and recomputed from the finished events whenever asked; the result is
saved as a snapshot (``ladder_entries``) so pages read it without replaying every game
(:mod:`torneo.seasons.ladders.views`). How each source's games move the ratings is in
:mod:`torneo.seasons.commands_ratings`.

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

from dataclasses import dataclass
from datetime import date
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import clean_name
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.engines.ranking import dense_ranks
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset
from torneo.seasons.commands_ratings import compute_ladder, first_key, ladder_formats
from torneo.seasons.ladders.tables import LadderEntry, RatingLadder
from torneo.seasons.rules.dates import parse_day
from torneo.seasons.state_access import LADDER, authorize_ladder
from torneo.seasons.state_named import season_named
from torneo.seasons.tables import Season

Source = Literal["matches", "tables", "placings"]
SOURCES: tuple[Source, ...] = ("matches", "tables", "placings")
LADDERS = ("professional", "amateur")  # BER-RANK-1


def _find(session: Session, name: str, *, for_update: bool = False) -> RatingLadder | None:
    stmt = select(RatingLadder).where(
        func.lower(RatingLadder.name) == " ".join(name.split()).lower()
    )
    if for_update:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


def get_ladder(session: Session, name: str, *, for_update: bool = False) -> RatingLadder:
    """The ladder named ``name`` (any case, spaces collapsed); NotFound when there is none."""
    ladder = _find(session, name, for_update=for_update)
    if ladder is None:
        raise NotFound(
            "ladder",
            N_("no ladder named '%(name)s'"),
            N_("the name of an existing ladder"),
            params={"name": name},
        )
    return ladder


def _season_id(session: Session, name: str | int, actor: Actor) -> Season:
    # issue 27: names are per club; the API names the season by its id
    season = session.get(Season, name) if isinstance(name, int) else None
    if not isinstance(name, int):
        season = season_named(session, name, actor=actor)
    if season is None:
        raise NotFound(
            "season",
            N_("no season named '%(name)s'"),
            N_("the name of an existing season"),
            params={"name": name},
        )
    return season


def _check_source(source: str, preset: str) -> None:
    """A known source of games, and a preset of the discipline whose games it rates."""
    if source not in SOURCES:
        raise TorneoError(
            "source",
            N_("'%(source)s' is not a source of games"),
            ", ".join(SOURCES),  # source ids, the same in every language
            params={"source": source},
        )
    ruleset = load_preset(preset)  # an unknown preset is refused here
    expected = {"matches": "card", "tables": "risiko", "placings": "card"}[source]
    if ruleset.discipline != expected:
        raise TorneoError(
            "preset",
            N_(
                "'%(preset)s' is a %(discipline)s preset; %(source)s ladders rate %(expected)s games"
            ),
            N_("a %(expected)s preset"),
            params={
                "preset": preset,
                "discipline": ruleset.discipline,
                "source": source,
                "expected": expected,
            },
        )


def _chosen_ladder(ladder: str | None, preset: str) -> str | None:
    """BER-RANK-1: the ladder kept, one that a deck format of the preset feeds (None: every
    event of the preset)."""
    chosen = ladder.strip().lower() if ladder and ladder.strip() else None
    if chosen is None:
        return None
    if chosen not in LADDERS:
        raise TorneoError(
            "ladder",
            N_("'%(ladder)s' is not a ladder"),
            ", ".join(LADDERS),  # ladder ids, the same in every language
            params={"ladder": ladder},
        )
    feeds = {v for v in ladder_formats(preset)[0].values() if v}
    if chosen not in feeds:
        raise TorneoError(
            "ladder",
            N_("no format of '%(preset)s' feeds the %(ladder)s ladder (BER-RANK-1)"),
            ", ".join(sorted(feeds)) or N_("no ladder: leave it empty"),
            params={"preset": preset, "ladder": chosen},
        )
    return chosen


def _dates(start: str | date | None, end: str | date | None) -> tuple[date | None, date | None]:
    first = start if isinstance(start, date) or start is None else parse_day("start", start)
    last = end if isinstance(end, date) or end is None else parse_day("end", end)
    if first is not None and last is not None and last < first:
        raise TorneoError(
            "end",
            N_("the ladder ends on %(end)s, before it starts on %(start)s"),
            N_("an end on or after %(start)s"),
            params={"end": last.isoformat(), "start": first.isoformat()},
        )
    return first, last


def create_ladder(
    store: Store,
    actor: Actor,
    *,
    name: str,
    preset: str,
    source: str,
    ladder: str | None = None,
    season: str | int | None = None,
    start: str | date | None = None,
    end: str | date | None = None,
    club: int | str | None = None,
) -> int:
    precheck(actor, Action.MANAGE)
    """Define a ladder of ``club`` (it is empty until :func:`recompute_ladder` runs)."""
    clean = clean_name("name", name)
    _check_source(source, preset)
    chosen = _chosen_ladder(ladder, preset)
    first, last = _dates(start, end)
    with store.unit(actor) as uow:
        season_row = (
            _season_id(uow.session, season, actor)
            if isinstance(season, int) or (season and season.strip())
            else None
        )
        if source == "placings" and season_row is None:
            raise TorneoError(
                "season", N_("a placings ladder needs a season"), N_("a season's name")
            )
        if season_row is not None and season_row.preset != preset:
            raise Conflict(
                "season",
                N_("season '%(season)s' follows '%(preset)s', not '%(other)s'"),
                "%(preset)s",
                params={"season": season_row.name, "preset": season_row.preset, "other": preset},
            )
        if _find(uow.session, clean) is not None:
            raise Conflict(
                "name",
                N_("a ladder named '%(name)s' exists"),
                N_("another name"),
                params={"name": clean},
            )
        row = RatingLadder(
            club_id=owning_club(uow.session, actor, club, LADDER),
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
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        ladder = get_ladder(uow.session, name, for_update=True)
        authorize_ladder(actor, ladder)
        start, end = ladder.starts_on, ladder.ends_on
        if ladder.season_id is not None and start is None and end is None:
            season = uow.session.get(Season, ladder.season_id)
            if season is not None:
                start, end = season.starts_on, season.ends_on
        computed = compute_ladder(uow.session, ladder, start, end)
        before = {"events": ladder.events, "games": ladder.games, "players": len(ladder.entries)}
        ladder.entries.clear()
        uow.session.flush()
        ranks = dense_ranks([first_key(ladder, line) for line in computed.lines])
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


__all__ = [
    "LADDERS",
    "SOURCES",
    "RecomputeSummary",
    "create_ladder",
    "get_ladder",
    "recompute_ladder",
]
