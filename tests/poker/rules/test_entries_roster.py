"""PKR-REG-1 for a whole list before the start (issue 14): the same entries, numbered after the
ledger's, as one register() per player would make; every refusal kept, and then nothing made."""

from __future__ import annotations

from tests.support.poker import P
from torneo.poker.rules.entries import EntryOptions, PartKind, new_ledger, price, register
from torneo.poker.rules.entries_roster import register_all

ENTRY = price((PartKind.PRIZE_POOL, 9000), (PartKind.FEE, 1000), chips=10_000)


def test_PKR_REG_1_a_list_enters_like_one_registration_after_another() -> None:
    options = EntryOptions(entry=ENTRY, starting_stacks=((P(3), 12_000),))
    ledger, _ = register(new_ledger(options), options, P(9), None)
    one_by_one = ledger
    for player in (P(1), P(2), P(3)):
        one_by_one, _ = register(one_by_one, options, player, None)
    after, made, refused = register_all(ledger, options, [P(1), P(2), P(3)])
    assert refused == []
    assert after == one_by_one
    assert [(p.number, p.player, p.chips) for p in made] == [
        (2, P(1), 10_000),
        (3, P(2), 10_000),
        (4, P(3), 12_000),  # PKR-LEAGUE-3: the player's own starting stack
    ]


def test_PKR_REG_1_every_refusal_is_kept_and_nothing_enters() -> None:
    options = EntryOptions(entry=ENTRY, field=(P(1), P(2), P(9)))
    ledger, _ = register(new_ledger(options), options, P(9), None)
    after, made, refused = register_all(ledger, options, [P(1), P(9), P(4), P(2)])
    assert after == ledger
    assert made == []
    assert [(k, err.reason) for k, err in refused] == [
        (1, "player 9 has already entered"),
        (2, "player 4 is not in this tournament's field [PKR-LEAGUE-3]"),
    ]
