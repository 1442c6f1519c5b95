"""The floor's procedures of the regulation as guided rulings (issue 17 item 5, PKR-PROC-1..4).

The director picks what happened (a *case*) and answers its questions; the ruling says what the
regulation decides and cites its article, so every table gets the same answer:

- PKR-PROC-1 misdeal (art. 15): the first or second hole card exposed, more than one card
  exposed, two or more extra cards: misdeal, reshuffle; another hole card exposed by the dealer:
  the deal goes on and the card is replaced by the top card after the deal (it becomes the burn
  card); one extra card to the first player: back on the deck as the burn card; a flop with too
  many cards: dealt again; a burn missed or doubled before the flop: the director restores the
  right cards if the flop is not exposed, else reshuffles, and after action by two players the
  hand goes on; the turn dealt too early: the river goes in its place and the turn is reshuffled.
- PKR-PROC-2 dead hand (art. 14): folding or announcing a fold facing a bet, throwing the cards
  out of reach (the director may recover clearly identified cards in the game's interest, e.g.
  after wrong information), exposing or taking the cards off the table before acting on a bet,
  acting beyond the betting limit, cards passed to another player, away from the seat when the
  last card is dealt; unprotected cards swept by the dealer: dead, the bet lost, an uncalled
  raise given back.
- PKR-PROC-3 irregularities (art. 18): a card with a different back or a duplicate card: the
  whole hand is void and the chips go back to who bet them; a card face up in the deck: not used,
  replaced by the next one; missing cards: the hand is void, chips back; a deck made irregular:
  the deal is finished and the deck rebuilt; the high chips kept out of view: the director
  decides whether they play, and a sanction may follow (PKR-PEN-1).
- PKR-PROC-4 showdown order (art. 12.8): with a bet or raise on the last round, the last player
  who bet or raised shows first; if everyone checked (or was all-in) on the last round, the first
  to act shows first, that is the first live player left of the button; then clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from torneo.core.errors import TorneoError
from torneo.core.messages import N_


class Procedure(StrEnum):
    MISDEAL = "misdeal"
    DEAD_HAND = "dead_hand"
    IRREGULARITY = "irregularity"
    SHOWDOWN = "showdown"


@dataclass(frozen=True, slots=True)
class Ruling:
    procedure: Procedure
    case: str
    decision: str  # a message id: what the floor does
    article: str  # "15.1"
    rule: str  # PKR-PROC-n
    steps: tuple[str, ...] = ()  # message ids, in order
    order: tuple[int, ...] = ()  # seats, for the showdown order


# (case, decision, article, steps); a case may depend on a yes/no answer (see :func:`rule_on`).
_MISDEAL = {
    "first_cards_exposed": (
        N_("Misdeal: collect the cards, reshuffle, cut and deal again."),
        "15.1",
    ),
    "other_card_exposed": (
        N_(
            "The deal goes on; after the deal the exposed card is replaced by the top card of "
            "the deck and becomes the burn card."
        ),
        "15.1",
    ),
    "several_cards_exposed": (
        N_("Misdeal: more than one card exposed; reshuffle and deal again."),
        "15.1",
    ),
    "one_extra_card": (
        N_("The extra card goes back on the deck and is used as the burn card."),
        "15.2",
    ),
    "several_extra_cards": (N_("Misdeal: reshuffle and deal again."), "15.2"),
    "flop_too_many_cards": (
        N_(
            "The flop is dealt again: the board cards are shuffled with the deck, the burn "
            "cards stay; cut and turn a new flop without burning."
        ),
        "15.3",
    ),
    "turn_too_early": (
        N_(
            "Burn and put the next card in place of the turn; after the betting, reshuffle the "
            "deck with the early card (not the burn cards or discards), cut and deal the river "
            "without burning."
        ),
        "15.7",
    ),
}

_DEAD = {
    "fold_facing_bet": N_("The hand is dead: a fold, or a fold announced, facing a bet."),
    "mucked_out_of_reach": N_("The hand is dead: the cards were thrown out of the player's area."),
    "exposed_before_acting": N_(
        "The hand is dead: the cards were exposed or taken off the table before acting on a bet."
    ),
    "beyond_limit": N_("The hand is dead: the bet or raise went beyond the limit allowed."),
    "passed_to_player": N_("The hand is dead: cards given to another player are always dead."),
    "away_from_seat": N_(
        "The hand is dead: the player was not at the seat when the last card was dealt."
    ),
    "unprotected_swept": N_(
        "The hand is dead and the player loses the bet; an uncalled raise is given back."
    ),
}
_DEAD_ARTICLES = {
    "fold_facing_bet": "14.1",
    "mucked_out_of_reach": "14.1",
    "exposed_before_acting": "14.1",
    "beyond_limit": "14.1",
    "passed_to_player": "14.3",
    "away_from_seat": "14.5",
    "unprotected_swept": "14.6",
}

_IRREGULAR = {
    "different_back": (
        N_("The whole deal is void: every chip in the pot goes back to who bet it."),
        "18.2",
    ),
    "duplicate_card": (
        N_("The hand is void: every chip in the pot goes back to who bet it."),
        "18.3",
    ),
    "card_face_up_in_deck": (
        N_(
            "The card is not used: the next card replaces it; if that card belongs to another "
            "player, the exposed card is dealt and replaced after the round is dealt."
        ),
        "18.4",
    ),
    "missing_cards": (
        N_("The hand's result is void: the chips bet go back to the players."),
        "18.6",
    ),
    "deck_irregular": (
        N_("The deal is finished anyway and the deck is rebuilt as fairly as possible."),
        "18.7",
    ),
    "chips_hidden": (
        N_(
            "The director decides whether the chips out of view play and which sanction "
            "applies (PKR-PEN-1)."
        ),
        "18.1",
    ),
}

CASES: dict[Procedure, tuple[str, ...]] = {
    Procedure.MISDEAL: (*_MISDEAL, "burn_error"),
    Procedure.DEAD_HAND: tuple(_DEAD),
    Procedure.IRREGULARITY: tuple(_IRREGULAR),
    Procedure.SHOWDOWN: ("last_round",),
}


def procedure_of(text: str) -> Procedure:
    try:
        return Procedure(text)
    except ValueError:
        raise TorneoError(
            "procedure",
            N_("'%(procedure)s'"),
            N_("misdeal, dead_hand, irregularity or showdown"),
            params={"procedure": text},
        ) from None


def _check_case(procedure: Procedure, case: str) -> None:
    if case not in CASES[procedure]:
        raise TorneoError(
            "case",
            N_("'%(case)s' is not a case of %(procedure)s"),
            N_("one of %(cases)s"),
            params={
                "case": case,
                "procedure": procedure.value,
                "cases": ", ".join(CASES[procedure]),
            },
        )


def rule_on(
    procedure: Procedure,
    case: str,
    *,
    flop_exposed: bool = False,
    players_acted: int = 0,
    recoverable: bool = False,
) -> Ruling:
    """The ruling of a misdeal, dead hand or irregularity case (PKR-PROC-1..3)."""
    _check_case(procedure, case)
    if procedure is Procedure.MISDEAL:
        if case == "burn_error":  # art. 15.4
            if players_acted >= 2:
                decision = N_("The error was found after two players acted: the hand goes on.")
            elif not flop_exposed:
                decision = N_(
                    "The director restores the right burn card and the right flop, the flop "
                    "not being exposed yet."
                )
            else:
                decision = N_("The deck is reshuffled and the flop dealt again.")
            return Ruling(procedure, case, decision, "15.4", "PKR-PROC-1")
        text, article = _MISDEAL[case]
        return Ruling(procedure, case, text, article, "PKR-PROC-1")
    if procedure is Procedure.DEAD_HAND:
        if case == "mucked_out_of_reach" and recoverable:
            decision = N_(
                "The director may recover the cards, clearly identified, and keep the hand live "
                "in the game's best interest (e.g. folded after wrong information)."
            )
            return Ruling(procedure, case, decision, "14.2", "PKR-PROC-2")
        return Ruling(procedure, case, _DEAD[case], _DEAD_ARTICLES[case], "PKR-PROC-2")
    if procedure is Procedure.IRREGULARITY:
        text, article = _IRREGULAR[case]
        return Ruling(procedure, case, text, article, "PKR-PROC-3")
    raise TorneoError(
        "procedure", N_("the showdown order has its own questions"), N_("showdown_order")
    )


def showdown_order(live_seats: Sequence[int], button: int, last_aggressor: int | None) -> Ruling:
    """PKR-PROC-4 (art. 12.8): who shows first at the showdown, then clockwise.

    ``live_seats`` are the seats still in the hand; ``last_aggressor`` the seat of the last bet
    or raise on the final betting round (None: everybody checked or was all-in).
    """
    seats = sorted(set(live_seats))
    if len(seats) != len(live_seats) or len(seats) < 2:
        raise TorneoError(
            "live_seats",
            N_("%(n)s seat(s)"),
            N_("two or more different seats still in the hand"),
            params={"n": len(seats)},
        )
    if last_aggressor is not None and last_aggressor not in seats:
        raise TorneoError(
            "last_aggressor",
            N_("seat %(seat)s is not in the hand"),
            N_("one of the seats still in the hand"),
            params={"seat": last_aggressor},
        )
    if last_aggressor is not None:
        first = last_aggressor
        decision = N_("The last player who bet or raised on the final round shows first.")
    else:
        first = next((s for s in seats if s > button), seats[0])
        decision = N_(
            "Everyone checked on the final round: the first player left of the button shows first."
        )
    at = seats.index(first)
    order = tuple(seats[at:] + seats[:at])
    return Ruling(Procedure.SHOWDOWN, "last_round", decision, "12.8", "PKR-PROC-4", order=order)
