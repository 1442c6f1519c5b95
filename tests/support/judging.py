"""Shared builders for the judging tests: an Invasion and a Berserk event with judges."""

from datetime import UTC, datetime, timedelta

from torneo.core.ids import EventId, PlayerId, UserId
from torneo.engines.records import Entrant
from torneo.judging.rules import Judge, JudgeRoster, JudgingRecord, appoint_judge
from torneo.presets import load_preset
from torneo.presets.judging import JudgingRules

EVENT = EventId(12)
HEAD = UserId(100)
FLOOR = UserId(101)
OUTSIDER = UserId(999)
T0 = datetime(2012, 3, 10, 15, 0, tzinfo=UTC)


def rules(preset: str) -> JudgingRules:
    judging = load_preset(preset).judging
    assert judging is not None
    return judging


def roster(*, player_judge: PlayerId | None = None) -> JudgeRoster:
    r = appoint_judge(JudgeRoster(EVENT), Judge(HEAD, "Arbitro Capo"), head=True)
    return appoint_judge(r, Judge(FLOOR, "Arbitro", player_judge))


def entrants(n: int = 8) -> tuple[Entrant, ...]:
    return tuple(Entrant(PlayerId(i), f"Giocatore {i}") for i in range(1, n + 1))


def record(preset: str = "invasion-it-2012", n: int = 8) -> JudgingRecord:
    return JudgingRecord(EVENT, entrants(n), roster(), rules(preset))


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)
