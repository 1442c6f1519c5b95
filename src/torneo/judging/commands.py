"""Use cases of judging an event (issue 6): the roster, penalties, judge acts, intentional draws.

One transaction each (``store.unit``): load the event and its judging rows, ask the pure domain
(``torneo.judging.rules``) what follows, apply it (``judging_apply``), audit, notify. A refused
action raises before anything is written, so nothing changes.

Who may do what (decisions; INV-JUDGE-1, BER-JUDGE-1):
- the roster is set by an organizer; judges are accounts with the judge or organizer role;
- every ruling is given by a judge *on the event's roster* — a judge of another event, or an
  organizer who has not appointed themselves, gets 403 (Forbidden), like any other account;
- only the head judge overrules (the domain checks it); the head judge's rulings are final.

Decisions where the regulations are silent:
- the round a ruling is given in is the event's current round (round 1 before the first
  pairing: a game loss given then lands on the player's first match);
- the page may give the infraction's label as the reason when the judge types none (the
  two-tap flow); the service itself always requires a reason (the domain refuses an empty one);
- overruling a warning that triggered the INV-PEN-1 disqualification also overrules that
  disqualification (it no longer has a cause).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select

from torneo.cards.commands import check_version
from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import PlayerId, UserId
from torneo.engines.records import MatchRecord, Stage
from torneo.judging.commands_apply import match_at, record_rulings, touch
from torneo.judging.results import penalty_games
from torneo.judging.rules import (
    Ruling,
    RulingKind,
    award_win,
    can_declare_intentional_draw,
    declare_intentional_draw,
    disqualify_for_late_intentional_draw,
    double_loss,
    games_played_by,
    intentional_draw_window,
    issue_penalty,
    order_replay,
    overrule,
    standing_rulings,
)
from torneo.judging.rules.decks import deck_format as find_format
from torneo.judging.state import (
    JudgingContext,
    aware,
    clock_rows,
    load_context,
    match_score,
    score_json,
    set_match_score,
)
from torneo.judging.tables import EventJudge, JudgingConfig
from torneo.platform.guards import JUDGE, ORGANIZER, require
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets.judging import PenaltyKind

JUDGE_ROLES = frozenset({"judge", "organizer"})
MAX_REASON = 1000


@dataclass(frozen=True, slots=True)
class Issued:
    """One ruling as stored: what the judge's page confirms."""

    seq: int
    kind: str
    rule: str
    player_id: int | None
    escalated_from: int | None
    reason: str


def _issued(rulings: Sequence[Ruling]) -> list[Issued]:
    return [
        Issued(r.seq, r.kind.value, r.rule, r.player, r.escalated_from, r.reason) for r in rulings
    ]


# --- shared checks ---------------------------------------------------------------------------


def acting_judge(ctx: JudgingContext, actor: Actor) -> UserId:
    """The actor as a judge of this event, or 403 (a judge of another event included)."""
    require(actor, JUDGE, ORGANIZER)
    if actor.user_id is None or not ctx.roster.is_judge(UserId(actor.user_id)):
        raise Forbidden(
            "judge",
            f"{actor.name} is not a judge of event {ctx.event.id}",
            "a judge on the event's roster (the organizer appoints judges)",
        )
    return UserId(actor.user_id)


def _open_for_rulings(ctx: JudgingContext) -> None:
    if ctx.event.status not in (EventStatus.REGISTRATION.value, EventStatus.RUNNING.value):
        raise Conflict(
            "status",
            f"the event is {ctx.event.status}: rulings are closed",
            "an event in registration or running",
        )


def _reason(text: str) -> str:
    clean = " ".join(text.split())
    if len(clean) > MAX_REASON:
        raise TorneoError("reason", f"is {len(clean)} characters long", "at most 1000 characters")
    return clean


def current_round(ctx: JudgingContext) -> int:
    return max(1, ctx.tournament().current_round)


@contextmanager
def judging_unit(
    store: Store, actor: Actor, event_id: int, version: int | None = None
) -> Iterator[tuple[UnitOfWork, JudgingContext]]:
    """A transaction holding the event (locked for update) and its judging rows."""
    with store.unit(actor) as uow:
        ctx = load_context(uow.session, event_id, for_update=True)
        check_version(ctx.event, version)
        yield uow, ctx


# --- roster ----------------------------------------------------------------------------------


