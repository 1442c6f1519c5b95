"""Issue 29 item 5: a Berserk event's refusals cite the online game's rules (BER-*), never the
card championship's (INV-*); the rule ids are the preset's (a setting, not an ``if``)."""

from __future__ import annotations

import pytest

from tests.support.web import roster
from torneo.cards import commands as events
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.tournament import Tournament, can_report, rule_ids
from torneo.cards.state import get_event
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, parse_game_score
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

BERSERK = load_preset("berserk-online")
INVASION = load_preset("invasion-it-2012")


def _t(ruleset, *matches: MatchRecord) -> Tournament:  # type: ignore[no-untyped-def]
    return Tournament(
        status=EventStatus.RUNNING,
        best_of=ruleset.match.best_of,
        entrants=tuple(Entrant(PlayerId(i), f"P{i}") for i in (1, 2, 3)),
        matches=matches,
        **rule_ids(ruleset),
    )


def test_ber_res_1_an_impossible_berserk_score_cites_ber_res_1() -> None:
    with pytest.raises(TorneoError) as ber:
        parse_game_score("2-0", BERSERK.match.best_of, BERSERK.match.rule)
    assert ber.value.rule == "BER-RES-1"
    with pytest.raises(TorneoError) as inv:
        parse_game_score("3-0", INVASION.match.best_of, INVASION.match.rule)
    assert inv.value.rule == "INV-STRUCT-3"


def test_ber_bye_1_a_result_on_the_auto_win_cites_ber_bye_1() -> None:
    bye = MatchRecord(1, 1, PlayerId(3), None, None, Stage.SWISS)
    refusal = can_report(_t(BERSERK, bye), 1, 1, GameScore(1, 0))
    assert refusal is not None
    assert refusal.rule == "BER-BYE-1"
    refusal = can_report(_t(INVASION, bye), 1, 1, GameScore(2, 0))
    assert refusal is not None
    assert refusal.rule == "INV-BYE-1"


def test_ber_top_3_a_drawn_top_match_cites_ber_top_3() -> None:
    top = MatchRecord(4, 1, PlayerId(1), PlayerId(2), None, Stage.TOP)
    refusal = can_report(_t(BERSERK, top), 4, 1, GameScore(0, 0, 1))
    assert refusal is not None
    assert refusal.rule == "BER-TOP-3"


def test_ber_res_1_a_berserk_event_refuses_a_best_of_three_score_citing_ber_res_1(
    store: Store, organizer: Actor
) -> None:
    event_id = events.create_event(
        store, organizer, name="Berserk weekly", preset="berserk-online", held_on="2026-12-01"
    )
    events.register_roster(store, organizer, event_id, roster(6))
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    with store.read() as s:
        table = next(m.table_no for m in get_event(s, event_id).matches if m.player_b_id)
    with pytest.raises(TorneoError) as refused:
        events.report_result(store, organizer, event_id, 1, table, "2-1")
    assert refused.value.reason.endswith("[BER-RES-1]")
    assert "INV-" not in str(refused.value)


def test_ber_judge_1_the_judges_problems_cite_ber_judge_1() -> None:
    from torneo.core.ids import EventId
    from torneo.judging.rules.roster import JudgeRoster, roster_problems

    assert BERSERK.judging is not None
    assert INVASION.judging is not None
    (ber,) = roster_problems(JudgeRoster(EventId(1)), BERSERK.judging.judge_rule)
    (inv,) = roster_problems(JudgeRoster(EventId(1)), INVASION.judging.judge_rule)
    assert (ber.rule, inv.rule) == ("BER-JUDGE-1", "INV-JUDGE-1")
