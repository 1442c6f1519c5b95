"""The event as the read pages see it, loaded as plain rows (issue 14 item 2: cold pages).

The pages and the JSON API read an event after every change; loading it as ORM objects (an
identity map, instrumented attributes and relationships for every registration, player and
match: 10,000 objects at 2,000 players) cost more than everything else the page does. The
read models need only some columns, so they are read here with plain queries into named tuples
with the ORM's attribute names, which :class:`~torneo.cards.views_load.Loaded` reads like the
rows the services load. The roster and each round are read again only when their fingerprint
moved (a result reads its own round again, not the roster nor the earlier rounds), kept per
database.

The engines' records are kept per row content (:data:`_RECORDS`): after a result only the
match that changed makes a new :class:`MatchRecord`; equal rows give equal records, so a kept
record is never stale.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date
from typing import Any, NamedTuple, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from torneo.cards.pods.tables import PodSeat
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.pods import Pod
from torneo.cards.rules.tournament import Tournament, rule_ids
from torneo.cards.state import entrant_of, no_event, record_of
from torneo.cards.state_results import MatchRow
from torneo.cards.tables import Event, Match, Registration
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord
from torneo.platform.store.tables import Player
from torneo.presets import Ruleset

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class PlayerRow(NamedTuple):
    name: str
    club: str | None
    rating: int | None


class RegistrationRow(NamedTuple):
    id: int
    player_id: int
    player: PlayerRow
    joined_round: int
    dropped_after_round: int | None
    disqualified: bool
    dq_reason: str | None
    is_judge: bool


class SeatRow(NamedTuple):
    pod: int
    seat: int
    player_id: int


class EventRow(NamedTuple):
    id: int
    name: str
    preset: str
    status: str
    held_on: date
    location: str | None
    is_major: bool
    one_round_fewer: bool
    swiss_rounds: int | None
    top_size: int | None
    seed: int
    format: str | None
    settings: dict[str, Any]
    version: int
    registrations: tuple[RegistrationRow, ...]
    matches: tuple[MatchRow, ...]  # by round, then table (as Event.matches)
    pod_seats: tuple[SeatRow, ...]  # by pod, then seat (as Event.pod_seats)


_EVENT = (
    Event.id,
    Event.name,
    Event.preset,
    Event.status,
    Event.held_on,
    Event.location,
    Event.is_major,
    Event.one_round_fewer,
    Event.swiss_rounds,
    Event.top_size,
    Event.seed,
    Event.format,
    Event.settings,
    Event.version,
)


def load_event_rows(session: Session, event_id: int) -> EventRow:
    """The event's columns the read models use, with its registrations (and players), matches
    and pod seats, in the ORM relationships' orders; NotFound as ``get_event`` says it."""
    head = session.execute(select(*_EVENT).where(Event.id == event_id)).one_or_none()
    if head is None:
        raise no_event(event_id)
    registrations = _roster(session, event_id)
    matches = tuple(m for _, rows in _rounds(session, event_id) for m in rows)
    seats = session.execute(
        select(PodSeat.pod, PodSeat.seat, PodSeat.player_id)
        .where(PodSeat.event_id == event_id)
        .order_by(PodSeat.pod, PodSeat.seat)
    )
    return EventRow._make((*head, registrations, matches, tuple(map(SeatRow._make, seats))))


# --- what is read again after a change ------------------------------------------------------
# A result changes one match of one round; the roster and the other rounds are read again only
# when their fingerprint moved: (count, sum of the rows' optimistic-locking versions, highest
# id), the numbers views.state_token trusts, taken in the same read transaction as the rows.

_REGISTRATION_COLUMNS = (
    Registration.id,
    Registration.player_id,
    Player.name,
    Player.club,
    Player.rating,
    Registration.joined_round,
    Registration.dropped_after_round,
    Registration.disqualified,
    Registration.dq_reason,
    Registration.is_judge,
)
_MATCH_COLUMNS = tuple(getattr(Match, name) for name in MatchRow._fields)

Fingerprint = tuple[int, ...]


def _roster(session: Session, event_id: int) -> tuple[RegistrationRow, ...]:
    of_event = Registration.event_id == event_id
    joined = Player.id == Registration.player_id
    fingerprint: Fingerprint = tuple(
        int(v or 0)
        for v in session.execute(
            select(
                func.count(Registration.id),
                func.sum(Registration.version),
                func.sum(Player.version),
                func.max(Registration.id),
            )
            .join(Player, joined)
            .where(of_event)
        ).one()
    )
    rosters = _kept_of(session)[0]
    kept = rosters.find(event_id)
    if kept is not None and kept[0] == fingerprint:
        return kept[1]
    rows = session.execute(
        select(*_REGISTRATION_COLUMNS)
        .join(Player, joined)
        .where(of_event)
        .order_by(Registration.id)
    )
    roster = tuple(
        RegistrationRow._make((r[0], r[1], PlayerRow(r[2], r[3], r[4]), *r[5:])) for r in rows
    )
    rosters.keep(event_id, (fingerprint, roster))
    return roster


