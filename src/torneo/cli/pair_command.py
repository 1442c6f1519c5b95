"""``torneo pair --trf FILE [--seed N] [--explain]``: pair the next round of a TRF tournament.

Prints the pairing in chess engines' output format (torneo.engines.trf.pairing); errors go to
stderr with exit code 2 (DESIGN.md: CLI messages at the edge only). The entry point runs a
well-formed ``pair`` without Typer (:mod:`torneo.cli.start`); this command answers the rest
(``--help``, wrong options) and the tests' runner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.cli.pair_run import pair_output
from torneo.core.errors import TorneoError


def pair_command(
    trf: Annotated[
        Path,
        typer.Option(
            "--trf",
            help="FIDE TRF-2016 file of the tournament so far",
            metavar="FILE",
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="seed for the random choices among equals (default: derived from the file)",
            metavar="N",
        ),
    ] = None,
    explain: Annotated[
        bool, typer.Option("--explain", help="add one '# why' line per pair after the pairs")
    ] = False,
) -> None:
    """Pair the next round: first line the number of pairs, then 'white black', 0 = bye."""
    try:
        output = pair_output(trf, seed, explain)
    except TorneoError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    typer.echo(output, nl=False)
