"""Deck registration and deck checks (INV-DECK-1..3, BER-FMT-1..3).

Deck lists: a player (or the organizer, or a judge, for them) submits a list — pasted or uploaded
— which is read and validated against the event's format, every problem listed at once; a list
submitted again replaces the previous one (kept as history). Lists are private to their player
and the event's judges until the organizer publishes them (``domain.decks.privacy``). Limited
formats (sealed, draft) validate against the player's pool, entered by a judge or the organizer.

Deck checks: before a round, a judge draws the table (the bye counts as one, INV-DECK-1) with a
seed derived from the event's seed and recorded; a second draw in the round is refused (the
domain, and a unique row per round). For each player at the drawn table the judge confirms the
deck matches the registered list, or enters the physical deck; the differences and the
INV-DECK-2/3 outcomes are applied exactly through the rulings (warning + game loss(es), blanks
or random removal, restricted cards drawn at random with the draw's seed recorded,
INV-DECK-EX1), and the corrected deck becomes the player's list.

Decisions:
- the player may submit only until the organizer's deadline; the organizer and the event's
  judges may submit for a player at any time ("a list after the deadline is the judges'
  decision");
- an organizer who is not a judge of the event submits lists but reads them only once published
  (the privacy rule of the domain); a judge reads every list of the event;
- the deck check of a player with no registered list checks the physical deck's legality only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import EventId, PlayerId, UserId
from torneo.judging.commands import acting_judge, config_row, judging_unit
from torneo.judging.commands_apply import current_deck_row, record_rulings, touch
from torneo.judging.commands_clock import extend_in
from torneo.judging.rules import (
    RulingKind,
    deck_check_rulings,
    deck_mismatch_rulings,
    describe_correction,
    games_played_by,
)
from torneo.judging.rules.decks import (
    CardCatalog,
    DeckCheckDraw,
    DeckList,
    ViewerRole,
    can_view_deck,
    compare_decks,
    correct_deck,
    deck_format,
    draw_deck_check,
    parse_deck_list,
    register_deck,
)
from torneo.judging.state import JudgingContext, aware, deck_json, deck_of_row, load_context
from torneo.judging.tables import DeckCheckRow, DeckListRow, JudgingConfig
from torneo.platform.guards import ORGANIZER, require
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store, UnitOfWork

MAX_UPLOAD = 1_000_000  # bytes of an uploaded file; the parser's own limit is lower


def decode_upload(data: bytes) -> str:
    """An uploaded list: UTF-8 (with or without BOM), or refused with what is accepted."""
    if len(data) > MAX_UPLOAD:
        raise TorneoError("file", f"{len(data):,} bytes", "a text file of at most 1 MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TorneoError("file", "is not UTF-8 text", "a plain text file (.txt, UTF-8)") from exc


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


def _catalog(config: JudgingConfig | None) -> CardCatalog | None:
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
            "player_id", f"player {player_id} is not in event {ctx.event.id}", "an entrant"
        )


def _submitter(ctx: JudgingContext, actor: Actor, player_id: int) -> str:
    """Who submits: "organizer", "judge" or "player"; anyone else gets 403."""
    if ORGANIZER in actor.roles:
        return "organizer"
    if _is_judge(ctx, actor):
        return "judge"
    user = _user(ctx.session, actor)
    if user is not None and user.player_id == player_id:
        return "player"
    raise Forbidden(
        "player_id",
        f"{actor.name} may not submit the list of player {player_id}",
        "the player themself, a judge of the event or the organizer",
    )


def _open(ctx: JudgingContext) -> None:
    if ctx.event.status in (EventStatus.FINISHED.value, EventStatus.VOID.value):
        raise Conflict("status", f"the event is {ctx.event.status}", "an event not yet closed")


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
            catalog=_catalog(config),
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
        if ORGANIZER not in actor.roles:
            acting_judge(ctx, actor)
        _entrant(ctx, player_id)
        _open(ctx)
        key, fmt = deck_format(ctx.rules, (format_key or "").strip() or ctx.deck_format_key())
        if not fmt.is_limited:
            raise TorneoError(
                "format",
                f"{fmt.label} is not built from a pool",
                ", ".join(k for k, f in ctx.rules.deck_formats.items() if f.is_limited)
                or "a sealed or draft format",
            )
        pool = parse_deck_list(text, _catalog(ctx.config))
        expected = ctx.rules.pool_size(fmt)
        if pool.total != expected:
            raise TorneoError(
                "pool", f"{pool.total} cards", f"{expected} cards for {fmt.label} [{fmt.rule}]"
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
    require(actor, ORGANIZER)
    with judging_unit(store, actor, event_id) as (uow, ctx):
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
    if ORGANIZER in actor.roles:
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
                "deck lists are private until the organizer publishes them",
                "the player themself or a judge of the event",
            )
        row = current_deck_row(ctx, player_id, kind)
        return _summary(row) if row is not None else None


# --- deck checks -------------------------------------------------------------------------------


def _draws(ctx: JudgingContext) -> list[DeckCheckRow]:
    return list(
        ctx.session.scalars(
            select(DeckCheckRow)
            .where(DeckCheckRow.event_id == ctx.event.id)
            .order_by(DeckCheckRow.round_no)
        )
    )


def _draw_of(row: DeckCheckRow) -> DeckCheckDraw:
    return DeckCheckDraw(
        row.round_no, row.table_no, row.tables, tuple(PlayerId(p) for p in row.players)
    )


@dataclass(frozen=True, slots=True)
class DeckCheckPanel:
    round_no: int
    table: int
    tables: int
    players: tuple[int, ...]
    seed: int
    drawn_at: datetime
    drawn_by: str
    outcomes: dict[str, Any]


def panel_of_row(row: DeckCheckRow) -> DeckCheckPanel:
    return DeckCheckPanel(
        row.round_no,
        row.table_no,
        row.tables,
        tuple(int(p) for p in row.players),
        row.seed,
        aware(row.drawn_at),
        row.drawn_by,
        dict(row.outcomes),
    )


def deck_check_seed(event_seed: int, round_no: int, player: int | None = None) -> int:
    key = f"{event_seed}:deck-check:{round_no}" + (f":{player}" if player is not None else "")
    return random.Random(key).randrange(2**31)


def draw_table(
    store: Store, actor: Actor, event_id: int, *, round_no: int | None = None
) -> DeckCheckPanel:
    """INV-DECK-1: draw the round's deck-check table (the bye counts as a table)."""
    with judging_unit(store, actor, event_id) as (uow, ctx):
        acting_judge(ctx, actor)
        if ctx.event.status != EventStatus.RUNNING.value:
            raise Conflict("status", f"the event is {ctx.event.status}", "a running event")
        t = ctx.tournament()
        number = t.current_round if round_no is None else round_no
        if number != t.current_round or number < 1:
            raise Conflict(
                "round",
                f"round {number} is not the current round ({t.current_round})",
                "the deck check is drawn before the current round",
            )
        seed = deck_check_seed(ctx.event.seed, number)
        draw = draw_deck_check(
            number, t.matches, random.Random(seed), [_draw_of(r) for r in _draws(ctx)]
        )
        row = DeckCheckRow(
            event_id=event_id,
            round_no=number,
            table_no=draw.table,
            tables=draw.tables,
            players=[int(p) for p in draw.players],
            seed=seed,
            drawn_at=uow.now,
            drawn_by=actor.name,
            outcomes={},
        )
        uow.session.add(row)
        uow.session.flush()
        touch(ctx)
        uow.audit(
            "judging.deck_check_draw",
            "deck_check",
            row.id,
            event_id=event_id,
            after={
                "round": number,
                "table": draw.table,
                "tables": draw.tables,
                "players": row.players,
                "seed": seed,
            },
        )
        uow.notify(f"event:{event_id}", "deck_check", round=number, table=draw.table)
        return panel_of_row(row)


