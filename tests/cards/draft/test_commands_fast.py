"""A pick in one round trip on PostgreSQL (issue 32 item 1, ``commands_fast``).

It stores what the usual path stores, or nothing: every pick the usual path would refuse, or
that ends a pass, is left to it (the same answer as ever, BER-DRAFT-1/2). SQLite never takes
it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, update

from tests.conftest import FakeClock
from tests.support.draft import draft_event, pack_of, pick_round, player, pod_now, seat_players
from torneo.cards.draft import commands as draft
from torneo.cards.draft import commands_fast
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn, pick_cards
from torneo.cards.draft.state import database_of
from torneo.cards.draft.tables import DraftPick, DraftSeat
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


def _try(store: Store, event: int, p: PickIn) -> object:
    """The statement's answer alone (None: not taken)."""
    fast = commands_fast.FastPick(p.actor, p.card, p.booster, p.pick, p.at)
    return commands_fast.try_picks(store, event, [fast])[0]


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


def _last_of_the_pass(store: Store, event: int, seats: dict[tuple[int, int], int]) -> PickIn:
    pick_round(store, event, skip=frozenset({8}))
    return PickIn(player(seats[(1, 8)]), pack_of(store, event, 8)[0], 1, 1, None)


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
        _last_of_the_pass,
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
    if case is _last_of_the_pass:
        assert isinstance(out, Picked)  # the usual path took it and passed the packs
        assert out.now == Position(1, 2)
        assert pod_now(store, event).position == Position(1, 2)
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


def test_a_pick_heard_to_end_its_pass_goes_the_usual_way_without_the_statement(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hub heard the other seven seats' picks: the eighth goes straight to the usual path,
    which passes the packs (its own seat heard does not count)."""
    event = draft_event(store, 8)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({8}))
    pod_id = pod_now(store, event).pod.id
    database = database_of(store.engine)
    sent: list[object] = []

    def run(*args: object) -> list[bool]:
        sent.append(args)
        return [False]

    monkeypatch.setattr(commands_fast, "_run", run)
    last = PickIn(player(seats[(1, 8)]), pack_of(store, event, 8)[0], 1, 1, None)
    for seat in (1, 2, 3, 4, 5, 6, 8):
        commands_fast.heard(database, pod_id, seat, 1, 1)
    assert _try(store, event, last) is None
    on_postgresql = store.engine.dialect.name == "postgresql"
    assert len(sent) == (1 if on_postgresql else 0)  # six others heard: it is sent
    commands_fast.heard(database, pod_id, 7, 1, 1)
    assert _try(store, event, last) is None
    assert len(sent) == (1 if on_postgresql else 0)  # seven: not sent
    [out] = pick_cards(store, event, [last])
    assert isinstance(out, Picked)
    assert out.now == Position(1, 2)