def appoint_judge(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    username: str,
    head: bool = False,
    player_id: int | None = None,
    version: int | None = None,
) -> int:
    """INV-JUDGE-1: put an account on the event's roster (a player-judge names the player)."""
    require(actor, ORGANIZER)
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        user = uow.session.scalars(
            select(User).where(User.username == username.strip().lower())
        ).first()
        if user is None:
            raise NotFound("username", f"no account '{username.strip()}'", "an existing account")
        if user.role not in JUDGE_ROLES:
            raise TorneoError(
                "username",
                f"{user.username} has the {user.role} role",
                "an account with the judge or organizer role",
            )
        if any(j.user_id == user.id for j, _ in ctx.judges):
            raise Conflict("username", f"{user.display_name} is already a judge of this event")
        registered = {r.player_id: r for r in ctx.event.registrations}
        plays = player_id
        if plays is None and user.player_id in registered:
            plays = user.player_id  # INV-STRUCT-5: the account's player takes part
        if plays is not None and plays not in registered:
            raise NotFound("player_id", f"player {plays} is not in this event", "an entrant")
        if plays is not None and any(j.player_id == plays for j, _ in ctx.judges):
            raise Conflict("player_id", f"player {plays} is already on the roster as a judge")
        if head:
            for judge, _ in ctx.judges:
                judge.is_head = False
        elif len(ctx.judges) == 1 and not ctx.judges[0][0].is_head:
            ctx.judges[0][0].is_head = True  # INV-JUDGE-1: the sole judge stays head
        row = EventJudge(
            event_id=event_id,
            user_id=user.id,
            player_id=plays,
            is_head=head,
            appointed_at=uow.now,
        )
        uow.session.add(row)
        if plays is not None:
            registered[plays].is_judge = True  # INV-STRUCT-5: 60-minute rounds
        uow.session.flush()
        touch(ctx)
        uow.audit(
            "judging.appoint",
            "judge",
            row.id,
            event_id=event_id,
            after={"user": user.username, "head": head, "player_id": plays},
        )
        uow.notify(f"event:{event_id}", "judges")
        return user.id


def remove_judge(
    store: Store, actor: Actor, event_id: int, user_id: int, *, version: int | None = None
) -> None:
    require(actor, ORGANIZER)
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        found = next(((j, u) for j, u in ctx.judges if j.user_id == user_id), None)
        if found is None:
            raise NotFound("user_id", f"user {user_id} is not a judge of this event", "a judge")
        judge, user = found
        if judge.player_id is not None:
            reg = next((r for r in ctx.event.registrations if r.player_id == judge.player_id), None)
            if reg is not None:
                reg.is_judge = False
        uow.session.delete(judge)
        touch(ctx)
        uow.audit(
            "judging.remove",
            "judge",
            judge.id,
            event_id=event_id,
            before={"user": user.username, "head": judge.is_head},
        )
        uow.notify(f"event:{event_id}", "judges")


def appoint_head_judge(
    store: Store, actor: Actor, event_id: int, user_id: int, *, version: int | None = None
) -> None:
    """INV-JUDGE-1: with more than one judge, one is head judge and has the last word."""
    require(actor, ORGANIZER)
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        if not any(j.user_id == user_id for j, _ in ctx.judges):
            raise NotFound("user_id", f"user {user_id} is not a judge of this event", "a judge")
        for judge, _ in ctx.judges:
            judge.is_head = judge.user_id == user_id
        touch(ctx)
        uow.audit("judging.head", "event", event_id, event_id=event_id, after={"head": user_id})
        uow.notify(f"event:{event_id}", "judges")


# --- configuration -----------------------------------------------------------------------------


MAX_CATALOG = 20_000


def _lines(field: str, text: str, limit: int) -> list[str]:
    names = [" ".join(line.split()) for line in text.splitlines()]
    names = [n for n in names if n and not n.startswith("#")]
    if len(names) > limit:
        raise TorneoError(field, f"{len(names):,} names", f"at most {limit:,}, one a line")
    too_long = next((n for n in names if len(n) > 200), None)
    if too_long is not None:
        raise TorneoError(field, f"'{too_long[:40]}…' is over 200 characters", "card names")
    return names


def config_row(ctx: JudgingContext) -> JudgingConfig:
    if ctx.config is None:
        ctx.config = JudgingConfig(
            event_id=ctx.event.id, cards=[], restricted_cards=None, decklists_published=False
        )
        ctx.session.add(ctx.config)
    return ctx.config


