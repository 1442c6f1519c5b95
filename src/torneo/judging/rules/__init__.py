"""Judging: the judges of an event, penalties and their consequences, judge acts, round clocks,
intentional draws (INV-JUDGE-1, INV-PEN-1/2, INV-DECK-1..3, INV-STRUCT-3/5, INV-ID-1,
BER-JUDGE-1). Pure: time and randomness come in as arguments.

A worked example of INV-PEN-1 on the Invasion preset: slow play carries a warning, and the third
warning of a player in the event is followed by a disqualification pointing back at it. A
disqualified player takes no more penalties; the refusal is a message id with its parameters.

>>> from datetime import UTC, datetime
>>> from torneo.core.ids import EventId, PlayerId, UserId
>>> from torneo.engines.records import Entrant
>>> from torneo.presets import load_preset
>>> anna, luca = UserId(7), PlayerId(5)
>>> roster = appoint_judge(JudgeRoster(EventId(1)), Judge(anna, "Anna"))
>>> judging = load_preset("invasion-it-2012").judging
>>> record = JudgingRecord(EventId(1), (Entrant(luca, "Luca"),), roster, judging)
>>> at = datetime(2012, 3, 10, 15, 0, tzinfo=UTC)
>>> def slow_play(record, round_no):
...     return issue_penalty(record, judge=anna, player=luca, infraction="slow_play",
...                          at=at, reason="lento", round_no=round_no)
>>> for round_no in (1, 2):
...     record = record.with_rulings(slow_play(record, round_no))
>>> third = slow_play(record, 3)
>>> [(r.seq, r.kind.value, r.rule, r.escalated_from) for r in third]
[(3, 'warning', 'INV-PEN-1', None), (4, 'disqualification', 'INV-PEN-1', 3)]
>>> third[1].reason
'3 warnings in the event: disqualified (INV-PEN-1)'
>>> refusal = can_issue(record.with_rulings(third), judge=anna, player=luca,
...                     infraction="slow_play", reason="ancora", round_no=3)
>>> refusal.reason, dict(refusal.params), refusal.text
('%(name)s is already disqualified', {'name': 'Luca'}, 'Luca is already disqualified')
"""

from torneo.judging.rules.deck_check_rulings import (
    deck_check_rulings,
    deck_mismatch_rulings,
    describe_correction,
)
from torneo.judging.rules.game_loss import (
    Side,
    apply_game_loss,
    apply_match_loss,
    can_apply_game_loss,
    compose_reported,
    forfeit_played_games,
    is_decided,
    matches_played_by,
    side_of,
)
from torneo.judging.rules.intentional_draw import (
    can_declare_intentional_draw,
    declare_intentional_draw,
    disqualify_for_late_intentional_draw,
    double_loss,
    intentional_draw_window,
)
from torneo.judging.rules.judge_actions import (
    award_win,
    can_award_win,
    can_order_replay,
    last_reported_matches,
    order_replay,
)
from torneo.judging.rules.overrule import can_overrule, overrule
from torneo.judging.rules.penalties import can_issue, infraction_rule, issue_penalty
from torneo.judging.rules.record import JudgingRecord
from torneo.judging.rules.roster import (
    Judge,
    JudgeRoster,
    StaffingAdvice,
    appoint_head_judge,
    appoint_judge,
    can_act_as_judge,
    can_appoint_head_judge,
    can_appoint_judge,
    remove_judge,
    roster_problems,
    round_minutes_for,
    staffing_advice,
)
from torneo.judging.rules.round_clock import (
    ClockView,
    RoundClock,
    TableClock,
    TimeExtension,
    round_clock_for,
)
from torneo.judging.rules.ruling import (
    Consequence,
    DeckCorrected,
    Disqualified,
    ForfeitPlayedGames,
    GameLoss,
    MatchAwarded,
    MatchLoss,
    MatchRef,
    Rescinded,
    ResultsVoided,
    Ruling,
    RulingKind,
    is_disqualified,
    record_of,
    standing_rulings,
    warnings_by_player,
    warnings_of,
)

__all__ = [
    "ClockView",
    "Consequence",
    "DeckCorrected",
    "Disqualified",
    "ForfeitPlayedGames",
    "GameLoss",
    "Judge",
    "JudgeRoster",
    "JudgingRecord",
    "MatchAwarded",
    "MatchLoss",
    "MatchRef",
    "Rescinded",
    "ResultsVoided",
    "RoundClock",
    "Ruling",
    "RulingKind",
    "Side",
    "StaffingAdvice",
    "TableClock",
    "TimeExtension",
    "apply_game_loss",
    "apply_match_loss",
    "appoint_head_judge",
    "appoint_judge",
    "award_win",
    "can_act_as_judge",
    "can_apply_game_loss",
    "can_appoint_head_judge",
    "can_appoint_judge",
    "can_award_win",
    "can_declare_intentional_draw",
    "can_issue",
    "can_order_replay",
    "can_overrule",
    "compose_reported",
    "deck_check_rulings",
    "deck_mismatch_rulings",
    "declare_intentional_draw",
    "describe_correction",
    "disqualify_for_late_intentional_draw",
    "double_loss",
    "forfeit_played_games",
    "infraction_rule",
    "intentional_draw_window",
    "is_decided",
    "is_disqualified",
    "issue_penalty",
    "last_reported_matches",
    "matches_played_by",
    "order_replay",
    "overrule",
    "record_of",
    "remove_judge",
    "roster_problems",
    "round_clock_for",
    "round_minutes_for",
    "side_of",
    "staffing_advice",
    "standing_rulings",
    "warnings_by_player",
    "warnings_of",
]
