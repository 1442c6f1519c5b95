"""Penalties through the services, on SQLite and PostgreSQL (issue 6): INV-PEN-1/2, INV-JUDGE-1,
the roster, and every bad input (a player not in the event, a non-judge): nothing changed."""

from __future__ import annotations

import pytest

from tests.judging.test_results import (
    Crew,
    account,
    crew,
    match_of,
    paired_players,
    points,
    registration,
    report_all,
    result,
    running_event,
    standings,
)
from tests.support.events import fingerprint
from torneo.cards import commands as events
from torneo.cards.state import get_event
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.judging import commands as judging
from torneo.judging import commands_rulings as judging_rulings
from torneo.judging import views as judging_views
from torneo.judging import views_roster
from torneo.platform.store.uow import Actor, Store


@pytest.fixture
def c(store: Store) -> Crew:
    return crew(store)


@pytest.fixture
def event(store: Store, c: Crew) -> int:
    return running_event(store, c)


# The rules' finer points run on SQLite only (the store fixture's PostgreSQL twin costs a
# database per test); the main flows above and the bad inputs run on both.
@pytest.fixture
def lite(sqlite_store: Store) -> tuple[Store, Crew, int]:
    c = crew(sqlite_store)
    return sqlite_store, c, running_event(sqlite_store, c)


def test_INV_PEN_1_the_third_warning_disqualifies(store: Store, c: Crew, event: int) -> None:
    """INV-PEN-1: 3 warnings in a tournament → disqualification, shown as such; the player is
    dropped with the reason, loses the round's match and is never paired again."""
    player = paired_players(store, event, 1)[0]
    for n in (1, 2):
        issued = judging_rulings.issue(
            store, c.floor, event, player_id=player, infraction="slow_play", reason=f"lento {n}"
        )
        assert [i.kind for i in issued] == ["warning"]
        assert registration(store, event, player)[0] is False
    issued = judging_rulings.issue(
        store, c.floor, event, player_id=player, infraction="slow_play", reason="lento 3"
    )
    assert [i.kind for i in issued] == ["warning", "disqualification"]
    assert issued[1].rule == "INV-PEN-1"
    assert issued[1].escalated_from == issued[0].seq
    disqualified, reason, after_round = registration(store, event, player)
    assert disqualified
    assert after_round == 1
    assert reason is not None
    assert "3 warnings" in reason
    match = match_of(store, event, player, 1)
    lost = (0, 2) if match.player_a_id == player else (2, 0)
    assert (match.wins_a, match.wins_b) == lost
    report_all(store, c.org, event)
    events.pair_next_round(store, c.org, event)
    assert player not in paired_players(store, event, 2)
    row = next(r for r in standings(store, event) if r.player_id == player)
    assert row.points == 0
    assert not row.is_active


def test_INV_PEN_1_flagrant_cheating_disqualifies_at_once(lite: tuple[Store, Crew, int]) -> None:
    """INV-PEN-1: flagrant intentional cheating may be disqualified at once."""
    store, c, event = lite
    player = paired_players(store, event, 1)[1]
    issued = judging_rulings.issue(
        store, c.head, event, player_id=player, infraction="flagrant_cheating", reason="mazzo"
    )
    assert [i.kind for i in issued] == ["disqualification"]
    assert registration(store, event, player)[:2] == (True, "mazzo")


def test_INV_PEN_1_a_judge_may_go_up_but_not_down(lite: tuple[Store, Crew, int]) -> None:
    """INV-PEN-1 proportionality: the judge picks a listed, more severe penalty only."""
    store, c, event = lite
    player = paired_players(store, event, 1)[0]
    before = fingerprint(store, event)
    with pytest.raises(TorneoError) as err:
        judging_rulings.issue(
            store,
            c.floor,
            event,
            player_id=player,
            infraction="slow_play",
            reason="x",
            penalties=["disqualification"],
        )
    assert err.value.field == "penalties"
    assert fingerprint(store, event) == before
    issued = judging_rulings.issue(
        store,
        c.floor,
        event,
        player_id=player,
        infraction="unsporting_conduct",
        reason="insulti",
        penalties=["disqualification"],
    )
    assert [i.kind for i in issued] == ["disqualification"]


def test_INV_PEN_2_a_game_loss_counts_first_in_the_reported_result(
    store: Store, c: Crew, event: int
) -> None:
    """INV-PEN-2: a game loss turns a game into a loss; the players then report what they
    played and the standings use the whole result."""
    match = match_of(store, event, paired_players(store, event, 1)[0], 1)
    penalised = match.player_a_id
    judging_rulings.issue(
        store,
        c.floor,
        event,
        player_id=penalised,
        infraction="deck_list_mismatch",
        reason="sideboard",
        penalties=["game_loss"],
    )
    assert result(store, event, 1, match.table_no) is None  # still to be played
    before = fingerprint(store, event)
    with pytest.raises(TorneoError) as err:  # 2-1 after 0-1 is impossible
        events.report_result(store, c.org, event, 1, match.table_no, "2-1")
    assert err.value.field == "result"
    assert "0-1 from game losses" in err.value.reason
    assert fingerprint(store, event) == before
    events.report_result(store, c.org, event, 1, match.table_no, "2-0")
    assert result(store, event, 1, match.table_no) == "2-1"
    assert points(store, event)[penalised] == 3  # still won 2-1


