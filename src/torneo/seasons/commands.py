"""Use cases of a season (issue 5): create it, import past results, put tournaments in it.

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

A finished event enters through :mod:`torneo.seasons.commands_events`, the stored tournaments
are scored and sanctioned by :mod:`torneo.seasons.commands_scoring`, and the CLI reads the table
from :mod:`torneo.seasons.views_standings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy.orm import Session, selectinload

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import clean_name
from torneo.core.messages import N_, Message
from torneo.core.policy import Action
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.calendar.state import UNCHECKED_RULES
from torneo.seasons.commands_scoring import sanction, void_list
from torneo.seasons.commands_tournaments import (
    ResultInput,
    TournamentInput,
    check_facts,
    players_by_name,
    put_tournament,
)
from torneo.seasons.rules.dates import SeasonDates, parse_day
from torneo.seasons.rules.import_csv import parse_season_csv
from torneo.seasons.rules.settings import REGIONAL_CUT
from torneo.seasons.state_access import SEASON, authorize_season
from torneo.seasons.state_named import season_named
from torneo.seasons.tables import Season, SeasonTournament

# INV-SEASON-1 (docs/rules.md): "18 settembre 2011 – 31 giugno 2012"; 31 June does not exist and the
# Resolution reads 2012-06-30. The preset model has no season dates yet, so they live here, by
# preset id; a season of another year passes its own dates.
PRESET_SEASON_DATES: dict[str, tuple[str, str]] = {
    "invasion-it-2012": ("2011-09-18", "2012-06-30"),
}


@dataclass(frozen=True, slots=True)
class ImportSummary:
    season_id: int
    season_created: bool
    tournaments: int
    results: int
    void: tuple[tuple[str, tuple[str, ...]], ...]  # (tournament, breaches) of the void ones
    # Imported tournaments with no announcement on the calendar: INV-LEGAL-1/3/4/5 (announced 14
    # days ahead, a judge named, the venue, the prizes) were not checked for them.
    unchecked: tuple[str, ...] = ()


# What the import's report says of its tournaments without an announcement (CLI, API, pages).
UNCHECKED_NOTE = N_(
    "not checked (%(rules)s: imported without an announcement on the calendar): %(tournaments)s"
)


def unchecked_note(summary: ImportSummary) -> Message | None:
    """INV-LEGAL-1/3/4/5 could not be checked for these imported tournaments (no announcement)."""
    if not summary.unchecked:
        return None
    return Message(
        UNCHECKED_NOTE,
        {"rules": ", ".join(UNCHECKED_RULES), "tournaments": ", ".join(summary.unchecked)},
    )


# -- helpers -------------------------------------------------------------------------------


def season_rules(preset: str) -> tuple[Ruleset, SeasonPointsRules]:
    ruleset = load_preset(preset)
    if ruleset.season is None:
        raise TorneoError(
            "preset",
            N_("'%(preset)s' has no season points"),
            N_("a preset with a [season] section, such as invasion-it-2012"),
            params={"preset": preset},
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
            N_("preset '%(preset)s' has no default season dates"),
            N_("--start and --end as YYYY-MM-DD"),
            params={"preset": preset},
        )
    first = _day("start", start) if start is not None else defaults[0]  # type: ignore[index]
    last = _day("end", end) if end is not None else defaults[1]  # type: ignore[index]
    return SeasonDates(first, last)  # INV-SEASON-1: an end before the start is refused


def _day(field: str, value: str | date) -> date:
    return value if isinstance(value, date) else parse_day(field, value)


def _find_season(
    session: Session,
    name: str,
    *,
    for_update: bool = False,
    actor: Actor | None = None,
    club: int | None = None,
) -> Season | None:
    """The season ``name`` (issue 27: of ``club``, or the actor's when clubs share the name)."""
    return season_named(
        session,
        name,
        club=club,
        actor=actor,
        for_update=for_update,
        options=(selectinload(Season.tournaments).selectinload(SeasonTournament.results),),
    )


def get_season(
    session: Session,
    name: str | int,
    *,
    for_update: bool = False,
    actor: Actor | None = None,
    club: int | None = None,
) -> Season:
    """The season of that name (of ``club``, issue 27) or, given an int, of that id."""
    if isinstance(name, int):
        found = session.get(Season, name, with_for_update=for_update)
        if found is None:
            raise NotFound(
                "season",
                N_("no season %(id)s"),
                N_("the id of an existing season"),
                params={"id": name},
            )
        return found
    season = _find_season(session, name, for_update=for_update, actor=actor, club=club)
    if season is None:
        raise NotFound(
            "season",
            N_("no season named '%(name)s'"),
            N_("the name of an existing season"),
            params={"name": name},
        )
    return season


def season_key(store: Store, ref: str | int, club: Any = None) -> tuple[str, Any]:
    """(name, club) of a season given by id (pages, API) or by name (issue 27: names are per
    club, so the pages and the API name a season by its id, and its own club goes with it)."""
    if isinstance(ref, str):
        return ref, club
    with store.read() as session:
        season = get_season(session, ref)
        return season.name, season.club_id


def _new_season(
    uow: UnitOfWork,
    name: str,
    preset: str,
    dates: SeasonDates,
    cut_size: int,
    club: int | str | None,
) -> Season:
    if cut_size < 0:
        raise TorneoError(
            "cut_size",
            N_("%(n)s places"),
            N_("0 or more places (INV-RANK-3)"),
            params={"n": cut_size},
        )
    season = Season(
        club_id=owning_club(uow.session, uow.actor, club, SEASON),
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


def _other_preset(season: Season, preset: str) -> Conflict:
    return Conflict(
        "preset",
        N_("season '%(season)s' follows '%(preset)s', not '%(other)s'"),
        "%(preset)s",
        params={"season": season.name, "preset": season.preset, "other": preset},
    )


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
    club: int | str | None = None,
) -> int:
    precheck(actor, Action.MANAGE)
    """A new season of ``preset`` (INV-SEASON-1 dates; default: the preset's own season), owned
    by ``club`` (an id or name; left out, the one club the actor runs)."""
    clean = clean_name("season", name)
    season_rules(preset)
    dates = _season_dates(preset, start, end)
    with store.unit(actor) as uow:
        owner = owning_club(uow.session, actor, club, SEASON)
        if _find_season(uow.session, clean, club=owner) is not None:  # per club (issue 27)
            raise Conflict(
                "season",
                N_("a season named '%(name)s' exists"),
                N_("another name"),
                params={"name": clean},
            )
        return _new_season(uow, clean, preset, dates, cut_size, club).id


def add_tournaments(
    store: Store,
    actor: Actor,
    season_name: str | int,
    tournaments: Sequence[TournamentInput],
    *,
    preset: str | None = None,
    start: str | date | None = None,
    end: str | date | None = None,
    cut_size: int = REGIONAL_CUT,
    club: int | str | None = None,
) -> ImportSummary:
    """Put tournaments in a season (created, owned by ``club``, when ``preset`` is given and it
    is absent).

    All or nothing: every problem is listed in one error and nothing is saved.
    """
    precheck(actor, Action.MANAGE)
    season_name, club = season_key(store, season_name, club)
    clean = clean_name("season", season_name)
    with store.unit(actor) as uow:
        owner = owning_club(uow.session, actor, club, SEASON) if club is not None else None
        season = _find_season(uow.session, clean, for_update=True, actor=actor, club=owner)
        created = season is None
        if season is None:
            if preset is None:
                raise NotFound(
                    "season",
                    N_("no season named '%(name)s'"),
                    N_("an existing season"),
                    params={"name": clean},
                )
            season_rules(preset)
            dates = _season_dates(preset, start, end)
            season = _new_season(uow, clean, preset, dates, cut_size, club)
        elif preset is not None and preset != season.preset:
            raise _other_preset(season, preset)
        authorize_season(actor, season)
        _, rules = season_rules(season.preset)
        problems = check_facts(season, tournaments)
        if problems:
            raise TorneoError(
                "tournaments",
                N_("%(n)s problem(s), nothing imported: %(problems)s"),
                N_("tournaments inside the season, each once, places 1..players"),
                params={"n": len(problems), "problems": problems},
            )
        known = players_by_name(uow.session, [r.player for t in tournaments for r in t.results])
        for t in tournaments:
            put_tournament(uow, season, t, known, refresh=t.event_id is not None)
        given = {t.name.casefold() for t in tournaments}
        unchecked = sanction(uow.session, season, rules, touched=given)
        return ImportSummary(
            season_id=season.id,
            season_created=created,
            tournaments=len(tournaments),
            results=sum(len(t.results) for t in tournaments),
            void=void_list(season),
            unchecked=tuple(n for n in unchecked if n.casefold() in given),
        )


def import_season_csv(
    store: Store,
    actor: Actor,
    season_name: str | int,
    preset: str,
    csv_text: str,
    *,
    start: str | date | None = None,
    end: str | date | None = None,
    cut_size: int = REGIONAL_CUT,
    club: int | str | None = None,
) -> ImportSummary:
    """Import past results (``tournament,date,store,major,player,place,swiss_points,
    topcut_wins,dropped``), creating the season when absent. All or nothing: every wrong row is
    reported at once (:class:`SeasonImportError`) and nothing is imported, the season included.
    """
    precheck(actor, Action.MANAGE)
    ruleset, _ = season_rules(preset)
    season_name, club = season_key(store, season_name, club)
    clean = clean_name("season", season_name)
    with store.read() as session:
        owner = owning_club(session, actor, club, SEASON) if club is not None else None
        existing = _find_season(session, clean, actor=actor, club=owner)
        if existing is not None:
            authorize_season(actor, existing)  # before the file is read: 403 says it first
            if existing.preset != preset:
                raise _other_preset(existing, preset)
            dates = SeasonDates(existing.starts_on, existing.ends_on)
            for field, given, stored in (("start", start, dates.start), ("end", end, dates.end)):
                if given is not None and _day(field, given) != stored:
                    raise Conflict(
                        field,
                        N_("season '%(season)s' runs %(dates)s"),
                        N_("%(day)s or leave it out"),
                        params={
                            "season": existing.name,
                            "dates": dates.text(),
                            "day": stored.isoformat(),
                        },
                    )
        else:
            owning_club(session, actor, club, SEASON)  # issue 27: 403 before the file is read
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
        club=club,
    )


def recompute_season(
    store: Store, actor: Actor, season_name: str | int, *, club: int | None = None
) -> ImportSummary:
    """Sanction and score every tournament again from its stored facts (same facts, same table)."""
    precheck(actor, Action.MANAGE)
    season_name, club = season_key(store, season_name, club)
    with store.unit(actor) as uow:
        season = get_season(uow.session, season_name, for_update=True, actor=actor, club=club)
        authorize_season(actor, season)
        _, rules = season_rules(season.preset)
        unchecked = sanction(uow.session, season, rules)
        uow.audit("season.recompute", "season", season.id, after={"season": season.name})
        return ImportSummary(
            season.id,
            False,
            len(season.tournaments),
            sum(len(t.results) for t in season.tournaments),
            void_list(season),
            unchecked,
        )


__all__ = [
    "PRESET_SEASON_DATES",
    "ImportSummary",
    "add_tournaments",
    "create_season",
    "default_season_dates",
    "get_season",
    "import_season_csv",
    "recompute_season",
    "season_rules",
    "unchecked_note",
]
