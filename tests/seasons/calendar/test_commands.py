"""A season's calendar (issue 5 item 2): announcing a tournament checks every sanctioning rule
and lists every breach (nothing saved), and a store sees the days it may still book."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.seasons.test_commands import PRESET, csv_text, field_rows
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.calendar.commands import AnnouncementInput, SanctioningError
from torneo.seasons.calendar.tables import SeasonAnnouncement
from torneo.seasons.views import BreachLine

SEASON = "Stagione 2011/12"


def _today(clock: FakeClock, day: str) -> None:
    clock.now = datetime.fromisoformat(day).replace(hour=10, tzinfo=UTC)


def _counts(store: Store) -> tuple[int, int]:
    with store.read() as s:
        return (
            s.scalar(select(func.count()).select_from(SeasonAnnouncement)) or 0,
            s.scalar(select(func.count()).select_from(AuditEntry)) or 0,
        )


def _tournament(name: str, shop: str, day: str, **facts: object) -> AnnouncementInput:
    fields: dict[str, object] = {"judge": "Mario Verdi", "prizes_for_top": 3, **facts}
    return AnnouncementInput(name, shop, day, **fields)  # type: ignore[arg-type]


@pytest.fixture
def season(store: Store, organizer: Actor, clock: FakeClock) -> int:
    """The 2011/12 season with a Major announced before it starts (INV-SEASON-2)."""
    _today(clock, "2011-09-01")
    season_id = seasons.create_season(store, organizer, name=SEASON, preset=PRESET)
    season_calendar.announce_tournament(
        store,
        organizer,
        season_id,
        _tournament("Tappa di Roma", "Arcadia", "2012-03-17", is_major=True),
    )
    _today(clock, "2012-02-01")
    return season_id


def _rules(breaches: tuple[BreachLine, ...]) -> list[str]:
    return [b.rule_id for b in breaches]


def test_a_legal_tournament_is_announced(store: Store, organizer: Actor, season: int) -> None:
    """INV-LEGAL-1..7: announced 21 days ahead, a judge, a public place, 3 prizes: no breach."""
    data = _tournament("Torneo di febbraio", "La Tana", "2012-02-22")
    assert season_calendar.check_announcement(store, season, data) == ()
    before = _counts(store)
    season_calendar.announce_tournament(store, organizer, season, data)
    assert _counts(store) == (before[0] + 1, before[1] + 1)
    view = season_calendar.calendar_view(store, season, store_name="La Tana")
    (line,) = [a for a in view.announced if a.name == "Torneo di febbraio"]
    assert (line.held_on, line.announced_on, line.judge) == (
        date(2012, 2, 22),
        date(2012, 2, 1),
        "Mario Verdi",
    )
    assert view.majors == (date(2012, 3, 17),)


def test_INV_LEGAL_1_announced_too_late(store: Store, organizer: Actor, season: int) -> None:
    """INV-LEGAL-1: announced 9 days before; 14 required — refused, nothing saved."""
    data = _tournament("Torneo lampo", "La Tana", "2012-02-10")
    before = _counts(store)
    with pytest.raises(SanctioningError) as err:
        season_calendar.announce_tournament(store, organizer, season, data)
    assert [b.text for b in err.value.breaches] == [
        "INV-LEGAL-1: announced 9 days before; 14 required"
    ]
    assert err.value.field == "tournament"
    assert _counts(store) == before


def test_every_breach_is_listed_at_once(store: Store, organizer: Actor, season: int) -> None:
    """INV-LEGAL-3/4/5/7 together: each broken rule with its id and sentence, in rule order."""
    data = _tournament(
        "Torneo in cantina",
        "La Tana",
        "2012-03-20",
        judge="",
        public_place=False,
        prizes_for_top=1,
    )
    found = season_calendar.check_announcement(store, season, data)
    assert _rules(found) == ["INV-LEGAL-3", "INV-LEGAL-4", "INV-LEGAL-5", "INV-LEGAL-7"]
    assert found[0].sentence == "no judge was named when it was announced"
    assert found[2].sentence == "prizes for the first 1 places only; at least the first 2 required"
    assert found[3].sentence.startswith("3 days after the Major of 2012-03-17")
    before = _counts(store)
    with pytest.raises(SanctioningError) as err:
        season_calendar.announce_tournament(store, organizer, season, data)
    assert err.value.breaches == found
    assert _counts(store) == before


def test_INV_LEGAL_6_a_store_books_two_a_month_two_weeks_apart(
    store: Store, organizer: Actor, season: int
) -> None:
    """INV-LEGAL-6: the store's earlier tournaments have precedence; a third in a month, or one
    less than 14 days from another, is refused."""
    season_calendar.announce_tournament(
        store, organizer, season, _tournament("Uno", "La Tana", "2012-04-01")
    )
    season_calendar.announce_tournament(
        store, organizer, season, _tournament("Due", "La Tana", "2012-04-15")
    )
    close = season_calendar.check_announcement(
        store, season, _tournament("Tre", "la tana", "2012-04-21")
    )
    assert _rules(close) == ["INV-LEGAL-6", "INV-LEGAL-6"]
    assert close[0].sentence.startswith("la tana already holds 2 tournaments in April 2012")
    assert close[1].sentence == (
        "6 days after la tana's tournament of 2012-04-15; at least 14 days apart required"
    )
    other_store = season_calendar.check_announcement(
        store, season, _tournament("Tre", "Il Drago", "2012-04-21")
    )
    assert other_store == ()


def test_INV_SEASON_2_a_major_announced_after_the_start(
    store: Store, organizer: Actor, season: int
) -> None:
    """INV-SEASON-2: the Majors are fixed at season start; a new one later is a breach."""
    found = season_calendar.check_announcement(
        store, season, _tournament("Tappa nuova", "Arcadia", "2012-05-19", is_major=True)
    )
    assert _rules(found) == ["INV-SEASON-2"]
    assert "is not one of the Majors fixed at season start (2012-03-17)" in found[0].sentence


def test_INV_SEASON_1_a_day_outside_the_season(store: Store, season: int) -> None:
    found = season_calendar.check_announcement(
        store, season, _tournament("Estate", "La Tana", "2012-07-14")
    )
    assert _rules(found) == ["INV-SEASON-1"]


def test_bookable_days_of_a_store(store: Store, organizer: Actor, season: int) -> None:
    """INV-LEGAL-1/6/7: not before today + 14, not within 14 days of the store's tournament,
    none less than 7 days from the Major, none once the month holds two."""
    season_calendar.announce_tournament(
        store, organizer, season, _tournament("Uno", "La Tana", "2012-03-31")
    )
    view = season_calendar.calendar_view(store, season, store_name="La Tana")
    months = {m.first: m for m in view.months}
    assert (view.months[0].first, view.months[-1].first) == (date(2011, 9, 1), date(2012, 6, 1))
    march = months[date(2012, 3, 1)]
    free = [c.day.day for week in march.weeks for c in week if c is not None and c.bookable]
    # 1–10: the Major of the 17th is 7+ days away; 11–23: too near it; 18–31: too near the 31st.
    assert free == list(range(1, 11))
    major = next(c for week in march.weeks for c in week if c is not None and c.is_major)
    assert major.day == date(2012, 3, 17)
    assert march.own == 1
    feb = months[date(2012, 2, 1)]
    assert min(c.day.day for w in feb.weeks for c in w if c is not None and c.bookable) == 15
    assert season_calendar.calendar_view(store, season).months[0].bookable == 0


def test_withdrawing_frees_the_day(store: Store, organizer: Actor, season: int) -> None:
    new_id = season_calendar.announce_tournament(
        store, organizer, season, _tournament("Uno", "La Tana", "2012-04-01")
    )
    assert season_calendar.check_announcement(
        store, season, _tournament("Due", "La Tana", "2012-04-08")
    )
    season_calendar.withdraw_announcement(store, organizer, season, new_id, reason="pioggia")
    assert (
        season_calendar.check_announcement(
            store, season, _tournament("Due", "La Tana", "2012-04-08")
        )
        == ()
    )
    with pytest.raises(NotFound):
        season_calendar.withdraw_announcement(store, organizer, season, new_id)


def test_played_tournaments_count_on_the_calendar(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """An imported tournament holds its store's day like an announced one (INV-LEGAL-6)."""
    _today(clock, "2012-01-01")
    rows = field_rows("Gennaio", "2012-01-14", "La Tana", players=8)
    summary = seasons.import_season_csv(store, organizer, SEASON, PRESET, csv_text(rows))
    found = season_calendar.check_announcement(
        store, summary.season_id, _tournament("Presto", "La Tana", "2012-01-21")
    )
    assert _rules(found) == ["INV-LEGAL-6"]
    assert found[0].sentence.startswith("7 days after La Tana's tournament of 2012-01-14")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (_tournament("X", "La Tana", "2012-02-30"), "held_on"),
        (_tournament("X", "La Tana", "30/03/2012"), "held_on"),
        (_tournament("   ", "La Tana", "2012-03-03"), "name"),
        (_tournament("X", "", "2012-03-03"), "store"),
        (_tournament("X", "La Tana", "2012-03-03", prizes_for_top=-1), "prizes_for_top"),
        (_tournament("X", "La Tana", "2012-03-03", judge="J" * 121), "judge"),
    ],
)
def test_bad_announcements_name_the_field(
    store: Store, organizer: Actor, season: int, data: AnnouncementInput, field: str
) -> None:
    before = _counts(store)
    with pytest.raises(TorneoError) as err:
        season_calendar.announce_tournament(store, organizer, season, data)
    assert err.value.field == field
    assert _counts(store) == before


def test_a_name_already_on_the_calendar_conflicts(
    store: Store, organizer: Actor, season: int
) -> None:
    before = _counts(store)
    with pytest.raises(Conflict) as err:
        season_calendar.announce_tournament(
            store, organizer, season, _tournament("tappa di roma", "Altro", "2012-05-05")
        )
    assert err.value.field == "name"
    assert _counts(store) == before


def test_only_an_organizer_announces(store: Store, judge: Actor, season: int) -> None:
    with pytest.raises(Forbidden):
        season_calendar.announce_tournament(
            store, judge, season, _tournament("Uno", "La Tana", "2012-04-01")
        )
    with pytest.raises(NotFound) as err:
        season_calendar.calendar_view(store, "Nessuna stagione")
    assert err.value.field == "season"
