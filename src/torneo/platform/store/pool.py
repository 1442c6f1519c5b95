"""Does the deployment fit the database? ``workers × pool`` against PostgreSQL's connections.

``torneo serve --workers N`` asks the server for ``max_connections`` and
``superuser_reserved_connections`` once, before starting the workers, and warns when N pools of
:func:`torneo.platform.store.db.pool_size` connections would not fit: under load the last
connections would be refused and requests would wait, then get 503 (issue 14). A warning, not a
refusal: other clients' needs and poolers in between (PgBouncer) are the operator's to judge.
"""

from __future__ import annotations

from sqlalchemy import Engine, text

from torneo.core.messages import N_, Message


def connection_budget(engine: Engine, workers: int, pool: int) -> Message | None:
    """A warning when ``workers`` pools of ``pool`` connections exceed what the server allows
    (None on SQLite, or when they fit)."""
    if engine.dialect.name != "postgresql":
        return None
    with engine.connect() as connection:
        most = int(connection.execute(text("SHOW max_connections")).scalar_one())
        reserved = int(connection.execute(text("SHOW superuser_reserved_connections")).scalar_one())
    needed = workers * pool
    if needed <= most - reserved:
        return None
    return Message(
        N_(
            "%(workers)s workers × %(pool)s database connections = %(needed)s, more than the"
            " %(usable)s PostgreSQL allows (max_connections %(most)s, %(reserved)s reserved):"
            " lower --workers or TORNEO_WORKER_THREADS, or raise max_connections"
        ),
        {
            "workers": workers,
            "pool": pool,
            "needed": needed,
            "usable": most - reserved,
            "most": most,
            "reserved": reserved,
        },
    )
