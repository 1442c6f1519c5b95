"""Clubs, members and the staff of a tournament (issue 12), on SQLite and PostgreSQL.

Every refusal names the field, changes nothing and writes no audit row; every change is in the
audit log.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.policy import Actor
from torneo.platform import accounts, clubs
from torneo.platform.store.tables import AuditEntry, Membership
from torneo.platform.store.uow import Store
from torneo.poker import commands as poker
from torneo.poker.floor import commands as floor
from torneo.poker.staff.commands import STAFF as POKER_STAFF
from torneo.risiko import commands as risiko
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko.staff.commands import STAFF as RISIKO_STAFF

SYSTEM = Actor.system()
PASSWORD = "una-password-lunga"


def _audit(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count()).select_from(AuditEntry)) or 0


def _account(store: Store, name: str, role: str, club: int | str = 1) -> Actor:
    uid = accounts.create_user(
        store, SYSTEM, username=name, password=PASSWORD, role=role, club=club
    )
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def test_a_club_is_created_by_the_admin_with_its_owner(store: Store) -> None:
    _account(store, "anna", "organizer")
    club = clubs.create_club(store, SYSTEM, "  Circolo   del Dado ", owner="anna")
    view = clubs.club_view(store, club)
    assert view.name == "Circolo del Dado"
    assert [(m.username, m.roles) for m in view.members] == [("anna", ("owner",))]
    owner = accounts.get_actor(store, view.members[0].user_id)
    assert owner is not None
    with pytest.raises(Forbidden):
        clubs.create_club(store, owner, "Un altro")  # only the federation's admin
    with pytest.raises(Conflict) as taken:
        clubs.create_club(store, SYSTEM, "circolo del dado".title().replace("Del", "del"))
    assert taken.value.field == "name"


def test_members_are_managed_by_the_owner_only(store: Store) -> None:
    owner = _account(store, "owner1", "owner")
    organizer = _account(store, "org1", "organizer")
    _account(store, "newbie", "judge")
    clubs.add_member(store, owner, 1, "newbie", "referee")
    before = _audit(store)
    with pytest.raises(Forbidden):
        clubs.add_member(store, organizer, 1, "newbie", "floor")
    with pytest.raises(TorneoError) as bad_role:
        clubs.add_member(store, owner, 1, "newbie", "captain")
    assert bad_role.value.field == "role"
    assert "owner, organizer, judge, referee or floor" in str(bad_role.value)
    with pytest.raises(NotFound) as nobody:
        clubs.add_member(store, owner, 1, "ghost", "judge")
    assert nobody.value.field == "username"
    assert _audit(store) == before


def test_the_last_owner_cannot_be_removed(store: Store) -> None:
    owner = _account(store, "solo", "owner")
    before = _audit(store)
    with pytest.raises(Conflict) as last:
        clubs.remove_member(store, owner, 1, "solo", "owner")
    assert last.value.field == "role"
    assert _audit(store) == before
    _account(store, "second", "owner")
    clubs.remove_member(store, owner, 1, "solo", "owner")
    with store.read() as s:
        roles = s.scalars(select(Membership.role).where(Membership.club_id == 1)).all()
    assert roles.count("owner") == 1


def test_an_unknown_club_or_role_at_account_creation(store: Store) -> None:
    before = _audit(store)
    with pytest.raises(NotFound) as club:
        accounts.create_user(
            store, SYSTEM, username="x1", password=PASSWORD, role="judge", club="Nessuno"
        )
    assert club.value.field == "club"
    with pytest.raises(TorneoError) as role:
        accounts.create_user(store, SYSTEM, username="x2", password=PASSWORD, role="boss")
    assert role.value.field == "role"
    assert _audit(store) == before


def test_staff_are_members_of_the_tournament_s_club_with_its_role(store: Store) -> None:
    organizer = _account(store, "orgp", "organizer")
    _account(store, "floor1", "floor")
    _account(store, "judge1", "judge")
    tid = poker.create_tournament(store, organizer, template="tue", held_on="2025-12-02")
    before = _audit(store)
    with pytest.raises(Conflict) as wrong_role:
        POKER_STAFF.appoint(store, organizer, tid, "judge1")  # a judge, not floor staff
    assert wrong_role.value.field == "username"
    assert _audit(store) == before
    POKER_STAFF.appoint(store, organizer, tid, "floor1")
    assert [m.username for m in POKER_STAFF.members(store, tid)] == ["floor1"]
    with pytest.raises(Conflict):
        POKER_STAFF.appoint(store, organizer, tid, "floor1")
    POKER_STAFF.remove(store, organizer, tid, "floor1")
    assert POKER_STAFF.members(store, tid) == []


def test_staff_of_another_tournament_or_club_cannot_act(store: Store) -> None:
    """A floor person appointed to tournament A busts nobody at B; another club's organizer
    renames nothing here (the findings of issue 12)."""
    organizer = _account(store, "orgq", "organizer")
    floor_a = _account(store, "floora", "floor")
    a = poker.create_tournament(store, organizer, template="tue", held_on="2025-12-02", seed=1)
    b = poker.create_tournament(store, organizer, template="tue", held_on="2025-12-09", seed=2)
    POKER_STAFF.appoint(store, organizer, a, "floora")
    other = clubs.create_club(store, SYSTEM, "Altro")
    stranger = _account(store, "orgz", "owner", club=other)
    rid = risiko.create_tournament(store, organizer, name="Torneo", held_on="2016-05-01")
    before = _audit(store)
    with pytest.raises(Forbidden):
        floor.bust_out(store, floor_a, b, players=[1])
    with pytest.raises(Forbidden):
        risiko_settings.update_settings(store, stranger, rid, name="Rubato")
    with pytest.raises(Forbidden):
        RISIKO_STAFF.appoint(store, stranger, rid, "floora")
    assert _audit(store) == before
