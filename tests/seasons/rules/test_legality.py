from dataclasses import replace
from datetime import date

import pytest

from torneo.presets import load_preset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.calendar import CalendarEntry, season_majors
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.legality import (
    Breach,
    TournamentFacts,
    check_legality,
    check_season,
    is_void,
)

SEASON = SeasonDates.parse("2011-09-18", "2012-06-30")
MAJORS = [date(2011, 10, 15), date(2011, 12, 10), date(2012, 2, 11), date(2012, 4, 14),
          date(2012, 6, 9)]  # fmt: skip


def _rules() -> SeasonPointsRules:
    season = load_preset("invasion-it-2012").season
    assert season is not None
    return season


def _legal(**changes: object) -> TournamentFacts:
    facts = TournamentFacts(
        key="T",
        store="Dadi e Draghi",
        date=date(2012, 3, 3),
        announced_on=date(2012, 2, 1),
        judge_named=True,
        public_place=True,
        prizes_for_top=3,
        players=10,
    )
    return replace(facts, **changes)  # type: ignore[arg-type]


def _majors_calendar() -> list[CalendarEntry]:
    return [
        CalendarEntry(f"Major {i}", "FIGU", d, is_major=True) for i, d in enumerate(MAJORS, start=1)
    ]


def _check(facts: TournamentFacts, extra: list[CalendarEntry] | None = None) -> list[Breach]:
    return check_legality(facts, [*_majors_calendar(), *(extra or [])], SEASON, _rules())


def _rules_of(breaches: list[Breach]) -> list[str]:
    return [b.rule_id for b in breaches]


def test_a_tournament_keeping_every_rule_is_legal() -> None:
    assert _check(_legal()) == []
    assert not is_void([])


def test_INV_LEGAL_1_announced_9_days_before_says_so() -> None:
    """INV-LEGAL-1: announced at least 14 days before: "announced 9 days before; 14 required"."""
    late = _check(_legal(announced_on=date(2012, 2, 23)))
    assert late == [Breach("INV-LEGAL-1", "announced 9 days before; 14 required")]
    assert _check(_legal(announced_on=date(2012, 2, 18))) == []  # exactly 14 days
    after = _check(_legal(announced_on=date(2012, 3, 5)))
    assert after[0].sentence.startswith("announced 2 days after it was held")


def test_INV_LEGAL_2_six_players_checked_only_at_the_close() -> None:
    """INV-LEGAL-2: at least 6 players; at announcement the count is unknown and not checked."""
    assert _check(_legal(players=5)) == [
        Breach("INV-LEGAL-2", "5 players took part; at least 6 required")
    ]
    assert _check(_legal(players=6)) == []
    assert _check(_legal(players=None)) == []  # announcement phase


def test_INV_MAJOR_2_a_major_needs_12_players() -> None:
    """INV-MAJOR-2: a Major needs at least 12 players."""
    major = _legal(key="Major 3", store="FIGU", date=MAJORS[2], is_major=True, announced_on=None)
    assert _rules_of(_check(replace(major, players=11))) == ["INV-MAJOR-2"]
    assert "a Major needs at least 12" in _check(replace(major, players=11))[0].sentence
    assert _check(replace(major, players=12)) == []


def test_INV_LEGAL_3_judge_named_at_announcement() -> None:
    """INV-LEGAL-3: a judge is named when the tournament is announced."""
    assert _rules_of(_check(_legal(judge_named=False))) == ["INV-LEGAL-3"]


def test_INV_LEGAL_4_public_place() -> None:
    """INV-LEGAL-4: held in a public place or one freely open to the public."""
    assert _rules_of(_check(_legal(public_place=False))) == ["INV-LEGAL-4"]


def test_INV_LEGAL_5_prizes_for_the_first_two() -> None:
    """INV-LEGAL-5: a prize for at least the first 2 places."""
    [breach] = _check(_legal(prizes_for_top=1))
    assert breach.rule_id == "INV-LEGAL-5"
    assert "at least the first 2 required" in breach.sentence
    assert _check(_legal(prizes_for_top=2)) == []


def _store(key: str, day: date, announced: date | None = None, void: bool = False) -> CalendarEntry:
    return CalendarEntry(key, "Dadi e Draghi", day, announced_on=announced, void=void)


