"""``torneo fantasy``: fantasy leagues from a terminal (issue 18).

Reads (``list``, ``show``, ``score``) render the read models of :mod:`torneo.fantasy.views`;
with ``--json`` they print what the API answers for the same thing. On the server's shell the
administrator may import a matchday's vote file (``import-votes``, as the CLI's admin actor,
audited like every write); rosters, transfers and lineups are the managers' own, in the web
app (``/fantasy``) or the API (``/api/v1/fantasy``). ``sample-files`` writes a made-up season's
files (fixtures, prices, a matchday's votes as XLSX and CSV) to try the imports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.cli.common import (
    CLI_ACTOR,
    JsonFlag,
    console,
    edge,
    open_store,
    print_json,
    print_table,
)
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views
from torneo.fantasy.pages_render import LABELS
from torneo.fantasy.rules import samples
from torneo.fantasy.rules.players import fraction_text
from torneo.fantasy.schemas import LeagueOut, MatchdayDataOut, ScoreOut, SummaryOut

app = typer.Typer(
    help="Fantasy leagues: standings, a team's score explained, importing a matchday's votes.\n\n"
    "Rosters, transfers and lineups are the managers' own: the web app (/fantasy) and the API "
    "(/api/v1/fantasy)."
)

LeagueArg = Annotated[
    int,
    typer.Argument(
        metavar="LEAGUE", min=1, max=2**31 - 1, help="League id (see `torneo fantasy list`)."
    ),
]
DayArg = Annotated[int, typer.Argument(metavar="MATCHDAY", min=1, max=60)]


@app.command("list")
def list_(as_json: JsonFlag = False) -> None:
    """Leagues, newest first."""
    with edge(as_json=as_json):
        rows = views.list_leagues(open_store())
    if as_json:
        print_json([SummaryOut.model_validate(r).model_dump(mode="json") for r in rows])
        return
    print_table(
        "Fantasy leagues",
        ["id", "name", "season", "teams", "matchdays", "scored"],
        [(r.id, r.name, r.season, r.teams, r.matchdays, r.scored) for r in rows],
    )


@app.command("show")
def show(league: LeagueArg, as_json: JsonFlag = False) -> None:
    """The standings (season total, stages won, best stage) and the stage winners."""
    with edge(as_json=as_json):
        page = views.league_page(open_store(), league)
    if as_json:
        print_json(LeagueOut.of(page).model_dump(mode="json"))
        return
    console().print(f"[bold]{page.name}[/bold] · season {page.season}")
    print_table(
        None,
        ["#", "team", "manager", "points", "stages", "best"],
        [
            (
                r.place,
                r.team,
                r.manager,
                fraction_text(r.total),
                r.stages_won,
                fraction_text(r.best) if r.best is not None else "",
            )
            for r in page.standings
        ],
    )
    for day, prizes in sorted(page.stage_winners.items()):
        names = ", ".join(f"{p.team} ({fraction_text(p.total)})" for p in prizes) or "-"
        console().print(f"matchday {day}: {names}")


@app.command("score")
def score(
    league: LeagueArg,
    team: Annotated[int, typer.Argument(metavar="TEAM", min=1, max=2**31 - 1)],
    matchday: DayArg,
    as_json: JsonFlag = False,
) -> None:
    """A team's score of a matchday, player by player: votes, bonuses, maluses, substitutions,
    the defence modifier and the penalties."""
    with edge(as_json=as_json):
        view = views.score_view(open_store(), league, team, matchday)
    if as_json:
        print_json(ScoreOut.of(view).model_dump(mode="json"))
        return
    rows = []
    for line in view.lines:
        how = ", ".join(
            [LABELS.get(line.reason, line.reason)]
            + [f"{w} {fraction_text(p)}" for w, _, p in line.parts]
        )
        move = (
            f"for {line.entered_for}"
            if line.entered_for
            else f"out, {line.replaced_by} in"
            if line.replaced_by
            else ""
        )
        rows.append(
            (
                line.role,
                line.name,
                "bench" if line.bench else "",
                how,
                move,
                fraction_text(line.points) if line.counted and line.points is not None else "-",
            )
        )
    print_table(
        f"{view.team} · matchday {matchday}", ["role", "player", "", "how", "", "points"], rows
    )
    console().print(
        f"players {fraction_text(view.players)} + modifier "
        f"{fraction_text(view.modifier)} - penalties "
        f"{fraction_text(sum((p.points for p in view.penalties), view.players * 0))}"
        f" = [bold]{fraction_text(view.total)}[/bold]"
    )


@app.command("import-votes")
def import_votes(
    league: LeagueArg,
    matchday: DayArg,
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="XLSX or CSV (;)")],
    official: Annotated[
        bool, typer.Option("--official", help="The matchday's final data.")
    ] = False,
    extras: Annotated[
        Path | None,
        typer.Option(exists=True, dir_okay=False, help="Minutes, postponed, suspended."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Import a matchday's vote file (FAN-DATA-1) and score every team."""
    with edge(as_json=as_json):
        counts = votes.import_votes(
            open_store(),
            CLI_ACTOR,
            league,
            matchday,
            file.read_bytes(),
            official=official,
            extras=extras.read_bytes() if extras else None,
            source=file.name,
        )
    if as_json:
        print_json(counts)
        return
    console().print(", ".join(f"{k} {v}" for k, v in counts.items()))


