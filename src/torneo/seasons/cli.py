"""``torneo season``: import past results, add finished events, show the season table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from torneo.cards.cli_events import resolve_event
from torneo.cli.common import (
    CLI_ACTOR,
    EXIT_INPUT,
    JsonFlag,
    console,
    edge,
    err_console,
    open_store,
    print_json,
    print_table,
)
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, commands_qualification, views_standings
from torneo.seasons import views as season_views
from torneo.seasons.rules.cut import CutHow
from torneo.seasons.rules.import_issues import SeasonImportError
from torneo.seasons.rules.settings import REGIONAL_CUT
from torneo.seasons.views_cut import CutState

app = typer.Typer(help="Seasons: imported results, season points, the ranking and its cut.")

SeasonArg = Annotated[str, typer.Argument(metavar="NAME", help="Season name.")]
Start = Annotated[
    str | None, typer.Option(help="First day, YYYY-MM-DD (default: the preset's season).")
]
End = Annotated[
    str | None, typer.Option(help="Last day, YYYY-MM-DD (default: the preset's season).")
]
Cut = Annotated[int, typer.Option(help="Places that qualify (INV-RANK-3).")]
# Issue 27: season names are unique per club; where two clubs use a name, say whose.
ClubOpt = Annotated[
    str | None, typer.Option("--club", help="The season's club (id or name): names are per club.")
]


def _club_id(club: str | None) -> int | None:
    """The id of ``club`` (an id or a club's name), or None."""
    if club is None:
        return None
    if club.isdigit():
        return int(club)
    from torneo.platform.clubs import club_by_name

    with open_store().read() as session:
        return club_by_name(session, club).id


def _print_summary(summary: seasons.ImportSummary, name: str, as_json: bool) -> None:
    if as_json:
        print_json(
            {
                "season_id": summary.season_id,
                "season": name,
                "season_created": summary.season_created,
                "tournaments": summary.tournaments,
                "results": summary.results,
                "void": [{"tournament": t, "breaches": list(b)} for t, b in summary.void],
                "unchecked": list(summary.unchecked),
            }
        )
        return
    out = console()
    if summary.season_created:
        out.print(f"Created season '{name}'.")
    out.print(
        f"Season '{name}': {summary.tournaments} tournament(s), {summary.results} result(s) added."
    )
    for tournament, breaches in summary.void:
        out.print(f"Void (INV-LEGAL-8): {tournament}", markup=False)
        for breach in breaches:
            out.print(f"  - {breach}", markup=False)
    note = seasons.unchecked_note(summary)
    if note is not None:
        out.print(f"Note: {note.english()}", markup=False)


@app.command("create")
def create(
    name: SeasonArg,
    preset: Annotated[str, typer.Option(help="Ruleset preset, e.g. invasion-it-2012.")],
    start: Start = None,
    end: End = None,
    cut: Cut = REGIONAL_CUT,
    club: ClubOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Create an empty season (INV-SEASON-1 dates)."""
    with edge(as_json=as_json):
        store = open_store()
        season_id = seasons.create_season(
            store,
            CLI_ACTOR,
            name=name,
            preset=preset,
            start=start,
            end=end,
            cut_size=cut,
            club=club,
        )
        info = views_standings.season_info(store, season_id)
    if as_json:
        print_json(_info_json(info))
    else:
        console().print(
            f"Created season '{info.name}' ({info.preset}, "
            f"{info.starts_on.isoformat()} – {info.ends_on.isoformat()})"
        )


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="CSV: tournament,date,store,major,player,...")],
    season: Annotated[str, typer.Option("--season", help="Season name (created if absent).")],
    preset: Annotated[str, typer.Option(help="Ruleset preset, e.g. invasion-it-2012.")],
    start: Start = None,
    end: End = None,
    cut: Cut = REGIONAL_CUT,
    club: ClubOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Import a season's past results; every wrong row is listed and nothing is imported."""
    with edge(as_json=as_json):
        try:
            text = file.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise TorneoError(
                "file",
                N_("cannot read %(path)s: %(detail)s"),
                N_("a CSV file"),
                params={"path": file, "detail": exc.strerror},
            ) from exc
        except UnicodeDecodeError as exc:
            raise TorneoError(
                "file",
                N_("%(path)s is not UTF-8 text"),
                N_("a UTF-8 CSV file"),
                params={"path": file},
            ) from exc
        store = open_store()
        try:
            summary = seasons.import_season_csv(
                store,
                CLI_ACTOR,
                season,
                preset,
                text,
                start=start,
                end=end,
                cut_size=cut,
                club=club,
            )
        except SeasonImportError as error:
            _print_issues(error, file, as_json)
    _print_summary(summary, season, as_json)


def _print_issues(error: SeasonImportError, file: Path, as_json: bool) -> NoReturn:
    """Every problem of the file, one a line (the error message itself shows only five)."""
    if as_json:
        import json

        issues = [
            {"row": i.row, "column": i.column, "reason": i.reason, "accepted": i.accepted}
            for i in error.issues
        ]
        typer.echo(json.dumps({"error": error.code, "field": "file", "issues": issues}), err=True)
    else:
        out = err_console()
        count = len(error.issues)
        out.print(
            f"[bold red]Error[/] [bold]file[/]: {file} has {count} problem"
            f"{'s' if count != 1 else ''}; nothing imported"
        )
        for issue in error.issues:
            out.print(f"  {issue.text()}", markup=False)
    raise typer.Exit(EXIT_INPUT)


@app.command("add-event")
def add_event(
    name: SeasonArg,
    event: Annotated[str, typer.Argument(metavar="EVENT", help="Finished event id or name.")],
    store_name: Annotated[
        str | None, typer.Option("--store", help="Store holding it (default: its location).")
    ] = None,
    club: ClubOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Put a finished event in the season (again: refresh its results after a correction)."""
    with edge(as_json=as_json):
        store = open_store()
        event_id = resolve_event(store, event)
        summary = commands_events.add_finished_event_to_season(
            store, CLI_ACTOR, name, event_id, store_name=store_name, club=_club_id(club)
        )
    _print_summary(summary, name, as_json)


@app.command("recompute")
def recompute(name: SeasonArg, club: ClubOpt = None, as_json: JsonFlag = False) -> None:
    """Check and score every tournament of the season again from its stored results."""
    with edge(as_json=as_json):
        summary = seasons.recompute_season(open_store(), CLI_ACTOR, name, club=_club_id(club))
    _print_summary(summary, name, as_json)


def _info_json(info: views_standings.SeasonInfo) -> dict[str, object]:
    return {
        "id": info.id,
        "name": info.name,
        "preset": info.preset,
        "start": info.starts_on.isoformat(),
        "end": info.ends_on.isoformat(),
        "cut_size": info.cut_size,
        "tournaments": info.tournaments,
        "void": [{"tournament": t, "breaches": list(b)} for t, b in info.void],
    }


@app.command("list")
def list_(as_json: JsonFlag = False) -> None:
    """Seasons with their dates and tournaments."""
    with edge(as_json=as_json):
        infos = views_standings.list_seasons(open_store())
    if as_json:
        print_json([_info_json(i) for i in infos])
        return
    print_table(
        "Seasons",
        ["name", "preset", "start", "end", "tournaments", "void", "cut"],
        [
            (
                i.name,
                i.preset,
                i.starts_on.isoformat(),
                i.ends_on.isoformat(),
                i.tournaments,
                len(i.void),
                i.cut_size,
            )
            for i in infos
        ],
    )


@app.command("standings")
def standings(name: SeasonArg, club: ClubOpt = None, as_json: JsonFlag = False) -> None:
    """The season table: points, W, S, MW, MP, T (INV-RANK-1), dense rank (INV-RANK-2), the
    cut (INV-RANK-3) with any tie across it and its decision."""
    with edge(as_json=as_json):
        store = open_store()
        info = views_standings.season_info(store, name, _club_id(club))
        page = season_views.season_page(store, info.id)  # the read model of the page and the API
    rows, cut = page.rows, page.cut
    if as_json:
        print_json([r.as_dict() for r in rows])
        return
    table_rows = []
    for r in rows:
        table_rows.append(
            (
                r.rank,
                r.player,
                r.club,
                r.points,
                r.wins,
                r.seconds,
                r.major_wins,
                r.best_major_place,
                r.played,
                str(r.final_bonus) if r.final_bonus else "",
                _qualified_cell(r.qualified, r.tied_at_cut, r.cut_decided, cut.how),
            )
        )
    print_table(
        f"{info.name} — {info.starts_on.isoformat()} – {info.ends_on.isoformat()} "
        f"(cut: {info.cut_size})",
        ["#", "player", "club", "points", "W", "S", "MW", "MP", "T", "final bonus", "qualified"],
        table_rows,
    )
    _print_cut(cut, name)
    for tournament, breaches in info.void:
        console().print(f"Void (INV-LEGAL-8): {tournament}: {'; '.join(breaches)}", markup=False)


def _qualified_cell(qualified: bool, tied: bool, decided: bool, how: CutHow | None) -> str:
    if tied:  # INV-RANK-3: a tie across the cut is the organizer's, not the ids' order
        return "tie"
    mark = "✓" if qualified else ""
    if decided:  # settled by the organizer, or by lot
        return f"{mark} (lot)" if how is CutHow.LOT else f"{mark} (decision)"
    return mark


def _print_cut(cut: CutState, name: str) -> None:
    out = console()
    names = ", ".join(p.player for p in cut.tied)
    if cut.open:
        out.print(
            f"Tie at the cut (INV-RANK-3): {names} are equal on every criterion across the cut "
            f"line, for {cut.seats} place(s); the organizer decides who qualifies: "
            f"torneo season decide-cut '{name}' --qualified ID ... (or --lot).",
            markup=False,
        )
        if cut.stale:
            out.print("The decision recorded earlier was for another tie.", markup=False)
    elif cut.decided:
        how = f"drawn lot (seed {cut.seed})" if cut.how is CutHow.LOT else "organizer's decision"
        went = ", ".join(p.player for p in cut.qualified)
        note = f" — {cut.note}" if cut.note else ""
        out.print(
            f"Tie at the cut (INV-RANK-3) between {names}, settled by {how}: {went} "
            f"qualif{'ies' if len(cut.qualified) == 1 else 'y'}{note}.",
            markup=False,
        )


@app.command("decide-cut")
def decide_cut(
    name: SeasonArg,
    qualified: Annotated[
        list[int] | None,
        typer.Option("--qualified", help="A tied player's id who qualifies (repeat the option)."),
    ] = None,
    lot: Annotated[
        bool, typer.Option("--lot", help="Draw a lot between the tied players.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="The lot's seed (default: random).")] = None,
    note: Annotated[str, typer.Option(help="Why, as it will stay in the audit log.")] = "",
    club: ClubOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """INV-RANK-3: settle a tie on every criterion across the Regional cut (audited)."""
    with edge(as_json=as_json):
        store = open_store()
        season_id = views_standings.season_info(store, name, _club_id(club)).id
        decision = commands_qualification.decide_cut(
            store, CLI_ACTOR, season_id, qualified=qualified, lot=lot, seed=seed, note=note
        )
        cut = season_views.season_page(store, season_id).cut
    if as_json:
        print_json(decision.as_record())
        return
    _print_cut(cut, name)


@app.command("placement-bonus")
def placement_bonus(
    name: SeasonArg,
    values: Annotated[
        list[str] | None,
        typer.Argument(help="The bonus of positions 1, 2, ... e.g. 1.5 1 0.5 (none: no bonus)."),
    ] = None,
    club: ClubOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """INV-RANK-3: the National Final bonus of the season's best placements (audited)."""
    with edge(as_json=as_json):
        store = open_store()
        season_id = views_standings.season_info(store, name, _club_id(club)).id
        bonus = commands_qualification.set_placement_bonus(
            store, CLI_ACTOR, season_id, values or []
        )
    if as_json:
        print_json({"season": name, "placement_bonus": [str(b) for b in bonus]})
        return
    shown = ", ".join(f"{i}. +{b}" for i, b in enumerate(bonus, start=1)) or "none"
    console().print(f"Season '{name}': National Final placement bonus: {shown}.", markup=False)
