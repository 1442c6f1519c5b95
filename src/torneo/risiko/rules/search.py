"""Improving swaps on a seating: the local search behind every RisiKo! draw (RSK-TBL-2).

The cost of a seating is lexicographic in the organizer's priority order (:mod:`.criteria`). It is
folded into one integer: each criterion's count is a digit in base ``3n + 2`` (no count can reach
the base: a field of n has fewer than 2n pairs at tables of up to 5, and n seats), so comparing
integers compares the vectors lexicographically and a swap's effect is one integer delta.

The search is first-improvement descent over pairwise swaps of players at different tables,
then a bounded iterated local search ("kicks"):
- Only *hot* players start a swap: those with a positive count on a criterion still above its
  lower bound. Any improving swap lowers some such criterion and so moves a hot player; when
  every criterion is at its bound the seating is optimal and the search stops at once.
- Lower bounds: 0 repeated opponents; for clubs and winners, the pairs left when each club (the
  winners) is spread as evenly as the number of tables allows; for off-size seats, the players
  who sat at one before minus the standard seats available.
- A descent pass tries every hot player once; passes repeat until one finds nothing (a local
  optimum: no improving pairwise swap exists) or ``max_passes`` is reached.
- A kick swaps a random hot player with a random player elsewhere and descends again; the best
  seating seen is kept, equal ones are accepted to move across plateaus. Kicks stop when the
  optimum is proved by the bounds, after ``max_kicks``, or when ``budget`` swap evaluations are
  spent — so the time is bounded and everything is reproducible from the ``rng``.
- ``band`` (semifinals by bands) only allows swaps between players of the same band.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from torneo.core.ids import PlayerId
from torneo.risiko.rules.criteria import Criterion
from torneo.risiko.rules.history import History

STANDARD = 4


def _spread_pairs(count: int, tables: int) -> int:
    """Least pairs at one table when ``count`` players are spread over ``tables`` tables."""
    if tables <= 0:
        return 0
    q, r = divmod(count, tables)
    return (tables - r) * q * (q - 1) // 2 + r * (q + 1) * q // 2


@dataclass(frozen=True, slots=True)
class _Mover:
    """A player looking for a better table, and what does not change while they look."""

    p: int
    contrib: int  # p's part of the cost at their table
    members: list[int]  # p's table
    clubs: Counter[int]  # clubs at p's table
    winners: int  # winners at p's table other than p
    off_size: bool  # p's table is off-size


class SeatingSearch:
    """Mutable search state over player indices 0..n-1 (internal to the draw functions)."""

    def __init__(
        self,
        tables: Sequence[Sequence[int]],
        met: Sequence[frozenset[int]],
        club: Sequence[int],
        winner: Sequence[bool],
        off_before: Sequence[bool],
        priorities: Sequence[Criterion],
        rng: random.Random,
        band: Sequence[int] | None = None,
    ) -> None:
        n = sum(len(t) for t in tables)
        self.n = n
        self.met = met
        self.club = club
        self.winner = winner
        self.off_before = off_before
        self.band = band
        self.rng = rng
        self.base = 3 * n + 2
        k = len(priorities)
        weight = {c: self.base ** (k - 1 - i) for i, c in enumerate(priorities)}
        self.rep_w = weight.get(Criterion.REPEAT_OPPONENTS, 0)
        self.club_w = weight.get(Criterion.SAME_CLUB, 0)
        self.off_w = weight.get(Criterion.REPEAT_OFF_SIZE, 0)
        self.win_w = weight.get(Criterion.WINNERS_TOGETHER, 0)
        self.level_weights = [weight[c] for c in priorities]
        self.bounds = [self._bound(c, tables) for c in priorities]
        self.evals = 0
        self._load([list(t) for t in tables])

    # -- state -------------------------------------------------------------------------------
    def _load(self, members: list[list[int]]) -> None:
        self.members = members
        self.tab = [0] * self.n
        for t, ms in enumerate(members):
            for x in ms:
                self.tab[x] = t
        self.off_table = [len(ms) != STANDARD for ms in members]
        self.clubcnt = [Counter(self.club[x] for x in ms if self.club[x] >= 0) for ms in members]
        self.wincnt = [sum(1 for x in ms if self.winner[x]) for ms in members]
        self.contrib = [self._join(x, self.tab[x]) for x in range(self.n)]
        seat_costs = sum(
            self.off_w for x in range(self.n) if self.off_before[x] and self.off_table[self.tab[x]]
        )
        # Each pair is in the contributions of both its players.
        self.cost = (sum(self.contrib) - seat_costs) // 2 + seat_costs

    def _bound(self, criterion: Criterion, tables: Sequence[Sequence[int]]) -> int:
        count = len(tables)
        if criterion is Criterion.SAME_CLUB:
            clubs = Counter(c for c in self.club if c >= 0)
            return sum(_spread_pairs(m, count) for m in clubs.values())
        if criterion is Criterion.WINNERS_TOGETHER:
            return _spread_pairs(sum(self.winner), count)
        if criterion is Criterion.REPEAT_OFF_SIZE:
            standard_seats = sum(len(t) for t in tables if len(t) == STANDARD)
            return max(0, sum(self.off_before) - standard_seats)
        return 0

    def _join(self, x: int, t: int, without: int = -1) -> int:
        """Cost of ``x`` sitting at table ``t`` (minus itself and ``without``)."""
        ms = self.members[t]
        cost = 0
        if self.rep_w:
            met = self.met[x]
            k = len(met.intersection(ms))
            if without >= 0 and without in met:
                k -= 1
            cost += self.rep_w * k
        c = self.club[x]
        if self.club_w and c >= 0:
            k = self.clubcnt[t][c]
            if self.tab[x] == t:
                k -= 1
            if without >= 0 and self.club[without] == c:
                k -= 1
            cost += self.club_w * k
        if self.win_w and self.winner[x]:
            k = self.wincnt[t]
            if self.tab[x] == t:
                k -= 1
            if without >= 0 and self.winner[without]:
                k -= 1
            cost += self.win_w * k
        if self.off_w and self.off_before[x] and self.off_table[t]:
            cost += self.off_w
        return cost

    def _pair(self, a: int, b: int) -> int:
        cost = self.rep_w if b in self.met[a] else 0
        if self.club[a] >= 0 and self.club[a] == self.club[b]:
            cost += self.club_w
        if self.winner[a] and self.winner[b]:
            cost += self.win_w
        return cost

    def swap(self, p: int, q: int) -> None:
        a, b = self.tab[p], self.tab[q]
        ma, mb = self.members[a], self.members[b]
        ma[ma.index(p)] = q
        mb[mb.index(q)] = p
        self.tab[p], self.tab[q] = b, a
        cp, cq = self.club[p], self.club[q]
        if cp != cq:
            if cp >= 0:
                self.clubcnt[a][cp] -= 1
                self.clubcnt[b][cp] += 1
            if cq >= 0:
                self.clubcnt[b][cq] -= 1
                self.clubcnt[a][cq] += 1
        if self.winner[p] != self.winner[q]:
            moved = 1 if self.winner[p] else -1
            self.wincnt[a] -= moved
            self.wincnt[b] += moved
        for x in ma:
            self.contrib[x] = self._join(x, a)
        for x in mb:
            self.contrib[x] = self._join(x, b)

    # -- search ------------------------------------------------------------------------------
    def open_weights(self) -> list[int]:
        """Weights of the criteria still above their lower bound, most important first."""
        return [
            w
            for w, bound in zip(self.level_weights, self.bounds, strict=True)
            if (self.cost // w) % self.base > bound
        ]

    def hot(self, weights: Sequence[int]) -> list[int]:
        base = self.base
        return [
            x for x, c in enumerate(self.contrib) if c and any((c // w) % base for w in weights)
        ]

    def try_improve(self, p: int) -> bool:
        """Make the first improving swap of ``p`` found, scanning tables from a random one."""
        cp = self.contrib[p]
        if not cp:
            return False
        a = self.tab[p]
        count = len(self.members)
        start = self.rng.randrange(count)
        band = self.band
        bp = band[p] if band is not None else 0
        mover = _Mover(
            p,
            cp,
            self.members[a],
            self.clubcnt[a],
            self.wincnt[a] - (1 if self.winner[p] else 0),
            self.off_table[a],
        )
        for k in range(count):
            b = (start + k) % count
            if b == a:
                continue
            side_base = self._join(p, b) - cp
            for q in self.members[b]:
                if band is not None and band[q] != bp:
                    continue  # semifinals by bands: swaps stay inside a band (RSK-TBL-2)
                delta = self._gain(mover, q, side_base)
                if delta is not None:
                    self.swap(p, q)
                    self.cost += delta
                    return True
        return False

    def _gain(self, m: _Mover, q: int, side_base: int) -> int | None:
        """The (negative) change of cost if ``m.p`` and ``q`` swap, or None if it is no gain.

        Computed in two steps: the club, winner and seat parts are counter look-ups; the
        repeated-opponent part (a set intersection) only when the cheap parts leave room for an
        improvement.
        """
        self.evals += 1
        p = m.p
        cq = self.contrib[q]
        met_pq = q in self.met[p]
        club_q = self.club[q]
        same_club = club_q >= 0 and club_q == self.club[p]
        side_p = side_base
        if met_pq:
            side_p -= self.rep_w
        if same_club:
            side_p -= self.club_w
        if self.winner[p] and self.winner[q]:
            side_p -= self.win_w
        if side_p - cq >= 0:  # q cannot gain more than cq: no improvement here
            return None
        join_q = self._cheap_join(m, q, same_club)
        if side_p + join_q - cq >= 0:
            return None
        if self.rep_w:
            join_q += self.rep_w * (len(self.met[q].intersection(m.members)) - (1 if met_pq else 0))
        delta = side_p + join_q - cq
        return delta if delta < 0 else None

    def _cheap_join(self, m: _Mover, q: int, same_club: bool) -> int:
        """What ``q`` costs at ``m.p``'s table by clubs, winners and off-size seats."""
        club_q = self.club[q]
        join_q = 0
        if self.club_w and club_q >= 0:
            join_q += self.club_w * (m.clubs.get(club_q, 0) - (1 if same_club else 0))
        if self.win_w and self.winner[q]:
            join_q += self.win_w * m.winners
        if self.off_w and m.off_size and self.off_before[q]:
            join_q += self.off_w
        return join_q

    def descend(self, max_passes: int, budget: int) -> None:
        for _ in range(max_passes):
            weights = self.open_weights()
            if not weights:
                return
            hot = self.hot(weights)
            self.rng.shuffle(hot)
            improved = False
            for p in hot:
                if self.evals >= budget:
                    return
                improved = self.try_improve(p) or improved
            if not improved:
                return

    def kick(self) -> None:
        weights = self.open_weights()
        hot = self.hot(weights[:1])
        if not hot or len(self.members) < 2:
            return
        p = hot[self.rng.randrange(len(hot))]
        others = [
            q
            for q in range(self.n)
            if self.tab[q] != self.tab[p] and (self.band is None or self.band[q] == self.band[p])
        ]
        if not others:
            return
        q = others[self.rng.randrange(len(others))]
        before = self.cost
        a, b = self.tab[p], self.tab[q]
        old = self.contrib[p] + self.contrib[q]
        side = self._join(p, b, without=q) + self._join(q, a, without=p) - old
        self.swap(p, q)
        self.cost = before + side

    def run(self, max_passes: int = 50, max_kicks: int = 2000, budget: int = 250_000) -> None:
        self.descend(max_passes, budget)
        best_cost, best = self.cost, [list(ms) for ms in self.members]
        kicks = 0
        while kicks < max_kicks and self.evals < budget and self.open_weights():
            kicks += 1
            self.kick()
            self.descend(max_passes, budget)
            if self.cost < best_cost:
                best_cost, best = self.cost, [list(ms) for ms in self.members]
            elif self.cost > best_cost:
                self._load([list(ms) for ms in best])
        if self.cost != best_cost:
            self._load(best)


