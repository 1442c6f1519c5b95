"""Read models of a card-game event for the pages and the JSON API (no writes, no rules).

Every view is built from one load of the event (``get_event``) and the pure engines
(``engines.current_standings``, ``engines.final_order``, ``tournament_points``), so a page costs
one round trip to the database and one standings computation however many sections it shows.

Decisions where nothing else decides:
- Pairings "by name" list every player of the round alphabetically (case-folded), each with the
  result seen from their side ("1-2" for the player who lost 2-1), as clubs print them on paper.
- The bracket is drawn from the Top X matches actually paired, in table order; the rounds not yet
  paired are shown as empty slots (half as many matches as the round before).
- Tournament points (INV-PTS-*, INV-MAJOR-*) are shown once the event is finished. A player
  ``played_every_round`` (INV-MAJOR-6) when they entered in round 1 and neither dropped nor were
  disqualified; ``field_size`` is every registered player (dropped players took part).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cached_property
from typing import Any, TypeVar

from sqlalchemy import func, select

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus, can_move
from torneo.cards.rules.tournament import (
    Tournament,
    can_pair_next_round,
    can_register,
    can_start_top,
)
from torneo.cards.state import get_event, tournament_of
from torneo.cards.tables import Event, Match, Registration
from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord, Stage
from torneo.engines.results import GameScore, Outcome, ResultKind, check_game_score
from torneo.engines.standings import StandingRow
from torneo.platform.store.uow import Store
from torneo.presets import Ruleset, load_preset, preset_ids

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PresetOption:
    id: str
    name: str
    discipline: str


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


@dataclass(frozen=True, slots=True)
class Side:
    player_id: int
    name: str
    seed: int | None = None  # Top X seed (INV-TOP-1), None in the Swiss rounds


@dataclass(frozen=True, slots=True)
class PairingLine:
    round_no: int
    table: int
    stage: str
    a: Side
    b: Side | None  # None: a bye (INV-BYE-1)
    result: str | None  # "2-1", "0-0-3"; None while unreported
    result_kind: str | None
    winner_id: int | None

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def is_reported(self) -> bool:
        return self.b is None or self.result is not None


@dataclass(frozen=True, slots=True)
class NameLine:
    player_id: int
    name: str
    table: int
    opponent: str | None
    result: str | None  # from this player's side
    outcome: str | None  # "win", "loss", "draw", "bye"; None while unreported


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    stage: str  # "swiss" or "top"
    top_players: int | None  # Top X round of 8 (quarterfinals), 4, 2 (final)
    lines: tuple[PairingLine, ...]
    by_name: tuple[NameLine, ...]

    @property
    def reported(self) -> int:
        return sum(1 for line in self.lines if line.is_reported)

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def is_complete(self) -> bool:
        return self.reported == self.total


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    name: str
    value: Fraction


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int
    rank: int  # INV-RANK-2 dense rank, shown
    player_id: int
    name: str
    club: str | None
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    matches_played: int
    tiebreaks: tuple[TiebreakValue, ...]
    is_active: bool


@dataclass(frozen=True, slots=True)
class StandingsView:
    after_round: int  # Swiss rounds with every result in
    tiebreak_names: tuple[str, ...]
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True, slots=True)
class BracketMatch:
    round_no: int | None  # None: not paired yet
    table: int | None
    a: Side | None
    b: Side | None
    result: str | None
    winner_id: int | None


@dataclass(frozen=True, slots=True)
class BracketRound:
    players: int  # 8 = quarterfinals, 4 = semifinals, 2 = final
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True, slots=True)
class BracketView:
    top_size: int
    seeds: tuple[Side, ...]
    rounds: tuple[BracketRound, ...]
    third_place: BracketMatch | None
    champion: Side | None


@dataclass(frozen=True, slots=True)
class PointsLine:
    place: int
    player_id: int
    name: str
    swiss_points: int
    topcut_wins: int
    dropped: bool
    total: int
    parts: tuple[tuple[str, int], ...]  # ("Swiss", 13), ("Top 8", 9), ("first place", 4) ...
    final_bonus: Fraction  # INV-MAJOR-5, a separate tally


@dataclass(frozen=True, slots=True)
class FinalView:
    field_size: int
    is_major: bool
    has_points: bool  # False when the preset has no season points table
    lines: tuple[PointsLine, ...]


@dataclass(frozen=True, slots=True)
class StructurePlan:
    rounds: int
    top: int


@dataclass(frozen=True, slots=True)
class Actions:
    """What the organizer can do next, each with the reason it cannot when it cannot."""

    register: Refusal | None
    start: Refusal | None
    pair: Refusal | None  # the next Swiss round, or the next Top X round once it started
    start_top: Refusal | None
    close: Refusal | None
    is_top_running: bool
    plan: StructurePlan | None  # INV-STRUCT-1 for the players registered now
    short_plan: StructurePlan | None  # INV-STRUCT-2: one round fewer + Top 16, when allowed


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


# --- allowed results -------------------------------------------------------------------------


def allowed_results(best_of: int, *, draws: bool = True) -> list[str]:
    """Every game score the domain accepts for a best-of-``best_of`` match, commonest first.

    The list is produced by asking :func:`check_game_score` (INV-STRUCT-3), never restated here.
    A Top X match has a winner (``draws=False``).
    """
    to_win = best_of // 2 + 1
    found: list[GameScore] = []
    for wa in range(to_win + 1):
        for wb in range(to_win + 1):
            for d in range(best_of + 1):
                kind = ResultKind.PLAYED
                if wa == wb == 0 and d == best_of:
                    kind = ResultKind.INTENTIONAL_DRAW
                score = GameScore(wa, wb, d, kind)
                if check_game_score(score, best_of) is not None:
                    continue
                if score.games_played == 0:
                    continue  # 0-0 is no result at all
                if not draws and score.outcome is Outcome.DRAW:
                    continue
                found.append(score)

    def commonness(s: GameScore) -> tuple[int, int, bool, int, int]:
        # Full matches first (2-0, 2-1, 1-2, 0-2), then full draws (1-1-1, ID), then the rest
        # (matches cut by time, drawn games).
        decided = max(s.wins_a, s.wins_b) == to_win and s.draws == 0
        full_draw = s.outcome is Outcome.DRAW and s.games_played == best_of
        group = 0 if decided else (1 if full_draw else 2)
        side = {Outcome.WIN_A: 0, Outcome.WIN_B: 1, Outcome.DRAW: 2}[s.outcome]
        intentional = s.kind is ResultKind.INTENTIONAL_DRAW
        return (group, side, intentional, s.wins_b - s.wins_a, -s.games_played)

    found.sort(key=commonness)
    return [s.text() for s in found]


# --- loading ---------------------------------------------------------------------------------


class _Loaded:
    """One event and what every section derives from it, computed at most once."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.ruleset: Ruleset = load_preset(event.preset)
        self.t: Tournament = tournament_of(event, self.ruleset)
        self.names: dict[int, str] = {r.player_id: r.player.name for r in event.registrations}
        self.clubs: dict[int, str | None] = {
            r.player_id: r.player.club for r in event.registrations
        }
        seeds = event.settings.get("top_seeds") or []
        self.top_seeds: list[int] = [int(s) for s in seeds]
        self.seed_of: dict[int, int] = {p: i for i, p in enumerate(self.top_seeds, start=1)}

    @cached_property
    def rows(self) -> list[StandingRow]:
        return engines.current_standings(self.t, self.ruleset, self.event.seed)

    def side(self, player: int, *, top: bool = False) -> Side:
        return Side(
            player, self.names.get(player, f"#{player}"), self.seed_of.get(player) if top else None
        )


