"""Use cases of judging an event (issue 6): what every judging use case shares, the roster of
judges and the judging settings. Penalties and judge acts are in ``commands_rulings``, intentional
draws in ``commands_draws``, deck lists and checks in ``commands_decks``/``commands_deck_checks``,
the round clock in ``commands_clock``.

One transaction each (``store.unit``): load the event and its judging rows, ask the pure domain
(``torneo.judging.rules``) what follows, apply it (``commands_apply``), audit, notify. A refused
action raises before anything is written, so nothing changes.

Who may do what (decisions; INV-JUDGE-1, BER-JUDGE-1):
- the roster is set by an organizer; judges are accounts with the judge or organizer role;
- every ruling is given by a judge *on the event's roster*, or by an organizer of the event's
  club acting as its first official (core/policy.py; issue 30: the desk links its organizer to
  the judges' desk) — a judge of another event gets 403 (Forbidden), like any other account;
- only the head judge overrules (the domain checks it); the head judge's rulings are final.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.commands import check_version
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state_access import authorize_event
from torneo.cards.tables import Registration
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import UserId
from torneo.core.messages import N_, Term
from torneo.core.policy import JUDGE, ORGANIZER, OWNER, Action
from torneo.core.zones import to_utc
from torneo.judging.commands_apply import touch
from torneo.judging.rules import Judge, Ruling
from torneo.judging.rules.decks import deck_format as find_format
from torneo.judging.state import JudgingContext, load_context
from torneo.judging.tables import EventJudge, JudgingConfig
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Actor, Store, UnitOfWork

JUDGE_ROLES = frozenset({JUDGE, ORGANIZER, OWNER})  # club roles that may judge
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


def issued_of(rulings: Sequence[Ruling]) -> list[Issued]:
    """The stored rulings as the pages and the API confirm them, in order."""
    return [
        Issued(r.seq, r.kind.value, r.rule, r.player, r.escalated_from, r.reason) for r in rulings
    ]


# --- shared checks ---------------------------------------------------------------------------


def acting_judge(ctx: JudgingContext, actor: Actor) -> UserId:
    """The actor as a judge of this event, or 403 (a judge of another event included)."""
    precheck(actor, Action.OFFICIATE)
    authorize_event(ctx.session, actor, ctx.event, Action.OFFICIATE)
    if actor.user_id is None:
        raise Forbidden(
            "judge",
            N_("%(name)s is not a judge of event %(event)s"),
            N_("a judge on the event's roster (the organizer appoints judges)"),
            params={"name": actor.name, "event": ctx.event.name},
        )
    user = UserId(actor.user_id)
    if not ctx.roster.is_judge(user):
        # The policy let them through off the roster: an organizer of the club (or the admin),
        # the tournament's first official. The ruling names them as its judge.
        account = ctx.session.get(User, actor.user_id)
        ctx.acting = Judge(user, account.display_name if account is not None else actor.name)
    return user


def open_for_rulings(ctx: JudgingContext) -> None:
    """Rulings are given while the event takes entries or runs; a closed event keeps its record."""
    if ctx.event.status not in (EventStatus.REGISTRATION.value, EventStatus.RUNNING.value):
        raise Conflict(
            "status",
            N_("the event is %(status)s: rulings are closed"),
            N_("an event in registration or running"),
            params={"status": Term(ctx.event.status)},
        )


def clean_reason(text: str) -> str:
    """A ruling's reason on one line, refused over 1000 characters (it goes in the audit log)."""
    clean = " ".join(text.split())
    if len(clean) > MAX_REASON:
        raise TorneoError(
            "reason",
            N_("is %(n)s characters long"),
            N_("at most 1000 characters"),
            params={"n": len(clean)},
        )
    return clean


def current_round(ctx: JudgingContext) -> int:
    return max(1, ctx.tournament().current_round)


@contextmanager
def judging_unit(
    store: Store,
    actor: Actor,
    event_id: int,
    version: int | None = None,
    *,
    action: Action | None = None,
) -> Iterator[tuple[UnitOfWork, JudgingContext]]:
    """A transaction holding the event (locked for update) and its judging rows; with
    ``action``, once the policy lets the actor do it (the roster's acts check the judge with
    :func:`acting_judge` instead)."""
    with store.unit(actor) as uow:
        ctx = load_context(uow.session, event_id, for_update=True)
        if action is not None:
            authorize_event(uow.session, actor, ctx.event, action)
        check_version(ctx.event, version)
        yield uow, ctx


# --- roster ----------------------------------------------------------------------------------


