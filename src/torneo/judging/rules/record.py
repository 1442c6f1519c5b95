"""What a judge acts on: one event's entrants, its judges, its judging rules and its rulings.

Services build a :class:`JudgingRecord` from the store, hand it to the judging functions, and
append the rulings those return (:meth:`JudgingRecord.with_rulings`). Nothing here is stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict, Forbidden, NotFound, Refusal, TorneoError
from torneo.core.ids import EventId, PlayerId, UserId
from torneo.core.messages import N_
from torneo.engines.records import Entrant
from torneo.judging.rules.roster import JudgeRoster, check_judge
from torneo.judging.rules.ruling import Ruling, is_disqualified, next_seq
from torneo.presets.judging import JudgingRules


@dataclass(frozen=True, slots=True)
class JudgingRecord:
    event: EventId
    entrants: tuple[Entrant, ...]
    roster: JudgeRoster
    rules: JudgingRules
    rulings: tuple[Ruling, ...] = ()

    def entrant(self, player: PlayerId) -> Entrant | None:
        return next((e for e in self.entrants if e.id == player), None)

    def with_rulings(self, rulings: Iterable[Ruling]) -> JudgingRecord:
        """The record after ``rulings``; a disqualified player is marked so on the entrant."""
        added = (*self.rulings, *rulings)
        entrants = tuple(
            replace(e, disqualified=True) if is_disqualified(e.id, added) else e
            for e in self.entrants
        )
        return replace(self, rulings=added, entrants=entrants)

    @property
    def next_seq(self) -> int:
        return next_seq(self.rulings)


@dataclass(frozen=True, slots=True)
class Check:
    """A refusal together with the error family it becomes when the action is attempted."""

    refusal: Refusal
    error: type[TorneoError]

    def raise_error(self) -> TorneoError:
        return self.refusal.raise_as(self.error)


def check_judge_and_player(
    record: JudgingRecord, judge: UserId, player: PlayerId | None, reason: str
) -> Check | None:
    """The checks every judge act shares: a judge of the event, a player of it, a reason."""
    refusal = check_judge(record.roster, judge)
    if refusal:
        return Check(refusal, Forbidden)
    if not reason.strip():
        return Check(
            Refusal("reason", N_("a ruling needs its reason"), N_("what happened, in a few words")),
            TorneoError,
        )
    if player is None:
        return None
    entrant = record.entrant(player)
    if entrant is None:
        return Check(
            Refusal(
                "player",
                N_("player %(player)s is not in event %(event)s"),
                N_("an entrant"),
                params={"player": player, "event": record.event},
            ),
            NotFound,
        )
    if entrant.disqualified or is_disqualified(player, record.rulings):
        return Check(
            Refusal(
                "player",
                N_("%(name)s is already disqualified"),
                N_("an entrant in play"),
                params={"name": entrant.name},
            ),
            Conflict,
        )
    return None