def _view(store: Store, event_id: int, build: Callable[[_Loaded], T]) -> T:
    # Built inside the session: the read transaction's rollback expires the loaded rows.
    with store.read() as session:
        return build(_Loaded(get_event(session, event_id)))


def _winner(m: MatchRecord) -> int | None:
    if m.player_b is None:
        return int(m.player_a)
    if m.score is None:
        return None
    outcome = m.score.outcome
    if outcome is Outcome.WIN_A:
        return int(m.player_a)
    if outcome is Outcome.WIN_B:
        return int(m.player_b)
    return None


def _summary(ld: _Loaded) -> EventSummary:
    e = ld.event
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
            options.append(PresetOption(pid, rs.name, rs.discipline))
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
            )
            for e, n, r in session.execute(stmt)
        ]


def event_summary(store: Store, event_id: int) -> EventSummary:
    return _view(store, event_id, _summary)


# --- sections --------------------------------------------------------------------------------


def _players(ld: _Loaded) -> tuple[PlayerLine, ...]:
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
        )
        for r in ld.event.registrations
    ]
    lines.sort(key=lambda p: (p.name.casefold(), p.id))
    return tuple(lines)


def _round_view(ld: _Loaded, number: int) -> RoundView | None:
    matches = ld.t.round_matches(number)
    if not matches:
        return None
    is_top = any(m.stage is not Stage.SWISS for m in matches)
    lines: list[PairingLine] = []
    by_name: list[NameLine] = []
    for m in sorted(matches, key=lambda m: m.table):
        a = ld.side(m.player_a, top=is_top)
        b = ld.side(m.player_b, top=is_top) if m.player_b is not None else None
        result = m.score.text() if m.score is not None else None
        winner = _winner(m)
        lines.append(
            PairingLine(
                round_no=m.round_no,
                table=m.table,
                stage=m.stage.value,
                a=a,
                b=b,
                result=result,
                result_kind=m.score.kind.value if m.score is not None else None,
                winner_id=winner if m.score is not None or b is None else None,
            )
        )
        if b is None:
            by_name.append(NameLine(a.player_id, a.name, m.table, None, None, "bye"))
            continue
        swapped = m.score.swapped().text() if m.score is not None else None
        for me, other, mine in ((a, b, result), (b, a, swapped)):
            outcome = None
            if m.score is not None:
                outcome = (
                    "draw" if winner is None else ("win" if winner == me.player_id else "loss")
                )
            by_name.append(NameLine(me.player_id, me.name, m.table, other.name, mine, outcome))
    by_name.sort(key=lambda n: (n.name.casefold(), n.player_id))
    top_matches = sum(1 for m in matches if m.stage is Stage.TOP)
    return RoundView(
        number=number,
        stage="top" if is_top else "swiss",
        top_players=2 * top_matches if is_top else None,
        lines=tuple(lines),
        by_name=tuple(by_name),
    )


