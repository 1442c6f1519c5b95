"""Season points a player takes home from one closed tournament (RULES.md §1).

    total = Swiss points + 3 × Top X wins              (INV-PTS-1, 3rd/4th match excluded)
          + podium: X + 4 / 2 / 1                      (INV-PTS-2, INV-PTS-3)
          | everyone else: ceil(n / 8)                 (INV-PTS-4)

At a Major the podium gets 10 / 8 / 7 and X + 2 (INV-MAJOR-3), the places after the podium up to
8th one point more (INV-MAJOR-4), the podium a separate national-final bonus of 3/2, 1, 1/2
(INV-MAJOR-5), and a player who dropped gets nothing at all (INV-MAJOR-6).

Decisions where the regulation is silent:
- A player who dropped at a *minor* tournament keeps the points earned: INV-DROP-1 zeroes them
  only at a Major, and the minor-tournament rules give every participant ceil(n/8).
- INV-MAJOR-6 "benefits only for who played every round the placement allows": a player who did
  not (``played_every_round=False``, e.g. skipped the 3rd/4th match) is scored as at a minor
  tournament — no 10/8/7, no X + 2, no 4th–8th point, no final bonus.
- The national-final bonus (INV-MAJOR-5) is listed in the seed among the Major benefits, so it is
  earned at Majors only; it is a Fraction kept apart from the (integer) season points.
- ``count_third_place_match`` (preset) adds 3 for a won 3rd/4th match when the alternative reading
  of INV-PTS-1 is chosen; the default Resolution excludes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.settings import MAJOR_EXTRA_LAST_PLACE, TOPCUT_WIN_POINTS

_ZERO = Fraction(0)
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


@dataclass(frozen=True, slots=True)
class Placement:
    """How one player ended one tournament."""

    player_id: PlayerId
    place: int  # 1 = winner
    swiss_points: int  # match points after the Swiss rounds (byes and draws included)
    topcut_wins: int  # Top X match wins, the 3rd/4th-place match excluded (INV-PTS-1)
    dropped: bool
    played_every_round: bool = True  # INV-MAJOR-6
    third_place_win: bool = False  # only counted when rules.count_third_place_match


@dataclass(frozen=True, slots=True)
class PointsBreakdown:
    """Season points of one player for one tournament, explained part by part."""

    player_id: PlayerId
    total: int
    parts: tuple[tuple[str, int], ...]
    final_bonus: Fraction = Fraction(0)  # INV-MAJOR-5, a separate tally
    note: str = ""  # why there are no parts (INV-MAJOR-6)

    @property
    def text(self) -> str:
        """E.g. "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"; built when shown."""
        if self.note:
            return f"{self.note} = {self.total}"
        shown = [self.parts[0], *(part for part in self.parts[1:] if part[1])]
        return " + ".join(f"{v} {label}" for label, v in shown) + f" = {self.total}"


def size_points(field_size: int, rules: SeasonPointsRules) -> int:
    """INV-PTS-2: X from the table, then +1 for each started ten beyond its last row (31–40: 9)."""
    if field_size < 1:
        raise TorneoError("field_size", f"{field_size} players", "at least 1 player")
    table = sorted(rules.size_points)
    if not table:
        return 0
    for max_players, x in table:
        if field_size <= max_players:
            return x
    last_max, last_x = table[-1]
    step = rules.size_points_step
    return last_x + -(-(field_size - last_max) // step)  # ceil: every started step counts


def participation_points(field_size: int, rules: SeasonPointsRules) -> int:
    """INV-PTS-4: one point for each started group of 8 players, ceil(n/8)."""
    return -(-field_size // rules.participation_group)


def tournament_points(
    placements: Sequence[Placement],
    *,
    field_size: int,
    is_major: bool,
    rules: SeasonPointsRules,
    top_size: int | None = None,
) -> list[PointsBreakdown]:
    """Season points of every placement, in the order given.

    ``field_size`` is the number of players who took part (the places run 1..field_size);
    ``top_size`` only names the Top X part of the explanation ("Top 8").
    """
    _check(placements, field_size)
    x = size_points(field_size, rules)
    rest = participation_points(field_size, rules)
    top_label = f"Top {top_size}" if top_size else "Top X"
    final_bonus = _fractions(tuple(rules.final_bonus))
    return [
        _one(p, field_size, is_major, rules, x, rest, top_label, final_bonus) for p in placements
    ]


def _one(
    p: Placement,
    field_size: int,
    is_major: bool,
    rules: SeasonPointsRules,
    x: int,
    rest: int,
    top_label: str,
    final_bonus: list[Fraction],
) -> PointsBreakdown:
    if is_major and p.dropped:
        # INV-MAJOR-6 / INV-DROP-1: a player who dropped at a Major takes no points at all.
        return PointsBreakdown(
            p.player_id, 0, (), note="dropped at a Major: no points (INV-MAJOR-6)"
        )
    major_benefits = is_major and p.played_every_round
    parts: list[tuple[str, int]] = [("Swiss", p.swiss_points)]
    if p.topcut_wins:
        parts.append((top_label, TOPCUT_WIN_POINTS * p.topcut_wins))  # INV-PTS-1
    if rules.count_third_place_match and p.third_place_win:
        parts.append(("3rd/4th match", TOPCUT_WIN_POINTS))
    podium = rules.major_podium_bonus if major_benefits else rules.podium_bonus
    bonus = _ZERO
    if p.place <= len(podium):
        # INV-PTS-3 / INV-MAJOR-3: the podium gets its bonus plus X (X + 2 at a Major).
        parts.append((f"{_ordinal(p.place)} place", podium[p.place - 1]))
        parts.append(("size", x))
        if major_benefits:
            parts.append(("Major size", rules.major_size_extra))
            if p.place <= len(final_bonus):
                bonus = final_bonus[p.place - 1]  # INV-MAJOR-5
    else:
        parts.append(("participation", rest))  # INV-PTS-4: ceil(n/8) for the rest
        if major_benefits and p.place <= MAJOR_EXTRA_LAST_PLACE:
            parts.append(("Major top 8", rules.major_top8_extra))  # INV-MAJOR-4
    total = 0
    for _, v in parts:
        total += v
    return PointsBreakdown(p.player_id, total, tuple(parts), bonus)


@cache
def _fractions(values: tuple[str, ...]) -> list[Fraction]:
    return [Fraction(v) for v in values]  # "3/2" → 3/2 (INV-MAJOR-5), parsed once per preset


def _ordinal(place: int) -> str:
    return _ORDINALS[place - 1] if place <= len(_ORDINALS) else f"{place}th"


def _check(placements: Sequence[Placement], field_size: int) -> None:
    if field_size < 1:
        raise TorneoError("field_size", f"{field_size} players", "at least 1 player")
    if len(placements) > field_size:
        raise TorneoError(
            "placements",
            f"{len(placements)} placements for a field of {field_size}",
            f"at most {field_size} placements",
        )
    seen_players: set[PlayerId] = set()
    seen_places: set[int] = set()
    for p in placements:
        if not 1 <= p.place <= field_size:
            raise TorneoError(
                "place", f"place {p.place} in a field of {field_size}", f"1..{field_size}"
            )
        if p.swiss_points < 0 or p.topcut_wins < 0:
            raise TorneoError(
                "swiss_points" if p.swiss_points < 0 else "topcut_wins",
                f"negative points for player {p.player_id}",
                "0 or more",
            )
        if p.player_id in seen_players:
            raise TorneoError("player", f"player {p.player_id} placed twice", "one placement each")
        if p.place in seen_places:
            raise TorneoError("place", f"place {p.place} given twice", "each place once")
        seen_players.add(p.player_id)
        seen_places.add(p.place)
