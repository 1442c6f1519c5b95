"""Changing an account (issue 12): a new password, disabling it. Both end the account's other
sessions on every worker, through its session generation (:mod:`torneo.platform.sessions`)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import Forbidden
from torneo.core.messages import N_
from torneo.platform.clubs import account_named
from torneo.platform.passwords import check_password, hash_password
from torneo.platform.sessions import end_sessions
from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Actor, Store


def _account_to_change(session: Session, actor: Actor, username: str) -> User:
    """The account ``username``, if ``actor`` may change it: itself, the admin, or an owner of a
    club the account belongs to (MEMBERS on that club)."""
    user = account_named(session, username)
    if actor.admin or actor.user_id == user.id:
        return user
    clubs_of = set(session.scalars(select(Membership.club_id).where(Membership.user_id == user.id)))
    owned = {club for club, role in actor.memberships if role == "owner"}
    if not clubs_of & owned:
        raise Forbidden(
            "actor",
            N_("%(who)s may not change the account %(name)s"),
            N_("the account itself, an owner of its club, or the admin"),
            params={"who": actor.name, "name": user.username},
        )
    return user


def set_password(store: Store, actor: Actor, username: str, password: str) -> None:
    """A new password (checked like a new account's); every other session of the account ends
    on every worker (issue 12: the session generation moves)."""
    check_password(password)
    with store.unit(actor) as uow:
        user = _account_to_change(uow.session, actor, username)
        user.password_hash = hash_password(password)
        end_sessions(uow.session, user)
        uow.audit("user.password", "user", user.id, after={"username": user.username})


def set_disabled(store: Store, actor: Actor, username: str, *, disabled: bool = True) -> None:
    """Disable (or enable again) an account: it cannot log in, and its sessions end at once."""
    with store.unit(actor) as uow:
        user = _account_to_change(uow.session, actor, username)
        before = user.disabled
        user.disabled = disabled
        end_sessions(uow.session, user)
        uow.audit(
            "user.disable" if disabled else "user.enable",
            "user",
            user.id,
            before={"disabled": before},
            after={"disabled": disabled},
        )
