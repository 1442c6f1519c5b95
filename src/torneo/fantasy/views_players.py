"""The league's list of footballers (issue 30 item 2): codes, roles, clubs and the prices of the
matchday being prepared (FAN-MKT-1), searched and filtered; the roster being picked from it
(FAN-ROSTER-1) and the lineup being set on the pitch (FAN-LINEUP-1, FAN-SUB-1).

What is picked and not yet saved is given by the caller (it travels in the page's address):
these read models lay it out with what the rules will say when it is saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.policy import Actor
from torneo.fantasy import views_team
from torneo.fantasy.rules.formations import formation_of
from torneo.fantasy.rules.picks import (
    LineupDraft,
    RosterTally,
    draft_lineup,
    proposed_formation,
    roster_tally,
)
from torneo.fantasy.rules.players import ROLES, ListedPlayer, normalise_name
from torneo.fantasy.state import (
    Matchday,
    calendar,
    get_league,
    get_team,
    holdings_at,
    open_matchday,
    rules_of,
    utc,
)
from torneo.fantasy.state_access import authorize_team
from torneo.fantasy.tables import FantasyLeague, FantasyPlayer, FantasyPrice
from torneo.platform.store.uow import Store
from torneo.presets.fantasy import FantasyRules

MAX_PICKS = 60  # more codes than any roster: the rest of an address is ignored


@dataclass(frozen=True, slots=True)
class PlayerFilter:
    """A search of the list: words of a name, a code or a club; a role; a club; a price range."""

    text: str = ""
    role: str = ""
    club: str = ""
    low: int | None = None
    high: int | None = None

    def matches(self, p: ListedPlayer) -> bool:
        words = normalise_name(self.text).split()
        haystack = f"{normalise_name(p.name)} {p.code.casefold()} {normalise_name(p.club)}"
        return (
            all(w in haystack for w in words)
            and (not self.role or p.role == self.role)
            and (not self.club or p.club == self.club)
            and (self.low is None or p.price >= self.low)
            and (self.high is None or p.price <= self.high)
        )


@dataclass(frozen=True, slots=True)
class PlayersPage:
    league_id: int
    league: str
    matchday: int  # the prices shown are this matchday's
    rows: tuple[ListedPlayer, ...]  # the players the filter keeps, by role then price
    total: int  # players of the list (those still in the league)
    clubs: tuple[str, ...]
    cheapest: int
    dearest: int


def _ordered(players: Sequence[ListedPlayer]) -> list[ListedPlayer]:
    return sorted(players, key=lambda p: (ROLES.index(p.role), -p.price, p.name, p.id))


def _prepared(days: Sequence[Matchday], now: datetime) -> int:
    day = open_matchday(days, now)
    return day.number if day else (days[-1].number if days else 1)


def _listing(
    session: Session, league: FantasyLeague, now: datetime
) -> tuple[int, list[ListedPlayer]]:
    """Every player of the list with his price on the matchday being prepared (FAN-MKT-1: the
    last price published on or before it), read as plain rows: the picker reads it at every
    click."""
    number = _prepared(calendar(league, rules_of(league)), now)
    latest: dict[int, int] = {}
    for pid, price in session.execute(
        select(FantasyPrice.player_id, FantasyPrice.price)
        .join(FantasyPlayer, FantasyPlayer.id == FantasyPrice.player_id)
        .where(FantasyPlayer.league_id == league.id, FantasyPrice.matchday <= number)
        .order_by(FantasyPrice.matchday)
    ):
        latest[pid] = price
    rows = session.execute(
        select(
            FantasyPlayer.id,
            FantasyPlayer.code,
            FantasyPlayer.name,
            FantasyPlayer.role,
            FantasyPlayer.club,
            FantasyPlayer.active,
        )
        .where(FantasyPlayer.league_id == league.id)
        .order_by(FantasyPlayer.id)
    )
    return number, [
        ListedPlayer(i, code, name, role, club, latest.get(i, 0), active)
        for i, code, name, role, club, active in rows
    ]


def players_page(store: Store, league_id: int, wanted: PlayerFilter) -> PlayersPage:
    with store.read() as session:
        league = get_league(session, league_id)
        number, everyone = _listing(session, league, store.clock())
        return _page(league_id, league.name, number, everyone, wanted)


def _page(
    league_id: int, name: str, number: int, everyone: list[ListedPlayer], wanted: PlayerFilter
) -> PlayersPage:
    active = [p for p in everyone if p.active]
    prices = [p.price for p in active] or [0]
    return PlayersPage(
        league_id=league_id,
        league=name,
        matchday=number,
        rows=tuple(_ordered([p for p in active if wanted.matches(p)])),
        total=len(active),
        clubs=tuple(sorted({p.club for p in active})),
        cheapest=min(prices),
        dearest=max(prices),
    )


def may_pick(store: Store, actor: Actor, league_id: int, team_id: int) -> None:
    """403 unless ``actor`` may choose this team's roster and lineup (its manager or the
    league's administrator, :func:`torneo.fantasy.state_access.authorize_team`)."""
    with store.read() as session:
        league = get_league(session, league_id)
        authorize_team(actor, league, get_team(session, league, team_id))


