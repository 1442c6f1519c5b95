"""Use cases of a season (issue 5): create it, import past results, add a finished event, rank.

The stored facts of every result (place, Swiss points, Top X wins, dropped) are the source of
truth; the season points saved beside them are recomputed by the pure domain
(:func:`torneo.seasons.rules.outcome.score_tournament`) whenever a tournament enters the season
or is corrected, and the table is ranked by :func:`torneo.seasons.rules.ranking.rank_season`.

Decisions where the rules are silent:
- A tournament that breaks a sanctioning rule known at import or at the close (INV-LEGAL-2,
  INV-LEGAL-6, INV-LEGAL-7, INV-MAJOR-2, INV-SEASON-2) is kept, void, with every breach
  (INV-LEGAL-8). A tournament *outside the season* (INV-SEASON-1) is refused instead: it does not
  belong to this season at all, and a spreadsheet with it is most likely the wrong file.
- The sanctioning check runs over the whole calendar after each change, so adding an earlier
  tournament of a store may void a later one (INV-LEGAL-6 gives precedence to the earlier).
- Adding a finished event a second time replaces its results: that is how a result corrected in
  the event reaches the season.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state import get_event, tournament_of
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name
from torneo.engines.records import Stage
from torneo.platform.guards import ORGANIZER, require
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.calendar import CalendarEntry
from torneo.seasons.rules.dates import SeasonDates, parse_day
from torneo.seasons.rules.import_csv import SeasonImportError, parse_season_csv
from torneo.seasons.rules.legality import TournamentFacts, check_legality
from torneo.seasons.rules.outcome import TournamentOutcome, score_tournament
from torneo.seasons.rules.points import Placement
from torneo.seasons.rules.ranking import HistoryEntry, SeasonTable
from torneo.seasons.rules.settings import REGIONAL_CUT
from torneo.seasons.state import SeasonStanding as SeasonStanding
from torneo.seasons.state import outcome_of, standing_of
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament

# INV-SEASON-1 (RULES.md): "18 settembre 2011 – 31 giugno 2012"; 31 June does not exist and the
# Resolution reads 2012-06-30. The preset model has no season dates yet, so they live here, by
# preset id; a season of another year passes its own dates.
PRESET_SEASON_DATES: dict[str, tuple[str, str]] = {
    "invasion-it-2012": ("2011-09-18", "2012-06-30"),
}


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    id: int
    name: str
    preset: str
    starts_on: date
    ends_on: date
    cut_size: int
    tournaments: int
    void: tuple[tuple[str, tuple[str, ...]], ...]  # (tournament, breaches) of the void ones


@dataclass(frozen=True, slots=True)
class ImportSummary:
    season_id: int
    season_created: bool
    tournaments: int
    results: int
    void: tuple[tuple[str, tuple[str, ...]], ...]  # (tournament, breaches) of the void ones


@dataclass(frozen=True, slots=True)
class ResultInput:
    """What happened to one player at one tournament (the source of the season points)."""

    player: str
    place: int
    swiss_points: int
    topcut_wins: int
    dropped: bool
    played_every_round: bool = True
    third_place_win: bool = False
    club: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentInput:
    """A tournament entering the season, with the results of everyone who took part."""

    name: str
    held_on: date
    store: str
    is_major: bool
    results: tuple[ResultInput, ...]
    top_size: int | None = None
    event_id: int | None = None

    @property
    def field_size(self) -> int:
        return len(self.results)


# -- helpers -------------------------------------------------------------------------------


def season_rules(preset: str) -> tuple[Ruleset, SeasonPointsRules]:
    ruleset = load_preset(preset)
    if ruleset.season is None:
        raise TorneoError(
            "preset",
            f"'{preset}' has no season points",
            "a preset with a [season] section, such as invasion-it-2012",
        )
    return ruleset, ruleset.season


def default_season_dates(preset: str) -> tuple[date, date] | None:
    dates = PRESET_SEASON_DATES.get(preset)
    if dates is None:
        return None
    return parse_day("start", dates[0]), parse_day("end", dates[1])


def _season_dates(preset: str, start: str | date | None, end: str | date | None) -> SeasonDates:
    defaults = default_season_dates(preset)
    if (start is None or end is None) and defaults is None:
        raise TorneoError(
            "start" if start is None else "end",
            f"preset '{preset}' has no default season dates",
            "--start and --end as YYYY-MM-DD",
        )
    first = _day("start", start) if start is not None else defaults[0]  # type: ignore[index]
    last = _day("end", end) if end is not None else defaults[1]  # type: ignore[index]
    return SeasonDates(first, last)  # INV-SEASON-1: an end before the start is refused


def _day(field: str, value: str | date) -> date:
    return value if isinstance(value, date) else parse_day(field, value)


def _find_season(session: Session, name: str, *, for_update: bool = False) -> Season | None:
    stmt = (
        select(Season)
        .where(func.lower(Season.name) == " ".join(name.split()).lower())
        .options(selectinload(Season.tournaments).selectinload(SeasonTournament.results))
    )
    if for_update:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


def _get_season(session: Session, name: str, *, for_update: bool = False) -> Season:
    season = _find_season(session, name, for_update=for_update)
    if season is None:
        raise NotFound("season", f"no season named '{name}'", "the name of an existing season")
    return season


def _new_season(
    uow: UnitOfWork, name: str, preset: str, dates: SeasonDates, cut_size: int
) -> Season:
    if cut_size < 0:
        raise TorneoError("cut_size", f"{cut_size} places", "0 or more places (INV-RANK-3)")
    season = Season(
        name=name,
        preset=preset,
        starts_on=dates.start,
        ends_on=dates.end,
        cut_size=cut_size,
        created_at=uow.now,
    )
    uow.session.add(season)
    uow.session.flush()
    uow.audit(
        "season.create",
        "season",
        season.id,
        after={
            "name": name,
            "preset": preset,
            "starts_on": dates.start.isoformat(),
            "ends_on": dates.end.isoformat(),
            "cut_size": cut_size,
        },
    )
    return season


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _players_by_name(session: Session, names: Sequence[str]) -> dict[str, Player]:
    """The stored players with these names (any case), fetched in a few queries."""
    found: dict[str, Player] = {}
    wanted = sorted({n.lower() for n in names})
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        for p in session.scalars(
            select(Player).where(func.lower(Player.name).in_(chunk)).order_by(Player.id)
        ):
            found.setdefault(_name_key(p.name), p)
    return found


def _player(uow: UnitOfWork, known: dict[str, Player], name: str, club: str | None) -> Player:
    """A player is known by name across events and seasons (as registration does)."""
    key = _name_key(name)
    player = known.get(key)
    if player is None:
        player = Player(name=" ".join(name.split()), club=club, created_at=uow.now)
        uow.session.add(player)
        known[key] = player
    return player


def _placement(r: SeasonResult) -> Placement:
    return Placement(
        player_id=PlayerId(r.player_id),
        place=r.place,
        swiss_points=r.swiss_points,
        topcut_wins=r.topcut_wins,
        dropped=r.dropped,
        played_every_round=r.played_every_round,
        third_place_win=r.third_place_win,
    )


def _score(t: SeasonTournament, rules: SeasonPointsRules) -> TournamentOutcome:
    """Season points of every result of ``t`` (INV-PTS-*, INV-MAJOR-*), written onto the rows."""
    results = sorted(t.results, key=lambda r: r.place)
    outcome = score_tournament(
        t.name,
        [_placement(r) for r in results],
        field_size=t.field_size,
        is_major=t.is_major,
        rules=rules,
        day=t.held_on,
        breaches=tuple(t.void_reasons or ()),
        top_size=t.top_size,
    )
    for row, scored in zip(results, outcome.results, strict=True):
        bonus = str(scored.final_bonus)
        if outcome.void:
            # INV-LEGAL-8: a void tournament gives no points; the would-be sum stays readable.
            points, text, bonus = 0, f"void (INV-LEGAL-8): 0, not {scored.explanation}", "0"
        else:
            points, text = scored.points, scored.explanation
        if (row.points, row.breakdown, row.final_bonus) != (points, text, bonus):
            row.points, row.breakdown, row.final_bonus = points, text, bonus
    return outcome


def _outcome_of(t: SeasonTournament) -> TournamentOutcome:
    """The stored (already scored) tournament as the season table reads it."""
    return outcome_of(t.name, t.held_on, t.is_major, t.results, t.void, t.void_reasons)


def _sanction(season: Season, rules: SeasonPointsRules, *, touched: set[str] | None = None) -> None:
    """INV-LEGAL-*/INV-MAJOR-1/2 checked again, then the season points; a breach voids.

    Only the facts a season knows are checked (date, store, Major, players): the announcement,
    judge, venue and prize facts are not part of an import and are left unchecked.
    ``touched`` names (case-folded) the tournaments just added or changed: only they, the other
    tournaments of their stores (INV-LEGAL-6) and — when a Major changed — every tournament
    (INV-LEGAL-7, INV-SEASON-2) can change their verdict; ``None`` checks the whole season.
    """
    dates = SeasonDates(season.starts_on, season.ends_on)
    calendar = [
        CalendarEntry(key=t.name, store=t.store, date=t.held_on, is_major=t.is_major)
        for t in season.tournaments
    ]
    changed = [t for t in season.tournaments if touched is None or t.name.casefold() in touched]
    stores = {t.store.strip().casefold() for t in changed}
    everyone = touched is None or any(t.is_major for t in changed)
    for t in season.tournaments:
        is_touched = touched is None or t.name.casefold() in touched
        if not (everyone or is_touched or t.store.strip().casefold() in stores):
            continue
        facts = TournamentFacts(
            key=t.name, store=t.store, date=t.held_on, is_major=t.is_major, players=t.field_size
        )
        reasons = [b.text() for b in check_legality(facts, calendar, dates, rules)]
        verdict_changed = list(t.void_reasons or ()) != reasons or t.void != bool(reasons)
        if verdict_changed:
            t.void, t.void_reasons = bool(reasons), reasons
        if verdict_changed or is_touched:
            _score(t, rules)


def _check_facts(season: Season, tournaments: Sequence[TournamentInput]) -> list[str]:
    """Problems that refuse the whole change: outside the season, already in it, bad rows."""
    problems: list[str] = []
    dates = SeasonDates(season.starts_on, season.ends_on)
    existing = {t.name.casefold(): t for t in season.tournaments}
    for t in tournaments:
        outside = dates.outside_reason(t.held_on)
        if outside:
            problems.append(
                f"tournament '{t.name}': {outside} (season {dates.text()}) [INV-SEASON-1]"
            )
        old = existing.get(t.name.casefold())
        if old is not None and (t.event_id is None or old.event_id != t.event_id):
            problems.append(f"tournament '{t.name}' is already in season '{season.name}'")
        n = t.field_size
        places = sorted(r.place for r in t.results)
        if places != list(range(1, n + 1)):
            problems.append(
                f"tournament '{t.name}': places {_ranges(places)} for {n} players; "
                f"each place 1..{n} once"
            )
    return problems


def _ranges(values: list[int]) -> str:
    return ", ".join(str(v) for v in values[:12]) + (", ..." if len(values) > 12 else "")


def _add(
    uow: UnitOfWork,
    season: Season,
    t: TournamentInput,
    known: dict[str, Player],
    *,
    refresh: bool,
) -> SeasonTournament:
    if t.event_id is not None:  # an event already in the season is found by id, even renamed
        row = next((x for x in season.tournaments if x.event_id == t.event_id), None)
    else:
        row = next((x for x in season.tournaments if x.name.casefold() == t.name.casefold()), None)
    before = None
    if row is not None and refresh:
        before = {"results": {r.player_id: r.place for r in row.results}}
        row.results.clear()
        uow.session.flush()  # the old results go before the new ones take their places
        row.held_on, row.store, row.is_major = t.held_on, t.store, t.is_major
        row.name, row.field_size, row.top_size = t.name, t.field_size, t.top_size
    else:
        row = SeasonTournament(
            name=t.name,
            held_on=t.held_on,
            store=t.store,
            is_major=t.is_major,
            field_size=t.field_size,
            top_size=t.top_size,
            void=False,
            void_reasons=[],
            event_id=t.event_id,
            created_at=uow.now,
        )
        season.tournaments.append(row)
    for r in t.results:
        row.results.append(
            SeasonResult(
                player=_player(uow, known, r.player, r.club),
                place=r.place,
                swiss_points=r.swiss_points,
                topcut_wins=r.topcut_wins,
                dropped=r.dropped,
                played_every_round=r.played_every_round,
                third_place_win=r.third_place_win,
                points=0,
                final_bonus="0",
                breakdown="",
            )
        )
    uow.session.flush()
    uow.audit(
        "season.tournament.replace" if before else "season.tournament.add",
        "season_tournament",
        row.id,
        event_id=t.event_id,
        before=before,
        after={
            "season": season.name,
            "tournament": t.name,
            "date": t.held_on.isoformat(),
            "store": t.store,
            "major": t.is_major,
            "players": t.field_size,
        },
    )
    return row


def _void_list(season: Season) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((t.name, tuple(t.void_reasons or ())) for t in season.tournaments if t.void)


# -- use cases -----------------------------------------------------------------------------


def create_season(
    store: Store,
    actor: Actor,
    *,
    name: str,
    preset: str,
    start: str | date | None = None,
    end: str | date | None = None,
    cut_size: int = REGIONAL_CUT,
) -> int:
    """A new season of ``preset`` (INV-SEASON-1 dates; default: the preset's own season)."""
    require(actor, ORGANIZER)
    clean = clean_name("season", name)
    season_rules(preset)
    dates = _season_dates(preset, start, end)
    with store.unit(actor) as uow:
        if _find_season(uow.session, clean) is not None:
            raise Conflict("season", f"a season named '{clean}' exists", "another name")
        return _new_season(uow, clean, preset, dates, cut_size).id


def add_tournaments(
    store: Store,
    actor: Actor,
    season_name: str,
    tournaments: Sequence[TournamentInput],
    *,
    preset: str | None = None,
    start: str | date | None = None,
    end: str | date | None = None,
    cut_size: int = REGIONAL_CUT,
) -> ImportSummary:
    """Put tournaments in a season (created when ``preset`` is given and it is absent).

    All or nothing: every problem is listed in one error and nothing is saved.
    """
    require(actor, ORGANIZER)
    clean = clean_name("season", season_name)
    with store.unit(actor) as uow:
        season = _find_season(uow.session, clean, for_update=True)
        created = season is None
        if season is None:
            if preset is None:
                raise NotFound("season", f"no season named '{clean}'", "an existing season")
            season_rules(preset)
            season = _new_season(uow, clean, preset, _season_dates(preset, start, end), cut_size)
        elif preset is not None and preset != season.preset:
            raise Conflict(
                "preset",
                f"season '{season.name}' follows '{season.preset}', not '{preset}'",
                season.preset,
            )
        _, rules = season_rules(season.preset)
        problems = _check_facts(season, tournaments)
        if problems:
            raise TorneoError(
                "tournaments",
                f"{len(problems)} problem(s), nothing imported: " + "; ".join(problems),
                "tournaments inside the season, each once, places 1..players",
            )
        known = _players_by_name(uow.session, [r.player for t in tournaments for r in t.results])
        for t in tournaments:
            _add(uow, season, t, known, refresh=t.event_id is not None)
        _sanction(season, rules, touched={t.name.casefold() for t in tournaments})
        return ImportSummary(
            season_id=season.id,
            season_created=created,
            tournaments=len(tournaments),
            results=sum(t.field_size for t in tournaments),
            void=_void_list(season),
        )


def import_season_csv(
    store: Store,
    actor: Actor,
    season_name: str,
    preset: str,
    csv_text: str,
    *,
    start: str | date | None = None,
    end: str | date | None = None,
    cut_size: int = REGIONAL_CUT,
) -> ImportSummary:
    """Import past results (``tournament,date,store,major,player,place,swiss_points,
    topcut_wins,dropped``), creating the season when absent. All or nothing: every wrong row is
    reported at once (:class:`SeasonImportError`) and nothing is imported, the season included.
    """
    require(actor, ORGANIZER)
    ruleset, _ = season_rules(preset)
    clean = clean_name("season", season_name)
    with store.read() as session:
        existing = _find_season(session, clean)
        if existing is not None:
            if existing.preset != preset:
                raise Conflict(
                    "preset",
                    f"season '{existing.name}' follows '{existing.preset}', not '{preset}'",
                    existing.preset,
                )
            dates = SeasonDates(existing.starts_on, existing.ends_on)
            for field, given, stored in (("start", start, dates.start), ("end", end, dates.end)):
                if given is not None and _day(field, given) != stored:
                    raise Conflict(
                        field,
                        f"season '{existing.name}' runs {dates.text()}",
                        f"{stored.isoformat()} or leave it out",
                    )
        else:
            dates = _season_dates(preset, start, end)
    imported = parse_season_csv(csv_text, season=dates, ruleset=ruleset)
    tournaments = [
        TournamentInput(
            name=t.name,
            held_on=t.date,
            store=t.store,
            is_major=t.is_major,
            top_size=t.top_size or None,
            results=tuple(
                ResultInput(
                    player=r.player,
                    place=r.place,
                    swiss_points=r.swiss_points,
                    topcut_wins=r.topcut_wins,
                    dropped=r.dropped,
                )
                for r in t.rows
            ),
        )
        for t in imported.tournaments
    ]
    return add_tournaments(
        store,
        actor,
        clean,
        tournaments,
        preset=preset,
        start=dates.start,
        end=dates.end,
        cut_size=cut_size,
    )


def add_finished_event_to_season(
    store: Store, actor: Actor, season_name: str, event_id: int, *, store_name: str | None = None
) -> ImportSummary:
    """A finished Torneo event enters the season; adding it again refreshes its results.

    Placements come from :func:`engines.final_order` (Top X first, then the Swiss order), Swiss
    points from the Swiss standings, Top X wins from the bracket (the 3rd/4th-place match apart,
    INV-PTS-1). The tournament's store is ``store_name``, else the event's location.
    """
    require(actor, ORGANIZER)
    with store.read() as session:
        event = get_event(session, event_id)
        if event.status != EventStatus.FINISHED.value:
            raise Conflict(
                "event_id",
                f"event {event_id} is {event.status}, not finished",
                "close the event first",
            )
        ruleset, _ = season_rules(event.preset)
        t = tournament_of(event, ruleset)
        seeds = event.settings.get("top_seeds")
        order, top_wins = engines.final_order(t, ruleset, event.seed, seeds)
        swiss = {
            row.player_id: row.points for row in engines.current_standings(t, ruleset, event.seed)
        }
        third_winner = next(
            (
                (m.player_a if m.score.wins_a > m.score.wins_b else m.player_b)
                for m in t.matches
                if m.stage is Stage.THIRD_PLACE and m.score is not None
            ),
            None,
        )
        by_id = {e.id: e for e in t.entrants}
        results = tuple(
            ResultInput(
                player=by_id[pid].name,
                place=place,
                swiss_points=swiss.get(pid, 0),
                topcut_wins=top_wins.get(pid, 0),
                dropped=not by_id[pid].is_active,
                # INV-MAJOR-6: a late entry missed rounds its placement allowed.
                played_every_round=by_id[pid].is_active and by_id[pid].joined_round == 1,
                third_place_win=pid == third_winner,
                club=by_id[pid].club,
            )
            for place, pid in enumerate(order, start=1)
        )
        facts = TournamentInput(
            name=event.name,
            held_on=event.held_on,
            store=(store_name or event.location or event.name).strip(),
            is_major=event.is_major,
            results=results,
            top_size=event.top_size,
            event_id=event.id,
        )
        preset = event.preset
    with store.read() as session:
        season = _get_season(session, season_name)
        if season.preset != preset:
            raise Conflict(
                "season",
                f"season '{season.name}' follows '{season.preset}'; event {event_id} is '{preset}'",
                f"an event played under {season.preset}",
            )
        facts = replace(facts, name=_tournament_name(season, facts))
    return add_tournaments(store, actor, season_name, [facts])


def _tournament_name(season: Season, facts: TournamentInput) -> str:
    """The event's name, unless another tournament of the season has it: then with its date
    ("Torneo del giovedì (2012-03-10)"), and with the event id if that is taken too."""
    taken = {t.name.casefold(): t.event_id for t in season.tournaments}
    for name in (
        facts.name,
        f"{facts.name} ({facts.held_on.isoformat()})",
        f"{facts.name} ({facts.held_on.isoformat()}, #{facts.event_id})",
    ):
        owner = taken.get(name.casefold(), facts.event_id)
        if owner == facts.event_id:
            return name
    return f"{facts.name} #{facts.event_id}"


def recompute_season(store: Store, actor: Actor, season_name: str) -> ImportSummary:
    """Sanction and score every tournament again from its stored facts (same facts, same table)."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        season = _get_season(uow.session, season_name, for_update=True)
        _, rules = season_rules(season.preset)
        _sanction(season, rules)
        uow.audit("season.recompute", "season", season.id, after={"season": season.name})
        return ImportSummary(
            season.id,
            False,
            len(season.tournaments),
            sum(len(t.results) for t in season.tournaments),
            _void_list(season),
        )


def season_info(store: Store, name: str) -> SeasonInfo:
    with store.read() as session:
        s = _get_season(session, name)
        return SeasonInfo(
            s.id,
            s.name,
            s.preset,
            s.starts_on,
            s.ends_on,
            s.cut_size,
            len(s.tournaments),
            _void_list(s),
        )


def list_seasons(store: Store) -> list[SeasonInfo]:
    with store.read() as session:
        names = session.scalars(select(Season.name).order_by(Season.starts_on, Season.id)).all()
    return [season_info(store, n) for n in names]


def _table(session: Session, season: Season) -> tuple[SeasonTable, dict[int, Player]]:
    table = SeasonTable(cut=season.cut_size)
    for t in season.tournaments:
        table.put(_outcome_of(t))
    ids = {r.player_id for t in season.tournaments for r in t.results}
    players = {p.id: p for p in session.scalars(select(Player).where(Player.id.in_(ids)))}
    return table, players


def season_standings(store: Store, name: str) -> list[SeasonStanding]:
    """The season table: INV-RANK-1 order, dense ranks (INV-RANK-2), the cut (INV-RANK-3)."""
    with store.read() as session:
        season = _get_season(session, name)
        table, players = _table(session, season)
        return [
            standing_of(row, players[int(row.player_id)].name, players[int(row.player_id)].club)
            for row in table.rows()
        ]


def player_history(store: Store, name: str, player_id: int) -> list[HistoryEntry]:
    """One player's tournaments of the season by date, with the running total (the chart)."""
    with store.read() as session:
        season = _get_season(session, name)
        table, _ = _table(session, season)
        return table.history(PlayerId(player_id))


__all__ = [
    "PRESET_SEASON_DATES",
    "ImportSummary",
    "ResultInput",
    "SeasonImportError",
    "SeasonInfo",
    "SeasonStanding",
    "TournamentInput",
    "add_finished_event_to_season",
    "add_tournaments",
    "create_season",
    "default_season_dates",
    "import_season_csv",
    "list_seasons",
    "player_history",
    "recompute_season",
    "season_info",
    "season_standings",
]
