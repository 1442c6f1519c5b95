"""Judging refusals are message ids: Italian on the pages, the same English in the API and CLI.

Each case is a real refusal of the judging rules, rendered through ``i18n.translate_reason``
(the pages' ``|reason`` filter) in Italian and in English, and read as ``err.reason`` (the
API's and the CLI's words), which is the English text it always was.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.support.judging import EVENT, FLOOR, T0, at, record, roster, rules
from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import Message
from torneo.judging.rules import (
    JudgeRoster,
    can_declare_intentional_draw,
    can_issue,
    roster_problems,
    staffing_advice,
)
from torneo.judging.rules.decks import (
    DeckInvalid,
    DeckListError,
    parse_deck_list,
    register_deck,
)
from torneo.platform import i18n


def _both(reason: TorneoError | Refusal | Message) -> tuple[str, str]:
    """The reason as the Italian page and the English page show it (``|reason``)."""
    with i18n.language("it"):
        italian = i18n.translate_reason(reason)
    with i18n.language("en"):
        english = i18n.translate_reason(reason)
    return italian, english


def test_INV_ID_1_a_late_declaration_is_italian_in_local_time_with_its_rule_id() -> None:
    """Issue 30 item 5: the window's end in the event's zone (15:02 UTC is 16:02 in Rome in
    March 2012), never a raw UTC timestamp, and where the window starts."""
    refusal = can_declare_intentional_draw(T0, at(3), timedelta(minutes=2), time_zone="Europe/Rome")
    assert refusal is not None
    italian, english = _both(refusal)
    assert italian == (
        "dichiarata 1:00 min dopo la chiusura della finestra alle 16:02; "
        "una dichiarazione in ritardo squalifica entrambi [INV-ID-1]"
    )
    assert (
        english
        == refusal.text
        == (
            "declared 1:00 min after the window closed at 16:02; "
            "a late declaration disqualifies both [INV-ID-1]"
        )
    )
    assert "+00:00" not in italian
    with i18n.language("it"):
        assert i18n.translate_accepted(refusal) == (
            "entro 2:00 min dal via del turno: la finestra si apre quando il turno viene "
            "abbinato, o quando un arbitro preme “Dai il via al turno”"
        )


def test_a_penalty_for_a_disqualified_player_names_them_in_italian() -> None:
    rec = record()
    refusal = can_issue(
        rec, judge=FLOOR, player=PlayerId(99), infraction="slow_play", reason="r", round_no=1
    )
    assert refusal is not None
    assert _both(refusal) == (
        f"il giocatore 99 non partecipa al torneo {EVENT}",
        f"player 99 is not in event {EVENT}",
    )


def test_INV_JUDGE_1_staffing_advice_and_roster_problems_follow_the_language() -> None:
    advice = staffing_advice(roster(), 26, rules("invasion-it-2012"))
    assert advice is not None
    italian, english = _both(advice.message())
    assert italian == (
        "giocatori: 26, arbitri: 2; se ne consigliano 3 (uno ogni dieci giocatori o frazione)"
    )
    assert (
        english
        == advice.describe()
        == ("26 players and 2 judge(s): 3 recommended (one for each started ten players)")
    )
    (problem,) = roster_problems(JudgeRoster(EVENT))
    assert _both(problem) == (
        "il torneo non ha un arbitro [INV-JUDGE-1]",
        "the event has no judge [INV-JUDGE-1]",
    )


def test_a_deck_list_names_every_bad_line_in_italian_and_stays_english_in_the_api() -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list("2 Goblin\n0 x Uno\n3Tre")
    italian, english = _both(err.value)
    assert italian == (
        "riga 2: '0 x Uno' ha 0 copie; il numero va da 1 a 999; "
        "riga 3: '3Tre' serve uno spazio tra il numero e il nome della carta, "
        "ad es. '3x Nome carta'"
    )
    assert (
        english
        == err.value.reason
        == (
            "line 2: '0 x Uno' has count 0; a count is 1..999; "
            "line 3: '3Tre' needs a space between the count and the card name, e.g. '3x Card name'"
        )
    )
    with i18n.language("it"):
        accepted = i18n.translate_accepted(err.value)
    assert accepted is not None
    assert accepted.startswith("una carta per riga")


def test_INV_DECK_2_3_breaches_keep_their_rule_ids_in_italian() -> None:
    deck = "\n".join(["1 Aiuto del Sovrano", "1 Anatema", *(f"2 Carta {i}" for i in range(16))])
    with pytest.raises(DeckInvalid) as err:
        register_deck(
            event=EVENT,
            player=PlayerId(1),
            text=deck,
            rules=rules("invasion-it-2012"),
            now=T0,
            restricted=["Aiuto del Sovrano", "Anatema"],
        )
    italian, english = _both(err.value)
    assert italian.startswith("il mazzo ha 34 carte; almeno 50 [INV-DECK-2]; ")
    assert "2 carte della Restricted List (Aiuto del Sovrano, Anatema)" in italian
    assert italian.endswith("[INV-DECK-3]")
    assert english == err.value.reason
    assert english.startswith("the deck has 34 cards; at least 50 [INV-DECK-2]; 2 restricted")
