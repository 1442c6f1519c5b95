"""Points a player takes home from one closed card tournament (docs/rules.md §1).

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

Where this lives (issue 11): the points are a fact of one closed card tournament under its
preset's ``[season]`` table, shown on the event's page at the close; a season
(:mod:`torneo.seasons`) sums them (INV-RANK-*) and voids them (INV-LEGAL-8). So the rule is the
cards discipline's and seasons reads it through cards, the declared direction: cards imports
nothing of seasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message
from torneo.presets.models import SeasonPointsRules

# INV-PTS-1: every Top X match win is worth a Swiss win (3 points).
TOPCUT_WIN_POINTS = 3
# INV-MAJOR-4: the places from after the podium up to this one get the Major extra point.
MAJOR_EXTRA_LAST_PLACE = 8
_ZERO = Fraction(0)
_ORDINALS = (
    N_("first place"),
    N_("second place"),
    N_("third place"),
    N_("fourth place"),
    N_("fifth place"),
)
DROPPED_AT_MAJOR = N_("dropped at a Major: no points (INV-MAJOR-6)")


class PartLabel(str):
    """The label of one part of a breakdown: reads as its English words ("Top 8"), and keeps
    the :class:`Message` the pages translate ("Top 8", "primo posto")."""

    message: Message

    def __new__(cls, message_id: str, **params: object) -> PartLabel:
        msg = Message(message_id, params)
        label = super().__new__(cls, msg.english())
        label.message = msg
        return label


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
    parts: tuple[tuple[PartLabel, int], ...]
    final_bonus: Fraction = Fraction(0)  # INV-MAJOR-5, a separate tally
    note: str = ""  # why there are no parts (INV-MAJOR-6)

    @property
    def text(self) -> str:
        """E.g. "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"; built when shown."""
        return self.message.english()

    @property
    def message(self) -> Message:
        """The sum as a message: each label translates, the numbers and signs stay."""
        return breakdown_message(self.parts, self.total, self.note)


def breakdown_message(
    parts: Sequence[tuple[PartLabel, int]], total: int, note: str = ""
) -> Message:
    """ "13 Swiss + 9 Top 8 + … = 34" as a message (INV-PTS-*): the template is the sum's shape,
    not a catalog entry, so only the labels (and the INV-MAJOR-6 note) are translated."""
    if note:
        return Message("%(note)s = %(total)s", {"note": Message(note), "total": total})
    shown = [parts[0], *(part for part in parts[1:] if part[1])] if parts else []
    template = " + ".join(f"%(v{i})s %(l{i})s" for i in range(len(shown)))
    values: dict[str, object] = {"total": total}
    for i, (label, value) in enumerate(shown):
        values[f"v{i}"] = value
        values[f"l{i}"] = label.message
    return Message(f"{template} = %(total)s", values)


def size_points(field_size: int, rules: SeasonPointsRules) -> int:
    """INV-PTS-2: X from the table, then +1 for each started ten beyond its last row (31–40: 9)."""
    if field_size < 1:
        raise _no_field(field_size)
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
    top_label = PartLabel(N_("Top %(n)s"), n=top_size or "X")
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
    top_label: PartLabel,
    final_bonus: list[Fraction],
) -> PointsBreakdown:
    if is_major and p.dropped:
        # INV-MAJOR-6 / INV-DROP-1: a player who dropped at a Major takes no points at all.
        return PointsBreakdown(p.player_id, 0, (), note=DROPPED_AT_MAJOR)
    major_benefits = is_major and p.played_every_round
    parts: list[tuple[PartLabel, int]] = [(PartLabel(N_("Swiss")), p.swiss_points)]
    if p.topcut_wins:
        parts.append((top_label, TOPCUT_WIN_POINTS * p.topcut_wins))  # INV-PTS-1
    if rules.count_third_place_match and p.third_place_win:
        parts.append((PartLabel(N_("3rd/4th match")), TOPCUT_WIN_POINTS))
    podium = rules.major_podium_bonus if major_benefits else rules.podium_bonus
    bonus = _ZERO
    if p.place <= len(podium):
        # INV-PTS-3 / INV-MAJOR-3: the podium gets its bonus plus X (X + 2 at a Major).
        parts.append((_ordinal(p.place), podium[p.place - 1]))
        parts.append((PartLabel(N_("size")), x))
        if major_benefits:
            parts.append((PartLabel(N_("Major size")), rules.major_size_extra))
            if p.place <= len(final_bonus):
                bonus = final_bonus[p.place - 1]  # INV-MAJOR-5
    else:
        parts.append((PartLabel(N_("participation")), rest))  # INV-PTS-4: ceil(n/8)
        if major_benefits and p.place <= MAJOR_EXTRA_LAST_PLACE:
            parts.append((PartLabel(N_("Major top 8")), rules.major_top8_extra))  # INV-MAJOR-4
    total = 0
    for _, v in parts:
        total += v
    return PointsBreakdown(p.player_id, total, tuple(parts), bonus)


@cache
def _fractions(values: tuple[str, ...]) -> list[Fraction]:
    return [Fraction(v) for v in values]  # "3/2" → 3/2 (INV-MAJOR-5), parsed once per preset


def _ordinal(place: int) -> PartLabel:
    if place <= len(_ORDINALS):
        return PartLabel(_ORDINALS[place - 1])
    return PartLabel(N_("%(n)sth place"), n=place)


def _no_field(field_size: int) -> TorneoError:
    return TorneoError(
        "field_size", N_("%(n)s players"), N_("at least 1 player"), params={"n": field_size}
    )


def _check(placements: Sequence[Placement], field_size: int) -> None:
    if field_size < 1:
        raise _no_field(field_size)
    if len(placements) > field_size:
        raise TorneoError(
            "placements",
            N_("%(n)s placements for a field of %(size)s"),
            N_("at most %(size)s placements"),
            params={"n": len(placements), "size": field_size},
        )
    seen_players: set[PlayerId] = set()
    seen_places: set[int] = set()
    for p in placements:
        _check_one(p, field_size, seen_players, seen_places)
        seen_players.add(p.player_id)
        seen_places.add(p.place)


def _check_one(
    p: Placement, field_size: int, seen_players: set[PlayerId], seen_places: set[int]
) -> None:
    values = {"place": p.place, "size": field_size, "player": p.player_id}
    if not 1 <= p.place <= field_size:
        raise TorneoError(
            "place", N_("place %(place)s in a field of %(size)s"), "1..%(size)s", params=values
        )
    if p.swiss_points < 0 or p.topcut_wins < 0:
        raise TorneoError(
            "swiss_points" if p.swiss_points < 0 else "topcut_wins",
            N_("negative points for player %(player)s"),
            N_("0 or more"),
            params=values,
        )
    if p.player_id in seen_players:
        raise TorneoError(
            "player",
            N_("player %(player)s placed twice"),
            N_("one placement each"),
            params=values,
        )
    if p.place in seen_places:
        raise TorneoError(
            "place", N_("place %(place)s given twice"), N_("each place once"), params=values
        )
