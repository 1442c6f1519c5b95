"""The demo a fresh install shows (``torneo demo``, ``make run``): a club evening, mid-tournament.

What it loads, always the same (every draw comes from :data:`DEMO_SEED`):
- two accounts: the organizer ``organizer`` and the judge ``judge``, password ``torneo-demo``;
- 26 players with Italian names from five clubs;
- "Torneo di Natale", a finished 8-player ``invasion-it-2012`` event (3 Swiss rounds + Top 4,
  INV-STRUCT-1), so the final standings and the tournament points (INV-PTS-*) are visible;
- "Campionato Invasion – Torneo di Primavera", the 26 players (5 rounds + Top 8): rounds 1 and 2
  reported with seeded random results (an intentional draw among them), one player dropped after
  round 2 (INV-DROP-1, so round 3 has a bye, INV-BYE-1), round 3 paired and not reported;
- the season "Campionato Invasion 2011/12" with the finished event in it;
- a fantasy league of 10 managers (``torneo.fantasy.commands_demo``): two matchdays scored, the
  third being played, the fourth open; the manager ``allenatore`` logs in with the password.
- the demo card set (``DEMO``, docs/card-sets.md) and "Draft del giovedì", a ``berserk-online``
  standard draft of 8 players, registration closed and ready for the judge to start the draft;
  its players log in as ``drafter1`` … ``drafter8`` (password ``torneo-demo``) to draft from
  their phones at ``/events/<id>/draft``.

Everything goes through the ordinary services, so the demo also proves they work together.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select

from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.sets import commands as card_sets
from torneo.cards.tables import Event
from torneo.core.errors import Conflict
from torneo.core.messages import N_
from torneo.core.policy import FLOOR, JUDGE, OWNER, REFEREE
from torneo.fantasy import commands_demo as fantasy_demo
from torneo.judging import commands as judging
from torneo.platform import accounts, clubs
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import InsecureSettings
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.calendar.commands import AnnouncementInput

DEMO_SEED = 2012
DEMO_CLUB = 1  # the server's first club (migration 0008 creates it)
DEMO_PASSWORD = "torneo-demo"
DRAFTERS = tuple(f"drafter{i}" for i in range(1, 9))
# A production server refuses these with DEMO_PASSWORD.
DEMO_USERNAMES = ("organizer", "judge", fantasy_demo.MANAGER, *DRAFTERS)
PRESET = "invasion-it-2012"
HOME_CLUB = "Circolo Ludico Torinese"
SEASON_NAME = "Campionato Invasion 2011/12"

# (name, club): five clubs, as a regional championship draws them.
PLAYERS: tuple[tuple[str, str], ...] = (
    ("Marco Bianchi", HOME_CLUB),
    ("Giulia Russo", HOME_CLUB),
    ("Alessandro Ferrari", "Il Covo del Drago"),
    ("Francesca Esposito", "Ludoteca Fiorentina"),
    ("Lorenzo Romano", "Arcadia Roma"),
    ("Chiara Colombo", "Il Covo del Drago"),
    ("Matteo Ricci", "Dado Tratto Bologna"),
    ("Sara Marino", HOME_CLUB),
    ("Davide Greco", "Arcadia Roma"),
    ("Elena Bruno", "Ludoteca Fiorentina"),
    ("Simone Gallo", HOME_CLUB),
    ("Martina Conti", "Dado Tratto Bologna"),
    ("Federico De Luca", "Il Covo del Drago"),
    ("Valentina Mancini", "Arcadia Roma"),
    ("Andrea Costa", HOME_CLUB),
    ("Silvia Giordano", "Ludoteca Fiorentina"),
    ("Riccardo Rizzo", "Dado Tratto Bologna"),
    ("Laura Lombardi", HOME_CLUB),
    ("Stefano Moretti", "Il Covo del Drago"),
    ("Giorgia Barbieri", "Arcadia Roma"),
    ("Luca Fontana", HOME_CLUB),
    ("Alice Santoro", "Dado Tratto Bologna"),
    ("Tommaso Mariani", "Ludoteca Fiorentina"),
    ("Beatrice Rinaldi", "Il Covo del Drago"),
    ("Gabriele Caruso", "Arcadia Roma"),
    ("Irene Ferrara", HOME_CLUB),
)

# Best-of-three results a club evening produces, with how often (INV-STRUCT-3, INV-ID-1).
SWISS_RESULTS = (("2-0", 6), ("2-1", 7), ("1-2", 7), ("0-2", 6), ("1-1-1", 1), ("1-0", 1))
TOP_RESULTS = (("2-0", 1), ("2-1", 1), ("1-2", 1), ("0-2", 1))


@dataclass(frozen=True, slots=True)
class DemoAccount:
    username: str
    role: str
    password: str | None  # None: the account existed already and keeps its password


@dataclass(frozen=True, slots=True)
class DemoSummary:
    accounts: tuple[DemoAccount, ...]
    players: int
    finished_event_id: int
    running_event_id: int
    running_round: int
    season: str
    fantasy_league: int | None = None


def has_events(store: Store) -> bool:
    with store.read() as session:
        return bool(session.scalar(select(func.count()).select_from(Event)))


def _account(
    store: Store, username: str, roles: tuple[str, ...], display: str
) -> tuple[DemoAccount, Actor]:
    """A demo account with its roles in the server's club (the first one at creation)."""
    role = roles[0]
    with store.read() as session:
        user = session.scalars(select(User).where(User.username == username)).first()
        existing = accounts.actor_of(session, user) if user is not None else None
    if existing is not None:
        return DemoAccount(username, role, None), existing
    user_id = accounts.create_user(
        store,
        Actor.system(),
        username=username,
        password=DEMO_PASSWORD,
        role=role,
        display_name=display,
    )
    for more in roles[1:]:
        clubs.add_member(store, Actor.system(), DEMO_CLUB, username, more)
    actor = accounts.get_actor(store, user_id)
    assert actor is not None
    return DemoAccount(username, role, DEMO_PASSWORD), actor


