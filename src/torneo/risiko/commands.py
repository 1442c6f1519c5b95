"""Use cases of a RisiKo! tournament (issue 7, RULES.md §3): setup, regulation, players, draws.

One transaction each: load the tournament's rows, rebuild the pure domain
(:mod:`torneo.risiko.state`), call it, save, write an audit row and a live notice on
``risiko:<id>``. A refused action raises a :class:`TorneoError` naming the field; nothing changes.

Table results are entered in :mod:`torneo.risiko.commands_results`, the referee console in
:mod:`torneo.risiko.commands_console`, the read models in :mod:`torneo.risiko.views`.

Roles: the organizer sets the tournament up, registers, draws, swaps and closes; results and the
console may also be used by a judge (the referee).

Decisions where the rules are silent:
- The rules (formula, Open factors, discards, table-size policy, draw priorities, the structure)
  can be changed until the first draw; after it they are fixed, since every standing depends on
  them. The name, place, date, season and class stay editable.
- RSK-REG-1: the first draw needs a published regulation (the tournament must have published its
  four parts before anybody sits down). A published regulation may be corrected; every version
  is on the audit log and must still have the four parts.
- The structure comes from the rules: ``qualifying_games`` qualifying rounds (the first drawn at
  random, later ones at random, "alla greca" or "alla svizzera"), then, when
  ``semifinal_tables`` > 0, semifinals by bands, then the final table (the semifinal winners, or
  the best of the qualifying ranking when there are no semifinals).
- A round can be drawn only when every table of the round before has its result. A draw can be
  undone (and drawn again, with a new recorded seed) while no table of it has a result or a
  console. A hand swap is allowed on the same terms, at the two tables it touches.
- Players may join until the semifinals are drawn (a late entry is seated from the next draw);
  a player who leaves is not drawn again and keeps the games already played.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.orm.attributes import flag_modified

from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import PlayerInput, clean_name, parse_date, parse_roster_csv
from torneo.platform.guards import require
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import DrawCriteria, check_priorities, score_seatings
from torneo.risiko.rules.draw import DrawMethod, TableDraw
from torneo.risiko.rules.greca import alla_greca
from torneo.risiko.rules.random_draw import draw_tables
from torneo.risiko.rules.random_draw import swap_players as swap_in_draw
from torneo.risiko.rules.regulation import Regulation, RegulationPart, can_publish
from torneo.risiko.rules.seeding import (
    alla_svizzera,
    final_table,
    semifinal_bands,
    semifinal_winners,
)
from torneo.risiko.rules.standings import Standing, standings
from torneo.risiko.rules.table_sizes import can_seat
from torneo.risiko.state import (
    FINISHED,
    REGISTRATION,
    RUNNING,
    Stage,
    check_version,
    draw_of,
    field_of,
    find_game,
    get_tournament,
    history_of,
    preset_rules,
    regulation_to_json,
    results_of,
    round_row,
    rules_of,
)
from torneo.risiko.tables import RisikoEntrant, RisikoRound, RisikoTournament

ORGANIZER = "organizer"
JUDGE = "judge"
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
        raise Conflict("status", "the tournament is finished", "a tournament still running")


# --- creating and settings --------------------------------------------------------------------


def _clean_optional(field: str, text: str | None, limit: int = 200) -> str | None:
    value = " ".join((text or "").split())
    if len(value) > limit:
        raise TorneoError(field, f"is {len(value)} characters long", f"at most {limit} characters")
    return value or None


def _parse_int(field: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool):
        raise TorneoError(field, f"{value!r} is not a whole number", f"{low} to {high}")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise TorneoError(field, f"'{value}' is not a whole number", f"{low} to {high}") from None
    if not low <= number <= high:
        raise TorneoError(field, f"{number} is out of range", f"{low} to {high}")
    return number


_RULE_FIELDS = {
    "formula": ("scoring", "formula"),
    "sole_winner": ("scoring", "sole_winner"),
    "discard_worst": ("scoring", "discard_worst"),
    "table_policy": (None, "table_policy"),
    "draw_priorities": (None, "draw_priorities"),
    "qualifying_games": (None, "qualifying_games"),
    "semifinal_tables": (None, "semifinal_tables"),
    "final_table_size": (None, "final_table_size"),
    "game_minutes": (None, "game_minutes"),
}


def apply_rule_changes(rules: RisikoRules, changes: Mapping[str, Any]) -> RisikoRules:
    """The organizer's choices over the preset's rules, validated; a bad one names its field."""
    data = rules.model_dump(mode="json")
    for key, value in changes.items():
        if value is None:
            continue
        if key == "open_variant":
            factors = {str(k): str(v) for k, v in OPEN_FACTORS.items()} if value else {}
            data["scoring"]["table_size_factors"] = factors
            continue
        if key == "draw_priorities":
            value = [c.value for c in check_priorities(list(value))]
        if key not in _RULE_FIELDS:
            raise TorneoError(
                key, "is not a setting of a RisiKo! tournament", ", ".join(_RULE_FIELDS)
            )
        section, name = _RULE_FIELDS[key]
        (data[section] if section else data)[name] = value
    try:
        rules = RisikoRules.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first.get("loc", ())]
        name = loc[-1] if loc and not loc[-1].isdigit() else ".".join(loc) or "rules"
        if loc and loc[0] == "scoring" and len(loc) > 1:
            name = loc[1]
        raise TorneoError(
            name, str(first.get("msg", "invalid")), "see the preset's settings"
        ) from None
    if rules.semifinal_tables > rules.final_table_size:
        raise TorneoError(
            "semifinal_tables",
            f"{rules.semifinal_tables} semifinal winners cannot sit at a final table of "
            f"{rules.final_table_size}",
            f"0 to {rules.final_table_size} semifinal tables",
        )
    return rules


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
    **rule_changes: Any,
) -> int:
    """A tournament in registration, with the preset's rules and the organizer's changes."""
    require(actor, ORGANIZER)
    clean = clean_name("name", name)
    when = parse_date("held_on", held_on)
    rules = apply_rule_changes(preset_rules(preset), rule_changes)
    class_ = _check_kind(rules, kind)
    with store.unit(actor) as uow:
        row = RisikoTournament(
            name=clean,
            preset=preset,
            held_on=when,
            location=_clean_optional("location", location),
            season=_clean_optional("season", season, 40),
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


def _check_kind(rules: RisikoRules, kind: str) -> str:
    value = (kind or "").strip()
    if value not in rules.season.class_factors:
        raise TorneoError(
            "kind",
            f"'{kind}' is not a tournament class of the season",
            ", ".join(rules.season.class_factors),
        )
    return value


def update_settings(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    version: int | None = None,
    name: str | None = None,
    held_on: str | date | None = None,
    location: str | None = None,
    season: str | None = None,
    kind: str | None = None,
    **rule_changes: Any,
) -> None:
    """Change the tournament's facts (any time) and rules (until the first draw)."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        before = {"rules": row.rules, "name": row.name}
        rules = rules_of(row)
        if any(v is not None for v in rule_changes.values()):
            new_rules = apply_rule_changes(rules, rule_changes)
            if new_rules != rules and row.rounds:
                raise Conflict(
                    "rules",
                    "the rules are fixed once the first round is drawn",
                    "change them before the first draw",
                )
            rules = new_rules
            row.rules = rules.model_dump(mode="json")
        if name is not None:
            row.name = clean_name("name", name)
        if held_on is not None:
            row.held_on = parse_date("held_on", held_on)
        if location is not None:
            row.location = _clean_optional("location", location)
        if season is not None:
            row.season = _clean_optional("season", season, 40)
        if kind is not None:
            row.kind = _check_kind(rules, kind)
        touch(row)
        uow.notify(topic(row.id), "settings")
        uow.audit(
            "risiko.settings",
            "risiko_tournament",
            row.id,
            before=before,
            after={"rules": row.rules, "name": row.name},
        )


