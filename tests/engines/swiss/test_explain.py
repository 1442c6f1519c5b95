"""Why each pair was made (issue 3 item 6): messages, shown in the page's language (issue 11)."""

from __future__ import annotations

import random

from torneo.cards.exports.pages import pair_reason
from torneo.core.ids import PlayerId
from torneo.core.message_json import dump_message, load_message
from torneo.engines.swiss import SwissEntrant, SwissOptions, pair_round
from torneo.engines.swiss.explain import name_players
from torneo.platform import i18n

MARCO, CARLO, LUCA, IVAN, ALDO = (PlayerId(i) for i in range(1, 6))


def _round() -> list[SwissEntrant]:
    # Marco (60) is alone on top and floats down into the 30 group, where Luca and Ivan already
    # met and are kept apart; Aldo (0) has the bye (INV-BYE-1).
    met = {LUCA: frozenset({IVAN}), IVAN: frozenset({LUCA})}
    scores = {MARCO: 60, CARLO: 30, LUCA: 30, IVAN: 30, ALDO: 0}
    return [
        SwissEntrant(p, s, rank, met.get(p, frozenset()))
        for rank, (p, s) in enumerate(scores.items())
    ]


def test_the_reasons_are_messages_english_for_the_cli_and_italian_for_the_page() -> None:
    pairing = pair_round(_round(), 3, random.Random(1), SwissOptions())
    english = [p.explanation for p in pairing.pairs]
    assert english == [
        "#1 floated down from 60 points to meet 30; rematch avoided: #3 already met #4",
        "same score group (30); rematch avoided: #4 already met #3",
    ]
    assert all(p.reason.english() == p.explanation for p in pairing.pairs)
    assert pairing.bye_explanation == (
        "bye to #5 (0 points), INV-BYE-1: the lowest-ranked player without a bye"
    )
    with i18n.language("it"):
        assert pair_reason(pairing.pairs[0].reason) == (
            "#1 scende da 60 punti per incontrare 30; incontro ripetuto evitato: #3 ha già"
            " incontrato #4"
        )
        assert pairing.bye_reason is not None
        assert i18n.translate(pairing.bye_reason) == (
            "bye a #5 (0 punti), INV-BYE-1: il giocatore più in basso in classifica che non ha"
            " ancora avuto il bye"
        )
        second = i18n.translate(pairing.pairs[1].reason)
    assert second == (
        "stesso gruppo di punteggio (30); incontro ripetuto evitato: #4 ha già incontrato #3"
    )


def test_a_stored_reason_comes_back_with_names_in_the_page_language() -> None:
    """The match row keeps the reason as id and parameters; the page names the players."""
    pairing = pair_round(_round(), 3, random.Random(1), SwissOptions())
    stored = dump_message(pairing.pairs[1].reason)
    named = name_players(load_message(stored), {int(LUCA): "Luca", int(IVAN): "Ivan"})
    assert named.english() == "same score group (30); rematch avoided: Ivan already met Luca"
    with i18n.language("it"):
        assert pair_reason(dump_message(named)) == (
            "stesso gruppo di punteggio (30); incontro ripetuto evitato: Ivan ha già incontrato Luca"
        )
        # A reason stored as English text before messages were ids is shown as written.
        assert pair_reason("bye (INV-BYE-1)") == "bye (INV-BYE-1)"
