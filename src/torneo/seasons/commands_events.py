"""A finished card event enters a season (issue 5): its final placements become season results.

Placements come from :func:`torneo.cards.progress.final_placings`, the function the event's
own results page reads (Top X first, then the Swiss order; Swiss points from the Swiss
standings, Top X wins from the bracket, the 3rd/4th-place match apart, INV-PTS-1; INV-MAJOR-6
drops; the disqualified out of the placings, counted in the field); then the tournament goes through :func:`~torneo.seasons.commands.
add_tournaments` like an imported one (sanctioned, scored, all or nothing).

Decisions where the rules are silent:
- Adding a finished event a second time replaces its results: that is how a result corrected in
  the event reaches the season.
- The tournament keeps the event's name unless another tournament of the season has it; then
  the date (and the event id) tell them apart.
"""

from __future__ import annotations

from dataclasses import replace

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.state import get_event, tournament_of
from torneo.core.errors import Conflict
from torneo.core.messages import N_, Term
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.seasons.commands import (
    ImportSummary,
    add_tournaments,
    get_season,
    season_key,
    season_rules,
)
from torneo.seasons.commands_tournaments import ResultInput, TournamentInput
from torneo.seasons.tables import Season


def add_finished_event_to_season(
    store: Store,
    actor: Actor,
    season_name: str | int,
    event_id: int,
    *,
    store_name: str | None = None,
    club: int | None = None,
) -> ImportSummary:
    """A finished Torneo event enters the season; adding it again refreshes its results.

    Placements come from :func:`engines.final_placings` (see the module). The tournament's store is ``store_name``, else the event's location.
    """
    precheck(actor, Action.MANAGE)
    season_name, club = season_key(store, season_name, club)  # an id: its own club (issue 27)
    # add_tournaments authorizes: the season's club runs it (issue 12).
    with store.read() as session:
        event = get_event(session, event_id)
        if event.status != EventStatus.FINISHED.value:
            raise Conflict(
                "event_id",
                N_("event %(event)s is %(status)s, not finished"),
                N_("close the event first"),
                params={"event": event_id, "status": Term(event.status)},
            )
        ruleset, _ = season_rules(event.preset)
        t = tournament_of(event, ruleset)
        seeds = event.settings.get("top_seeds")
        # The placings the event's own results page shows (one code path, issue 13): INV-MAJOR-6
        # drops only before the last round a placement allowed; the disqualified are out.
        placings = engines.final_placings(t, ruleset, event.seed, seeds)
        by_id = {e.id: e for e in t.entrants}
        results = tuple(
            ResultInput(
                player=by_id[p.player_id].name,
                place=p.place,
                swiss_points=p.swiss_points,
                topcut_wins=p.topcut_wins,
                dropped=p.dropped,
                played_every_round=p.played_every_round,
                third_place_win=p.third_place_win,
                club=by_id[p.player_id].club,
            )
            for p in placings.placements
        )
        facts = TournamentInput(
            name=event.name,
            held_on=event.held_on,
            store=(store_name or event.location or event.name).strip(),
            is_major=event.is_major,
            results=results,
            top_size=event.top_size,
            event_id=event.id,
            players=placings.field_size,
        )
        preset = event.preset
    with store.read() as session:
        season = get_season(session, season_name, actor=actor, club=club)  # per club (issue 27)
        if season.preset != preset:
            raise Conflict(
                "season",
                N_("season '%(season)s' follows '%(preset)s'; event %(event)s is '%(other)s'"),
                N_("an event played under %(preset)s"),
                params={
                    "season": season.name,
                    "preset": season.preset,
                    "event": event_id,
                    "other": preset,
                },
            )
        facts = replace(facts, name=_tournament_name(season, facts))
    return add_tournaments(store, actor, season_name, [facts], club=club)


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


__all__ = ["add_finished_event_to_season"]