# --- regulation (RSK-REG-1) -------------------------------------------------------------------


def _regulation_input(parts: Mapping[str, str | None]) -> Regulation:
    values: dict[str, str] = {}
    for part in RegulationPart:
        text = (parts.get(part.value) or "").replace("\r\n", "\n").strip()
        if len(text) > MAX_TEXT:
            raise TorneoError(
                f"regulation.{part.value}",
                f"is {len(text)} characters long",
                f"at most {MAX_TEXT} characters",
            )
        values[part.value] = text
    return Regulation(**values)


def save_regulation(
    store: Store,
    actor: Actor,
    tournament_id: int,
    parts: Mapping[str, str | None],
    *,
    publish: bool = False,
    version: int | None = None,
) -> bool:
    """Save the regulation's four parts; publish it (RSK-REG-1: refused if a part is missing).

    Once published, every saved change is published too and must keep the four parts.
    Returns whether the regulation is published.
    """
    require(actor, ORGANIZER)
    regulation = _regulation_input(parts)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        publishing = publish or row.regulation_published_at is not None
        if publishing:
            refusal = can_publish(regulation)
            if refusal is not None:
                raise refusal.raise_as()
        before = row.regulation
        row.regulation = regulation_to_json(regulation)
        if publishing:
            row.regulation_published_at = uow.now
        touch(row)
        uow.notify(topic(row.id), "regulation")
        uow.audit(
            "risiko.regulation.publish" if publishing else "risiko.regulation.save",
            "risiko_tournament",
            row.id,
            before=before or None,
            after=row.regulation,
        )
        return publishing


