"""The season table (INV-RANK-1..3): points, the tiebreak chain, dense display, the cut.

Order (INV-RANK-1): total points; tournaments won (W); second places (S); Majors won (MW); best
placement at a Major (MP, lower is better, none is worst); tournaments played (T, more first).
The displayed rank is dense on points (INV-RANK-2); inside equal points the chain still orders
the rows and decides who is inside the qualification cut (INV-RANK-3: 35 for the Regional).

Decisions where the regulation is silent:
- A void tournament (INV-LEGAL-8) counts for nothing: no points, no W/S/MW/MP, not in T. It stays
  in each player's history, marked void.
- MW and MP only count Majors where the player kept the Major benefits (INV-MAJOR-6).
- Rows tied on the whole chain are listed by player id so the table is reproducible; when such a
  tie straddles the cut, ``SeasonTable.cut_tie()`` names the players so the organizer decides,
  and the decision (or a drawn lot, rules/cut.py) orders them once it is recorded.

Speed: ``SeasonTable`` keeps, per player, their results keyed by tournament and a sorted index
of chain keys. Putting (or correcting) one tournament touches only its players: their aggregates
are recomputed from their own results and moved in the index by bisection; the rest stays.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.ranking import dense_ranks
from torneo.seasons.rules.cut import CutDecision, seats_left
from torneo.seasons.rules.outcome import SeasonResult, TournamentOutcome
from torneo.seasons.rules.settings import REGIONAL_CUT

_ZERO = Fraction(0)
_NO_MAJOR = 1 << 30  # MP when the player has no Major placement: worse than any place

_ChainKey = tuple[int, int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class SeasonRow:
    rank: int  # dense on points (INV-RANK-2)
    position: int  # 1..n in the INV-RANK-1 order
    player_id: PlayerId
    points: int
    wins: int  # W
    seconds: int  # S
    major_wins: int  # MW
    best_major_place: int | None  # MP, None = no Major placement
    played: int  # T
    final_bonus: Fraction  # INV-MAJOR-5 (+ any end-of-season placement bonus)
    qualified: bool  # inside the cut (INV-RANK-3)
    # INV-RANK-3 (issue 29 item 9): equal on the whole INV-RANK-1 chain with someone on the
    # other side of the cut line; ``qualified`` is then the player-id order, not a decision.
    tied_at_cut: bool = False
    # INV-RANK-3: such a tie settled by the organizer or a drawn lot (rules/cut.py): the row's
    # place and ``qualified`` follow that decision.
    cut_decided: bool = False

    def as_dict(self) -> dict[str, object]:
        """The columns as the regulation names them (CLI/JSON export)."""
        return {
            "rank": self.rank,
            "position": self.position,
            "player": self.player_id,
            "points": self.points,
            "W": self.wins,
            "S": self.seconds,
            "MW": self.major_wins,
            "MP": self.best_major_place,
            "T": self.played,
            "final_bonus": str(self.final_bonus),
            "qualified": self.qualified,
            "tied_at_cut": self.tied_at_cut,
            "cut_decided": self.cut_decided,
        }


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One tournament in a player's season, with the running total (for the points chart)."""

    tournament: str
    date: date | None
    place: int
    points: int  # 0 when void
    cumulative: int
    is_major: bool
    void: bool
    explanation: str


@dataclass(frozen=True, slots=True)
class _Entry:
    result: SeasonResult
    date: date | None
    is_major: bool
    void: bool


@dataclass(frozen=True, slots=True)
class _Aggregate:
    points: int
    wins: int
    seconds: int
    major_wins: int
    best_major_place: int | None
    played: int
    final_bonus: Fraction

    def chain_key(self, player_id: PlayerId) -> _ChainKey:
        # INV-RANK-1, ascending = better; player id last only to make full ties reproducible.
        mp = self.best_major_place if self.best_major_place is not None else _NO_MAJOR
        return (
            -self.points,
            -self.wins,
            -self.seconds,
            -self.major_wins,
            mp,
            -self.played,
            int(player_id),
        )


def _aggregate(entries: Iterable[_Entry]) -> _Aggregate:
    points = wins = seconds = major_wins = played = 0
    best: int | None = None
    bonus = _ZERO
    for e in entries:
        if e.void:
            continue  # INV-LEGAL-8: a void tournament gives nothing
        r = e.result
        played += 1
        points += r.points
        if r.final_bonus:  # almost always 0: skip the (slow) Fraction addition
            bonus += r.final_bonus
        if r.place == 1:
            wins += 1
        elif r.place == 2:
            seconds += 1
        if e.is_major and r.has_major_benefits:  # INV-MAJOR-6
            if r.place == 1:
                major_wins += 1
            if best is None or r.place < best:
                best = r.place
    return _Aggregate(points, wins, seconds, major_wins, best, played, bonus)


