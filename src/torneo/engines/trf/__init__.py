"""FIDE TRF-2016 for Swiss rounds (DESIGN.md: interop), so chess pairing engines can cross-check."""

from torneo.engines.trf.codec import (
    TrfGame,
    TrfPlayer,
    TrfTournament,
    decode_trf,
    export_trf,
    parse_trf,
)
from torneo.engines.trf.pairing import pair_trf, trf_entrants

__all__ = [
    "TrfGame",
    "TrfPlayer",
    "TrfTournament",
    "decode_trf",
    "export_trf",
    "pair_trf",
    "parse_trf",
    "trf_entrants",
]
