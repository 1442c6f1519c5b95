"""Standings, the Top X bracket and the final placements with tournament points.

- The bracket is drawn from the Top X matches actually paired, in table order; the rounds not
  yet paired are shown as empty slots (half as many matches as the round before).
- Tournament points (INV-PTS-*, INV-MAJOR-*) are shown once the event is finished, from the
  placings of :func:`torneo.cards.progress.final_placings` (the season reads the same): a player
  dropped (INV-MAJOR-6) when they left before the last round their placement allowed, a late
  entry who plays to the end keeps the Major benefits, and disqualified players are out of the
  placings with no points; ``field_size`` is everyone who took part.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from torneo.cards import progress as engines
from torneo.cards.pods.state import pod_rounds
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.points import PartLabel, tournament_points
from torneo.cards.rules.start import small_field_void
from torneo.cards.views_load import Loaded, Side, winner_of
from torneo.core.messages import Message
from torneo.engines.records import MatchRecord, Stage
from torneo.engines.standings import StandingRow


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    name: str
    value: Fraction


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int
    # The displayed position (issue 15): 1..N after every tiebreak, shared only by players equal
    # on points and on the whole chain, so the 5th never reads "4" under a Top 4 cut line.
    rank: int
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
    pod: int | None = None  # BER-POD-1: the player's pod (None without pods)


@dataclass(frozen=True, slots=True)
class PodStandings:
    """One pod's own table (BER-TIE-1 "within a pod"): its players, its rounds (BER-POD-3)."""

    pod: int
    size: int
    rounds: int
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True, slots=True)
class StandingsView:
    after_round: int  # Swiss rounds with every result in
    tiebreak_names: tuple[str, ...]
    lines: tuple[StandingLine, ...]  # the whole field (overall), each line naming its pod
    pods: tuple[PodStandings, ...] = ()  # BER-POD-1: each pod's standings; empty without pods


@dataclass(frozen=True, slots=True)
class BracketMatch:
    round_no: int | None  # None: not paired yet
    table: int | None
    a: Side | None
    b: Side | None
    result: str | None
    winner_id: int | None
    # INV-TOP-2 die rule: the better seed chooses whether to start (the first Top round only).
    chooses_to_start: Side | None = None


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
class DisqualifiedLine:
    """A disqualified player: out of the placings, no tournament points (issue 13 item 3)."""

    player_id: int
    name: str
    reason: str | None


@dataclass(frozen=True, slots=True)
class FinalView:
    field_size: int  # everyone who took part, the disqualified included
    is_major: bool
    has_points: bool  # False when the preset has no season points table
    lines: tuple[PointsLine, ...]
    disqualified: tuple[DisqualifiedLine, ...] = ()
    # INV-LEGAL-2 / INV-MAJOR-2 (issue 29 item 12): void for the season, so no points at all
    # (a Major of 11 players gives no Major points); the reason is shown instead.
    void_reason: Message | None = None

    @property
    def void(self) -> bool:
        return self.void_reason is not None


# Issue 14 item 2: 2,000 lines × the chain's values are mostly the same few values (and the
# engine keeps each Fraction made, torneo.engines.standings.tiebreaks), so a value's line cell is
# kept too, found by the Fraction's identity: a hit is checked to hold that very Fraction (an id
# can be reused once its object is gone), so a kept cell is never another value's.
_CELLS: dict[tuple[str, int], TiebreakValue] = {}
_CELLS_KEPT = 1 << 16


def _cell(name: str, value: Fraction) -> TiebreakValue:
    key = (name, id(value))
    found = _CELLS.get(key)
    if found is None or found.value is not value:
        if len(_CELLS) >= _CELLS_KEPT:
            _CELLS.clear()
        found = _CELLS[key] = TiebreakValue(name, value)
    return found


def _lines(ld: Loaded, rows: list[StandingRow], shown: tuple[str, ...]) -> tuple[StandingLine, ...]:
    # Every row has the chain's values (torneo.engines.standings); each value is made when read,
    # so the names are found once, not asked row by row (issue 14 item 2: 2,000-line tables).
    present = set(rows[0].tiebreaks) if rows else set()
    names = tuple(n for n in shown if n in present)
    return tuple(
        StandingLine(
            position=r.position,
            rank=r.place,
            player_id=int(r.player_id),
            name=ld.names.get(r.player_id, f"#{r.player_id}"),
            club=ld.clubs.get(r.player_id),
            points=r.points,
            wins=r.wins,
            losses=r.losses,
            draws=r.draws,
            byes=r.byes,
            matches_played=r.matches_played,
            tiebreaks=tuple([_cell(n, r.tiebreaks[n]) for n in names]),
            is_active=r.is_active,
            pod=ld.pod_of.get(int(r.player_id)),
        )
        for r in rows
    )


