"""Use cases of a RisiKo! tournament (issue 7, docs/rules.md §3): creating, players, draws, closing.

One transaction each: load the tournament's rows, rebuild the pure domain
(:mod:`torneo.risiko.state`), call it, save, write an audit row and a live notice on
``risiko:<id>``. A refused action raises a :class:`TorneoError` naming the field; nothing changes.

The settings and the regulation are changed in :mod:`torneo.risiko.commands_settings`, a draw is
taken back or swapped by hand in :mod:`torneo.risiko.commands_swaps`, table results are entered
in :mod:`torneo.risiko.commands_results`, the referee console in
:mod:`torneo.risiko.console.commands`; which round comes next is :mod:`torneo.risiko.structure`;
the read models are in :mod:`torneo.risiko.views`.

Roles: the organizer sets the tournament up, registers, draws, swaps and closes; results and the
console may also be used by a judge (the referee).

Decisions where the rules are silent:
- The rules (formula, Open factors, discards, table-size policy, draw priorities, the structure)
  can be changed until the first draw; after it they are fixed, since every standing depends on
  them. The name, place, date, season and class stay editable.
- RSK-REG-1: the first draw needs a published regulation (the tournament must have published its
  four parts before anybody sits down).
- A round can be drawn only when every table of the round before has its result
  (:mod:`torneo.risiko.structure`).
- Players may join until the semifinals are drawn (a late entry is seated from the next draw);
  a player who leaves is not drawn again and keeps the games already played.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from typing import Any

from pydantic import ValidationError
from sqlalchemy.orm.attributes import flag_modified

from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.inputs import PlayerInput, clean_name, parse_date
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform import players as identities
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import check_priorities
from torneo.risiko.rules.draw import DrawMethod
from torneo.risiko.state import (
    FINISHED,
    REGISTRATION,
    RUNNING,
    Stage,
    check_version,
    get_tournament,
    next_version,
    preset_rules,
    rules_of,
)
from torneo.risiko.state_access import KIND, authorize_tournament
from torneo.risiko.structure import (
    FINISHED_REASON,
    make_draw,
    next_draw,
    parse_method,
    structure_warning,
    title_undecided,
    unfinished_round,
)
from torneo.risiko.tables import RisikoEntrant, RisikoRound, RisikoTournament

DEFAULT_PRESET = "risiko-rtu-2016"
OPEN_FACTORS = {5: Fraction(5, 4), 3: Fraction(3, 4)}  # RSK-PTS-2 Open variant
MAX_TEXT = 20_000


def topic(tournament_id: int) -> str:
    """The live-notice topic of a tournament (its pages poll or subscribe to it)."""
    return f"risiko:{tournament_id}"


def touch(row: RisikoTournament) -> None:
    """Every change inside the tournament bumps its version, so a stale page is detected."""
    flag_modified(row, "rules")


def audit(uow: UnitOfWork, row: RisikoTournament, action: str, **after: Any) -> None:
    uow.audit(f"risiko.{action}", "risiko_tournament", row.id, after=after or None)


def not_finished(row: RisikoTournament) -> None:
    if row.status == FINISHED:
        raise Conflict("status", FINISHED_REASON, N_("a tournament still running"))


def too_long(field: str, length: int, limit: int) -> TorneoError:
    """A text over its limit, naming its length (the same words as the shared inputs)."""
    return TorneoError(
        field,
        N_("is %(n)s characters long"),
        N_("at most %(most)s characters"),
        params={"n": length, "most": limit},
    )


# --- creating ---------------------------------------------------------------------------------


def clean_optional(field: str, text: str | None, limit: int = 200) -> str | None:
    value = " ".join((text or "").split())
    if len(value) > limit:
        raise too_long(field, len(value), limit)
    return value or None


_RULE_FIELDS = {
    "formula": ("scoring", "formula"),
    "sole_winner": ("scoring", "sole_winner"),
    "discard_worst": ("scoring", "discard_worst"),
    "table_policy": (None, "table_policy"),
    "draw_priorities": (None, "draw_priorities"),
    "qualifying_games": (None, "qualifying_games"),
    "semifinal_tables": (None, "semifinal_tables"),
    "final_table_size": (None, "final_table_size"),
    "shared_titles": (None, "shared_titles"),
    "game_minutes": (None, "game_minutes"),
}


def _changed_data(rules: RisikoRules, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The preset's rules as JSON with the organizer's changes written in (not yet validated)."""
    data = rules.model_dump(mode="json")
    for key, value in changes.items():
        if value is None:
            continue
        if key == "open_variant":  # RSK-PTS-2: the Open variant is a pair of table-size factors
            factors = {str(k): str(v) for k, v in OPEN_FACTORS.items()} if value else {}
            data["scoring"]["table_size_factors"] = factors
            continue
        if key == "draw_priorities":
            value = [c.value for c in check_priorities(list(value))]
        if key not in _RULE_FIELDS:
            raise TorneoError(
                key, N_("is not a setting of a RisiKo! tournament"), ", ".join(_RULE_FIELDS)
            )
        section, name = _RULE_FIELDS[key]
        (data[section] if section else data)[name] = value
    return data


