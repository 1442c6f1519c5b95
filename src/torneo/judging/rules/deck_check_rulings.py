"""The penalties of a deck check (INV-DECK-1..3), issued from what the check found.

``torneo.judging.rules.decks.correct_deck`` fixes the deck and names the infractions; this issues their
penalty through :func:`issue_penalty` (so INV-PEN-1 escalation applies), with the deck
correction recorded on the ruling for the player's record: one deck, one infraction, one
warning (issue 29 item 7). A deck that only differs from its registered list is the
``deck_list_mismatch`` infraction, described card by card.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from torneo.core.ids import PlayerId, UserId
from torneo.judging.rules.decks.deck_check import DeckCorrection, DeckDifference
from torneo.judging.rules.penalties import issue_penalty
from torneo.judging.rules.record import JudgingRecord
from torneo.judging.rules.ruling import DeckCorrected, Ruling
from torneo.presets.judging import DECK_LIST_MISMATCH, PenaltyKind


def describe_correction(correction: DeckCorrection) -> str:
    parts = [f"deck of {correction.deck_before.total} cards"]
    if correction.restricted_removed:
        parts.append(
            f"restricted {', '.join(correction.restricted_found)}: "
            f"{', '.join(correction.restricted_removed)} drawn to go, "
            f"{', '.join(correction.kept_restricted)} stays"
        )
    if correction.removed:
        parts.append("removed at random " + ", ".join(f"{n}× {c}" for c, n in correction.removed))
    if correction.blanks_added:
        parts.append(f"{correction.blanks_added} blanks added")
    return "; ".join(parts)


def deck_check_rulings(
    record: JudgingRecord,
    correction: DeckCorrection,
    *,
    judge: UserId,
    player: PlayerId,
    at: datetime,
    round_no: int,
    games_played: int,
    note: str = "",
    difference: DeckDifference | None = None,
) -> list[Ruling]:
    """The rulings of a deck check that found the deck illegal; [] for a legal deck.

    One physical deck breaking INV-DECK-2/3 is one infraction: one warning and its game losses
    (INV-PEN-1 counts it once), whatever the check found in it (issue 29 item 7). The ruling
    is the infraction whose penalty covers the others, INV-DECK-3's (a game loss for every
    match played, the current one's included) when the deck breaks it, else the first found;
    the reason names the others, and a difference from the registered list (``difference``,
    INV-DECK-1), which is then not a warning of its own. A deck that only differs from its list
    is :func:`deck_mismatch_rulings`.
    """
    if not correction.infractions:
        return []
    reason = f"deck check, round {round_no}: {describe_correction(correction)}"
    found = list(correction.infractions)
    lead = next(
        (i for i in found if _loses_each_match(record, i)),
        found[0],
    )
    also = [i for i in found if i != lead]
    if difference is not None and not difference.is_same:
        reason += f"; differs from its list: {difference.describe()}"
        also.append(DECK_LIST_MISMATCH)
    if also:
        reason += f"; one deck, one infraction (also {', '.join(also)})"
    if note.strip():
        reason += f" — {note.strip()}"
    return issue_penalty(
        record,
        judge=judge,
        player=player,
        infraction=lead,
        at=at,
        reason=reason,
        round_no=round_no,
        games_played=games_played,
        extra=(DeckCorrected(player, correction),),
    )


def _loses_each_match(record: JudgingRecord, infraction: str) -> bool:
    rule = record.rules.infractions.get(infraction)
    return rule is not None and rule.game_losses == "each_game_played"


def deck_mismatch_rulings(
    record: JudgingRecord,
    difference: DeckDifference,
    *,
    judge: UserId,
    player: PlayerId,
    at: datetime,
    round_no: int,
    penalties: Sequence[PenaltyKind] | None = None,
) -> list[Ruling]:
    """The physical deck differs from the registered list (INV-DECK-1); [] when it matches."""
    if difference.is_same:
        return []
    return issue_penalty(
        record,
        judge=judge,
        player=player,
        infraction=DECK_LIST_MISMATCH,
        at=at,
        reason=f"deck check, round {round_no}: {difference.describe()}",
        round_no=round_no,
        penalties=penalties,
    )
