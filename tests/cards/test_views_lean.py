"""The read models built from plain rows (torneo.cards.views_lean, issue 14 item 2) are the
ones built from the ORM's event, at every stage of an event, with pods, drops and a Top X."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.support.events import report_round, roster
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.state import get_event
from torneo.cards.views_lean import load_event_rows
from torneo.cards.views_load import Loaded
from torneo.core.errors import NotFound
from torneo.judging.staff import judges_of
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store


def _loaded(event: Any, judges: int) -> Loaded:
    """As the pages load an event: its judges counted too (INV-LEGAL-3's warning, issue 30)."""
    ld = Loaded(event)
    ld.judges = judges
    return ld


def _same_page(store: Store, event_id: int) -> queries.EventPage:
    with store.read() as s:
        judges = len(judges_of(s, event_id))
        from_orm = queries._page(_loaded(get_event(s, event_id), judges), None)
        for number in from_orm.round_numbers:  # every round's pairings, not only the last
            assert queries._page(_loaded(get_event(s, event_id), judges), number) == queries._page(
                _loaded(load_event_rows(s, event_id), judges), number
            )
        from_rows = queries._page(_loaded(load_event_rows(s, event_id), judges), None)
    assert from_rows == from_orm
    assert queries.event_page(store, event_id) == from_orm
    return from_orm


def test_plain_rows_give_the_orm_pages_read_models_from_registration_to_the_end(
    store: Store, organizer: Actor
) -> None:
    rng = random.Random(5)
    event_id = events.create_event(
        store, organizer, name="Prova", preset="invasion-it-2012", held_on="2012-03-10", seed=3
    )
    _same_page(store, event_id)
    events.register_roster(store, organizer, event_id, roster(11))
    _same_page(store, event_id)
    rounds, _top = events.start_event(store, organizer, event_id)
    for number in range(1, rounds + 1):
        events.pair_next_round(store, organizer, event_id)
        _same_page(store, event_id)  # nothing reported yet
        report_round(store, organizer, event_id, rng)
        if number == 1:
            dropped = queries.standings(store, event_id).lines[-1].player_id
            events.drop_player(store, organizer, event_id, dropped)
        _same_page(store, event_id)
    events.start_top(store, organizer, event_id)
    while True:
        report_round(store, organizer, event_id, rng, top=True)
        page = _same_page(store, event_id)
        if page.actions.close is None:
            break
        events.pair_next_round(store, organizer, event_id)
    events.close_event(store, organizer, event_id)
    page = _same_page(store, event_id)
    assert page.final is not None
    assert page.bracket is not None


def test_plain_rows_of_an_event_in_pods(store: Store, organizer: Actor) -> None:
    """BER-POD-1..3: the pods, each player's pod and the pods' standings from plain rows."""
    rng = random.Random(7)
    event_id = events.create_event(
        store, organizer, name="Berserk", preset="berserk-online", held_on="2026-12-05", seed=16
    )
    events.register_roster(store, organizer, event_id, roster(20))
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    report_round(store, organizer, event_id, rng, results=["1-0", "0-1", "0-0-1"])
    page = _same_page(store, event_id)
    assert len(page.pods) > 1
    assert page.standings.pods


def test_plain_rows_of_an_unknown_event_are_refused_as_the_orm_refuses(store: Store) -> None:
    with store.read() as s, pytest.raises(NotFound) as refused:
        load_event_rows(s, 999_999)
    assert refused.value.field == "event_id"


def test_rows_kept_for_one_database_are_never_shown_for_another(tmp_path: Path) -> None:
    """Two databases with an event of the same id, the same counts and versions, and other
    names: each page shows its own (what is kept is kept per database)."""
    pages = []
    for name in ("a", "b"):
        engine = make_engine(f"sqlite:///{tmp_path / name}.db")
        upgrade(engine)
        store, org = Store(engine), Actor.system()
        event_id = events.create_event(
            store, org, name="Prova", preset="invasion-it-2012", held_on="2012-03-10", seed=3
        )
        names = "\n".join(f"{name.upper()} Giocatore {i}" for i in range(1, 9))
        events.register_roster(store, org, event_id, names)
        events.start_event(store, org, event_id)
        events.pair_next_round(store, org, event_id)
        pages.append((name.upper(), queries.event_page(store, event_id)))
    for prefix, page in pages:
        assert page.round is not None
        assert {p.name.split()[0] for p in page.players} == {prefix}
        assert {line.a.name.split()[0] for line in page.round.lines} == {prefix}
