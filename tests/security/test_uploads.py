"""Issue 27 hole 2 through the use cases: every upload is read by the bounded readers
(torneo.core.uploads) and only after the actor was found allowed, so a stranger's bomb costs
nothing and the owner's is refused in bounded memory, naming the limit."""

from __future__ import annotations

import base64
import json
import tracemalloc
from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, build_league
from tests.support import upload_bombs
from tests.support.risiko import tournament as risiko_tournament
from tests.support.web import PASSWORD, api_login, make_client
from torneo.cards import commands as events
from torneo.cards.roster import commands as cards_roster
from torneo.cards.rules import set_files
from torneo.core.errors import Forbidden, TorneoError
from torneo.engines.trf.codec import decode_trf, parse_trf
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_votes as votes
from torneo.platform import accounts, clubs
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands_roster as risiko_roster
from torneo.seasons import commands as seasons

ORG = Actor("org", frozenset({(1, "organizer")}))
OTHER = Actor("rival", frozenset({(2, "organizer")}))  # organizer of another club


def _peak_mib(act: Callable[[], object]) -> tuple[float, TorneoError | None]:
    tracemalloc.start()
    try:
        act()
        error: TorneoError | None = None
    except TorneoError as err:
        error = err
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20, error


def test_issue27_vote_file_bombs_refused_in_bounded_memory(store: Store, clock: FakeClock) -> None:
    league = build_league(store, teams=2)
    for bomb, reason in (
        (upload_bombs.gap_bomb(), "more than 10000 rows"),
        (upload_bombs.wide_bomb(), "more than 64 columns"),
        (upload_bombs.inflation_bomb(20), "bytes once unpacked"),
    ):

        def upload(data: bytes = bomb) -> object:
            return votes.import_votes(store, ADMIN, league.id, 1, data)

        peak, error = _peak_mib(upload)
        assert error is not None
        assert reason in str(error)
        assert error.field == "file"
        assert peak < 30, f"{peak:.0f} MiB for {reason}"
    csv = upload_bombs.csv_bomb(200_000).encode()
    peak, error = _peak_mib(lambda: votes.import_votes(store, ADMIN, league.id, 1, csv))
    assert error is not None
    assert "more than 10000 rows" in str(error)
    assert peak < 30


def test_issue27_vote_file_dimension_claim_ignored(store: Store, clock: FakeClock) -> None:
    """The issue's 1.6 KB file: one cell read, refused for what it holds (no header), at once."""
    league = build_league(store, teams=2)
    peak, error = _peak_mib(
        lambda: votes.import_votes(store, ADMIN, league.id, 1, upload_bombs.dimension_bomb())
    )
    assert error is not None
    assert not isinstance(error, Forbidden)
    assert peak < 30


@pytest.mark.parametrize("what", ["votes", "extras", "fixtures", "prices"])
def test_issue27_stranger_refused_before_the_file_is_read(
    store: Store, clock: FakeClock, what: str
) -> None:
    """A bomb that the readers would refuse for its size: the stranger hears "you may not"."""
    league = build_league(store, teams=2)
    bomb = upload_bombs.gap_bomb()
    act: dict[str, Callable[[], object]] = {
        "votes": lambda: votes.import_votes(store, OTHER, league.id, 1, bomb),
        "extras": lambda: votes.set_extras(store, OTHER, league.id, 1, "\n" * 100_000),
        "fixtures": lambda: fantasy.import_fixtures(store, OTHER, league.id, bomb),
        "prices": lambda: fantasy.import_prices(store, OTHER, league.id, bomb),
    }
    with pytest.raises(Forbidden):
        act[what]()


def test_issue27_rosters_refused_before_they_are_read(store: Store, clock: FakeClock) -> None:
    paste = upload_bombs.csv_bomb(200_000)
    eid = events.create_event(
        store, ORG, name="Open", preset="invasion-it-2012", held_on="2026-12-05"
    )
    with pytest.raises(Forbidden):
        cards_roster.register_roster(store, OTHER, eid, paste)
    with pytest.raises(TorneoError, match="more than 5000 rows"):
        cards_roster.register_roster(store, ORG, eid, paste)
    rid = risiko_tournament(store, ORG, publish=False)
    with pytest.raises(Forbidden):
        risiko_roster.register_roster(store, OTHER, rid, paste)
    pid = poker.create_tournament(store, ORG, template="tue", held_on="2026-12-01", seed=1)
    with pytest.raises(Forbidden):
        poker_entries.register_roster(store, OTHER, pid, ["\u0000"] * 5000)


def test_issue27_season_import_refused_before_it_is_read(store: Store, clock: FakeClock) -> None:
    paste = "tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped\n"
    paste += "a,2026-01-10,s,no,p,1,3,0,no\n" * 10 + "\n" * 300_000
    with pytest.raises(Forbidden):
        seasons.import_season_csv(store, OTHER, "Stagione", "invasion-it-2012", paste, club=1)
    with pytest.raises(TorneoError, match="more than 200000 rows"):
        seasons.import_season_csv(store, ORG, "Stagione", "invasion-it-2012", paste, club=1)


def test_issue27_card_set_files_bounded() -> None:
    with pytest.raises(TorneoError, match="more than 20000 rows"):
        set_files.read_csv(upload_bombs.csv_bomb(30_000), code="X", name="X")
    with pytest.raises(TorneoError, match="is nested too deep"):
        set_files.read_json("[" * 200_000 + "]" * 200_000)
    too_many = json.dumps({"code": "X", "name": "X", "cards": [{}] * 20_001})
    with pytest.raises(TorneoError, match="more than 20000 rows"):
        set_files.read_json(too_many)


def test_issue27_trf_lines_counted_before_they_are_built() -> None:
    with pytest.raises(TorneoError, match="more than 100000 lines"):
        parse_trf("\n" * 300_000)
    with pytest.raises(TorneoError, match="at most 20000000 bytes"):
        decode_trf(b" " * 20_000_001)


def test_issue27_vote_file_over_http_stranger_403_owner_422(
    sqlite_store: Store, clock: FakeClock
) -> None:
    """The issue's path: the API's vote import, a stranger first (403, the file never parsed),
    then the league's organizer (422 naming the limit); nothing imported either time."""
    league = build_league(sqlite_store, teams=2)
    accounts.create_user(
        sqlite_store, Actor.system(), username="org", password=PASSWORD, role="organizer"
    )
    clubs.create_club(sqlite_store, Actor("admin", admin=True), "Circolo rivale")
    accounts.create_user(
        sqlite_store, Actor.system(), username="rival", password=PASSWORD, role="organizer",
        club="Circolo rivale",
    )  # fmt: skip
    body = {"file": base64.b64encode(upload_bombs.gap_bomb()).decode()}
    url = f"/api/v1/fantasy/leagues/{league.id}/matchdays/1/votes"
    audited = _audit_rows(sqlite_store)
    for who, status, says in (("rival", 403, "may not"), ("org", 422, "more than 10000 rows")):
        with make_client(sqlite_store) as client:
            api_login(client, who)
            answer = client.post(url, json=body)
        assert answer.status_code == status, answer.text
        assert says in answer.text
    assert _audit_rows(sqlite_store) == audited  # no import, no change


def _audit_rows(store: Store) -> int:
    with store.read() as session:
        return session.scalar(select(func.count(AuditEntry.id))) or 0
