r"""FIDE TRF-2016 for Swiss rounds (DESIGN.md: interop), so chess pairing engines can cross-check.

Two players after one round (Rossi beat Bianchi with White), read from the fixed columns and
paired for round 2 in the chess engines' output format (pairs, then ``white black``):

>>> line = "001 {:4d}      {:<33} {:4d}     {:11} {:10} {:>4} {:4d}  {:>4} {} {}"
>>> text = (line.format(1, "Rossi Mario", 1800, "", "", "1.0", 1, 2, "w", "1") + "\n"
...         + line.format(2, "Bianchi Luca", 1700, "", "", "0.0", 2, 1, "b", "0") + "\n")
>>> tournament = parse_trf(text)
>>> [(p.start, p.name, p.rating, p.points2, sorted(p.opponents)) for p in tournament.players]
[(1, 'Rossi Mario', 1800, 2, [2]), (2, 'Bianchi Luca', 1700, 0, [1])]
>>> export_trf(tournament) == text
True
>>> print(pair_trf(text, seed=0, explain=True), end="")
1
2 1
# 2-1: #1 floated down from 1.0 points to meet 0.0; rematch of #1 and #2: no pairing of this field avoids every rematch
"""

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
