"""Apply the consequences of rulings to the stored event, and undo them on an overrule.

The domain says what follows from a ruling (``Ruling.consequences``); this module does it to the
rows, inside the caller's transaction, and records on the ruling row exactly what it changed
(``effects``), so the head judge's overrule (INV-JUDGE-1) can undo those changes and nothing else.

Effects (JSON on ``judging_rulings.effects``):
- ``result``: a match's stored result ``before`` → ``after`` (a game loss on a reported match,
  a match loss, a disqualification's loss, an awarded win, a voided result, INV-DECK-3 forfeits);
- ``penalty_game`` / ``pending_game_loss``: INV-PEN-2 game losses (see ``judging_results``);
- ``registration``: a disqualification (``registrations.disqualified``, the reason, the round
  after which the player left);
- ``deck_list``: the corrected deck became the player's registered list (INV-DECK-2/3);
- ``reverted``: on an overrule, the ruling it undid.

Decisions:
- A game loss on a match already decided (or a bye) goes to the player's next paired match
  (``pending_game_loss``), as ``domain.judging.game_loss`` says.
- A game loss on an unreported match whose penalty games decide it by themselves (two game
  losses in best of three, one in best of one) writes that result at once.
- A disqualification turns the player's unreported match of the round into a match loss; the
  player leaves after the current round (like a drop) and is never paired again.
- An overrule restores a result only if it still stands as the ruling left it; a game loss on a
  match reported since is undone by giving the opponent's penalty game back. Otherwise the
  overrule is refused (Conflict) naming the match, and nothing changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state import record_of
from torneo.cards.tables import Match, Registration
from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.engines.records import MatchRecord
from torneo.engines.results import GameScore
from torneo.judging.results import PENALTY_GAME, PENDING_GAME_LOSS, effect_target, penalty_games
from torneo.judging.rules import (
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
    apply_game_loss,
    apply_match_loss,
    forfeit_played_games,
    is_decided,
    side_of,
)
from torneo.judging.rules.ruling import Consequence
from torneo.judging.state import (
    JudgingContext,
    consequence_json,
    deck_json,
    match_score,
    ruling_row,
    score_json,
    score_of,
    set_match_score,
)
from torneo.judging.tables import DeckListRow, RulingRow
from torneo.platform.store.uow import UnitOfWork

Effect = dict[str, Any]


def touch(ctx: JudgingContext) -> None:
    """Every change inside the event bumps its version (a stale page is then detected)."""
    flag_modified(ctx.event, "settings")


def record_rulings(
    ctx: JudgingContext,
    uow: UnitOfWork,
    rulings: list[Ruling],
    *,
    skip_match_loss: frozenset[PlayerId] = frozenset(),
) -> list[RulingRow]:
    """Store ``rulings`` in order, applying each one's consequences; audit and notify."""
    stored: list[RulingRow] = []
    for ruling in rulings:
        row = ruling_row(ruling, ctx.judge_name(ruling.judge))
        effects: list[Effect] = []
        for consequence in ruling.consequences:
            effects += _apply(ctx, uow, ruling, consequence, skip_match_loss)
        row.effects = effects
        ctx.session.add(row)
        ctx.session.flush()
        ctx.rows.append(row)
        stored.append(row)
        uow.audit(
            f"judging.{ruling.kind.value}",
            "ruling",
            row.id,
            event_id=ctx.event.id,
            after={
                "seq": ruling.seq,
                "player_id": ruling.player,
                "kind": ruling.kind.value,
                "rule": ruling.rule,
                "infraction": ruling.infraction,
                "round": ruling.round_no,
                "escalated_from": ruling.escalated_from,
                "consequences": [
                    consequence_json(c)
                    for c in ruling.consequences
                    if not isinstance(c, DeckCorrected)
                ],
                "effects": effects,
            },
            reason=ruling.reason,
        )
        uow.notify(f"event:{ctx.event.id}", "judging", seq=ruling.seq, ruling=ruling.kind.value)
        if any(e["kind"] == "result" for e in effects):
            uow.notify(f"event:{ctx.event.id}", "result", round=ruling.round_no)
        if any(e["kind"] == "registration" for e in effects):
            uow.notify(f"event:{ctx.event.id}", "players")
    if stored:
        touch(ctx)
    return stored