# --- players ----------------------------------------------------------------------------------


def _find_or_create_player(uow: UnitOfWork, data: PlayerInput) -> Player:
    player = uow.session.scalars(
        select(Player).where(func.lower(Player.name) == data.name.lower()).order_by(Player.id)
    ).first()
    if player is None:
        player = Player(name=data.name, club=data.club, created_at=uow.now)
        uow.session.add(player)
        uow.session.flush()
    elif data.club and data.club != player.club:
        player.club = data.club  # the club the player plays for now (RSK-TBL-2 same club)
    return player


def _registration_open(row: RisikoTournament) -> None:
    not_finished(row)
    if any(r.stage != Stage.QUALIFYING for r in row.rounds):
        raise Conflict(
            "status",
            "the semifinals have been drawn: no more entries",
            "a tournament in qualifying",
        )


def _register(uow: UnitOfWork, row: RisikoTournament, data: PlayerInput) -> RisikoEntrant:
    player = _find_or_create_player(uow, data)
    if any(e.player_id == player.id for e in row.entrants):
        raise Conflict(
            "name", f"{player.name} is already registered", "a player not yet registered"
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
) -> int:
    require(actor, ORGANIZER)
    data = PlayerInput(clean_name("name", name), _clean_optional("club", club, 120))
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _registration_open(row)
        entrant = _register(uow, row, data)
        touch(row)
        uow.notify(topic(row.id), "players")
        return entrant.player_id


def register_roster(store: Store, actor: Actor, tournament_id: int, text: str) -> list[int]:
    """A pasted list, one ``name[,club]`` a line: everyone or no one."""
    require(actor, ORGANIZER)
    players = parse_roster_csv(text)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        _registration_open(row)
        ids = []
        for data in players:
            try:
                ids.append(_register(uow, row, data).player_id)
            except TorneoError as err:
                raise TorneoError("roster", f"{data.name}: {err.reason}", err.accepted) from err
        touch(row)
        uow.notify(topic(row.id), "players")
        return ids


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
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        entrant = next((e for e in row.entrants if e.player_id == player_id), None)
        if entrant is None:
            raise NotFound(
                "player_id", f"player {player_id} is not registered", "a registered player"
            )
        if entrant.left_after_round is not None:
            raise Conflict(
                "player_id", f"{entrant.player.name} has already left", "a player still playing"
            )
        played = max((r.number for r in row.rounds), default=0)
        if played == 0:
            row.entrants.remove(entrant)
        else:
            entrant.left_after_round = played
            entrant.reason = _clean_optional("reason", reason, 500)
        touch(row)
        uow.notify(topic(row.id), "players")
        audit(uow, row, "withdraw", player_id=player_id, after_round=played, reason=reason)


