"""What each version of a poker tournament changed, and whether a staff action conflicts with it
(issue 26 item 1: conflicts only where something conflicts).

Every staff form and API call sends the tournament ``version`` it was read at. It used to be
compared with the whole tournament, so a floor person's phone was refused "the tournament
changed (yours 6, now 11)" after the director busted somebody else. Now the version is a
logical clock: every change of the tournament row stamps the *keys* of what it changed with the
version it made (``poker_tournaments.changed_in``), and an action is refused only when one of
the keys it is based on was stamped after the version its client read:

- ``player:<id>``: a player's seat, place in the field, purchases, sanctions;
- ``seat:<table>:<seat>``: who sits there; ``table:<n>``: a table opened, broken, its hand's
  positions;
- ``clock``, ``structure``, ``options``, ``payouts``, ``floor``, ``counts``, ``moves`` (the
  list of moves, whose last one "undo" takes back), ``log:<n>`` (one entry of the floor's log);
- ``*``: the whole tournament (a seat draw, a chop, the end): conflicts with every action.

The stamps are written by a ``before_update`` listener on the row, so no change can slip by
unstamped: an update whose command declared what it changed (:func:`declare`, through
``commands.touch``) stamps those keys plus every player, seat and table whose seating differs;
an update by code that declared nothing stamps ``*``, the old whole-tournament meaning. The
stamp is the version the UPDATE writes; a client that read version ``v`` read every change
stamped up to ``v``. A tournament last changed before these stamps began (``since`` unknown, or
a client version older than it) is refused as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Mapper

from torneo.core.errors import Conflict
from torneo.core.messages import N_
from torneo.poker.rules.seating import Seating
from torneo.poker.state import check_version, seating_of
from torneo.poker.tables import PokerTournament

EVERYTHING = "*"
SINCE = "since"  # the version the stamps began at: older clients are checked as a whole
_DECLARED = "torneo.changed"  # InstanceState.info: the keys a command declared
_TRACKED = "torneo.tracked"  # InstanceState.info: a command that will declare its keys

CLOCK = "clock"
STRUCTURE = "structure"
OPTIONS = "options"
PAYOUTS = "payouts"
FLOOR = "floor"
COUNTS = "counts"
MOVES = "moves"


def player(pid: int) -> str:
    return f"player:{int(pid)}"


def seat(table: int, number: int) -> str:
    return f"seat:{int(table)}:{int(number)}"


def table(number: int) -> str:
    return f"table:{int(number)}"


def log_entry(number: int) -> str:
    return f"log:{int(number)}"


def track(row: PokerTournament) -> None:
    """This command declares what it changes (:func:`declare`): its updates before the
    declaration stamp nothing of their own (the last one stamps everything declared)."""
    inspect(row).info[_TRACKED] = True


def declare(row: PokerTournament, keys: Iterable[str]) -> None:
    """What the pending change of ``row`` touches, stamped at its next UPDATE."""
    info = inspect(row).info
    info[_TRACKED] = True
    declared: set[str] = info.setdefault(_DECLARED, set())
    declared.update(keys)


def seating_keys(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> set[str]:
    """The players, seats and tables whose seating differs between two stored snapshots."""
    old, new = _seating(before), _seating(after)
    keys: set[str] = set()
    if old is None and new is None:
        return keys
    if old is None or new is None:
        return {EVERYTHING}  # seats drawn or withdrawn: everything moved
    for p in set(old.where) | set(new.where):
        if old.where.get(p) != new.where.get(p):
            keys.add(player(p))
    for number in set(old.tables) | set(new.tables):
        a, b = old.tables.get(number), new.tables.get(number)
        if a is None or b is None:
            keys.add(table(number))
            continue
        if (a.is_closed, a.last_hand, a.drawn_button, a.capacity) != (
            b.is_closed,
            b.last_hand,
            b.drawn_button,
            b.capacity,
        ):
            keys.add(table(number))
        for n, (x, y) in enumerate(zip(a.seats, b.seats, strict=False), start=1):
            if x != y:
                keys.add(seat(number, n))
    return keys


def _seating(stored: Mapping[str, Any] | None) -> Seating | None:
    if not stored:
        return None
    return seating_of(dict(stored))


def _stamp(_mapper: Mapper[Any], _connection: Connection, row: PokerTournament) -> None:
    """Before every UPDATE of a tournament row: stamp what it changes (module doc)."""
    state = inspect(row)
    info = state.info
    keys: set[str] = set(info.pop(_DECLARED, set()))
    history = state.attrs.seating.history
    if history.deleted and history.added:
        keys |= seating_keys(history.deleted[0], history.added[0])
    if not keys and not info.get(_TRACKED):
        keys = {EVERYTHING}
    if not keys:
        return
    changes = dict(row.changed_in or {})
    changes.setdefault(SINCE, row.version)
    made = row.version + 1  # the version this UPDATE writes (Versioned)
    for key in keys:
        changes[key] = made
    row.changed_in = changes


event.listen(PokerTournament, "before_update", _stamp)


# --- the check ----------------------------------------------------------------------------------

_SAYS: dict[str, str] = {
    "player": N_(
        "%(name)s was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    "seat": N_(
        "table %(table)s seat %(seat)s was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    "table": N_(
        "table %(table)s was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    "log": N_(
        "entry %(entry)s of the floor's log was changed by someone else after you loaded the "
        "page (your version %(mine)s, changed at %(changed)s)"
    ),
    CLOCK: N_(
        "the clock was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    STRUCTURE: N_(
        "the structure was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    OPTIONS: N_(
        "the entry options were changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    PAYOUTS: N_(
        "the payout table was changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    FLOOR: N_(
        "the floor options were changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    COUNTS: N_(
        "the chip counts were changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    MOVES: N_(
        "the moves were changed by someone else after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
    EVERYTHING: N_(
        "the tournament changed as a whole after you loaded the page "
        "(your version %(mine)s, changed at %(changed)s)"
    ),
}


def entrant_name(row: PokerTournament, pid: int) -> str:
    """A player's name as the tournament's entrants give it (the refusals name people)."""
    for e in row.entrants:
        if e.player_id == pid:
            return e.player.name
    return str(pid)


def _conflict(row: PokerTournament, key: str, mine: int, changed: int) -> Conflict:
    kind, _, rest = key.partition(":")
    params: dict[str, Any] = {"mine": mine, "changed": changed}
    if kind == "player":
        params["name"] = entrant_name(row, int(rest))
    elif kind == "seat":
        params["table"], _, params["seat"] = rest.partition(":")
    elif kind == "table":
        params["table"] = rest
    elif kind == "log":
        params["entry"] = rest
    return Conflict(
        "version",
        _SAYS.get(kind, _SAYS[EVERYTHING]),
        N_("reload the page and try again"),
        params=params,
    )


def check_basis(row: PokerTournament, version: int | None, basis: Iterable[str]) -> None:
    """Refuse (409) an action whose client read ``version`` when one of the keys it is based
    on, or the whole tournament, changed after it (module doc); ``None``: no check."""
    if version is None or version == row.version:
        return
    changes: Mapping[str, Any] = row.changed_in or {}
    since = changes.get(SINCE)
    if version > row.version or since is None or version < int(since):
        check_version(row, version)  # a version never had, or older than the stamps
        return
    for key in (EVERYTHING, *basis):
        changed = changes.get(key)
        if changed is not None and int(changed) > version:
            raise _conflict(row, key, version, int(changed))


def based_on(row: PokerTournament, version: int | None, basis: Iterable[str]) -> None:
    """:func:`check_basis`, then :func:`track`: the command declares what it changes with
    ``commands.touch(row, *keys)`` once done (a flush on the way stamps nothing of its own)."""
    check_basis(row, version, basis)
    track(row)


def changing(row: PokerTournament, version: int | None, key: str) -> None:
    """A change of one thing (the structure, the payouts...) based on that thing alone."""
    check_basis(row, version, [key])
    declare(row, [key])
