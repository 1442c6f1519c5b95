"""RSK-TBL-1's reading of the army colours (issue 30 item 7): fixed by the turn order."""

from __future__ import annotations

from torneo.risiko.rules.colours import ARMY_COLOURS, colour_of


def test_RSK_TBL_1_the_colours_follow_the_turn_order() -> None:
    """Seat 1 (plays first) takes blue, then red, yellow, green, purple: a table of five has
    five different colours, and the sixth, black, is never needed (tables seat 3 to 5)."""
    assert [colour_of(t) for t in range(1, 6)] == ["blue", "red", "yellow", "green", "purple"]
    assert len(set(ARMY_COLOURS)) == 6
    assert colour_of(6) == "black"
