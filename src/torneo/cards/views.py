"""Read models of a card-game event for the pages and the JSON API (no writes, no rules).

Every view is built from one load of the event (``get_event``) and the pure engines
(``engines.current_standings``, ``engines.final_order``, ``tournament_points``), so a page costs
one round trip to the database and one standings computation however many sections it shows.

The sections live by topic: the pairings in :mod:`torneo.cards.views_rounds`, the standings,
the bracket and the final points in :mod:`torneo.cards.views_ranking`, the organizer's next
actions in :mod:`torneo.cards.desk.views_actions`; this module puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, TypeVar

from sqlalchemy import func, select

from torneo.cards.desk.views_actions import Actions, actions_of
from torneo.cards.pods.state import SEATING, is_in_pods, pod_rounds
from torneo.cards.rules.draft import pools_of_format
from torneo.cards.rules.season_risk import announced_on_of, void_risks
from torneo.cards.rules.start import CHOICE_RULE, DECK_CHECKS, start_settings
from torneo.cards.state_formats import event_format
from torneo.cards.tables import Event, Match, Registration
from torneo.cards.views_lean import load_event_rows
from torneo.cards.views_load import Loaded, Side
from torneo.cards.views_ranking import (
    BracketView,
    FinalView,
    StandingsView,
    bracket_of,
    final_of,
    standings_of,
)
from torneo.cards.views_rounds import RoundView, allowed_results, round_view
from torneo.core.errors import NotFound, TorneoError
from torneo.core.message_json import load_message
from torneo.core.messages import N_, Message
from torneo.judging.staff import judges_of
from torneo.platform.store.uow import Store
from torneo.presets import load_preset, preset_ids

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PresetOption:
    id: str
    name: str
    discipline: str
    formats: tuple[tuple[str, str], ...] = ()  # BER-FMT-1..3: (key, label) of its formats
    default_format: str | None = None
    seasons: bool = False  # it has season points (INV-PTS-*): a Major is a season stage


@dataclass(frozen=True, slots=True)
class EventSummary:
    id: int
    name: str
    preset: str
    preset_name: str
    status: str
    held_on: date
    location: str | None
    is_major: bool
    players: int
    current_round: int
    version: int
    # Fixed at the start (issue 13): INV-TOP-3 announced, INV-DECK-1 on or off, and the warning
    # of a field too small for the season (INV-LEGAL-2 / INV-MAJOR-2).
    choice_rule: bool = False
    deck_checks: bool = False
    season_warning: Message | None = None
    # BER-FMT-1..3: the event's format (a deck format key of the preset) and its label;
    # BER-RANK-1: the ladder it feeds. None where the preset has no formats.
    format: str | None = None
    format_label: str | None = None
    ladder: str | None = None
    pods: int = 0  # BER-POD-1: how many pods the field is seated in (0: not in pods)
    # BER-FMT-2/3 (issue 30): "draft" or "sealed" when the event's format builds decks from
    # pools made before round 1; ``limited``: the preset has such formats (the draft set-up).
    pools: str | None = None
    limited: bool = False
    # What the start card asks, from the preset (issue 30 item 6): INV-TOP-3, INV-DECK-1.
    offers_choice_rule: bool = False
    offers_deck_checks: bool = False
    # INV-LEGAL-1/3 (issue 30 item 3): why it would be void for a season now; () if it counts.
    void_risks: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerLine:
    id: int
    name: str
    club: str | None
    rating: int | None
    is_active: bool
    dropped_after_round: int | None
    disqualified: bool
    joined_round: int
    pod: int | None = None  # BER-POD-1/2: the player's pod and seat (None: not seated)
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class PodView:
    """One pod as seated (BER-POD-1/2): its players in seat order and its rounds (BER-POD-3)."""

    number: int
    rounds: int
    players: tuple[Side, ...]

    @property
    def size(self) -> int:
        return len(self.players)


@dataclass(frozen=True, slots=True)
class EventPage:
    summary: EventSummary
    swiss_rounds: int | None
    top_size: int | None
    one_round_fewer: bool
    best_of: int
    void_reason: str | None
    players: tuple[PlayerLine, ...]
    round_numbers: tuple[int, ...]
    round: RoundView | None
    standings: StandingsView
    bracket: BracketView | None
    final: FinalView | None
    actions: Actions
    swiss_results: tuple[str, ...]  # the results an organizer may enter (INV-STRUCT-3)
    top_results: tuple[str, ...]
    pods: tuple[PodView, ...] = ()  # BER-POD-1/2: the seating; empty without pods
    in_pods: bool = False  # the preset seats its events in pods (BER-POD-*)
    seating: str | None = None  # "auto" or "manual": how the pods were last seated


# --- loading ---------------------------------------------------------------------------------


def _view(store: Store, event_id: int, build: Callable[[Loaded], T]) -> T:
    # Issue 14 item 2: plain rows, not ORM objects (torneo.cards.views_lean), in one read
    # transaction, so the sections agree with one another.
    with store.read() as session:
        event = load_event_rows(session, event_id)
        judges = len(judges_of(session, event_id))
    ld = Loaded(event)
    ld.judges = judges
    return build(ld)


def _summary(ld: Loaded) -> EventSummary:
    e = ld.event
    warning = e.settings.get("season_warning")
    preset = start_settings(ld.ruleset, choice_rule=None, deck_checks=None)  # before the start
    return EventSummary(
        id=e.id,
        name=e.name,
        preset=e.preset,
        preset_name=ld.ruleset.name,
        status=e.status,
        held_on=e.held_on,
        location=e.location,
        is_major=e.is_major,
        players=len(e.registrations),
        current_round=ld.t.current_round,
        version=e.version,
        choice_rule=bool(e.settings.get(CHOICE_RULE, preset[CHOICE_RULE])),
        deck_checks=bool(e.settings.get(DECK_CHECKS, preset[DECK_CHECKS])),
        season_warning=load_message(warning) if warning else None,
        **_format_of(ld),
        pods=len(ld.pods),
        offers_choice_rule=ld.ruleset.top.choice_rule_optional,
        offers_deck_checks=bool(ld.ruleset.judging and ld.ruleset.judging.deck_checks_optional),
        void_risks=_void_risks(ld),
    )


def _void_risks(ld: Loaded) -> tuple[Message, ...]:
    e = ld.event
    if ld.judges is None or e.status == "void":
        return ()
    return void_risks(ld.ruleset, e.held_on, announced_on_of(e.settings), judges=ld.judges)


def _format_of(ld: Loaded) -> dict[str, Any]:
    """BER-FMT-1..3 / BER-RANK-1: the event's format, its label and the ladder it feeds."""
    fmt = event_format(ld.ruleset, ld.event.format)
    if fmt is None:
        return {}
    key, definition = fmt
    ladder = definition.ladder.value if definition.ladder is not None else None
    judging = ld.ruleset.judging
    limited = judging is not None and any(f.is_limited for f in judging.deck_formats.values())
    return {
        "format": key,
        "format_label": definition.label,
        "ladder": ladder,
        "pools": pools_of_format(definition),
        "limited": limited,
    }


