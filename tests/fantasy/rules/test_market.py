"""FAN-ROSTER-1 rosters and FAN-MKT-1 transfers."""

from __future__ import annotations

import pytest

from torneo.core.errors import Refusal
from torneo.fantasy.rules.market import price_on, transfer_refusal, transfers_left
from torneo.fantasy.rules.players import ListedPlayer
from torneo.fantasy.rules.roster import roster_cost, roster_problems
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


def squad(price: int = 10, goalkeepers: int = 3) -> list[ListedPlayer]:
    roles = ["P"] * goalkeepers + ["D"] * 8 + ["C"] * 8 + ["A"] * 6
    return [ListedPlayer(i, str(i), f"Player {i}", r, "Inter", price) for i, r in enumerate(roles)]


def test_fan_roster_1_exactly_3_8_8_6_within_250() -> None:
    assert roster_problems(squad(), RULES) == []
    assert roster_cost(squad()) == 250


def test_fan_roster_1_over_budget_and_four_goalkeepers_both_reported() -> None:
    problems = [p.english() for p in roster_problems(squad(11, goalkeepers=4), RULES)]
    assert problems == [
        "4 players of role P: exactly 3 accepted",
        "the roster costs 286 credits: at most 250",
    ]


def test_fan_roster_1_no_player_twice_nor_one_who_left() -> None:
    players = squad()
    players[1] = players[0]
    players[5] = ListedPlayer(5, "5", "Gone", "D", "Inter", 10, active=False)
    problems = [p.english() for p in roster_problems(players, RULES)]
    assert "Player 0 is listed twice" in problems
    assert "Gone has left the league: not for sale" in problems


def test_fan_mkt_1_twelve_a_season_plus_three_in_january_used_first() -> None:
    assert transfers_left([], 10, RULES) == (12, 0)
    assert transfers_left([], 1, RULES) == (12, 3)
    assert transfers_left([1, 1, 1], 1, RULES) == (12, 0)
    assert transfers_left([1, 1, 1, 1], 2, RULES) == (11, 0)
    assert transfers_left([9] * 12, 1, RULES) == (0, 3)
    assert transfers_left([9] * 12 + [1, 1, 1], 1, RULES) == (0, 0)
    assert transfers_left([9] * 12, 2, RULES) == (0, 0)


def test_fan_mkt_1_prices_versioned_by_matchday() -> None:
    prices = {1: 10, 5: 14, 9: 12}
    assert [price_on(prices, d) for d in (1, 4, 5, 8, 9, 38)] == [10, 10, 14, 14, 12, 12]


def p(pid: int, role: str, price: int, active: bool = True) -> ListedPlayer:
    return ListedPlayer(pid, str(pid), f"P{pid}", role, "Roma", price, active)


def _refusal(
    sold: ListedPlayer,
    bought: ListedPlayer,
    credits: int = 5,
    months: list[int] | None = None,
    month: int = 10,
) -> Refusal | None:
    return transfer_refusal(
        sold,
        bought,
        credits=credits,
        owned=frozenset({1, 2}),
        months=months or [],
        month=month,
        rules=RULES,
    )


def test_fan_mkt_1_same_role_only() -> None:
    refusal = _refusal(p(1, "D", 10), p(3, "C", 10))
    assert refusal is not None
    assert refusal.field == "buy"
    assert refusal.accepted == "a player of the same role"
    assert _refusal(p(1, "D", 10), p(3, "D", 10)) is None


def test_fan_mkt_1_credits_never_below_zero() -> None:
    assert _refusal(p(1, "D", 10), p(3, "D", 15)) is None  # 5 + 10 - 15 = 0
    refusal = _refusal(p(1, "D", 10), p(3, "D", 16))
    assert refusal is not None
    assert refusal.reason_message.english() == "the transfer would leave -1 credits"


@pytest.mark.parametrize(
    ("months", "month", "ok"), [([9] * 11, 10, True), ([9] * 12, 10, False), ([9] * 12, 1, True)]
)
def test_fan_mkt_1_beyond_the_limit_refused(months: list[int], month: int, ok: bool) -> None:
    refusal = _refusal(p(1, "D", 10), p(3, "D", 10), months=months, month=month)
    assert (refusal is None) is ok
    if not ok:
        assert refusal is not None
        assert refusal.field == "transfers"


def test_fan_mkt_1_a_player_who_left_is_sold_not_bought() -> None:
    assert _refusal(p(1, "D", 10, active=False), p(3, "D", 10)) is None
    refusal = _refusal(p(1, "D", 10), p(3, "D", 10, active=False))
    assert refusal is not None
    assert _refusal(p(3, "D", 10), p(4, "D", 10)) is not None  # not in the roster
    assert _refusal(p(1, "D", 10), p(2, "D", 10)) is not None  # already in it
