"""Who a newly registered player is (issue 12): a name is never merged silently.

Players are the federation's records, shared by every club and discipline. A registration of
one player says who it is: the id of a known player ("the same person"), ``"new"`` (a new
player, even with a name already known), or nothing, and then a name that matches a known
player is refused with the match (name, club, rating, id) so the organizer chooses. A match
already registered in the tournament is that player, so the answer is "already registered".
A pasted roster is the club's regulars: its known names are those players (the organizer reads
the list back), as every discipline's paste did before.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.platform.store.tables import Player

NEW = "new"
Choice = int | str | None
_ACCEPTED = N_("the id of the same person, or 'new' for a new player")


def identity(player: int | str | None) -> Choice:
    """The organizer's answer as given (an id, "new", or nothing), checked."""
    if player is None or (isinstance(player, str) and not player.strip()):
        return None
    if isinstance(player, str) and player.strip().lower() == NEW:
        return NEW
    try:
        value = int(player)
    except ValueError:
        value = 0
    if value < 1:
        raise TorneoError(
            "player",
            N_("'%(value)s' is neither a player's id nor 'new'"),
            _ACCEPTED,
            params={"value": player},
        )
    return value


def known_by_name(session: Session, name: str) -> Player | None:
    """The oldest player of that name (case does not count), if any."""
    return session.scalars(
        select(Player).where(func.lower(Player.name) == name.lower()).order_by(Player.id)
    ).first()


def chosen(
    session: Session, match: Player | None, choice: Choice, registered: Collection[int]
) -> Player | None:
    """The known player a registration is, or None for a new one (module doc)."""
    if choice is None and match is not None and match.id in registered:
        return match
    if choice == NEW:
        return None
    if isinstance(choice, int):
        known = session.get(Player, choice)
        if known is None:
            raise NotFound("player", N_("no player %(id)s"), _ACCEPTED, params={"id": choice})
        return known
    if match is not None:
        raise Conflict(
            "player",
            N_("a player named %(name)s is known: #%(id)s, club %(club)s, rating %(rating)s"),
            N_("player: %(id)s if it is the same person, or 'new' for a new player"),
            params={
                "name": match.name,
                "id": match.id,
                "club": match.club or "-",
                "rating": match.rating if match.rating is not None else "-",
            },
        )
    return None
