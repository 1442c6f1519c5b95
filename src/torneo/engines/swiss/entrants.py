"""What the Swiss engine is told about each player and how the preset wants the round paired.

The services build one :class:`SwissEntrant` per active player from the event's records and the
standings (scores in the preset's match-point units, rank with the tiebreaks applied), and one
:class:`SwissOptions` from the preset's ``[swiss]`` section.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter, contains
from typing import Literal

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.swiss.histories import check_two_sided

ByePolicy = Literal["lowest_ranked", "fewest_points"]


@dataclass(frozen=True, slots=True)
class SwissEntrant:
    """One active player before the round is paired.

    ``score`` is in the preset's units with the bye counted (3/1/0, or 30/20/0 for Berserk);
    ``rank`` is the position in the current standings, 0 = best: it decides who floats down
    from a score group and, under INV-BYE-1, who receives the bye.
    """

    id: PlayerId
    score: int
    rank: int
    opponents: frozenset[PlayerId] = frozenset()
    byes: int = 0
    club: str | None = None


@dataclass(frozen=True, slots=True)
class SwissOptions:
    """The preset's pairing settings (rulesets ``SwissRules``)."""

    # INV-BYE-1: lowest-ranked eligible player; BER-BYE-1: fewest points, random among equals.
    bye_policy: ByePolicy = "lowest_ranked"
    max_byes_per_player: int = 1  # INV-BYE-1 / BER-BYE-1: at most once per player
    avoid_same_club: bool = False  # secondary wish, usually for the first rounds only


_ID = attrgetter("id")
_OPPONENTS = attrgetter("opponents")
_BYES = attrgetter("byes")


def check_entrants(entrants: tuple[SwissEntrant, ...], options: SwissOptions) -> None:
    """Raise :class:`TorneoError` on input the engine cannot pair; nothing is changed."""
    if options.bye_policy not in ("lowest_ranked", "fewest_points"):
        raise TorneoError(
            "bye_policy",
            N_("unknown bye policy %(policy)s"),
            "lowest_ranked, fewest_points",
            params={"policy": repr(options.bye_policy)},
        )
    if options.max_byes_per_player < 0:
        raise TorneoError(
            "max_byes_per_player",
            N_("%(value)s is negative"),
            N_("0 or more"),
            params={"value": options.max_byes_per_player},
        )
    ids = list(map(_ID, entrants))
    opponents = list(map(_OPPONENTS, entrants))
    # Whole-field tests at C speed first (100,000 players, issue 14); on a failure the walk
    # below finds the first offending player and says what is wrong with them.
    if (
        len(set(ids)) != len(ids)
        or any(map(contains, opponents, ids))
        or min(map(_BYES, entrants), default=0) < 0
    ):
        seen: set[PlayerId] = set()
        for entrant in entrants:
            _check_entrant(entrant, seen)
    check_two_sided(ids, opponents)  # issue 14: one-sided histories are refused


def _check_entrant(entrant: SwissEntrant, seen: set[PlayerId]) -> None:
    """One player's own entry: listed once, not their own opponent, no negative byes."""
    if entrant.id in seen:
        raise TorneoError(
            "entrants",
            N_("player %(player)s is listed twice"),
            N_("each player once per round"),
            params={"player": entrant.id},
        )
    seen.add(entrant.id)
    if entrant.id in entrant.opponents:
        raise TorneoError(
            "entrants",
            N_("player %(player)s is listed as their own opponent"),
            N_("other players"),
            params={"player": entrant.id},
        )
    if entrant.byes < 0:
        raise TorneoError(
            "entrants",
            N_("player %(player)s has %(byes)s byes"),
            N_("0 or more"),
            params={"player": entrant.id, "byes": entrant.byes},
        )
