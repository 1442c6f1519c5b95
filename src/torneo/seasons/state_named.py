"""Finding a season by its name (issue 27): names are unique within a club, not server-wide.

One club used to be able to squat another's season names (the first to create "Inverno 2026"
took it for every club). Now each club has its own; a name alone still finds a season when only
one club uses it, or when the actor belongs to only one of the clubs that do. Otherwise the
caller is asked for the club (``--club`` on the command line) or the season's id: a name never
silently picks another club's season.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Actor
from torneo.seasons.tables import Season


def normal(name: str) -> str:
    """A season name as compared: white space collapsed, case ignored."""
    return " ".join(name.split()).lower()


def season_named(
    session: Session,
    name: str,
    *,
    club: int | None = None,
    actor: Actor | None = None,
    for_update: bool = False,
    options: Sequence[Any] = (),
) -> Season | None:
    """The season called ``name`` (of ``club`` when given), or None; a refusal naming the
    clubs' seasons when the name is ambiguous (module doc)."""
    stmt = select(Season).where(func.lower(Season.name) == normal(name)).order_by(Season.id)
    if club is not None:
        stmt = stmt.where(Season.club_id == club)
    if options:
        stmt = stmt.options(*options)
    if for_update:
        stmt = stmt.with_for_update()
    rows = list(session.scalars(stmt).all())
    if len(rows) > 1 and actor is not None and not actor.admin:
        mine = [r for r in rows if actor.roles_in(r.club_id)]
        rows = mine or rows
    if len(rows) > 1:
        raise TorneoError(
            "club",
            N_("%(n)s clubs have a season named '%(name)s' (seasons %(ids)s)"),
            N_("the season's id, or its club (--club)"),
            params={"n": len(rows), "name": name[:200], "ids": ", ".join(str(r.id) for r in rows)},
        )
    return rows[0] if rows else None
