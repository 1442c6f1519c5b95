"""The army-excess calculator of the referee console (RSK-ARMY-1).

Two cases from the referee casebook:
- *Reinforcements*: a player placed more armies than due (reinforcements or a card set). The
  excess is removed at once from the armies just placed if the player declares it; if a referee
  or another player at the table finds it, double the excess is removed, from the armies just
  placed and then from any others of the player's choice. The turn goes on.
- *The board cap* (130): a player with more armies on the board than allowed removes the excess
  from territories of their choice if they declare it; double if a referee or another player
  finds it, and in that case their cap is lowered by the excess for the rest of the game.
  **Example RSK-ARMY-EX1:** cap 130, 134 on the board found by an opponent → remove 8, cap 126.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

BOARD_CAP = 130  # RSK-ARMY-1


class FoundBy(StrEnum):
    PLAYER_DECLARED = "player_declared"  # the player recognized and declared it
    REFEREE = "referee"
    OPPONENT = "opponent"  # another player of the same table

    @property
    def doubles(self) -> bool:
        return self is not FoundBy.PLAYER_DECLARED


@dataclass(frozen=True, slots=True)
class ArmyRuling:
    excess: int
    remove: int  # armies the player removes now
    from_just_placed: int  # of which from the armies just placed (reinforcements case)
    from_any: int  # of which from territories of the player's choice
    cap: int | None  # the player's cap from now on (board case); None for reinforcements
    rule: str = "RSK-ARMY-1"


def _not_negative(field: str, value: int) -> None:
    if value < 0:
        raise TorneoError(field, N_("%(n)s armies"), N_("0 or more armies"), params={"n": value})


def board_excess(on_board: int, found_by: FoundBy, cap: int = BOARD_CAP) -> ArmyRuling:
    """RSK-ARMY-1: armies on the board over the player's cap."""
    _not_negative("on_board", on_board)
    if cap < 1:
        raise TorneoError(
            "cap",
            N_("a cap of %(cap)s armies"),
            N_("a positive cap (130 at the start)"),
            params={"cap": cap},
        )
    excess = max(0, on_board - cap)
    remove = excess * 2 if found_by.doubles else excess
    new_cap = cap - excess if found_by.doubles else cap
    return ArmyRuling(excess, remove, 0, remove, new_cap)


def reinforcement_excess(placed: int, due: int, found_by: FoundBy) -> ArmyRuling:
    """RSK-ARMY-1: more reinforcements placed this turn than due."""
    _not_negative("placed", placed)
    _not_negative("due", due)
    excess = max(0, placed - due)
    remove = excess * 2 if found_by.doubles else excess
    just_placed = min(remove, placed)
    return ArmyRuling(excess, remove, just_placed, remove - just_placed, None)
