"""Tournaments entering a season (issue 5): what they carry, what refuses them, their rows.

A tournament comes from a spreadsheet (``import_season_csv``) or from a finished event
(``add_finished_event_to_season``) as a :class:`TournamentInput`; :func:`check_facts` lists every
problem that refuses the whole change (a tournament *outside the season*, INV-SEASON-1, does not
belong to it at all, and a spreadsheet with it is most likely the wrong file), and
:func:`put_tournament` writes its rows inside the use case's unit of work.

Players are known by name across events and seasons (as registration does): a name already
stored, in any case and spacing, is the same player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.inputs import clean_name
from torneo.core.messages import N_, Message
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import UnitOfWork
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament


@dataclass(frozen=True, slots=True)
class ResultInput:
    """What happened to one player at one tournament (the source of the season points)."""

    player: str
    place: int
    swiss_points: int
    topcut_wins: int
    dropped: bool
    played_every_round: bool = True
    third_place_win: bool = False
    club: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentInput:
    """A tournament entering the season, with the results of everyone who took part."""

    name: str
    held_on: date
    store: str
    is_major: bool
    results: tuple[ResultInput, ...]
    top_size: int | None = None
    event_id: int | None = None
    # Everyone who took part; more than the results when disqualified players are out of the
    # placings (issue 13 item 3). None: one result each.
    players: int | None = None

    @property
    def field_size(self) -> int:
        return max(self.players or 0, len(self.results))


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def players_by_name(session: Session, names: Sequence[str]) -> dict[str, Player]:
    """The stored players with these names (any case), fetched in a few queries."""
    found: dict[str, Player] = {}
    wanted = sorted({n.lower() for n in names})
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        for p in session.scalars(
            select(Player).where(func.lower(Player.name).in_(chunk)).order_by(Player.id)
        ):
            found.setdefault(_name_key(p.name), p)
    return found


def _player(uow: UnitOfWork, known: dict[str, Player], name: str, club: str | None) -> Player:
    """A player is known by name across events and seasons (as registration does)."""
    key = _name_key(name)
    player = known.get(key)
    if player is None:
        player = Player(name=clean_name("name", name), club=club, created_at=uow.now)
        uow.session.add(player)
        known[key] = player
    return player


def check_facts(season: Season, tournaments: Sequence[TournamentInput]) -> list[Message]:
    """Problems that refuse the whole change: outside the season, already in it, bad rows."""
    problems: list[Message] = []
    dates = SeasonDates(season.starts_on, season.ends_on)
    existing = {t.name.casefold(): t for t in season.tournaments}
    for t in tournaments:
        outside = dates.outside(t.held_on)
        if outside:
            problems.append(
                Message(
                    N_("tournament '%(t)s': %(outside)s (season %(season)s) [INV-SEASON-1]"),
                    {"t": t.name, "outside": outside, "season": dates.text()},
                )
            )
        old = existing.get(t.name.casefold())
        if old is not None and (t.event_id is None or old.event_id != t.event_id):
            problems.append(
                Message(
                    N_("tournament '%(t)s' is already in season '%(season)s'"),
                    {"t": t.name, "season": season.name},
                )
            )
        n = len(t.results)
        places = sorted(r.place for r in t.results)
        if places != list(range(1, n + 1)):
            problems.append(
                Message(
                    N_(
                        "tournament '%(t)s': places %(places)s for %(n)s players; each place 1..%(n)s once"
                    ),
                    {"t": t.name, "places": _ranges(places), "n": n},
                )
            )
    return problems


def _ranges(values: list[int]) -> str:
    return ", ".join(str(v) for v in values[:12]) + (", ..." if len(values) > 12 else "")


def put_tournament(
    uow: UnitOfWork,
    season: Season,
    t: TournamentInput,
    known: dict[str, Player],
    *,
    refresh: bool,
) -> SeasonTournament:
    if t.event_id is not None:  # an event already in the season is found by id, even renamed
        row = next((x for x in season.tournaments if x.event_id == t.event_id), None)
    else:
        row = next((x for x in season.tournaments if x.name.casefold() == t.name.casefold()), None)
    before = None
    if row is not None and refresh:
        before = {"results": {r.player_id: r.place for r in row.results}}
        row.results.clear()
        uow.session.flush()  # the old results go before the new ones take their places
        row.held_on, row.store, row.is_major = t.held_on, t.store, t.is_major
        row.name, row.field_size, row.top_size = t.name, t.field_size, t.top_size
    else:
        row = SeasonTournament(
            name=t.name,
            held_on=t.held_on,
            store=t.store,
            is_major=t.is_major,
            field_size=t.field_size,
            top_size=t.top_size,
            void=False,
            void_reasons=[],
            event_id=t.event_id,
            created_at=uow.now,
        )
        season.tournaments.append(row)
    for r in t.results:
        row.results.append(
            SeasonResult(
                player=_player(uow, known, r.player, r.club),
                place=r.place,
                swiss_points=r.swiss_points,
                topcut_wins=r.topcut_wins,
                dropped=r.dropped,
                played_every_round=r.played_every_round,
                third_place_win=r.third_place_win,
                points=0,
                final_bonus="0",
                breakdown="",
            )
        )
    uow.session.flush()
    uow.audit(
        "season.tournament.replace" if before else "season.tournament.add",
        "season_tournament",
        row.id,
        event_id=t.event_id,
        before=before,
        after={
            "season": season.name,
            "tournament": t.name,
            "date": t.held_on.isoformat(),
            "store": t.store,
            "major": t.is_major,
            "players": t.field_size,
        },
    )
    return row


__all__ = ["ResultInput", "TournamentInput", "check_facts", "players_by_name", "put_tournament"]
