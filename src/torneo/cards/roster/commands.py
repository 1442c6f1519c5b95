"""Registering players to a card event, one or a whole pasted roster (issue 14: bulk).

The paste is parsed and its known players looked up before the event row is locked; under the
lock, one check of the whole roster and one INSERT per batch of players, registrations and audit
rows (:mod:`torneo.cards.roster.state`). Everyone or no one: a refusal anywhere refuses it all.
"""

from __future__ import annotations

from sqlalchemy.orm.attributes import flag_modified

from torneo.cards.pods.commands import seat_late_entries
from torneo.cards.roster.state import insert_registrations
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.tournament import (
    can_register_all,
)
from torneo.cards.state import get_event, no_event, tournament_of
from torneo.cards.state_access import authorize_event
from torneo.cards.tables import Event
from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import PlayerInput, clean_name, parse_roster_csv
from torneo.core.messages import N_, Message
from torneo.core.policy import Action
from torneo.platform import guards
from torneo.platform import players as identities
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork


def register_player(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    name: str,
    club: str | None = None,
    rating: int | None = None,
    version: int | None = None,
    player: int | str | None = None,
) -> int:
    """Register one player; ``player`` says who it is (:mod:`torneo.platform.players`)."""
    precheck(actor, Action.MANAGE)
    data = PlayerInput(clean_name("name", name), (club or "").strip() or None, rating)
    choice = identities.identity(player)
    with store.unit(actor) as uow:
        return _register(uow, event_id, [data], version=version, roster=False, choice=choice)[0]


def register_roster(store: Store, actor: Actor, event_id: int, text: str) -> list[int]:
    """CSV paste: everyone or no one (a duplicate anywhere refuses the whole paste).

    Issue 14: the paste is parsed and its known players looked up before the event row is
    locked; under the lock, one check of the whole roster and one INSERT per batch of players,
    registrations and audit rows (:mod:`torneo.cards.roster.state`).
    """
    precheck(actor, Action.MANAGE)
    with store.read() as session:  # issue 27: "you may not" before the paste is parsed
        head = session.get(Event, event_id)  # the row alone, not its rounds and roster
        if head is None:
            raise no_event(event_id)
        authorize_event(session, actor, head, Action.MANAGE)
    players = parse_roster_csv(text)
    with store.unit(actor) as uow:
        return _register(uow, event_id, players, version=None, roster=True)


def _register(
    uow: UnitOfWork,
    event_id: int,
    players: list[PlayerInput],
    *,
    version: int | None,
    roster: bool,
    choice: int | str | None = None,
) -> list[int]:
    """Register ``players``: the player ids. In a roster paste a known name is that player;
    a single registration says who it is (:func:`register_player`)."""
    known = identities.known_players(uow.session, [p.name for p in players])  # before the lock
    event = get_event(uow.session, event_id, for_update=True)
    authorize_event(uow.session, uow.actor, event, Action.MANAGE)
    guards.check_version(event, version, "event")
    t = tournament_of(event)
    found = [(m.id, m.name) if (m := known.get(p.name.lower())) else None for p in players]
    if not roster:
        registered = {r.player_id for r in event.registrations}
        match = uow.session.get(Player, found[0][0]) if found[0] else None
        same = identities.chosen(uow.session, match, choice, registered)
        found = [(same.id, same.name) if same else None]
    refused = can_register_all(t, [PlayerId(f[0]) if f else None for f in found])
    if refused:
        k, refusal = refused
        err = refusal.raise_as(Conflict)
        if not roster:
            raise err
        line = Message(
            N_("%(name)s: %(reason)s"), {"name": players[k].name, "reason": err.reason_message}
        )
        raise TorneoError("roster", line, err.accepted_message, rule=err.rule)
    if roster:
        _update_known(uow, event.id, players, [known.get(p.name.lower()) for p in players])
    new = [p for p, f in zip(players, found, strict=True) if f is None]
    created = iter(
        zip(
            identities.insert_players(uow.session, uow.now, new, club_id=event.club_id),
            (p.name for p in new),
            strict=True,
        )
    )
    entered = [f or next(created) for f in found]
    late = event.status == EventStatus.RUNNING.value
    ids = [player_id for player_id, _ in entered]
    registrations = insert_registrations(
        uow.session, event.id, ids, t.current_round + 1 if late else 1
    )
    if late:
        seat_late_entries(event, list(zip(ids, registrations, strict=True)))  # BER-POD-1
    uow.audit_many(
        "event.register",
        "registration",
        [
            (reg_id, {"player": name, "player_id": player_id, "late": late})
            for reg_id, (player_id, name) in zip(registrations, entered, strict=True)
        ],
        event_id=event.id,
    )
    uow.notify(f"event:{event.id}", "players")
    flag_modified(event, "settings")  # the event's version moves
    return ids


def _update_known(
    uow: UnitOfWork,
    event_id: int,
    players: list[PlayerInput],
    known: list[identities.KnownPlayer | None],
) -> None:
    """A pasted line that gives a known player another rating or club updates the record,
    audited (issue 29 item 5). We read a paste as the organizer's current list (the RisiKo!
    paste already takes the club it gives): keeping the old rating silently would seat the
    pods (BER-POD-2, by rating) on a number the organizer just replaced. A line without a rating or a club
    changes nothing of it."""
    ratings: list[tuple[int, int]] = []
    clubs: list[tuple[int, str]] = []
    changes: list[tuple[int | None, dict[str, object] | None]] = []
    for p, f in zip(players, known, strict=True):
        if f is None:
            continue
        change: dict[str, object] = {}
        if p.rating is not None and p.rating != f.rating:
            ratings.append((f.id, p.rating))
            change["rating"] = {"before": f.rating, "after": p.rating}
        if p.club and p.club != f.club:
            clubs.append((f.id, p.club))
            change["club"] = {"before": f.club, "after": p.club}
        if change:
            changes.append((f.id, {"player": f.name, **change}))
    identities.update_ratings(uow.session, ratings)
    identities.update_clubs(uow.session, clubs)
    uow.audit_many("player.update", "player", changes, event_id=event_id)