def _standings(ld: _Loaded) -> StandingsView:
    chain = tuple(ld.ruleset.tiebreaks)
    shown = tuple(n for n in chain if n != "match_points")  # equal to the points column
    lines = tuple(
        StandingLine(
            position=r.position,
            rank=r.dense_rank,
            player_id=int(r.player_id),
            name=ld.names.get(r.player_id, f"#{r.player_id}"),
            club=ld.clubs.get(r.player_id),
            points=r.points,
            wins=r.wins,
            losses=r.losses,
            draws=r.draws,
            byes=r.byes,
            matches_played=r.matches_played,
            tiebreaks=tuple(TiebreakValue(n, r.tiebreaks[n]) for n in shown if n in r.tiebreaks),
            is_active=r.is_active,
        )
        for r in ld.rows
    )
    swiss_rounds = {m.round_no for m in ld.t.matches if m.stage is Stage.SWISS}
    complete = sum(1 for r in swiss_rounds if not ld.t.unreported(r))
    return StandingsView(complete, shown, lines)


def _bracket(ld: _Loaded) -> BracketView | None:
    size = ld.event.top_size
    if not size or not ld.top_seeds:
        return None
    by_round: dict[int, list[MatchRecord]] = {}
    third: MatchRecord | None = None
    for m in ld.t.matches:
        if m.stage is Stage.TOP:
            by_round.setdefault(m.round_no, []).append(m)
        elif m.stage is Stage.THIRD_PLACE:
            third = m

    def bracket_match(m: MatchRecord) -> BracketMatch:
        return BracketMatch(
            round_no=m.round_no,
            table=m.table,
            a=ld.side(m.player_a, top=True),
            b=ld.side(m.player_b, top=True) if m.player_b is not None else None,
            result=m.score.text() if m.score is not None else None,
            winner_id=_winner(m) if m.score is not None else None,
        )

    rounds: list[BracketRound] = []
    players = size
    for number in sorted(by_round):
        ms = sorted(by_round[number], key=lambda m: m.table)
        rounds.append(BracketRound(players, tuple(bracket_match(m) for m in ms)))
        players //= 2
    while players >= 2:  # rounds still to be paired: empty slots
        empty = BracketMatch(None, None, None, None, None, None)
        rounds.append(BracketRound(players, (empty,) * (players // 2)))
        players //= 2
    champion = None
    final = rounds[-1].matches[0] if rounds else None
    if final is not None and final.winner_id is not None:
        champion = ld.side(final.winner_id, top=True)
    return BracketView(
        top_size=size,
        seeds=tuple(ld.side(p, top=True) for p in ld.top_seeds),
        rounds=tuple(rounds),
        third_place=bracket_match(third) if third is not None else None,
        champion=champion,
    )


def _final(ld: _Loaded) -> FinalView | None:
    if ld.event.status != EventStatus.FINISHED.value:
        return None
    order, _ = engines.final_order(ld.t, ld.ruleset, ld.event.seed, ld.top_seeds or None)
    swiss_points = {int(r.player_id): r.points for r in ld.rows}
    top_wins: dict[int, int] = {}
    third_win: set[int] = set()
    for m in ld.t.matches:
        winner = _winner(m) if m.score is not None else None
        if winner is None:
            continue
        if m.stage is Stage.TOP:
            top_wins[winner] = top_wins.get(winner, 0) + 1  # INV-PTS-1
        elif m.stage is Stage.THIRD_PLACE:
            third_win.add(winner)  # excluded from INV-PTS-1 unless the preset counts it
    by_id = {e.id: e for e in ld.t.entrants}
    field_size = len(order)
    placements = []
    for place, pid in enumerate(order, start=1):
        e = by_id[pid]
        placements.append((place, pid, e.dropped_after_round is not None or e.disqualified))
    season = ld.ruleset.season
    breakdown: dict[int, tuple[int, tuple[tuple[str, int], ...], Fraction]] = {}
    if season is not None and field_size:
        from torneo.seasons.rules.points import Placement, tournament_points

        scored = tournament_points(
            [
                Placement(
                    player_id=PlayerId(pid),
                    place=place,
                    swiss_points=swiss_points.get(pid, 0),
                    topcut_wins=top_wins.get(pid, 0),
                    dropped=dropped,
                    played_every_round=not dropped and by_id[PlayerId(pid)].joined_round == 1,
                    third_place_win=pid in third_win,
                )
                for place, pid, dropped in placements
            ],
            field_size=field_size,
            is_major=ld.event.is_major,
            rules=season,
            top_size=ld.event.top_size,
        )
        breakdown = {int(b.player_id): (b.total, b.parts, b.final_bonus) for b in scored}
    lines = []
    for place, pid, dropped in placements:
        total, parts, bonus = breakdown.get(pid, (0, (), Fraction(0)))
        lines.append(
            PointsLine(
                place=place,
                player_id=int(pid),
                name=ld.names.get(pid, f"#{pid}"),
                swiss_points=swiss_points.get(pid, 0),
                topcut_wins=top_wins.get(pid, 0),
                dropped=dropped,
                total=total,
                parts=parts,
                final_bonus=bonus,
            )
        )
    return FinalView(field_size, ld.event.is_major, season is not None, tuple(lines))


def _plan(ruleset: Ruleset, players: int, short: bool) -> StructurePlan | None:
    try:
        rounds, top = engines.plan(ruleset, players, short)
    except TorneoError:
        return None
    return StructurePlan(rounds, top)


def _actions(ld: _Loaded) -> Actions:
    t, e = ld.t, ld.event
    status = EventStatus(e.status)
    register = can_register(t, PlayerId(0))  # no player has id 0: only the state is checked
    players = sum(1 for r in e.registrations if not r.disqualified)
    start = can_move(status, EventStatus.RUNNING)
    if start is None and players < ld.ruleset.swiss.min_players:
        start = Refusal(
            "players", f"{players} registered", f"at least {ld.ruleset.swiss.min_players}"
        )
    plan = short = None
    if status in (EventStatus.DRAFT, EventStatus.REGISTRATION) and players:
        plan = _plan(ld.ruleset, players, False)
        short = _plan(ld.ruleset, players, True)
        if short == plan:
            short = None  # INV-STRUCT-2 option not available for this many players
    elif e.swiss_rounds is not None and e.top_size is not None:
        plan = StructurePlan(e.swiss_rounds, e.top_size)
    close = can_move(status, EventStatus.FINISHED) or engines.can_close(
        t, ld.top_seeds or None, ld.ruleset
    )
    if t.has_top:
        pair = None
        if status is not EventStatus.RUNNING:
            pair = Refusal("status", f"the event is {status}, not running", "a running event")
        elif t.unreported():
            pair = Refusal(
                "round", "the current Top X round has unreported matches", "report every result"
            )
        if pair is None and close is None:
            pair = Refusal("round", "the Top X is complete", "close the event")
    else:
        pair = can_pair_next_round(t)
    return Actions(
        register=register,
        start=start,
        pair=pair,
        start_top=can_start_top(t),
        close=close,
        is_top_running=t.has_top,
        plan=plan,
        short_plan=short,
    )


def event_page(store: Store, event_id: int, *, round_no: int | None = None) -> EventPage:
    """Everything the event page shows, from one load; ``round_no`` selects the pairings shown."""
    return _view(store, event_id, lambda ld: _page(ld, round_no))


def _page(ld: _Loaded, round_no: int | None) -> EventPage:
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
        round=_round_view(ld, chosen) if chosen is not None else None,
        standings=_standings(ld),
        bracket=_bracket(ld),
        final=_final(ld),
        actions=_actions(ld),
        swiss_results=tuple(allowed_results(best_of)),
        top_results=tuple(allowed_results(best_of, draws=False)),
    )


def pairings(store: Store, event_id: int, round_no: int | None = None) -> RoundView | None:
    """The pairings of ``round_no`` (default: the current round); None before the first round."""

    def build(ld: _Loaded) -> RoundView | None:
        number = round_no if round_no is not None else ld.t.current_round
        if round_no is not None and not ld.t.round_matches(round_no):
            raise _no_round(ld, round_no)
        return _round_view(ld, number) if number else None

    return _view(store, event_id, build)


def _no_round(ld: _Loaded, round_no: int) -> TorneoError:
    from torneo.core.errors import NotFound

    current = ld.t.current_round
    accepted = f"1..{current}" if current else "none yet: the first round is not paired"
    return NotFound("round", f"round {round_no} does not exist", accepted)


def standings(store: Store, event_id: int) -> StandingsView:
    return _view(store, event_id, _standings)


def bracket(store: Store, event_id: int) -> BracketView | None:
    return _view(store, event_id, _bracket)


def final_results(store: Store, event_id: int) -> FinalView | None:
    return _view(store, event_id, _final)


def players(store: Store, event_id: int) -> Sequence[PlayerLine]:
    return _view(store, event_id, _players)


def as_jsonable(value: Any) -> Any:
    """Dataclass views to JSON types; Fractions become exact "p/q" strings."""
    if isinstance(value, Fraction):
        return str(value)
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
    def build(ld: _Loaded) -> RoundPanel:
        number = round_no or ld.t.current_round
        best_of = ld.ruleset.match.best_of
        return RoundPanel(
            summary=_summary(ld),
            round=_round_view(ld, number) if number else None,
            actions=_actions(ld),
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
