"""The load run's event (bench/load/run.py): a fresh database migrated, an
``invasion-it-2012`` event of N players with round 1 paired, and their slips. Players and
registrations are written in bulk: the setup is not what is measured."""

from __future__ import annotations

from torneo.cards import commands as events
from torneo.cards.self_report import views as sr
from torneo.cards.tables import Registration
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import Player, User
from torneo.platform.store.uow import Actor, Store

SECRET = "load-bench-secret-" + "x" * 40
ORG = Actor("bench", frozenset({(1, "organizer")}))


def seed_event(
    url: str, players: int, accounts: bool = False
) -> tuple[int, list[sr.Slip], dict[int, int]]:
    """The event, its slips, and with ``accounts`` a player account per player (user by
    player id: stored directly, no password is ever checked)."""
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    event_id = events.create_event(
        store, ORG, name="Finale nazionale", preset="invasion-it-2012", held_on="2012-06-30", seed=7
    )
    with store.unit(ORG) as uow:  # bulk: 2,000 registrations one by one is not the point here
        now = uow.now
        rows = [
            Player(name=f"Giocatore {i:04d}", created_at=now, version=1) for i in range(players)
        ]
        uow.session.add_all(rows)
        uow.session.flush()
        uow.session.add_all(
            Registration(event_id=event_id, player_id=p.id, joined_round=1, version=1) for p in rows
        )
        users = [
            User(
                username=f"giocatore-{p.id}",
                display_name=p.name,
                password_hash="-",
                player_id=p.id,
                created_at=now,
                version=1,
            )
            for p in (rows if accounts else [])
        ]
        uow.session.add_all(users)
        uow.session.flush()
        user_of = {u.player_id: u.id for u in users if u.player_id is not None}
    events.start_event(store, ORG, event_id)
    events.pair_next_round(store, ORG, event_id)
    slips = [s for s in sr.slips(store, ORG, event_id, secret=SECRET) if s.code]
    engine.dispose()
    return event_id, slips, user_of
