"""Deck registration (INV-DECK-1, BER-FMT-1..3); the deck checks are in ``commands_deck_checks``.

Deck lists: a player (or the organizer, or a judge, for them) submits a list — pasted or uploaded
— which is read and validated against the event's format, every problem listed at once; a list
submitted again replaces the previous one (kept as history). Lists are private to their player
and the event's judges until the organizer publishes them (``rules.decks.privacy``). Limited
formats (sealed, draft) validate against the player's pool, entered by a judge or the organizer.

Decisions:
- the player may submit only until the organizer's deadline; the organizer and the event's
  judges may submit for a player at any time ("a list after the deadline is the judges'
  decision");
- an organizer who is not a judge of the event submits lists but reads them only once published
  (the privacy rule of the domain); a judge reads every list of the event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import EventId, PlayerId, UserId
from torneo.core.messages import N_, Term
from torneo.core.policy import Action
from torneo.core.uploads import UploadLimits, check_bytes, text_lines
from torneo.judging.commands import acting_judge, config_row, judging_unit
from torneo.judging.commands_apply import current_deck_row, touch
from torneo.judging.rules.decks import (
    CardCatalog,
    ViewerRole,
    can_view_deck,
    deck_format,
    parse_deck_list,
    register_deck,
)
from torneo.judging.rules.decks.decklist import MAX_BYTES, MAX_LINES
from torneo.judging.state import JudgingContext, aware, deck_json, deck_of_row, load_context
from torneo.judging.tables import DeckListRow, JudgingConfig
from torneo.platform.guards import precheck
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store, UnitOfWork

# Issue 27 hole 2: an uploaded list is read through the shared bounded readers, with the
# parser's own caps (a phone paste, never a dump): its bytes are counted before it is decoded,
# its lines as they are split; anything bigger is refused naming the limit, nothing kept.
UPLOAD = UploadLimits(bytes=MAX_BYTES, rows=MAX_LINES)


def decode_upload(data: bytes) -> str:
    """An uploaded list: UTF-8 (with or without BOM) within :data:`UPLOAD`, or refused with
    what is accepted."""
    check_bytes("file", len(data), UPLOAD)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TorneoError(
            "file", N_("is not UTF-8 text"), N_("a plain text file (.txt, UTF-8)")
        ) from exc
    text_lines("file", text, UPLOAD)  # its lines counted before the parser splits it
    return text


def may_submit(store: Store, actor: Actor, event_id: int, player_id: int) -> None:
    """403 (or 404) before an upload is read (issue 27 hole 2): the actor may submit this
    player's list in this event, as :func:`submit_deck_list` will check again in its
    transaction."""
    with store.read() as session:
        ctx = load_context(session, event_id)
        _entrant(ctx, player_id)
        _submitter(ctx, actor, player_id)


@dataclass(frozen=True, slots=True)
class DeckSummary:
    player_id: int
    format: str
    total: int
    cards: tuple[tuple[str, int], ...]
    blanks: int
    submitted_at: datetime
    source: str


def _summary(row: DeckListRow) -> DeckSummary:
    return DeckSummary(
        row.player_id,
        row.format,
        row.total,
        tuple((str(n), int(c)) for n, c in row.cards),
        row.blanks,
        aware(row.submitted_at),
        row.source,
    )


def catalog_of(config: JudgingConfig | None) -> CardCatalog | None:
    if config is None or not config.cards:
        return None
    return CardCatalog.of(str(c) for c in config.cards)


def _user(uow_session: Any, actor: Actor) -> User | None:
    return uow_session.get(User, actor.user_id) if actor.user_id is not None else None


def _is_judge(ctx: JudgingContext, actor: Actor) -> bool:
    return actor.user_id is not None and ctx.roster.is_judge(UserId(actor.user_id))


def _entrant(ctx: JudgingContext, player_id: int) -> None:
    if not any(r.player_id == player_id for r in ctx.event.registrations):
        raise NotFound(
            "player_id",
            N_("player %(player)s is not in event %(event)s"),
            N_("an entrant"),
            params={"player": player_id, "event": ctx.event.id},
        )


def _not_disqualified(ctx: JudgingContext, player_id: int) -> None:
    """A disqualified player has no deck to register (issue 29 item 5: a drafter disqualified
    during the draft, BER-DRAFT-2, INV-PEN-1): refused, nothing stored."""
    if any(r.player_id == player_id and r.disqualified for r in ctx.event.registrations):
        raise Conflict(
            "player_id",
            N_("player %(player)s is already disqualified"),
            N_("an active player"),
            params={"player": player_id},
        )


def _submitter(ctx: JudgingContext, actor: Actor, player_id: int) -> str:
    """Who submits: "organizer", "judge" or "player"; anyone else gets 403."""
    if actor.runs(ctx.event.club_id):
        return "organizer"
    if _is_judge(ctx, actor):
        return "judge"
    user = _user(ctx.session, actor)
    if user is not None and user.player_id == player_id:
        return "player"
    raise Forbidden(
        "player_id",
        N_("%(name)s may not submit the list of player %(player)s"),
        N_("the player themself, a judge of the event or the organizer"),
        params={"name": actor.name, "player": player_id},
    )


def _open(ctx: JudgingContext) -> None:
    if ctx.event.status in (EventStatus.FINISHED.value, EventStatus.VOID.value):
        raise Conflict(
            "status",
            N_("the event is %(status)s"),
            N_("an event not yet closed"),
            params={"status": Term(ctx.event.status)},
        )


def _replace_current(
    ctx: JudgingContext, uow: UnitOfWork, player_id: int, kind: str, row: DeckListRow
) -> int | None:
    previous = current_deck_row(ctx, player_id, kind)
    if previous is not None:
        previous.is_current = False
    uow.session.add(row)
    uow.session.flush()
    return previous.id if previous is not None else None


def submit_deck_list(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    player_id: int,
    text: str,
    format_key: str | None = None,
) -> DeckSummary:
    """Register a player's list: read, validated per format (every problem at once), stored."""
    with judging_unit(store, actor, event_id) as (uow, ctx):
        _entrant(ctx, player_id)
        who = _submitter(ctx, actor, player_id)
        _not_disqualified(ctx, player_id)
        _open(ctx)
        config = ctx.config
        key = (format_key or "").strip() or ctx.deck_format_key()
        _, fmt = deck_format(ctx.rules, key)
        pool_row = current_deck_row(ctx, player_id, "pool") if fmt.is_limited else None
        registration = register_deck(
            event=EventId(event_id),
            player=PlayerId(player_id),
            text=text,
            rules=ctx.rules,
            now=uow.now,
            format_key=key,
            catalog=catalog_of(config),
            restricted=ctx.restricted(),
            pool=deck_of_row(pool_row) if pool_row is not None else None,
            deadline=(
                aware(config.deck_deadline)
                if who == "player" and config is not None and config.deck_deadline
                else None
            ),
        )
        data = deck_json(registration.deck)
        row = DeckListRow(
            event_id=event_id,
            player_id=player_id,
            kind="deck",
            format=registration.format,
            cards=data["cards"],
            blanks=registration.deck.blanks,
            total=registration.deck.total,
            is_current=True,
            submitted_at=uow.now,
            submitted_by=actor.name,
            source=who,
        )
        previous = _replace_current(ctx, uow, player_id, "deck", row)
        touch(ctx)
        uow.audit(
            "judging.deck_list",
            "deck_list",
            row.id,
            event_id=event_id,
            after={
                "player_id": player_id,
                "format": registration.format,
                "total": row.total,
                "distinct": len(row.cards),
                "replaces": previous,
            },
        )
        uow.notify(f"event:{event_id}", "decks", player=player_id)
        return _summary(row)


