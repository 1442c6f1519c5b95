"""The placings of a closed event (``cards.progress.final_placings``), read alike by the
event's results page, its API and CLI, and the season (issue 13 items 2 and 3)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from tests.conftest import FakeClock
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.state import get_event
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, views_standings
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.calendar.commands import AnnouncementInput

PRESET = "invasion-it-2012"


def _play_round(store: Store, org: Actor, event_id: int, favourite: int | None) -> None:
    """Report the current round: ``favourite`` wins their match, elsewhere player A wins."""
    with store.read() as s:
        event = get_event(s, event_id)
        current = max(m.round_no for m in event.matches)
        open_ = [
            (m.table_no, m.player_b_id == favourite)
            for m in event.matches
            if m.round_no == current and m.player_b_id is not None and m.wins_a is None
        ]
    for table, b_wins in open_:
        events.report_result(store, org, event_id, current, table, "0-2" if b_wins else "2-0")


def _event(store: Store, org: Actor, *, players: int, major: bool = False) -> tuple[int, list[int]]:
    event_id = events.create_event(
        store,
        org,
        name="Torneo di club",
        preset=PRESET,
        held_on="2012-03-10",
        location="Circolo",
        is_major=major,
        seed=7,
    )
    roster = "\n".join(f"Giocatore {i:02d}" for i in range(1, players + 1))
    return event_id, events.register_roster(store, org, event_id, roster)


def _finish(store: Store, org: Actor, event_id: int, favourite: int | None) -> None:
    while True:
        page = queries.event_page(store, event_id)
        if page.actions.close is None:
            break
        with store.read() as s:
            event = get_event(s, event_id)
            swiss_left = (event.swiss_rounds or 0) - max(
                (m.round_no for m in event.matches if m.stage == "swiss"), default=0
            )
            top_started = "top_seeds" in event.settings
        if swiss_left > 0:
            events.pair_next_round(store, org, event_id)
        elif not top_started:
            events.start_top(store, org, event_id)
        else:
            events.pair_next_round(store, org, event_id)
        _play_round(store, org, event_id, favourite)
    events.close_event(store, org, event_id)


def test_INV_MAJOR_6_a_late_entrant_who_plays_to_the_end_keeps_the_major_benefits(
    store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-6: only a player who drops before the last round their placement allows
    loses the Major benefits; a late entry who then wins the Major scores as its winner
    (10 for first place and X + 2), above the runner-up."""
    event_id, _ = _event(store, organizer, players=12, major=True)
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    late = events.register_player(store, organizer, event_id, name="Ritardatario")
    _play_round(store, organizer, event_id, None)
    _finish(store, organizer, event_id, late)
    final = queries.final_results(store, event_id)
    assert final is not None
    winner, second = final.lines[0], final.lines[1]
    assert (winner.player_id, winner.dropped) == (late, False)
    labels = [str(label) for label, _ in winner.parts]
    assert "first place" in labels
    assert "Major size" in labels
    assert {str(k): v for k, v in winner.parts}["first place"] == 10
    assert winner.total > second.total
    assert winner.final_bonus == 1.5  # INV-MAJOR-5: a Major benefit too


