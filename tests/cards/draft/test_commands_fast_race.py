"""Two batches of picks on one pod at once, on PostgreSQL (issue 32, ``commands_fast``).

A batch is one call of migration 0028's function: its lock is a statement of its own, and each
pick's statement after it takes a new snapshot (a VOLATILE function under READ COMMITTED), so a
batch that waited for another's pass judges its picks on that pass and its picks: no card is
ever taken twice (BER-DRAFT-1)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import func, select

from tests.support.draft import draft_event, pack_of, pick_round, player, pod_now, seat_players
from torneo.cards.draft import commands_fast
from torneo.cards.draft.commands_batch import PickIn, pick_cards
from torneo.cards.draft.state import database_of
from torneo.cards.draft.tables import DraftPick
from torneo.cards.rules.draft import Position, pack
from torneo.core.errors import TorneoError
from torneo.platform.store.uow import Store


def _waiting_for_a_lock(store: Store, timeout: float = 10.0) -> bool:
    """True once a backend waits for a row lock in the function (the second batch)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with store.engine.connect() as c:
            waiting = c.exec_driver_sql(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE '%%torneo_draft_picks%%'"
            ).scalar()
        if waiting:
            return True
        time.sleep(0.02)
    return False


def test_ber_draft_1_a_batch_that_waited_for_anothers_pass_never_takes_a_card_twice(
    store: Store,
) -> None:
    """Batch A takes seat 8's card, the pass's last pick, and holds its transaction open; batch
    B, sent meanwhile, takes the same card from the booster's next holder and another card of
    the next pack. B waits for A's lock, then judges on A's pass: the card taken by A is
    refused (the usual path refuses it in words), the other taken at the next pick."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite takes no batch in one statement")
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({8}))
    state = pod_now(store, event)
    plan = state.plan
    # a card seat 8's booster holds once: taken at pick 1, it is no more in the booster
    taken = next(c for c in pack_of(store, event, 8) if state.opened[(8, 1)].count(c) == 1)
    # at pick 2 one seat holds seat 8's booster, another seat 7's (its card of pick 1 out)
    holder = next(s for s in range(1, 9) if plan.opener(s, Position(1, 2)) == 8)
    other = next(s for s in range(1, 9) if plan.opener(s, Position(1, 2)) == 7)
    card = pack(plan, state.opened, state.picks, other, Position(1, 2))[0]

    def fast(seat: int, card: str, pick: int) -> commands_fast.FastPick:
        return commands_fast.FastPick(player(seats[(1, seat)]), card, 1, pick, None)

    # batch A, the pass's last pick, in a transaction left open: the call try_picks makes
    now = store.clock()
    found = commands_fast._candidate(
        store, database_of(store.engine), event, fast(8, taken, 1), now
    )
    assert found is not None
    raw = store.engine.raw_connection()
    outcome: list[list[commands_fast.Taken | None]] = []
    a = raw.driver_connection
    assert a is not None
    try:
        rows = a.execute(
            commands_fast._BATCH_SQL,
            commands_fast._arguments(event, now, [found[0].pod_id], [(0, *found)]),
        ).fetchall()
        assert [r[:2] for r in rows] == [(1, 1)]  # stored and passed, not committed yet
        # batch B meanwhile: the card A took, from the booster's next holder, and another
        b_picks = [fast(holder, taken, 2), fast(other, card, 2)]
        b = threading.Thread(
            target=lambda: outcome.append(commands_fast.try_picks(store, event, b_picks))
        )
        b.start()
        assert _waiting_for_a_lock(store)  # B's lock statement waits for A's
        a.commit()
    finally:
        raw.close()
    b.join(timeout=30)
    [[refused, stored]] = outcome
    # B judged on A's pass (the pod at pick 2) and on A's pick (the card out of the booster)
    assert refused is None
    assert stored == commands_fast.Taken(other, Position(1, 2), Position(1, 2))
    with store.read() as s:
        assert s.scalar(select(func.count()).where(DraftPick.card_code == taken)) == 1
    # the usual path refuses the card in words, and stores nothing
    [answer] = pick_cards(store, event, [PickIn(b_picks[0].actor, taken, 1, 2, None)])
    assert isinstance(answer, TorneoError)
    after = pod_now(store, event).picks
    assert (holder, 1, 2) not in after
    assert after[(other, 1, 2)] == card
    assert after[(8, 1, 1)] == taken


def test_ber_draft_1_batches_of_two_workers_racing_on_one_pod_store_each_card_once(
    store: Store,
) -> None:
    """Two workers' batches side by side over a whole booster of one pod: each batch is the
    picks of its workers' seats at the pod's pick, sent until the pod passes on; whatever
    order the locks give them, every pick is stored once and no card of a booster twice."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite takes no batch in one statement")
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    start = pod_now(store, event)  # its boosters as opened
    plan = start.plan
    errors: list[BaseException] = []

    def worker(mine: range) -> None:
        try:
            until = time.monotonic() + 60
            while time.monotonic() < until:
                state = pod_now(store, event)
                position = state.position
                if position is None or position.booster != 1:
                    return
                booster, pick = position.booster, position.pick
                batch = [
                    PickIn(player(seats[(1, s)]), pack_of(store, event, s)[0], booster, pick, None)
                    for s in mine
                    if (s, booster, pick) not in state.picks
                ]
                if batch:
                    pick_cards(store, event, batch)
                else:
                    time.sleep(0.005)  # the other worker's seats are the pass's last
        except BaseException as err:
            errors.append(err)

    workers = [threading.Thread(target=worker, args=(r,)) for r in (range(1, 5), range(5, 9))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    state = pod_now(store, event)
    assert state.position == Position(2, 1)
    with store.read() as s:
        booster_1 = s.execute(
            select(DraftPick.seat_no, DraftPick.pick_no, DraftPick.card_code).where(
                DraftPick.booster_no == 1
            )
        ).all()
    # one pick a seat and pick, none doubled
    assert len({(seat, pick) for seat, pick, _ in booster_1}) == len(booster_1)
    assert len(booster_1) == 8 * plan.booster_size
    taken: dict[int, list[str]] = {}
    for seat, pick, card in booster_1:
        taken.setdefault(plan.opener(seat, Position(1, pick)), []).append(card)
    for opener, cards in taken.items():  # each booster picked whole, each card once
        assert sorted(cards) == sorted(start.opened[(opener, 1)])
