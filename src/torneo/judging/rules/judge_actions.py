"""BER-JUDGE-1: judges may intervene, disqualify, award a win, order the last matches replayed.

Their decision is final; every act is a :class:`Ruling` naming the judge and the reason.
Disqualifying is an infraction of the preset (``issue_penalty``); the two acts here change
results directly and are allowed only by presets that list them in ``judge_actions``.

Decisions:
- an awarded win is recorded as an auto-win (``ResultKind.AUTO_WIN``, the full games needed:
  1-0 in best of one), the kind Berserk already scores as a win (BER-RES-1);
- "the last matches" are the most recent *reported* matches, latest round first (then the highest
  table), optionally only those of one player; a bye is no match and is never replayed. Their
  results become void (:class:`ResultsVoided`) and the standings follow once the service drops
  them; the matches are then played again and reported as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId, UserId
from torneo.core.messages import N_, Term
from torneo.engines.records import MatchRecord
from torneo.engines.results import GameScore, ResultKind
from torneo.judging.rules.record import Check, JudgingRecord, check_judge_and_player
from torneo.judging.rules.ruling import MatchAwarded, MatchRef, ResultsVoided, Ruling, RulingKind
from torneo.presets.judging import JudgeAction

# The act named inside a refusal, a word of the vocabulary translated with it (BER-JUDGE-1).
_ACTION_WORDS = {
    JudgeAction.AWARD_WIN: N_("award win"),
    JudgeAction.ORDER_REPLAY: N_("order replay"),
}


def _players_of(match: MatchRecord, player: PlayerId) -> dict[str, object]:
    """The parameters of "player X does not play round R table T" (accepted: "A or B")."""
    return {
        "player": player,
        "round": match.round_no,
        "table": match.table,
        "a": match.player_a,
        "b": match.player_b,
    }


def _power(record: JudgingRecord, action: JudgeAction) -> Check | None:
    if action not in record.rules.judge_actions:
        return Check(
            Refusal(
                "action",
                N_("judges of this event may not %(action)s"),
                ", ".join(a.value for a in record.rules.judge_actions) or N_("penalties only"),
                "BER-JUDGE-1",
                params={"action": Term(_ACTION_WORDS[action])},
            ),
            TorneoError,
        )
    return None


def _check_award(
    record: JudgingRecord, judge: UserId, match: MatchRecord, winner: PlayerId, reason: str
) -> Check | None:
    shared = check_judge_and_player(record, judge, winner, reason) or _power(
        record, JudgeAction.AWARD_WIN
    )
    if shared:
        return shared
    if match.player_b is None:
        return Check(
            Refusal("match", N_("a bye has no opponent to win against"), N_("a paired match")),
            TorneoError,
        )
    if not match.involves(winner):
        return Check(
            Refusal(
                "winner",
                N_("player %(player)s does not play round %(round)s table %(table)s"),
                N_("%(a)s or %(b)s"),
                params=_players_of(match, winner),
            ),
            TorneoError,
        )
    return None


def can_award_win(
    record: JudgingRecord, *, judge: UserId, match: MatchRecord, winner: PlayerId, reason: str
) -> Refusal | None:
    check = _check_award(record, judge, match, winner, reason)
    return check.refusal if check else None


def award_win(
    record: JudgingRecord,
    *,
    judge: UserId,
    match: MatchRecord,
    winner: PlayerId,
    at: datetime,
    reason: str,
    best_of: int,
) -> Ruling:
    """BER-JUDGE-1: the match goes to ``winner``, whatever was reported before."""
    check = _check_award(record, judge, match, winner, reason)
    if check:
        raise check.raise_error()
    need = best_of // 2 + 1
    loser = match.opponent_of(winner)
    assert loser is not None  # a bye was refused above
    a_wins = winner == match.player_a
    score = GameScore(need if a_wins else 0, 0 if a_wins else need, 0, ResultKind.AUTO_WIN)
    return Ruling(
        seq=record.next_seq,
        event=record.event,
        judge=judge,
        at=at,
        player=winner,
        kind=RulingKind.AWARD_WIN,
        rule="BER-JUDGE-1",
        reason=reason,
        round_no=match.round_no,
        consequences=(MatchAwarded(MatchRef(match.round_no, match.table), winner, loser, score),),
    )


def last_reported_matches(
    matches: Sequence[MatchRecord], last: int, player: PlayerId | None = None
) -> tuple[MatchRecord, ...]:
    """The ``last`` most recent reported matches (of ``player`` if given), latest first."""
    reported = [
        m
        for m in matches
        if not m.is_bye and m.score is not None and (player is None or m.involves(player))
    ]
    reported.sort(key=lambda m: (m.round_no, m.table), reverse=True)
    return tuple(reported[:last])


def _check_replay(
    record: JudgingRecord,
    judge: UserId,
    matches: Sequence[MatchRecord],
    last: int,
    player: PlayerId | None,
    reason: str,
) -> Check | tuple[MatchRecord, ...]:
    shared = check_judge_and_player(record, judge, None, reason) or _power(
        record, JudgeAction.ORDER_REPLAY
    )
    if shared:
        return shared
    if player is not None and record.entrant(player) is None:
        return Check(
            Refusal(
                "player",
                N_("player %(player)s is not in event %(event)s"),
                N_("an entrant"),
                params={"player": player, "event": record.event},
            ),
            TorneoError,
        )
    chosen = last_reported_matches(matches, last, player) if last >= 1 else ()
    available = len(last_reported_matches(matches, len(matches), player))
    if last < 1 or len(chosen) < last:
        return Check(
            Refusal(
                "last",
                N_("%(last)s matches to replay, and %(available)s have a result"),
                N_("1..%(available)s") if available else N_("a match with a result"),
                "BER-JUDGE-1",
                params={"last": last, "available": available},
            ),
            TorneoError,
        )
    return chosen


def can_order_replay(
    record: JudgingRecord,
    *,
    judge: UserId,
    matches: Sequence[MatchRecord],
    last: int,
    reason: str,
    player: PlayerId | None = None,
) -> Refusal | None:
    outcome = _check_replay(record, judge, matches, last, player, reason)
    return outcome.refusal if isinstance(outcome, Check) else None


def order_replay(
    record: JudgingRecord,
    *,
    judge: UserId,
    matches: Sequence[MatchRecord],
    last: int,
    at: datetime,
    reason: str,
    player: PlayerId | None = None,
) -> Ruling:
    """BER-JUDGE-1: void the results of the last ``last`` matches; they are played again."""
    outcome = _check_replay(record, judge, matches, last, player, reason)
    if isinstance(outcome, Check):
        raise outcome.raise_error()
    ordered = sorted(outcome, key=lambda m: (m.round_no, m.table))
    players = frozenset(p for m in ordered for p in (m.player_a, m.player_b) if p is not None)
    return Ruling(
        seq=record.next_seq,
        event=record.event,
        judge=judge,
        at=at,
        player=player,
        kind=RulingKind.REPLAY,
        rule="BER-JUDGE-1",
        reason=reason,
        round_no=ordered[-1].round_no,
        consequences=(
            ResultsVoided(tuple(MatchRef(m.round_no, m.table) for m in ordered), players),
        ),
    )
