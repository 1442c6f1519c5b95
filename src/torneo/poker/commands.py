"""Use cases of a poker tournament (issue 8, docs/rules.md §4): what they share, and creating one.

One transaction each: load the tournament's rows, rebuild the pure domain (``poker_state``),
call it, save what changed, write an audit row and a live notice on ``poker:<id>``. A refused
action raises a :class:`TorneoError` naming the field, and nothing is changed.

This module holds the roles, the statuses, the parsing of typed values at the boundary and
:func:`create_tournament`. The use cases are split by topic:

- :mod:`.commands_setup` the structure, entry options, payouts and floor options;
- :mod:`.commands_entries` bookings and buy-ins, :mod:`.commands_seats` the seat draw and moves;
- :mod:`.commands_clock` the tournament clock;
- :mod:`.commands_floor` bust-outs and moves during play, :mod:`.commands_purchases` re-entries,
  rebuys and add-ons, :mod:`.commands_sanctions` sanctions, :mod:`.commands_chop` chip counts
  and the chop; :mod:`.commands_tools` the stateless floor tools.

The read models for the pages and the API are in :mod:`torneo.poker.views`.

Roles: the organizer sets up the tournament and takes the money; the clock, the seat draw, the
bust-outs, the moves and the sanctions may also be run by a judge (the floor).

Decision where the rules are silent: a tournament made from a weekly template must be held on
that template's weekday (and, for "the first Sunday of the month", in the first week): a Tuesday
tournament on a Wednesday is refused rather than quietly mislabelled.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy.orm.attributes import flag_modified

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import clean_name, parse_date
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import state_changes
from torneo.poker.rules.balancing import check_threshold
from torneo.poker.rules.entries import BuyInPart, EntryOptions, PartKind, Price
from torneo.poker.rules.presets import club_payouts, entry_options, weekly, weekly_structure
from torneo.poker.rules.seating import (
    check_capacity,
)
from torneo.poker.rules.structure import BlindLevel, Break, Step, Structure
from torneo.poker.state import (
    options_to_json,
    payouts_to_json,
    structure_to_json,
)
from torneo.poker.state_access import KIND
from torneo.poker.tables import PokerTournament
from torneo.presets import load_preset
from torneo.presets.poker import PokerRules

DEFAULT_PRESET = "lifeclub-poker"

REGISTRATION = "registration"
RUNNING = "running"
FINISHED = "finished"

_THOUSANDS = re.compile(r"^-?\d{1,3}([.,]\d{3})+$")

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def topic(tournament_id: int) -> str:
    """The live-notice topic of a tournament (its pages poll or subscribe to it)."""
    return f"poker:{tournament_id}"


def touch(row: PokerTournament, *changed: str) -> None:
    """Every change bumps the tournament's version, so a stale phone is detected; ``changed``
    names what it changed (``state_changes`` keys: a player, the clock...), so that only a phone
    acting on one of those is refused (issue 26 item 1). Nothing named: the whole tournament."""
    state_changes.declare(row, changed or [state_changes.EVERYTHING])
    flag_modified(row, "options")


def poker_rules(preset: str) -> PokerRules:
    ruleset = load_preset(preset)
    if ruleset.discipline != "poker" or ruleset.poker is None:
        raise TorneoError(
            "preset",
            N_("'%(preset)s' is a %(discipline)s preset"),
            N_("a poker preset"),
            params={"preset": preset, "discipline": ruleset.discipline},
        )
    return ruleset.poker


def audit(uow: UnitOfWork, row: PokerTournament, action: str, **after: Any) -> None:
    uow.audit(f"poker.{action}", "poker_tournament", row.id, after=after or None)


def not_finished(row: PokerTournament) -> None:
    if row.status == FINISHED:
        raise Conflict("status", N_("the tournament is finished"), N_("a tournament still running"))


def before_start(row: PokerTournament, what: str) -> None:
    if row.clock.get("started_at"):
        raise Conflict(
            what,
            N_("the clock has started"),
            N_("change the %(what)s before the start"),
            params={"what": what},
        )


# --- parsing at the boundary ------------------------------------------------------------------


def parse_int(field: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool):
        raise TorneoError(
            field,
            N_("%(value)s is not a whole number"),
            N_("a whole number"),
            params={"value": repr(value)},
        )
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip().replace("\u202f", "").replace(" ", "")
        if _THOUSANDS.match(text):
            text = text.replace(".", "").replace(",", "")  # "10.000" / "10,000"
        try:
            number = int(text)
        except ValueError:
            raise TorneoError(
                field,
                N_("'%(value)s' is not a whole number"),
                N_("a whole number"),
                params={"value": value},
            ) from None
    if low is not None and number < low:
        raise TorneoError(
            field,
            N_("%(number)s is too small"),
            N_("%(low)s or more"),
            params={"number": number, "low": low},
        )
    if high is not None and number > high:
        raise TorneoError(
            field,
            N_("%(number)s is too large"),
            N_("at most %(high)s"),
            params={"number": number, "high": high},
        )
    return number


def parse_money(field: str, text: str | int) -> int:
    """Euros as typed ("90", "12,50", "12.50") → cents."""
    raw = str(text).strip().replace("€", "").replace(",", ".").strip()
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise TorneoError(
            field,
            N_("'%(text)s' is not an amount"),
            N_("euros, e.g. 90 or 12,50"),
            params={"text": text},
        ) from None
    cents = value * 100
    if cents != cents.to_integral_value() or cents < 0:
        raise TorneoError(
            field,
            N_("'%(text)s' is not an amount in cents"),
            N_("e.g. 90 or 12,50"),
            params={"text": text},
        )
    return int(cents)


def parse_price(field: str, text: str, chips: Any, like: Price) -> Price:
    """PKR-SCHED-1 notation: "90+10+20" split in the parts of the buy-in, in its order (prize
    pool, fee, jackpot); a single amount goes to the prize pool."""
    amounts = [parse_money(field, part) for part in str(text).split("+") if part.strip()]
    if not amounts:
        raise TorneoError(field, N_("no price given"), N_("euros, or parts like 90+10+20"))
    kinds = [p.kind for p in like.parts] or [PartKind.PRIZE_POOL]
    if len(amounts) > len(kinds):
        kinds = [*kinds, *[PartKind.FEE] * (len(amounts) - len(kinds))]
    parts = tuple(BuyInPart(kind, cents) for kind, cents in zip(kinds, amounts, strict=False))
    return Price(parts, parse_int(f"{field}_chips", chips, low=1))


def parse_steps(steps: Sequence[Mapping[str, Any]]) -> tuple[Step, ...]:
    """Levels and breaks as typed; a bad value names its place: ``levels[3].big_blind``."""
    out: list[Step] = []
    number = 0
    for i, raw in enumerate(steps, start=1):
        kind = str(raw.get("type", "level"))
        if kind == "break":
            minutes = parse_int(f"steps[{i}].minutes", raw.get("minutes", 0), low=1)
            colour = raw.get("colour_up") or ()
            if isinstance(colour, str):
                colour = [c for c in colour.replace(",", " ").split() if c]
            chips = tuple(parse_int(f"steps[{i}].colour_up", c, low=1) for c in colour)
            out.append(Break(minutes, chips))
            continue
        if kind != "level":
            raise TorneoError(
                f"steps[{i}].type", N_("'%(kind)s'"), N_("level or break"), params={"kind": kind}
            )
        number += 1
        name = f"levels[{number}]"
        values = {
            key: parse_int(f"{name}.{key}", raw.get(key, 0))
            for key in ("small_blind", "big_blind", "ante", "minutes")
        }
        bb_ante = bool(raw.get("big_blind_ante", False))
        if values["small_blind"] >= 1 and values["big_blind"] != 2 * values["small_blind"]:
            # PKR-BTN-1 (art. 5, issue 28 item 6): the big blind is double the small blind. A
            # typed level is held to it; rows already stored load as they are.
            raise TorneoError(
                f"{name}.big_blind",
                N_("big blind %(big_blind)s with small blind %(small_blind)s"),
                N_("twice the small blind: %(double)s (art. 5)"),
                params={
                    "big_blind": values["big_blind"],
                    "small_blind": values["small_blind"],
                    "double": 2 * values["small_blind"],
                },
                rule="PKR-BTN-1",
            )
        try:
            out.append(
                BlindLevel(
                    values["small_blind"],
                    values["big_blind"],
                    values["minutes"],
                    values["ante"],
                    bb_ante,
                )
            )
        except TorneoError as err:
            raise TorneoError(
                f"{name}.{err.field}", err.reason_message, err.accepted_message, rule=err.rule
            ) from err
    return tuple(out)


# --- creating a tournament --------------------------------------------------------------------


def _check_weekday(held_on: date, template_weekday: str, week: int | None, name: str) -> None:
    day = WEEKDAYS[held_on.weekday()]
    if day != template_weekday:
        raise TorneoError(
            "held_on",
            N_("%(held_on)s is a %(day)s, %(name)s is played on %(template_weekday)s"),
            N_("a date on %(template_weekday)s (PKR-SCHED-1)"),
            params={
                "held_on": held_on.isoformat(),
                "day": day,
                "name": name,
                "template_weekday": template_weekday,
            },
        )
    if week is not None and (held_on.day - 1) // 7 + 1 != week:
        raise TorneoError(
            "held_on",
            N_("%(held_on)s is not in week %(week)s of the month"),
            N_("the %(template_weekday)s of week %(week)s (PKR-SCHED-1)"),
            params={
                "held_on": held_on.isoformat(),
                "week": week,
                "template_weekday": template_weekday,
            },
        )


def create_tournament(
    store: Store,
    actor: Actor,
    *,
    template: str,
    held_on: str | date,
    preset: str = DEFAULT_PRESET,
    name: str | None = None,
    seed: int | None = None,
    balance_threshold: int | None = None,
    seats_per_table: int | None = None,
    club: int | str | None = None,
) -> int:
    precheck(actor, Action.MANAGE)
    """PKR-SCHED-1: a tournament of the club's week, with its buy-in, stack and structure,
    owned by ``club`` (an id or name; left out, the one club the actor runs)."""
    rules = poker_rules(preset)
    try:
        weekly_row = weekly(rules, template)
    except NotFound as err:
        raise NotFound("template", err.reason_message, err.accepted_message, rule=err.rule) from err
    when = parse_date("held_on", held_on)
    _check_weekday(when, weekly_row.weekday, weekly_row.week_of_month, weekly_row.name)
    title = clean_name("name", name) if name and name.strip() else weekly_row.name
    threshold = rules.balance_threshold if balance_threshold is None else balance_threshold
    check_threshold(threshold)
    seats = rules.seats_per_table if seats_per_table is None else seats_per_table
    check_capacity(seats)
    structure = weekly_structure(rules, weekly_row)
    options = entry_options(rules, weekly_row)
    with store.unit(actor) as uow:
        row = add_tournament(
            uow,
            club_id=owning_club(uow.session, actor, club, KIND),
            name=title,
            preset=preset,
            template=template,
            held_on=when,
            seed=seed,
            seats=seats,
            threshold=threshold,
            structure=structure,
            options=options,
        )
        return row.id


def add_tournament(
    uow: UnitOfWork,
    *,
    club_id: int,
    name: str,
    preset: str,
    template: str | None,
    held_on: date,
    seed: int | None,
    seats: int,
    threshold: int,
    structure: Structure,
    options: EntryOptions,
) -> PokerTournament:
    """A new tournament row in registration, audited (every way of creating one ends here)."""
    rules = poker_rules(preset)
    row = PokerTournament(
        club_id=club_id,
        name=name,
        preset=preset,
        template=template,
        held_on=held_on,
        status=REGISTRATION,
        seed=seed if seed is not None else secrets.randbelow(2**31),
        draws=0,
        seats_per_table=seats,
        balance_threshold=threshold,
        balance_seat=rules.balance_seat,
        break_order=[],
        structure=structure_to_json(structure),
        options=options_to_json(options),
        clock={},
        seating={},
        payouts=payouts_to_json(club_payouts(rules), rules.payout_unit_cents),
        adjustments=[],
        stacks={},
        chop=None,
        created_at=uow.now,
    )
    uow.session.add(row)
    uow.session.flush()
    audit(uow, row, "create", template=template, held_on=held_on.isoformat(), seed=row.seed)
    return row