def check_deck(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    player_id: int,
    physical: str | None = None,
    note: str = "",
    extra_minutes: int = 0,
) -> dict[str, Any]:
    """Record one player's deck check: ``physical`` None = "the deck matches the list".

    Returns the outcome stored on the draw (infractions, what was done, the rulings' numbers).
    """
    with judging_unit(store, actor, event_id) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        row = next((r for r in _draws(ctx) if r.round_no == round_no), None)
        if row is None:
            raise NotFound(
                "round", f"round {round_no} has no deck check drawn", "draw the table first"
            )
        if player_id not in row.players:
            raise TorneoError(
                "player_id",
                f"player {player_id} is not at the drawn table {row.table_no}",
                ", ".join(str(p) for p in row.players),
            )
        if str(player_id) in row.outcomes:
            raise Conflict(
                "player_id",
                f"the deck of player {player_id} is already checked this round",
                "the other player at the table",
            )
        if extra_minutes < 0:
            raise TorneoError("extra_minutes", f"{extra_minutes}", "0..60 minutes")
        outcome = _check(ctx, uow, judge, row, player_id, physical, note)
        if extra_minutes:
            extended = extend_in(
                ctx,
                uow,
                judge,
                round_no=round_no,
                table=row.table_no,
                minutes=extra_minutes,
                reason=f"deck check, round {round_no}",
            )
            outcome["extra_minutes"] = extra_minutes if extended else 0
        row.outcomes = {**row.outcomes, str(player_id): outcome}
        touch(ctx)
        uow.audit(
            "judging.deck_check",
            "deck_check",
            row.id,
            event_id=event_id,
            after={"round": round_no, "player_id": player_id, **outcome},
            reason=note.strip() or None,
        )
        uow.notify(f"event:{event_id}", "deck_check", round=round_no, player=player_id)
        return outcome


