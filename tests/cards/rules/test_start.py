"""What an event fixes and warns of at its start (issue 13 items 4, 5 and 7)."""

from __future__ import annotations

import pytest

from torneo.cards.rules.start import small_field_warning, start_settings
from torneo.presets import load_preset

INVASION = load_preset("invasion-it-2012")


@pytest.mark.parametrize(
    ("players", "is_major", "rule"),
    [(5, False, "INV-LEGAL-2"), (6, False, None), (11, True, "INV-MAJOR-2"), (12, True, None)],
)
def test_INV_LEGAL_2_a_small_field_warns_at_the_start(
    players: int, is_major: bool, rule: str | None
) -> None:
    """INV-LEGAL-2 / INV-MAJOR-2: fewer than 6 players (12 at a Major) will be void."""
    warning = small_field_warning(INVASION, players=players, is_major=is_major)
    if rule is None:
        assert warning is None
    else:
        assert warning is not None
        assert f"({rule}); it will be void" in warning.english()


def test_INV_TOP_3_and_INV_DECK_1_are_fixed_at_the_start() -> None:
    """INV-TOP-3: the choice rule only when announced at the start (the preset: die rule);
    INV-DECK-1: deck checks on or off, the preset's default when not said."""
    assert start_settings(INVASION, choice_rule=None, deck_checks=None) == {
        "choice_rule": False,
        "deck_checks": True,
    }
    assert start_settings(INVASION, choice_rule=True, deck_checks=False) == {
        "choice_rule": True,
        "deck_checks": False,
    }
