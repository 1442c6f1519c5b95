"""A pick in one round trip on PostgreSQL (issue 32 item 1, ``commands_fast``).

It stores what the usual path stores, or nothing: every pick the usual path would refuse, the
draft's last pick and a pass with a disqualified seat are left to it (the same answer as ever,
BER-DRAFT-1/2); the last pick of any other pass passes the packs as the usual path does. SQLite
never takes it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, update

from tests.conftest import FakeClock
from tests.support.draft import draft_event, pack_of, pick_round, player, pod_now, seat_players
from torneo.cards.draft import commands as draft
from torneo.cards.draft import commands_batch, commands_fast
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn, _usual, pick_cards
from torneo.cards.draft.tables import DraftPick, DraftPod, DraftSeat
from torneo.cards.rules.draft import Position
from torneo.core.errors import TorneoError
from torneo.platform.live.broker import Notice
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store


def _rows(store: Store, seat_no: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The seat's stored pick and its audit row, without their ids and the seat's own facts."""
    with store.read() as s:
        pick = s.execute(
            select(
                DraftPick.booster_no, DraftPick.pick_no, DraftPick.how, DraftPick.picked_at
            ).where(DraftPick.seat_no == seat_no)
        ).one()
        audit = s.execute(
            select(
                AuditEntry.at,
                AuditEntry.action,
                AuditEntry.entity,
                AuditEntry.entity_id,
                AuditEntry.event_id,
                AuditEntry.before,
                AuditEntry.before.is_(None),  # SQL NULL or JSON null: as the usual path
                AuditEntry.reason,
            ).where(AuditEntry.action == "draft.pick", AuditEntry.actor == f"player{seat_no}")
        ).one()
    return tuple(pick), tuple(audit)


def _fast(p: PickIn) -> commands_fast.FastPick:
    return commands_fast.FastPick(p.actor, p.card, p.booster, p.pick, p.at)


def _try(store: Store, event: int, p: PickIn) -> object:
    """The statement's answer alone (None: not taken)."""
    return commands_fast.try_picks(store, event, [_fast(p)])[0]


def _counts(store: Store) -> tuple[int, int]:
    with store.read() as s:
        picks = s.scalar(select(func.count(DraftPick.id))) or 0
        audits = s.scalar(select(func.count(AuditEntry.id))) or 0
    return picks, audits


