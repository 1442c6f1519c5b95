"""A player's score of a matchday, the Fantavoto (FAN-SCORE-1, FAN-SV-1, FAN-POST-1).

The score is the newspaper's vote plus bonuses minus maluses (FAN-SCORE-1). A player without a
vote (s.v.) gets an official score only in the cases of FAN-SV-1, else he does not count and
the bench replaces him (FAN-SUB-1):

- sent off: ``sv_sent_off_score`` (4, the cards' malus included), plus his other bonuses and
  maluses (decided: the red card comes first, so "s.v. + red" is 4 whatever else he did);
- a goalkeeper who played at least ``sv_goalkeeper_minutes`` (25, stoppage time excluded):
  the official vote (6) plus bonuses minus maluses;
- a bonus: 6 + bonuses − maluses, whatever the time played;
- an own goal or a missed penalty: 6 − maluses;
- otherwise, or only booked: not counted.

Decision: a goalkeeper s.v. whose minutes the league does not know is not counted until the
minutes are given (the breakdown says so); with a bonus he counts as any other player.
``base`` is the vote the defence modifier reads (FAN-MOD-1): the vote, or for an s.v. with an
official score that score without its bonuses and maluses (6; 5 for the sent off: 4 with the
red card's malus given back).

>>> from torneo.presets.fantasy import FantasyRules
>>> from torneo.fantasy.rules.votes import VoteLine
>>> fantavoto(VoteLine(1, "Inter", "1", "A", "Rossi", None, goals=1), "A", None,
...           FantasyRules()).points
Fraction(9, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from torneo.fantasy.rules.players import GK
from torneo.fantasy.rules.votes import VoteLine
from torneo.presets.fantasy import FantasyRules

# Why a player has (or has not) a score: the breakdown names it.
VOTED = "voted"
SV_SENT_OFF = "sv_sent_off"
SV_GOALKEEPER = "sv_goalkeeper"
SV_BONUS = "sv_bonus"
SV_MALUS = "sv_malus"
SV = "sv"  # s.v., nothing else: not counted
SV_BOOKED = "sv_booked"  # s.v. and booked only: not counted
SV_GK_SHORT = "sv_goalkeeper_short"  # s.v. goalkeeper under the minutes: not counted
SV_GK_UNKNOWN = "sv_goalkeeper_minutes_unknown"
NOT_PLAYED = "not_played"  # no row in the file of his club's match
POSTPONED = "postponed"  # FAN-POST-1
SUSPENDED = "suspended"  # FAN-POST-1: suspended, nothing
PENDING = "pending"  # provisional: his club's match is not in the file yet
SOLD = "sold"  # issue 28 item 9: sold by a transfer after the lineup named him: missing


@dataclass(frozen=True, slots=True)
class Part:
    """One term of a score: ``what`` (a code of the breakdown), how many, the points."""

    what: str
    count: int
    points: Fraction


@dataclass(frozen=True, slots=True)
class Fantavoto:
    points: Fraction | None  # None: does not count (the bench may replace him)
    base: Fraction | None  # FAN-MOD-1: the vote without bonuses and maluses
    reason: str
    parts: tuple[Part, ...] = ()

    @property
    def counts(self) -> bool:
        return self.points is not None

    @property
    def pending(self) -> bool:
        return self.reason == PENDING


NOT_COUNTED = Fantavoto(None, None, NOT_PLAYED)
PENDING_SCORE = Fantavoto(None, None, PENDING)
SOLD_SCORE = Fantavoto(None, None, SOLD)


def _events(line: VoteLine, role: str, rules: FantasyRules) -> tuple[list[Part], list[Part]]:
    bonus: list[Part] = []
    malus: list[Part] = []
    for what, count, each, into in (
        ("goal", line.goals, rules.bonus_goal, bonus),
        ("assist", line.assists, rules.bonus_assist, bonus),
        ("penalty_saved", line.penalties_saved, rules.bonus_penalty_saved, bonus),
        ("penalty_scored", line.penalties_scored, rules.bonus_penalty_scored, bonus),
        ("yellow", line.yellow, -rules.malus_yellow, malus),
        ("red", line.red, -rules.malus_red, malus),
        ("own_goal", line.own_goals, -rules.malus_own_goal, malus),
        ("penalty_missed", line.penalties_missed, -rules.malus_penalty_missed, malus),
        ("conceded", line.conceded if role == GK else 0, -rules.malus_goal_conceded, malus),
    ):
        if count and each:
            into.append(Part(what, count, each * count))
    return bonus, malus


def fantavoto(line: VoteLine, role: str, minutes: int | None, rules: FantasyRules) -> Fantavoto:
    """FAN-SCORE-1 and FAN-SV-1 for one row of the vote file; ``role`` is the league's."""
    bonus, malus = _events(line, role, rules)
    if line.vote is not None:
        parts = (Part("vote", 1, line.vote), *bonus, *malus)
        return Fantavoto(sum((p.points for p in parts), Fraction(0)), line.vote, VOTED, parts)
    official = rules.sv_official_vote
    if line.red:
        others = [p for p in malus if p.what not in ("yellow", "red")]
        parts = (Part("sent_off_score", 1, rules.sv_sent_off_score), *bonus, *others)
        base = rules.sv_sent_off_score + rules.malus_red
        return Fantavoto(sum((p.points for p in parts), Fraction(0)), base, SV_SENT_OFF, parts)
    if role == GK and minutes is not None and minutes >= rules.sv_goalkeeper_minutes:
        parts = (Part("official_vote", 1, official), *bonus, *malus)
        return Fantavoto(
            sum((p.points for p in parts), Fraction(0)), official, SV_GOALKEEPER, parts
        )
    if bonus:
        parts = (Part("official_vote", 1, official), *bonus, *malus)
        return Fantavoto(sum((p.points for p in parts), Fraction(0)), official, SV_BONUS, parts)
    if line.own_goals or line.penalties_missed:
        parts = (Part("official_vote", 1, official), *malus)
        return Fantavoto(sum((p.points for p in parts), Fraction(0)), official, SV_MALUS, parts)
    if role == GK:
        return Fantavoto(None, None, SV_GK_UNKNOWN if minutes is None else SV_GK_SHORT)
    return Fantavoto(None, None, SV_BOOKED if line.yellow else SV)


def postponed_score(rules: FantasyRules, *, suspended: bool) -> Fantavoto:
    """FAN-POST-1: everyone of a postponed match gets the official vote, the suspended nothing."""
    if suspended:
        return Fantavoto(None, None, SUSPENDED)
    vote = rules.postponed_vote
    return Fantavoto(vote, vote, POSTPONED, (Part("postponed", 1, vote),))
