"""Ladders of an online card game (BER-RANK-1): professional and amateur, fed by formats.

Each format of BER-FMT-1..3 declares, as data, the ladders it feeds. The seed says Draft (a) and
(b) count "only for the amateur ranking and do not affect the professional one", and standard
Draft (c) "affects the professional ranking"; the whole document is headed "Classifica
Professionale", so Constructed and both Sealed formats feed the professional ladder.
Decision: every format feeds exactly one ladder (nothing says a professional event also counts
for the amateurs); a preset can pass its own mapping.

A ladder row shows the points (sum of the event points, BER-PTS-1, of the events of the formats
that feed it), the events played and, beside them, the player's Glicko-2 rating on that ladder
(issue 5 item 5). Order (the seed gives none for ladders): points, then the rating (the better
measure of play on equal points), then events played, more first as in INV-RANK-1, then player
id so the table is reproducible.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.engines.ranking import dense_ranks
from torneo.seasons.rules.glicko2 import Glicko2Match, Glicko2Rating, rate_period


class Ladder(StrEnum):
    PROFESSIONAL = "professional"
    AMATEUR = "amateur"


class Format(StrEnum):
    CONSTRUCTED = "constructed"  # BER-FMT-1
    SEALED_STARTER = "sealed_a"  # BER-FMT-2 (a): starter + 2 boosters
    SEALED_SIX = "sealed_b"  # BER-FMT-2 (b): 6 boosters
    DRAFT_ONE = "draft_a"  # BER-FMT-3 (a): 1 booster
    DRAFT_TWO = "draft_b"  # BER-FMT-3 (b): 2 boosters
    DRAFT_STANDARD = "draft_c"  # BER-FMT-3 (c): 4 boosters


FORMAT_LADDERS: Mapping[Format, frozenset[Ladder]] = MappingProxyType(
    {
        Format.CONSTRUCTED: frozenset({Ladder.PROFESSIONAL}),
        Format.SEALED_STARTER: frozenset({Ladder.PROFESSIONAL}),
        Format.SEALED_SIX: frozenset({Ladder.PROFESSIONAL}),
        Format.DRAFT_ONE: frozenset({Ladder.AMATEUR}),  # BER-FMT-3 (a): amateur only
        Format.DRAFT_TWO: frozenset({Ladder.AMATEUR}),  # BER-FMT-3 (b): amateur only
        Format.DRAFT_STANDARD: frozenset({Ladder.PROFESSIONAL}),  # BER-FMT-3 (c)
    }
)


def ladders_fed_by(
    fmt: Format, mapping: Mapping[Format, frozenset[Ladder]] = FORMAT_LADDERS
) -> frozenset[Ladder]:
    return mapping.get(fmt, frozenset())


def can_count_for(
    ladder: Ladder, fmt: Format, mapping: Mapping[Format, frozenset[Ladder]] = FORMAT_LADDERS
) -> Refusal | None:
    """BER-RANK-1: refuse to count an event for a ladder its format does not feed."""
    if ladder in ladders_fed_by(fmt, mapping):
        return None
    feeding = sorted(f.value for f, ls in mapping.items() if ladder in ls)
    return Refusal(
        "format",
        N_("%(format)s events do not count for the %(ladder)s ladder"),
        ", ".join(feeding),  # format ids, the same in every language
        "BER-RANK-1",
        params={"format": fmt.value, "ladder": Term(ladder.value)},
    )


@dataclass(frozen=True, slots=True)
class LadderEvent:
    """A finished online event: its format, each player's event points and its matches."""

    key: str
    format: Format
    points: Mapping[PlayerId, int]
    matches: Sequence[Glicko2Match] = ()


@dataclass(frozen=True, slots=True)
class LadderRow:
    rank: int  # dense on points (INV-RANK-2 style display)
    player_id: PlayerId
    points: int
    events: int
    rating: Glicko2Rating


def events_for(
    ladder: Ladder,
    events: Iterable[LadderEvent],
    mapping: Mapping[Format, frozenset[Ladder]] = FORMAT_LADDERS,
) -> list[LadderEvent]:
    return [e for e in events if ladder in ladders_fed_by(e.format, mapping)]


def ladder_ratings(
    ladder: Ladder,
    events: Iterable[LadderEvent],
    mapping: Mapping[Format, frozenset[Ladder]] = FORMAT_LADDERS,
) -> dict[PlayerId, Glicko2Rating]:
    """Glicko-2 ratings on ``ladder``, one rating period per event, in the order given."""
    ratings: dict[PlayerId, Glicko2Rating] = {}
    for event in events_for(ladder, events, mapping):
        if not event.matches:
            continue
        # Only the event's players form the period: an idle player's RD is not inflated by
        # events they did not enter, so a ladder with many small events stays fair.
        present = {pid: ratings.get(pid, Glicko2Rating()) for pid in _players(event)}
        ratings.update(rate_period(present, event.matches))
    return ratings


def ladder_table(
    ladder: Ladder,
    events: Iterable[LadderEvent],
    mapping: Mapping[Format, frozenset[Ladder]] = FORMAT_LADDERS,
) -> list[LadderRow]:
    """The ladder: points and events from the formats that feed it, with the rating beside."""
    fed = events_for(ladder, events, mapping)
    ratings = ladder_ratings(ladder, fed, mapping)
    points: dict[PlayerId, int] = {}
    played: dict[PlayerId, int] = {}
    for event in fed:
        for pid in _players(event):
            points[pid] = points.get(pid, 0) + event.points.get(pid, 0)
            played[pid] = played.get(pid, 0) + 1
    order = sorted(
        points,
        key=lambda p: (-points[p], -ratings.get(p, Glicko2Rating()).rating, -played[p], int(p)),
    )
    ranks = dense_ranks([points[p] for p in order])
    return [
        LadderRow(rank, p, points[p], played[p], ratings.get(p, Glicko2Rating()))
        for rank, p in zip(ranks, order, strict=True)
    ]


def _players(event: LadderEvent) -> list[PlayerId]:
    seen = dict.fromkeys(event.points)
    for m in event.matches:
        seen.setdefault(m.player_a)
        seen.setdefault(m.player_b)
    return list(seen)