class SeasonTable:
    """The season table, kept up to date as tournaments close or are corrected.

    A mutable index (not a value): it is always recomputable from the tournaments it was given,
    and ``rows()`` gives the same table whatever order they were put in.
    """

    def __init__(
        self,
        *,
        cut: int = REGIONAL_CUT,
        placement_final_bonus: Sequence[Fraction] = (),
        cut_decision: CutDecision | None = None,
    ) -> None:
        if cut < 0:
            raise TorneoError(
                "cut", N_("a cut of %(cut)s"), N_("0 or more places"), params={"cut": cut}
            )
        self.cut = cut
        # INV-RANK-3: the best placements earn a National Final bonus; the regulation gives no
        # figures, so they are a setting (position 1 gets item 0, ...), empty by default.
        self._placement_bonus = tuple(Fraction(b) for b in placement_final_bonus)
        self.cut_decision = cut_decision  # INV-RANK-3: applied only to the tie it settled
        self._tournaments: dict[str, TournamentOutcome] = {}
        self._entries: dict[PlayerId, dict[str, _Entry]] = {}
        self._aggregates: dict[PlayerId, _Aggregate] = {}
        self._keys: dict[PlayerId, _ChainKey] = {}
        self._order: list[_ChainKey] = []
        self._dirty: set[PlayerId] = set()
        self._rows: list[SeasonRow] | None = None
        self._row_cache: dict[PlayerId, SeasonRow] = {}
        self._changed: set[PlayerId] = set()  # players whose aggregate changed since last rows

    # -- changes ---------------------------------------------------------------------------
    def put(self, outcome: TournamentOutcome) -> frozenset[PlayerId]:
        """Add a tournament, or replace it (a correction); return the players it touched."""
        _check_outcome(outcome)
        touched: set[PlayerId] = set()
        old = self._tournaments.get(outcome.key)
        if old is not None:
            for r in old.results:
                del self._entries[r.player_id][outcome.key]
                touched.add(r.player_id)
        for r in outcome.results:
            self._entries.setdefault(r.player_id, {})[outcome.key] = _Entry(
                r, outcome.date, outcome.is_major, outcome.void
            )
            touched.add(r.player_id)
        self._tournaments[outcome.key] = outcome
        self._dirty |= touched
        self._rows = None
        return frozenset(touched)

    def remove(self, key: str) -> frozenset[PlayerId]:
        """Take a tournament out of the season (e.g. entered by mistake)."""
        old = self._tournaments.pop(key, None)
        if old is None:
            raise _no_tournament(key)
        touched = {r.player_id for r in old.results}
        for pid in touched:
            del self._entries[pid][key]
        self._dirty |= touched
        self._rows = None
        return frozenset(touched)

    # -- reading ---------------------------------------------------------------------------
    def tournament(self, key: str) -> TournamentOutcome:
        try:
            return self._tournaments[key]
        except KeyError:
            raise _no_tournament(key) from None

    def tournaments(self) -> list[TournamentOutcome]:
        return list(self._tournaments.values())

    def rows(self) -> list[SeasonRow]:
        """The table in INV-RANK-1 order with dense ranks and the cut (cached until a change)."""
        if self._rows is None:
            self._refresh()
            self._rows = self._build_rows()
        return self._rows

    def row(self, player_id: PlayerId) -> SeasonRow:
        for r in self.rows():
            if r.player_id == player_id:
                return r
        raise _no_result(player_id)

    def cut_tie(self) -> tuple[PlayerId, ...]:
        """Players tied on the whole INV-RANK-1 chain across the cut line (empty: no such tie)."""
        self._refresh()
        if not 0 < self.cut < len(self._order):
            return ()
        line = self._order[self.cut - 1][:-1]
        if self._order[self.cut][:-1] != line:
            return ()
        return tuple(PlayerId(k[-1]) for k in self._order if k[:-1] == line)

    def cut_seats(self) -> int:
        """How many of the players tied at the cut fit inside it (0: no tie)."""
        tied = set(self.cut_tie())
        positions = [i + 1 for i, k in enumerate(self._order) if PlayerId(k[-1]) in tied]
        return seats_left(self.cut, positions) if tied else 0

    def cut_decided(self) -> bool:
        """INV-RANK-3: the tie at the cut is settled by the decision recorded for it."""
        tie = self.cut_tie()
        return (
            bool(tie)
            and self.cut_decision is not None
            and (self.cut_decision.applies_to(self.cut, tie, self.cut_seats()))
        )

    def cut_decision_stale(self) -> bool:
        """A decision is recorded but the tie it settled is no longer the table's."""
        return self.cut_decision is not None and not self.cut_decided()

    def _decided_order(self) -> list[_ChainKey]:
        """The chain order with the tied players at the cut in their decided order."""
        decision = self.cut_decision
        if decision is None or not self.cut_decided():
            return self._order
        keys = {PlayerId(k[-1]): k for k in self._order if PlayerId(k[-1]) in decision.order}
        order = list(self._order)
        places = [i for i, k in enumerate(order) if PlayerId(k[-1]) in keys]  # contiguous
        for i, pid in zip(places, decision.order, strict=True):
            order[i] = keys[pid]
        return order

    def history(self, player_id: PlayerId) -> list[HistoryEntry]:
        """The player's tournaments by date with the running total (void ones give 0)."""
        entries = self._entries.get(player_id)
        if not entries:
            raise _no_result(player_id)
        ordered = sorted(entries.items(), key=lambda kv: (kv[1].date or date.min, kv[0]))
        out: list[HistoryEntry] = []
        total = 0
        for key, e in ordered:
            points = 0 if e.void else e.result.points
            total += points
            out.append(
                HistoryEntry(
                    key,
                    e.date,
                    e.result.place,
                    points,
                    total,
                    e.is_major,
                    e.void,
                    e.result.explanation,
                )
            )
        return out

    # -- internals -------------------------------------------------------------------------
    def _refresh(self) -> None:
        if not self._dirty:
            return
        dirty, self._dirty = self._dirty, set()
        self._changed |= dirty
        bulk = len(dirty) * 8 > len(self._keys) + 8
        for pid in dirty:
            entries = self._entries.get(pid)
            old = self._keys.pop(pid, None)
            if old is not None and not bulk:
                del self._order[bisect.bisect_left(self._order, old)]
            if not entries:
                self._entries.pop(pid, None)
                self._aggregates.pop(pid, None)
                continue
            agg = _aggregate(entries.values())
            if agg.played == 0:  # only void tournaments: in the history, not in the table
                self._aggregates.pop(pid, None)
                continue
            key = agg.chain_key(pid)
            self._aggregates[pid] = agg
            self._keys[pid] = key
            if not bulk:
                bisect.insort(self._order, key)
        if bulk:
            self._order = sorted(self._keys.values())

    def _build_rows(self) -> list[SeasonRow]:
        aggregates = self._aggregates
        ranks = dense_ranks([-k[0] for k in self._order])  # INV-RANK-2: dense on points
        bonus = self._placement_bonus
        previous, changed = self._row_cache, self._changed
        # INV-RANK-3: an open tie is shown on every row it concerns; a settled one is not, and
        # its players take the places the decision gave them.
        decided = self.cut_decided()
        tie = set(self.cut_tie())
        tied, settled = (set(), tie) if decided else (tie, set())
        rows: list[SeasonRow] = []
        for i, key in enumerate(self._decided_order()):
            pid = PlayerId(key[-1])
            old = previous.get(pid)
            # A correction moves few rows: reuse every row whose player, place and rank held.
            if (
                old is not None
                and old.position == i + 1
                and old.rank == ranks[i]
                and old.tied_at_cut == (pid in tied)
                and old.cut_decided == (pid in settled)
                and (pid not in changed)
            ):
                rows.append(old)
                continue
            a = aggregates[pid]
            total_bonus = a.final_bonus + bonus[i] if i < len(bonus) else a.final_bonus
            row = SeasonRow(
                ranks[i],
                i + 1,
                pid,
                a.points,
                a.wins,
                a.seconds,
                a.major_wins,
                a.best_major_place,
                a.played,
                total_bonus,
                i < self.cut,
                pid in tied,
                pid in settled,
            )
            previous[pid] = row
            rows.append(row)
        for pid in changed - aggregates.keys():
            previous.pop(pid, None)  # left the table (e.g. only void tournaments remain)
        changed.clear()
        return rows


