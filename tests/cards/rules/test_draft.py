"""Live draft rules (BER-DRAFT-1/2) and boosters from the seed (BER-FMT-2/3)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tests.support.draft import demo_set
from torneo.cards.rules.boosters import draft_booster, sealed_pool
from torneo.cards.rules.draft import (
    DraftPlan,
    Position,
    can_pick,
    everyone_picked,
    pack,
    timeout_pick,
)
from torneo.core.errors import Refusal

DEMO = demo_set()
NOW = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _simulate(plan: DraftPlan, seed: int) -> dict[tuple[int, int, int], str]:
    opened = {
        (s, b): draft_booster(DEMO, seed, 1, s, b)
        for s in range(1, plan.seats + 1)
        for b in range(1, plan.boosters + 1)
    }
    picks: dict[tuple[int, int, int], str] = {}
    position: Position | None = plan.first()
    rng = random.Random(seed)
    while position is not None:
        for seat in range(1, plan.seats + 1):
            picks[(seat, position.booster, position.pick)] = timeout_pick(
                pack(plan, opened, picks, seat, position), rng
            )
        assert everyone_picked(plan, picks, position)
        position = plan.after(position)
    return picks


def test_ber_draft_1_boosters_pass_to_the_next_seat_the_same_way_every_booster() -> None:
    plan = DraftPlan(seats=8, boosters=4)
    # Seat 1's booster goes to seat 2 at pick 2, seat 3 at pick 3; booster 2 goes the same way.
    assert [plan.holder(1, Position(1, k)) for k in (1, 2, 3)] == [1, 2, 3]
    assert [plan.holder(1, Position(2, k)) for k in (1, 2, 3)] == [1, 2, 3]
    assert plan.opener(1, Position(1, 2)) == 8  # seat 1 now holds seat 8's booster


def test_ber_draft_1_the_alternate_option_passes_even_boosters_the_other_way() -> None:
    plan = DraftPlan(seats=8, boosters=4, alternate=True)
    assert [plan.holder(1, Position(1, k)) for k in (1, 2, 3)] == [1, 2, 3]
    assert [plan.holder(1, Position(2, k)) for k in (1, 2, 3)] == [1, 8, 7]
    assert [plan.holder(1, Position(3, k)) for k in (1, 2)] == [1, 2]


def test_ber_draft_1_when_a_booster_is_empty_the_next_one_is_opened_until_the_last() -> None:
    plan = DraftPlan(seats=8, boosters=2)
    assert plan.after(Position(1, 6)) == Position(1, 7)
    assert plan.after(Position(1, 7)) == Position(2, 1)
    assert plan.after(Position(2, 7)) is None


@given(
    seats=st.integers(2, 8),
    boosters=st.sampled_from([1, 2, 4]),
    alternate=st.booleans(),
    seed=st.integers(0, 10**6),
)
def test_ber_fmt_3_every_seat_drafts_7_cards_a_booster_and_every_card_once(
    seats: int, boosters: int, alternate: bool, seed: int
) -> None:
    plan = DraftPlan(seats, boosters, alternate=alternate)
    picks = _simulate(plan, seed)
    for seat in range(1, seats + 1):
        assert sum(1 for (s, _, _) in picks if s == seat) == 7 * boosters  # 7, 14 or 28
    opened = sorted(
        c
        for s in range(1, seats + 1)
        for b in range(1, boosters + 1)
        for c in draft_booster(DEMO, seed, 1, s, b)
    )
    assert sorted(picks.values()) == opened  # nothing lost, nothing doubled


def test_ber_fmt_2_boosters_and_sealed_pools_are_reproduced_from_the_seed() -> None:
    assert draft_booster(DEMO, 11, 2, 3, 1) == draft_booster(DEMO, 11, 2, 3, 1)
    assert draft_booster(DEMO, 11, 2, 3, 1) != draft_booster(DEMO, 11, 2, 3, 2)
    starter_pool = sealed_pool(DEMO, 11, 5, starters=1, boosters=2)
    assert len(starter_pool) == 44  # BER-FMT-2 (a): 30 + 2 x 7
    assert len(sealed_pool(DEMO, 11, 5, starters=0, boosters=6)) == 42  # (b)
    assert starter_pool == sealed_pool(DEMO, 11, 5, starters=1, boosters=2)
    booster = draft_booster(DEMO, 11, 1, 1, 1)
    assert len(set(booster)) == 7
    rarities = [card.rarity for card in map(DEMO.card, booster) if card is not None]
    assert rarities == ["common"] * 3 + ["uncommon"] * 2 + ["rare", "ultra-rare"]


def _check(**changes: object) -> Refusal | None:
    base: dict[str, object] = {
        "running": True,
        "current": Position(1, 2),
        "asked": Position(1, 2),
        "disqualified": False,
        "already": None,
        "pack_left": ("A", "B"),
        "card": "A",
        "now": NOW,
        "deadline": NOW + timedelta(seconds=30),
    }
    base.update(changes)
    return can_pick(**base)  # type: ignore[arg-type]


def _refusal(**changes: object) -> Refusal:
    refused = _check(**changes)
    assert refused is not None
    return refused


def test_ber_draft_1_a_card_of_the_current_pack_may_be_picked() -> None:
    assert _check() is None


def test_ber_draft_1_bad_picks_are_refused_with_the_field_and_what_is_accepted() -> None:
    not_in_pack = _refusal(card="Z")
    assert not_in_pack.field == "card"
    accepted = not_in_pack.accepted_message
    assert accepted is not None
    assert "one of A, B" in accepted.english()
    assert _refusal(already="B").field == "pick"  # picking twice
    assert "is over" in _refusal(asked=Position(1, 1)).text  # the pack has passed
    assert _refusal(running=False).field == "draft"


def test_ber_draft_2_a_pick_after_the_timer_is_refused_and_a_disqualified_seat_may_not_pick() -> (
    None
):
    late = _refusal(deadline=NOW)
    assert late.field == "pick"
    assert "BER-DRAFT-2" in late.text
    assert _refusal(disqualified=True).field == "seat"


def test_ber_draft_2_the_timeout_pick_comes_from_the_seeded_generator() -> None:
    pack_left = ("A", "B", "C", "D")
    assert timeout_pick(pack_left, random.Random("7:timeout:1:3:1:2")) == timeout_pick(
        pack_left, random.Random("7:timeout:1:3:1:2")
    )
