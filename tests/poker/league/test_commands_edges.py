"""Issue 28: the club's money and points at the edges nobody tried (PKR-LEAGUE-1..4), through the
services on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from torneo.core.errors import TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league
from torneo.poker.league.tables import PokerLeague

START, END = "2025-09-01", "2026-08-31"


def _audits(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count()).select_from(AuditEntry)) or 0


def _week(store: Store, organizer: Actor) -> tuple[list[int], list[int]]:
    made = leagues.import_week(store, organizer, starts_on=START, ends_on=END)
    return made["schedules"], made["leagues"]


def _league(sids: list[int], **change: Any) -> dict[str, Any]:
    return {
        "name": "Lega",
        "schedules": sids[5:6],
        "starts_on": START,
        "ends_on": END,
        "planned_tournaments": 10,
        "points_formula": "n - f + 1",
        "jackpot_per_tournament": "50",
        **change,
    }


@pytest.mark.parametrize("formula", ["100/(n-12)", "sqrt(n-20)", "100/(f-7)", "log(b-50)"])
def test_pkr_league_4_a_formula_failing_for_some_field_is_refused_and_nothing_written(
    store: Store, organizer: Actor, formula: str
) -> None:
    """Issue 28 item 1: a formula that cannot score some field the league can see (2 to 100
    players, every place, the buy-in of its entries: the Thursday's 50 €) is refused at creation
    and at a change, before anything is written; the refusal speaks of the formula, not of
    Python; the league keeps its formula and still answers."""
    sids, (_, allin) = _week(store, organizer)
    before = _audits(store)
    with pytest.raises(TorneoError) as caught:
        leagues.create_league(store, organizer, **_league(sids, points_formula=formula))
    assert caught.value.field == "points_formula"
    reason = caught.value.reason
    assert "cannot be computed for n=" in reason, reason
    for internal in ("float", "math domain", "{", "Fraction", "ZeroDivision"):
        assert internal not in reason
    with pytest.raises(TorneoError) as caught:
        leagues.update_league(store, organizer, allin, points_formula=formula, best_results=3)
    assert caught.value.field == "points_formula"
    assert _audits(store) == before
    with store.read() as s:
        row = s.get(PokerLeague, allin)
        assert row is not None
        assert (row.points_formula, row.best_results) == (
            "pick(f, 100, 80, 65, 55, 45, 40, 35, 30, 25, 20) + 5",
            None,
        )
    assert views_league.league_view(store, allin).board == ()


def test_pkr_league_4_a_new_schedule_whose_buy_in_breaks_the_formula_is_refused(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 1, the same mistake nearby: a formula fine for the league's buy-ins fails
    for the buy-in of a schedule entry added later (b = 40 € on Monday): refused, unchanged."""
    sids, _ = _week(store, organizer)
    thursday, monday = sids[5], sids[3]
    lid = leagues.create_league(
        store, organizer, **_league(sids, schedules=[thursday], points_formula="100/(b-40)")
    )
    with pytest.raises(TorneoError) as caught:
        leagues.update_league(store, organizer, lid, schedules=[thursday, monday])
    assert caught.value.field == "points_formula"
    with store.read() as s:
        row = s.get(PokerLeague, lid)
        assert row is not None
        assert row.schedules == [thursday]


def test_pkr_league_2_the_ledger_credits_what_the_tournament_took(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 3: a 95+10+15 buy-in in a league of "20 per entry" took 15 € from each of
    3 entries: the ledger credits 45 €, not 60 €. A per-tournament league whose entry takes no
    levy is credited nothing. The possible jackpot follows the money: the seed's figure before
    any tournament, then what is in plus the average take for each planned one (item 6)."""
    from torneo.poker.schedules import commands as schedules

    sid = schedules.create_schedule(
        store,
        organizer,
        name="Giovedì speciale",
        weekday="thu",
        buy_in="95+10+15",
        starting_stack=10000,
        level_minutes=15,
    )
    bare = schedules.create_schedule(
        store,
        organizer,
        name="Lunedì senza prelievo",
        weekday="mon",
        buy_in="20+20",
        starting_stack=4000,
        level_minutes=10,
    )
    entry = leagues.create_league(
        store,
        organizer,
        **_league([], schedules=[sid], jackpot_per_tournament=None, jackpot_per_entry="20"),
    )
    fixed = leagues.create_league(store, organizer, **_league([], schedules=[bare]))
    assert views_league.league_view(store, entry).projected_jackpot_cents == 2000 * 20 * 10
    leagues.record_past_tournament(
        store,
        organizer,
        sid,
        held_on="2025-09-04",
        results=[{"player": p} for p in ("Anna", "Bruno", "Carla")],
    )
    view = views_league.league_view(store, entry)
    assert [(j.entries, j.cents) for j in view.jackpot] == [(3, 4500)]
    assert view.jackpot_cents == 4500
    assert view.projected_jackpot_cents == 4500 * 10
    leagues.record_past_tournament(
        store,
        organizer,
        bare,
        held_on="2025-09-01",
        results=[{"player": "Anna"}, {"player": "Bruno"}],
    )
    assert [j.cents for j in views_league.league_view(store, fixed).jackpot] == [0]


def _run(store: Store, organizer: Actor, tid: int, names: list[str]) -> None:
    """Entries, seats, the clock, and every player but the first busts: the tournament ends."""
    from torneo.poker import commands_clock, commands_entries, commands_seats
    from torneo.poker import views as poker_views
    from torneo.poker.floor import commands as poker_floor

    commands_entries.register_roster(store, organizer, tid, names)
    commands_seats.draw_seats_now(store, organizer, tid)
    commands_clock.start_clock(store, organizer, tid)
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    for name in reversed(names[1:]):
        poker_floor.bust_out(store, organizer, tid, players=[ids[name]])


def test_pkr_league_1_a_tournament_of_the_week_made_from_the_home_page_feeds_its_league(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 2: the Tuesday made from the preset's week (the poker home page's
    "tournament of the week"), not from the calendar, feeds the Campione like one opened from
    its entry: its results and the jackpot it took (3 × 20 €). Its desk names the league."""
    from torneo.poker import commands as poker_commands

    _, (campione, allin) = _week(store, organizer)
    tid = poker_commands.create_tournament(store, organizer, template="tue", held_on="2025-12-02")
    assert views_league.leagues_fed_by(store, tid) == ("Jackpot Campione",)
    _run(store, organizer, tid, ["Anna", "Bruno", "Carla"])
    view = views_league.league_view(store, campione)
    assert [r.name for r in view.board] == ["Anna", "Bruno", "Carla"]
    assert [(j.tournament_id, j.entries, j.cents) for j in view.jackpot] == [(tid, 3, 6000)]
    assert views_league.league_view(store, allin).board == ()


def test_pkr_league_1_a_tournament_that_counts_for_no_jackpot_says_so(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 2: without the club's week (no schedule entry, no league) the tournament of
    the week feeds nothing, and its desk says it counts for no league's jackpot."""
    from torneo.poker import commands as poker_commands

    tid = poker_commands.create_tournament(store, organizer, template="tue", held_on="2025-12-02")
    assert views_league.leagues_fed_by(store, tid) == ()


def test_pkr_league_3_nobody_can_play_the_qualifier_the_direct_seats_play_the_final(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 4: a league of 2 direct seats and 2 qualifier seats open to who played 5
    tournaments; nobody has: the qualifier is refused (nobody may play it) and the final is
    created with the 2 direct seats, their points as chips + 10,000; the empty seats are in
    the audit row."""
    from torneo.core.errors import Conflict
    from torneo.poker import views as poker_views
    from torneo.poker.final import commands as finals

    sids, _ = _week(store, organizer)
    lid = leagues.create_league(
        store,
        organizer,
        **_league(
            sids,
            points_formula="pick(f, 100, 50, 20)",
            final={"direct_seats": 2, "qualifier_seats": 2, "qualifier_min_played": 5},
        ),
    )
    leagues.record_past_tournament(
        store,
        organizer,
        sids[5],
        held_on="2025-09-04",
        results=[{"player": p} for p in ("Anna", "Bruno", "Carla")],
    )
    with pytest.raises(Conflict) as caught:
        finals.create_qualifier(store, organizer, lid, held_on="2025-09-20")
    assert "direct seats alone" in (caught.value.accepted or "")
    final = finals.create_final(store, organizer, lid, held_on="2025-09-21")
    players = poker_views.tournament_view(store, final).players
    assert sorted(p.name for p in players) == ["Anna", "Bruno"]
    with store.read() as s:
        audit = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.league.final")).one()
    assert audit.after is not None
    assert audit.after["empty_qualifier_seats"] == 2
    assert sorted(f[2] for f in audit.after["finalists"]) == [10_050, 10_100]