def _check(
    ctx: JudgingContext,
    uow: UnitOfWork,
    judge: UserId,
    draw: DeckCheckRow,
    player_id: int,
    physical: str | None,
    note: str,
) -> dict[str, Any]:
    registered_row = current_deck_row(ctx, player_id)
    registered = deck_of_row(registered_row) if registered_row is not None else None
    confirmed = physical is None or not physical.strip()
    deck: DeckList
    if confirmed:
        if registered is None:
            raise TorneoError(
                "physical",
                f"player {player_id} has no registered list to confirm",
                "the cards of the physical deck, one 'N card name' a line",
            )
        deck = registered
    else:
        assert physical is not None
        deck = parse_deck_list(physical, _catalog(ctx.config))
    key = registered_row.format if registered_row is not None else ctx.deck_format_key()
    _, fmt = deck_format(ctx.rules, key)
    seed = deck_check_seed(ctx.event.seed, draw.round_no, player_id)
    correction = correct_deck(deck, fmt, ctx.restricted(), random.Random(seed))
    player = PlayerId(player_id)
    record = ctx.record()
    rulings = []
    difference = compare_decks(registered, deck) if registered is not None else None
    if difference is not None and not difference.is_same:
        rulings += deck_mismatch_rulings(
            record, difference, judge=judge, player=player, at=uow.now, round_no=draw.round_no
        )
    if not any(r.kind is RulingKind.DISQUALIFICATION for r in rulings):
        games = games_played_by(ctx.tournament().matches, player, draw.round_no)
        rulings += deck_check_rulings(
            record.with_rulings(rulings),
            correction,
            judge=judge,
            player=player,
            at=uow.now,
            round_no=draw.round_no,
            games_played=games,
            note=note,
        )
    record_rulings(ctx, uow, rulings)
    return {
        "checked_at": uow.now.isoformat(),
        "judge": ctx.judge_name(judge),
        "confirmed": confirmed,
        "total": deck.total,
        "difference": difference.describe() if difference is not None else None,
        "infractions": list(correction.infractions),
        "correction": describe_correction(correction) if correction.infractions else None,
        "restricted_found": list(correction.restricted_found),
        "restricted_removed": list(correction.restricted_removed),
        "kept_restricted": list(correction.kept_restricted),
        "removed": [[n, c] for n, c in correction.removed],
        "blanks_added": correction.blanks_added,
        "seed": seed,
        "rulings": [r.seq for r in rulings],
        "note": note.strip(),
    }


def deck_check_panel(store: Store, event_id: int, round_no: int) -> DeckCheckPanel | None:
    with store.read() as session:
        row = session.scalars(
            select(DeckCheckRow).where(
                DeckCheckRow.event_id == event_id, DeckCheckRow.round_no == round_no
            )
        ).first()
        return panel_of_row(row) if row is not None else None
