"""Build the pure domain view of an event from its rows (store → domain)."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.tournament import Tournament, rule_ids
from torneo.cards.state_locks import hold_event
from torneo.cards.state_results import MatchRow
from torneo.cards.tables import Event, Match, Registration
from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.presets import Ruleset, load_preset


def no_event(event_id: int) -> NotFound:
    """The refusal of an event id that names no event (every reader of an event says it so)."""
    return NotFound(
        "event_id",
        N_("no event %(id)s"),
        N_("the id of an existing event"),
        params={"id": event_id},
    )


def get_event(session: Session, event_id: int, *, for_update: bool = False) -> Event:
    stmt = (
        select(Event)
        .where(Event.id == event_id)
        .options(
            selectinload(Event.registrations).joinedload(Registration.player),
            selectinload(Event.matches),
            selectinload(Event.rounds),
            selectinload(Event.pod_seats),
        )
    )
    if for_update:
        # PostgreSQL serialises writers of one event; SQLite ignores it. The event's lock first,
        # alone: the results in flight hold it shared (state_locks).
        hold_event(session, event_id)
        stmt = stmt.with_for_update()
    event = session.scalars(stmt).first()
    if event is None:
        raise no_event(event_id)
    return event


class _PlayerLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def club(self) -> str | None: ...
    @property
    def rating(self) -> int | None: ...


class RegistrationLike(Protocol):
    """A registration as an entrant needs it: the ORM row or the pages' plain row."""

    @property
    def player_id(self) -> int: ...
    @property
    def player(self) -> _PlayerLike: ...
    @property
    def joined_round(self) -> int: ...
    @property
    def dropped_after_round(self) -> int | None: ...
    @property
    def disqualified(self) -> bool: ...
    @property
    def is_judge(self) -> bool: ...


def entrant_of(reg: RegistrationLike) -> Entrant:
    return Entrant(
        id=PlayerId(reg.player_id),
        name=reg.player.name,
        club=reg.player.club,
        rating=reg.player.rating,
        dropped_after_round=reg.dropped_after_round,
        disqualified=reg.disqualified,
        joined_round=reg.joined_round,
        is_judge=reg.is_judge,
    )


def record_of(match: Match | MatchRow) -> MatchRecord:
    score = None
    if match.wins_a is not None and match.wins_b is not None:
        score = GameScore(
            match.wins_a, match.wins_b, match.draws or 0, ResultKind(match.result_kind or "played")
        )
    return MatchRecord(
        round_no=match.round_no,
        table=match.table_no,
        player_a=PlayerId(match.player_a_id),
        player_b=PlayerId(match.player_b_id) if match.player_b_id is not None else None,
        score=score,
        stage=Stage(match.stage),
    )


def tournament_of(event: Event, ruleset: Ruleset | None = None) -> Tournament:
    ruleset = ruleset or load_preset(event.preset)
    return Tournament(
        status=EventStatus(event.status),
        best_of=ruleset.match.best_of,
        entrants=tuple(entrant_of(r) for r in event.registrations),
        matches=tuple(record_of(m) for m in event.matches),
        swiss_rounds=event.swiss_rounds,
        top_size=event.top_size,
        **rule_ids(ruleset),
    )
