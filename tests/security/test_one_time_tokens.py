"""One-time links attacked (issue 27 hole 3): a link opened many times at once makes one account.

Eight concurrent ``POST /join/<token>`` made eight accounts while seven answered 409: the link
was checked, the account created in a transaction of its own, and only then the link marked
used. Now the link is consumed and the account created in one transaction, so a refused join
creates nothing and leaves the link as it was.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from torneo.core.errors import Conflict, TorneoError
from torneo.core.policy import Actor
from torneo.platform import accounts, invitations
from torneo.platform.store.tables import AuditEntry, Invitation, Membership, User
from torneo.platform.store.uow import Store

PASSWORD = "una-password-lunga"
RACERS = 8


def _owner(store: Store) -> Actor:
    uid = accounts.create_user(
        store, Actor.system(), username="titolare", password=PASSWORD, role="owner"
    )
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def _count(store: Store, what: object) -> int:
    with store.read() as session:
        return int(session.scalar(what) or 0)  # type: ignore[call-overload]


def test_issue27_hole3_eight_joins_at_once_make_one_account(store: Store) -> None:
    token = invitations.invite(store, _owner(store), 1, "judge")
    start = threading.Barrier(RACERS)

    def join(n: int) -> str:
        start.wait()
        try:
            invitations.accept(store, token, username=f"ospite{n}", password=PASSWORD)
        except Conflict as refused:
            return f"409 {refused.field}"
        return "joined"

    with ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(join, range(RACERS)))
    assert answers.count("joined") == 1, answers
    assert answers.count("409 token") == RACERS - 1, answers
    guests = select(func.count()).select_from(User).where(User.username.like("ospite%"))
    assert _count(store, guests) == 1
    judges = select(func.count()).select_from(Membership).where(Membership.role == "judge")
    assert _count(store, judges) == 1
    joins = select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "club.join")
    assert _count(store, joins) == 1


@pytest.mark.parametrize(
    ("username", "password", "field"),
    [
        ("titolare", PASSWORD, "username"),  # taken: the account would clash
        ("nuova", "corta", "password"),  # refused password
        ("non valido!", PASSWORD, "username"),
    ],
)
def test_issue27_hole3_a_refused_join_creates_nothing_and_keeps_the_link(
    store: Store, username: str, password: str, field: str
) -> None:
    token = invitations.invite(store, _owner(store), 1, "referee")
    users = select(func.count()).select_from(User)
    before = _count(store, users)
    with pytest.raises(TorneoError) as refused:
        invitations.accept(store, token, username=username, password=password)
    assert refused.value.field == field
    assert _count(store, users) == before
    used = select(func.count()).select_from(Invitation).where(Invitation.used_at.is_not(None))
    assert _count(store, used) == 0
    invitations.accept(store, token, username="nuova", password=PASSWORD)  # still works once
    assert _count(store, users) == before + 1


def test_issue27_hole3_two_links_racing_for_one_user_name_make_one_account(store: Store) -> None:
    owner = _owner(store)
    tokens = [invitations.invite(store, owner, 1, "floor") for _ in range(RACERS)]
    start = threading.Barrier(RACERS)

    def join(token: str) -> str:
        start.wait()
        try:
            invitations.accept(store, token, username="conteso", password=PASSWORD)
        except Conflict as refused:
            return f"409 {refused.field}"
        return "joined"

    with ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(join, tokens))
    assert answers.count("joined") == 1, answers
    used = select(func.count()).select_from(Invitation).where(Invitation.used_at.is_not(None))
    assert _count(store, used) == 1  # the refused joins left their links open
