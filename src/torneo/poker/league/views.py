"""Read models of a poker club's season (issue 17): leagues, their leaderboards explained, the
jackpot's ledger, each player's road to the final, and the leaders' chart.

The leaderboard is computed from the stored results on every read (PKR-LEAGUE-1/4: the
league's formula, best-N), so a correction or a new formula shows at once. Figures for a whole
season are in ``bench/league.py``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.poker.commands import poker_rules
from torneo.poker.league.commands_feed import leagues_fed
from torneo.poker.league.tables import (
    PokerJackpotEntry,
    PokerLeague,
    PokerLeagueResult,
    PokerRuling,
)
from torneo.poker.rules.leagues import (
    FinalTableRules,
    FormulaMemo,
    JackpotRule,
    LeaderboardRow,
    PlayerResult,
    TournamentResult,
    leaderboard,
    points_to_chips,
    projected_jackpot,
)
from torneo.poker.rules.points_formula import PointsFormula, parse_formula, round_half_up
from torneo.poker.rules.qualification import PlayerStatus, apply_order, statuses
from torneo.poker.tables import PokerTournament
from torneo.seasons.chart import Chart, step_chart
from torneo.seasons.views import ChartPoint, ChartSeries, SeasonChart

LEADERS_CHARTED = 5


def decimal_text(x: Fraction) -> str:
    """Points as an exact decimal ("123.45"): the formula rounds to the league's decimals."""
    text = str(Decimal(x.numerator) / Decimal(x.denominator))
    return text if x.denominator != 1 else str(x.numerator)


def final_rules(league: PokerLeague) -> FinalTableRules:
    """PKR-LEAGUE-3 from the league's row; stacks in the smallest chip of the club's set."""
    f = league.final
    ranks = f.get("qualifier_ranks")
    return FinalTableRules(
        direct_seats=f["direct_seats"],
        qualifier_seats=f["qualifier_seats"],
        qualifier_min_played=f.get("qualifier_min_played"),
        qualifier_ranks=(int(ranks[0]), int(ranks[1])) if ranks else None,
        qualifier_chips_rank=f.get("qualifier_chips_rank"),
        extra_chips=f.get("extra_chips", 10_000),
        chips_per_point=Fraction(f.get("chips_per_point", 1)),
        chip_unit=min(poker_rules(league.preset).chip_set, default=1),
    )


def formula_of(league: PokerLeague) -> PointsFormula:
    return parse_formula(league.points_formula, league.points_decimals)


SEED_ENTRIES = 20  # the seed's "20 × 20 players × 36 tournaments"


def projected(rule: JackpotRule, planned: int, credited: Sequence[int]) -> int:
    """PKR-LEAGUE-2 (issue 28 item 6): the season's possible jackpot, for both kinds of league.
    Before any tournament it is the seed's own figure (20 € × 20 players × 36; 50 € × 89);
    after some, what is in plus the average take so far for each planned tournament still to
    come (to the cent, half up): the ledger credits what tournaments took (item 3), so the
    projection follows the same money."""
    if not credited:
        return projected_jackpot(rule, planned, SEED_ENTRIES)
    total = sum(credited)
    left = max(planned - len(credited), 0)
    return total + int(round_half_up(Fraction(total * left, len(credited)), 0))


def jackpot_rule(league: PokerLeague) -> JackpotRule:
    return JackpotRule(league.jackpot_per_entry_cents, league.jackpot_per_tournament_cents)


def get_league_row(session: Session, league_id: int) -> PokerLeague:
    row = session.get(PokerLeague, league_id)
    if row is None:
        raise NotFound(
            "league_id",
            N_("no poker league %(league_id)s"),
            N_("the id of a league"),
            params={"league_id": league_id},
        )
    return row


def season_results(session: Session, league_id: int) -> tuple[TournamentResult, ...]:
    """The league's results as the domain's tournaments, in the order played."""
    cols = (
        PokerLeagueResult.tournament_id,
        PokerLeagueResult.played_on,
        PokerLeagueResult.entrants,
        PokerLeagueResult.buy_in_cents,
        PokerLeagueResult.player_id,
        PokerLeagueResult.place,
        PokerLeagueResult.rebuys,
        PokerLeagueResult.addons,
        PokerLeagueResult.bounties,
    )
    # Core, not the ORM: a season is tens of thousands of plain rows (bench/league.py).
    rows = (
        session.connection()
        .execute(
            select(*cols)
            .where(PokerLeagueResult.league_id == league_id)
            .order_by(PokerLeagueResult.played_on, PokerLeagueResult.tournament_id)
        )
        .all()
    )
    grouped: dict[int, list[PlayerResult]] = defaultdict(list)
    heads: dict[int, tuple[date, int, int]] = {}
    for tid, day, n, b, pid, place, rebuys, addons, bounties in rows:
        heads.setdefault(tid, (day, n, b))
        grouped[tid].append(PlayerResult(PlayerId(pid), place, rebuys, addons, bounties))
    return tuple(
        TournamentResult(str(tid), day, n, b, tuple(grouped[tid]))
        for tid, (day, n, b) in heads.items()
    )


