"""Builders shared by the judging service tests (no tests here): accounts, an event, results."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher

from tests.support.events import roster
from torneo.cards import commands as events
from torneo.cards import progress as engines
from torneo.cards.state import get_event, tournament_of
from torneo.cards.tables import Match
from torneo.engines.standings import StandingRow
from torneo.judging import commands as judging
from torneo.judging.results import warnings_map
from torneo.platform import accounts
from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

PASSWORD = "correct horse battery"
INVASION = "invasion-it-2012"
BERSERK = "berserk-online"


@cache
def _password_hash() -> str:
    return PasswordHasher().hash(PASSWORD)  # once per run: argon2 is slow on purpose


def account(store: Store, username: str, role: str, player_id: int | None = None) -> Actor:
    """An account as ``accounts.create_user`` makes it (the hash computed once per run)."""
    with store.unit(Actor.system()) as uow:
        user = User(
            username=username,
            display_name=username.title(),
            password_hash=_password_hash(),
            player_id=player_id,
            created_at=uow.now,
        )
        uow.session.add(user)
        uow.session.flush()
        if role != "player":
            uow.session.add(Membership(club_id=1, user_id=user.id, role=role, created_at=uow.now))
            uow.session.flush()
        return accounts.actor_of(uow.session, user)


@dataclass
class Crew:
    org: Actor
    head: Actor
    floor: Actor
    outsider: Actor  # a judge, but of no event here


def crew(store: Store) -> Crew:
    return Crew(
        account(store, "org", "organizer"),
        account(store, "capo", "judge"),
        account(store, "arbitro", "judge"),
        account(store, "estraneo", "judge"),
    )


def running_event(
    store: Store,
    c: Crew,
    *,
    players: int = 8,
    preset: str = INVASION,
    pair: bool = True,
    seed: int = 42,
    start: bool = True,
) -> int:
    event_id = events.create_event(
        store, c.org, name="Torneo", preset=preset, held_on="2012-03-10", seed=seed
    )
    events.register_roster(store, c.org, event_id, roster(players))
    judging.appoint_judge(store, c.org, event_id, username="capo", head=True)
    judging.appoint_judge(store, c.org, event_id, username="arbitro")
    if not start:
        return event_id
    events.start_event(store, c.org, event_id)
    if pair:
        events.pair_next_round(store, c.org, event_id)
    return event_id


def matches(store: Store, event_id: int, round_no: int | None = None) -> list[Match]:
    with store.read() as s:
        event = get_event(s, event_id)
        rows = [m for m in event.matches if round_no is None or m.round_no == round_no]
        return sorted(rows, key=lambda m: (m.round_no, m.table_no))


def match_of(store: Store, event_id: int, player: int, round_no: int) -> Match:
    return next(
        m for m in matches(store, event_id, round_no) if player in (m.player_a_id, m.player_b_id)
    )


def result(store: Store, event_id: int, round_no: int, table: int) -> str | None:
    m = next(m for m in matches(store, event_id, round_no) if m.table_no == table)
    if m.wins_a is None:
        return None
    if m.result_kind == "double_loss":
        return "double_loss"
    return f"{m.wins_a}-{m.wins_b}" + (f"-{m.draws}" if m.draws else "")


def paired_players(store: Store, event_id: int, round_no: int) -> list[int]:
    """Players with an opponent in the round (no bye), table order."""
    return [
        p
        for m in matches(store, event_id, round_no)
        if m.player_b_id is not None
        for p in (m.player_a_id, m.player_b_id)
    ]


def report_all(store: Store, actor: Actor, event_id: int, text: str = "2-0") -> None:
    current = max(m.round_no for m in matches(store, event_id))
    for m in matches(store, event_id, current):
        if m.player_b_id is not None and m.wins_a is None:
            events.report_result(store, actor, event_id, current, m.table_no, text)


def standings(store: Store, event_id: int) -> list[StandingRow]:
    with store.read() as s:
        event = get_event(s, event_id)
        ruleset = load_preset(event.preset)
        return engines.current_standings(
            tournament_of(event, ruleset), ruleset, event.seed, warnings_map(s, event)
        )


def points(store: Store, event_id: int) -> dict[int, int]:
    return {int(r.player_id): int(r.points) for r in standings(store, event_id)}


def registration(store: Store, event_id: int, player: int) -> tuple[bool, str | None, int | None]:
    with store.read() as s:
        reg = next(r for r in get_event(s, event_id).registrations if r.player_id == player)
        return reg.disqualified, reg.dq_reason, reg.dropped_after_round


def player_ids(store: Store, event_id: int) -> list[int]:
    with store.read() as s:
        return [r.player_id for r in get_event(s, event_id).registrations]


def deck_text(cards: dict[str, int]) -> str:
    return "\n".join(f"{n} {name}" for name, n in cards.items())


def filler(total: int, prefix: str = "Carta") -> dict[str, int]:
    """``total`` cards in threes (plus a remainder): a plain legal body for a deck."""
    cards: dict[str, int] = {}
    i = 0
    while total > 0:
        take = min(3, total)
        cards[f"{prefix} {i:02d}"] = take
        total -= take
        i += 1
    return cards


def ids_by_name(store: Store, event_id: int) -> dict[str, int]:
    with store.read() as s:
        event = get_event(s, event_id)
        return {r.player.name: r.player_id for r in event.registrations}
