"""The Alembic migrations build exactly the tables the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from torneo.platform.store.tables import Base
from torneo.platform.store.uow import Actor, Store


def test_models_and_migrations_agree(store: Store) -> None:
    with store.engine.connect() as connection:
        diff = compare_metadata(
            MigrationContext.configure(connection, opts={"compare_type": True}), Base.metadata
        )
    assert diff == []


def test_0026_moves_the_top_rounds_from_bracket_slots_to_tables_1_to_n(
    store: Store, organizer: Actor
) -> None:
    """Issue 30: an event stored before 0026 had its Top rounds at their bracket slots
    (quarterfinals 4-7, semifinals 2-3); 0026 moves them to tables 1..n and back."""
    import random

    from alembic import command
    from sqlalchemy import text

    from tests.support.events import play_swiss_and_top, roster
    from torneo.cards import commands as events
    from torneo.platform.store.migrate import alembic_config

    rng = random.Random(7)
    event_id = events.create_event(
        store, organizer, name="Prova", preset="invasion-it-2012", held_on="2012-03-10"
    )
    events.register_roster(store, organizer, event_id, roster(26))
    events.start_event(store, organizer, event_id)
    play_swiss_and_top(store, organizer, event_id, rng, swiss=5, top=3)

    def tables() -> list[tuple[int, str, int]]:
        with store.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT round_no, stage, table_no FROM matches WHERE stage != 'swiss' "
                    "ORDER BY round_no, stage, table_no"
                )
            ).all()
        return [(int(r), str(s), int(t)) for r, s, t in rows]

    now = tables()
    assert [(s, t) for _, s, t in now] == [
        *[("top", t) for t in (1, 2, 3, 4)],
        *[("top", t) for t in (1, 2)],
        ("third_place", 2),
        ("top", 1),
    ]

    def migrate(up: bool) -> None:
        cfg = alembic_config()
        with store.engine.begin() as connection:
            cfg.attributes["connection"] = connection
            if up:
                command.upgrade(cfg, "0026")
            else:
                command.downgrade(cfg, "0025")

    migrate(up=False)
    assert [(s, t) for _, s, t in tables()] == [
        *[("top", t) for t in (4, 5, 6, 7)],
        *[("top", t) for t in (2, 3)],
        ("third_place", 2),
        ("top", 1),
    ]
    migrate(up=True)
    assert tables() == now
    events.close_event(store, organizer, event_id)


def test_0028_the_draft_picks_function_on_postgresql_only(store: Store) -> None:
    """Issue 32: a draft's batch of picks is one call of ``torneo_draft_picks`` on PostgreSQL;
    0028 makes it there (again after a downgrade drops it) and nothing on SQLite."""
    from alembic import command
    from sqlalchemy import text

    from torneo.platform.store.migrate import alembic_config

    def present() -> bool:
        if store.engine.dialect.name != "postgresql":
            return False
        with store.engine.connect() as c:
            found = c.execute(
                text("SELECT count(*) FROM pg_proc WHERE proname = 'torneo_draft_picks'")
            ).scalar()
        return found == 1

    def migrate(revision: str, up: bool) -> None:
        cfg = alembic_config()
        with store.engine.begin() as connection:
            cfg.attributes["connection"] = connection
            (command.upgrade if up else command.downgrade)(cfg, revision)

    assert present() == (store.engine.dialect.name == "postgresql")
    migrate("0027", up=False)
    assert not present()
    migrate("0028", up=True)
    assert present() == (store.engine.dialect.name == "postgresql")
    # an older backup restored over it (pg_restore --clean leaves the function), upgraded
    cfg = alembic_config()
    with store.engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.stamp(cfg, "0027")
    migrate("0028", up=True)
    assert present() == (store.engine.dialect.name == "postgresql")
