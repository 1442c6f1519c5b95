"""Durability: an event or a season to one JSON file and back into an empty database."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.support.databases import migrated_sqlite_store
from tests.support.events import fingerprint, report_round, roster
from torneo import transfer
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import views as srv
from torneo.core.errors import Conflict, TorneoError
from torneo.judging import commands as judging
from torneo.platform import accounts
from torneo.platform.store.tables import AuditEntry, User
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, views_standings

ORG = Actor("org", frozenset({(1, "organizer")}))
SECRET = "transfer-test-secret-0123456789-abcdefghij"


def finished_event(store: Store, players: int = 10, seed: int = 4) -> int:
    """A whole event: Swiss rounds, Top X to the final, a judge, self-reports, closed."""
    rng = random.Random(seed)
    event_id = events.create_event(
        store,
        ORG,
        name=f"Export {seed}",
        preset="invasion-it-2012",
        held_on="2012-03-10",
        seed=seed,
    )
    events.register_roster(store, ORG, event_id, roster(players))
    accounts.create_user(
        store, Actor.system(), username="giudice", password="password-uno-1", role="judge"
    )
    judging.appoint_judge(store, ORG, event_id, username="giudice")
    rounds, _ = events.start_event(store, ORG, event_id)
    for number in range(rounds):
        events.pair_next_round(store, ORG, event_id)
        if number == 0:  # two players report the first table themselves
            slip = [s for s in srv.slips(store, ORG, event_id, secret=SECRET) if s.code][:2]
            for s, result in zip(slip, ("2-1", "1-2"), strict=True):
                assert s.code is not None
                sr.report_by_code(store, event_id, s.table, s.code, result, secret=SECRET)
        report_round(store, ORG, event_id, rng)
    events.start_top(store, ORG, event_id)
    report_round(store, ORG, event_id, rng, top=True)
    events.pair_next_round(store, ORG, event_id)
    report_round(store, ORG, event_id, rng, top=True)
    events.close_event(store, ORG, event_id)
    return event_id


def views(store: Store, event_id: int) -> dict[str, Any]:
    """Everything the public sees of an event, as JSON."""
    page = queries.event_page(store, event_id)
    out = {
        "standings": queries.as_jsonable(queries.standings(store, event_id)),
        "final": queries.as_jsonable(queries.final_results(store, event_id)),
        "bracket": queries.as_jsonable(queries.bracket(store, event_id)),
        "summary": queries.as_jsonable(page.summary),
    }
    out["rounds"] = [
        queries.as_jsonable(queries.pairings(store, event_id, n)) for n in page.round_numbers
    ]
    return out


@pytest.fixture
def empty(tmp_path: Path, clock: FakeClock) -> Store:
    return migrated_sqlite_store(tmp_path / "empty.db", clock)


def test_an_event_goes_through_a_json_file_with_identical_standings(
    store: Store, empty: Store, tmp_path: Path
) -> None:
    event_id = finished_event(store)
    document = transfer.export(store, ORG, "event", event_id)
    path = tmp_path / "event.json"
    path.write_text(transfer.dumps(document), encoding="utf-8")
    done = transfer.import_document(empty, ORG, transfer.loads(path.read_bytes()))
    assert done.kind == "event"
    assert done.root_id == event_id
    assert views(empty, event_id) == views(store, event_id)
    assert srv.judge_queue(empty, ORG, event_id) == srv.judge_queue(store, ORG, event_id)
    with empty.read() as s:
        audit = s.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.event_id == event_id))
        judge = s.scalars(select(User).where(User.username == "giudice")).one()
    assert audit == len(document["tables"]["audit_log"]) + 1  # the history, and the import
    assert judge.password_hash == transfer.DISABLED_PASSWORD  # no password hash travels
    assert "password_hash" not in json.dumps(document["tables"]["users"])
    with pytest.raises(TorneoError):
        accounts.authenticate(empty, "giudice", "password-uno-1")


def test_an_export_from_sqlite_imports_into_either_database(
    tmp_path: Path, clock: FakeClock, store: Store
) -> None:
    source = migrated_sqlite_store(tmp_path / "source.db", clock)
    event_id = finished_event(source, players=9, seed=8)
    document = json.loads(transfer.dumps(transfer.export(source, ORG, "event", event_id)))
    transfer.import_document(store, ORG, document)
    assert views(store, event_id) == views(source, event_id)
    # New rows after an import get fresh ids (PostgreSQL sequences moved past the imported).
    other = events.create_event(
        store, ORG, name="After", preset="invasion-it-2012", held_on="2012-04-01"
    )
    assert other > event_id
    events.register_roster(store, ORG, other, "Nuovo Giocatore\nAltro Giocatore")


def test_importing_twice_is_refused_and_changes_nothing(store: Store, empty: Store) -> None:
    event_id = finished_event(store)
    document = transfer.export(store, ORG, "event", event_id)
    transfer.import_document(empty, ORG, document)
    before = fingerprint(empty, event_id)
    with pytest.raises(Conflict) as err:
        transfer.import_document(empty, ORG, document)
    assert err.value.field == "file"
    assert "events" in err.value.reason
    assert fingerprint(empty, event_id) == before


def test_a_season_carries_its_events(store: Store, empty: Store) -> None:
    event_id = finished_event(store, players=8, seed=11)
    seasons.create_season(store, ORG, name="Stagione", preset="invasion-it-2012")
    commands_events.add_finished_event_to_season(store, ORG, "Stagione", event_id)
    season_id = views_standings.season_info(store, "Stagione").id
    document = transfer.export(store, ORG, "season", season_id)
    assert {"seasons", "season_tournaments", "season_results", "events", "matches"} <= set(
        document["tables"]
    )
    transfer.import_document(empty, ORG, document)
    assert views_standings.season_standings(empty, "Stagione") == views_standings.season_standings(
        store, "Stagione"
    )
    assert views(empty, event_id) == views(store, event_id)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="other"), "file"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(kind="league"), "kind"),
        (lambda d: d["tables"].update(nonsense=[]), "tables"),
        (lambda d: d["tables"]["events"][0].update(colour="red"), "tables.events"),
        (lambda d: d["tables"]["matches"][0].pop("id"), "tables.matches"),
    ],
)
def test_a_broken_file_is_refused_and_changes_nothing(
    sqlite_store: Store, empty: Store, change: Any, field: str
) -> None:
    event_id = finished_event(sqlite_store, players=6)
    document = json.loads(transfer.dumps(transfer.export(sqlite_store, ORG, "event", event_id)))
    change(document)
    before = fingerprint(empty)
    with pytest.raises(TorneoError) as err:
        transfer.import_document(empty, ORG, document)
    assert err.value.field == field
    assert fingerprint(empty) == before


def test_not_json_and_unknown_ids_are_refused(sqlite_store: Store) -> None:
    with pytest.raises(TorneoError) as err:
        transfer.loads(b"{not json")
    assert err.value.field == "file"
    with pytest.raises(TorneoError) as err2:
        transfer.export(sqlite_store, ORG, "event", 404)
    assert err2.value.field == "id"
    with pytest.raises(TorneoError) as err3:
        transfer.export(sqlite_store, ORG, "tennis", 1)
    assert err3.value.field == "kind"
    with pytest.raises(TorneoError):
        transfer.export(sqlite_store, Actor("p"), "event", 1)


# --- a worker killed in the middle of a write ----------------------------------------------------

KILLED_PAIRING = r"""
import sys, time
from sqlalchemy import event
from sqlalchemy.orm import Session
from torneo.cards import commands as events
from torneo.cards.tables import Match
from torneo.platform.store.uow import Actor, Store

