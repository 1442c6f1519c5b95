"""Helpers for draft tests: a berserk-online event with the demo set, ready to draft."""

from __future__ import annotations

from importlib import resources

from sqlalchemy import select

from torneo.cards import commands as events
from torneo.cards import commands_draft as draft
from torneo.cards import commands_sets as sets
from torneo.cards.rules.set_files import read_json
from torneo.cards.rules.sets import CardSet
from torneo.cards.tables_draft import DraftSeat
from torneo.platform.store.uow import Actor, Store

ORG = Actor("org", frozenset({(1, "organizer")}))


def demo_set() -> CardSet:
    text = (resources.files("torneo.cards") / "data" / "demo-set.json").read_text("utf-8")
    return read_json(text)


def draft_event(
    store: Store,
    players: int = 8,
    *,
    format_key: str = "draft_standard",
    pick_seconds: int = 60,
    alternate: bool = False,
    seed: int = 7,
    start: bool = True,
) -> int:
    """A started berserk-online event of ``players`` with the demo set and ``format_key``."""
    with store.read() as s:
        from torneo.cards.tables_draft import CardSetRow

        known = s.scalars(select(CardSetRow.id).where(CardSetRow.code == "DEMO")).first()
    if known is None:
        sets.import_set(store, Actor.system(), demo_set(), source="demo", shared=True)
    event = events.create_event(
        store, ORG, name="Draft", preset="berserk-online", held_on="2026-12-01", seed=seed
    )
    events.register_roster(
        store, ORG, event, "\n".join(f"Drafter {i:02d},,{2000 - i}" for i in range(1, players + 1))
    )
    events.start_event(store, ORG, event)
    sets.setup_event(
        store,
        ORG,
        event,
        set_code="DEMO",
        format_key=format_key,
        pick_seconds=pick_seconds,
        alternate=alternate,
    )
    if start:
        draft.start_draft(store, ORG, event)
    return event


def seat_players(store: Store, event_id: int) -> dict[tuple[int, int], int]:
    """(pod number, seat) → player id."""
    from torneo.cards.tables_draft import DraftPod

    with store.read() as s:
        rows = s.execute(
            select(DraftPod.pod_no, DraftSeat.seat_no, DraftSeat.player_id)
            .join(DraftPod, DraftPod.id == DraftSeat.pod_id)
            .where(DraftSeat.event_id == event_id)
        ).all()
    return {(p, seat): player for p, seat, player in rows}


def player(player_id: int) -> Actor:
    return Actor(f"player{player_id}", player_id=player_id)