@app.command("matchday")
def matchday(league: LeagueArg, day: DayArg, as_json: JsonFlag = False) -> None:
    """A matchday's data: official or provisional, and the rows left for review (FAN-DATA-1)."""
    with edge(as_json=as_json):
        view = views.matchday_page(open_store(), league, day)
    out = MatchdayDataOut.of(view)
    if as_json:
        print_json(out.model_dump(mode="json"))
        return
    state = "none" if out.official is None else "official" if out.official else "provisional"
    console().print(f"matchday {out.number}: {state} {out.source}".rstrip())
    print_table(
        "To review",
        ["line", "code", "name", "club", "status", "candidates"],
        [(r.line, r.code, r.name, r.club, r.status, ", ".join(r.candidates)) for r in out.review],
    )


@app.command("delete-votes")
def delete_votes(league: LeagueArg, day: DayArg, as_json: JsonFlag = False) -> None:
    """Delete a wrong import: the matchday's votes, facts and scores (audited)."""
    with edge(as_json=as_json):
        scores = votes.delete_matchday(open_store(), CLI_ACTOR, league, day)
    if as_json:
        print_json({"scores": scores})
        return
    console().print(f"matchday {day}: data deleted, {scores} scores removed")


@app.command("rescore")
def rescore(league: LeagueArg, as_json: JsonFlag = False) -> None:
    """Score every matchday with data again from what is stored (one transaction)."""
    with edge(as_json=as_json):
        days = votes.rescore_season(open_store(), CLI_ACTOR, league)
    if as_json:
        print_json({"matchdays": days})
        return
    console().print(f"{days} matchdays scored again")


@app.command("sample-files")
def sample_files(
    folder: Annotated[Path, typer.Argument(file_okay=False, help="Where to write them.")],
    seed: Annotated[int, typer.Option(help="The same seed, the same files.")] = 1,
) -> None:
    """A made-up season's files: fixtures.csv, prices.csv, votes-1.xlsx and votes-1.csv."""
    folder.mkdir(parents=True, exist_ok=True)
    season = samples.season(seed=seed)
    (folder / "fixtures.csv").write_text(samples.fixtures_csv(season), encoding="utf-8")
    (folder / "prices.csv").write_text(samples.prices_csv(season.players), encoding="utf-8")
    rows = samples.vote_rows(season, 1, seed=seed)
    (folder / "votes-1.xlsx").write_bytes(samples.rows_xlsx(rows))
    (folder / "votes-1.csv").write_bytes(samples.rows_csv(rows))
    console().print(f"4 files in {folder}")
