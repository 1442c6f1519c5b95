"""What ``torneo pair`` does, without Typer: read the TRF file, pair its next round.

Shared by the Typer command (:mod:`torneo.cli.pair_command`) and the entry point's fast path
(:mod:`torneo.cli.start`), so both print the same pairing and refuse the same files.
"""

from __future__ import annotations

from pathlib import Path

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.uploads import check_bytes
from torneo.engines.trf.codec import TRF_LIMITS, decode_trf
from torneo.engines.trf.pairing import pair_trf


def pair_output(trf: Path, seed: int | None, explain: bool) -> str:
    """The pairing of the file's next round in engines' format; a TorneoError if refused."""
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
    return pair_trf(decode_trf(data), seed, explain)
