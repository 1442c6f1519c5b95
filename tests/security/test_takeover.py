"""Taking over another club's player (issue 27 hole 1).

The organizer of club B registered a player of club A in a B event, made a claim code for him,
claimed it with his own account and then reported results and deck lists in A's event as that
player; the real player could no longer claim his record. The same went through a poker entry.

Decision: players are the federation's records, so B may still register A's player in its own
events (the same person plays everywhere). What B may not do is hand out the code that links an
account to him: only the club that created the record (or the admin) does; a club where the
player played only for a record whose creating club is not known (rows older than migration
0021). B controls its own events, so "he played here" is something B could stage; it cannot
stage having created the record. A record an account holds gets no new code from anyone but the
admin.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.support.web import add_user, api_login, make_client, page_login
from torneo.cards import commands as events
from torneo.cards import state_access as cards_access
from torneo.core.errors import Conflict, Forbidden
from torneo.core.policy import Actor
from torneo.platform import accounts, clubs, invitations
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.poker import state_access as poker_access
from torneo.risiko import commands as risiko
from torneo.risiko import state_access as risiko_access

PASSWORD = "una-password-lunga"
SYSTEM = Actor.system()


def _lookups() -> None:
    for lookup in (
        cards_access.player_clubs,
        risiko_access.player_clubs,
        poker_access.player_clubs,
    ):
        invitations.register_player_clubs(lookup)  # as the app does at start-up


def _account(store: Store, name: str, role: str, club: int | None = None) -> Actor:
    uid = accounts.create_user(
        store, SYSTEM, username=name, password=PASSWORD, role=role, club=club
    )
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def _two_clubs(store: Store) -> tuple[Actor, Actor, int, int]:
    """A's organizer with an event and its player Gina; B's organizer. (A, B, event, Gina)"""
    _lookups()
    a = _account(store, "org-a", "organizer", 1)
    other = clubs.create_club(store, SYSTEM, "Club B")
    b = _account(store, "org-b", "organizer", other)
    event = events.create_event(
        store, a, name="Serata A", preset="invasion-it-2012", held_on="2012-03-10"
    )
    gina = events.register_player(store, a, event, name="Gina Verdi")
    return a, b, event, gina


def test_issue27_hole1_another_club_registers_but_cannot_hand_out_the_code(
    store: Store,
) -> None:
    a, b, _, gina = _two_clubs(store)
    b_event = events.create_event(
        store, b, name="Serata B", preset="invasion-it-2012", held_on="2012-03-11"
    )
    # registering stays allowed: the federation shares its players (module doc)
    assert events.register_player(store, b, b_event, name="Gina Verdi", player=gina) == gina
    with pytest.raises(Forbidden):
        invitations.claim_code(store, b, gina)
    code = invitations.claim_code(store, a, gina)  # her own club still can
    real = _account(store, "gina", "player")
    assert invitations.claim(store, real, code) == gina


def test_issue27_hole1_the_same_through_a_poker_entry(store: Store) -> None:
    _, b, _, gina = _two_clubs(store)
    tid = poker.create_tournament(store, b, template="tue", held_on="2025-12-02")
    poker_entries.register_player(store, b, tid, name="Gina Verdi", player=gina)
    with pytest.raises(Forbidden):
        invitations.claim_code(store, b, gina)


def test_issue27_hole1_the_same_through_a_risiko_entry(store: Store) -> None:
    _, b, _, gina = _two_clubs(store)
    tid = risiko.create_tournament(store, b, name="Torneo B", held_on="2026-01-10")
    risiko.register_player(store, b, tid, name="Gina Verdi", player=gina)
    with pytest.raises(Forbidden):
        invitations.claim_code(store, b, gina)


def test_issue27_hole1_a_started_event_of_the_other_club_is_not_enough(store: Store) -> None:
    """B can stage "she played here": it runs its own event with her and reports a result."""
    _, b, _, gina = _two_clubs(store)
    b_event = events.create_event(
        store, b, name="Serata B", preset="invasion-it-2012", held_on="2012-03-11"
    )
    events.register_player(store, b, b_event, name="Gina Verdi", player=gina)
    for n in range(7):
        events.register_player(store, b, b_event, name=f"Comparsa {n}")
    events.start_event(store, b, b_event)
    events.pair_next_round(store, b, b_event)
    with pytest.raises(Forbidden):
        invitations.claim_code(store, b, gina)


def test_issue27_hole1_a_claimed_record_gets_no_new_code_but_from_the_admin(
    store: Store,
) -> None:
    a, _, _, gina = _two_clubs(store)
    real = _account(store, "gina", "player")
    invitations.claim(store, real, invitations.claim_code(store, a, gina))
    with pytest.raises(Conflict):
        invitations.claim_code(store, a, gina)  # not even her own club
    admin = _account(store, "capo", "player")
    with store.unit(SYSTEM) as uow:
        from torneo.platform.store.tables import User

        row = uow.session.get(User, admin.user_id)
        assert row is not None
        row.is_admin = True
    boss = accounts.get_actor(store, admin.user_id or 0)
    assert boss is not None
    code = invitations.claim_code(store, boss, gina)  # the admin may move it
    newer = _account(store, "gina2", "player")
    assert invitations.claim(store, newer, code) == gina
    old = accounts.get_actor(store, real.user_id or 0)
    assert old is not None
    assert old.player_id is None  # one account holds a record


def test_issue27_hole1_the_attack_from_outside(web_store: Store) -> None:
    """The issue's steps over HTTP: B registers A's player, asks for a code: 403."""
    _lookups()
    other = clubs.create_club(web_store, SYSTEM, "Club B")
    accounts.create_user(
        web_store,
        SYSTEM,
        username="org-b",
        password="correct horse battery",
        role="organizer",
        club=other,
    )
    add_user(web_store, "gina", "player")
    with make_client(web_store) as org_a, make_client(web_store) as org_b:
        api_login(org_a, "org")
        made = org_a.post(
            "/api/v1/events",
            json={"name": "Serata A", "preset": "invasion-it-2012", "held_on": "2012-03-10"},
        )
        a_event = made.json()["summary"]["id"]
        assert org_a.post(
            f"/api/v1/events/{a_event}/players", json={"name": "Gina Verdi"}
        ).status_code in (200, 201)
        with web_store.read() as session:
            gina = session.scalars(select(Player.id).where(Player.name == "Gina Verdi")).one()
        token = page_login(org_b, "org-b")
        made = org_b.post(
            "/api/v1/events",
            json={"name": "Serata B", "preset": "invasion-it-2012", "held_on": "2012-03-11"},
            headers={"X-CSRF-Token": token},
        )
        b_event = made.json()["summary"]["id"]
        registered = org_b.post(
            f"/api/v1/events/{b_event}/players",
            json={"player": gina, "name": "Gina Verdi"},
            headers={"X-CSRF-Token": token},
        )
        assert registered.status_code in (200, 201), registered.text
        asked = org_b.post(f"/players/{gina}/claim-code", data={"csrf_token": token})
        assert asked.status_code == 403