def apply_rule_changes(rules: RisikoRules, changes: Mapping[str, Any]) -> RisikoRules:
    """The organizer's choices over the preset's rules, validated; a bad one names its field."""
    data = _changed_data(rules, changes)
    try:
        rules = RisikoRules.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first.get("loc", ())]
        name = loc[-1] if loc and not loc[-1].isdigit() else ".".join(loc) or "rules"
        if loc and loc[0] == "scoring" and len(loc) > 1:
            name = loc[1]
        # Pydantic's own words (English, as the API's validation problems say them).
        raise TorneoError(
            name, str(first.get("msg", "invalid")), N_("see the preset's settings")
        ) from None
    if rules.semifinal_tables > rules.final_table_size:
        raise TorneoError(
            "semifinal_tables",
            N_("%(n)s semifinal winners cannot sit at a final table of %(size)s"),
            N_("0 to %(size)s semifinal tables"),
            params={"n": rules.semifinal_tables, "size": rules.final_table_size},
        )
    return rules


def check_kind(rules: RisikoRules, kind: str) -> str:
    """The tournament's class must have a season factor (club, regional, national…)."""
    value = (kind or "").strip()
    if value not in rules.season.class_factors:
        raise TorneoError(
            "kind",
            N_("'%(kind)s' is not a tournament class of the season"),
            ", ".join(rules.season.class_factors),
            params={"kind": kind},
        )
    return value