def test_INV_PEN_1_a_disqualified_player_is_out_of_the_placings_everywhere(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """INV-PEN-1 / INV-ID-1 / INV-DECK-*: a disqualified player is out of the event's placings
    and earns no season points, at a minor tournament too; the field still counts them."""
    clock.now = datetime(2011, 9, 1, 10, tzinfo=UTC)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    clock.now = datetime(2012, 2, 1, 10, tzinfo=UTC)
    season_calendar.announce_tournament(
        store,
        organizer,
        "Stagione",
        AnnouncementInput(
            "Torneo di club", "Circolo", "2012-03-10", judge="Anna", prizes_for_top=3
        ),
    )
    clock.now = datetime(2012, 3, 10, 10, tzinfo=UTC)
    event_id, ids = _event(store, organizer, players=8)
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    _play_round(store, organizer, event_id, None)
    cheat = ids[0]
    events.drop_player(store, organizer, event_id, cheat, reason="3 warnings", disqualify=True)
    _finish(store, organizer, event_id, None)
    final = queries.final_results(store, event_id)
    assert final is not None
    assert cheat not in {line.player_id for line in final.lines}
    assert [line.place for line in final.lines] == list(range(1, 8))
    assert [(d.player_id, d.reason) for d in final.disqualified] == [(cheat, "3 warnings")]
    assert final.field_size == 8
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    assert (summary.results, summary.void) == (7, ())
    rows = views_standings.season_standings(store, "Stagione")
    assert "Giocatore 01" not in {r.player for r in rows}
    assert {r.player: r.points for r in rows} == {line.name: line.total for line in final.lines}


def _to_the_top(store: Store, org: Actor, **start: object) -> int:
    event_id, _ = _event(store, org, players=8)
    rounds, _top = events.start_event(store, org, event_id, **start)  # type: ignore[arg-type]
    for _ in range(rounds):
        events.pair_next_round(store, org, event_id)
        _play_round(store, org, event_id, None)
    return event_id


def test_INV_STRUCT_4_a_dropped_semifinalist_is_not_paired_and_the_opponent_takes_third(
    store: Store, organizer: Actor
) -> None:
    """INV-STRUCT-4: a losing semifinalist who dropped is not paired in the 3rd/4th-place
    match; the other losing semifinalist takes 3rd. INV-TOP-2: the die rule is shown for the
    first Top round (the semifinals of a Top 4) and not for the final."""
    event_id = _to_the_top(store, organizer)
    events.start_top(store, organizer, event_id)
    bracket = queries.event_page(store, event_id).bracket
    assert bracket is not None
    semis = bracket.rounds[0].matches
    assert [m.chooses_to_start for m in semis] == [m.a for m in semis]  # the better seeds
    from torneo.cards.self_report import views as views_self_report

    slips = views_self_report.slips(store, organizer, event_id, secret="s")
    assert {(s.table, s.chooses_to_start) for s in slips} == {
        (m.table, m.a.name) for m in semis if m.a is not None
    }
    _play_round(store, organizer, event_id, None)  # player A (the better seed) wins both
    gone = semis[1].b
    assert gone is not None
    events.drop_player(store, organizer, event_id, gone.player_id, reason="treno")
    events.pair_next_round(store, organizer, event_id)
    with store.read() as s:
        last = [m for m in get_event(s, event_id).matches if m.round_no == 5]
    assert [m.stage for m in last] == ["top"]  # the final alone
    _play_round(store, organizer, event_id, None)
    bracket = queries.event_page(store, event_id).bracket
    assert bracket is not None
    assert bracket.third_place is None
    assert bracket.rounds[-1].matches[0].chooses_to_start is None  # not the first Top round
    events.close_event(store, organizer, event_id)
    final = queries.final_results(store, event_id)
    assert final is not None
    other = semis[0].b
    assert other is not None
    assert [line.player_id for line in final.lines[2:4]] == [other.player_id, gone.player_id]


def test_INV_TOP_3_the_choice_rule_only_when_announced_at_the_start(
    store: Store, organizer: Actor
) -> None:
    """INV-TOP-3: picks are refused unless the choice rule was announced when the event
    started (then the die rule, INV-TOP-2, applies alone); announced, the best seed picks."""
    from tests.support.events import fingerprint
    from torneo.core.errors import Conflict

    plain = _to_the_top(store, organizer)
    standings = queries.event_page(store, plain).standings
    assert standings is not None
    fourth = standings.lines[3].player_id
    before = fingerprint(store, plain)
    with pytest.raises(Conflict) as err:
        events.start_top(store, organizer, plain, picks=[fourth])
    assert (err.value.field, err.value.rule) == ("picks", "INV-TOP-3")
    assert fingerprint(store, plain) == before
    announced = _to_the_top(store, organizer, choice_rule=True)
    assert queries.event_summary(store, announced).choice_rule is True
    standings = queries.event_page(store, announced).standings
    assert standings is not None
    third = standings.lines[2].player_id
    events.start_top(store, organizer, announced, picks=[third])
    bracket = queries.event_page(store, announced).bracket
    assert bracket is not None
    first = bracket.rounds[0].matches[0]
    assert first.b is not None
    assert first.b.player_id == third  # seed 1 picked seed 3


def _paired_in_current_round(store: Store, event_id: int) -> tuple[int, int, int, int]:
    """(round, table, player A, player B) of the first unreported match of the current round."""
    with store.read() as s:
        event = get_event(s, event_id)
        current = max(m.round_no for m in event.matches)
        m = next(
            m
            for m in event.matches
            if m.round_no == current and m.player_b_id is not None and m.wins_a is None
        )
        assert m.player_b_id is not None
        return current, m.table_no, m.player_a_id, m.player_b_id


def _match_and_registration(
    store: Store, event_id: int, round_no: int, table: int, player: int
) -> tuple[tuple[int | None, int | None, str | None], int | None]:
    with store.read() as s:
        event = get_event(s, event_id)
        m = next(m for m in event.matches if (m.round_no, m.table_no) == (round_no, table))
        reg = next(r for r in event.registrations if r.player_id == player)
        return (m.wins_a, m.wins_b, m.result_kind), reg.dropped_after_round


def test_INV_MAJOR_6_a_drop_while_paired_in_the_last_swiss_round_is_a_forfeit(
    store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-6: a player who drops at a Major while paired in the last Swiss round, the
    match unplayed, left before that round: the match is a forfeit (the opponent wins it 2-0 by
    concession) and the player keeps neither the Major's points nor its benefits."""
    event_id, _ = _event(store, organizer, players=12, major=True)
    rounds, _top = events.start_event(store, organizer, event_id)
    for _ in range(rounds - 1):
        events.pair_next_round(store, organizer, event_id)
        _play_round(store, organizer, event_id, None)
    events.pair_next_round(store, organizer, event_id)
    round_no, table, leaver, opponent = _paired_in_current_round(store, event_id)
    events.drop_player(store, organizer, event_id, leaver, reason="leaves")
    result, after = _match_and_registration(store, event_id, round_no, table, leaver)
    assert result == (0, 2, "concession")
    assert after == round_no - 1
    _play_round(store, organizer, event_id, None)
    _finish(store, organizer, event_id, None)
    final = queries.final_results(store, event_id)
    assert final is not None
    line = next(line for line in final.lines if line.player_id == leaver)
    assert (line.dropped, line.total, line.final_bonus) == (True, 0, Fraction(0))
    winner = next(line for line in final.lines if line.player_id == opponent)
    assert winner.dropped is False


def test_INV_MAJOR_6_a_drop_in_the_top_before_the_match_is_a_forfeit(
    store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-6: a Top player who drops before playing their Top match forfeits it (the
    opponent goes on) and, having left before a round their placement allowed, gets nothing."""
    event_id, _ = _event(store, organizer, players=12, major=True)
    rounds, _top = events.start_event(store, organizer, event_id)
    for _ in range(rounds):
        events.pair_next_round(store, organizer, event_id)
        _play_round(store, organizer, event_id, None)
    events.start_top(store, organizer, event_id)
    round_no, table, leaver, opponent = _paired_in_current_round(store, event_id)
    events.drop_player(store, organizer, event_id, leaver, reason="train")
    result, after = _match_and_registration(store, event_id, round_no, table, leaver)
    assert result == (0, 2, "concession")
    assert after == round_no - 1
    _play_round(store, organizer, event_id, None)
    _finish(store, organizer, event_id, None)
    final = queries.final_results(store, event_id)
    assert final is not None
    line = next(line for line in final.lines if line.player_id == leaver)
    assert (line.dropped, line.total) == (True, 0)
    assert next(line for line in final.lines if line.player_id == opponent).dropped is False