def default_budget(players: int) -> int:
    return min(250_000, max(20_000, 2_000 * players))


def improve_seating(
    seatings: Sequence[Sequence[PlayerId]],
    history: History,
    priorities: Sequence[Criterion],
    rng: random.Random,
    bands: Sequence[Sequence[PlayerId]] = (),
    budget: int | None = None,
) -> list[list[PlayerId]]:
    """RSK-TBL-2: improve ``seatings`` by swaps (only inside a band when ``bands`` are given).

    ``budget`` bounds the swap evaluations; by default it grows with the field (2,000 a player,
    between 20,000 and 250,000), about a tenth to half a second at worst.
    """
    players = [p for seats in seatings for p in seats]
    if budget is None:
        budget = default_budget(len(players))
    index = {p: i for i, p in enumerate(players)}
    opponents = history.opponents()
    met = [frozenset(index[o] for o in opponents.get(p, ()) if o in index) for p in players]
    club_codes: dict[str, int] = {}
    club = []
    for p in players:
        name = history.club_of(p)
        club.append(-1 if name is None else club_codes.setdefault(name, len(club_codes)))
    winners = history.winners()
    off_before = history.off_size_seated()
    band: list[int] | None = None
    if bands:
        band = [0] * len(players)
        for b, members in enumerate(bands):
            for p in members:
                band[index[p]] = b
    search = SeatingSearch(
        [[index[p] for p in seats] for seats in seatings],
        met,
        club,
        [p in winners for p in players],
        [p in off_before for p in players],
        priorities,
        rng,
        band,
    )
    search.run(budget=budget)
    return [[players[i] for i in ms] for ms in search.members]
