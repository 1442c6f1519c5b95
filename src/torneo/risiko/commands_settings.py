"""Changing a RisiKo! tournament after it is created: its settings and its regulation.

One transaction each, like every use case of :mod:`torneo.risiko.commands`.

Decisions where the rules are silent:
- The rules can be changed until the first draw; after it they are fixed, since every standing
  depends on them. The name, place, date, season and class stay editable.
- RSK-TBL-2: the structure (table sizes, semifinal tables, the final table's size) may still
  change between rounds when the field changed (:func:`change_structure`, with a reason), as
  long as the stage it shapes has not been drawn.
- RSK-REG-1: a published regulation may be corrected; every version is on the audit log and must
  still have the four parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.inputs import clean_name, parse_date
from torneo.core.messages import N_, Term
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.risiko.commands import (
    MAX_TEXT,
    apply_rule_changes,
    check_kind,
    clean_optional,
    not_finished,
    too_long,
    topic,
    touch,
)
from torneo.risiko.rules.regulation import Regulation, RegulationPart, can_publish
from torneo.risiko.state import (
    Stage,
    check_version,
    get_tournament,
    regulation_to_json,
    rules_of,
)
from torneo.risiko.state_access import authorize_tournament
from torneo.risiko.structure import unfinished_round


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
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        before = {"rules": row.rules, "name": row.name}
        rules = rules_of(row)
        if any(v is not None for v in rule_changes.values()):
            new_rules = apply_rule_changes(rules, rule_changes)
            if new_rules != rules and row.rounds:
                raise Conflict(
                    "rules",
                    N_("the rules are fixed once the first round is drawn"),
                    N_("change them before the first draw"),
                )
            rules = new_rules
            row.rules = rules.model_dump(mode="json")
        if name is not None:
            row.name = clean_name("name", name)
        if held_on is not None:
            row.held_on = parse_date("held_on", held_on)
        if location is not None:
            row.location = clean_optional("location", location)
        if season is not None:
            row.season = clean_optional("season", season, 40)
        if kind is not None:
            row.kind = check_kind(rules, kind)
        touch(row)
        uow.notify(topic(row.id), "settings")
        uow.audit(
            "risiko.settings",
            "risiko_tournament",
            row.id,
            before=before,
            after={"rules": row.rules, "name": row.name},
        )


# --- the structure between rounds (RSK-TBL-2) -------------------------------------------------

# What may change once the tournament has begun, and the stage it must come before (the table
# sizes seat the qualifying games, so they are fixed once the semifinals are drawn).
_STRUCTURE = {
    "table_policy": Stage.SEMIFINAL,
    "semifinal_tables": Stage.SEMIFINAL,
    "final_table_size": Stage.FINAL,
}


def change_structure(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    reason: str | None,
    version: int | None = None,
    **changes: Any,
) -> None:
    """RSK-TBL-2: between rounds, when the field changed, the table sizes and the number of
    semifinal tables (or the final table's size) may change, with a reason, on the audit log.
    A stage already drawn keeps its structure; the scoring stays fixed."""
    precheck(actor, Action.MANAGE)
    unknown = [k for k, v in changes.items() if v is not None and k not in _STRUCTURE]
    if unknown:
        raise TorneoError(
            unknown[0],
            N_("is not part of the structure that may change between rounds"),
            ", ".join(_STRUCTURE),
        )
    wanted = {k: v for k, v in changes.items() if v is not None}
    if not (reason or "").strip():
        raise TorneoError(
            "reason", N_("a change of structure needs a reason"), N_("a short text for the record")
        )
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        if row.rounds:
            waiting = unfinished_round(row, row.rounds[-1])
            if waiting is not None:
                raise waiting.raise_as(Conflict)
        drawn = {r.stage for r in row.rounds}
        for key in wanted:
            if _STRUCTURE[key] in drawn:
                raise Conflict(
                    key,
                    N_("the %(stage)s has been drawn: its structure is fixed"),
                    N_("change it before that stage is drawn"),
                    params={"stage": Term(_STRUCTURE[key])},
                    rule="RSK-TBL-2",
                )
        before = rules_of(row)
        after = apply_rule_changes(before, wanted)
        row.rules = after.model_dump(mode="json")
        touch(row)
        uow.notify(topic(row.id), "settings")
        uow.audit(
            "risiko.structure",
            "risiko_tournament",
            row.id,
            before={k: getattr(before, k) for k in wanted},
            after={k: getattr(after, k) for k in wanted},
            reason=reason,
        )


# --- regulation (RSK-REG-1) -------------------------------------------------------------------


def _regulation_input(parts: Mapping[str, str | None]) -> Regulation:
    values: dict[str, str] = {}
    for part in RegulationPart:
        text = (parts.get(part.value) or "").replace("\r\n", "\n").strip()
        if len(text) > MAX_TEXT:
            raise too_long(f"regulation.{part.value}", len(text), MAX_TEXT)
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
    precheck(actor, Action.MANAGE)
    regulation = _regulation_input(parts)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
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


__all__ = ["change_structure", "save_regulation", "update_settings"]
