"""``torneo pair --trf FILE [--seed N] [--explain]``: pair the next round of a TRF tournament.

Prints the pairing in chess engines' output format (torneo.engines.trf.pairing); errors go to
stderr with exit code 2 (DESIGN.md: CLI messages at the edge only). The lead registers it as
``app.command("pair")(pair_command)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.uploads import check_bytes
from torneo.engines.trf.codec import TRF_LIMITS, decode_trf
from torneo.engines.trf.pairing import pair_trf


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
        try:
            # Issue 27 hole 2: the size before a byte is read.
            check_bytes("trf", trf.stat().st_size, TRF_LIMITS)
            data = trf.read_bytes()
        except OSError as err:
            raise TorneoError(
                "trf",
                N_("cannot read %(path)s: %(problem)s"),
                N_("a readable file"),
                params={"path": str(trf), "problem": err.strerror},
            ) from err
        output = pair_trf(decode_trf(data), seed, explain)
    except TorneoError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    typer.echo(output, nl=False)
