"""Helpers for the season, ladder and export tests: events played to the end, a season's CSV."""

from __future__ import annotations

import random

from tests.support.events import report_round, roster
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.judging import commands as judging
from torneo.platform.store.uow import Actor, Store

PRESET = "invasion-it-2012"
BERSERK = "berserk-online"
BERSERK_RESULTS = ["1-0", "0-1"]


def play_event(
    store: Store,
    org: Actor,
    *,
    players: int,
    seed: int,
    preset: str = PRESET,
    name: str = "Torneo di club",
    held_on: str = "2012-03-10",
    location: str = "Circolo",
    deck_format: str | None = None,
    results: list[str] | None = None,
    top_results: list[str] | None = None,
) -> int:
    """An event from registration to close, every result drawn from ``seed``."""
    rng = random.Random(seed)
    event_id = events.create_event(
        store, org, name=name, preset=preset, held_on=held_on, location=location, seed=seed
    )
    if deck_format is not None:
        judging.configure(store, org, event_id, deck_format=deck_format)  # BER-RANK-1
    events.register_roster(store, org, event_id, roster(players))
    rounds, top = events.start_event(store, org, event_id)
    for _ in range(rounds):
        events.pair_next_round(store, org, event_id)
        report_round(store, org, event_id, rng, results=results)
    if top:
        in_top = top_results or results
        events.start_top(store, org, event_id)
        report_round(store, org, event_id, rng, top=True, results=in_top)
        while queries.event_page(store, event_id).actions.close is not None:
            events.pair_next_round(store, org, event_id)
            report_round(store, org, event_id, rng, top=True, results=in_top)
    events.close_event(store, org, event_id)
    return event_id
