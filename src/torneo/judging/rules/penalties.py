"""Penalties as data, with their escalation (INV-PEN-1, INV-PEN-2, INV-DECK-2/3, INV-ID-1).

The preset's ``[judging.infractions.*]`` say which penalty each infraction carries;
:func:`issue_penalty` turns one judge call into every ruling that follows from it:

- one :class:`Ruling` per penalty kind (a "warning + game loss" is two rulings, so warnings can be
  counted and a game loss shows on the match);
- INV-PEN-1: the warning that brings a player to the preset's count (3) in the event is followed
  by a disqualification ruling, pointing back at that warning; flagrant cheating is an infraction
  whose penalty is the disqualification itself, given at once;
- INV-PEN-2: a game loss carries a :class:`GameLoss` consequence on the player's match of the
  round (see ``game_loss`` for how it enters the match result);
- INV-DECK-3: "un Game Loss per ogni partita giocata", the current round's included: one game
  loss on each match played in earlier rounds (:class:`ForfeitPlayedGames`) and one on the
  current match (a "partita" is the best-of-three match, issue 29 item 8);
- a disqualification drops the player (:class:`Disqualified`, with the reason).

A judge may give a different penalty than the default only upwards, among the infraction's
``judge_may_choose`` (INV-PEN-1 proportionality): the chosen set must contain one of those or be
exactly the default. Escalation counts standing warnings (an overruled one does not count).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId, UserId
from torneo.core.messages import N_
from torneo.judging.rules.record import Check, JudgingRecord, check_judge_and_player
from torneo.judging.rules.ruling import (
    Consequence,
    Disqualified,
    ForfeitPlayedGames,
    GameLoss,
    MatchLoss,
    Ruling,
    RulingKind,
    warnings_of,
)
from torneo.presets.judging import InfractionRule, JudgingRules, PenaltyKind

_SEVERITY = list(PenaltyKind)  # declared in ascending severity


def infraction_rule(rules: JudgingRules, key: str) -> InfractionRule:
    rule = rules.infractions.get(key)
    if rule is None:
        raise TorneoError(
            "infraction",
            N_("unknown infraction '%(key)s'"),
            # The preset's infraction keys are codes, shown as they are in every language.
            ", ".join(sorted(rules.infractions)) or N_("this preset defines no infractions"),
            params={"key": key},
        )
    return rule


def _chosen_penalties(
    rule: InfractionRule, chosen: Sequence[PenaltyKind] | None
) -> tuple[PenaltyKind, ...] | Refusal:
    if chosen is None:
        return tuple(sorted(rule.penalties, key=_SEVERITY.index))
    picked = tuple(sorted(set(chosen), key=_SEVERITY.index))
    allowed = set(rule.penalties) | set(rule.judge_may_choose)
    accepted = " or ".join(
        ["+".join(p.value for p in rule.penalties)] + [p.value for p in rule.judge_may_choose]
    )
    if not picked or not set(picked) <= allowed:
        return Refusal(
            "penalties",
            N_("%(label)s: not a penalty for it"),
            accepted,
            rule.rule,
            params={"label": rule.label},
        )
    if set(picked) != set(rule.penalties) and not set(picked) & set(rule.judge_may_choose):
        # INV-PEN-1 proportionality: a judge may go up from the default, never down.
        return Refusal(
            "penalties",
            N_("%(label)s: the penalty may only be the default or a more severe one"),
            accepted,
            rule.rule,
            params={"label": rule.label},
        )
    return picked


def _check_issue(
    record: JudgingRecord,
    *,
    judge: UserId,
    player: PlayerId,
    infraction: str,
    reason: str,
    round_no: int,
    games_played: int,
    penalties: Sequence[PenaltyKind] | None,
) -> Check | tuple[InfractionRule, tuple[PenaltyKind, ...]]:
    shared = check_judge_and_player(record, judge, player, reason)
    if shared:
        return shared
    rule = record.rules.infractions.get(infraction)
    if rule is None:
        return Check(
            Refusal(
                "infraction",
                N_("unknown infraction '%(key)s'"),
                ", ".join(sorted(record.rules.infractions)) or N_("no infractions in this preset"),
                params={"key": infraction},
            ),
            TorneoError,
        )
    if round_no < 1:
        return Check(
            Refusal(
                "round",
                N_("round %(round)s"),
                N_("the current round, 1 or more"),
                params={"round": round_no},
            ),
            TorneoError,
        )
    if games_played < 0:
        return Check(
            Refusal(
                "games_played",
                N_("%(n)s games"),
                N_("0 or more"),
                params={"n": games_played},
            ),
            TorneoError,
        )
    picked = _chosen_penalties(rule, penalties)
    if isinstance(picked, Refusal):
        return Check(picked, TorneoError)
    return rule, picked


def can_issue(
    record: JudgingRecord,
    *,
    judge: UserId,
    player: PlayerId,
    infraction: str,
    reason: str,
    round_no: int,
    games_played: int = 0,
    penalties: Sequence[PenaltyKind] | None = None,
) -> Refusal | None:
    outcome = _check_issue(
        record,
        judge=judge,
        player=player,
        infraction=infraction,
        reason=reason,
        round_no=round_no,
        games_played=games_played,
        penalties=penalties,
    )
    return outcome.refusal if isinstance(outcome, Check) else None


def issue_penalty(
    record: JudgingRecord,
    *,
    judge: UserId,
    player: PlayerId,
    infraction: str,
    at: datetime,
    reason: str,
    round_no: int,
    games_played: int = 0,
    penalties: Sequence[PenaltyKind] | None = None,
    extra: Sequence[Consequence] = (),
) -> list[Ruling]:
    """Every ruling that follows from one infraction, in order, ready for the event log.

    ``round_no`` is the round in progress (or about to start, for a deck check): its match takes
    the game loss. ``games_played`` counts the game losses INV-DECK-3 gives for earlier rounds:
    one per match played (``game_loss.matches_played_by``, issue 29 item 8). ``extra`` consequences ride on the first ruling (a deck
    correction). Raises Forbidden (not a judge), NotFound (not an entrant), Conflict (already
    disqualified) or TorneoError (unknown infraction, a penalty the infraction does not allow).
    """
    outcome = _check_issue(
        record,
        judge=judge,
        player=player,
        infraction=infraction,
        reason=reason,
        round_no=round_no,
        games_played=games_played,
        penalties=penalties,
    )
    if isinstance(outcome, Check):
        raise outcome.raise_error()
    rule, picked = outcome
    seq = record.next_seq
    rulings: list[Ruling] = []
    for kind in picked:
        consequences = _consequences(kind, rule, player, round_no, games_played, reason)
        if not rulings:
            consequences = (*consequences, *extra)
        rulings.append(
            Ruling(
                seq=seq + len(rulings),
                event=record.event,
                judge=judge,
                at=at,
                player=player,
                kind=RulingKind(kind.value),
                rule=rule.rule,
                reason=reason,
                infraction=infraction,
                round_no=round_no,
                consequences=consequences,
            )
        )
    escalation = _escalation(record, rulings, judge, player, at, round_no)
    return rulings + escalation


def _consequences(
    kind: PenaltyKind,
    rule: InfractionRule,
    player: PlayerId,
    round_no: int,
    games_played: int,
    reason: str,
) -> tuple[Consequence, ...]:
    if kind is PenaltyKind.WARNING:
        return ()
    if kind is PenaltyKind.GAME_LOSS:
        current = GameLoss(player, round_no, 1)
        if rule.game_losses == "each_game_played" and games_played > 0:
            # INV-DECK-3: the games of earlier rounds, then the current round's game.
            return (ForfeitPlayedGames(player, round_no, games_played), current)
        return (current,)
    if kind is PenaltyKind.MATCH_LOSS:
        return (MatchLoss(player, round_no),)
    return (Disqualified(player, round_no, reason),)


def _escalation(
    record: JudgingRecord,
    rulings: list[Ruling],
    judge: UserId,
    player: PlayerId,
    at: datetime,
    round_no: int,
) -> list[Ruling]:
    """INV-PEN-1: the warning that reaches the count is followed by a disqualification."""
    limit = record.rules.warnings_to_disqualify
    warning = next((r for r in rulings if r.kind is RulingKind.WARNING), None)
    if limit is None or warning is None:
        return []
    if any(r.kind is RulingKind.DISQUALIFICATION for r in rulings):
        return []
    count = warnings_of(player, (*record.rulings, *rulings))
    if count < limit:
        return []
    reason = f"{count} warnings in the event: disqualified (INV-PEN-1)"
    return [
        Ruling(
            seq=rulings[-1].seq + 1,
            event=record.event,
            judge=judge,
            at=at,
            player=player,
            kind=RulingKind.DISQUALIFICATION,
            rule="INV-PEN-1",
            reason=reason,
            infraction=warning.infraction,
            round_no=round_no,
            consequences=(Disqualified(player, round_no, reason),),
            escalated_from=warning.seq,
        )
    ]
