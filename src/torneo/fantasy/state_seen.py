"""What an administrator's matchday form was based on (issue 26 item 1: conflicts only where
something conflicts).

A league's administrators may work on two devices at once: one imports matchday 5's votes
while the other records a penalty, adds a team or corrects matchday 4's facts. None of these
touch one another, and none is refused. What does conflict is two acts on the *same* matchday's
data read at different moments: importing provisional votes over the official file someone
else imported after the page was opened, or deleting an import one has not seen. So the
manage page sends, with its votes, facts and delete forms, the stamp of every matchday's data
as it showed it (``seen``), and the command compares only the stamp of the matchday it changes.

A stamp is the data row's id, version and import time (``"0"``: nothing imported): the version
changes with every import or correction of that matchday (SQLAlchemy's ``version_id_col``); a
row deleted and imported again may get the same id and starts at version 1 again (SQLite
reuses the last id), so the moment of the import (to the microsecond) tells it apart. A form
without stamps (the API, the CLI, an old page) is not checked, as before.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict
from torneo.core.messages import N_
from torneo.fantasy.state import utc
from torneo.fantasy.tables import FantasyMatchday

NOTHING = "0"


def _stamp(row_id: int, version: int, imported_at: datetime) -> str:
    return f"{row_id}.{version}.{round(utc(imported_at).timestamp() * 1_000_000)}"


def stamp(row: FantasyMatchday | None) -> str:
    return NOTHING if row is None else _stamp(row.id, row.version, row.imported_at)


def stamps(session: Session, league_id: int) -> dict[int, str]:
    """Every matchday's stamp (those with no data are left out: their stamp is ``"0"``)."""
    rows = session.execute(
        select(
            FantasyMatchday.matchday,
            FantasyMatchday.id,
            FantasyMatchday.version,
            FantasyMatchday.imported_at,
        ).where(FantasyMatchday.league_id == league_id)
    )
    return {m: _stamp(i, v, at) for m, i, v, at in rows}


def stamps_text(found: dict[int, str], matchdays: list[int]) -> str:
    """The stamps of ``matchdays`` as a form sends them: ``1:12.3 2:0 ...``."""
    return " ".join(f"{m}:{found.get(m, NOTHING)}" for m in matchdays)


def seen_for(text: str | None, matchday: int) -> str | None:
    """The stamp a form saw for ``matchday`` (None: it sent none, nothing is checked)."""
    for pair in (text or "").split():
        day, _, value = pair.partition(":")
        if day == str(matchday) and value:
            return value[:40]
    return None


def check_seen(row: FantasyMatchday | None, seen: str | None, matchday: int) -> None:
    """409 when matchday ``matchday``'s data changed since the form was read."""
    if seen is not None and seen != stamp(row):
        raise Conflict(
            "matchday",
            N_(
                "matchday %(n)s's votes were changed by someone else since you opened the page: "
                "nothing was saved"
            ),
            N_("look at the matchday as it is now and retry"),
            params={"n": matchday},
        )
