"""The army colour of each seat (issue 30 item 7: the table sheets name it).

The regulation is silent on who plays which colour; we read it as fixed by the turn order the
draw made (RSK-TBL-1): seat 1, who plays first, takes the first of the game's six colours in
the order below, seat 2 the second, and so on, so the sheet, the screens and the API agree
and nobody argues over a colour at the table. A table has at most five seats: six colours do.
"""

from __future__ import annotations

from torneo.core.messages import N_

ARMY_COLOURS: tuple[str, ...] = (
    N_("blue"),
    N_("red"),
    N_("yellow"),
    N_("green"),
    N_("purple"),
    N_("black"),
)


def colour_of(turn: int) -> str:
    """The colour of the player who plays ``turn``-th (1 first), RSK-TBL-1's reading."""
    return ARMY_COLOURS[(turn - 1) % len(ARMY_COLOURS)]
