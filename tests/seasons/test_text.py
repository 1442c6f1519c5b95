"""The season's English sentences are all known to the page translations (``web.season_text``):
a reworded domain sentence is noticed here, not by an Italian organizer reading English."""

from __future__ import annotations

from datetime import date

import pytest

from tests.seasons.test_commands import HEADER, PRESET
from tests.support.seasons import play_event
from torneo.cards import exports
from torneo.platform import i18n
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset
from torneo.seasons import text as season_text
from torneo.seasons.rules.calendar import CalendarEntry
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.import_csv import SeasonImportError, parse_season_csv
from torneo.seasons.rules.legality import TournamentFacts, check_legality

SEASON = SeasonDates(date(2011, 9, 18), date(2012, 6, 30))


def _breaches() -> list[str]:
    rules = load_preset(PRESET).season
    assert rules is not None
    calendar = [
        CalendarEntry("A", "La Tana", date(2012, 3, 3), announced_on=date(2012, 1, 1)),
        CalendarEntry("B", "La Tana", date(2012, 3, 17), announced_on=date(2012, 1, 1)),
        CalendarEntry("Tappa", "Arcadia", date(2012, 3, 24), is_major=True),
    ]
    cases = [
        TournamentFacts(
            "C",
            "La Tana",
            date(2012, 3, 20),
            announced_on=date(2012, 3, 12),
            judge_named=False,
            public_place=False,
            prizes_for_top=1,
            players=4,
        ),
        TournamentFacts("D", "La Tana", date(2012, 3, 17), announced_on=date(2012, 3, 18)),
        TournamentFacts("E", "X", date(2012, 7, 1)),
        TournamentFacts("F", "X", date(2011, 9, 1)),
        TournamentFacts("G", "X", date(2012, 4, 21), is_major=True, players=8),
        TournamentFacts("H", "X", date(2012, 3, 24), announced_on=date(2012, 3, 23)),
    ]
    return [b.sentence for f in cases for b in check_legality(f, calendar, SEASON, rules)]


def test_every_breach_sentence_is_translated() -> None:
    """INV-LEGAL-1..7, INV-MAJOR-1/2, INV-SEASON-1/2: each sentence the domain writes."""
    sentences = _breaches()
    assert len(sentences) >= 12
    unknown = [s for s in sentences if not season_text.is_known_breach(s)]
    assert unknown == []
    with i18n.language("it"):
        for s in sentences:
            assert season_text.breach_sentence(s) != s, s
    with i18n.language("en"):
        assert [season_text.breach_sentence(s) for s in sentences] == sentences


def test_the_month_of_a_store_limit_is_in_the_page_language() -> None:
    sentence = "La Tana already holds 2 tournaments in March 2012 (2012-03-03, 2012-03-17); at most 2 a month"
    with i18n.language("it"):
        assert season_text.breach_sentence(sentence) == (
            "La Tana tiene già 2 tornei a marzo 2012 (2012-03-03, 2012-03-17); al massimo 2 al mese"
        )


def test_every_import_problem_is_translated() -> None:
    rows = [
        "Uno,2012-01-14,A,no,Anna,1,99,2,no",
        "Uno,2012-01-15,B,yes,Anna,9,0,1,forse",
        "Uno,2012-06-31,A,no,,x,0,0,no",
        "Due,2011-08-01,A,no,Bea,1,0,3,no",
        "Due,2011-08-01,A,no,Bea,1,0,0,no",
        "Tre,2012-13-01,A,no,Cat,1,0,0,no",
        "Tre,oggi,A,no,Dan,2,0,0,no",
        "Tre,2012-01-01,A",
    ]
    with pytest.raises(SeasonImportError) as err:
        parse_season_csv("\n".join([HEADER, *rows]), season=SEASON, ruleset=load_preset(PRESET))
    reasons = [i.reason for i in err.value.issues]
    assert len(reasons) >= 12
    assert [r for r in reasons if not season_text.is_known_import_reason(r)] == []
    with pytest.raises(SeasonImportError) as header:
        parse_season_csv("tournament,date,colour\n", season=SEASON, ruleset=load_preset(PRESET))
    with i18n.language("it"):
        for r in [*reasons, *(i.reason for i in header.value.issues)]:
            assert season_text.import_reason(r) != r, r


def test_every_pair_explanation_is_translated(sqlite_store: Store) -> None:
    """Issue 3 item 6: the reasons the Swiss engine stores, in Italian on the organizer page."""
    organizer = Actor("org", frozenset({"organizer"}))
    event_id = play_event(sqlite_store, organizer, players=9, seed=13)
    reasons = [
        p.explanation
        for n in exports.round_numbers(sqlite_store, event_id)
        for p in exports.explained_round(sqlite_store, event_id, n).pairs
        if p.explanation
    ]
    assert reasons
    assert [r for r in reasons if not season_text.is_known_pair_reason(r)] == []
    with i18n.language("it"):
        assert all(season_text.pair_reason(r) != r for r in reasons if r != "bye (INV-BYE-1)")


def test_a_stored_breakdown_is_shown_in_italian() -> None:
    with i18n.language("it"):
        assert season_text.breakdown_text("13 Swiss + 9 Top 8 + 4 first place + 8 size = 34") == (
            "13 Svizzera + 9 Top 8 + 4 primo posto + 8 dimensione = 34"
        )
        assert season_text.breakdown_text(
            "void (INV-LEGAL-8): 0, not 4 Swiss + 1 participation = 5"
        ).startswith("nullo (INV-LEGAL-8): 0, non 4 Svizzera")
