"""Standings, the Top X bracket and the final placements with tournament points.

- The bracket is drawn from the Top X matches actually paired, in table order; the rounds not
  yet paired are shown as empty slots (half as many matches as the round before).
- Tournament points (INV-PTS-*, INV-MAJOR-*) are shown once the event is finished. A player
  ``played_every_round`` (INV-MAJOR-6) when they entered in round 1 and neither dropped nor were
  disqualified; ``field_size`` is every registered player (dropped players took part).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.points import PartLabel, Placement, tournament_points
from torneo.cards.views_load import Loaded, Side, winner_of
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord, Stage


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    name: str
    value: Fraction


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int
    rank: int  # INV-RANK-2 dense rank, shown
    player_id: int
    name: str
    club: str | None
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    matches_played: int
    tiebreaks: tuple[TiebreakValue, ...]
    is_active: bool


@dataclass(frozen=True, slots=True)
class StandingsView:
    after_round: int  # Swiss rounds with every result in
    tiebreak_names: tuple[str, ...]
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True, slots=True)
class BracketMatch:
    round_no: int | None  # None: not paired yet
    table: int | None
    a: Side | None
    b: Side | None
    result: str | None
    winner_id: int | None


@dataclass(frozen=True, slots=True)
class BracketRound:
    players: int  # 8 = quarterfinals, 4 = semifinals, 2 = final
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True, slots=True)
class BracketView:
    top_size: int
    seeds: tuple[Side, ...]
    rounds: tuple[BracketRound, ...]
    third_place: BracketMatch | None
    champion: Side | None


@dataclass(frozen=True, slots=True)
class PointsLine:
    place: int
    player_id: int
    name: str
    swiss_points: int
    topcut_wins: int
    dropped: bool
    total: int
    parts: tuple[tuple[PartLabel, int], ...]  # ("Swiss", 13), ("Top 8", 9), ("first place", 4) ...
    final_bonus: Fraction  # INV-MAJOR-5, a separate tally


@dataclass(frozen=True, slots=True)
class FinalView:
    field_size: int
    is_major: bool
    has_points: bool  # False when the preset has no season points table
    lines: tuple[PointsLine, ...]


def standings_of(ld: Loaded) -> StandingsView:
    chain = tuple(ld.ruleset.tiebreaks)
    shown = tuple(n for n in chain if n != "match_points")  # equal to the points column
    lines = tuple(
        StandingLine(
            position=r.position,
            rank=r.dense_rank,
            player_id=int(r.player_id),
            name=ld.names.get(r.player_id, f"#{r.player_id}"),
            club=ld.clubs.get(r.player_id),
            points=r.points,
            wins=r.wins,
            losses=r.losses,
            draws=r.draws,
            byes=r.byes,
            matches_played=r.matches_played,
            tiebreaks=tuple(TiebreakValue(n, r.tiebreaks[n]) for n in shown if n in r.tiebreaks),
            is_active=r.is_active,
        )
        for r in ld.rows
    )
    swiss_rounds = {m.round_no for m in ld.t.matches if m.stage is Stage.SWISS}
    complete = sum(1 for r in swiss_rounds if not ld.t.unreported(r))
    return StandingsView(complete, shown, lines)


def bracket_of(ld: Loaded) -> BracketView | None:
    size = ld.event.top_size
    if not size or not ld.top_seeds:
        return None
    by_round: dict[int, list[MatchRecord]] = {}
    third: MatchRecord | None = None
    for m in ld.t.matches:
        if m.stage is Stage.TOP:
            by_round.setdefault(m.round_no, []).append(m)
        elif m.stage is Stage.THIRD_PLACE:
            third = m

    def bracket_match(m: MatchRecord) -> BracketMatch:
        return BracketMatch(
            round_no=m.round_no,
            table=m.table,
            a=ld.side(m.player_a, top=True),
            b=ld.side(m.player_b, top=True) if m.player_b is not None else None,
            result=m.score.text() if m.score is not None else None,
            winner_id=winner_of(m) if m.score is not None else None,
        )

    rounds: list[BracketRound] = []
    players = size
    for number in sorted(by_round):
        ms = sorted(by_round[number], key=lambda m: m.table)
        rounds.append(BracketRound(players, tuple(bracket_match(m) for m in ms)))
        players //= 2
    while players >= 2:  # rounds still to be paired: empty slots
        empty = BracketMatch(None, None, None, None, None, None)
        rounds.append(BracketRound(players, (empty,) * (players // 2)))
        players //= 2
    champion = None
    final = rounds[-1].matches[0] if rounds else None
    if final is not None and final.winner_id is not None:
        champion = ld.side(final.winner_id, top=True)
    return BracketView(
        top_size=size,
        seeds=tuple(ld.side(p, top=True) for p in ld.top_seeds),
        rounds=tuple(rounds),
        third_place=bracket_match(third) if third is not None else None,
        champion=champion,
    )


def final_of(ld: Loaded) -> FinalView | None:
    if ld.event.status != EventStatus.FINISHED.value:
        return None
    order, _ = engines.final_order(ld.t, ld.ruleset, ld.event.seed, ld.top_seeds or None)
    swiss_points = {int(r.player_id): r.points for r in ld.rows}
    top_wins: dict[int, int] = {}
    third_win: set[int] = set()
    for m in ld.t.matches:
        winner = winner_of(m) if m.score is not None else None
        if winner is None:
            continue
        if m.stage is Stage.TOP:
            top_wins[winner] = top_wins.get(winner, 0) + 1  # INV-PTS-1
        elif m.stage is Stage.THIRD_PLACE:
            third_win.add(winner)  # excluded from INV-PTS-1 unless the preset counts it
    by_id = {e.id: e for e in ld.t.entrants}
    field_size = len(order)
    placements = []
    for place, pid in enumerate(order, start=1):
        e = by_id[pid]
        placements.append((place, pid, e.dropped_after_round is not None or e.disqualified))
    season = ld.ruleset.season
    breakdown: dict[int, tuple[int, tuple[tuple[PartLabel, int], ...], Fraction]] = {}
    if season is not None and field_size:
        # INV-PTS-*, INV-MAJOR-*: the tournament points are the card event's own rule
        # (cards/rules/points.py); a season only sums them, so cards reads nothing of seasons.
        scored = tournament_points(
            [
                Placement(
                    player_id=PlayerId(pid),
                    place=place,
                    swiss_points=swiss_points.get(pid, 0),
                    topcut_wins=top_wins.get(pid, 0),
                    dropped=dropped,
                    played_every_round=not dropped and by_id[PlayerId(pid)].joined_round == 1,
                    third_place_win=pid in third_win,
                )
                for place, pid, dropped in placements
            ],
            field_size=field_size,
            is_major=ld.event.is_major,
            rules=season,
            top_size=ld.event.top_size,
        )
        breakdown = {int(b.player_id): (b.total, b.parts, b.final_bonus) for b in scored}
    lines = []
    for place, pid, dropped in placements:
        total, parts, bonus = breakdown.get(pid, (0, (), Fraction(0)))
        lines.append(
            PointsLine(
                place=place,
                player_id=int(pid),
                name=ld.names.get(pid, f"#{pid}"),
                swiss_points=swiss_points.get(pid, 0),
                topcut_wins=top_wins.get(pid, 0),
                dropped=dropped,
                total=total,
                parts=parts,
                final_bonus=bonus,
            )
        )
    return FinalView(field_size, ld.event.is_major, season is not None, tuple(lines))