# --- helpers on rows -------------------------------------------------------------------------


def match_of(ctx: JudgingContext, player: int, round_no: int) -> Match | None:
    return next(
        (
            m
            for m in ctx.event.matches
            if m.round_no == round_no and player in (m.player_a_id, m.player_b_id)
        ),
        None,
    )


def match_at(ctx: JudgingContext, round_no: int, table: int) -> Match | None:
    return next(
        (m for m in ctx.event.matches if m.round_no == round_no and m.table_no == table), None
    )


def _set(ctx: JudgingContext, uow: UnitOfWork, match: Match, score: GameScore | None) -> Effect:
    effect: Effect = {
        "kind": "result",
        "match": match.id,
        "round": match.round_no,
        "table": match.table_no,
        "before": score_json(match_score(match)),
        "after": score_json(score),
    }
    set_match_score(match, score, uow.now, changed_in=ctx.changed_in)
    return effect


def _record(match: Match) -> MatchRecord:
    return record_of(match)


# --- consequences ------------------------------------------------------------------------------


def _apply(
    ctx: JudgingContext,
    uow: UnitOfWork,
    ruling: Ruling,
    consequence: Consequence,
    skip_match_loss: frozenset[PlayerId],
) -> list[Effect]:
    if isinstance(consequence, GameLoss):
        return _game_loss(ctx, uow, consequence)
    if isinstance(consequence, ForfeitPlayedGames):
        return _forfeits(ctx, uow, consequence)
    if isinstance(consequence, MatchLoss):
        return _match_loss(ctx, uow, consequence.player, consequence.round_no, required=True)
    if isinstance(consequence, Disqualified):
        return _disqualified(ctx, uow, consequence, skip_match_loss)
    if isinstance(consequence, MatchAwarded):
        return [_set(ctx, uow, _match_at(ctx, consequence.match), consequence.score)]
    if isinstance(consequence, ResultsVoided):
        return [_set(ctx, uow, _match_at(ctx, ref), None) for ref in consequence.matches]
    if isinstance(consequence, DeckCorrected):
        return [_corrected_deck(ctx, uow, consequence, ruling.round_no)]
    assert isinstance(consequence, Rescinded)
    return revert(ctx, uow, consequence.seq)


def _match_at(ctx: JudgingContext, ref: MatchRef) -> Match:
    match = match_at(ctx, ref.round_no, ref.table)
    assert match is not None  # the domain named a match of this event
    return match


def _forfeits(ctx: JudgingContext, uow: UnitOfWork, forfeit: ForfeitPlayedGames) -> list[Effect]:
    """INV-DECK-3: one game of each match played in earlier rounds becomes a loss."""
    changed = forfeit_played_games(
        ctx.tournament().matches, forfeit.player, forfeit.before_round, ctx.ruleset.match.best_of
    )
    return [_set(ctx, uow, _match_at(ctx, MatchRef(r.round_no, r.table)), r.score) for r in changed]


def _disqualified(
    ctx: JudgingContext,
    uow: UnitOfWork,
    dq: Disqualified,
    skip_match_loss: frozenset[PlayerId],
) -> list[Effect]:
    """The player leaves; their unreported match of the round is lost (not for a double loss)."""
    effects = [_disqualify(ctx, dq)]
    if dq.player not in skip_match_loss:
        effects += _match_loss(ctx, uow, dq.player, dq.round_no, only_unreported=True)
    return effects


