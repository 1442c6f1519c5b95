"""The club's week (PKR-SCHED-1): schedule entries, and a tournament opened from one on its day.

A schedule entry belongs to a club; its organizers create, change and retire it (the policy's
MANAGE on the entry). Every write is one transaction with its audit row; bad input names its
field and changes nothing.

Decisions where the regulation is silent:
- a tournament opens from its entry only on a date the entry falls on, once a day (a second
  click on the same day is refused and points to the tournament already open);
- an entry's structure is the club's ladder (the preset's) at the entry's level length, from
  1/100 of the stack unless a first big blind is given (as the weekly templates);
- a retired entry keeps its tournaments and stays in its leagues' history; it just no longer
  appears in the calendar;
- ``poker.league.commands.import_week`` copies a preset's week and leagues into a club in one go
  (the ``lifeclub-poker`` preset: Monday to Sunday, "Jackpot Campione" and "Mister All'in").
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import clean_name, parse_date
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import (
    DEFAULT_PRESET,
    add_tournament,
    parse_int,
    parse_money,
    parse_price,
    poker_rules,
)
from torneo.poker.league.tables import PokerSchedule, PokerScheduleRun
from torneo.poker.rules.entries import BuyInPart, PartKind, Price
from torneo.poker.rules.presets import entry_options, weekly_structure
from torneo.poker.rules.schedules import WEEKDAYS, Recurrence, check_start
from torneo.poker.state import parts_of, price_of, price_to_json
from torneo.poker.state_access import SCHEDULE_KIND, authorize_club_thing
from torneo.poker.tables import PokerTournament
from torneo.presets.poker import BuyInPartRow, PriceRow, WeeklyTournament

_SPLIT = (PartKind.PRIZE_POOL, PartKind.FEE, PartKind.JACKPOT)


def get_schedule(uow: UnitOfWork, schedule_id: int) -> PokerSchedule:
    row = uow.session.get(PokerSchedule, schedule_id)
    if row is None:
        raise NotFound(
            "schedule_id",
            N_("no poker schedule %(schedule_id)s"),
            N_("the id of a schedule entry"),
            params={"schedule_id": schedule_id},
        )
    return row


def parse_buy_in(text: str) -> tuple[BuyInPart, ...]:
    """PKR-SCHED-1: "90+10+20" = prize pool + club fee + jackpot; one amount = prize pool."""
    amounts = [parse_money("buy_in", p) for p in str(text).split("+") if p.strip()]
    if not amounts or len(amounts) > len(_SPLIT):
        raise TorneoError(
            "buy_in",
            N_("'%(text)s'"),
            N_("euros as prize pool+fee+jackpot, e.g. 90+10+20, or one amount"),
            params={"text": text},
        )
    return tuple(BuyInPart(kind, cents) for kind, cents in zip(_SPLIT, amounts, strict=False))


def _weekday(value: str) -> str:
    day = str(value).strip().lower()[:3]
    if day not in WEEKDAYS:
        raise TorneoError(
            "weekday",
            N_("'%(weekday)s'"),
            N_("one of %(days)s"),
            params={"weekday": value, "days": ", ".join(WEEKDAYS)},
        )
    return day


def _fields(values: dict[str, Any]) -> dict[str, Any]:
    """The typed form of a schedule entry, checked (every bad value names its field)."""
    week = values.get("week_of_month")
    week_no = parse_int("week_of_month", week, low=1, high=5) if str(week or "").strip() else None
    recurrence = Recurrence(_weekday(values.get("weekday", "")), week_no)
    parts = parse_buy_in(values.get("buy_in", ""))
    stack = parse_int("starting_stack", values.get("starting_stack", ""), low=1)
    add_on = None
    if str(values.get("add_on_price") or "").strip():
        price = parse_price(
            "add_on_price",
            str(values["add_on_price"]),
            values.get("add_on_chips") or stack,
            Price((BuyInPart(PartKind.PRIZE_POOL, 0),), 1),
        )
        add_on = price_to_json(price)
    bb = str(values.get("start_big_blind") or "").strip()
    return {
        "name": clean_name("name", str(values.get("name", ""))),
        "weekday": recurrence.weekday,
        "week_of_month": recurrence.week_of_month,
        "start": check_start(str(values.get("start") or "21:00")),
        "buy_in": [[p.kind.value, p.cents, p.name] for p in parts],
        "starting_stack": stack,
        "level_minutes": parse_int(
            "level_minutes", values.get("level_minutes", ""), low=1, high=120
        ),
        "start_big_blind": parse_int("start_big_blind", bb, low=2) if bb else None,
        "re_entries": parse_int("re_entries", values.get("re_entries") or 0, low=0, high=9),
        "add_on": add_on,
        "jackpot_levy_cents": parse_money("jackpot_levy", values.get("jackpot_levy") or 0),
    }


def create_schedule(
    store: Store,
    actor: Actor,
    *,
    club: int | str | None = None,
    preset: str = DEFAULT_PRESET,
    **values: Any,
) -> int:
    """PKR-SCHED-1: a recurring entry of the club's week."""
    precheck(actor, Action.MANAGE)
    poker_rules(preset)
    fields = _fields(values)
    with store.unit(actor) as uow:
        club_id = owning_club(uow.session, actor, club, SCHEDULE_KIND)
        row = PokerSchedule(
            club_id=club_id, preset=preset, active=True, created_at=uow.now, **fields
        )
        uow.session.add(row)
        uow.session.flush()
        uow.audit("poker.schedule.create", "poker_schedule", row.id, after=fields)
        return row.id