def test_INV_LEGAL_6_at_most_two_a_month_per_store() -> None:
    """INV-LEGAL-6: a store holds at most 2 tournaments a calendar month."""
    earlier = [_store("A", date(2012, 3, 3), date(2012, 1, 1)),
               _store("B", date(2012, 3, 17), date(2012, 1, 2))]  # fmt: skip
    third = _legal(key="C", date=date(2012, 3, 31), announced_on=date(2012, 2, 1))
    breaches = _check(third, earlier)
    assert _rules_of(breaches) == ["INV-LEGAL-6"]
    assert "already holds 2 tournaments in March 2012 (2012-03-03, 2012-03-17)" in (
        breaches[0].sentence
    )
    # The earlier ones stand: the newcomer is the one in breach, not them.
    calendar = [
        *earlier,
        CalendarEntry("C", "Dadi e Draghi", third.date, announced_on=third.announced_on),
    ]
    first = _legal(key="A", date=date(2012, 3, 3), announced_on=date(2012, 1, 1))
    assert _check(first, calendar) == []


def test_INV_LEGAL_6_two_weeks_apart_across_months_too() -> None:
    """INV-LEGAL-6: two tournaments of one store at least 14 days apart."""
    before = [_store("A", date(2012, 2, 25), date(2012, 1, 1))]
    breaches = _check(_legal(key="B", date=date(2012, 3, 3)), before)
    assert breaches == [
        Breach(
            "INV-LEGAL-6",
            "7 days after Dadi e Draghi's tournament of 2012-02-25; at least 14 days apart "
            "required",
        )
    ]
    fine = [_store("A", date(2012, 2, 18), date(2012, 1, 1))]
    assert _check(_legal(key="B", date=date(2012, 3, 3)), fine) == []  # exactly 14 days


def test_INV_LEGAL_6_void_tournaments_and_other_stores_do_not_count() -> None:
    """INV-LEGAL-6: only the store's sanctioned tournaments count against its quota."""
    others = [
        _store("A", date(2012, 3, 1), date(2012, 1, 1), void=True),
        CalendarEntry("B", "Altro Negozio", date(2012, 3, 3), announced_on=date(2012, 1, 1)),
    ]
    assert _check(_legal(key="C"), others) == []


@pytest.mark.parametrize(("offset", "breach"), [(-7, False), (-6, True), (0, True), (6, True),
                                                 (7, False)])  # fmt: skip
def test_INV_LEGAL_7_none_less_than_7_days_from_a_major(offset: int, breach: bool) -> None:
    """INV-LEGAL-7: no sanctioned tournament less than 7 days from a Major (|days| < 7)."""
    day = date.fromordinal(MAJORS[3].toordinal() + offset)
    found = _check(_legal(date=day, announced_on=date(2012, 3, 1)))
    assert _rules_of(found) == (["INV-LEGAL-7"] if breach else [])


def test_INV_MAJOR_1_sentence_names_the_major_and_the_distance() -> None:
    """INV-MAJOR-1: no other sanctioned tournament within 7 days of a Major."""
    [breach] = _check(_legal(date=date(2012, 4, 11), announced_on=date(2012, 3, 1)))
    assert breach.sentence.startswith("3 days before the Major of 2012-04-14")
    assert "INV-MAJOR-1" in breach.sentence


def test_INV_SEASON_1_tournament_outside_the_season_is_a_breach() -> None:
    """INV-SEASON-1: a tournament held outside the season does not count for it."""
    [breach] = _check(_legal(date=date(2012, 7, 7), announced_on=date(2012, 6, 1)))
    assert breach.rule_id == "INV-SEASON-1"
    assert "after the season ends on 2012-06-30" in breach.sentence


def test_INV_SEASON_2_a_major_not_fixed_at_season_start_is_a_breach() -> None:
    """INV-SEASON-2: the Majors are those fixed at season start; a new one is not a Major."""
    extra = _legal(key="New", date=date(2012, 5, 12), is_major=True, players=20)
    [breach] = _check(extra)
    assert breach.rule_id == "INV-SEASON-2"
    assert "not one of the Majors fixed at season start" in breach.sentence
    fixed = check_legality(extra, [], SEASON, _rules(), majors=[date(2012, 5, 12)])
    assert fixed == []


