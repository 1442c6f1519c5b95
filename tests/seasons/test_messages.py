"""The season's sentences are messages (issue 11): ids with parameters that the pages show in
Italian and the CLI, the API and the exports in English — never English matched back.

Every sentence the domain writes (sanctioning breaches INV-LEGAL-*/INV-MAJOR-*/INV-SEASON-*, CSV
import problems, the points breakdown INV-PTS-*) has an Italian translation; a reworded sentence
without one is noticed here, not by an Italian organizer reading English.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.seasons.test_commands import HEADER, PRESET
from torneo.cards.rules.points import Placement, tournament_points
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import Message
from torneo.platform import i18n
from torneo.presets import load_preset
from torneo.seasons.rules.calendar import CalendarEntry
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.import_csv import parse_season_csv
from torneo.seasons.rules.import_issues import SeasonImportError
from torneo.seasons.rules.legality import Breach, TournamentFacts, check_legality
from torneo.seasons.rules.outcome import void_breakdown
from torneo.seasons.state import breach_record, stored_breach

SEASON = SeasonDates(date(2011, 9, 18), date(2012, 6, 30))


def _breaches() -> list[Breach]:
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
    return [b for f in cases for b in check_legality(f, calendar, SEASON, rules)]


def _is_translated(message: Message) -> bool:
    """The id is in the Italian catalog, and so is every message or word among its values."""
    with i18n.language("it"):
        return i18n.gettext(message.id) != message.id and all(
            _is_translated(v) for v in message.params.values() if isinstance(v, Message)
        )


def test_every_breach_is_a_message_with_an_italian_translation() -> None:
    """INV-LEGAL-1..7, INV-MAJOR-1/2, INV-SEASON-1/2: each sentence the domain writes."""
    breaches = _breaches()
    assert len(breaches) >= 12
    assert [b.sentence for b in breaches if not _is_translated(b.message)] == []
    with i18n.language("it"):
        assert all(i18n.translate(b.message) != b.sentence for b in breaches)
    with i18n.language("en"):
        assert [i18n.translate(b.message) for b in breaches] == [b.sentence for b in breaches]


def test_the_month_of_a_store_limit_is_in_the_page_language() -> None:
    """INV-LEGAL-6: "March 2012" is a month of the calendar, "marzo 2012" on an Italian page."""
    limit = next(b for b in _breaches() if "already holds" in b.sentence)
    assert limit.sentence == (
        "La Tana already holds 2 tournaments in March 2012 (2012-03-03, 2012-03-17); "
        "at most 2 a month"
    )
    with i18n.language("it"):
        assert i18n.translate(limit.message) == (
            "La Tana tiene già 2 tornei a marzo 2012 (2012-03-03, 2012-03-17); al massimo 2 al mese"
        )


def test_a_stored_breach_reads_back_in_either_language() -> None:
    """INV-LEGAL-8: the void reasons are stored as ids and values (JSON), not as English."""
    for breach in _breaches():
        again = stored_breach(breach_record(breach))
        assert again == breach
        with i18n.language("it"):
            assert i18n.translate(again.message) == i18n.translate(breach.message)
    older = stored_breach("INV-LEGAL-2: 5 players took part; at least 6 required")
    assert (older.rule_id, older.sentence) == (
        "INV-LEGAL-2",
        "5 players took part; at least 6 required",
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
    issues = err.value.issues
    assert len(issues) >= 12
    with pytest.raises(SeasonImportError) as header:
        parse_season_csv("tournament,date,colour\n", season=SEASON, ruleset=load_preset(PRESET))
    every = [*issues, *header.value.issues]
    assert [i.reason for i in every if not _is_translated(i.reason_message)] == []
    with i18n.language("it"):
        assert all(i18n.translate(i.reason_message) != i.reason for i in every)
        day = next(i for i in issues if "June 2012" in i.reason)
        assert i18n.translate(day.reason_message) == (
            "il 2012-06-31 non esiste: giugno 2012 ha 30 giorni"
        )


def test_the_import_refusal_is_italian_on_a_page_and_english_in_the_api() -> None:
    """The same refusal: its count and first rows in Italian on a page, in English elsewhere."""
    with pytest.raises(SeasonImportError) as err:
        parse_season_csv(HEADER + "\n", season=SEASON, ruleset=load_preset(PRESET))
    assert err.value.reason == (
        "1 problem, nothing imported: row 2, row: no result rows "
        "(accepted: one row per player per tournament)"
    )
    with i18n.language("it"):
        assert i18n.translate_reason(err.value) == (
            "1 problema, nulla importato: riga 2, row: nessuna riga di risultati "
            "(accettato: una riga per giocatore per torneo)"
        )


def test_a_date_refusal_keeps_its_values_in_italian() -> None:
    """INV-SEASON-1: "2012-06-31" refused on ``end``, the day and the month in the sentence."""
    with pytest.raises(TorneoError) as err:
        SeasonDates.parse("2011-09-18", "2012-06-31")
    assert err.value.reason == "2012-06-31 does not exist: June 2012 has 30 days"
    with i18n.language("it"):
        assert i18n.translate_reason(err.value) == (
            "il 2012-06-31 non esiste: giugno 2012 ha 30 giorni"
        )
        assert "AAAA-MM-GG" in (i18n.translate_accepted(err.value) or "")


def test_a_breakdown_is_shown_in_italian() -> None:
    """INV-PTS-1..3: the sum keeps its numbers, its labels translate; void: INV-LEGAL-8."""
    rules = load_preset(PRESET).season
    assert rules is not None
    (winner,) = tournament_points(
        [Placement(PlayerId(1), 1, 13, 3, False)],
        field_size=30,
        is_major=False,
        rules=rules,
        top_size=8,
    )
    assert winner.text == "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
    with i18n.language("it"):
        assert i18n.translate(winner.message) == (
            "13 Svizzera + 9 Top 8 + 4 primo posto + 8 dimensione = 34"
        )
        assert i18n.translate(void_breakdown(winner.message)).startswith(
            "nullo (INV-LEGAL-8): 0, non 13 Svizzera"
        )
    with i18n.language("en"):
        assert i18n.translate(void_breakdown(winner.message)) == (
            "void (INV-LEGAL-8): 0, not 13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
        )
