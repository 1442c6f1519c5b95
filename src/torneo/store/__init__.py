"""Persistence: SQLAlchemy 2 tables, Alembic migrations, the unit of work.

Both table modules are imported here so that ``Base.metadata`` (Alembic's target, the
models-and-migrations test) always holds every table, whichever module is imported first.
"""

from torneo.store import models, season_models

__all__ = ["models", "season_models"]