def _rounds(session: Session, event_id: int) -> list[tuple[int, tuple[MatchRow, ...]]]:
    """Each round's matches by table, rounds in order; only changed rounds are read."""
    of_event = Match.event_id == event_id
    fingerprints: dict[int, Fingerprint] = {
        int(r[0]): (int(r[1]), int(r[2] or 0), int(r[3] or 0))
        for r in session.execute(
            select(
                Match.round_no, func.count(Match.id), func.sum(Match.version), func.max(Match.id)
            )
            .where(of_event)
            .group_by(Match.round_no)
        )
    }
    found: dict[int, tuple[MatchRow, ...]] = {}
    rounds = _kept_of(session)[1]
    for number, fingerprint in fingerprints.items():
        kept = rounds.find((event_id, number))
        if kept is not None and kept[0] == fingerprint:
            found[number] = kept[1]
    missing = sorted(set(fingerprints) - set(found))
    if missing:
        by_round: dict[int, list[MatchRow]] = {n: [] for n in missing}
        for m in session.execute(
            select(*_MATCH_COLUMNS)
            .where(of_event, Match.round_no.in_(missing))
            .order_by(Match.round_no, Match.table_no)
        ):
            by_round[m.round_no].append(MatchRow._make(m))
        for number, rows in by_round.items():
            found[number] = tuple(rows)
            rounds.keep((event_id, number), (fingerprints[number], found[number]))
    return sorted(found.items())


class _Kept(dict[K, V]):
    """Values by key in two generations (the young one, when full, becomes the old one), so
    the rows of the events in use stay and memory is bounded."""

    def __init__(self, capacity: int) -> None:
        super().__init__()
        self.capacity = capacity
        self.old: dict[K, V] = {}

    def find(self, key: K) -> V | None:
        found = self.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.keep(key, found)
        return found

    def keep(self, key: K, value: V) -> V:
        if len(self) >= self.capacity:
            self.old = dict(self)
            self.clear()
        self[key] = value
        return value


Rosters = _Kept[int, tuple[Fingerprint, tuple[RegistrationRow, ...]]]
Rounds = _Kept[tuple[int, int], tuple[Fingerprint, tuple[MatchRow, ...]]]
# Kept per database (its engine): ids and fingerprints mean something only in their database,
# and a process may hold several (the tests, a transfer between two stores).
_BY_ENGINE: WeakKeyDictionary[Engine, tuple[Rosters, Rounds]] = WeakKeyDictionary()


def _kept_of(session: Session) -> tuple[Rosters, Rounds]:
    engine = session.get_bind().engine
    kept = _BY_ENGINE.get(engine)
    if kept is None:
        kept = _BY_ENGINE.setdefault(engine, (_Kept(256), _Kept(2_048)))
    return kept


_RECORDS: _Kept[MatchRow, MatchRecord] = _Kept(100_000)
_ENTRANTS: _Kept[RegistrationRow, Entrant] = _Kept(50_000)


def _record(m: MatchRow) -> MatchRecord:
    found = _RECORDS.find(m)
    if found is not None:
        return found
    return _RECORDS.keep(m, record_of(m))


def _entrant(r: RegistrationRow) -> Entrant:
    found = _ENTRANTS.find(r)
    if found is not None:
        return found
    return _ENTRANTS.keep(r, entrant_of(r))


def tournament_of_rows(event: EventRow, ruleset: Ruleset) -> Tournament:
    """:func:`torneo.cards.state.tournament_of` for the plain rows (the same Tournament)."""
    return Tournament(
        status=EventStatus(event.status),
        best_of=ruleset.match.best_of,
        entrants=tuple(_entrant(r) for r in event.registrations),
        matches=tuple(_record(m) for m in event.matches),
        swiss_rounds=event.swiss_rounds,
        top_size=event.top_size,
        **rule_ids(ruleset),
    )


def pods_of_rows(event: EventRow) -> list[Pod]:
    """:func:`torneo.cards.pods.state.pods_of` for the plain rows."""
    by_pod: dict[int, list[PlayerId]] = {}
    for s in event.pod_seats:  # by pod, then seat
        by_pod.setdefault(s.pod, []).append(PlayerId(s.player_id))
    return [Pod(number, tuple(players)) for number, players in by_pod.items()]