def board_of(
    session: Session, league: PokerLeague, results: Sequence[TournamentResult] | None = None
) -> tuple[LeaderboardRow, ...]:
    """PKR-LEAGUE-1/4: the leaderboard, with a recorded cut order applied once drawn."""
    season = season_results(session, league.id) if results is None else results
    board = leaderboard(season, formula_of(league), league.best_results)
    order = league.cut.get("order")
    return apply_order(board, [PlayerId(p) for p in order]) if order else board


@dataclass(frozen=True, slots=True)
class BoardLine:
    position: int
    player_id: int
    name: str
    points: Fraction
    played: int
    best_finish: int
    counted: int  # results that count (best N)
    status: PlayerStatus
    final_chips: int  # the stack this place would take to the final table (PKR-LEAGUE-3)


@dataclass(frozen=True, slots=True)
class JackpotLine:
    tournament_id: int
    name: str
    played_on: date
    entries: int
    cents: int
    total_cents: int  # the running total


@dataclass(frozen=True, slots=True)
class LeagueView:
    id: int
    version: int
    club_id: int
    name: str
    starts_on: date
    ends_on: date
    schedules: tuple[int, ...]
    points_formula: str
    best_results: int | None
    tournaments_played: int
    planned_tournaments: int
    board: tuple[BoardLine, ...]
    jackpot: tuple[JackpotLine, ...]
    jackpot_cents: int
    projected_jackpot_cents: int  # the season's possible jackpot (:func:`projected`)
    jackpot_rule: str  # "per_entry" | "per_tournament"
    jackpot_unit_cents: int
    final: dict[str, object]
    qualifier_id: int | None
    final_id: int | None
    drawn: bool


def _names(session: Session, ids: Sequence[int]) -> dict[int, str]:
    if not ids:
        return {}
    return dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())


def _final_stacks(session: Session, final_id: int | None) -> dict[int, int]:
    """Once the final exists, its players' stacks are its own (the tournament's starting stacks,
    PKR-LEAGUE-3, as the director may have set them), not the board's projection (issue 26)."""
    if final_id is None:
        return {}
    row = session.get(PokerTournament, final_id)
    if row is None:
        return {}
    return {int(p): int(c) for p, c in row.options.get("starting_stacks", ())}


def league_view(store: Store, league_id: int) -> LeagueView:
    with store.read() as session:
        league = get_league_row(session, league_id)
        results = season_results(session, league.id)
        board = board_of(session, league, results)
        rules = final_rules(league)
        played = len(results)
        left = max(league.planned_tournaments - played, 0)
        found = statuses(board, rules, left, drawn=bool(league.cut.get("order")))
        names = _names(session, [int(r.player) for r in board])
        chips_row = board[rules.chips_rank - 1] if len(board) >= rules.chips_rank else None
        qualifier_chips = points_to_chips(chips_row.points, rules) if chips_row else 0
        seated = _final_stacks(session, league.final_id)
        lines = tuple(
            BoardLine(
                r.position,
                int(r.player),
                names.get(int(r.player), str(r.player)),
                r.points,
                r.played,
                r.best_finish,
                len(r.counted),
                s,
                seated.get(int(r.player))
                or (
                    points_to_chips(r.points, rules)
                    if s.rank <= rules.direct_seats
                    else qualifier_chips
                )
                + rules.extra_chips,
            )
            for r, s in zip(board, found, strict=True)
        )
        entries = session.execute(
            select(PokerJackpotEntry, PokerTournament.name)
            .join(PokerTournament, PokerTournament.id == PokerJackpotEntry.tournament_id)
            .where(PokerJackpotEntry.league_id == league.id)
            .order_by(PokerJackpotEntry.played_on, PokerJackpotEntry.tournament_id)
        ).all()
        total = 0
        ledger = []
        for entry, name in entries:
            total += entry.cents
            ledger.append(
                JackpotLine(
                    entry.tournament_id, name, entry.played_on, entry.entries, entry.cents, total
                )
            )
        rule = jackpot_rule(league)
        per_entry = rule.per_entry_cents is not None
        return LeagueView(
            league.id,
            league.version,
            league.club_id,
            league.name,
            league.starts_on,
            league.ends_on,
            tuple(league.schedules),
            league.points_formula,
            league.best_results,
            played,
            league.planned_tournaments,
            lines,
            tuple(ledger),
            total,
            projected(rule, league.planned_tournaments, [e.cents for e, _ in entries]),
            "per_entry" if per_entry else "per_tournament",
            (rule.per_entry_cents or 0) if per_entry else (rule.per_tournament_cents or 0),
            dict(league.final),
            league.qualifier_id,
            league.final_id,
            bool(league.cut.get("order")),
        )


@dataclass(frozen=True, slots=True)
class ResultLine:
    tournament_id: int
    played_on: date
    entrants: int
    place: int
    buy_in_cents: int
    rebuys: int
    addons: int
    points: Fraction
    counts: bool  # among the best N (or every result)