def test_ber_draft_1_a_pick_in_one_round_trip_stores_what_the_usual_path_stores(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    fast = PickIn(player(seats[(1, 1)]), pack_of(store, event, 1)[0], 1, 1, None)
    out = pick_cards(store, event, [fast])
    usual = pack_of(store, event, 2)[0]
    draft.pick_card(store, player(seats[(1, 2)]), event, usual, booster=1, pick=1)
    assert out == [Picked(1, Position(1, 1), fast.card, Position(1, 1))]
    with store.read() as s:
        stored = dict(s.execute(select(DraftPick.seat_no, DraftPick.card_code)).all())
        after: dict[str, Any] = dict(
            s.execute(
                select(AuditEntry.actor, AuditEntry.after).where(AuditEntry.action == "draft.pick")
            ).all()
        )
    assert stored == {1: fast.card, 2: usual}
    assert after[fast.actor.name] == {
        "pod": 1,
        "seat": 1,
        "booster": 1,
        "pick": 1,
        "card": fast.card,
        "how": "player",
    }
    # the rest of the rows as the usual path writes them (the ids and the seat's own aside)
    seat_of = {seats[(1, n)]: n for n in range(1, 9)}
    assert (
        _rows(store, seat_of[seats[(1, 1)]])[1][1:] == _rows(store, seat_of[seats[(1, 2)]])[1][1:]
    )
    assert [(n.kind, n.data) for n in published] == [
        ("picked", {"pod": n.data["pod"], "seat": s, "booster": 1, "pick": 1})
        for n, s in zip(published, (1, 2), strict=True)
    ]
    # it was the statement's pick on PostgreSQL, the usual path's on SQLite
    other = PickIn(player(seats[(1, 3)]), pack_of(store, event, 3)[0], 1, 1, None)
    took = _try(store, event, other)
    assert (took is not None) == (store.engine.dialect.name == "postgresql")


def _taken_card(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """Pick 2: seat 2 holds seat 1's booster, less the card seat 1 took at pick 1."""
    taken = pack_of(store, event, 1)[0]
    pick_round(store, event)
    assert taken not in pack_of(store, event, 2)
    return PickIn(player(seats[(1, 2)]), taken, 1, 2, None)


def _closed_pick(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """The page still shows pick 1, the pod has passed on to pick 2."""
    pick_round(store, event)
    return PickIn(player(seats[(1, 3)]), pack_of(store, event, 3)[0], 1, 1, None)


def _wrong_seat(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """A player with no seat in this draft."""
    return PickIn(player(max(seats.values()) + 1000), pack_of(store, event, 1)[0], 1, 1, None)


def _twice(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """The seat picked already at this pick."""
    first, second = pack_of(store, event, 4)[:2]
    draft.pick_card(store, player(seats[(1, 4)]), event, first, booster=1, pick=1)
    return PickIn(player(seats[(1, 4)]), second, 1, 1, None)


def _not_in_pack(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    held = set(pack_of(store, event, 5))
    elsewhere = next(c for c in pack_of(store, event, 6) if c not in held)
    return PickIn(player(seats[(1, 5)]), elsewhere, 1, 1, None)


def _disqualified(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    with store.unit(Actor.system()) as uow:
        uow.session.execute(
            update(DraftSeat).where(DraftSeat.player_id == seats[(1, 6)]).values(disqualified=True)
        )
    return PickIn(player(seats[(1, 6)]), pack_of(store, event, 6)[0], 1, 1, None)


def _other_disqualified(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """A disqualified seat without its pick here: the usual path picks for it at once
    (BER-DRAFT-2), with this pick."""
    with store.unit(Actor.system()) as uow:
        uow.session.execute(
            update(DraftSeat).where(DraftSeat.player_id == seats[(1, 8)]).values(disqualified=True)
        )
    return PickIn(player(seats[(1, 7)]), pack_of(store, event, 7)[0], 1, 1, None)


def _pass_with_a_disqualified_seat(
    store: Store, event: int, seats: dict[tuple[int, int], int]
) -> PickIn:
    """The pass's last pick in a pod with a disqualified seat (picked for already here): the
    usual path picks for it at once at the next pick (BER-DRAFT-2)."""
    pick_round(store, event, skip=frozenset({8}))
    with store.unit(Actor.system()) as uow:
        uow.session.execute(
            update(DraftSeat).where(DraftSeat.player_id == seats[(1, 7)]).values(disqualified=True)
        )
    return PickIn(player(seats[(1, 8)]), pack_of(store, event, 8)[0], 1, 1, None)


def _last_of_the_draft(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    """The draft's last pick: the usual path ends it and records the pools (BER-FMT-3). The
    pod is moved to its last pick by hand (the packs there are whole: no earlier pick stored)."""
    plan = pod_now(store, event).plan
    with store.unit(Actor.system()) as uow:
        uow.session.execute(
            update(DraftPod).values(booster_no=plan.boosters, pick_no=plan.booster_size)
        )
    pick_round(store, event, skip=frozenset({8}))
    card = pack_of(store, event, 8)[0]
    return PickIn(player(seats[(1, 8)]), card, plan.boosters, plan.booster_size, None)


Case = Callable[[Store, int, dict[tuple[int, int], int]], PickIn]


@pytest.mark.parametrize(
    "case",
    [
        _taken_card,
        _closed_pick,
        _wrong_seat,
        _twice,
        _not_in_pack,
        _disqualified,
        _other_disqualified,
        _pass_with_a_disqualified_seat,
        _last_of_the_draft,
    ],
)
def test_a_pick_the_statement_does_not_take_stores_nothing_and_the_usual_path_answers(
    store: Store, case: Case
) -> None:
    """BER-DRAFT-1/2: whatever the statement leaves, the usual path answers as it always did
    (a refusal in words, or the pass); the statement stored nothing meanwhile."""
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    p = case(store, event, seats)
    before = _counts(store)
    took = _try(store, event, p)
    assert took is None
    assert _counts(store) == before
    [out] = pick_cards(store, event, [p])
    try:
        expected: object = draft.pick_card(
            store, p.actor, event, p.card, booster=p.booster, pick=p.pick, at=p.at
        )
    except TorneoError as err:
        expected = err
    if case is _pass_with_a_disqualified_seat:
        assert isinstance(out, Picked)  # the usual path took it, passed, picked for seat 7
        assert out.now == Position(1, 2)
        assert (7, 1, 2) in pod_now(store, event).picks
    elif case is _last_of_the_draft:
        assert isinstance(out, Picked)  # the usual path took it and ended the draft
        assert out.now is None
        assert pod_now(store, event).pod.status == "done"
    elif case is _other_disqualified:
        assert isinstance(out, Picked)  # taken, and the server picked for seat 8 with it
        assert (8, 1, 1) in pod_now(store, event).picks
    else:
        assert isinstance(out, TorneoError)
        assert isinstance(expected, TorneoError)
        assert (type(out), out.field, str(out), out.rule) == (
            type(expected),
            expected.field,
            str(expected),
            expected.rule,
        )


def test_ber_draft_2_a_pick_after_the_deadline_is_left_to_the_usual_path(
    store: Store, clock: FakeClock
) -> None:
    event = draft_event(store, 8, pick_seconds=30)
    seats = seat_players(store, event)
    late = PickIn(player(seats[(1, 1)]), pack_of(store, event, 1)[0], 1, 1, None)
    clock.advance(seconds=31)
    assert _try(store, event, late) is None
    [out] = pick_cards(store, event, [late])
    assert isinstance(out, TorneoError)
    assert "time for this pick ran out" in out.reason
    # read in time (the socket's moment), taken late: the pick counts (BER-DRAFT-2)
    in_time = clock.now - timedelta(seconds=2)
    other = PickIn(player(seats[(1, 2)]), pack_of(store, event, 2)[0], 1, 1, in_time)
    [out] = pick_cards(store, event, [other])
    assert isinstance(out, Picked)


def test_ber_draft_1_a_whole_pass_in_one_batch_the_last_pick_passes_the_packs(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight picks of one pod that arrive together: the statement takes the first seven in one
    message, the usual path the eighth, which ends the pass; a refused one refuses itself."""
    event = draft_event(store, 16)
    seats = seat_players(store, event)
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    batch = [
        PickIn(player(seats[(1, s)]), pack_of(store, event, s)[0], 1, 1, None) for s in range(1, 9)
    ]
    wrong = PickIn(player(seats[(2, 1)]), "NOPE", 1, 1, None)
    out = pick_cards(store, event, [*batch[:4], wrong, *batch[4:]])
    assert [o.seat if isinstance(o, Picked) else getattr(o, "field", o) for o in out] == [
        1, 2, 3, 4, "card", 5, 6, 7, 8,
    ]  # fmt: skip
    assert pod_now(store, event).position == Position(1, 2)
    assert _counts(store)[0] == 8
    assert [n.kind for n in published] == ["picked"] * 7 + ["pass", "draft"]


Rows = list[tuple[Any, ...]]


def _a_pass(
    store: Store, monkeypatch: pytest.MonkeyPatch, *, fast: bool, to_booster_2: bool
) -> tuple[list[Picked | BaseException], list[tuple[str, str, dict[str, Any]]], Rows, Rows]:
    """A draft brought to the last pick of a pass (pick 1, or the booster's last), that pick
    taken by the batch's path with ``commands_fast`` on or off, and what it left: the answer,
    the notices, the pod's row, its picks and the audit rows (each draft its own event: the
    ids aside)."""
    monkeypatch.setattr(commands_fast, "ENABLED", fast)
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    if to_booster_2:
        for _ in range(pod_now(store, event).plan.booster_size - 1):
            pick_round(store, event)
    pick_round(store, event, skip=frozenset({8}))
    position = pod_now(store, event).position
    assert position is not None
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    usual: list[int] = []

    def counted(*args: Any) -> Any:
        usual.append(1)
        return _usual(*args)

    monkeypatch.setattr(commands_batch, "_usual", counted)
    card = pack_of(store, event, 8)[0]
    last = PickIn(player(seats[(1, 8)]), card, position.booster, position.pick, None)
    out = pick_cards(store, event, [last])
    assert bool(usual) == (not fast or store.engine.dialect.name != "postgresql")
    state = pod_now(store, event)
    with store.read() as s:
        pod = s.execute(
            select(
                DraftPod.status,
                DraftPod.booster_no,
                DraftPod.pick_no,
                DraftPod.deadline,
                DraftPod.version,
            ).where(DraftPod.id == state.pod.id)
        ).one()
        picks = s.execute(
            select(
                DraftPick.seat_no,
                DraftPick.booster_no,
                DraftPick.pick_no,
                DraftPick.card_code,
                DraftPick.how,
                DraftPick.picked_at,
            )
            .where(DraftPick.pod_id == state.pod.id)
            .order_by(DraftPick.booster_no, DraftPick.pick_no, DraftPick.seat_no)
        ).all()
        audits = s.execute(
            select(AuditEntry.at, AuditEntry.actor, AuditEntry.entity, AuditEntry.after)
            .where(AuditEntry.action == "draft.pick", AuditEntry.event_id == event)
            .order_by(AuditEntry.id)
        ).all()
    notices = [
        (
            n.topic.replace(str(event), "E"),
            n.kind,
            {**n.data, "pod": n.data["pod"] if n.kind == "draft" else "P"},
        )
        for n in published
    ]
    rows = [tuple(pod), *(tuple(p) for p in picks), *(tuple(a) for a in audits)]
    return out, notices, rows[:1], rows[1:]


@pytest.mark.parametrize("to_booster_2", [False, True])
def test_ber_draft_1_the_pass_in_one_round_trip_leaves_what_the_usual_path_leaves(
    store: Store, monkeypatch: pytest.MonkeyPatch, to_booster_2: bool
) -> None:
    """The last pick of a pass, within a booster or opening the next one: the statement stores
    the pick, moves the pod (its deadline, its row's version) and tells every seat its next
    pack, as the usual path does (the same rows, answers and notices)."""
    usual = _a_pass(store, monkeypatch, fast=False, to_booster_2=to_booster_2)
    fast = _a_pass(store, monkeypatch, fast=True, to_booster_2=to_booster_2)
    assert fast == usual
    [out], notices, [pod], _ = fast
    following = Position(2, 1) if to_booster_2 else Position(1, 2)
    assert isinstance(out, Picked)
    assert out.now == following
    assert pod[:3] == ("running", following.booster, following.pick)
    assert [kind for _, kind, _ in notices] == ["pass", "draft"]
    assert set(notices[0][2]["packs"]) == {str(s) for s in range(1, 9)}


def test_ber_draft_1_a_batch_that_passes_and_picks_from_the_next_pack(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch holding the pass's last pick and, after it, a pick of the next pack (a page
    that heard the pass first): each judged after the one before, both taken; a pick of the
    pack before, come after the pass, is refused as the usual path refuses it."""
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({8}))
    last = PickIn(player(seats[(1, 8)]), pack_of(store, event, 8)[0], 1, 1, None)
    # seat 1's pack at pick 2 is seat 8's booster (passing left) less the card seat 8 takes now
    after_pass = [c for c in pack_of(store, event, 8) if c != last.card]
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    holder = next(
        s for s in range(1, 9) if pod_now(store, event).plan.opener(s, Position(1, 2)) == 8
    )
    second = PickIn(player(seats[(1, holder)]), after_pass[0], 1, 2, None)
    stale = PickIn(player(seats[(1, 3)]), pack_of(store, event, 3)[1], 1, 1, None)
    out = pick_cards(store, event, [last, second, stale])
    assert isinstance(out[0], Picked)
    assert out[0].now == Position(1, 2)
    assert isinstance(out[1], Picked)
    assert out[1].position == Position(1, 2)
    assert isinstance(out[2], TorneoError)
    state = pod_now(store, event)
    assert state.picks[(holder, 1, 2)] == after_pass[0]
    assert _counts(store)[0] == 9
    assert [n.kind for n in published] == ["pass", "draft", "picked"]


def test_issue32_the_batches_keep_their_connection_without_the_pools_ping(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch's connection is kept for the next batch (the pool's check-out pings the server
    first: a round trip a batch)."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite takes no batch in one round trip")
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    picks = [
        PickIn(player(seats[(1, seat)]), pack_of(store, event, seat)[0], 1, 1, None)
        for seat in (1, 2, 3)
    ]
    assert isinstance(commands_fast.try_picks(store, event, [_fast(picks[0])])[0], tuple)
    checkout = store.engine.raw_connection
    taken: list[int] = []

    def counted() -> Any:
        taken.append(1)
        return checkout()

    monkeypatch.setattr(store.engine, "raw_connection", counted)
    for p in picks[1:]:
        assert isinstance(commands_fast.try_picks(store, event, [_fast(p)])[0], tuple)
    assert taken == []
