"""Standard formats in and out (DESIGN.md: interop): FIDE TRF for Swiss rounds, CSV exports."""

from torneo.interop.pairing_csv import pairing_csv
from torneo.interop.trf import (
    TrfGame,
    TrfPlayer,
    TrfTournament,
    decode_trf,
    export_trf,
    parse_trf,
)
from torneo.interop.trf_pairing import pair_trf, trf_entrants

__all__ = [
    "TrfGame",
    "TrfPlayer",
    "TrfTournament",
    "decode_trf",
    "export_trf",
    "pair_trf",
    "pairing_csv",
    "parse_trf",
    "trf_entrants",
]