def _game_loss(ctx: JudgingContext, uow: UnitOfWork, gl: GameLoss) -> list[Effect]:
    best_of = ctx.ruleset.match.best_of
    match = match_of(ctx, gl.player, gl.round_no)
    pending: Effect = {
        "kind": PENDING_GAME_LOSS,
        "player": int(gl.player),
        "games": gl.games,
        "min_round": gl.round_no,
        "from_round": gl.round_no,
    }
    if match is None:
        return [pending]
    score = match_score(match)
    if match.player_b_id is None or (
        score is not None and (not score.is_played or is_decided(score, best_of))
    ):
        # The round's match cannot take it (a bye, or already decided): the next one does.
        return [{**pending, "min_round": gl.round_no + 1}]
    effects: list[Effect] = [
        {
            "kind": PENALTY_GAME,
            "player": int(gl.player),
            "games": gl.games,
            "match": match.id,
            "round": match.round_no,
            "table": match.table_no,
        }
    ]
    side = side_of(_record(match), gl.player)
    if score is not None:
        new = score
        for _ in range(gl.games):
            if is_decided(new, best_of):
                break
            new = apply_game_loss(new, side, best_of)
        effects.append(_set(ctx, uow, match, new))
        return effects
    before = penalty_games(ctx.event, ctx.rows, match)
    games = gl.games
    penalty = (
        replace(before, wins_b=before.wins_b + games)
        if match.player_a_id == gl.player
        else replace(before, wins_a=before.wins_a + games)
    )
    if is_decided(penalty, best_of):
        need = best_of // 2 + 1
        penalty = GameScore(min(penalty.wins_a, need), min(penalty.wins_b, need))
        effects.append(_set(ctx, uow, match, penalty))
    return effects


def _match_loss(
    ctx: JudgingContext,
    uow: UnitOfWork,
    player: PlayerId,
    round_no: int,
    *,
    required: bool = False,
    only_unreported: bool = False,
) -> list[Effect]:
    match = match_of(ctx, player, round_no)
    if match is None:
        if required:
            raise Conflict(
                "round",
                N_("round %(round)s has no match of player %(player)s"),
                N_("a round the player is paired in"),
                params={"round": round_no, "player": player},
            )
        return []
    if match.player_b_id is None:
        return []  # a bye is no match to lose
    if only_unreported and match.wins_a is not None:
        return []
    side = side_of(_record(match), player)
    return [_set(ctx, uow, match, apply_match_loss(side, ctx.ruleset.match.best_of))]


def _registration(ctx: JudgingContext, player: int) -> Registration:
    return next(r for r in ctx.event.registrations if r.player_id == player)


def _reg_state(reg: Registration) -> dict[str, Any]:
    return {
        "disqualified": reg.disqualified,
        "dq_reason": reg.dq_reason,
        "dropped_after_round": reg.dropped_after_round,
    }


def _disqualify(ctx: JudgingContext, dq: Disqualified) -> Effect:
    reg = _registration(ctx, dq.player)
    before = _reg_state(reg)
    reg.disqualified, reg.dq_reason = True, dq.reason
    if ctx.event.status == EventStatus.RUNNING.value and reg.dropped_after_round is None:
        reg.dropped_after_round = ctx.tournament().current_round
    return {
        "kind": "registration",
        "registration": reg.id,
        "player": int(dq.player),
        "before": before,
        "after": _reg_state(reg),
    }


def current_deck_row(ctx: JudgingContext, player: int, kind: str = "deck") -> DeckListRow | None:
    return ctx.session.scalars(
        select(DeckListRow).where(
            DeckListRow.event_id == ctx.event.id,
            DeckListRow.player_id == player,
            DeckListRow.kind == kind,
            DeckListRow.is_current.is_(True),
        )
    ).first()


def _corrected_deck(
    ctx: JudgingContext, uow: UnitOfWork, dc: DeckCorrected, round_no: int | None
) -> Effect:
    """INV-DECK-2/3: the deck as corrected is the player's list from now on."""
    previous = current_deck_row(ctx, dc.player)
    if previous is not None:
        previous.is_current = False
    after = dc.correction.deck_after
    data = deck_json(after)
    row = DeckListRow(
        event_id=ctx.event.id,
        player_id=dc.player,
        kind="deck",
        format=previous.format if previous is not None else (ctx.deck_format_key() or ""),
        cards=data["cards"],
        blanks=after.blanks,
        total=after.total,
        is_current=True,
        submitted_at=uow.now,
        submitted_by=uow.actor.name,
        source=f"deck check, round {round_no}",
    )
    ctx.session.add(row)
    ctx.session.flush()
    return {
        "kind": "deck_list",
        "player": int(dc.player),
        "new": row.id,
        "previous": previous.id if previous is not None else None,
    }