def pods_view(ld: Loaded) -> tuple[PodView, ...]:
    rounds = pod_rounds(ld.event)
    return tuple(
        PodView(p.number, rounds.get(p.number, p.rounds), tuple(ld.side(int(x)) for x in p.players))
        for p in ld.pods
    )


# --- event list ------------------------------------------------------------------------------


def list_presets() -> list[PresetOption]:
    """The presets an event can be created from (card games only, as the services accept)."""
    options = []
    for pid in preset_ids():
        try:
            rs = load_preset(pid)
        except TorneoError:
            continue
        if rs.discipline == "card":
            formats = rs.judging.deck_formats.items() if rs.judging is not None else ()
            options.append(
                PresetOption(
                    pid,
                    rs.name,
                    rs.discipline,
                    tuple((k, f.label) for k, f in formats) if len(formats) > 1 else (),
                    rs.judging.default_deck_format if rs.judging is not None else None,
                    rs.season is not None,
                )
            )
    return options


def _preset_name(preset: str) -> str:
    try:
        return load_preset(preset).name
    except TorneoError:
        return preset


def list_events(store: Store, *, status: str | None = None, limit: int = 200) -> list[EventSummary]:
    """Events newest first, with their player count and current round, in two queries."""
    players = (
        select(Registration.event_id, func.count(Registration.id).label("n"))
        .group_by(Registration.event_id)
        .subquery()
    )
    rounds = (
        select(Match.event_id, func.max(Match.round_no).label("r"))
        .group_by(Match.event_id)
        .subquery()
    )
    stmt = (
        select(Event, players.c.n, rounds.c.r)
        .outerjoin(players, players.c.event_id == Event.id)
        .outerjoin(rounds, rounds.c.event_id == Event.id)
        .order_by(Event.held_on.desc(), Event.id.desc())
        .limit(limit)
    )
    if status is not None:
        stmt = stmt.where(Event.status == status)
    with store.read() as session:
        return [
            EventSummary(
                id=e.id,
                name=e.name,
                preset=e.preset,
                preset_name=_preset_name(e.preset),
                status=e.status,
                held_on=e.held_on,
                location=e.location,
                is_major=e.is_major,
                players=n or 0,
                current_round=r or 0,
                version=e.version,
                format=e.format,
            )
            for e, n, r in session.execute(stmt)
        ]