@dataclass(frozen=True, slots=True)
class PickerTeam:
    league_id: int
    league: str
    id: int
    name: str
    budget: int
    rules: FantasyRules
    held: tuple[str, ...]  # the codes of the roster the team holds
    roster_open: bool  # FAN-ROSTER-1: the whole roster may still be chosen


@dataclass(frozen=True, slots=True)
class RosterPicker:
    """FAN-ROSTER-1 while picking: the list, the picks (by role then price) and their tally."""

    team: PickerTeam
    players: PlayersPage
    picked: tuple[ListedPlayer, ...]
    codes: tuple[str, ...]  # the picks in the order they were made (the address keeps them)
    tally: RosterTally


def roster_picker(
    store: Store,
    actor: Actor,
    league_id: int,
    team_id: int,
    wanted: PlayerFilter,
    codes: Sequence[str] | None,
) -> RosterPicker:
    """The picker of ``team_id``: ``codes`` picked so far (None: the roster the team holds);
    codes not in the list are left out, a code given twice counts once. 403 unless ``actor``
    may choose the team's roster."""
    with store.read() as session:
        league = get_league(session, league_id)
        row = get_team(session, league, team_id)
        authorize_team(actor, league, row)
        now = store.clock()
        number, everyone = _listing(session, league, now)
        by_id = {p.id: p for p in everyone}
        held = tuple(by_id[h.player_id].code for h in holdings_at(row, None))
        rules = rules_of(league)
        due = league.roster_due
        team = PickerTeam(
            league.id,
            league.name,
            row.id,
            row.name,
            rules.budget,
            rules,
            held,
            not held or due is None or now < utc(due),
        )
        page = _page(league.id, league.name, number, everyone, wanted)
    by_code = {p.code: p for p in everyone}
    given = list(held) if codes is None else list(codes)[:MAX_PICKS]
    kept = tuple(dict.fromkeys(c for c in given if c in by_code))
    picked = _ordered([by_code[c] for c in kept])
    return RosterPicker(team, page, tuple(picked), kept, roster_tally(picked, rules))


@dataclass(frozen=True, slots=True)
class LineupPage:
    """FAN-LINEUP-1 on the pitch: the formations allowed, the draft, the roster by role."""

    team: views_team.TeamPage
    formations: tuple[str, ...]
    draft: LineupDraft
    roster: tuple[ListedPlayer, ...]
    bench_size: int

    def player(self, pid: int | None) -> ListedPlayer | None:
        return next((p for p in self.roster if p.id == pid), None)

    def of_role(self, role: str) -> tuple[ListedPlayer, ...]:
        return tuple(p for p in self.roster if p.role == role)


def lineup_page(
    store: Store,
    actor: Actor,
    league_id: int,
    team_id: int,
    *,
    formation: str | None,
    starters: Sequence[int | None] | None,
    bench: Sequence[int | None] | None,
    fill: bool,
) -> LineupPage:
    """The lineup being set: ``starters`` and ``bench`` as chosen so far (None: the lineup that
    stands for the matchday, or a proposal when there is none)."""
    may_pick(store, actor, league_id, team_id)
    team = views_team.team_page(store, league_id, team_id)
    rules = team.rules
    roster = tuple(
        _ordered(
            [
                ListedPlayer(p.id, p.code, p.name, p.role, p.club, p.price, p.active)
                for p in team.roster
            ]
        )
    )
    roles = {p.id: p.role for p in roster}
    if starters is None and bench is None:
        starters, bench = team.starters, team.bench
        fill = fill or not team.starters
        saved = formation_of(roles[p] for p in team.starters if p in roles)
        formation = formation or saved
    shape = proposed_formation(formation, rules.formations)
    draft = draft_lineup(roster, shape, starters or (), bench or (), rules.bench_size, fill=fill)
    return LineupPage(team, tuple(rules.formations), draft, roster, rules.bench_size)