def test_INV_PEN_2_game_losses_decide_a_match(lite: tuple[Store, Crew, int]) -> None:
    """INV-PEN-2: two game losses in best of three lose the match at once."""
    store, c, event = lite
    match = match_of(store, event, paired_players(store, event, 1)[2], 1)
    penalised = match.player_b_id
    assert penalised is not None
    for reason in ("primo", "secondo"):
        judging_rulings.issue(
            store,
            c.floor,
            event,
            player_id=penalised,
            infraction="deck_list_mismatch",
            reason=reason,
            penalties=["game_loss"],
        )
    assert result(store, event, 1, match.table_no) == "2-0"
    assert points(store, event)[match.player_a_id] == 3
    assert points(store, event)[penalised] == 0


def test_INV_PEN_2_a_game_loss_on_a_decided_match_goes_to_the_next(
    lite: tuple[Store, Crew, int],
) -> None:
    """INV-PEN-2 (decision): a decided match cannot change; the next match takes the loss."""
    store, c, event = lite
    player = paired_players(store, event, 1)[0]
    report_all(store, c.org, event, "2-0")
    first = result(store, event, 1, match_of(store, event, player, 1).table_no)
    judging_rulings.issue(
        store,
        c.floor,
        event,
        player_id=player,
        infraction="deck_list_mismatch",
        reason="dopo",
        penalties=["game_loss"],
    )
    assert result(store, event, 1, match_of(store, event, player, 1).table_no) == first
    events.pair_next_round(store, c.org, event)
    nxt = match_of(store, event, player, 2)
    events.report_result(store, c.org, event, 2, nxt.table_no, "1-0")
    penalised_a = nxt.player_a_id == player
    assert result(store, event, 2, nxt.table_no) == ("1-1" if penalised_a else "2-0")


def test_INV_PEN_2_a_game_loss_on_a_reported_unfinished_match(
    lite: tuple[Store, Crew, int],
) -> None:
    """INV-PEN-2: 1-1 at time plus a game loss for A becomes 1-2; the standings follow."""
    store, c, event = lite
    match = match_of(store, event, paired_players(store, event, 1)[0], 1)
    events.report_result(store, c.org, event, 1, match.table_no, "1-1")
    judging_rulings.issue(
        store,
        c.floor,
        event,
        player_id=match.player_a_id,
        infraction="deck_list_mismatch",
        reason="x",
        penalties=["game_loss"],
    )
    assert result(store, event, 1, match.table_no) == "1-2"
    assert match.player_b_id is not None
    assert points(store, event)[match.player_b_id] == 3


def test_INV_JUDGE_1_the_head_judge_overrules_and_the_result_returns(
    store: Store, c: Crew, event: int
) -> None:
    """INV-JUDGE-1: the head judge has the last word; an overruled game loss is undone and an
    overruled third warning takes its disqualification with it."""
    match = match_of(store, event, paired_players(store, event, 1)[0], 1)
    issued = judging_rulings.issue(
        store,
        c.floor,
        event,
        player_id=match.player_a_id,
        infraction="deck_list_mismatch",
        reason="x",
        penalties=["game_loss"],
    )
    events.report_result(store, c.org, event, 1, match.table_no, "2-0")
    assert result(store, event, 1, match.table_no) == "2-1"
    before = fingerprint(store, event)
    with pytest.raises(Forbidden):  # the floor judge may not overrule
        judging_rulings.overrule_ruling(store, c.floor, event, issued[0].seq, reason="no")
    assert fingerprint(store, event) == before
    judging_rulings.overrule_ruling(store, c.head, event, issued[0].seq, reason="appello accolto")
    assert result(store, event, 1, match.table_no) == "2-0"

    player = match.player_b_id
    assert player is not None
    seqs = [
        judging_rulings.issue(
            store, c.floor, event, player_id=player, infraction="slow_play", reason="x"
        )
        for _ in range(3)
    ]
    assert registration(store, event, player)[0] is True
    overruled = judging_rulings.overrule_ruling(
        store, c.head, event, seqs[2][0].seq, reason="errore"
    )
    assert [o.kind for o in overruled] == ["overrule", "overrule"]
    assert registration(store, event, player) == (False, None, None)
    with pytest.raises(Conflict):  # the head judge's overrule is final
        judging_rulings.overrule_ruling(store, c.head, event, overruled[0].seq, reason="again")


def test_a_penalty_for_a_player_not_in_the_event(store: Store, c: Crew, event: int) -> None:
    before = fingerprint(store, event)
    with pytest.raises(NotFound) as err:
        judging_rulings.issue(
            store, c.floor, event, player_id=9999, infraction="slow_play", reason="x"
        )
    assert err.value.field == "player"
    assert fingerprint(store, event) == before