def event_summary(store: Store, event_id: int) -> EventSummary:
    return _view(store, event_id, _summary)


# --- sections --------------------------------------------------------------------------------


# Issue 14 item 2: the roster's lines by event, with the rows they were made from; the plain
# rows of an unchanged roster are the same objects (torneo.cards.views_lean), so a result does
# not sort 2,000 names again.
_ROSTER_LINES: dict[int, tuple[object, object, tuple[PlayerLine, ...]]] = {}


def _players(ld: Loaded) -> tuple[PlayerLine, ...]:
    regs, seats_rows = ld.event.registrations, ld.event.pod_seats
    kept = _ROSTER_LINES.get(ld.event.id)
    if kept is not None and kept[0] is regs and kept[1] == seats_rows:
        return kept[2]
    lines = _player_lines(ld)
    if isinstance(regs, tuple) and isinstance(seats_rows, tuple):  # plain rows only
        if len(_ROSTER_LINES) >= 256:
            _ROSTER_LINES.clear()
        _ROSTER_LINES[ld.event.id] = (regs, seats_rows, lines)
    return lines


def _player_lines(ld: Loaded) -> tuple[PlayerLine, ...]:
    seats = {s.player_id: (s.pod, s.seat) for s in ld.event.pod_seats}
    lines = [
        PlayerLine(
            id=r.player_id,
            name=r.player.name,
            club=r.player.club,
            rating=r.player.rating,
            is_active=r.dropped_after_round is None and not r.disqualified,
            dropped_after_round=r.dropped_after_round,
            disqualified=r.disqualified,
            joined_round=r.joined_round,
            pod=seats.get(r.player_id, (None, None))[0],
            seat=seats.get(r.player_id, (None, None))[1],
        )
        for r in ld.event.registrations
    ]
    lines.sort(key=lambda p: (p.name.casefold(), p.id))
    return tuple(lines)


def event_page(store: Store, event_id: int, *, round_no: int | None = None) -> EventPage:
    """Everything the event page shows, from one load; ``round_no`` selects the pairings shown."""
    return _view(store, event_id, lambda ld: _page(ld, round_no))


def _page(ld: Loaded, round_no: int | None) -> EventPage:
    numbers = tuple(sorted({m.round_no for m in ld.t.matches}))
    chosen = round_no if round_no in numbers else (numbers[-1] if numbers else None)
    best_of = ld.ruleset.match.best_of
    return EventPage(
        summary=_summary(ld),
        swiss_rounds=ld.event.swiss_rounds,
        top_size=ld.event.top_size,
        one_round_fewer=ld.event.one_round_fewer,
        best_of=best_of,
        void_reason=ld.event.settings.get("void_reason"),
        players=_players(ld),
        round_numbers=numbers,
        round=round_view(ld, chosen) if chosen is not None else None,
        standings=standings_of(ld),
        bracket=bracket_of(ld),
        final=final_of(ld),
        actions=actions_of(ld),
        swiss_results=tuple(allowed_results(best_of)),
        top_results=tuple(allowed_results(best_of, draws=False)),
        pods=pods_view(ld),
        in_pods=is_in_pods(ld.ruleset),
        seating=ld.event.settings.get(SEATING),
    )


