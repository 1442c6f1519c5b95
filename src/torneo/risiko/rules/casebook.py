"""The referee's rulings at a RisiKo! table from the casebook ("Casistica") that the roll
assistant does not follow turn by turn: a throw ruled void, dice thrown again, an attack ruled
invalid, a card draw lost (RSK-PLAY-1..3). The console records them on the table's log (who, on
whom, when, by which referee); they move no armies and no roll, so they are checked only against
the game: it is still in play and the player is still in it.

- RSK-PLAY-1 (the dice): dice thrown without declaring an attack are a void throw, even when only
  one attack was possible; a wrong number of dice, a die off the field or tilted, are thrown
  again, all of them (the defence's throw stands when only the attack's is repeated).
- RSK-PLAY-2 (attacks): a declared attack must be made (one throw at least); an attack named
  without its origin stands only if one territory could make it, else the defender may have it
  thrown again; an attack the referee finds could not be made as declared is ruled invalid.
- RSK-PLAY-3 (the card): a player who forgot to draw their card loses it once the next player
  has finished placing their armies (or attacked, moved or passed).

What is not an infraction is not a ruling: the army calculator (RSK-ARMY-1) refuses an army
count within the limit instead of recording it.
"""

from __future__ import annotations

from enum import StrEnum

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.risiko.rules.roll import RollState


class TableCase(StrEnum):
    VOID_THROW = "void_throw"  # RSK-PLAY-1
    DICE_AGAIN = "dice_again"  # RSK-PLAY-1
    ATTACK_INVALID = "attack_invalid"  # RSK-PLAY-2
    CARD_LOST = "card_lost"  # RSK-PLAY-3


RULE: dict[TableCase, str] = {
    TableCase.VOID_THROW: "RSK-PLAY-1",
    TableCase.DICE_AGAIN: "RSK-PLAY-1",
    TableCase.ATTACK_INVALID: "RSK-PLAY-2",
    TableCase.CARD_LOST: "RSK-PLAY-3",
}


def table_case(raw: object) -> TableCase:
    """The case named by the referee, checked."""
    try:
        return TableCase(str(raw or ""))
    except ValueError:
        raise TorneoError(
            "case",
            N_("'%(value)s' is not a ruling of the casebook"),
            ", ".join(c.value for c in TableCase),
            params={"value": raw},
        ) from None


def check_table_ruling(state: RollState, player: PlayerId, case: TableCase) -> None:
    """A ruling is for a game in play and a player still in it (RSK-PLAY-1..3)."""
    if state.ended is not None:
        raise Conflict(
            "game",
            N_("the game has ended (%(reason)s)"),
            N_("a game in play"),
            params={"reason": Term(state.ended.value)},
        )
    seat = state.seat_of(player)
    if not seat.is_in_game:
        raise Conflict(
            "player",
            N_("player %(player)s is already %(seat)s"),
            N_("a player in the game"),
            params={"player": player, "seat": Term(seat.value)},
            rule=RULE[case],
        )


__all__ = ["RULE", "TableCase", "check_table_ruling", "table_case"]