def test_a_judge_action_by_a_non_judge_is_forbidden(store: Store, c: Crew, event: int) -> None:
    """A judge of no event, a player account, an organizer of another club: 403, nothing."""
    player = paired_players(store, event, 1)[0]
    someone = account(store, "giocatore", "player", player_id=player)
    elsewhere = Actor("altrove", frozenset({(2, "organizer")}), user_id=c.org.user_id)
    before = fingerprint(store, event)
    for actor in (c.outsider, someone, elsewhere):
        with pytest.raises(Forbidden) as err:
            judging_rulings.issue(
                store, actor, event, player_id=player, infraction="slow_play", reason="x"
            )
        assert err.value.field in {"judge", "actor"}
    assert fingerprint(store, event) == before


def test_INV_JUDGE_1_the_organizer_acts_at_the_judges_desk_of_the_club(
    lite: tuple[Store, Crew, int],
) -> None:
    """Issue 30: the desk links its organizer to the judges' desk; the organizer of the club
    acts there off the roster (the tournament's first official), the ruling names them, and
    the roster's head judge keeps the last word (INV-JUDGE-1)."""
    store, c, event = lite
    player = paired_players(store, event, 1)[0]
    desk = judging_views.judge_desk(store, c.org, event)
    assert desk.me == "Org"
    issued = judging_rulings.issue(
        store, c.org, event, player_id=player, infraction="slow_play", reason="lento"
    )
    assert [i.kind for i in issued] == ["warning"]
    ruling = judging_views.judge_desk(store, c.head, event).rulings[-1]
    assert ruling.judge == "Org"
    with pytest.raises(Forbidden):  # the head judge (a sole judge) overrules, not the organizer
        judging_rulings.overrule_ruling(store, c.org, event, issued[0].seq, reason="no")


def test_a_judge_of_another_event_cannot_act_here(lite: tuple[Store, Crew, int]) -> None:
    store, c, event = lite
    other = events.create_event(
        store, c.org, name="Altro", preset="invasion-it-2012", held_on="2012-04-10"
    )
    judging.appoint_judge(store, c.org, other, username="estraneo")
    player = paired_players(store, event, 1)[0]
    before = fingerprint(store, event)
    with pytest.raises(Forbidden):
        judging_rulings.issue(
            store, c.outsider, event, player_id=player, infraction="slow_play", reason="x"
        )
    with pytest.raises(Forbidden):
        judging_views.judge_desk(store, c.outsider, event)
    assert fingerprint(store, event) == before


def test_unknown_infraction_and_empty_reason(lite: tuple[Store, Crew, int]) -> None:
    store, c, event = lite
    player = paired_players(store, event, 1)[0]
    before = fingerprint(store, event)
    with pytest.raises(TorneoError) as err:
        judging_rulings.issue(
            store, c.floor, event, player_id=player, infraction="tarocco", reason="x"
        )
    assert err.value.field == "infraction"
    assert "slow_play" in (err.value.accepted or "")
    with pytest.raises(TorneoError) as err:
        judging_rulings.issue(
            store, c.floor, event, player_id=player, infraction="slow_play", reason=" "
        )
    assert err.value.field == "reason"
    assert fingerprint(store, event) == before


def test_INV_JUDGE_1_roster_head_judge_and_staffing_advice(store: Store, c: Crew) -> None:
    """INV-JUDGE-1: one head judge; one judge for each ten players is advice, not an error."""
    event = running_event(store, c, players=21, pair=False)
    page = views_roster.roster_page(store, event)
    assert [(j.name, j.is_head) for j in page.roster] == [("Capo", True), ("Arbitro", False)]
    assert page.advice is not None
    assert "3 recommended" in page.advice.english()
    judging.appoint_head_judge(store, c.org, event, c.floor.user_id or 0)
    page = views_roster.roster_page(store, event)
    assert [(j.name, j.is_head) for j in page.roster] == [("Capo", False), ("Arbitro", True)]
    account(store, "mario", "player")
    before = fingerprint(store, event)
    with pytest.raises(Forbidden):
        judging.appoint_judge(store, c.head, event, username="estraneo")
    with pytest.raises(TorneoError) as err:
        judging.appoint_judge(store, c.org, event, username="mario")
    assert err.value.field == "username"
    with pytest.raises(Conflict):
        judging.appoint_judge(store, c.org, event, username="capo")
    assert fingerprint(store, event) == before


def test_INV_STRUCT_5_a_player_judge_is_marked_on_the_registration(store: Store, c: Crew) -> None:
    """INV-STRUCT-5: a judge who plays is linked to the player (60-minute rounds)."""
    event = running_event(store, c, pair=False)
    with store.read() as s:
        reg = get_event(s, event).registrations[0]
        player = reg.player_id
    account(store, "giudice_giocatore", "judge", player_id=player)
    judging.appoint_judge(store, c.org, event, username="giudice_giocatore")
    with store.read() as s:
        assert get_event(s, event).registrations[0].is_judge is True
    page = views_roster.roster_page(store, event)
    assert page.roster[-1].player is not None
