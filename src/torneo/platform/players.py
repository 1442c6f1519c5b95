"""Who a newly registered player is (issue 12): a name is never merged silently.

Players are the federation's records, shared by every club and discipline. A registration of
one player says who it is: the id of a known player ("the same person"), ``"new"`` (a new
player, even with a name already known), or nothing, and then a name that matches a known
player is refused with the match (name, club, rating, id) so the organizer chooses. A match
already registered in the tournament is that player, so the answer is "already registered".
A pasted roster is the club's regulars: its known names are those players (the organizer reads
the list back), as every discipline's paste did before.

Pastes are looked up and written in batches (issue 14: one query per batch of :data:`BATCH`
names, not one per line): :func:`known_players`, :func:`insert_players` and
:func:`update_clubs`, :func:`update_ratings`, shared by card events, RisiKo! and poker.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from datetime import datetime
from typing import NamedTuple, TypeVar, cast

from sqlalchemy import Table, bindparam, func, insert, select, update
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import PlayerInput
from torneo.core.messages import N_
from torneo.platform.store.tables import Player

BATCH = 1000  # names per lookup: far below SQLite's and PostgreSQL's parameter limits
T = TypeVar("T")
_PLAYERS = cast(Table, Player.__table__)
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


class KnownPlayer(NamedTuple):
    id: int
    name: str  # as stored
    club: str | None
    rating: int | None = None


def batches(items: Sequence[T]) -> Iterator[Sequence[T]]:
    """``items`` in slices of :data:`BATCH`: one statement each."""
    for start in range(0, len(items), BATCH):
        yield items[start : start + BATCH]


def known_players(session: Session, names: Sequence[str]) -> dict[str, KnownPlayer]:
    """Existing players by lower-cased name, the oldest on a tie; one query per batch.

    Matched exactly as a single registration matches a name (``lower(name)`` in SQL against the
    name lower-cased, :func:`known_by_name`), so a paste and one-by-one entry find the same
    players.
    """
    found: dict[str, KnownPlayer] = {}
    keys = sorted({name.lower() for name in names})
    lowered = func.lower(Player.name)
    for batch in batches(keys):
        rows = session.execute(
            select(lowered, Player.id, Player.name, Player.club, Player.rating)
            .where(lowered.in_(batch))
            .order_by(Player.id)
        )
        for key, player_id, name, club, rating in rows:
            found.setdefault(key, KnownPlayer(player_id, name, club, rating))
    return found


# RETURNING comes back in no guaranteed order (asking for the parameters' order makes SQLite
# send one row per statement), so the rows are matched by a key unique in the batch: a new
# player's exact name (a paste has each name once).


def insert_players(
    session: Session, now: datetime, players: Sequence[PlayerInput], *, club_id: int | None
) -> list[int]:
    """New players (each name once), in order; their ids. One INSERT per batch. ``club_id``:
    the club creating them, whose organizers hand out their claim codes (issue 27 hole 1)."""
    ids: list[int] = []
    stmt = insert(_PLAYERS).returning(Player.id, Player.name)
    for batch in batches(players):
        rows = [
            {
                "name": p.name,
                "club": p.club,
                "rating": p.rating,
                "created_at": now,
                "version": 1,
                "club_id": club_id,
            }
            for p in batch
        ]
        made = {name: player_id for player_id, name in session.execute(stmt, rows)}
        ids += [made[p.name] for p in batch]
    return ids


def update_ratings(session: Session, ratings: Sequence[tuple[int, int]]) -> None:
    """The rating each (player id, rating) has now; one statement for them all."""
    _update_column(session, "rating", ratings)


def update_clubs(session: Session, clubs: Sequence[tuple[int, str]]) -> None:
    """The club each (player id, club) plays for now; one statement for them all."""
    _update_column(session, "club", clubs)


def _update_column(session: Session, column: str, values: Sequence[tuple[int, object]]) -> None:
    """``column`` of each (player id, value), the row's version moved; one executemany."""
    if values:
        stmt = (
            update(_PLAYERS)
            .where(_PLAYERS.c.id == bindparam("player_id"))
            .values({column: bindparam("new_value"), "version": _PLAYERS.c.version + 1})
        )
        session.execute(
            stmt,
            [{"player_id": pid, "new_value": value} for pid, value in values],
            execution_options={"synchronize_session": False},
        )
