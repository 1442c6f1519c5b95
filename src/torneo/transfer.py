"""Export an event (or a season, a poker or RisiKo! tournament) to one JSON file, and import it.

The file holds every row the thing owns, found from the tables themselves (``Base.metadata``),
so a discipline that adds tables is carried without a change here:

- the **root** row (an event, a season, a poker or RisiKo! tournament);
- every row **owned** by an exported row: a foreign key to it with ``ON DELETE CASCADE``
  (an event's registrations, rounds, matches, judging rows, self-reports; a season's
  tournaments and results), recursively;
- every row an exported row **refers** to, with what that row owns: a season's tournaments
  refer to their events, so a season carries its events whole;
- the **players** and **accounts** referred to (accounts without their password hash: an
  imported account cannot log in until an organizer sets a password);
- the **audit log** of the exported events: the history travels with the results.

Decisions:

- **Ids are kept.** Rows carry ids inside JSON columns too (the Top X seeds of an event, the
  effects of a judge's ruling, a poker structure), which no generic renumbering could find; so
  the import writes every row with its own id, and refuses (409, naming the table and the ids)
  when one is already taken by another row. The intended target is an empty database (a new
  server, a restored backup); a player row with the same id *and* the same name is taken as the
  same player and reused. PostgreSQL sequences are moved past the imported ids.
- **Accounts are matched by user name**: an existing account with that name is used (its id
  replaces the file's in every foreign key to accounts); a missing one is created, disabled,
  and never an administrator, whatever the file says.
- **Clubs are matched by name** (issue 12): the owning club of the file's rows is the club of
  that name here, and the importer must run it (an organizer or owner of it, or the admin); a
  club missing here is created only by the admin. Exporting takes an organizer of the owning
  club too: an export holds the staff's private records.
- **Audit rows get new ids** (nothing refers to them) and one more row records the import.
- The whole import is **one transaction**: a refused or broken file leaves the database as it
  was. The file names its format and version; an unknown table or column is refused.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Column, Date, DateTime, Table, select, text
from sqlalchemy.orm import Session

import torneo.tables  # noqa: F401  (every table module, so the metadata is complete)
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action, Resource
from torneo.platform.guards import authorize, precheck
from torneo.platform.store.tables import Base
from torneo.platform.store.uow import Actor, Store, UnitOfWork

FORMAT = "torneo-transfer"
VERSION = 1
ROOTS = {
    "event": "events",
    "season": "seasons",
    "poker": "poker_tournaments",
    "risiko": "risiko_tournaments",
}
_KINDS = N_("event, season, poker, risiko")  # what may be exported: the keys of ROOTS
SHARED = ("players", "users", "clubs")  # referred to, never owned: carried as they are
AUDIT = "audit_log"
DISABLED_PASSWORD = "!imported-account-without-password"
CHUNK = 500


@dataclass(frozen=True, slots=True)
class Imported:
    kind: str
    root_id: int
    rows: dict[str, int]  # table → rows written (players and accounts reused are not counted)


def _tables() -> dict[str, Table]:
    return {t.name: t for t in Base.metadata.sorted_tables}


def _owned_by() -> dict[str, list[tuple[Table, Column[Any]]]]:
    """For each table, the (child table, column) pairs of rows it owns (ON DELETE CASCADE)."""
    owned: dict[str, list[tuple[Table, Column[Any]]]] = defaultdict(list)
    for table in Base.metadata.sorted_tables:
        for fk in table.foreign_keys:
            if (fk.ondelete or "").upper() == "CASCADE":
                owned[fk.column.table.name].append((table, fk.parent))
    return owned


def _references(table: Table) -> list[tuple[Column[Any], str]]:
    """Foreign keys of ``table`` that are not ownership: (column, referred table)."""
    return [
        (fk.parent, fk.column.table.name)
        for fk in table.foreign_keys
        if (fk.ondelete or "").upper() != "CASCADE"
    ]


def _chunks(values: Sequence[int]) -> Iterable[Sequence[int]]:
    for i in range(0, len(values), CHUNK):
        yield values[i : i + CHUNK]


def _collect(session: Session, root_table: str, root_id: int) -> dict[str, set[int]]:
    ids: dict[str, set[int]] = defaultdict(set)
    todo: list[tuple[str, int]] = [(root_table, root_id)]
    while todo:
        _own_subtrees(session, ids, todo)  # ownership first: the subtree of every new root...
        todo = _referred(session, ids)  # ...then what those rows refer to
    _linked_players(session, ids)
    return {k: v for k, v in ids.items() if v}


def _own_subtrees(session: Session, ids: dict[str, set[int]], todo: list[tuple[str, int]]) -> None:
    """Add every row of ``todo`` and the rows it owns, transitively, to ``ids``."""
    owned = _owned_by()
    while todo:
        name, row_id = todo.pop()
        if row_id in ids[name]:
            continue
        ids[name].add(row_id)
        for child, column in owned.get(name, ()):
            for (child_id,) in session.execute(select(child.c.id).where(column == row_id)):
                if child_id not in ids[child.name]:
                    todo.append((child.name, int(child_id)))


def _referred(session: Session, ids: dict[str, set[int]]) -> list[tuple[str, int]]:
    """Rows the collected rows refer to: shared rows are added as they are; the others are
    returned, to be collected with their subtree."""
    tables = _tables()
    todo: list[tuple[str, int]] = []
    for name in list(ids):
        table = tables[name]
        refs = _references(table)
        if not refs:
            continue
        for chunk in _chunks(sorted(ids[name])):
            stmt = select(*(c for c, _ in refs)).where(table.c.id.in_(chunk))
            for values in session.execute(stmt):
                for (_, target), value in zip(refs, values, strict=True):
                    if value is None or int(value) in ids[target]:
                        continue
                    if target in SHARED:
                        ids[target].add(int(value))
                    else:
                        todo.append((target, int(value)))
    return todo


def _linked_players(session: Session, ids: dict[str, set[int]]) -> None:
    """An account linked to a player brings the player along."""
    users = _tables()["users"]
    for chunk in _chunks(sorted(ids.get("users", ()))):
        for (player_id,) in session.execute(select(users.c.player_id).where(users.c.id.in_(chunk))):
            if player_id is not None:
                ids["players"].add(int(player_id))


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _decode(column: Column[Any], value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column.type, DateTime):
        moment = datetime.fromisoformat(value)
        if column.type.timezone and moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC moments
        return moment
    if isinstance(column.type, Date):
        return date.fromisoformat(value)
    return value


def _rows(session: Session, table: Table, ids: set[int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    columns = [
        c for c in table.columns if not (table.name == "users" and c.name == "password_hash")
    ]
    for chunk in _chunks(sorted(ids)):
        stmt = select(*columns).where(table.c.id.in_(chunk)).order_by(table.c.id)
        out.extend(
            {k: _encode(v) for k, v in row._mapping.items()} for row in session.execute(stmt)
        )
    return out


def export(store: Store, actor: Actor, kind: str, root_id: int) -> dict[str, Any]:
    """Everything of one event (season, tournament) as a JSON-ready document."""
    precheck(actor, Action.MANAGE)
    if kind not in ROOTS:
        raise TorneoError(
            "kind", N_("'%(kind)s' cannot be exported"), _KINDS, params={"kind": kind}
        )
    tables = _tables()
    with store.read() as session:
        root = tables[ROOTS[kind]]
        found = session.execute(select(root.c.club_id).where(root.c.id == root_id)).first()
        if found is not None:
            authorize(actor, Action.MANAGE, Resource(kind, root_id, club_id=int(found[0])))
        if found is None:
            raise NotFound(
                "id",
                N_("no %(kind)s %(id)s"),
                N_("the id of an existing %(kind)s"),
                params={"kind": kind, "id": root_id},
            )
        ids = _collect(session, root.name, root_id)
        document: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "kind": kind,
            "root_id": root_id,
            "exported_at": store.clock().isoformat(),
            "schema": _schema_revision(session),
            "tables": {},
        }
        for table in Base.metadata.sorted_tables:
            if table.name in ids:
                document["tables"][table.name] = _rows(session, table, ids[table.name])
        events = sorted(ids.get("events", ()))
        if events:
            audit = tables[AUDIT]
            rows: list[dict[str, Any]] = []
            for chunk in _chunks(events):
                stmt = select(audit).where(audit.c.event_id.in_(chunk)).order_by(audit.c.id)
                rows.extend(
                    {k: _encode(v) for k, v in r._mapping.items()} for r in session.execute(stmt)
                )
            document["tables"][AUDIT] = rows
    return document


def _schema_revision(session: Session) -> str | None:
    try:
        value = session.scalar(text("SELECT version_num FROM alembic_version"))
    except Exception:
        return None
    return str(value) if value is not None else None


def dumps(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True)


def loads(raw: str | bytes) -> dict[str, Any]:
    try:
        document = json.loads(raw)
    except ValueError as exc:
        raise TorneoError(
            "file",
            N_("is not JSON: %(detail)s"),
            N_("a file written by torneo export"),
            params={"detail": exc},
        ) from exc
    if not isinstance(document, dict):
        raise TorneoError("file", N_("is not a Torneo transfer file"), N_("a JSON object"))
    check_header(document)
    return document


def check_header(document: dict[str, Any]) -> None:
    if document.get("format") != FORMAT:
        raise TorneoError(
            "file",
            N_("is not a Torneo transfer file"),
            N_('a JSON object with "format": "%(format)s"'),
            params={"format": FORMAT},
        )
    if document.get("version") != VERSION:
        raise TorneoError(
            "version",
            N_("file version %(version)s"),
            N_("version %(expected)s"),
            params={"version": repr(document.get("version")), "expected": VERSION},
        )
    if document.get("kind") not in ROOTS or not isinstance(document.get("root_id"), int):
        raise TorneoError(
            "kind",
            N_("%(kind)s"),
            _KINDS,
            params={"kind": repr(document.get("kind"))},
        )
    if not isinstance(document.get("tables"), dict):
        raise TorneoError("tables", N_("is missing"), N_("the tables of the export"))


def _check_shape(document: dict[str, Any]) -> dict[str, Table]:
    tables = _tables()
    for name, rows in document["tables"].items():
        table = tables.get(name)
        if table is None:
            raise TorneoError(
                "tables",
                N_("unknown table '%(table)s'"),
                N_("tables of this Torneo version"),
                params={"table": name},
            )
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise TorneoError(
                f"tables.{name}", N_("is not a list of rows"), N_("a JSON array of objects")
            )
        known = set(table.columns.keys())
        for row in rows:
            unknown = set(row) - known
            if unknown:
                raise TorneoError(
                    f"tables.{name}",
                    N_("unknown column(s) %(columns)s"),
                    N_("columns of this Torneo version"),
                    params={"columns": ", ".join(sorted(unknown))},
                )
            if name != AUDIT and not isinstance(row.get("id"), int):
                raise TorneoError(
                    f"tables.{name}", N_("a row has no integer id"), N_("rows with ids")
                )
    return tables


def import_document(store: Store, actor: Actor, document: dict[str, Any]) -> Imported:
    """Write an export into this database in one transaction (module doc: ids are kept)."""
    precheck(actor, Action.MANAGE)
    check_header(document)
    tables = _check_shape(document)
    data: dict[str, list[dict[str, Any]]] = document["tables"]
    written: dict[str, int] = {}
    explicit: list[str] = []
    with store.unit(actor) as uow:
        session = uow.session
        user_map: dict[int, int] = {}
        club_map: dict[int, int] = {}
        for table in Base.metadata.sorted_tables:  # referred rows before the rows referring
            name = table.name
            if name == "users":  # after the players, before everything that names an account
                user_map = _import_users(session, table, data.get("users", []), written)
                continue
            if name == "clubs":  # before everything a club owns
                club_map = _import_clubs(uow, table, data.get("clubs", []), written)
                continue
            if name == AUDIT or name not in data:
                continue
            rows = [_decoded(table, r, user_map, club_map) for r in data[name]]
            if name == "players":
                rows = _new_players(session, table, rows)
            else:
                _refuse_taken(session, table, [r["id"] for r in rows])
            if rows:
                session.execute(table.insert(), rows)
                explicit.append(name)
            written[name] = len(rows)
        audit_rows = [
            {k: v for k, v in _decoded(tables[AUDIT], r, user_map, club_map).items() if k != "id"}
            for r in data.get(AUDIT, [])
        ]
        if audit_rows:
            session.execute(tables[AUDIT].insert(), audit_rows)
        written[AUDIT] = len(audit_rows)
        if session.get_bind().dialect.name == "postgresql":
            for name in [*explicit, "users"]:
                session.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"GREATEST((SELECT COALESCE(MAX(id), 0) FROM {name}), 1))"
                    )
                )
        kind, root_id = str(document["kind"]), int(document["root_id"])
        uow.audit(
            "transfer.import",
            kind,
            root_id,
            event_id=root_id if kind == "event" else None,
            after={"rows": written, "exported_at": document.get("exported_at")},
        )
    return Imported(kind, root_id, written)


def _decoded(
    table: Table, row: dict[str, Any], user_map: dict[int, int], club_map: dict[int, int]
) -> dict[str, Any]:
    out = {k: _decode(table.c[k], v) for k, v in row.items()}
    for column, target in _references(table):
        if target == "users" and out.get(column.name) is not None:
            out[column.name] = user_map[int(out[column.name])]
        if target == "clubs" and out.get(column.name) is not None:
            out[column.name] = club_map[int(out[column.name])]
    return out


def _import_clubs(
    uow: UnitOfWork, table: Table, rows: list[dict[str, Any]], written: dict[str, int]
) -> dict[int, int]:
    """The file's clubs by name: the club here, which the importer must run (module doc)."""
    club_map: dict[int, int] = {}
    created = 0
    for row in rows:
        found = uow.session.execute(select(table.c.id).where(table.c.name == row["name"])).first()
        if found is None:
            if not uow.actor.admin:
                raise NotFound(
                    "file",
                    N_("the file's club '%(name)s' is not on this server"),
                    N_("a club of this server (the admin creates clubs)"),
                    params={"name": row["name"]},
                )
            values = {k: _decode(table.c[k], v) for k, v in row.items() if k != "id"}
            club_id = int(
                uow.session.execute(
                    table.insert().values(**values).returning(table.c.id)
                ).scalar_one()
            )
            created += 1
        else:
            club_id = int(found[0])
        authorize(uow.actor, Action.CREATE, Resource("import", None, club_id=club_id))
        club_map[int(row["id"])] = club_id
    written["clubs"] = created
    return club_map


