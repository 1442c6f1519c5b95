"""Messages as ids (issue 11): a RisiKo! refusal carries its id and parameters, the pages show it
in Italian (parameters, the player's name and the rule id kept), the API and the CLI in English."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.risiko import current_tables, tournament
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.platform import i18n
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko.commands_results import enter_result
from torneo.risiko.rules.regulation import Regulation, can_publish
from torneo.risiko.rules.results import SeatResult, TableResult, check_table_result
from torneo.risiko.rules.table_sizes import TablePolicy, can_seat


def _both(refusal: Any) -> tuple[str, str]:
    with i18n.language("it"):
        italian = i18n.translate_reason(refusal)
    with i18n.language("en"):
        english = i18n.translate_reason(refusal)
    return italian, english


def test_RSK_PTS_1_a_seat_refusal_in_italian_and_in_english() -> None:
    seats = tuple(SeatResult(PlayerId(p), pts) for p, pts in [(17, 87), (2, 30), (3, 20)])
    refusal = check_table_result(TableResult(1, 4, seats))
    assert refusal is not None
    english = "player 17 has 87 table points, above the objective's maximum of 86 [RSK-PTS-1]"
    assert refusal.text == english
    assert _both(refusal) == (
        "il giocatore 17 ha 87 punti tavolo, oltre il massimo dell'obiettivo (86) [RSK-PTS-1]",
        english,
    )
    with i18n.language("it"):
        assert i18n.translate_accepted(refusal) == (
            "da 0 a 85 punti tavolo (i territori dell'obiettivo), 100 per RisiKo!"
        )


def test_RSK_REG_1_the_missing_parts_are_named_in_the_pages_language() -> None:
    refusal = can_publish(Regulation(formula="Two games.", not_allowed="Phones."))
    assert refusal is not None
    italian, english = _both(refusal)
    assert english == (
        "the regulation lacks who is responsible for refereeing, the sanctions [RSK-REG-1]"
    )
    assert italian == (
        "al regolamento manca: chi è responsabile dell’arbitraggio, le sanzioni [RSK-REG-1]"
    )


def test_RSK_TBL_1_a_field_too_small_in_italian() -> None:
    refusal = can_seat(2, TablePolicy.FOURS_THEN_FIVES)
    assert refusal is not None
    italian, english = _both(refusal)
    assert english == "2 players cannot be seated: a table seats 3 to 5 [RSK-TBL-1]"
    assert italian == (
        "2 giocatori non si possono sistemare: un tavolo ha da 3 a 5 giocatori [RSK-TBL-1]"
    )


def test_the_referee_sees_the_players_name_in_both_languages(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """The service names the player as a parameter ("17 (Anna)"), not by rewriting text."""
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    table = current_tables(store, tid)[1][0]
    seats = [{"player": p, "table_points": 87 if i == 0 else 10} for i, p in enumerate(table)]
    with pytest.raises(TorneoError) as err:
        enter_result(store, judge, tid, 1, 1, seats)
    italian, english = _both(err.value)
    assert english.startswith(f"player {table[0]} (Giocatore")
    assert english == err.value.reason  # the CLI's and the API's words
    assert italian.startswith(f"il giocatore {table[0]} (Giocatore")
    assert italian.endswith("oltre il massimo dell'obiettivo (86) [RSK-PTS-1]")
