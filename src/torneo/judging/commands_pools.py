"""Pools and the card catalog handed over by a limited event (BER-FMT-2/3; issue 16).

Sealed pools and drafted picks are made by the card discipline (``torneo.cards.draft.commands``)
and become here what a judge would have entered by hand with :func:`commands_decks.submit_pool`:
each player's current pool (a ``deck_list`` row of kind ``pool``) that their deck must come from,
and the event's catalog (the set's cards legal in its format) and deck format. These functions
run inside the caller's transaction, which writes the audit rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from torneo.cards.tables import Event
from torneo.judging.tables import DeckListRow, JudgingConfig


def parse_deadline(text: str) -> datetime | None:
    """A deck-list deadline as the judges' set-up reads it (ISO date-time, UTC if no zone)."""
    from torneo.judging.commands import _deadline

    return _deadline(text)


def configure_catalog(
    session: Session,
    event_id: int,
    *,
    format_key: str,
    names: Sequence[str],
    deadline: datetime | None = None,
    set_deadline: bool = False,
) -> None:
    """The event's deck format and card catalog (and, with ``set_deadline``, the list deadline)."""
    config = session.scalars(
        select(JudgingConfig).where(JudgingConfig.event_id == event_id)
    ).first()
    if config is None:
        config = JudgingConfig(
            event_id=event_id, cards=[], restricted_cards=None, decklists_published=False
        )
        session.add(config)
    config.deck_format = format_key
    event = session.get(Event, event_id)
    if event is not None:  # the event's one format (BER-FMT, ``events.format``) follows
        event.format = format_key
    config.cards = list(names)
    if set_deadline:
        config.deck_deadline = deadline


def record_pools(
    session: Session,
    event_id: int,
    pools: Mapping[int, Sequence[str]],
    *,
    format_key: str,
    now: datetime,
    by: str,
    source: str,
) -> None:
    """Each player's pool (card names, one per card) as their current pool, replacing any."""
    if not pools:
        return
    session.execute(
        update(DeckListRow)
        .where(
            DeckListRow.event_id == event_id,
            DeckListRow.kind == "pool",
            DeckListRow.player_id.in_(list(pools)),
            DeckListRow.is_current.is_(True),
        )
        .values(is_current=False)
    )
    for player_id, names in pools.items():
        counted = Counter(names)
        session.add(
            DeckListRow(
                event_id=event_id,
                player_id=player_id,
                kind="pool",
                format=format_key,
                cards=[[name, n] for name, n in sorted(counted.items())],
                blanks=0,
                total=len(names),
                is_current=True,
                submitted_at=now,
                submitted_by=by,
                source=source,
            )
        )


def format_key_of(session: Session, event_id: int) -> str | None:
    """The event's deck format (``events.format``: chosen at creation or by its judges, BER-FMT);
    None: the preset's default."""
    return session.scalars(select(Event.format).where(Event.id == event_id)).first()