def update_schedule(
    store: Store, actor: Actor, schedule_id: int, *, active: bool | None = None, **values: Any
) -> None:
    """Change an entry (every field given again) or retire / restore it (``active``)."""
    precheck(actor, Action.MANAGE)
    fields = _fields(values) if values else {}
    with store.unit(actor) as uow:
        row = get_schedule(uow, schedule_id)
        authorize_club_thing(actor, SCHEDULE_KIND, row.id, row.club_id)
        before = {k: getattr(row, k) for k in (*fields, "active")}
        for key, value in fields.items():
            setattr(row, key, value)
        if active is not None:
            row.active = active
        after = {k: getattr(row, k) for k in before}
        uow.audit("poker.schedule.update", "poker_schedule", row.id, before=before, after=after)


def weekly_row(row: PokerSchedule) -> WeeklyTournament:
    """The entry as the preset's weekly row, so the preset's structure and options apply."""
    add_on = price_of(row.add_on)
    return WeeklyTournament(
        id=f"schedule-{row.id}",
        name=row.name,
        weekday=row.weekday,
        week_of_month=row.week_of_month,
        start=row.start,
        buy_in=[
            BuyInPartRow(kind=p.kind.value, cents=p.cents, name=p.name)
            for p in parts_of(row.buy_in)
        ],
        starting_stack=row.starting_stack,
        level_minutes=row.level_minutes,
        start_big_blind=row.start_big_blind,
        re_entries=row.re_entries,
        add_on=PriceRow(
            parts=[
                BuyInPartRow(kind=p.kind.value, cents=p.cents, name=p.name) for p in add_on.parts
            ],
            chips=add_on.chips,
        )
        if add_on
        else None,
        jackpot_levy_cents=row.jackpot_levy_cents,
    )


def open_scheduled(
    store: Store,
    actor: Actor,
    schedule_id: int,
    *,
    held_on: str | date,
    seed: int | None = None,
) -> int:
    """PKR-SCHED-1: the tournament of this entry on ``held_on``, in one click (once a day)."""
    precheck(actor, Action.MANAGE)
    when = parse_date("held_on", held_on)
    with store.unit(actor) as uow:
        row = get_schedule(uow, schedule_id)
        authorize_club_thing(actor, SCHEDULE_KIND, row.id, row.club_id)
        return open_in(uow, row, when, seed).id


def open_in(uow: UnitOfWork, row: PokerSchedule, when: date, seed: int | None) -> PokerTournament:
    """Inside a unit of work: the tournament of entry ``row`` on ``when`` (checked)."""
    if not Recurrence(row.weekday, row.week_of_month).falls_on(when):
        raise TorneoError(
            "held_on",
            N_("%(name)s is not played on %(held_on)s"),
            N_("a date of its schedule (PKR-SCHED-1)"),
            params={"name": row.name, "held_on": when.isoformat()},
        )
    if not row.active:
        raise Conflict("schedule_id", N_("this schedule entry is retired"), N_("an active entry"))
    taken = uow.session.scalars(
        select(PokerScheduleRun).where(
            PokerScheduleRun.schedule_id == row.id, PokerScheduleRun.held_on == when
        )
    ).first()
    if taken is not None:
        raise Conflict(
            "held_on",
            N_("%(name)s of %(held_on)s is already open: tournament %(tid)s"),
            N_("one tournament per entry and day"),
            params={"name": row.name, "held_on": when.isoformat(), "tid": taken.tournament_id},
        )
    rules = poker_rules(row.preset)
    weekly = weekly_row(row)
    tournament = add_tournament(
        uow,
        club_id=row.club_id,
        name=row.name,
        preset=row.preset,
        template=None,
        held_on=when,
        seed=seed,
        seats=rules.seats_per_table,
        threshold=rules.balance_threshold,
        structure=weekly_structure(rules, weekly),
        options=entry_options(rules, weekly),
    )
    uow.session.add(PokerScheduleRun(schedule_id=row.id, tournament_id=tournament.id, held_on=when))
    uow.audit("poker.schedule.open", "poker_schedule", row.id, after={"tournament": tournament.id})
    return tournament


def euros(cents: int) -> str:
    return str(cents // 100) if cents % 100 == 0 else f"{cents / 100:.2f}"


def schedule_from_weekly(uow: UnitOfWork, club_id: int, preset: str, t: WeeklyTournament) -> int:
    """A preset's weekly tournament as the club's schedule entry (``import_week``)."""
    rules = poker_rules(preset)
    row = PokerSchedule(
        club_id=club_id,
        preset=preset,
        name=t.name,
        weekday=t.weekday,
        week_of_month=t.week_of_month,
        start=t.start,
        buy_in=[[p.kind, p.cents, p.name] for p in t.buy_in],
        starting_stack=t.starting_stack,
        level_minutes=t.level_minutes,
        start_big_blind=t.start_big_blind,
        re_entries=t.re_entries,
        add_on=price_to_json(entry_options(rules, t).add_on),
        jackpot_levy_cents=t.jackpot_levy_cents,
        active=True,
        created_at=uow.now,
    )
    uow.session.add(row)
    uow.session.flush()
    return row.id