def submit_pool(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    player_id: int,
    text: str,
    format_key: str | None = None,
) -> DeckSummary:
    """BER-FMT-2/3: the cards a player opened or drafted, which their deck must come from."""
    with judging_unit(store, actor, event_id) as (uow, ctx):
        if not actor.runs(ctx.event.club_id):
            acting_judge(ctx, actor)
        _entrant(ctx, player_id)
        _open(ctx)
        key, fmt = deck_format(ctx.rules, (format_key or "").strip() or ctx.deck_format_key())
        if not fmt.is_limited:
            raise TorneoError(
                "format",
                N_("%(label)s is not built from a pool"),
                ", ".join(k for k, f in ctx.rules.deck_formats.items() if f.is_limited)
                or N_("a sealed or draft format"),
                params={"label": fmt.label},
            )
        pool = parse_deck_list(text, catalog_of(ctx.config))
        expected = ctx.rules.pool_size(fmt)
        if pool.total != expected:
            raise TorneoError(
                "pool",
                N_("%(n)s cards"),
                N_("%(expected)s cards for %(label)s [%(rule)s]"),
                params={
                    "n": pool.total,
                    "expected": expected,
                    "label": fmt.label,
                    "rule": fmt.rule,
                },
            )
        data = deck_json(pool)
        row = DeckListRow(
            event_id=event_id,
            player_id=player_id,
            kind="pool",
            format=key,
            cards=data["cards"],
            blanks=0,
            total=pool.total,
            is_current=True,
            submitted_at=uow.now,
            submitted_by=actor.name,
            source="pool",
        )
        _replace_current(ctx, uow, player_id, "pool", row)
        touch(ctx)
        uow.audit(
            "judging.pool",
            "deck_list",
            row.id,
            event_id=event_id,
            after={"player_id": player_id, "format": key, "total": pool.total},
        )
        return _summary(row)


def publish_deck_lists(
    store: Store, actor: Actor, event_id: int, *, published: bool = True
) -> None:
    """The organizer makes every list public (or private again)."""
    precheck(actor, Action.MANAGE)
    with judging_unit(store, actor, event_id, action=Action.MANAGE) as (uow, ctx):
        config = config_row(ctx)
        before = config.decklists_published
        config.decklists_published = published
        uow.session.flush()
        touch(ctx)
        uow.audit(
            "judging.publish_decks",
            "judging_config",
            config.id,
            event_id=event_id,
            before={"published": before},
            after={"published": published},
        )
        uow.notify(f"event:{event_id}", "decks")


def viewer_role(ctx: JudgingContext, actor: Actor | None) -> tuple[ViewerRole, PlayerId | None]:
    if actor is None:
        return ViewerRole.SPECTATOR, None
    user = _user(ctx.session, actor)
    player = PlayerId(user.player_id) if user is not None and user.player_id else None
    if _is_judge(ctx, actor):
        return ViewerRole.JUDGE, player
    if actor.runs(ctx.event.club_id):
        return ViewerRole.ORGANIZER, player
    return ViewerRole.PLAYER, player


def deck_list(
    store: Store, viewer: Actor | None, event_id: int, player_id: int, *, kind: str = "deck"
) -> DeckSummary | None:
    """The player's current list, if the viewer may see it (else 403); None if none."""
    with store.read() as session:
        ctx = load_context(session, event_id)
        _entrant(ctx, player_id)
        role, own = viewer_role(ctx, viewer)
        published = ctx.config is not None and ctx.config.decklists_published
        if not can_view_deck(role, own, PlayerId(player_id), published):
            raise Forbidden(
                "player_id",
                N_("deck lists are private until the organizer publishes them"),
                N_("the player themself or a judge of the event"),
            )
        row = current_deck_row(ctx, player_id, kind)
        return _summary(row) if row is not None else None