def event_pods(store: Store, event_id: int) -> tuple[PodView, ...]:
    """The event's pods as seated (BER-POD-1/2), each its players in seat order."""
    return _view(store, event_id, pods_view)


def pairings(store: Store, event_id: int, round_no: int | None = None) -> RoundView | None:
    """The pairings of ``round_no`` (default: the current round); None before the first round."""

    def build(ld: Loaded) -> RoundView | None:
        number = round_no if round_no is not None else ld.t.current_round
        if round_no is not None and not ld.t.round_matches(round_no):
            raise _no_round(ld, round_no)
        return round_view(ld, number) if number else None

    return _view(store, event_id, build)


def _no_round(ld: Loaded, round_no: int) -> TorneoError:
    current = ld.t.current_round
    accepted = N_("1..%(current)s") if current else N_("none yet: the first round is not paired")
    return NotFound(
        "round",
        N_("round %(round)s does not exist"),
        accepted,
        params={"round": round_no, "current": current},
    )


def standings(store: Store, event_id: int) -> StandingsView:
    return _view(store, event_id, standings_of)


def bracket(store: Store, event_id: int) -> BracketView | None:
    return _view(store, event_id, bracket_of)


def final_results(store: Store, event_id: int) -> FinalView | None:
    return _view(store, event_id, final_of)


def players(store: Store, event_id: int) -> Sequence[PlayerLine]:
    return _view(store, event_id, _players)


def as_jsonable(value: Any) -> Any:
    """Dataclass views to JSON types; Fractions become exact "p/q" strings."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [as_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: as_jsonable(v) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {k: as_jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


@dataclass(frozen=True, slots=True)
class RoundPanel:
    """What the organizer's result entry needs after each result: cheaper than a whole page."""

    summary: EventSummary
    round: RoundView | None
    actions: Actions
    swiss_results: tuple[str, ...]
    top_results: tuple[str, ...]


def round_panel(store: Store, event_id: int, round_no: int | None = None) -> RoundPanel:
    def build(ld: Loaded) -> RoundPanel:
        number = round_no or ld.t.current_round
        best_of = ld.ruleset.match.best_of
        return RoundPanel(
            summary=_summary(ld),
            round=round_view(ld, number) if number else None,
            actions=actions_of(ld),
            swiss_results=tuple(allowed_results(best_of)),
            top_results=tuple(allowed_results(best_of, draws=False)),
        )

    return _view(store, event_id, build)


def state_token(store: Store, event_id: int) -> tuple[int, ...] | None:
    """A cheap fingerprint of everything an event's views show; None when there is no event.

    Every row of the aggregate carries an optimistic-locking ``version`` bumped by each UPDATE, so
    (count, sum of versions, highest id) of its matches and registrations (and their players),
    with the event's own version, changes whenever any of them is inserted, updated or deleted.
    The web layer keys its caches on it: a cache entry is checked against the database on every
    request, so several workers never serve one another's stale pages.
    """
    from torneo.platform.store.tables import Player

    zero = 0
    matches = select(
        func.count(Match.id), func.coalesce(func.sum(Match.version), zero), func.max(Match.id)
    ).where(Match.event_id == event_id)
    regs = (
        select(
            func.count(Registration.id),
            func.coalesce(func.sum(Registration.version), zero),
            func.coalesce(func.sum(Player.version), zero),
            func.max(Registration.id),
        )
        .join(Player, Player.id == Registration.player_id)
        .where(Registration.event_id == event_id)
    )
    with store.read() as session:
        event_version = session.scalar(select(Event.version).where(Event.id == event_id))
        if event_version is None:
            return None
        m = session.execute(matches).one()
        r = session.execute(regs).one()
    return (event_version, *(int(v or 0) for v in (*m, *r)))
