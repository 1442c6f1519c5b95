"""``torneo transfer``: an event or a season to one JSON file, and into another database.

    torneo transfer export event 12 event-12.json
    torneo transfer export season "Stagione 2012" season.json
    TORNEO_DATABASE_URL=postgresql://... torneo transfer import event-12.json

What travels and why ids are kept: :mod:`torneo.transfer`. Exit code 2 with the field
named when the file or the database refuses (nothing is written then).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from torneo import transfer
from torneo.cards.cli_events import resolve_event
from torneo.cli.common import CLI_ACTOR, JsonFlag, console, edge, open_store, print_json
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.uow import Store
from torneo.seasons import views_standings

app = typer.Typer(help="Move an event or a season between databases as one JSON file.")


class Kind(StrEnum):
    event = "event"
    season = "season"
    poker = "poker"
    risiko = "risiko"


def _root_id(store: Store, kind: Kind, ref: str) -> int:
    if kind is Kind.event:
        return resolve_event(store, ref)
    if kind is Kind.season and not ref.strip().isdigit():
        return views_standings.season_info(store, ref).id
    if not ref.strip().isdigit():
        raise TorneoError(
            "id",
            N_("'%(ref)s' is not an id"),
            N_("the id of the %(kind)s"),
            params={"ref": ref, "kind": kind.value},
        )
    return int(ref)


@app.command("export")
def export(
    kind: Annotated[Kind, typer.Argument(help="What to export.")],
    ref: Annotated[str, typer.Argument(metavar="ID", help="Its id (an event or season: or name).")],
    file: Annotated[Path, typer.Argument(help="The JSON file to write.")],
    as_json: JsonFlag = False,
) -> None:
    """Write everything of one event (season, tournament) to FILE."""
    with edge(as_json=as_json):
        store = open_store()
        root = _root_id(store, kind, ref)
        document = transfer.export(store, CLI_ACTOR, kind.value, root)
        try:
            file.write_text(transfer.dumps(document), encoding="utf-8")
        except OSError as exc:
            raise TorneoError(
                "file",
                N_("cannot write %(path)s: %(detail)s"),
                N_("a writable path"),
                params={"path": file, "detail": exc.strerror},
            ) from exc
    rows = {name: len(r) for name, r in document["tables"].items()}
    if as_json:
        print_json({"kind": kind.value, "id": root, "file": str(file), "rows": rows})
        return
    console().print(f"{kind.value} {root} → {file} ({sum(rows.values())} rows)")


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A file written by `torneo transfer export`.")],
    as_json: JsonFlag = False,
) -> None:
    """Write FILE into this database (TORNEO_DATABASE_URL), all or nothing."""
    with edge(as_json=as_json):
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise TorneoError(
                "file",
                N_("cannot read %(path)s: %(detail)s"),
                N_("a readable file"),
                params={"path": file, "detail": exc.strerror},
            ) from exc
        done = transfer.import_document(open_store(), CLI_ACTOR, transfer.loads(raw))
    if as_json:
        print_json({"kind": done.kind, "id": done.root_id, "rows": done.rows})
        return
    console().print(f"{done.kind} {done.root_id} imported ({sum(done.rows.values())} rows)")
