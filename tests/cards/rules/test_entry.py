"""The organizer's keyboard entry "12 2-1" (issue 15)."""

from __future__ import annotations

import pytest

from torneo.cards.rules.entry import parse_entry
from torneo.core.errors import TorneoError


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("12 2-1", (12, "2-1")),
        ("12 2 1", (12, "2-1")),
        ("12 21", (12, "2-1")),
        ("12: 0-2", (12, "0-2")),
        ("t3 1-1-1", (3, "1-1-1")),
        ("3 111", (3, "1-1-1")),
        ("4 ID", (4, "0-0-3")),
        ("4 pi", (4, "0-0-3")),
        (" 150   2/0 ", (150, "2-0")),
    ],
)
def test_a_typed_line_is_a_table_and_a_result(typed: str, expected: tuple[int, str]) -> None:
    assert parse_entry(typed, best_of=3) == expected


@pytest.mark.parametrize("typed", ["", "   ", "12", "2-1", "12 abc", "12 2-1-1-1", "x 2-1", "12 2"])
def test_an_unreadable_line_names_the_field_and_what_is_accepted(typed: str) -> None:
    with pytest.raises(TorneoError) as caught:
        parse_entry(typed, best_of=3)
    assert caught.value.field == "entry"
    assert caught.value.accepted_message is not None
    assert "12 2-1" in caught.value.accepted_message.english()


def test_the_intentional_draw_follows_the_match_length() -> None:
    assert parse_entry("1 id", best_of=5) == (1, "0-0-5")
