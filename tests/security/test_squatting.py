"""Squatting another club's names (issue 27, "also"): card-set codes and season names are unique
per club, not server-wide (migration 0022).

Before, the first club to import a set "CORE" or to create a season "Inverno 2026" took the code
or the name from every club: the others could not import their own, and a lookup by name could
land on the squatter's. Now each club has its own; a name alone finds the actor's club's, or
the one club that uses it; where two clubs do and nothing says whose, the caller is asked for the
club (``--club``) or the id, never handed another club's.
"""

from __future__ import annotations

import pytest

from tests.support.cli import Cli
from tests.support.draft import demo_set
from tests.support.web import PASSWORD, api_login, make_client
from torneo.cards import commands as events
from torneo.cards.draft import views as draft_views
from torneo.cards.sets import commands as sets
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.platform import accounts, clubs
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views_standings

ADMIN = Actor("admin", admin=True)
A = Actor("org", frozenset({(1, "organizer")}))
B = Actor("rival", frozenset({(2, "organizer")}))
CSV = "tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped\n"


def _rival_club(store: Store) -> None:
    clubs.create_club(store, ADMIN, "Circolo rivale")


def _set(code: str, name: str):  # type: ignore[no-untyped-def]
    demo = demo_set()
    return type(demo)(code, name, demo.cards, demo.booster, demo.starter)


def test_issue27_a_card_set_code_taken_by_another_club_is_still_ours(store: Store) -> None:
    _rival_club(store)
    squat = sets.import_set(store, B, _set("CORE", "Squatted"), source="json", club=2)
    ours = sets.import_set(store, A, _set("CORE", "Our core set"), source="json", club=1)
    assert ours != squat
    with pytest.raises(Conflict):  # within one club a code stays unique
        sets.import_set(store, A, _set("CORE", "Again"), source="json", club=1)
    event = events.create_event(
        store, A, name="Sealed", preset="berserk-online", held_on="2026-12-01"
    )
    sets.setup_event(store, A, event, set_code="CORE", format_key="draft_standard")
    with store.read() as s:
        from torneo.cards.draft.state import setup_of

        setup = setup_of(s, event)
        assert setup is not None
        assert setup.set_id == ours  # the club's own set, never the squatter's
    cards, owner = draft_views.set_cards(store, "CORE", 1)
    assert (cards.name, owner) == ("Our core set", 1)
    with pytest.raises(TorneoError) as ambiguous:  # two clubs' CORE and nothing says whose
        draft_views.set_cards(store, "CORE")
    assert ambiguous.value.field == "club"


def test_issue27_another_club_s_set_is_not_found_for_our_event(store: Store) -> None:
    _rival_club(store)
    sets.import_set(store, B, _set("ONLY", "Theirs"), source="json", club=2)
    event = events.create_event(
        store, A, name="Sealed", preset="berserk-online", held_on="2026-12-01"
    )
    with pytest.raises(NotFound) as err:
        sets.setup_event(store, A, event, set_code="ONLY", format_key="draft_standard")
    assert "ONLY" not in (err.value.accepted or "")  # its code is not even listed to us


def test_issue27_the_card_set_api_names_whose_set(web_store: Store) -> None:
    _rival_club(web_store)
    sets.import_set(web_store, B, _set("CORE", "Squatted"), source="json", club=2)
    sets.import_set(web_store, A, _set("CORE", "Our core set"), source="json", club=1)
    client = make_client(web_store)
    listed = client.get("/api/v1/card-sets").json()
    assert sorted((x["code"], x["club_id"]) for x in listed) == [("CORE", 1), ("CORE", 2)]
    assert client.get("/api/v1/card-sets/CORE").status_code == 422  # say whose
    ours = client.get("/api/v1/card-sets/CORE?club=1")
    assert ours.status_code == 200
    assert (ours.json()["name"], ours.json()["club_id"]) == ("Our core set", 1)


def test_issue27_a_season_name_taken_by_another_club_is_still_ours(store: Store) -> None:
    _rival_club(store)
    theirs = seasons.create_season(store, B, name="Inverno 2026", preset="invasion-it-2012")
    ours = seasons.create_season(store, A, name="Inverno 2026", preset="invasion-it-2012")
    assert ours != theirs
    with pytest.raises(Conflict):  # within one club a name stays unique
        seasons.create_season(store, A, name="inverno  2026", preset="invasion-it-2012")
    with store.read() as s:  # each organizer's name finds their own club's season
        assert seasons.get_season(s, "Inverno 2026", actor=A).id == ours
        assert seasons.get_season(s, "Inverno 2026", actor=B).id == theirs
        with pytest.raises(TorneoError) as ambiguous:  # nobody's: say whose
            seasons.get_season(s, "Inverno 2026")
        assert ambiguous.value.field == "club"
        assert seasons.get_season(s, "Inverno 2026", club=1).id == ours
    assert views_standings.season_info(store, "Inverno 2026", 2).id == theirs
    assert {i.id for i in views_standings.list_seasons(store)} == {ours, theirs}
    summary = seasons.recompute_season(store, A, "Inverno 2026")
    assert summary.season_id == ours


def test_issue27_an_import_by_season_id_never_lands_in_another_club_s_season(
    web_store: Store,
) -> None:
    _rival_club(web_store)
    accounts.create_user(
        web_store, Actor.system(), username="rival", password=PASSWORD, role="organizer",
        club="Circolo rivale",
    )  # fmt: skip
    ours = seasons.create_season(web_store, A, name="Inverno 2026", preset="invasion-it-2012")
    theirs = seasons.create_season(web_store, B, name="Inverno 2026", preset="invasion-it-2012")
    with make_client(web_store) as rival:
        api_login(rival, "rival")
        # B's organizer posts to A's season: refused, not imported into B's own of that name
        refused = rival.post(f"/api/v1/seasons/{ours}/import", json={"csv": CSV})
        assert refused.status_code == 403, refused.text
        own = rival.post(f"/api/v1/seasons/{theirs}/import", json={"csv": CSV})
        assert own.status_code in (200, 422), own.text  # its own season: allowed to try
        if own.status_code == 200:
            assert own.json()["season_id"] == theirs
    with pytest.raises(Forbidden):
        seasons.recompute_season(web_store, B, ours)


def test_issue27_the_season_cli_asks_for_the_club_when_two_clubs_share_a_name(cli: Cli) -> None:
    cli.ok("club", "create", "Circolo rivale")
    cli.ok("season", "create", "Inverno 2026", "--preset", "invasion-it-2012", "--club", "1")
    cli.ok(
        "season", "create", "Inverno 2026", "--preset", "invasion-it-2012", "--club",
        "Circolo rivale",
    )  # fmt: skip
    refused = cli.refused("season", "standings", "Inverno 2026")
    assert "--club" in refused.stderr
    assert cli.ok("season", "standings", "Inverno 2026", "--club", "Circolo rivale")
    assert cli.ok("season", "recompute", "Inverno 2026", "--club", "1")
