"""PKR-REG-1, PKR-SCHED-1 and PKR-LATE-1: buy-ins in named parts, entries, late entries."""

from __future__ import annotations

import pytest

from tests.support.poker import P
from torneo.core.errors import Conflict, TorneoError
from torneo.poker.rules.entries import (
    EntryOptions,
    PartKind,
    PurchaseKind,
    add_on,
    adjust_chips,
    can_register,
    new_ledger,
    price,
    re_enter,
    rebuy,
    register,
    summary,
)
from torneo.poker.rules.presets import entry_options, weekly
from torneo.presets import load_preset

TUESDAY = price(
    (PartKind.PRIZE_POOL, 9000), (PartKind.FEE, 1000), (PartKind.JACKPOT, 2000), chips=10_000
)


def club_options(tournament: str) -> EntryOptions:
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    return entry_options(rules, weekly(rules, tournament))


def test_PKR_SCHED_1_buy_in_split_in_named_parts() -> None:
    """PKR-SCHED-1: "90+10+20" = 90 prize pool, 10 club fee, 20 jackpot, for 10,000 chips."""
    options = club_options("tue")
    assert options.entry.label == "90+10+20"
    assert options.entry.chips == 10_000
    ledger = new_ledger(options)
    for i in range(1, 21):
        ledger, _ = register(ledger, options, P(i), None)
    assert ledger.prize_pool == 20 * 9000
    assert ledger.fees == 20 * 1000
    assert ledger.jackpot == 20 * 2000
    assert ledger.collected == 20 * 12000
    assert ledger.chips_in_play == 200_000


def test_PKR_SCHED_1_saturday_stack_plus_equal_add_on() -> None:
    """PKR-SCHED-1 Resolution: "6,000+6,000" is the starting stack plus an equal add-on."""
    options = club_options("sat")
    assert options.entry.chips == 6000
    assert options.add_on is not None
    assert options.add_on.chips == 6000
    ledger, _ = register(new_ledger(options), options, P(1), None)
    ledger, purchase = add_on(ledger, options, P(1), level=2, is_busted=False)
    assert purchase.kind is PurchaseKind.ADD_ON
    assert ledger.chips_in_play == 12_000
    with pytest.raises(Conflict):
        add_on(ledger, options, P(1), level=2, is_busted=False)  # one add-on per entry


def test_PKR_SCHED_1_wednesday_with_a_life_is_one_re_entry() -> None:
    """PKR-SCHED-1 Resolution / PKR-REG-1: "con la vita" = one re-entry after a bust."""
    options = club_options("wed")
    ledger, _ = register(new_ledger(options), options, P(1), None)
    with pytest.raises(Conflict):
        re_enter(ledger, options, P(1), level=2, is_busted=False)
    ledger, purchase = re_enter(ledger, options, P(1), level=2, is_busted=True)
    assert purchase.kind is PurchaseKind.RE_ENTRY
    assert purchase.chips == 7000
    with pytest.raises(Conflict) as err:
        re_enter(ledger, options, P(1), level=3, is_busted=True)
    assert "re-entries used" in err.value.reason
    assert ledger.entries == 2


def test_PKR_REG_1_no_re_entry_in_a_freezeout() -> None:
    """PKR-REG-1: busting ends the entry; a freezeout offers no way back."""
    options = club_options("tue")
    ledger, _ = register(new_ledger(options), options, P(1), None)
    with pytest.raises(Conflict) as err:
        re_enter(ledger, options, P(1), level=1, is_busted=True)
    assert err.value.field == "re_entry"
    with pytest.raises(Conflict):
        register(ledger, options, P(1), None)  # entering twice


def test_PKR_LATE_1_booked_late_player_pays_a_chip_penalty() -> None:
    """PKR-LATE-1: a late player who had booked enters with a chip penalty (500 per level)."""
    options = club_options("tue")
    ledger, purchase = register(new_ledger(options), options, P(1), level=2, booked=True)
    assert purchase.kind is PurchaseKind.LATE_ENTRY
    assert purchase.penalty == 1000
    assert purchase.chips == 9000
    assert ledger.prize_pool == 9000  # the price is the same; only chips are lost


def test_PKR_LATE_1_late_entry_after_level_3_is_refused() -> None:
    """PKR-LATE-1: never after level 3; nothing is recorded."""
    options = club_options("tue")
    ledger = new_ledger(options)
    refusal = can_register(ledger, options, P(1), level=4)
    assert refusal is not None
    assert refusal.rule == "PKR-LATE-1"
    with pytest.raises(Conflict) as err:
        register(ledger, options, P(1), level=4)
    assert err.value.field == "level"
    assert ledger.purchases == ()


def test_PKR_LATE_1_only_booked_players_and_never_a_busted_one() -> None:
    """PKR-LATE-1: late entry only for who booked; a busted player cannot come back this way."""
    options = club_options("tue")
    ledger = new_ledger(options)
    with pytest.raises(Conflict) as err:
        register(ledger, options, P(1), level=1, booked=False)
    assert err.value.field == "booked"
    with pytest.raises(Conflict):
        register(ledger, options, P(2), level=1, booked=True, has_busted=True)


def test_PKR_LATE_1_options_cannot_extend_late_registration_past_level_3() -> None:
    """PKR-LATE-1: the option itself is capped at level 3."""
    with pytest.raises(TorneoError):
        EntryOptions(entry=TUESDAY, late_last_level=4)


def test_rebuys_and_the_exact_prize_pool() -> None:
    """Rebuys with their own price and chips; the prize pool is exact to the cent."""
    options = EntryOptions(
        entry=TUESDAY,
        rebuy=price((PartKind.PRIZE_POOL, 4550), (PartKind.FEE, 450), chips=5000),
        max_rebuys=2,
        rebuy_max_stack=10_000,
    )
    ledger = new_ledger(options)
    for i in range(1, 4):
        ledger, _ = register(ledger, options, P(i), None)
    ledger, _ = rebuy(ledger, options, P(1), level=1, stack=0)
    ledger, _ = rebuy(ledger, options, P(1), level=2, stack=3000)
    with pytest.raises(Conflict):
        rebuy(ledger, options, P(1), level=2, stack=0)  # two rebuys at most
    with pytest.raises(Conflict):
        rebuy(ledger, options, P(2), level=2, stack=15_000)  # stack too big
    with pytest.raises(Conflict):
        rebuy(ledger, options, P(2), level=4, stack=0)  # rebuy period over
    assert ledger.prize_pool == 3 * 9000 + 2 * 4550
    assert ledger.chips_in_play == 40_000
    sheet = summary(ledger)
    assert (sheet.entries, sheet.rebuys, sheet.collected) == (3, 2, 3 * 12000 + 2 * 5000)


def test_PKR_LEAGUE_2_fixed_levy_comes_out_of_the_prize_pool() -> None:
    """PKR-LEAGUE-2: the Mister All'in levy of 50 per tournament feeds the jackpot."""
    options = club_options("thu")
    ledger = new_ledger(options)
    for i in range(1, 11):
        ledger, _ = register(ledger, options, P(i), None)
    assert ledger.prize_pool == 10 * 5000 - 5000
    assert ledger.jackpot == 5000
    ledger = adjust_chips(ledger, "chip race", -25)
    assert ledger.chips_in_play == 60_000 - 25
