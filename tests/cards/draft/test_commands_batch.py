"""Picks that arrive together, in one transaction (issue 32 item 1, ``commands_batch``).

On PostgreSQL the batch is one transaction; on SQLite each pick is written alone. Either way
every pick gets the answer it would get alone: the refused ones refuse only themselves."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.cards.test_draft_load import statements
from tests.support.draft import draft_event, pack_of, player, seat_players
from torneo.cards.draft import commands_fast
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn, pick_cards
from torneo.cards.draft.tables import DraftPick, DraftPod
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.live.broker import Notice
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def test_ber_draft_1_picks_of_two_pods_together_each_answered_as_alone(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = draft_event(store, 16)  # two pods of 8
    seats = seat_players(store, event)
    first = pack_of(store, event, 1)
    mine = PickIn(player(seats[(1, 1)]), first[0], 1, 1, None)
    wrong = PickIn(player(seats[(1, 2)]), "NOPE", 1, 1, None)
    other_pod = PickIn(player(seats[(2, 3)]), pack_of(store, event, 3, pod_no=2)[0], 1, 1, None)
    twice = PickIn(player(seats[(1, 1)]), first[1], 1, 1, None)  # the same seat again
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    monkeypatch.setattr(commands_fast, "ENABLED", False)  # the batch's own transaction
    with statements(store) as sent:
        out = pick_cards(store, event, [mine, wrong, other_pod, twice])
    assert isinstance(out[0], Picked)
    assert (out[0].seat, out[0].card) == (1, first[0])
    assert isinstance(out[1], TorneoError)
    assert out[1].field == "card"
    assert isinstance(out[2], Picked)
    assert out[2].seat == 3
    assert isinstance(out[3], Conflict)  # BER-DRAFT-1: one card a pick
    with store.read() as s:
        stored = set(
            s.execute(
                select(DraftPod.pod_no, DraftPick.seat_no, DraftPick.card_code).join(
                    DraftPod, DraftPod.id == DraftPick.pod_id
                )
            )
        )
        audited = list(s.scalars(select(AuditEntry.actor).where(AuditEntry.action == "draft.pick")))
    assert stored == {(1, 1, first[0]), (2, 3, other_pod.card)}
    assert sorted(audited) == sorted([mine.actor.name, other_pod.actor.name])  # each its own
    assert [(n.kind, n.data["seat"]) for n in published] == [("picked", 1), ("picked", 3)]
    audit_inserts = [s for s in sent if s.startswith("INSERT INTO audit")]
    if store.engine.dialect.name == "postgresql":
        assert len(audit_inserts) == 1  # one transaction for the batch
        assert len([s for s in sent if "FOR UPDATE" in s]) == 1  # both pods, one statement
    else:
        assert len(audit_inserts) == 2  # SQLite: each pick alone


def test_a_batch_that_fails_is_written_pick_by_pick(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing of a failed batch is kept, and each of its picks is tried again alone: none is
    lost, none doubled."""
    from sqlalchemy.exc import OperationalError

    from torneo.cards.draft import commands_batch

    event = draft_event(store, 8)
    seats = seat_players(store, event)
    picks = [PickIn(player(seats[(1, s)]), pack_of(store, event, s)[0], 1, 1, None) for s in (1, 2)]

    def broken(*_args: object) -> list[object]:
        raise OperationalError("SELECT", {}, Exception("connection lost"))

    monkeypatch.setattr(commands_batch, "_together", broken)
    out = pick_cards(store, event, picks)
    assert all(isinstance(o, Picked) for o in out)
    with store.read() as s:
        assert len(s.scalars(select(DraftPick.id)).all()) == 2