# --- overrule ------------------------------------------------------------------------------


def revert(ctx: JudgingContext, uow: UnitOfWork, seq: int) -> list[Effect]:
    """INV-JUDGE-1: undo what ruling ``seq`` did, or refuse (Conflict) if it cannot be undone."""
    target = next(r for r in ctx.rows if r.seq == seq)
    others = [r for r in ctx.rows if r.seq != seq]
    effects: list[Effect] = [{"kind": "reverted", "seq": seq}]
    restored: set[int] = set()
    for effect in reversed(target.effects):
        kind = effect["kind"]
        if kind == "result":
            effects += _revert_result(ctx, uow, target, effect, restored)
        elif kind in (PENALTY_GAME, PENDING_GAME_LOSS):
            effects += _revert_game(ctx, uow, others, effect, restored)
        elif kind == "registration":
            reg = next(r for r in ctx.event.registrations if r.id == effect["registration"])
            reg.disqualified = bool(effect["before"]["disqualified"])
            reg.dq_reason = effect["before"]["dq_reason"]
            reg.dropped_after_round = effect["before"]["dropped_after_round"]
            effects.append({**effect, "before": effect["after"], "after": effect["before"]})
        elif kind == "deck_list":
            new = ctx.session.get(DeckListRow, effect["new"])
            if new is not None and new.is_current:
                new.is_current = False
                if effect["previous"] is not None:
                    old = ctx.session.get(DeckListRow, effect["previous"])
                    if old is not None:
                        old.is_current = True
            effects.append({**effect, "new": effect["previous"], "previous": effect["new"]})
    return effects


def _revert_result(
    ctx: JudgingContext,
    uow: UnitOfWork,
    target: RulingRow,
    effect: Effect,
    restored: set[int],
) -> list[Effect]:
    match = next((m for m in ctx.event.matches if m.id == effect["match"]), None)
    if match is None:
        return []
    if score_json(match_score(match)) == effect["after"]:
        restored.add(match.id)
        return [_set(ctx, uow, match, _score(effect["before"]))]
    has_game = any(e["kind"] == PENALTY_GAME and e["match"] == match.id for e in target.effects)
    if has_game:
        return []  # the game loss is given back by _revert_game
    current = match_score(match)
    raise Conflict(
        "ruling",
        N_(
            "round %(round)s table %(table)s changed since ruling %(seq)s (now %(now)s); "
            "it cannot be undone automatically"
        ),
        N_("correct that result first, then overrule"),
        params={
            "round": match.round_no,
            "table": match.table_no,
            "seq": target.seq,
            "now": current.text() if current else Term("unreported"),
        },
    )


def _score(data: Any) -> GameScore | None:
    return score_of(data)


def _revert_game(
    ctx: JudgingContext,
    uow: UnitOfWork,
    others: list[RulingRow],
    effect: Effect,
    restored: set[int],
) -> list[Effect]:
    match = effect_target(ctx.event, effect)
    if match is None or match.id in restored:
        return []
    current = match_score(match)
    if current is None:
        return []  # unreported: the penalty simply stops counting
    games = int(effect["games"])
    penalised_a = int(effect["player"]) == match.player_a_id
    opponent_wins = current.wins_b if penalised_a else current.wins_a
    if not current.is_played or opponent_wins < games:
        raise Conflict(
            "ruling",
            N_("round %(round)s table %(table)s is %(score)s: the game loss cannot be given back"),
            N_("correct that result first, then overrule"),
            params={"round": match.round_no, "table": match.table_no, "score": current.text()},
        )
    new = (
        replace(current, wins_b=current.wins_b - games)
        if penalised_a
        else replace(current, wins_a=current.wins_a - games)
    )
    left = penalty_games(ctx.event, others, match)
    result: GameScore | None = new
    if (new.wins_a, new.wins_b, new.draws) == (left.wins_a, left.wins_b, 0):
        result = None  # only the other penalty games are left: the match is unplayed again
    restored.add(match.id)
    return [_set(ctx, uow, match, result)]