def configure(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    cards: str | None = None,
    restricted: str | None = None,
    deck_format: str | None = None,
    deadline: str | None = None,
    version: int | None = None,
) -> None:
    """The event's card catalog, restricted list (INV-DECK-3), deck format and list deadline.

    ``None`` leaves a setting as it is; an empty ``restricted`` text goes back to the preset's
    list; an empty ``cards`` text accepts any card name; an empty ``deadline`` removes it.
    """
    require(actor, ORGANIZER)
    catalog = _lines("cards", cards, MAX_CATALOG) if cards is not None else None
    listed = _lines("restricted", restricted, 500) if restricted is not None else None
    when = _deadline(deadline) if deadline is not None else None
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        if deck_format is not None and deck_format.strip():
            find_format(ctx.rules, deck_format.strip())
        config = config_row(ctx)
        before = _config_state(config)
        if catalog is not None:
            config.cards = catalog
        if listed is not None:
            config.restricted_cards = listed or None
        if deck_format is not None:
            config.deck_format = deck_format.strip() or None
        if deadline is not None:
            config.deck_deadline = when
        uow.session.flush()
        touch(ctx)
        uow.audit(
            "judging.configure",
            "judging_config",
            config.id,
            event_id=event_id,
            before=before,
            after=_config_state(config),
        )


def _config_state(config: JudgingConfig) -> dict[str, object]:
    return {
        "cards": len(config.cards or []),
        "restricted": config.restricted_cards,
        "deck_format": config.deck_format,
        "deadline": config.deck_deadline.isoformat() if config.deck_deadline else None,
        "published": config.decklists_published,
    }


def _deadline(text: str) -> datetime | None:
    raw = text.strip()
    if not raw:
        return None
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError as exc:
        raise TorneoError(
            "deadline",
            f"'{text}' is not a date and time",
            "YYYY-MM-DDTHH:MM, e.g. 2012-03-10T14:30",
        ) from exc
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# --- penalties ---------------------------------------------------------------------------------


def issue(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    player_id: int,
    infraction: str,
    reason: str,
    penalties: Sequence[str] | None = None,
    version: int | None = None,
) -> list[Issued]:
    """Give the infraction's penalty (INV-PEN-1/2) with everything that follows from it.

    Returns the rulings stored, the INV-PEN-1 escalation included (a third warning comes back
    as a warning followed by a disqualification pointing at it).
    """
    kinds = _penalty_kinds(penalties)
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        _open_for_rulings(ctx)
        round_no = current_round(ctx)
        rule = ctx.rules.infractions.get(infraction)
        games = 0
        if rule is not None and rule.game_losses == "each_game_played":
            games = games_played_by(ctx.tournament().matches, PlayerId(player_id), round_no)
        rulings = issue_penalty(
            ctx.record(),
            judge=judge,
            player=PlayerId(player_id),
            infraction=infraction,
            at=uow.now,
            reason=_reason(reason),
            round_no=round_no,
            games_played=games,
            penalties=kinds,
        )
        record_rulings(ctx, uow, rulings)
        return _issued(rulings)


def _penalty_kinds(penalties: Sequence[str] | None) -> list[PenaltyKind] | None:
    if penalties is None:
        return None
    accepted = ", ".join(p.value for p in PenaltyKind)
    kinds = []
    for value in penalties:
        try:
            kinds.append(PenaltyKind(value.strip()))
        except ValueError as exc:
            raise TorneoError("penalties", f"unknown penalty '{value}'", accepted) from exc
    return kinds or None