def _refuse_taken(session: Session, table: Table, ids: list[int]) -> None:
    taken: list[int] = []
    for chunk in _chunks(sorted(ids)):
        taken.extend(
            int(i) for (i,) in session.execute(select(table.c.id).where(table.c.id.in_(chunk)))
        )
    if taken:
        shown = ", ".join(str(i) for i in taken[:10])
        raise Conflict(
            "file",
            N_("table %(table)s already has the id(s) %(ids)s of this export"),
            N_("an empty database (torneo db upgrade on a new one), or one without these rows"),
            params={"table": table.name, "ids": shown},
        )


def _new_players(
    session: Session, table: Table, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Players not yet here; one with the same id and name is the same player (reused)."""
    existing: dict[int, str] = {}
    for chunk in _chunks(sorted(r["id"] for r in rows)):
        stmt = select(table.c.id, table.c.name).where(table.c.id.in_(chunk))
        existing.update({int(i): str(n) for i, n in session.execute(stmt)})
    clash = [r for r in rows if r["id"] in existing and existing[r["id"]] != r["name"]]
    if clash:
        first = clash[0]
        raise Conflict(
            "file",
            N_("player id %(id)s is '%(here)s' here, '%(there)s' in the file"),
            N_("an empty database, or one whose players have the same ids"),
            params={"id": first["id"], "here": existing[first["id"]], "there": first["name"]},
        )
    return [r for r in rows if r["id"] not in existing]


def _import_users(
    session: Session, table: Table, rows: list[dict[str, Any]], written: dict[str, int]
) -> dict[int, int]:
    """Accounts by user name: the existing one, or a new disabled one (module doc)."""
    user_map: dict[int, int] = {}
    created = 0
    for row in rows:
        found = session.execute(
            select(table.c.id).where(table.c.username == row["username"])
        ).first()
        if found is not None:
            user_map[int(row["id"])] = int(found[0])
            continue
        values = {k: _decode(table.c[k], v) for k, v in row.items() if k != "id"}
        values["password_hash"] = DISABLED_PASSWORD
        values["is_admin"] = False  # rights are this server's to give (module doc)
        new_id = session.execute(table.insert().values(**values).returning(table.c.id)).scalar_one()
        user_map[int(row["id"])] = int(new_id)
        created += 1
    written["users"] = created
    return user_map
