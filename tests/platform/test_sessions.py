"""Ending sessions: the generation in the cookie against the account's, on every request."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.support.web import PASSWORD
from torneo.core.errors import Unauthorized
from torneo.platform import accounts, sessions
from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Actor, Store


def _user(store: Store, name: str) -> User:
    with store.read() as s:
        return s.scalars(select(User).where(User.username == name)).one()


def test_end_sessions_refuses_the_keys_made_before(web_store: Store) -> None:
    org = _user(web_store, "org")
    key = sessions.session_key(web_store, org.id)
    assert sessions.session_actor(web_store, key) is not None
    with web_store.unit(Actor.system()) as uow:
        user = uow.session.get(User, org.id)
        assert user is not None
        sessions.end_sessions(uow.session, user)
        sessions.end_sessions(uow.session, user)  # twice in one unit: both count
    assert sessions.session_actor(web_store, key) is None
    fresh = sessions.session_key(web_store, org.id)
    assert fresh.generation == key.generation + 2
    assert sessions.session_actor(web_store, fresh) is not None


def test_a_disabled_account_has_no_session_and_cannot_log_in(web_store: Store) -> None:
    org = _user(web_store, "org")
    key = sessions.session_key(web_store, org.id)
    with web_store.unit(Actor.system()) as uow:
        user = uow.session.get(User, org.id)
        assert user is not None
        user.disabled = True
    assert sessions.session_actor(web_store, key) is None
    with pytest.raises(Unauthorized) as err:
        accounts.authenticate(web_store, "org", PASSWORD)
    assert err.value.reason == "this account is disabled"


def test_log_out_bumps_the_generation_and_is_audited(web_store: Store) -> None:
    org = _user(web_store, "org")
    actor = accounts.get_actor(web_store, org.id)
    assert actor is not None
    sessions.log_out(web_store, actor)
    assert _user(web_store, "org").session_generation == org.session_generation + 1


def test_a_session_reads_the_account_and_its_memberships_as_a_login_does(store: Store) -> None:
    """One statement without a transaction (issue 14) gives the same actor as the account's
    rows read one by one, on SQLite and PostgreSQL; an account that is gone has no session."""
    staff = accounts.create_user(
        store, Actor.system(), username="mara", password=PASSWORD, role="organizer", club=1
    )
    with store.unit(Actor.system()) as uow:
        uow.session.add(Membership(club_id=1, user_id=staff, role="judge", created_at=uow.now))
    lone = accounts.create_user(
        store, Actor.system(), username="solo", password=PASSWORD, role="player"
    )
    for user_id in (staff, lone):
        key = sessions.session_key(store, user_id)
        with store.read() as s:
            expected = accounts.actor_of(s, s.get_one(User, user_id))
        assert sessions.session_actor(store, key) == expected
    assert sessions.session_actor(store, sessions.SessionKey(999_999, 0)) is None
    assert sessions.session_actor(store, sessions.SessionKey(staff, 7)) is None