def _pick(rng: random.Random, weighted: tuple[tuple[str, int], ...]) -> str:
    results = [r for r, _ in weighted]
    weights = [w for _, w in weighted]
    return rng.choices(results, weights=weights)[0]


def _report_current_round(
    store: Store, actor: Actor, event_id: int, rng: random.Random, *, intentional_draw: bool
) -> None:
    view = queries.pairings(store, event_id)
    assert view is not None
    pending = [line for line in view.lines if line.b is not None and line.result is None]
    top = view.stage == "top"
    for i, line in enumerate(pending):
        if intentional_draw and i == 0:
            result = "0-0-3"  # INV-ID-1: the top table agrees a draw
        else:
            result = _pick(rng, TOP_RESULTS if top else SWISS_RESULTS)
        events.report_result(store, actor, event_id, view.number, line.table, result)


def _roster(players: tuple[tuple[str, str], ...]) -> str:
    return "\n".join(f"{name},{club}" for name, club in players)


def _finished_event(store: Store, organizer: Actor, judge: Actor, rng: random.Random) -> int:
    event_id = events.create_event(
        store,
        organizer,
        name="Torneo di Natale",
        preset=PRESET,
        held_on="2011-12-17",
        location=HOME_CLUB,
        seed=rng.randrange(2**31),
        announced_on="2011-11-01",  # INV-LEGAL-1: as on the season's calendar (below)
    )
    judging.appoint_judge(store, organizer, event_id, username="judge", head=True)  # INV-JUDGE-1
    events.register_roster(store, organizer, event_id, _roster(PLAYERS[:8]))
    rounds, _top = events.start_event(store, organizer, event_id)  # 8 players: 3 + Top 4
    for _ in range(rounds):
        events.pair_next_round(store, organizer, event_id)
        _report_current_round(store, judge, event_id, rng, intentional_draw=False)
    events.start_top(store, organizer, event_id)  # semifinals 1–4, 2–3 (INV-TOP-1)
    _report_current_round(store, judge, event_id, rng, intentional_draw=False)
    events.pair_next_round(store, organizer, event_id)  # final and 3rd/4th (INV-STRUCT-4)
    _report_current_round(store, judge, event_id, rng, intentional_draw=False)
    events.close_event(store, organizer, event_id)
    return event_id


def _running_event(store: Store, organizer: Actor, judge: Actor, rng: random.Random) -> int:
    event_id = events.create_event(
        store,
        organizer,
        name="Campionato Invasion – Torneo di Primavera",
        preset=PRESET,
        held_on="2012-04-14",
        location=HOME_CLUB,
        seed=rng.randrange(2**31),
        announced_on="2012-03-20",  # INV-LEGAL-1: 25 days before
    )
    judging.appoint_judge(store, organizer, event_id, username="judge", head=True)  # INV-JUDGE-1
    ids = events.register_roster(store, organizer, event_id, _roster(PLAYERS))
    events.start_event(store, organizer, event_id)  # 26 players: 5 + Top 8
    for round_no in (1, 2):
        events.pair_next_round(store, organizer, event_id)
        _report_current_round(store, judge, event_id, rng, intentional_draw=round_no == 2)
    events.drop_player(
        store, organizer, event_id, ids[-1], reason="ha dovuto lasciare il torneo (demo)"
    )
    events.pair_next_round(store, organizer, event_id)  # round 3: paired, not reported
    return event_id


