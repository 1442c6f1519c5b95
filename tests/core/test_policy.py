"""The one policy (issue 12): who may do what, from memberships, rosters and the admin flag."""

from __future__ import annotations

import pytest

from torneo.core.policy import Action, Actor, Resource, refusal

EVENT = Resource("event", 7, club_id=1, staff=frozenset({20}), staff_role="judge")
POKER = Resource("poker tournament", 3, club_id=1, staff=frozenset({30}), staff_role="floor")
SEASON = Resource("season", "2026", club_id=1)

OWNER = Actor("owner", frozenset({(1, "owner")}), user_id=1)
ORGANIZER = Actor("org", frozenset({(1, "organizer")}), user_id=2)
JUDGE = Actor("judge", frozenset({(1, "judge")}), user_id=20)
OTHER_JUDGE = Actor("judge2", frozenset({(1, "judge")}), user_id=21)
FLOOR = Actor("floor", frozenset({(1, "floor")}), user_id=30)
JUDGE_AS_FLOOR = Actor("judge3", frozenset({(1, "judge")}), user_id=30)  # on the roster, wrong role
OTHER_ORGANIZER = Actor("org2", frozenset({(2, "owner")}), user_id=3)
OTHER_CLUB_JUDGE = Actor("judge4", frozenset({(2, "judge")}), user_id=20)  # same id, other club
ADMIN = Actor("admin", admin=True, user_id=9)
PLAYER = Actor("player", user_id=40, player_id=5)


@pytest.mark.parametrize(
    ("actor", "action", "resource", "allowed"),
    [
        (OWNER, Action.MANAGE, EVENT, True),
        (ORGANIZER, Action.MANAGE, EVENT, True),
        (ORGANIZER, Action.OFFICIATE, EVENT, True),  # the organizer is the first official
        (ORGANIZER, Action.MEMBERS, SEASON, False),  # members: the owner only
        (OWNER, Action.MEMBERS, SEASON, True),
        (JUDGE, Action.OFFICIATE, EVENT, True),  # INV-JUDGE-1: appointed to this event
        (JUDGE, Action.MANAGE, EVENT, False),  # staff never set a tournament up
        (OTHER_JUDGE, Action.OFFICIATE, EVENT, False),  # a judge of another event
        (FLOOR, Action.OFFICIATE, POKER, True),
        (JUDGE_AS_FLOOR, Action.OFFICIATE, POKER, False),  # on the roster without the role
        (OTHER_ORGANIZER, Action.MANAGE, EVENT, False),  # organizer of another club
        (OTHER_ORGANIZER, Action.OFFICIATE, EVENT, False),
        (OTHER_CLUB_JUDGE, Action.OFFICIATE, EVENT, False),  # staff of another club
        (ADMIN, Action.MANAGE, EVENT, True),
        (ADMIN, Action.MEMBERS, SEASON, True),
        (PLAYER, Action.MANAGE, EVENT, False),
        (PLAYER, Action.OFFICIATE, EVENT, False),
        (JUDGE, Action.CREATE, SEASON, False),
        (ORGANIZER, Action.CREATE, SEASON, True),
    ],
)
def test_the_policy_table(actor: Actor, action: Action, resource: Resource, allowed: bool) -> None:
    assert (refusal(actor, action, resource) is None) is allowed


def test_a_refusal_says_who_and_what_is_accepted() -> None:
    refused = refusal(OTHER_ORGANIZER, Action.MANAGE, EVENT)
    assert refused is not None
    assert refused.field == "actor"
    assert refused.text == "org2 may not manage event 7 of another club"
    assert refused.accepted_message is not None
    assert refused.accepted_message.english() == "an organizer of the club"


def test_roles_of_an_actor() -> None:
    assert PLAYER.roles == frozenset({"player"})
    assert ADMIN.roles == frozenset({"admin"})
    assert OWNER.runs(1)
    assert not OWNER.runs(2)
    assert OTHER_ORGANIZER.clubs_run() == (2,)
    assert JUDGE.is_staff
    assert not PLAYER.is_staff


def test_own_a_fantasy_team_its_manager_or_the_club_s_organizer() -> None:
    """Issue 18: OWN lets the accounts a thing belongs to act on it, and the club's organizers
    (a lineup received by SMS); a judge of the club or anyone of another club is refused."""
    from torneo.core.policy import Action, Actor, Resource, refusal

    team = Resource("fantasy team", 5, club_id=1, owners=frozenset({42}))
    manager = Actor("mister", user_id=42)
    assert refusal(manager, Action.OWN, team) is None
    assert refusal(Actor("org", frozenset({(1, "organizer")}), user_id=1), Action.OWN, team) is None
    judge = refusal(Actor("judge", frozenset({(1, "judge")}), user_id=2), Action.OWN, team)
    assert judge is not None
    assert judge.text == "judge may not act for fantasy team 5"
    other = refusal(Actor("owner", frozenset({(2, "owner")}), user_id=3), Action.OWN, team)
    assert other is not None
    assert other.text == "owner may not act for fantasy team 5 of another club"
    assert refusal(manager, Action.MANAGE, team) is not None  # OWN only