def _judge_account(session: Session, ctx: JudgingContext, username: str) -> User:
    """The account to appoint: it exists, may judge, and is not on the roster yet."""
    user = session.scalars(select(User).where(User.username == username.strip().lower())).first()
    if user is None:
        raise NotFound(
            "username",
            N_("no account '%(name)s'"),
            N_("an existing account"),
            params={"name": username.strip()},
        )
    roles = set(
        session.scalars(
            select(Membership.role).where(
                Membership.user_id == user.id, Membership.club_id == ctx.event.club_id
            )
        )
    )
    if not roles & JUDGE_ROLES:
        raise TorneoError(
            "username",
            N_("%(name)s is not a judge of the event's club"),
            N_("a member of the club with the judge, organizer or owner role"),
            params={"name": user.username},
        )
    if any(j.user_id == user.id for j, _ in ctx.judges):
        raise Conflict(
            "username",
            N_("%(name)s is already a judge of this event"),
            params={"name": user.display_name},
        )
    return user


def _judge_plays(
    ctx: JudgingContext, user: User, player_id: int | None, registered: dict[int, Registration]
) -> int | None:
    """The entrant the judge plays as (INV-STRUCT-5), or None for a judge who does not play."""
    plays = player_id
    if plays is None and user.player_id in registered:
        plays = user.player_id  # INV-STRUCT-5: the account's player takes part
    if plays is not None and plays not in registered:
        raise NotFound(
            "player_id",
            N_("player %(player)s is not in this event"),
            N_("an entrant"),
            params={"player": plays},
        )
    if plays is not None and any(j.player_id == plays for j, _ in ctx.judges):
        raise Conflict(
            "player_id",
            N_("player %(player)s is already on the roster as a judge"),
            params={"player": plays},
        )
    return plays


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
    precheck(actor, Action.MANAGE)
    with judging_unit(store, actor, event_id, version, action=Action.MANAGE) as (uow, ctx):
        user = _judge_account(uow.session, ctx, username)
        registered = {r.player_id: r for r in ctx.event.registrations}
        plays = _judge_plays(ctx, user, player_id, registered)
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
    precheck(actor, Action.MANAGE)
    with judging_unit(store, actor, event_id, version, action=Action.MANAGE) as (uow, ctx):
        found = next(((j, u) for j, u in ctx.judges if j.user_id == user_id), None)
        if found is None:
            raise NotFound(
                "user_id",
                N_("user %(user)s is not a judge of this event"),
                N_("a judge"),
                params={"user": user_id},
            )
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
    precheck(actor, Action.MANAGE)
    with judging_unit(store, actor, event_id, version, action=Action.MANAGE) as (uow, ctx):
        if not any(j.user_id == user_id for j, _ in ctx.judges):
            raise NotFound(
                "user_id",
                N_("user %(user)s is not a judge of this event"),
                N_("a judge"),
                params={"user": user_id},
            )
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
        raise TorneoError(
            field,
            N_("%(n)s names"),
            N_("at most %(limit)s, one a line"),
            params={"n": f"{len(names):,}", "limit": f"{limit:,}"},
        )
    too_long = next((n for n in names if len(n) > 200), None)
    if too_long is not None:
        raise TorneoError(
            field,
            N_("'%(name)s…' is over 200 characters"),
            N_("card names"),
            params={"name": too_long[:40]},
        )
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
    precheck(actor, Action.MANAGE)
    catalog = _lines("cards", cards, MAX_CATALOG) if cards is not None else None
    listed = _lines("restricted", restricted, 500) if restricted is not None else None
    typed = _deadline(deadline) if deadline is not None else None
    with judging_unit(store, actor, event_id, version, action=Action.MANAGE) as (uow, ctx):
        # Issue 15 item 7: a deadline typed without a zone is the event's local time.
        when = to_utc(typed, ctx.event.time_zone) if typed is not None else None
        if deck_format is not None and deck_format.strip():
            find_format(ctx.rules, deck_format.strip())
        config = config_row(ctx)
        before = _config_state(config)
        if catalog is not None:
            config.cards = catalog
        if listed is not None:
            config.restricted_cards = listed or None
        if deck_format is not None:
            # BER-FMT-1..3: the event's own format (events.format); the config keeps a copy
            config.deck_format = deck_format.strip() or None
            ctx.event.format = config.deck_format
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
    """The typed deadline; naive (the form's datetime-local) until the event's zone is known."""
    raw = text.strip()
    if not raw:
        return None
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError as exc:
        raise TorneoError(
            "deadline",
            N_("'%(text)s' is not a date and time"),
            N_("YYYY-MM-DDTHH:MM, e.g. 2012-03-10T14:30"),
            params={"text": text},
        ) from exc
    return moment
