"""Persistence: SQLAlchemy 2 tables, Alembic migrations, the unit of work.

Both table modules are imported here so that ``Base.metadata`` (Alembic's target, the
models-and-migrations test) always holds every table, whichever module is imported first.
"""

from torneo.store import judging_models as judging_models
from torneo.store import ladder_models as ladder_models
from torneo.store import models, season_models
from torneo.store import poker_models as poker_models
from torneo.store import risiko_models as risiko_models
from torneo.store import season_calendar_models as season_calendar_models
from torneo.store import self_report_models as self_report_models

__all__ = ["models", "season_models"]
