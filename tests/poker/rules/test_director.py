"""A whole evening: a 60-player tournament with a late entry, two rebuys and an add-on, run
through the pure domain the way a director runs it from the phone (issue 8, "done when")."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from torneo.core.ids import PlayerId
from torneo.poker.rules import clock
from torneo.poker.rules.balancing import decide
from torneo.poker.rules.eliminations import bust_out, enter, field_of, finishing_order
from torneo.poker.rules.entries import (
    EntryOptions,
    PartKind,
    add_on,
    new_ledger,
    price,
    rebuy,
    register,
)
from torneo.poker.rules.payouts import award, prizes_for_field
from torneo.poker.rules.positions import draw_seat_for
from torneo.poker.rules.presets import club_payouts, weekly, weekly_structure
from torneo.poker.rules.seating import assign, draw_seats, open_table
from torneo.presets import load_preset


def test_PKR_END_1_sixty_players_from_the_draw_to_the_payouts() -> None:
    """PKR-TBL-1, PKR-LATE-1, PKR-BAL-1, PKR-BRK-1, PKR-END-1: draw, late entry, rebuys,
    add-on, balancing and breaking with every move announced, the final table, the finishing
    order and payouts right to the euro."""
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    rng = random.Random(2025)
    options = EntryOptions(
        entry=price(
            (PartKind.PRIZE_POOL, 9000),
            (PartKind.FEE, 1000),
            (PartKind.JACKPOT, 2000),
            chips=10_000,
        ),
        rebuy=price((PartKind.PRIZE_POOL, 9000), (PartKind.FEE, 1000), chips=10_000),
        max_rebuys=1,
        add_on=price((PartKind.PRIZE_POOL, 5000), chips=5000),
        late_penalty_per_level=500,
    )
    players = [PlayerId(i) for i in range(1, 61)]
    ledger = new_ledger(options)
    for p in players:
        ledger, _ = register(ledger, options, p, None)
    seating = draw_seats(players, rules.seats_per_table, rng).seating
    field = field_of(players)
    t0 = datetime(2025, 12, 2, 21, 0)
    tv = clock.start(clock.TournamentClock(weekly_structure(rules, weekly(rules, "tue"))), t0)

    # Level 2: a booked late player arrives; two rebuys and one add-on.
    late = PlayerId(61)
    ledger, purchase = register(ledger, options, late, level=2, booked=True)
    assert purchase.chips == 9000
    seating = open_table(seating, 7, rules.seats_per_table)  # every table was full
    seating = assign(seating, draw_seat_for(seating, late, rng))
    field = enter(field, late)
    seating, opening = decide(seating, rng, rules.balance_threshold)
    assert sorted(t.count for t in seating.open_tables) == [8, 8, 9, 9, 9, 9, 9]
    assert all(m.to_table == 7 for m in opening.moves)
    ledger, _ = rebuy(ledger, options, PlayerId(5), level=2, stack=0)
    ledger, _ = rebuy(ledger, options, PlayerId(6), level=2, stack=800)
    ledger, _ = add_on(ledger, options, PlayerId(7), level=3, is_busted=False)
    assert ledger.prize_pool == 61 * 9000 + 2 * 9000 + 5000
    assert ledger.chips_in_play == 60 * 10_000 + 9000 + 20_000 + 5000

    view = clock.view(tv, t0 + timedelta(minutes=20), len(field.alive), ledger.chips_in_play)
    assert view.level_number == 2
    assert view.players_left == 61
    assert view.average_stack == ledger.chips_in_play // 61

    announcements: list[str] = []
    hand = 0
    while not field.is_over:
        hand += 1
        out = rng.choice(field.alive)
        field, seating, _ = bust_out(field, seating, {out: 1000}, hand)
        seating, decision = decide(seating, rng, rules.balance_threshold)
        announcements += decision.announcements
        counts = [t.count for t in seating.open_tables]
        assert max(counts) - min(counts) < rules.balance_threshold
        if len(field.alive) <= rules.seats_per_table:
            assert len(seating.open_tables) == 1  # the final table is reached in time
    assert announcements
    assert all("→ Table" in a for a in announcements)

    order = finishing_order(field)
    assert [f.place for f in order] == list(range(1, 62))
    amounts = prizes_for_field(
        club_payouts(rules), ledger.prize_pool, ledger.entries, len(field.players)
    )
    money = award(order, amounts)
    assert sum(money.values()) == ledger.prize_pool
    assert len(money) == 11  # 61 entries: the row up to 80 pays 11 places
    assert all(amount % 100 == 0 for p, amount in money.items() if p != order[0].player)
