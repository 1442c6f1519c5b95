"""Import a card set (CSV or JSON, ``docs/card-sets.md``) and choose an event's set and format.

An import is all or nothing: every bad row is listed (:class:`torneo.cards.rules.sets.SetInvalid`)
and nothing is stored. A set belongs to the club of whoever imports it (the server's shell may
import a set for every club: the demo set is one); sets are never edited, a new edition is a
new code.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified

from torneo.cards.commands import check_version
from torneo.cards.draft.state import card_set, pods_of, set_row_by_code, setup_of
from torneo.cards.draft.tables import CardEventSetup, CardRow, CardSetRow
from torneo.cards.rules.draft import MAX_PICK_SECONDS, MIN_PICK_SECONDS, PICK_SECONDS
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.set_files import read_csv, read_json
from torneo.cards.rules.sets import CardSet
from torneo.cards.state import get_event
from torneo.cards.state_access import authorize_event
from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.core.zones import to_utc
from torneo.judging.commands_pools import configure_catalog, parse_deadline
from torneo.judging.rules.decks import deck_format
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset
from torneo.presets.judging import JudgingRules

SET = N_("card set")
FORMATS = ("csv", "json")


def judging_rules(preset: str) -> JudgingRules:
    """The preset's deck formats (BER-FMT-1..3); a preset without them has no limited events."""
    rules = load_preset(preset).judging
    if rules is None:
        raise TorneoError(
            "preset",
            N_("'%(preset)s' has no deck formats"),
            N_("a preset with deck formats, such as berserk-online"),
            params={"preset": preset},
        )
    return rules


def may_import(actor: Actor) -> None:
    """403 at once for an actor who organizes no club, before the file is read."""
    precheck(actor, Action.CREATE)


def parse_set(
    text: str,
    kind: str,
    *,
    code: str = "",
    name: str = "",
    booster: str | None = None,
    starter: str | None = None,
) -> CardSet:
    """The set in a file of ``kind`` (csv or json), checked (every fault listed)."""
    if kind not in FORMATS:
        raise TorneoError(
            "format",
            N_("'%(value)s' is not a set file format"),
            N_("csv or json"),
            params={"value": kind[:20]},
        )
    if kind == "json":
        return read_json(text)
    return read_csv(text, code=code, name=name, booster=booster, starter=starter)


def import_set(
    store: Store,
    actor: Actor,
    card_set_: CardSet,
    *,
    source: str,
    club: int | str | None = None,
    shared: bool = False,
) -> int:
    """Store a checked set; ``shared`` (the server's own shell only) makes it every club's."""
    precheck(actor, Action.CREATE)
    with store.unit(actor) as uow:
        club_id = None if shared and actor.admin else owning_club(uow.session, actor, club, SET)
        # Issue 27: codes are the club's own (another club's set of the same code is no
        # obstacle); a shared set's code is unique among the shared sets.
        same_owner = (
            CardSetRow.club_id.is_(None) if club_id is None else CardSetRow.club_id == club_id
        )
        taken = uow.session.scalars(
            select(CardSetRow.id).where(CardSetRow.code == card_set_.code, same_owner)
        ).first()
        if taken is not None:
            raise Conflict(
                "code",
                N_("a card set '%(code)s' exists already"),
                N_("a new code for a new set or edition"),
                params={"code": card_set_.code},
            )
        row = CardSetRow(
            code=card_set_.code,
            name=card_set_.name,
            club_id=club_id,
            booster=[list(s) for s in card_set_.booster.slots],
            starter=[list(s) for s in card_set_.starter.slots],
            source=source,
            created_at=uow.now,
            created_by=actor.name,
        )
        uow.session.add(row)
        uow.session.flush()
        uow.session.add_all(
            CardRow(
                set_id=row.id,
                code=c.id,
                name=c.name,
                rarity=c.rarity,
                faction=c.faction,
                cost=c.cost,
                kind=c.kind,
                text=c.text,
                not_legal_in=list(c.not_legal_in),
            )
            for c in card_set_.cards
        )
        uow.audit(
            "card_set.import",
            "card_set",
            row.id,
            after={
                "code": row.code,
                "cards": len(card_set_.cards),
                "club": club_id,
                "source": source,
            },
        )
        return row.id


def load_demo_set(store: Store, actor: Actor) -> int:
    """The shipped demo set (``torneo/cards/sets/data/demo-set.json``, every club's), once."""
    from importlib import resources

    with store.read() as session:
        known = session.scalars(
            select(CardSetRow.id).where(CardSetRow.code == "DEMO", CardSetRow.club_id.is_(None))
        ).first()
    if known is not None:
        return known
    text = (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    return import_set(store, actor, read_json(text), source="demo", shared=True)


def _deadline(text: str | datetime | None) -> datetime | None:
    if text is None or isinstance(text, datetime):
        return text
    return parse_deadline(text)


def setup_event(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    set_code: str,
    format_key: str | None = None,
    pick_seconds: int = PICK_SECONDS,
    alternate: bool = False,
    deck_deadline: str | datetime | None = None,
    version: int | None = None,
) -> None:
    """The event's card set, deck format (BER-FMT-1..3), seconds per pick (BER-DRAFT-2),
    passing direction (BER-DRAFT-1 option) and deck-list deadline; before any pool is made."""
    precheck(actor, Action.MANAGE)
    if not MIN_PICK_SECONDS <= pick_seconds <= MAX_PICK_SECONDS:
        raise TorneoError(
            "pick_seconds",
            N_("%(n)s seconds"),
            N_("%(least)s-%(most)s seconds (BER-DRAFT-2: 60)"),
            params={"n": pick_seconds, "least": MIN_PICK_SECONDS, "most": MAX_PICK_SECONDS},
        )
    deadline = _deadline(deck_deadline)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        if event.status in (EventStatus.FINISHED.value, EventStatus.VOID.value):
            raise Conflict(
                "status", N_("the event is closed"), N_("an event in registration or running")
            )
        if deadline is not None and deadline.tzinfo is None:
            # The form's datetime-local is the event's own time (issue 30: no UTC on pages).
            deadline = to_utc(deadline, event.time_zone)
        rules = judging_rules(event.preset)
        key, _ = deck_format(rules, (format_key or "").strip() or None)
        row = set_row_by_code(uow.session, set_code, event.club_id)  # its club's, or shared
        setup = setup_of(uow.session, event_id)
        if pods_of(uow.session, event_id) or (setup is not None and setup.pools_opened_at):
            raise Conflict(
                "set",
                N_("the pools of this event are made already"),
                N_("a change before the draft starts or the sealed pools are opened"),
            )
        if setup is None:
            setup = CardEventSetup(event_id=event_id, set_id=row.id)
            uow.session.add(setup)
        setup.set_id, setup.pick_seconds, setup.alternate = row.id, pick_seconds, alternate
        configure_catalog(
            uow.session,
            event_id,
            format_key=key,
            names=card_set(uow.session, row.id).legal_names(key),
            deadline=deadline,
            set_deadline=deck_deadline is not None,
        )
        flag_modified(event, "settings")  # the event's version moves: pages reload
        uow.audit(
            "draft.setup",
            "event",
            event_id,
            event_id=event_id,
            after={
                "set": row.code,
                "format": key,
                "pick_seconds": pick_seconds,
                "alternate": alternate,
                "deck_deadline": deadline.isoformat() if deadline else None,
            },
        )
        uow.notify(f"event:{event_id}", "draft", setup=True)
