"""Invitation links and player codes (issue 12): one use each, within their time."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from torneo.cards import commands as events
from torneo.cards import state_access as cards_access
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.policy import Actor
from torneo.platform import accounts, clubs, invitations
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store

SYSTEM = Actor.system()
PASSWORD = "una-password-lunga"


def _actor(store: Store, name: str, role: str) -> Actor:
    uid = accounts.create_user(store, SYSTEM, username=name, password=PASSWORD, role=role)
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def test_an_invitation_makes_a_member_once(store: Store) -> None:
    owner = _actor(store, "titolare", "owner")
    token = invitations.invite(store, owner, 1, "referee")
    assert invitations.invitation_of(store, token) == ("Club", "referee")
    uid = invitations.accept(store, token, username="nuovo", password=PASSWORD)
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    assert actor.memberships == frozenset({(1, "referee")})
    with pytest.raises(Conflict) as reused:
        invitations.accept(store, token, username="altro", password=PASSWORD)
    assert reused.value.field == "token"
    with pytest.raises(NotFound):
        invitations.invitation_of(store, "not-a-token")


def test_an_expired_invitation_is_refused(store: Store, clock: FakeClock) -> None:
    owner = _actor(store, "titolare", "owner")
    token = invitations.invite(store, owner, 1, "judge")
    clock.advance(days=invitations.INVITATION_DAYS, seconds=1)
    with pytest.raises(Conflict) as expired:
        invitations.accept(store, token, username="tardi", password=PASSWORD)
    assert "expired" in str(expired.value)
    with pytest.raises(TorneoError):
        accounts.authenticate(store, "tardi", PASSWORD)


def test_only_the_owner_invites(store: Store) -> None:
    organizer = _actor(store, "organizza", "organizer")
    with pytest.raises(Forbidden):
        invitations.invite(store, organizer, 1, "judge")
    owner = _actor(store, "titolare", "owner")
    with pytest.raises(TorneoError) as role:
        invitations.invite(store, owner, 1, "captain")
    assert role.value.field == "role"


def test_a_player_claims_their_record_with_the_organizer_s_code(store: Store) -> None:
    invitations.register_player_clubs(cards_access.player_clubs)
    organizer = _actor(store, "organizza", "organizer")
    event = events.create_event(
        store, organizer, name="Serata", preset="invasion-it-2012", held_on="2012-03-10"
    )
    pid = events.register_player(store, organizer, event, name="Gina Verdi")
    with store.unit(SYSTEM) as uow:
        stranger = Player(name="Mai Vista", created_at=uow.now)
        uow.session.add(stranger)
        uow.session.flush()
        never_here = stranger.id
    gina = _actor(store, "gina", "player")
    other = clubs.create_club(store, SYSTEM, "Altro")
    rival = accounts.create_user(
        store, SYSTEM, username="rivale", password=PASSWORD, role="owner", club=other
    )
    rival_actor = accounts.get_actor(store, rival)
    assert rival_actor is not None
    for who, player in ((gina, pid), (organizer, never_here), (rival_actor, pid)):
        with pytest.raises(Forbidden):  # a player, a player never seen here, another club
            invitations.claim_code(store, who, player)
    code = invitations.claim_code(store, organizer, pid)
    with pytest.raises(TorneoError) as wrong:
        invitations.claim(store, gina, "WRONG123")
    assert wrong.value.field == "code"
    assert invitations.claim(store, gina, code.lower()) == pid
    claimed = accounts.get_actor(store, gina.user_id or 0)
    assert claimed is not None
    assert claimed.player_id == pid
    with pytest.raises(TorneoError):
        invitations.claim(store, gina, code)  # one use
    with pytest.raises(Conflict):
        invitations.claim_code(store, organizer, pid)  # a claimed record gets no new code
