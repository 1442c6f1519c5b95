"""``torneo cards``: card sets (import, list, generate) and the live draft from the terminal.

Bad input prints every bad row of the file and exits 2 with nothing imported
(docs/card-sets.md). Every command takes ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.cli.common import CLI_ACTOR, edge, open_store, print_json, print_table

app = typer.Typer(
    help="Card sets (import, list, generate) and the live draft of online card events.",
    no_args_is_help=True,
)
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@app.command("import-set")
def import_set(
    file: Annotated[Path, typer.Argument(help="A .json set, or a .csv of its cards")],
    code: Annotated[str, typer.Option(help="CSV: the set's code")] = "",
    name: Annotated[str, typer.Option(help="CSV: the set's name")] = "",
    booster: Annotated[str | None, typer.Option(help="CSV: common=4,uncommon=2,rare=1")] = None,
    starter: Annotated[str | None, typer.Option(help="CSV: common=20,uncommon=7,rare=3")] = None,
    club: Annotated[str | None, typer.Option(help="The club it belongs to")] = None,
    shared: Annotated[bool, typer.Option(help="Every club's set")] = False,
    as_json: Json = False,
) -> None:
    """Import a card set: all of it, or nothing with every bad row listed."""
    from torneo.cards.sets import commands as sets
    from torneo.core.errors import TorneoError
    from torneo.core.messages import N_

    with edge(as_json=as_json):
        try:
            text = file.read_text("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise TorneoError(
                "file",
                N_("cannot be read: %(detail)s"),
                N_("a UTF-8 CSV or JSON file"),
                params={"detail": str(exc)[:80]},
            ) from exc
        kind = "csv" if file.suffix.lower() == ".csv" else "json"
        parsed = sets.parse_set(text, kind, code=code, name=name, booster=booster, starter=starter)
        set_id = sets.import_set(
            open_store(), CLI_ACTOR, parsed, source=kind, club=club, shared=shared
        )
    if as_json:
        print_json({"id": set_id, "code": parsed.code, "cards": len(parsed.cards)})
    else:
        typer.echo(f"imported {parsed.code}: {len(parsed.cards)} cards")


@app.command("sets")
def list_sets(as_json: Json = False) -> None:
    """The imported card sets."""
    from torneo.cards.draft import views as views

    lines = views.card_sets(open_store())
    if as_json:
        print_json([_line(line) for line in lines])
        return
    print_table(
        None,
        ("code", "club", "name", "cards", "booster", "starter"),
        [
            (x.code, "-" if x.club_id is None else x.club_id, x.name, x.cards, x.booster, x.starter)
            for x in lines
        ],
    )


def _line(line: object) -> dict[str, object]:
    keys = ("code", "club_id", "name", "cards", "booster", "starter", "shared")
    return {k: getattr(line, k) for k in keys}


@app.command("generate-set")
def generate_set(
    seed: Annotated[int, typer.Option(help="The same seed gives the same set")] = 2026,
    code: Annotated[str, typer.Option(help="The set's code")] = "DEMO",
    name: Annotated[str, typer.Option(help="The set's name")] = "Set dimostrativo",
) -> None:
    """Print a made-up set as JSON (the demo set is seed 2026), to rehearse an event."""
    from torneo.cards.rules.set_files import to_json
    from torneo.cards.rules.set_generator import generate_set as generate

    with edge():
        typer.echo(to_json(generate(seed, code=code, name=name)), nl=False)


@app.command("draft-start")
def draft_start(
    event: Annotated[int, typer.Argument(help="The event's id")], as_json: Json = False
) -> None:
    """BER-DRAFT-1: start the event's draft (its set and format chosen first)."""
    from torneo.cards.draft import commands as draft

    with edge(as_json=as_json):
        pods = draft.start_draft(open_store(), CLI_ACTOR, event)
    if as_json:
        print_json({"pods": pods})
    else:
        typer.echo(f"draft started: {pods} pods")


@app.command("picks")
def picks(
    event: Annotated[int, typer.Argument(help="The event's id")],
    player: Annotated[int | None, typer.Option(help="One player's picks")] = None,
) -> None:
    """The pick log as CSV (the judges' record; reproducible from the seed)."""
    from torneo.cards.draft import views as views

    with edge():
        typer.echo(
            views.pick_log_csv(views.pick_log(open_store(), CLI_ACTOR, event, player)), nl=False
        )
