"""Glicko-2 ratings for one-on-one ladders (issue 5 item 5), from Mark Glickman's paper
"Example of the Glicko-2 system" (Boston University, 2013), steps 1–8.

Why our own ~100 lines and not a library: the published Python packages are unmaintained
single-file ports (some with the volatility step of the 2000 draft, not the Illinois algorithm of
the current paper); the algorithm is short and the paper's worked example pins it down, so the
test reproduces that example to the published decimals.

Ratings are floats: they are shown to people beside the points ladder, never used to rank a
season (DESIGN.md: floats only for ratings). Pure: the rating period is an argument.

Decisions: a player with no game in a period keeps rating and volatility and sees RD grow (step 6
of the paper); RD never grows past the starting RD (350), the usual Glicko practice; a draw is 1/2.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_

SCALE = 173.7178  # step 2: the Glicko-2 scale factor
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5  # system constant: 0.3–1.2 per the paper; 0.5 in its example
EPSILON = 0.000001  # step 5: convergence tolerance


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def conservative(self) -> float:
        """rating − 2·RD: a display value that a new, uncertain player cannot inflate."""
        return self.rating - 2 * self.rd


@dataclass(frozen=True, slots=True)
class Glicko2Game:
    """One game of a rating period seen from the rated player: 1 win, 1/2 draw, 0 loss."""

    opponent: Glicko2Rating
    score: float


@dataclass(frozen=True, slots=True)
class Glicko2Match:
    """A match between two players in a rating period; ``score_a`` is player_a's score."""

    player_a: PlayerId
    player_b: PlayerId
    score_a: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(
    player: Glicko2Rating, games: Sequence[Glicko2Game], *, tau: float = DEFAULT_TAU
) -> Glicko2Rating:
    """The player's rating after one rating period with ``games`` (steps 1–8 of the paper)."""
    if tau <= 0:
        raise TorneoError(
            "tau",
            N_("tau %(tau)s"),
            N_("a positive system constant (0.3–1.2)"),
            params={"tau": tau},
        )
    for game in games:
        if not 0.0 <= game.score <= 1.0:
            raise TorneoError(
                "score",
                N_("score %(score)s"),
                N_("1 (win), 0.5 (draw) or 0 (loss)"),
                params={"score": game.score},
            )
    mu = (player.rating - DEFAULT_RATING) / SCALE  # step 2
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        # Step 6 only: the rating does not move, the deviation grows.
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko2Rating(player.rating, min(phi_star * SCALE, DEFAULT_RD), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for game in games:
        mu_j = (game.opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = game.opponent.rd / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)  # step 3
        delta_sum += g * (game.score - e)  # step 4
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _volatility(phi, sigma, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * delta_sum
    return Glicko2Rating(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma_new)  # step 8


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm (regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_period(
    ratings: Mapping[PlayerId, Glicko2Rating],
    matches: Sequence[Glicko2Match],
    *,
    tau: float = DEFAULT_TAU,
) -> dict[PlayerId, Glicko2Rating]:
    """Everyone's rating after one rating period.

    Every player of ``ratings`` and of ``matches`` gets a new rating (newcomers start at
    1500/350/0.06); all games of the period are rated against the opponents' ratings *before*
    the period, as Glicko-2 prescribes.
    """
    games: dict[PlayerId, list[Glicko2Game]] = {pid: [] for pid in ratings}
    before = dict(ratings)
    for m in matches:
        if m.player_a == m.player_b:
            raise TorneoError(
                "match",
                N_("player %(player)s cannot play themselves"),
                params={"player": m.player_a},
            )
        for pid in (m.player_a, m.player_b):
            before.setdefault(pid, Glicko2Rating())
            games.setdefault(pid, [])
    for m in matches:
        games[m.player_a].append(Glicko2Game(before[m.player_b], m.score_a))
        games[m.player_b].append(Glicko2Game(before[m.player_a], 1.0 - m.score_a))
    return {pid: rate(before[pid], played, tau=tau) for pid, played in games.items()}