# --- the structure and the draws (RSK-TBL-2) --------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextDraw:
    """What the next draw is: its round, stage and the methods allowed (the first is default)."""

    round_no: int
    stage: str
    methods: tuple[DrawMethod, ...]


def _missing_results(row: RisikoTournament, rnd: RisikoRound) -> list[int]:
    done = {r.table_no for r in row.results if r.round_no == rnd.number}
    return [t for t in range(1, len(rnd.tables) + 1) if t not in done]


def next_draw(row: RisikoTournament, rules: RisikoRules) -> NextDraw | Refusal:
    """The next round of the structure, or why none can be drawn now."""
    if row.status == FINISHED:
        return Refusal("status", "the tournament is finished", None)
    if row.rounds:
        last = row.rounds[-1]
        missing = _missing_results(row, last)
        if missing:
            return Refusal(
                "round_no",
                f"round {last.number} still has tables without a result "
                f"({', '.join(map(str, missing))})",
                "enter every result of the round first",
            )
    stages = [r.stage for r in row.rounds]
    number = len(row.rounds) + 1
    qualifying = stages.count(Stage.QUALIFYING)
    if qualifying < rules.qualifying_games and Stage.SEMIFINAL not in stages:
        if qualifying == 0:
            return NextDraw(number, Stage.QUALIFYING, (DrawMethod.RANDOM,))
        methods = (DrawMethod.RANDOM, DrawMethod.GRECA, DrawMethod.SVIZZERA)
        return NextDraw(number, Stage.QUALIFYING, methods)
    if rules.semifinal_tables > 0 and Stage.SEMIFINAL not in stages:
        return NextDraw(number, Stage.SEMIFINAL, (DrawMethod.BANDS,))
    if Stage.FINAL not in stages:
        return NextDraw(number, Stage.FINAL, (DrawMethod.FINAL,))
    return Refusal("round_no", "the final table has been played", "close the tournament")


def qualifying_standings(row: RisikoTournament, rules: RisikoRules) -> tuple[Standing, ...]:
    """RSK-PTS-2 / RSK-TIE-1 over the qualifying games, every registered player listed."""
    return standings(
        results_of(row, Stage.QUALIFYING),
        rules.scoring_rules(),
        [PlayerId(e.player_id) for e in row.entrants],
    )


def _ranking(row: RisikoTournament, rules: RisikoRules) -> list[PlayerId]:
    """The qualifying ranking of the players still in the tournament, best first."""
    active = set(field_of(row))
    return [s.player for s in qualifying_standings(row, rules) if s.player in active]


def _make_draw(
    row: RisikoTournament, rules: RisikoRules, plan: NextDraw, method: DrawMethod, seed: int
) -> TableDraw:
    rng = random.Random(seed)
    history = history_of(row)
    number = plan.round_no
    if plan.stage == Stage.QUALIFYING:
        players = field_of(row)
        refusal = can_seat(len(players), rules.table_policy)
        if refusal is not None:
            raise refusal.raise_as()
        if method is DrawMethod.GRECA:
            previous = [r for r in results_of(row) if r.round_no == number - 1]
            return alla_greca(previous, players, history, rng, round_no=number)
        if method is DrawMethod.SVIZZERA:
            ranking = _ranking(row, rules)
            return alla_svizzera(ranking, history, rng, round_no=number, policy=rules.table_policy)
        return draw_tables(
            players,
            history,
            rng,
            round_no=number,
            policy=rules.table_policy,
            priorities=rules.draw_priorities,
        )
    if plan.stage == Stage.SEMIFINAL:
        return semifinal_bands(
            _ranking(row, rules),
            history,
            rng,
            round_no=number,
            tables=rules.semifinal_tables,
            priorities=rules.draw_priorities,
        )
    return final_table(
        finalists(row, rules), history, rng, round_no=number, size=rules.final_table_size
    )


