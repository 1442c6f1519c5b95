"""A real staff account for the discipline tests (issue 12): the referees of RisiKo! and the
poker floor act only on tournaments they are appointed to."""

from __future__ import annotations

from sqlalchemy import select

from torneo.core.policy import Actor
from torneo.platform import accounts, clubs
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Store

STAFF_NAME = "judge"
STAFF_PASSWORD = "staff-password-1"


def staff_account(store: Store) -> Actor:
    """The account "judge": judge, referee and floor of the server's club."""
    uid = accounts.create_user(
        store, Actor.system(), username=STAFF_NAME, password=STAFF_PASSWORD, role="judge"
    )
    for role in ("referee", "floor"):
        clubs.add_member(store, Actor.system(), 1, STAFF_NAME, role)
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def has_staff_account(store: Store) -> bool:
    with store.read() as session:
        return (
            session.scalars(select(User.id).where(User.username == STAFF_NAME)).first() is not None
        )