def rank_season(
    outcomes: Iterable[TournamentOutcome],
    *,
    cut: int = REGIONAL_CUT,
    placement_final_bonus: Sequence[Fraction] = (),
    cut_decision: CutDecision | None = None,
) -> list[SeasonRow]:
    """Recompute the whole season table from its tournaments."""
    table = SeasonTable(
        cut=cut, placement_final_bonus=placement_final_bonus, cut_decision=cut_decision
    )
    for outcome in outcomes:
        table.put(outcome)
    return table.rows()


def _check_outcome(outcome: TournamentOutcome) -> None:
    seen: set[PlayerId] = set()
    for r in outcome.results:
        if r.player_id in seen:
            raise TorneoError(
                "results",
                N_("player %(player)s appears twice in tournament '%(t)s'"),
                N_("one result per player"),
                params={"player": r.player_id, "t": outcome.key},
            )
        if r.place < 1:
            raise TorneoError(
                "place",
                N_("place %(place)s in '%(t)s'"),
                N_("1 or more"),
                params={"place": r.place, "t": outcome.key},
            )
        seen.add(r.player_id)


def _no_tournament(key: str) -> NotFound:
    return NotFound("tournament", N_("no tournament '%(t)s' in this season"), params={"t": key})


def _no_result(player_id: PlayerId) -> NotFound:
    return NotFound(
        "player", N_("player %(player)s has no result this season"), params={"player": player_id}
    )