def _announce_finished(store: Store, organizer: Actor) -> None:
    """The demo replays the 2011/12 season: the Christmas tournament was announced on the
    season's calendar on 1 November 2011, with its judge (INV-LEGAL-1/3/4/5), so it counts."""
    clock = store.clock
    store.clock = lambda: datetime(2011, 11, 1, 10, tzinfo=UTC)
    try:
        season_calendar.announce_tournament(
            store,
            organizer,
            SEASON_NAME,
            AnnouncementInput(
                "Torneo di Natale", HOME_CLUB, "2011-12-17", judge="Arbitro demo", prizes_for_top=3
            ),
        )
    finally:
        store.clock = clock


def _draft_event(store: Store, organizer: Actor, rng: random.Random) -> int:
    """The demo set and an 8-player standard draft, ready to start (module doc)."""
    card_sets.load_demo_set(store, Actor.system())
    event_id = events.create_event(
        store,
        organizer,
        name="Draft del giovedì",
        preset="berserk-online",
        held_on="2012-04-19",
        location=HOME_CLUB,
        seed=rng.randrange(2**31),
    )
    judging.appoint_judge(store, organizer, event_id, username="judge", head=True)
    roster = "\n".join(
        f"{name},{club},{1700 - 25 * i}" for i, (name, club) in enumerate(PLAYERS[:8])
    )
    ids = events.register_roster(store, organizer, event_id, roster)
    events.start_event(store, organizer, event_id)
    card_sets.setup_event(store, organizer, event_id, set_code="DEMO", format_key="draft_standard")
    for username, player_id in zip(DRAFTERS, ids, strict=True):
        accounts.create_user(
            store,
            Actor.system(),
            username=username,
            password=DEMO_PASSWORD,
            role="player",
            player_id=player_id,
        )
    return event_id


def load_demo(store: Store, *, if_empty: bool = False) -> DemoSummary | None:
    """Load the demo; with ``if_empty`` do nothing (None) when any event exists.

    Without ``if_empty`` a database that already holds events is refused: the demo is meant for
    a fresh install and would otherwise mix with real events.
    """
    if has_events(store):
        if if_empty:
            return None
        raise Conflict(
            "database",
            N_("it already holds events; the demo is for an empty database"),
            N_("an empty database, or --if-empty to skip quietly"),
        )
    rng = random.Random(DEMO_SEED)
    # The organizer owns the club (and so manages its members); the judge also referees
    # RisiKo! and works the poker floor (issue 12: one role per discipline).
    org_account, organizer = _account(store, DEMO_USERNAMES[0], (OWNER,), "Organizzatore demo")
    judge_account, judge = _account(
        store, DEMO_USERNAMES[1], (JUDGE, REFEREE, FLOOR), "Arbitro demo"
    )
    finished = _finished_event(store, organizer, judge, rng)
    running = _running_event(store, organizer, judge, rng)
    seasons.create_season(store, organizer, name=SEASON_NAME, preset=PRESET)
    _announce_finished(store, organizer)
    commands_events.add_finished_event_to_season(store, organizer, SEASON_NAME, finished)
    league = fantasy_demo.load(store, organizer, DEMO_PASSWORD)
    _draft_event(store, organizer, rng)
    return DemoSummary(
        fantasy_league=league,
        accounts=(
            org_account,
            judge_account,
            # Issue 30 item 9: the fantasy league's manager logs in too (and the drafters).
            DemoAccount(fantasy_demo.MANAGER, "fantasy manager", DEMO_PASSWORD),
        ),
        players=len(PLAYERS),
        finished_event_id=finished,
        running_event_id=running,
        running_round=3,
        season=SEASON_NAME,
    )


def demo_accounts_left(store: Store) -> list[str]:
    """The demo's accounts that still have the demo's published password (issue 12): a
    production server refuses to start while any is left."""
    return accounts.with_password(store, DEMO_USERNAMES, DEMO_PASSWORD)


def refuse_demo_passwords(store: Store) -> None:
    """:class:`InsecureSettings` while a demo account keeps the demo's password (production)."""
    left = demo_accounts_left(store)
    if left:  # issue 12: the demo's password is published in the README
        raise InsecureSettings(
            f"TORNEO_ENV=production and the demo account(s) {', '.join(left)} still have the "
            "demo password: change it (torneo user set-password NAME --password-stdin) "
            "or disable the account"
        )
