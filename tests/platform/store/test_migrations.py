"""The Alembic migrations build exactly the tables the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from torneo.platform.store.tables import Base
from torneo.platform.store.uow import Store


def test_models_and_migrations_agree(store: Store) -> None:
    with store.engine.connect() as connection:
        diff = compare_metadata(
            MigrationContext.configure(connection, opts={"compare_type": True}), Base.metadata
        )
    assert diff == []