def finalists(row: RisikoTournament, rules: RisikoRules) -> list[PlayerId]:
    """The final table: the semifinal winners, completed (when there are fewer semifinal tables
    than final seats) by the semifinal 2nd places, then 3rd, each step in qualifying order; with
    no semifinals, the best of the qualifying ranking."""
    ranking = _ranking(row, rules)
    semis = results_of(row, Stage.SEMIFINAL)
    if not semis:
        return ranking[: rules.final_table_size]
    players = list(semifinal_winners(semis))
    order = {p: i for i, p in enumerate(ranking)}
    place = 2
    while len(players) < rules.final_table_size and place <= 5:
        nth = [p for r in semis for p, at in r.positions().items() if at == place and p in order]
        players += sorted(nth, key=order.__getitem__)[: rules.final_table_size - len(players)]
        place += 1
    return players


def _parse_method(method: str | DrawMethod | None, plan: NextDraw) -> DrawMethod:
    if method is None or method == "":
        return plan.methods[0]
    try:
        chosen = DrawMethod(str(method))
    except ValueError:
        chosen = None
    if chosen not in plan.methods:
        raise TorneoError(
            "method",
            f"'{method}' is not a draw for round {plan.round_no} ({plan.stage})",
            ", ".join(m.value for m in plan.methods),
        )
    assert chosen is not None
    return chosen


def draw_round(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    method: str | DrawMethod | None = None,
    version: int | None = None,
) -> int:
    """RSK-TBL-2: draw the next round of the structure with a new recorded seed."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        rules = rules_of(row)
        plan = next_draw(row, rules)
        if isinstance(plan, Refusal):
            raise plan.raise_as(Conflict)
        chosen = _parse_method(method, plan)
        if row.regulation_published_at is None:
            raise Conflict(
                "regulation",
                "the regulation has not been published",
                "publish the regulation's four parts before the first draw [RSK-REG-1]",
            )
        seed = random.Random(f"{row.seed}:{row.draws}").randrange(2**31)
        draw = _make_draw(row, rules, plan, chosen, seed)
        row.draws += 1
        row.rounds.append(
            RisikoRound(
                tournament_id=row.id,
                number=plan.round_no,
                stage=plan.stage,
                method=chosen.value,
                seed=seed,
                priorities=[c.value for c in rules.draw_priorities],
                tables=[[int(p) for p in t.seats] for t in draw.tables],
                swaps=[],
                drawn_at=uow.now,
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
        )
        return plan.round_no


def _untouched(row: RisikoTournament, rnd: RisikoRound, tables: Sequence[int]) -> None:
    for table in tables:
        if any(r.round_no == rnd.number and r.table_no == table for r in row.results):
            raise Conflict(
                "round_no",
                f"table {table} of round {rnd.number} already has a result",
                "change a draw before its results are entered",
            )
        if find_game(row, rnd.number, table) is not None:
            raise Conflict(
                "round_no",
                f"the referee console of table {table} of round {rnd.number} has started",
                "change a draw before its games start",
            )


def undo_draw(
    store: Store, actor: Actor, tournament_id: int, round_no: int, *, version: int | None = None
) -> None:
    """Take back the last draw while none of its tables has a result or a started console."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        rnd = round_row(row, round_no)
        if rnd is not row.rounds[-1]:
            raise Conflict("round_no", f"round {round_no} is not the last one", "the last round")
        _untouched(row, rnd, range(1, len(rnd.tables) + 1))
        row.rounds.remove(rnd)
        if not row.rounds:
            row.status = REGISTRATION
        touch(row)
        uow.notify(topic(row.id), "round", round=round_no)
        audit(uow, row, "draw.undo", round=round_no, seed=rnd.seed)