def test_INV_LEGAL_8_every_breach_is_reported_and_the_tournament_is_void() -> None:
    """INV-LEGAL-8: every breach with its rule id; any breach makes the tournament void."""
    bad = _legal(
        date=date(2012, 4, 12),
        announced_on=date(2012, 4, 3),
        judge_named=False,
        public_place=False,
        prizes_for_top=0,
        players=4,
    )
    breaches = _check(bad, [_store("A", date(2012, 4, 2), date(2012, 1, 1))])
    assert _rules_of(breaches) == [
        "INV-LEGAL-1", "INV-LEGAL-2", "INV-LEGAL-3", "INV-LEGAL-4", "INV-LEGAL-5",
        "INV-LEGAL-6", "INV-LEGAL-7",
    ]  # fmt: skip
    assert is_void(breaches)
    assert all(b.text().startswith(b.rule_id + ": ") for b in breaches)


# --- issue 13 item 1: one legality function over the season's calendar ----------------------


def _played(key: str, day: date, players: int = 10, **changes: object) -> TournamentFacts:
    """A tournament imported without an announcement (its announcement facts unknown)."""
    base = TournamentFacts(key=key, store="Dadi e Draghi", date=day, players=players)
    return replace(base, **changes)  # type: ignore[arg-type]


def test_INV_LEGAL_6_void_tournament_does_not_count_against_store_limit() -> None:
    """INV-LEGAL-6: a store's tournament void for another reason (5 players, INV-LEGAL-2) is
    not sanctioned, so a later one a week after it stays legal."""
    verdicts = check_season(
        [_played("A", date(2012, 3, 3), players=5), _played("B", date(2012, 3, 10))],
        [],
        SEASON,
        _rules(),
        majors=MAJORS,
    )
    assert _rules_of(verdicts["A"]) == ["INV-LEGAL-2"]
    assert verdicts["B"] == []
    # Without the void one in front, the second one is in breach as before.
    legal_first = check_season(
        [_played("A", date(2012, 3, 3)), _played("B", date(2012, 3, 10))],
        [],
        SEASON,
        _rules(),
        majors=MAJORS,
    )
    assert _rules_of(legal_first["B"]) == ["INV-LEGAL-6"]


def test_INV_MAJOR_1_minor_near_a_fixed_major_void_before_the_major_is_played() -> None:
    """INV-MAJOR-1 / INV-LEGAL-7: the fixed Majors count even when none is played yet."""
    verdicts = check_season(
        [_played("A", date(2012, 4, 11))], [], SEASON, _rules(), majors=[date(2012, 4, 14)]
    )
    assert _rules_of(verdicts["A"]) == ["INV-LEGAL-7"]


def test_INV_MAJOR_1_a_major_on_a_day_not_fixed_and_a_sixth_major() -> None:
    """INV-MAJOR-1 / INV-SEASON-2: the Majors are the five fixed at season start; a Major on
    another day, or a sixth imported one, is not a Major of the season."""
    announced = [(d, date(2011, 9, 1)) for d in MAJORS]
    assert season_majors(SEASON, [*announced, (date(2012, 5, 12), date(2011, 10, 1))]) == tuple(
        MAJORS
    )
    imported = [*MAJORS, date(2012, 6, 23)]
    assert season_majors(SEASON, [], imported) == tuple(MAJORS)
    sixth = _played("Sixth", date(2012, 6, 23), players=20, is_major=True)
    verdicts = check_season(
        [sixth], [], SEASON, _rules(), majors=season_majors(SEASON, [], imported)
    )
    assert _rules_of(verdicts["Sixth"]) == ["INV-SEASON-2"]


def test_INV_LEGAL_1_an_event_never_announced_is_void() -> None:
    """INV-LEGAL-1 / INV-LEGAL-3: an event never announced (so no judge announced either) is
    void; an import with no announcement leaves those rules unchecked."""
    never = _played("A", date(2012, 3, 3), announced=False, judge_named=False)
    breaches = _check(never)
    assert _rules_of(breaches) == ["INV-LEGAL-1", "INV-LEGAL-3"]
    assert (
        breaches[0].sentence == "never announced on the season's calendar; 14 days before required"
    )
    assert _check(_played("A", date(2012, 3, 3))) == []