def standings_of(ld: Loaded) -> StandingsView:
    chain = tuple(ld.ruleset.tiebreaks)
    shown = tuple(n for n in chain if n != "match_points")  # equal to the points column
    swiss_rounds = {m.round_no for m in ld.t.matches if m.stage is Stage.SWISS}
    complete = sum(1 for r in swiss_rounds if not ld.t.unreported(r))
    rounds = pod_rounds(ld.event)
    pods = tuple(
        PodStandings(
            pod.number,
            pod.size,
            rounds.get(pod.number, pod.rounds),
            _lines(ld, ld.pod_rows.get(pod.number, []), shown),
        )
        for pod in ld.pods
    )
    return StandingsView(complete, shown, _lines(ld, ld.rows, shown), pods)


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

    starts = die_rule_of(ld)

    def bracket_match(m: MatchRecord) -> BracketMatch:
        chooser = starts.get((m.round_no, m.stage, m.table))
        return BracketMatch(
            chooses_to_start=ld.side(chooser, top=True) if chooser is not None else None,
            round_no=m.round_no,
            table=m.table,
            a=ld.side(m.player_a, top=True),
            b=ld.side(m.player_b, top=True) if m.player_b is not None else None,
            result=m.score.written() if m.score is not None else None,
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


def die_rule_of(ld: Loaded) -> dict[tuple[int, Stage, int], int]:
    """INV-TOP-2: who chooses to start at each Top table (round, stage, table), as the engine
    says — the better seed at every table of the first Top round, nobody later. The round is in
    the key because every Top round sits at tables from 1 (issue 30)."""
    if not ld.top_seeds:
        return {}
    bracket = engines.top_bracket(ld.t, ld.top_seeds, ld.ruleset)
    first = min((m.round_no for m in ld.t.matches if m.stage is Stage.TOP), default=0)
    matches = [*bracket.matches, *([bracket.third_place] if bracket.third_place else [])]
    return {
        (first, m.stage, m.table): int(m.chooses_to_start)
        for m in matches
        if m.chooses_to_start is not None
    }


def final_of(ld: Loaded) -> FinalView | None:
    if ld.event.status != EventStatus.FINISHED.value:
        return None
    # One code path (issue 13): the placings the season reads too (cards.progress.final_placings):
    # INV-MAJOR-6 drops, the disqualified out of the placings.
    placings = engines.final_placings(ld.t, ld.ruleset, ld.event.seed, ld.top_seeds or None)
    season = ld.ruleset.season
    breakdown: dict[int, tuple[int, tuple[tuple[PartLabel, int], ...], Fraction]] = {}
    void = small_field_void(ld.ruleset, players=placings.field_size, is_major=ld.event.is_major)
    if season is not None and placings.placements and void is None:
        # INV-PTS-*, INV-MAJOR-*: the tournament points are the card event's own rule
        # (cards/rules/points.py); a season only sums them, so cards reads nothing of seasons.
        scored = tournament_points(
            placings.placements,
            field_size=placings.field_size,
            is_major=ld.event.is_major,
            rules=season,
            top_size=ld.event.top_size,
        )
        breakdown = {int(b.player_id): (b.total, b.parts, b.final_bonus) for b in scored}
    lines = []
    for p in placings.placements:
        total, parts, bonus = breakdown.get(p.player_id, (0, (), Fraction(0)))
        lines.append(
            PointsLine(
                place=p.place,
                player_id=int(p.player_id),
                name=ld.names.get(p.player_id, f"#{p.player_id}"),
                swiss_points=p.swiss_points,
                topcut_wins=p.topcut_wins,
                dropped=p.dropped,
                total=total,
                parts=parts,
                final_bonus=bonus,
            )
        )
    disqualified = tuple(
        DisqualifiedLine(int(e.id), e.name, ld.dq_reasons.get(int(e.id)))
        for e in placings.disqualified
    )
    return FinalView(
        placings.field_size,
        ld.event.is_major,
        season is not None and void is None,
        tuple(lines),
        disqualified,
        void,
    )