@event.listens_for(Session, "after_flush")
def hold(session, context):
    # The round's match rows are written, not committed: the worker dies here.
    if any(isinstance(o, Match) for o in session.new):
        print("FLUSHED", flush=True)
        time.sleep(120)

store = Store.from_url(sys.argv[1])
events.pair_next_round(store, Actor("org", frozenset({(1, "organizer")})), int(sys.argv[2]))
print("COMMITTED", flush=True)
"""


def _url_of(store: Store) -> str:
    return store.engine.url.render_as_string(hide_password=False)


def test_a_worker_killed_inside_the_pairing_transaction_leaves_no_half_round(
    store: Store,
) -> None:
    """SIGKILL after the round's matches are flushed, before the commit: the database has no
    part of round 2 (no round row, no match, no audit row, the same event version), and the
    round can be paired again at once."""
    import os
    import signal
    import subprocess
    import sys

    from torneo.cards.tables import Match, Round

    event_id = events.create_event(
        store, ORG, name="Kill", preset="invasion-it-2012", held_on="2012-03-10", seed=1
    )
    events.register_roster(store, ORG, event_id, roster(16))
    events.start_event(store, ORG, event_id)
    events.pair_next_round(store, ORG, event_id)
    report_round(store, ORG, event_id, random.Random(1))
    before = fingerprint(store, event_id)
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_PAIRING, _url_of(store), str(event_id)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "FLUSHED"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
    assert fingerprint(store, event_id) == before
    with store.read() as s:
        assert s.scalar(select(func.max(Match.round_no)).where(Match.event_id == event_id)) == 1
        assert s.scalar(select(func.count(Round.id)).where(Round.event_id == event_id)) == 1
    assert events.pair_next_round(store, ORG, event_id) == 2
