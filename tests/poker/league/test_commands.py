"""The club's season through the services, on SQLite and PostgreSQL (issue 17): a tournament
finished on the floor feeds its leagues; best-N and a new formula re-score; ties at a cut are
drawn by lot and audited; refusals name their field and change nothing; another club's
organizer is refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import func, select

from torneo.core.errors import Forbidden, TorneoError
from torneo.platform import clubs
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.final import commands as finals
from torneo.poker.floor import commands as poker_floor
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league
from torneo.poker.rules.points_formula import parse_formula
from torneo.poker.schedules import commands as schedules

START, END = "2025-09-01", "2026-08-31"


def _audits(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count()).select_from(AuditEntry)) or 0


def _week(store: Store, organizer: Actor) -> tuple[list[int], list[int]]:
    made = leagues.import_week(store, organizer, starts_on=START, ends_on=END)
    return made["schedules"], made["leagues"]


def test_pkr_league_1_a_tournament_finished_on_the_floor_feeds_its_leagues(
    store: Store, organizer: Actor
) -> None:
    """PKR-LEAGUE-1/2/4: the Tuesday of the Campione opened from its entry in one click and run on
    the floor; when the runner-up busts, its four results and its jackpot share (4 × 20 €) are
    in the league, with the league's formula's points."""
    (tue, *_), (campione, allin) = _week(store, organizer)
    tid = schedules.open_scheduled(store, organizer, tue, held_on="2025-12-02")
    poker_entries.register_roster(store, organizer, tid, ["Anna", "Bruno", "Carla", "Dario"])
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    for name in ("Dario", "Carla", "Bruno"):
        poker_floor.bust_out(store, organizer, tid, players=[ids[name]])
    view = views_league.league_view(store, campione)
    formula = parse_formula("10*sqrt(n/f)*(1+log(b+0.25))", 2)
    assert [(r.name, r.points) for r in view.board] == [
        (name, formula.evaluate(n=4, f=f, b=Fraction(120)))
        for f, name in enumerate(["Anna", "Bruno", "Carla", "Dario"], start=1)
    ]
    assert view.jackpot_cents == 4 * 2000
    assert [(j.entries, j.cents, j.total_cents) for j in view.jackpot] == [(4, 8000, 8000)]
    assert views_league.league_view(store, allin).board == ()  # a Tuesday feeds only Campione


def test_pkr_league_4_best_n_and_a_new_formula_rescore_the_league(
    store: Store, organizer: Actor
) -> None:
    """PKR-LEAGUE-4: best-N counts only the best results; a new formula re-scores at once."""
    sids, (_, allin) = _week(store, organizer)
    thu = sids[5]  # the preset's Thursday
    for day, order in (("2025-09-04", ["Anna", "Bruno"]), ("2025-09-11", ["Bruno", "Anna"])):
        leagues.record_past_tournament(
            store, organizer, thu, held_on=day, results=[{"player": p} for p in order]
        )
    board = views_league.league_view(store, allin).board
    assert [(r.name, r.points) for r in board] == [
        ("Anna", Fraction(190)),
        ("Bruno", Fraction(190)),
    ]
    leagues.update_league(store, organizer, allin, best_results=1)
    board = views_league.league_view(store, allin).board
    assert [(r.name, r.points, r.counted) for r in board] == [
        ("Anna", Fraction(105), 1),
        ("Bruno", Fraction(105), 1),
    ]
    leagues.update_league(store, organizer, allin, points_formula="n - f + 1", best_results="")
    board = views_league.league_view(store, allin).board
    assert [(r.name, r.points) for r in board] == [("Anna", Fraction(3)), ("Bruno", Fraction(3))]
    why = views_league.explain(store, allin, board[0].player_id)
    assert [line.points for line in why.results] == [2, 1]


def test_pkr_league_4_a_tie_at_the_cut_is_drawn_by_lot_and_audited(
    store: Store, organizer: Actor
) -> None:
    """PKR-LEAGUE-4: Anna and Bruno are equal on points, tournaments played and best finish at
    the one direct seat: the draw of lots decides, recorded in the audit log with the seed, and
    the final table takes the drawn one with their points as chips + 10,000."""
    sids, _ = _week(store, organizer)
    thu = sids[5]
    lid = leagues.create_league(
        store,
        organizer,
        name="Testa a testa",
        schedules=[thu],
        starts_on=START,
        ends_on=END,
        planned_tournaments=2,
        points_formula="pick(f, 100, 50)",
        jackpot_per_tournament="10",
        final={"direct_seats": 1, "qualifier_seats": 0, "final_level_minutes": 20},
        seed=11,
    )
    for day, order in (("2025-09-04", ["Anna", "Bruno"]), ("2025-09-11", ["Bruno", "Anna"])):
        leagues.record_past_tournament(
            store, organizer, thu, held_on=day, results=[{"player": p} for p in order]
        )
    view = views_league.league_view(store, lid)
    assert all(r.status.tied_at_cut for r in view.board)
    final = finals.create_final(store, organizer, lid, held_on="2025-09-20")
    with store.read() as s:
        lots = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.league.lots")).one()
    assert lots.after is not None
    (draw,) = lots.after["draws"]
    assert sorted(draw["tied"]) == sorted(r.player_id for r in view.board)
    assert lots.after["seed"] == "11:cut"
    drawn = draw["order"][0]
    players = poker_views.tournament_view(store, final).players
    assert [p.player_id for p in players] == [drawn]
    assert views_league.league_view(store, lid).drawn


def test_pkr_league_4_bad_settings_are_refused_naming_the_field(
    store: Store, organizer: Actor
) -> None:
    """A formula the safe evaluator refuses, two jackpot rules, an unknown schedule: refused,
    naming the field, nothing written."""
    sids, _ = _week(store, organizer)
    before = _audits(store)
    base: dict[str, Any] = {
        "name": "Lega",
        "schedules": [sids[0]],
        "starts_on": START,
        "ends_on": END,
        "planned_tournaments": 10,
        "points_formula": "n - f",
        "jackpot_per_entry": "20",
    }
    cases: list[tuple[dict[str, Any], str]] = [
        ({"points_formula": "__import__('os')"}, "points_formula"),
        ({"jackpot_per_tournament": "50"}, "jackpot_per_entry"),
        ({"schedules": [9999]}, "schedules"),
        ({"ends_on": "2025-01-01"}, "ends_on"),
        ({"final": {"direct_seats": 6, "qualifier_seats": 4}}, "final"),
    ]
    for change, field in cases:
        with pytest.raises(TorneoError) as caught:
            leagues.create_league(store, organizer, **{**base, **change})
        assert caught.value.field == field
    with pytest.raises(TorneoError) as caught:
        schedules.create_schedule(
            store,
            organizer,
            name="Lunedì",
            weekday="lun",
            buy_in="20+20",
            starting_stack=4000,
            level_minutes=10,
        )
    assert caught.value.field == "weekday"
    assert _audits(store) == before


def test_a_league_belongs_to_its_club(store: Store, organizer: Actor) -> None:
    """Leagues and schedules belong to a club: another club's organizer may not change them."""
    sids, (campione, _) = _week(store, organizer)
    other = clubs.create_club(store, Actor.system(), "Altro circolo")
    stranger = Actor("mario", frozenset({(other, "organizer")}))
    with pytest.raises(Forbidden):
        leagues.update_league(store, stranger, campione, best_results=3)
    with pytest.raises(Forbidden):
        schedules.open_scheduled(store, stranger, sids[0], held_on="2025-12-02")
    with pytest.raises(Forbidden):
        finals.create_qualifier(store, stranger, campione, held_on="2025-12-20")