def create_tournament(
    store: Store,
    actor: Actor,
    *,
    name: str,
    held_on: str | date,
    preset: str = DEFAULT_PRESET,
    location: str | None = None,
    season: str | None = None,
    kind: str = "club",
    seed: int | None = None,
    club: int | str | None = None,
    **rule_changes: Any,
) -> int:
    precheck(actor, Action.MANAGE)
    """A tournament in registration, with the preset's rules and the organizer's changes,
    owned by ``club`` (an id or name; left out, the one club the actor runs)."""
    clean = clean_name("name", name)
    when = parse_date("held_on", held_on)
    rules = apply_rule_changes(preset_rules(preset), rule_changes)
    class_ = check_kind(rules, kind)
    with store.unit(actor) as uow:
        row = RisikoTournament(
            club_id=owning_club(uow.session, actor, club, KIND),
            name=clean,
            preset=preset,
            held_on=when,
            location=clean_optional("location", location),
            season=clean_optional("season", season, 40),
            kind=class_,
            status=REGISTRATION,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            draws=0,
            rules=rules.model_dump(mode="json"),
            regulation={},
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        audit(uow, row, "create", name=clean, preset=preset, formula=rules.scoring.formula)
        return row.id


# --- players ----------------------------------------------------------------------------------


def _new_player(uow: UnitOfWork, data: PlayerInput, club_id: int) -> Player:
    player = Player(name=data.name, club=data.club, created_at=uow.now, club_id=club_id)
    uow.session.add(player)
    uow.session.flush()
    return player


def registration_open(row: RisikoTournament) -> None:
    not_finished(row)
    if any(r.stage != Stage.QUALIFYING for r in row.rounds):
        raise Conflict(
            "status",
            N_("the semifinals have been drawn: no more entries"),
            N_("a tournament in qualifying"),
        )


def _register(
    uow: UnitOfWork, row: RisikoTournament, data: PlayerInput, choice: identities.Choice
) -> RisikoEntrant:
    """An entrant; ``choice`` is a single registration's answer to "who is it?" (issue 12,
    :mod:`torneo.platform.players`). A pasted roster takes known names as those players
    (:func:`torneo.risiko.commands_roster.register_roster`)."""
    match = identities.known_by_name(uow.session, data.name)
    entered = {e.player_id for e in row.entrants}
    same = identities.chosen(uow.session, match, choice, entered)
    player = same or _new_player(uow, data, row.club_id)
    if any(e.player_id == player.id for e in row.entrants):
        raise Conflict(
            "name",
            N_("%(name)s is already registered"),
            N_("a player not yet registered"),
            params={"name": player.name},
        )
    entrant = RisikoEntrant(tournament_id=row.id, player_id=player.id, created_at=uow.now)
    row.entrants.append(entrant)
    uow.session.flush()
    audit(uow, row, "register", player_id=player.id, name=player.name, club=player.club)
    return entrant


def register_player(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    name: str,
    club: str | None = None,
    version: int | None = None,
    player: int | str | None = None,
) -> int:
    """One entrant; ``player`` says who it is: a known player's id or "new" (issue 12)."""
    precheck(actor, Action.MANAGE)
    data = PlayerInput(clean_name("name", name), clean_optional("club", club, 120))
    choice = identities.identity(player)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        registration_open(row)
        entrant = _register(uow, row, data, choice)
        touch(row)
        uow.notify(topic(row.id), "players")
        return entrant.player_id


def withdraw_player(
    store: Store,
    actor: Actor,
    tournament_id: int,
    player_id: int,
    *,
    reason: str | None = None,
    version: int | None = None,
) -> None:
    """The player leaves the tournament: not drawn again; before any draw, unregistered."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        entrant = next((e for e in row.entrants if e.player_id == player_id), None)
        if entrant is None:
            raise NotFound(
                "player_id",
                N_("player %(player)s is not registered"),
                N_("a registered player"),
                params={"player": player_id},
            )
        if entrant.left_after_round is not None:
            raise Conflict(
                "player_id",
                N_("%(name)s has already left"),
                N_("a player still playing"),
                params={"name": entrant.player.name},
            )
        played = max((r.number for r in row.rounds), default=0)
        if played == 0:
            row.entrants.remove(entrant)
        else:
            entrant.left_after_round = played
            entrant.reason = clean_optional("reason", reason, 500)
        touch(row)
        uow.notify(topic(row.id), "players")
        audit(uow, row, "withdraw", player_id=player_id, after_round=played, reason=reason)


# --- the draws (RSK-TBL-2) --------------------------------------------------------------------


def draw_round(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    method: str | DrawMethod | None = None,
    version: int | None = None,
) -> int:
    """RSK-TBL-2: draw the next round of the structure with a new recorded seed."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        rules = rules_of(row)
        plan = next_draw(row, rules)
        if isinstance(plan, Refusal):
            raise plan.raise_as(Conflict)
        chosen = parse_method(method, plan)
        if row.regulation_published_at is None:
            raise Conflict(
                "regulation",
                N_("the regulation has not been published"),
                N_("publish the regulation's four parts before the first draw"),
                rule="RSK-REG-1",
            )
        warning = structure_warning(row, rules) if plan.stage == Stage.QUALIFYING else None
        seed = random.Random(f"{row.seed}:{row.draws}").randrange(2**31)
        draw = make_draw(row, rules, plan, chosen, seed)
        row.draws += 1
        row.rounds.append(
            RisikoRound(
                tournament_id=row.id,
                number=plan.round_no,
                stage=plan.stage,
                method=chosen.value,
                seed=seed,
                priorities=list(rules.draw_priorities),
                tables=[[int(p) for p in t.seats] for t in draw.tables],
                swaps=[],
                drawn_at=uow.now,
                changed_in=next_version(row),  # issue 26 item 1: its tables are new
            )
        )
        row.status = RUNNING
        touch(row)
        uow.notify(topic(row.id), "round", round=plan.round_no)
        audit(
            uow,
            row,
            "draw",
            round=plan.round_no,
            stage=plan.stage,
            method=chosen.value,
            seed=seed,
            tables=len(draw.tables),
            repeat_opponents=draw.criteria.repeat_opponents,
            same_club=draw.criteria.same_club,
            # RSK-TBL-2: the structure cannot reach its final table with this field (a warning)
            structure_warning=warning.text if warning is not None else None,
        )
        return plan.round_no


# --- closing ----------------------------------------------------------------------------------


def close_tournament(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    """Close once every drawn table has its result; the final ranking is then fixed."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        if not row.rounds:
            raise Conflict("status", N_("no round has been played"), N_("play at least one round"))
        waiting = unfinished_round(row, row.rounds[-1])
        if waiting is not None:
            raise waiting.raise_as(Conflict)
        undecided = title_undecided(row, rules_of(row))  # RSK-TIE-1: one champion
        if undecided is not None:
            raise undecided.raise_as(Conflict)
        row.status = FINISHED
        row.finished_at = uow.now
        touch(row)
        uow.notify(topic(row.id), "status", status=FINISHED)
        audit(uow, row, "close", rounds=len(row.rounds))


__all__ = [
    "DEFAULT_PRESET",
    "close_tournament",
    "create_tournament",
    "draw_round",
    "register_player",
    "withdraw_player",
]
