"""Helpers for draft tests: a berserk-online event with the demo set, ready to draft."""

from __future__ import annotations

from importlib import resources

from sqlalchemy import select

from torneo.cards import commands as events
from torneo.cards.draft import commands as draft
from torneo.cards.draft.tables import DraftSeat
from torneo.cards.rules.set_files import read_json
from torneo.cards.rules.sets import CardSet
from torneo.cards.sets import commands as sets
from torneo.cards.tables import Registration
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

ORG = Actor("org", frozenset({(1, "organizer")}))


def demo_set() -> CardSet:
    text = (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    return read_json(text)


def draft_event(
    store: Store,
    players: int = 8,
    *,
    format_key: str = "draft_standard",
    pick_seconds: int = 60,
    alternate: bool = False,
    seed: int = 7,
    start: bool = True,
) -> int:
    """A started berserk-online event of ``players`` with the demo set and ``format_key``."""
    with store.read() as s:
        from torneo.cards.draft.tables import CardSetRow

        known = s.scalars(select(CardSetRow.id).where(CardSetRow.code == "DEMO")).first()
    if known is None:
        sets.import_set(store, Actor.system(), demo_set(), source="demo", shared=True)
    event = events.create_event(
        store,
        ORG,
        name="Draft",
        preset="berserk-online",
        held_on="2026-12-01",
        seed=seed,
        format=format_key,
    )
    events.register_roster(
        store, ORG, event, "\n".join(f"Drafter {i:02d},,{2000 - i}" for i in range(1, players + 1))
    )
    events.start_event(store, ORG, event)
    sets.setup_event(
        store,
        ORG,
        event,
        set_code="DEMO",
        format_key=format_key,
        pick_seconds=pick_seconds,
        alternate=alternate,
    )
    if start:
        draft.start_draft(store, ORG, event)
    return event


def seat_players(store: Store, event_id: int) -> dict[tuple[int, int], int]:
    """(pod number, seat) → player id."""
    from torneo.cards.draft.tables import DraftPod

    with store.read() as s:
        rows = s.execute(
            select(DraftPod.pod_no, DraftSeat.seat_no, DraftSeat.player_id)
            .join(DraftPod, DraftPod.id == DraftSeat.pod_id)
            .where(DraftSeat.event_id == event_id)
        ).all()
    return {(p, seat): player for p, seat, player in rows}


def online(store: Store, event_id: int, *seat_nos: int) -> None:
    """The pages of these seats (pod 1) report they are open (BER-DRAFT-2's presence)."""
    seats = seat_players(store, event_id)
    draft.mark_seen(store, event_id, [seats[(1, n)] for n in seat_nos])


def player(player_id: int) -> Actor:
    return Actor(f"player{player_id}", player_id=player_id)


def pod_now(store: Store, event_id: int, pod_no: int = 1):  # type: ignore[no-untyped-def]
    """The pod's state as the rules see it (a fresh read)."""
    from torneo.cards.draft.state import pod_state, pods_of, setup_of
    from torneo.cards.tables import Event

    with store.read() as s:
        pod = pods_of(s, event_id)[pod_no - 1]
        event = s.get(Event, event_id)
        setup = setup_of(s, event_id)
        assert event is not None
        assert setup is not None
        return pod_state(s, pod, event.seed, setup)


def pack_of(store: Store, event_id: int, seat: int, pod_no: int = 1) -> tuple[str, ...]:
    from torneo.cards.rules.draft import pack

    state = pod_now(store, event_id, pod_no)
    assert state.position is not None
    return pack(state.plan, state.opened, state.picks, seat, state.position)


def pick_round(
    store: Store, event_id: int, *, skip: frozenset[int] = frozenset(), pod_no: int = 1
) -> None:
    """Every seat of the pod (but ``skip``) picks the first card of its pack."""
    seats = seat_players(store, event_id)
    state = pod_now(store, event_id, pod_no)
    position = state.position
    assert position is not None
    from torneo.cards.rules.draft import pack

    for seat in sorted(state.seats):
        if seat in skip or state.seats[seat].disqualified:
            continue
        card = pack(state.plan, state.opened, state.picks, seat, position)[0]
        draft.pick_card(
            store,
            player(seats[(pod_no, seat)]),
            event_id,
            card,
            booster=position.booster,
            pick=position.pick,
        )


def player_accounts(store: Store, event_id: int, prefix: str) -> list[tuple[int, str]]:
    """An account for each registered player, by player id: ``prefix1``, ``prefix2``, ... with
    the tests' password (a drafter logs in to draft; claim codes are their own story)."""
    from tests.support.web import PASSWORD

    with store.read() as s:
        ids = list(
            s.scalars(
                select(Registration.player_id)
                .where(Registration.event_id == event_id)
                .order_by(Registration.player_id)
            )
        )
    made = []
    for n, player_id in enumerate(ids, start=1):
        username = f"{prefix}{n}"
        accounts.create_user(
            store,
            Actor.system(),
            username=username,
            password=PASSWORD,
            role="player",
            player_id=player_id,
        )
        made.append((player_id, username))
    return made