def overrule_ruling(
    store: Store,
    actor: Actor,
    event_id: int,
    seq: int,
    *,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """INV-JUDGE-1: the head judge overrules ruling ``seq``; its consequences are undone."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        _open_for_rulings(ctx)
        record = ctx.record()
        first = overrule(record, judge=judge, seq=seq, at=uow.now, reason=_reason(reason))
        rulings = [first]
        record = record.with_rulings(rulings)
        for follower in standing_rulings(record.rulings):
            if follower.escalated_from == seq and follower.kind is RulingKind.DISQUALIFICATION:
                follow = overrule(
                    record,
                    judge=judge,
                    seq=follower.seq,
                    at=uow.now,
                    reason=f"ruling {seq} overruled: {first.reason}",
                )
                rulings.append(follow)
                record = record.with_rulings([follow])
        record_rulings(ctx, uow, rulings)
        return _issued(rulings)


def award_match(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    winner_id: int,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """BER-JUDGE-1: the judge gives the match to ``winner_id``; the standings follow."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        _open_for_rulings(ctx)
        match = _find_match(ctx, round_no, table)
        ruling = award_win(
            ctx.record(),
            judge=judge,
            match=match,
            winner=PlayerId(winner_id),
            at=uow.now,
            reason=_reason(reason),
            best_of=ctx.ruleset.match.best_of,
        )
        record_rulings(ctx, uow, [ruling])
        return _issued([ruling])


def order_matches_replayed(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    last: int,
    reason: str,
    player_id: int | None = None,
    version: int | None = None,
) -> list[Issued]:
    """BER-JUDGE-1: void the last ``last`` results (of one player, if given); they are replayed."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        _open_for_rulings(ctx)
        ruling = order_replay(
            ctx.record(),
            judge=judge,
            matches=ctx.tournament().matches,
            last=last,
            at=uow.now,
            reason=_reason(reason),
            player=PlayerId(player_id) if player_id is not None else None,
        )
        record_rulings(ctx, uow, [ruling])
        return _issued([ruling])


def _find_match(ctx: JudgingContext, round_no: int, table: int) -> MatchRecord:
    match = next(
        (m for m in ctx.tournament().matches if m.round_no == round_no and m.table == table),
        None,
    )
    if match is None:
        raise NotFound("table", f"round {round_no} has no table {table}", "a table of the round")
    return match


# --- intentional draws (INV-ID-1) ------------------------------------------------------------


def _round_start(ctx: JudgingContext, round_no: int) -> datetime | None:
    clock = clock_rows(ctx.session, ctx.event.id).get(round_no)
    return aware(clock.started_at) if clock is not None and clock.started_at else None


def intentional_draw(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    version: int | None = None,
) -> str:
    """INV-ID-1: the players declare the draw to a judge when the round starts."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        acting_judge(ctx, actor)
        if ctx.event.status != EventStatus.RUNNING.value:
            raise Conflict("status", f"the event is {ctx.event.status}", "a running event")
        record = _find_match(ctx, round_no, table)
        row = match_at(ctx, round_no, table)
        assert row is not None
        if record.is_bye:
            raise TorneoError("table", "this is a bye: no draw", "a table with two players")
        if round_no != ctx.tournament().current_round:
            raise Conflict("round", f"round {round_no} is over", "the current round")
        if record.score is not None:
            raise Conflict(
                "result",
                f"table {table} already has a result ({record.score.text()})",
                "a match without a result",
            )
        started = _round_start(ctx, round_no)
        score = declare_intentional_draw(
            started,
            uow.now,
            intentional_draw_window(ctx.rules),
            ctx.ruleset.match.best_of,
            record.stage,
        )
        if penalty_games(ctx.event, ctx.rows, row).games_played:
            raise Conflict(
                "result",
                f"table {table} has games lost by penalty: it cannot be an intentional draw",
                "play the match",
            )
        set_match_score(row, score, uow.now)
        touch(ctx)
        uow.audit(
            "match.intentional_draw",
            "match",
            row.id,
            event_id=event_id,
            after={"result": score.text(), "round": round_no, "table": table},
        )
        uow.notify(f"event:{event_id}", "result", round=round_no, table=table)
        return score.text()


def can_declare_draw_now(store: Store, event_id: int, round_no: int) -> str | None:
    """Why an intentional draw would be refused now (for the judge's page), or None."""
    with store.read() as session:
        ctx = load_context(session, event_id)
        started = _round_start(ctx, round_no)
        refusal = can_declare_intentional_draw(
            started, store.clock(), intentional_draw_window(ctx.rules), Stage.SWISS
        )
        return refusal.reason if refusal else None


def disqualify_late_draw(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """INV-ID-1: a late declaration disqualifies both players; their match is a double loss."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        _open_for_rulings(ctx)
        record = _find_match(ctx, round_no, table)
        if record.player_b is None:
            raise TorneoError("table", "this is a bye: no draw", "a table with two players")
        started = _round_start(ctx, round_no)
        refusal = can_declare_intentional_draw(
            started, uow.now, intentional_draw_window(ctx.rules), record.stage
        )
        if refusal is None:
            raise Conflict(
                "intentional_draw",
                "the declaration is in time: record the draw instead",
                "a declaration after the window",
            )
        rulings = disqualify_for_late_intentional_draw(
            ctx.record(),
            judge=judge,
            players=(record.player_a, record.player_b),
            at=uow.now,
            round_no=round_no,
            reason=_reason(reason),
        )
        stored = record_rulings(
            ctx, uow, rulings, skip_match_loss=frozenset((record.player_a, record.player_b))
        )
        row = match_at(ctx, round_no, table)
        assert row is not None
        before = score_json(match_score(row))
        set_match_score(row, double_loss(), uow.now)
        effect = {
            "kind": "result",
            "match": row.id,
            "round": round_no,
            "table": table,
            "before": before,
            "after": score_json(double_loss()),
        }
        stored[-1].effects = [*stored[-1].effects, effect]
        uow.audit(
            "match.double_loss",
            "match",
            row.id,
            event_id=event_id,
            after={"result": "double loss", "round": round_no, "table": table},
            reason=reason,
        )
        uow.notify(f"event:{event_id}", "result", round=round_no, table=table)
        return _issued(rulings)