@dataclass(frozen=True, slots=True)
class SwapPreview:
    """A hand swap as the organizer sees it before confirming: the criteria before and after."""

    round_no: int
    a: PlayerId
    b: PlayerId
    table_a: int
    table_b: int
    before: DrawCriteria
    after: DrawCriteria
    draw: TableDraw  # the draw after the swap


def _preview(row: RisikoTournament, round_no: int, a: int, b: int) -> SwapPreview:
    rnd = round_row(row, round_no)
    history = history_of(row, before_round=round_no)
    draw = draw_of(rnd, history)
    table_a = draw.table_of(PlayerId(a)).number
    table_b = draw.table_of(PlayerId(b)).number
    after = swap_in_draw(draw, PlayerId(a), PlayerId(b), history)
    return SwapPreview(
        round_no, PlayerId(a), PlayerId(b), table_a, table_b, draw.criteria, after.criteria, after
    )


def preview_swap(store: Store, tournament_id: int, round_no: int, a: int, b: int) -> SwapPreview:
    """RSK-TBL-2: what swapping ``a`` and ``b`` by hand would change (nothing is saved)."""
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        return _preview(row, round_no, a, b)


def swap_players(
    store: Store,
    actor: Actor,
    tournament_id: int,
    round_no: int,
    a: int,
    b: int,
    *,
    version: int | None = None,
) -> SwapPreview:
    """RSK-TBL-2: the organizer swaps two players by hand; the swap is recorded on the round."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        preview = _preview(row, round_no, a, b)
        rnd = round_row(row, round_no)
        if rnd is not row.rounds[-1]:
            raise Conflict("round_no", f"round {round_no} is not the last one", "the last round")
        _untouched(row, rnd, sorted({preview.table_a, preview.table_b}))
        rnd.tables = [[int(p) for p in t.seats] for t in preview.draw.tables]
        rnd.swaps = [
            *rnd.swaps,
            {"a": int(a), "b": int(b), "at": uow.now.isoformat(), "by": actor.name},
        ]
        touch(row)
        uow.notify(topic(row.id), "round", round=round_no)
        audit(
            uow,
            row,
            "draw.swap",
            round=round_no,
            a=a,
            b=b,
            tables=[preview.table_a, preview.table_b],
            before=_criteria_json(preview.before),
            after_swap=_criteria_json(preview.after),
        )
        return preview


def _criteria_json(c: DrawCriteria) -> dict[str, int]:
    return {
        "repeat_opponents": c.repeat_opponents,
        "same_club": c.same_club,
        "repeat_off_size": c.repeat_off_size,
        "winners_together": c.winners_together,
    }


def round_criteria(row: RisikoTournament, rnd: RisikoRound) -> DrawCriteria:
    history = history_of(row, before_round=rnd.number)
    return score_seatings([[PlayerId(int(p)) for p in t] for t in rnd.tables], history)


# --- closing ----------------------------------------------------------------------------------


def close_tournament(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    """Close once every drawn table has its result; the final ranking is then fixed."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        not_finished(row)
        if not row.rounds:
            raise Conflict("status", "no round has been played", "play at least one round")
        missing = _missing_results(row, row.rounds[-1])
        if missing:
            raise Conflict(
                "round_no",
                f"round {row.rounds[-1].number} still has tables without a result "
                f"({', '.join(map(str, missing))})",
                "enter every result of the round first",
            )
        row.status = FINISHED
        row.finished_at = uow.now
        touch(row)
        uow.notify(topic(row.id), "status", status=FINISHED)
        audit(uow, row, "close", rounds=len(row.rounds))


__all__ = [
    "DEFAULT_PRESET",
    "NextDraw",
    "SwapPreview",
    "close_tournament",
    "create_tournament",
    "draw_round",
    "next_draw",
    "preview_swap",
    "qualifying_standings",
    "register_player",
    "register_roster",
    "save_regulation",
    "swap_players",
    "undo_draw",
    "update_settings",
    "withdraw_player",
]
