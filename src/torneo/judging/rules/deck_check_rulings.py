"""The penalties of a deck check (INV-DECK-1..3), issued from what the check found.

``torneo.judging.rules.decks.correct_deck`` fixes the deck and names the infractions; this issues their
penalties in that order through :func:`issue_penalty` (so INV-PEN-1 escalation applies), with the
deck correction recorded on the first ruling for the player's record. If a ruling disqualifies
the player, the remaining infractions are not issued: a disqualified player takes no more
penalties. A deck that differs from its registered list is the ``deck_list_mismatch``
infraction, described card by card.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from torneo.core.ids import PlayerId, UserId
from torneo.judging.rules.decks.deck_check import DeckCorrection, DeckDifference
from torneo.judging.rules.penalties import issue_penalty
from torneo.judging.rules.record import JudgingRecord
from torneo.judging.rules.ruling import DeckCorrected, Ruling, RulingKind
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
) -> list[Ruling]:
    """Rulings for every infraction the deck check found; [] for a legal deck."""
    reason = f"deck check, round {round_no}: {describe_correction(correction)}"
    if note.strip():
        reason += f" — {note.strip()}"
    rulings: list[Ruling] = []
    current = record
    for index, infraction in enumerate(correction.infractions):
        issued = issue_penalty(
            current,
            judge=judge,
            player=player,
            infraction=infraction,
            at=at,
            reason=reason,
            round_no=round_no,
            games_played=games_played,
            extra=(DeckCorrected(player, correction),) if index == 0 else (),
        )
        rulings.extend(issued)
        current = current.with_rulings(issued)
        if any(r.kind is RulingKind.DISQUALIFICATION for r in issued):
            break
    return rulings


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
