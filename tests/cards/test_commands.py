"""A whole invasion-it-2012 event through the services, and every bad input of issue 2."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from sqlalchemy import event, select

from tests.support.events import fingerprint, play_swiss_and_top, report_round, roster
from torneo.cards import commands as events
from torneo.cards import progress as engines
from torneo.cards.state import get_event, tournament_of
from torneo.cards.tables import Match
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.judging.tables import EventJudge
from torneo.platform import accounts
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

PRESET = "invasion-it-2012"


def _event(store: Store, org: Actor, players: int = 26) -> int:
    event_id = events.create_event(
        store, org, name="Torneo di prova", preset=PRESET, held_on="2012-03-10"
    )
    events.register_roster(store, org, event_id, roster(players))
    return event_id


def test_INV_STRUCT_1_whole_event_26_players_to_the_final(store: Store, organizer: Actor) -> None:
    """INV-STRUCT-1: 26 players → 5 Swiss rounds + Top 8 (with INV-STRUCT-4's 3rd place match)."""
    rng = random.Random(7)
    event_id = _event(store, organizer)
    assert events.start_event(store, organizer, event_id) == (5, 8)
    # quarterfinals, semifinals, final + 3rd/4th
    play_swiss_and_top(store, organizer, event_id, rng, swiss=5, top=3)
    events.close_event(store, organizer, event_id)
    with store.read() as s:
        event = get_event(s, event_id)
        t = tournament_of(event)
        ruleset = load_preset(PRESET)
        order, wins = engines.final_order(t, ruleset, event.seed, event.settings["top_seeds"])
    assert event.status == "finished"
    assert len(order) == 26
    assert len(set(order)) == 26
    assert wins[order[0]] == 3  # the winner won quarter, semi and final (INV-PTS-1)
    # No rematch in the Swiss rounds (26 players, 5 rounds: always avoidable).
    pairs = [
        frozenset((m.player_a, m.player_b)) for m in t.matches if m.stage == "swiss" and m.player_b
    ]
    assert len(pairs) == len(set(pairs))


def test_unknown_preset_is_refused(store: Store, organizer: Actor) -> None:
    before = fingerprint(store)
    with pytest.raises(NotFound) as err:
        events.create_event(
            store, organizer, name="X", preset="invasion-2099", held_on="2012-03-10"
        )
    assert err.value.field == "preset"
    assert fingerprint(store) == before


def test_INV_SEASON_1_a_date_that_does_not_exist(store: Store, organizer: Actor) -> None:
    """INV-SEASON-1: 31 June does not exist; the field is named and nothing is created."""
    before = fingerprint(store)
    with pytest.raises(TorneoError) as err:
        events.create_event(store, organizer, name="X", preset=PRESET, held_on="2012-06-31")
    assert err.value.field == "held_on"
    assert "does not exist" in err.value.reason
    assert fingerprint(store) == before


def test_registering_the_same_player_twice(store: Store, organizer: Actor) -> None:
    event_id = _event(store, organizer, 4)
    before = fingerprint(store, event_id)
    with pytest.raises(Conflict) as err:
        events.register_player(store, organizer, event_id, name="giocatore 01")
    assert err.value.field == "player"
    assert fingerprint(store, event_id) == before


def test_a_roster_with_a_duplicate_registers_no_one(store: Store, organizer: Actor) -> None:
    event_id = events.create_event(store, organizer, name="X", preset=PRESET, held_on="2012-03-10")
    before = fingerprint(store, event_id)
    with pytest.raises(TorneoError) as err:
        events.register_roster(store, organizer, event_id, "Anna\nBruno\nanna")
    assert err.value.field == "roster"
    assert "line 3" in err.value.reason
    assert fingerprint(store, event_id) == before


def test_roster_registers_known_and_new_players_with_one_audit_row_each(
    store: Store, organizer: Actor
) -> None:
    """Bulk rosters (issue 14): a known name is that player (stored name kept), a new one is
    created; every registration has its audit row, written in the same transaction."""
    known = events.create_event(store, organizer, name="Prima", preset=PRESET, held_on="2012-03-10")
    events.register_player(store, organizer, known, name="Anna Rossi", club="Ludo")
    event_id = events.create_event(store, organizer, name="X", preset=PRESET, held_on="2012-03-11")
    ids = events.register_roster(store, organizer, event_id, "anna rossi\nBruno,Dadi,1500")
    with store.read() as s:
        event = get_event(s, event_id)
        regs = {r.player_id: r.player for r in event.registrations}
        audits = s.scalars(
            select(AuditEntry).where(
                AuditEntry.event_id == event_id, AuditEntry.action == "event.register"
            )
        ).all()
    assert list(regs) == ids
    assert regs[ids[0]].name == "Anna Rossi"  # the player registered before, not a new one
    assert (regs[ids[1]].name, regs[ids[1]].club, regs[ids[1]].rating) == ("Bruno", "Dadi", 1500)
    afters = [(a.entity_id, a.after or {}) for a in audits]
    assert sorted((entity, after["player_id"]) for entity, after in afters) == sorted(
        (r.id, r.player_id) for r in event.registrations
    )
    assert {after["player"] for _, after in afters} == {"Anna Rossi", "Bruno"}


def test_roster_of_a_registered_player_registers_no_one(store: Store, organizer: Actor) -> None:
    """A name already registered refuses the whole paste, naming that line's player."""
    event_id = _event(store, organizer, 4)
    before = fingerprint(store, event_id)
    with pytest.raises(TorneoError) as err:
        events.register_roster(store, organizer, event_id, "Nuovo\nGiocatore 02")
    assert err.value.field == "roster"
    assert err.value.reason == "Giocatore 02: this player is already registered in the event"
    assert fingerprint(store, event_id) == before


def test_roster_queries_per_batch_not_per_line(sqlite_store: Store, organizer: Actor) -> None:
    """Bulk rosters (issue 14): 10 lines and 600 lines send the same number of statements."""
    counts = []
    for n in (10, 600):
        event_id = events.create_event(
            sqlite_store, organizer, name=f"R{n}", preset=PRESET, held_on="2012-03-10"
        )
        statements: list[str] = []
        count = statements.append

        def listen(*args: object, seen: Callable[[str], None] = count) -> None:
            seen(str(args[2]))

        event.listen(sqlite_store.engine, "before_cursor_execute", listen)
        try:
            events.register_roster(sqlite_store, organizer, event_id, roster(n))
        finally:
            event.remove(sqlite_store.engine, "before_cursor_execute", listen)
        counts.append(len(statements))
    assert counts[0] == counts[1]


@pytest.fixture
def running(store: Store, organizer: Actor) -> int:
    event_id = _event(store, organizer, 8)
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    return event_id


@pytest.mark.parametrize("result", ["3-0", "2-2", "0-3", "2-1-1", "banana"])
def test_INV_STRUCT_3_impossible_score_changes_nothing(
    store: Store, organizer: Actor, running: int, result: str
) -> None:
    """INV-STRUCT-3: best of three; 3-0 and 2-2 cannot happen."""
    before = fingerprint(store, running)
    with pytest.raises(TorneoError) as err:
        events.report_result(store, organizer, running, 1, 1, result)
    assert err.value.field == "result"
    assert fingerprint(store, running) == before


def test_a_result_reported_twice(store: Store, organizer: Actor, running: int) -> None:
    events.report_result(store, organizer, running, 1, 1, "2-0")
    before = fingerprint(store, running)
    with pytest.raises(TorneoError) as err:
        events.report_result(store, organizer, running, 1, 1, "0-2")
    assert err.value.field == "result"
    assert "already reported" in err.value.reason
    assert fingerprint(store, running) == before


def test_a_result_for_a_match_not_in_the_current_round(
    store: Store, organizer: Actor, running: int
) -> None:
    before = fingerprint(store, running)
    with pytest.raises(TorneoError) as err:
        events.report_result(store, organizer, running, 2, 1, "2-0")
    assert err.value.field == "table"
    assert fingerprint(store, running) == before


def test_pairing_while_the_previous_round_is_unreported(
    store: Store, organizer: Actor, running: int
) -> None:
    before = fingerprint(store, running)
    with pytest.raises(Conflict) as err:
        events.pair_next_round(store, organizer, running)
    assert err.value.field == "round"
    assert "unreported" in err.value.reason
    assert fingerprint(store, running) == before


def test_a_stale_version_is_a_conflict(store: Store, organizer: Actor, running: int) -> None:
    """A correction typed over a result the client never saw is refused, and changes nothing."""
    _audits, version = fingerprint(store, running)
    assert version is not None
    events.report_result(store, organizer, running, 1, 1, "2-0", version=version)
    before = fingerprint(store, running)
    with pytest.raises(Conflict) as err:
        events.report_result(
            store, organizer, running, 1, 1, "0-2", version=version, correction=True, reason="x"
        )
    assert err.value.field == "version"
    assert fingerprint(store, running) == before


def test_a_result_s_version_is_about_its_match(
    store: Store, organizer: Actor, running: int
) -> None:
    """Finer locks (issue 14): a version the client saw before table 1 reported still writes
    table 2; the version after table 1's report corrects table 1; a version the event never
    had is refused."""
    _audits, version = fingerprint(store, running)
    assert version is not None
    events.report_result(store, organizer, running, 1, 1, "2-0", version=version)
    events.report_result(store, organizer, running, 1, 2, "2-0", version=version)
    _audits, now = fingerprint(store, running)
    assert now == version + 2
    events.report_result(
        store, organizer, running, 1, 1, "2-1", version=now, correction=True, reason="typo"
    )
    before = fingerprint(store, running)
    with pytest.raises(Conflict) as err:
        events.report_result(store, organizer, running, 1, 3, "2-0", version=now + 5)
    assert err.value.field == "version"
    assert fingerprint(store, running) == before


def _write_over_a_concurrent_commit(store: Store, actor: Actor) -> None:
    with store.unit(actor) as first:
        match_1 = first.session.get(Match, 1)
        assert match_1 is not None
        with store.unit(actor) as second:  # commits while the first still holds version 1
            match_2 = second.session.get(Match, 1)
            assert match_2 is not None
            match_2.wins_a, match_2.wins_b, match_2.draws = 2, 0, 0
        match_1.wins_a, match_1.wins_b, match_1.draws = 0, 2, 0


def test_two_concurrent_writers_one_wins_the_other_conflicts(
    store: Store, organizer: Actor, running: int
) -> None:
    """Optimistic locking in the store: the second commit of a loaded-stale row is refused."""
    with pytest.raises(Conflict):
        _write_over_a_concurrent_commit(store, organizer)
    with store.read() as s:
        stored = s.get(Match, 1)
        assert stored is not None
        assert (stored.wins_a, stored.wins_b) == (2, 0)  # the first commit stands, nothing lost


def test_INV_JUDGE_1_only_the_events_judges_report_and_none_pairs(
    store: Store, organizer: Actor, judge: Actor, running: int
) -> None:
    """INV-JUDGE-1: the organizer appoints the event's judges; another judge cannot act on it."""
    before = fingerprint(store, running)
    with pytest.raises(Forbidden) as err:
        events.report_result(store, judge, running, 1, 1, "2-1")
    assert err.value.field == "judge"
    assert fingerprint(store, running) == before
    user_id = accounts.create_user(
        store, Actor.system(), username="arbitro", password="arbitro-123", role="judge"
    )
    with store.unit(organizer) as uow:
        uow.session.add(EventJudge(event_id=running, user_id=user_id, appointed_at=uow.now))
    appointed = Actor("arbitro", frozenset({(1, "judge")}), user_id=user_id)
    events.report_result(store, appointed, running, 1, 1, "2-1")
    with pytest.raises(Forbidden):
        events.pair_next_round(store, appointed, running)


def test_INV_DROP_1_a_dropped_player_is_not_paired(
    store: Store, organizer: Actor, running: int
) -> None:
    """INV-DROP-1: players may drop; they are not paired again."""
    rng = random.Random(3)
    report_round(store, organizer, running, rng)
    with store.read() as s:
        player = get_event(s, running).registrations[0].player_id
    events.drop_player(store, organizer, running, player, reason="tired")
    events.pair_next_round(store, organizer, running)
    with store.read() as s:
        round2 = [m for m in get_event(s, running).matches if m.round_no == 2]
    assert all(player not in (m.player_a_id, m.player_b_id) for m in round2)
    assert any(m.player_b_id is None for m in round2)  # 7 players left: one bye (INV-BYE-1)


def test_BER_PTS_1_a_berserk_event_runs_to_its_top_4(store: Store, organizer: Actor) -> None:
    """BER-PTS-1 / BER-POD-3 / BER-TOP-1: 6 players, 3 rounds of single games, a Top 4."""
    rng = random.Random(11)
    event_id = events.create_event(
        store, organizer, name="Berserk weekly", preset="berserk-online", held_on="2026-12-01"
    )
    events.register_roster(store, organizer, event_id, roster(6))
    assert events.start_event(store, organizer, event_id) == (3, 4)
    for _ in range(3):
        events.pair_next_round(store, organizer, event_id)
        with store.read() as s:
            event = get_event(s, event_id)
            current = max(m.round_no for m in event.matches)
            tables = [m.table_no for m in event.matches if m.round_no == current and m.player_b_id]
        for table in tables:
            events.report_result(
                store, organizer, event_id, current, table, rng.choice(["1-0", "0-1", "0-0-1"])
            )
    events.start_top(store, organizer, event_id)
    report_round(store, organizer, event_id, rng, top=True, results=["1-0", "0-1"])
    events.pair_next_round(store, organizer, event_id)
    report_round(store, organizer, event_id, rng, top=True, results=["1-0", "0-1"])
    events.close_event(store, organizer, event_id)
    with store.read() as s:
        event = get_event(s, event_id)
        t = tournament_of(event)
        rows = engines.current_standings(t, load_preset("berserk-online"), event.seed)
    assert event.status == "finished"
    assert all(r.points % 10 == 0 for r in rows)  # 30 a win, 20 a draw, 0 a loss
    assert not [m for m in t.matches if m.stage == "third_place"]  # BER-TOP-3: no 3rd place match


def test_an_event_keeps_its_time_zone_and_refuses_an_unknown_one(
    store: Store, organizer: Actor
) -> None:
    """Issue 15 item 7: Europe/Rome unless the organizer names another IANA zone."""
    from torneo.cards.tables import Event

    rome = events.create_event(
        store, organizer, name="Serata", preset="invasion-it-2012", held_on="2026-12-01"
    )
    london = events.create_event(
        store,
        organizer,
        name="Trasferta",
        preset="invasion-it-2012",
        held_on="2026-12-01",
        time_zone="Europe/London",
    )
    with store.read() as session:
        assert session.get(Event, rome).time_zone == "Europe/Rome"  # type: ignore[union-attr]
        assert session.get(Event, london).time_zone == "Europe/London"  # type: ignore[union-attr]
    with pytest.raises(TorneoError) as err:
        events.create_event(
            store,
            organizer,
            name="X",
            preset="invasion-it-2012",
            held_on="2026-12-01",
            time_zone="Milano",
        )
    assert err.value.field == "time_zone"


def test_INV_STRUCT_4_each_top_round_is_played_at_tables_1_to_n(
    store: Store, organizer: Actor
) -> None:
    """Issue 30 item 8: the semifinals were paired at tables 2 and 3 with no table 1 (the
    bracket's slot was the table number). Players report by table: every elimination round
    sits at tables 1..n, the 3rd/4th-place match beside the final at table 2, and the results
    reported at those tables carry the bracket to its end."""
    rng = random.Random(7)
    event_id = _event(store, organizer)
    events.start_event(store, organizer, event_id)
    play_swiss_and_top(store, organizer, event_id, rng, swiss=5, top=3)
    with store.read() as s:
        top = [m for m in get_event(s, event_id).matches if m.stage != "swiss"]
    tables = {
        r: sorted((m.stage, m.table_no) for m in top if m.round_no == r)
        for r in sorted({m.round_no for m in top})
    }
    assert list(tables.values()) == [
        [("top", 1), ("top", 2), ("top", 3), ("top", 4)],
        [("top", 1), ("top", 2)],
        [("third_place", 2), ("top", 1)],
    ]
    events.close_event(store, organizer, event_id)
