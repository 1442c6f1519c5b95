"""Deck checks (INV-DECK-1..3): the table drawn before a round, each deck confirmed or entered.

Before a round, a judge draws the table (the bye counts as one, INV-DECK-1) with a seed derived
from the event's seed and recorded; a second draw in the round is refused (the domain, and a
unique row per round). For each player at the drawn table the judge confirms the deck matches
the registered list, or enters the physical deck; the differences and the INV-DECK-2/3 outcomes
are applied exactly through the rulings (warning + game loss(es), blanks or random removal,
restricted cards drawn at random with the draw's seed recorded, INV-DECK-EX1), and the corrected
deck becomes the player's list.

Decisions: the deck check of a player with no registered list checks the physical deck's
legality only. Deck checks on or off is fixed when the event starts (``settings["deck_checks"]``,
the preset's default when not said); the draw is refused once the round has started (its clock
started: ``can_draw_before_the_round``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.start import DECK_CHECKS, start_settings
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId, UserId
from torneo.core.messages import N_, Term
from torneo.judging.commands import acting_judge, judging_unit
from torneo.judging.commands_apply import current_deck_row, record_rulings, touch
from torneo.judging.commands_clock import extend_in
from torneo.judging.commands_decks import catalog_of
from torneo.judging.rules import (
    deck_check_rulings,
    deck_mismatch_rulings,
    describe_correction,
    matches_played_by,
)
from torneo.judging.rules.decks import (
    DeckCheckDraw,
    DeckList,
    can_draw_before_the_round,
    compare_decks,
    correct_deck,
    deck_format,
    draw_deck_check,
    parse_deck_list,
)
from torneo.judging.state import JudgingContext, aware, clock_rows, deck_of_row, load_context
from torneo.judging.tables import DeckCheckRow
from torneo.platform.store.uow import Actor, Store, UnitOfWork


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


def deck_checks_on(ctx: JudgingContext) -> bool:
    """INV-DECK-1: on or off as fixed when the event started (the preset's default before)."""
    fixed = ctx.event.settings.get(DECK_CHECKS)
    if fixed is None:
        return bool(start_settings(ctx.ruleset, choice_rule=None, deck_checks=None)[DECK_CHECKS])
    return bool(fixed)


def clock_started(ctx: JudgingContext, round_no: int) -> bool:
    row = clock_rows(ctx.session, ctx.event.id).get(round_no)
    return row is not None and row.started_at is not None


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
            raise Conflict(
                "status",
                N_("the event is %(status)s"),
                N_("a running event"),
                params={"status": Term(ctx.event.status)},
            )
        t = ctx.tournament()
        number = t.current_round if round_no is None else round_no
        if number != t.current_round or number < 1:
            raise Conflict(
                "round",
                N_("round %(round)s is not the current round (%(current)s)"),
                N_("the deck check is drawn before the current round"),
                params={"round": number, "current": t.current_round},
            )
        refusal = can_draw_before_the_round(
            number,
            deck_checks=deck_checks_on(ctx),
            clock_started=clock_started(ctx, number),
        )
        if refusal:
            raise refusal.raise_as(Conflict)
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


def may_check(store: Store, actor: Actor, event_id: int) -> None:
    """403 (or 404) before a deck check's uploaded list is read (issue 27 hole 2): the actor is
    a judge of this event, as :func:`check_deck` checks again in its transaction."""
    with store.read() as session:
        acting_judge(load_context(session, event_id), actor)


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
                "round",
                N_("round %(round)s has no deck check drawn"),
                N_("draw the table first"),
                params={"round": round_no},
            )
        if player_id not in row.players:
            raise TorneoError(
                "player_id",
                N_("player %(player)s is not at the drawn table %(table)s"),
                ", ".join(str(p) for p in row.players),
                params={"player": player_id, "table": row.table_no},
            )
        if str(player_id) in row.outcomes:
            raise Conflict(
                "player_id",
                N_("the deck of player %(player)s is already checked this round"),
                N_("the other player at the table"),
                params={"player": player_id},
            )
        if extra_minutes < 0:
            raise TorneoError(
                "extra_minutes",
                N_("%(n)s"),
                N_("0..60 minutes"),
                params={"n": extra_minutes},
            )
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
                N_("player %(player)s has no registered list to confirm"),
                N_("the cards of the physical deck, one 'N card name' a line"),
                params={"player": player_id},
            )
        deck = registered
    else:
        assert physical is not None
        deck = parse_deck_list(physical, catalog_of(ctx.config))
    key = registered_row.format if registered_row is not None else ctx.deck_format_key()
    _, fmt = deck_format(ctx.rules, key)
    seed = deck_check_seed(ctx.event.seed, draw.round_no, player_id)
    correction = correct_deck(deck, fmt, ctx.restricted(), random.Random(seed))
    player = PlayerId(player_id)
    record = ctx.record()
    rulings = []
    difference = compare_decks(registered, deck) if registered is not None else None
    if correction.infractions:
        # INV-DECK-2/3, INV-PEN-1: one physical deck is one infraction, its list's difference
        # included (issue 29 item 7): one warning.
        games = matches_played_by(ctx.tournament().matches, player, draw.round_no)
        rulings += deck_check_rulings(
            record,
            correction,
            judge=judge,
            player=player,
            at=uow.now,
            round_no=draw.round_no,
            games_played=games,
            note=note,
            difference=difference,
        )
    elif difference is not None and not difference.is_same:
        rulings += deck_mismatch_rulings(
            record, difference, judge=judge, player=player, at=uow.now, round_no=draw.round_no
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
