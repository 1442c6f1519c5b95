"""The judges of one event (INV-JUDGE-1, INV-LEGAL-3, INV-STRUCT-5).

Every event has a judge, who may also play. With more than one judge, one is the head judge and
has the last word (INV-JUDGE-1): a sole judge is the head judge without being named. A
player-judge's matches are timed 60 minutes instead of 55 (INV-STRUCT-5), to recover the time
spent judging. One judge for each 10 players is recommended: advice, never an error.

Decisions: the recommended number is ceil(players / players_per_judge) (10 players → 1 judge,
11 → 2); judges on the event's roster act as judges, and so does an organizer of the event's
club (issue 30: the organizer is the tournament's first official, core/policy.py), counted as
a judge for the act (``JudgingContext.acting``) so every ruling names who gave it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict, NotFound, Refusal
from torneo.core.ids import EventId, PlayerId, UserId
from torneo.core.messages import N_, Message
from torneo.engines.records import Stage
from torneo.presets.judging import JudgingRules
from torneo.presets.models import MatchRules


@dataclass(frozen=True, slots=True)
class Judge:
    user: UserId
    name: str
    player: PlayerId | None = None  # set when the judge also plays (INV-STRUCT-5)


@dataclass(frozen=True, slots=True)
class JudgeRoster:
    event: EventId
    judges: tuple[Judge, ...] = ()
    head: UserId | None = None  # named head judge; a sole judge is head without being named

    @property
    def head_judge(self) -> Judge | None:
        if self.head is not None:
            return self.judge(self.head)
        return self.judges[0] if len(self.judges) == 1 else None

    def judge(self, user: UserId) -> Judge | None:
        return next((j for j in self.judges if j.user == user), None)

    def is_judge(self, user: UserId) -> bool:
        return self.judge(user) is not None

    def is_head_judge(self, user: UserId) -> bool:
        head = self.head_judge
        return head is not None and head.user == user

    @property
    def player_judges(self) -> frozenset[PlayerId]:
        return frozenset(j.player for j in self.judges if j.player is not None)


def can_appoint_judge(roster: JudgeRoster, judge: Judge) -> Refusal | None:
    if roster.is_judge(judge.user):
        return Refusal(
            "judge", N_("%(name)s is already a judge of this event"), params={"name": judge.name}
        )
    if judge.player is not None and judge.player in roster.player_judges:
        return Refusal(
            "judge",
            N_("player %(player)s is already on the roster as a judge"),
            params={"player": judge.player},
        )
    return None


def appoint_judge(roster: JudgeRoster, judge: Judge, *, head: bool = False) -> JudgeRoster:
    refusal = can_appoint_judge(roster, judge)
    if refusal:
        raise refusal.raise_as(Conflict)
    added = replace(roster, judges=(*roster.judges, judge))
    if head:
        return replace(added, head=judge.user)
    if roster.head is None and len(roster.judges) == 1:
        # INV-JUDGE-1: the sole judge was head implicitly; keep them head once a second arrives.
        return replace(added, head=roster.judges[0].user)
    return added


def can_appoint_head_judge(roster: JudgeRoster, user: UserId) -> Refusal | None:
    if not roster.is_judge(user):
        return Refusal(
            "head_judge",
            N_("user %(user)s is not a judge of this event"),
            N_("a judge"),
            params={"user": user},
        )
    return None


def appoint_head_judge(roster: JudgeRoster, user: UserId) -> JudgeRoster:
    refusal = can_appoint_head_judge(roster, user)
    if refusal:
        raise refusal.raise_as(NotFound)
    return replace(roster, head=user)


def remove_judge(roster: JudgeRoster, user: UserId) -> JudgeRoster:
    """Take a judge off; removing the head judge leaves the head to be named again."""
    if not roster.is_judge(user):
        raise NotFound(
            "judge",
            N_("user %(user)s is not a judge of this event"),
            N_("a judge"),
            params={"user": user},
        )
    judges = tuple(j for j in roster.judges if j.user != user)
    return replace(roster, judges=judges, head=None if roster.head == user else roster.head)


def roster_problems(roster: JudgeRoster, rule: str = "INV-JUDGE-1") -> tuple[Refusal, ...]:
    """Breaches that make a tournament irregular (INV-LEGAL-3, INV-JUDGE-1); ``rule`` is the
    regulation's own id (BER-JUDGE-1 for the online game)."""
    if not roster.judges:
        return (Refusal("judges", N_("the event has no judge"), N_("at least one judge"), rule),)
    if roster.head_judge is None:
        return (
            Refusal(
                "head_judge",
                N_("%(n)s judges and no head judge"),
                N_("name one head judge: their ruling is final"),
                rule,
                params={"n": len(roster.judges)},
            ),
        )
    return ()


@dataclass(frozen=True, slots=True)
class StaffingAdvice:
    """INV-JUDGE-1 recommendation, shown to the organizer; never blocks anything."""

    judges: int
    recommended: int
    players: int
    rule: str = "INV-JUDGE-1"

    def message(self) -> Message:
        """The advice as a message id, shown in the page's language (English in the API).

        The counts are a message of their own so a language can say them without agreeing a
        noun with a number ("giocatori: 11, arbitri: 1").
        """
        staff = Message(
            N_("%(players)s players and %(judges)s judge(s)"),
            {"players": self.players, "judges": self.judges},
        )
        return Message(
            N_("%(staff)s: %(recommended)s recommended (one for each started ten players)"),
            {"staff": staff, "recommended": self.recommended},
        )

    def describe(self) -> str:
        return self.message().english()


def staffing_advice(
    roster: JudgeRoster, players: int, rules: JudgingRules
) -> StaffingAdvice | None:
    if rules.players_per_judge is None or players <= 0:
        return None
    recommended = max(1, -(-players // rules.players_per_judge))
    if len(roster.judges) >= recommended:
        return None
    return StaffingAdvice(len(roster.judges), recommended, players)


def round_minutes_for(
    players: Iterable[PlayerId | None],
    roster: JudgeRoster,
    rules: MatchRules,
    stage: Stage = Stage.SWISS,
) -> int | None:
    """Minutes for a match between ``players`` (None = untimed).

    INV-STRUCT-3: Swiss 55, Top X untimed; INV-STRUCT-4: the 3rd/4th-place match is timed as
    Swiss; INV-STRUCT-5: a table with a player-judge gets 60.
    """
    if stage is Stage.TOP:
        return rules.top_round_minutes
    if rules.round_minutes is None:
        return None
    judges = roster.player_judges
    if rules.player_judge_round_minutes is not None and any(
        p in judges for p in players if p is not None
    ):
        return rules.player_judge_round_minutes
    return rules.round_minutes


def can_act_as_judge(user: UserId, roster: JudgeRoster) -> bool:
    """Whether ``user`` may record rulings in the event (the web edge answers 403 otherwise)."""
    return roster.is_judge(user)


def check_judge(roster: JudgeRoster, user: UserId) -> Refusal | None:
    if not roster.is_judge(user):
        return Refusal(
            "judge",
            N_("user %(user)s is not a judge of event %(event)s"),
            N_("a judge of the event"),
            params={"user": user, "event": roster.event},
        )
    return None