@dataclass(frozen=True, slots=True)
class PlayerExplained:
    league_id: int
    league: str
    player_id: int
    name: str
    formula: str
    best_results: int | None
    results: tuple[ResultLine, ...]
    total: Fraction


def explain(store: Store, league_id: int, player_id: int) -> PlayerExplained:
    """PKR-LEAGUE-4 per player: every result, its points by the formula, which ones count."""
    with store.read() as session:
        league = get_league_row(session, league_id)
        memo = FormulaMemo(formula_of(league))
        mine: list[tuple[TournamentResult, PlayerResult, Fraction]] = []
        for t in season_results(session, league.id):
            for r in t.results:
                if int(r.player) == player_id:
                    mine.append((t, r, memo.points(t, r)))
        if not mine:
            raise NotFound(
                "player_id",
                N_("player %(player_id)s has no result in this league"),
                N_("a player of the leaderboard"),
                params={"player_id": player_id},
            )
        ranked = sorted(range(len(mine)), key=lambda i: -mine[i][2])
        counted = set(ranked[: league.best_results] if league.best_results else ranked)
        lines = tuple(
            ResultLine(
                int(t.tournament),
                t.played_on,
                t.entrants,
                r.place,
                t.buy_in_cents,
                r.rebuys,
                r.addons,
                p,
                i in counted,
            )
            for i, (t, r, p) in enumerate(mine)
        )
        total = sum((line.points for line in lines if line.counts), Fraction(0))
        return PlayerExplained(
            league.id,
            league.name,
            player_id,
            _names(session, [player_id]).get(player_id, str(player_id)),
            league.points_formula,
            league.best_results,
            lines,
            total,
        )


def leaders_chart(store: Store, league_id: int, *, width: int = 640) -> Chart:
    """The leaders' points over the season (the seasons' step chart): the top five, their
    running total after each tournament (best N so far when the league counts best N)."""
    with store.read() as session:
        league = get_league_row(session, league_id)
        tournaments = season_results(session, league.id)
        board = board_of(session, league)[:LEADERS_CHARTED]
        names = _names(session, [int(r.player) for r in board])
        memo = FormulaMemo(formula_of(league))
        series = []
        for row in board:
            scored: list[Fraction] = []
            points = [ChartPoint(league.starts_on, 0, None)]
            for t in tournaments:
                for r in t.results:
                    if r.player == row.player:
                        before = _best_sum(scored, league.best_results)
                        scored.append(memo.points(t, r))
                        now = _best_sum(scored, league.best_results)
                        points.append(
                            ChartPoint(t.played_on, round(now), t.tournament, round(now - before))
                        )
            series.append(
                ChartSeries(int(row.player), names.get(int(row.player), ""), tuple(points))
            )
        chart = SeasonChart(league.starts_on, league.ends_on, tuple(series))
        return step_chart(chart, width=width)


def _best_sum(scored: Sequence[Fraction], best: int | None) -> Fraction:
    return sum(sorted(scored, reverse=True)[: best or None], Fraction(0))


@dataclass(frozen=True, slots=True)
class LeagueSummary:
    id: int
    name: str
    club_id: int
    starts_on: date
    ends_on: date


def list_leagues(store: Store) -> list[LeagueSummary]:
    with store.read() as session:
        rows = session.scalars(
            select(PokerLeague).order_by(PokerLeague.starts_on.desc(), PokerLeague.id)
        ).all()
        return [LeagueSummary(r.id, r.name, r.club_id, r.starts_on, r.ends_on) for r in rows]


def lots_rng(league: PokerLeague, what: str) -> random.Random:
    """The seeded draw of lots at a cut (PKR-LEAGUE-4), recorded as ``<seed>:<what>``."""
    return random.Random(f"{league.seed}:{what}")


@dataclass(frozen=True, slots=True)
class RulingRow:
    procedure: str
    case: str
    table: int | None
    decision: str  # a message id
    article: str
    note: str
    by: str
    at: datetime


def rulings_of(store: Store, tournament_id: int) -> list[RulingRow]:
    """The floor's procedures ruled in a tournament, newest first (PKR-PROC-1..4)."""
    with store.read() as session:
        rows = session.scalars(
            select(PokerRuling)
            .where(PokerRuling.tournament_id == tournament_id)
            .order_by(PokerRuling.id.desc())
        ).all()
        return [
            RulingRow(r.procedure, r.case, r.table_no, r.decision, r.article, r.note, r.by, r.at)
            for r in rows
        ]


def leagues_fed_by(store: Store, tournament_id: int) -> tuple[str, ...]:
    """The names of the leagues this tournament feeds (or will feed when it ends), for its desk
    (issue 28 item 2: a tournament that counts for no jackpot says so)."""
    with store.read() as session:
        row = session.get(PokerTournament, tournament_id)
        return tuple(lg.name for lg in leagues_fed(session, row)) if row is not None else ()
