"""INV-ID-1: an intentional draw is declared to the judge when the round starts.

"I due giocatori devono decidere subito dopo essersi seduti e devono comunicare l'intenzione
contestualmente con il 'via' degli arbitri. Qualunque ritardo comporterà la squalifica di
entrambi." The window is data (``intentional_draw_window_seconds``; the Invasion preset allows
2 minutes after the start to walk to the judge). Before the start (players seated, pairings up)
a declaration is accepted. A late declaration is refused; the judge may then disqualify both
players, and their match is recorded as a double loss (``ResultKind.DOUBLE_LOSS``).
No window in the preset (Berserk, BER-RES-1) means a draw by agreement at any time. A Top X
match is single elimination and cannot end in a draw.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId, UserId
from torneo.core.messages import N_
from torneo.core.zones import local
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.judging.rules.penalties import issue_penalty
from torneo.judging.rules.record import JudgingRecord
from torneo.judging.rules.ruling import Ruling
from torneo.presets.judging import LATE_INTENTIONAL_DRAW, JudgingRules


def intentional_draw_window(rules: JudgingRules) -> timedelta | None:
    seconds = rules.intentional_draw_window_seconds
    return None if seconds is None else timedelta(seconds=seconds)


def can_declare_intentional_draw(
    round_started_at: datetime | None,
    now: datetime,
    grace: timedelta | None,
    stage: Stage = Stage.SWISS,
    *,
    declared_at_start: bool = False,
    time_zone: str = "UTC",
) -> Refusal | None:
    """Why a draw cannot be recorded now, or None.

    The refusal gives the window's end in the event's time zone (``time_zone``; issue 30: never
    a UTC timestamp on a page) and says where the window starts: at the pairing, or at the
    judges' "Start the round" on the round clock when they press it (``round_started_at``).

    INV-ID-1: the deadline is for announcing the draw to the judge, not for typing it. A judge
    or organizer who records it later confirms it was declared at the start
    (``declared_at_start``, audited by the caller): the window is then not checked. The
    players' own reports never confirm, so the refusal stays for them (issue 29 item 6).
    """
    if stage is Stage.TOP:
        return Refusal(
            "result",
            N_("a Top X match is single elimination: no draws"),
            N_("play the match"),
            "INV-ID-1",
        )
    if round_started_at is None or grace is None or declared_at_start:
        return None
    deadline = round_started_at + grace
    if now > deadline:
        late = now - deadline
        return Refusal(
            "intentional_draw",
            N_(
                "declared %(late)s after the window closed at %(deadline)s; "
                "a late declaration disqualifies both"
            ),
            N_(
                "within %(grace)s of the round's start: the window opens when the round is "
                "paired, or when a judge presses “Start the round”"
            ),
            "INV-ID-1",
            params={
                "late": _minutes(late),
                "deadline": local(deadline, time_zone).strftime("%H:%M"),
                "grace": _minutes(grace),
            },
        )
    return None


def declare_intentional_draw(
    round_started_at: datetime | None,
    now: datetime,
    grace: timedelta | None,
    best_of: int,
    stage: Stage = Stage.SWISS,
    *,
    declared_at_start: bool = False,
    time_zone: str = "UTC",
) -> GameScore:
    """The match result of a declared intentional draw (0-0-3 in best of three, 1 point each)."""
    refusal = can_declare_intentional_draw(
        round_started_at,
        now,
        grace,
        stage,
        declared_at_start=declared_at_start,
        time_zone=time_zone,
    )
    if refusal:
        raise refusal.raise_as(Conflict)
    return GameScore.intentional_draw(best_of)


def disqualify_for_late_intentional_draw(
    record: JudgingRecord,
    *,
    judge: UserId,
    players: tuple[PlayerId, PlayerId],
    at: datetime,
    round_no: int,
    reason: str,
) -> list[Ruling]:
    """INV-ID-1: both players disqualified; raises (nothing issued) if either cannot be."""
    first, second = players
    if first == second:
        raise TorneoError(
            "players", N_("the same player twice"), N_("the two players of the match")
        )
    rulings = issue_penalty(
        record,
        judge=judge,
        player=first,
        infraction=LATE_INTENTIONAL_DRAW,
        at=at,
        reason=reason,
        round_no=round_no,
    )
    rulings += issue_penalty(
        record.with_rulings(rulings),
        judge=judge,
        player=second,
        infraction=LATE_INTENTIONAL_DRAW,
        at=at,
        reason=reason,
        round_no=round_no,
    )
    return rulings


def double_loss() -> GameScore:
    """The result of a match whose two players are both disqualified (INV-ID-1)."""
    return GameScore(0, 0, 0, ResultKind.DOUBLE_LOSS)


def _minutes(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    return f"{seconds // 60}:{seconds % 60:02d} min"
