"""The lines of a TRF file beyond the players (``001``) that change how the next round is paired.

Pairing engines (bbpPairings, JaVaFo) and the TRF-2016 extensions they read put these in the
files people exchange; every one of them is also kept verbatim in place for the export:

* ``XXR n`` (``142 n`` in newer files): the tournament has n rounds; a file with every round
  played has nothing left to pair.
* ``XXC`` words: ``white1`` / ``black1`` say which colour the first start number had in round 1
  (the colour allocation alternates from it), ``rank`` orders players of equal points by the
  rank column (86-89) instead of the start number.
* ``XXA NNNN  p.p  p.p …``: acceleration, virtual points of player NNNN, one 4-column value per
  round from column 10 (a blank value is 0): they count in the pairing of that round only.
* ``XXP a b c …``: players who must not be paired with one another in any round; ``260 r1 r2 a
  b …`` the same for rounds r1 to r2. Torneo treats them as players who already met: never
  paired while a pairing without it exists (the rematch level of the objective).
* ``240 T rrr a b …``: players who are not paired in round rrr (T is the kind: H, F, Z, U…),
  the line form of a pre-set ``0000 - H`` entry.

Any other line (``012`` name, ``XXS``, ``BBW``, ``162``, ``192``…) is kept and does not change
the pairing: scores come from the points column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Term

KNOWN = ("XXR", "142", "XXC", "XXA", "XXP", "260", "240")


@dataclass(frozen=True, slots=True)
class Forbidden:
    """Players who may not meet one another in rounds ``first`` to ``last`` (None: every round)."""

    players: frozenset[int]
    first: int = 1
    last: int | None = None
    line: int = 0

    def applies_to(self, round_no: int) -> bool:
        return self.first <= round_no and (self.last is None or round_no <= self.last)


@dataclass(slots=True)
class TrfExtensions:
    """What the extension lines of one file say (module docstring)."""

    total_rounds: int | None = None
    first_colour: str = "w"  # XXC white1 (the default) or black1
    use_rank: bool = False  # XXC rank
    accelerations: dict[int, tuple[int, ...]] = field(default_factory=dict)  # half points
    forbidden: list[Forbidden] = field(default_factory=list)
    absent: dict[int, set[int]] = field(default_factory=dict)  # round -> start numbers
    # (start number, line, column or None): checked against the 001 lines after reading
    mentions: list[tuple[int, int, int | None]] = field(default_factory=list)

    def read(self, raw: str, number: int) -> None:
        """Read one extension line (its prefix is in :data:`KNOWN`)."""
        prefix = raw[:3]
        if prefix in ("XXR", "142"):
            self.total_rounds = _number(raw[3:].strip(), number, 5, Term("number of rounds"))
        elif prefix == "XXC":
            words = raw[3:].split()
            self.use_rank = self.use_rank or "rank" in words
            if "black1" in words:
                self.first_colour = "b"
            elif "white1" in words:
                self.first_colour = "w"
        elif prefix == "XXA":
            self._acceleration(raw, number)
        elif prefix == "XXP":
            self.forbidden.append(Forbidden(self._starts(raw[3:].split(), number), line=number))
        elif prefix == "260":
            self._forbidden_rounds(raw, number)
        else:
            self._absent(raw, number)

    def _acceleration(self, raw: str, number: int) -> None:
        start = _number(raw[4:8], number, 5, Term("start number"))
        self.mentions.append((start, number, 5))
        values = []
        column = 10
        while len(raw) >= column:
            text = raw[column - 1 : column + 3]
            values.append(half_points(text, number, column) if text.strip() else 0)
            column += 5
        self.accelerations[start] = tuple(values)

    def _forbidden_rounds(self, raw: str, number: int) -> None:
        words = raw[3:].split()
        if len(words) < 2:
            raise TorneoError(
                f"line {number}",
                N_("a 260 line needs its first and last round"),
                N_("'260 first last' then start numbers, e.g. '260   1   9    3    7'"),
            )
        first = _number(words[0], number, None, Term("round"))
        last = _number(words[1], number, None, Term("round"))
        self.forbidden.append(Forbidden(self._starts(words[2:], number), first, last, number))

    def _absent(self, raw: str, number: int) -> None:
        words = raw[3:].split()
        if words and not words[0].isdigit():
            words = words[1:]  # the kind of absence (H, F, Z, U…): not paired either way
        if not words:
            raise TorneoError(
                f"line {number}",
                N_("a 240 line needs the round"),
                N_("'240 kind round' then start numbers, e.g. '240 H   3    12    15'"),
            )
        round_no = _number(words[0], number, None, Term("round"))
        self.absent.setdefault(round_no, set()).update(self._starts(words[1:], number))

    def _starts(self, words: list[str], number: int) -> frozenset[int]:
        """Start numbers of an extension line (checked against the 001 lines afterwards)."""
        starts = []
        for word in words:
            start = _number(word, number, None, Term("start number"))
            self.mentions.append((start, number, None))
            starts.append(start)
        return frozenset(starts)

    def forbidden_pairs(self, round_no: int) -> dict[int, set[int]]:
        """Per start number, the players it may not meet in ``round_no``."""
        pairs: dict[int, set[int]] = {}
        for group in self.forbidden:
            if group.applies_to(round_no):
                for a in group.players:
                    pairs.setdefault(a, set()).update(group.players - {a})
        return pairs

    def check_players(self, starts: set[int]) -> None:
        """Every start number an extension line names is a player of the file."""
        for start, number, column in self.mentions:
            if start not in starts:
                raise TorneoError(
                    _where(number, column),
                    N_("start number %(start)s is not a player of this file"),
                    N_("start numbers listed on the 001 lines"),
                    params={"start": start},
                )


def _where(number: int, column: int | None) -> str:
    return f"line {number}" if column is None else f"line {number}, column {column}"


def _number(text: str, number: int, column: int | None, what: Term) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise TorneoError(
            _where(number, column),
            N_("%(what)s %(text)s is not a number"),
            N_("digits"),
            params={"what": what, "text": repr(text.strip())},
        ) from None


def half_points(text: str, number: int, column: int) -> int:
    """Chess points as half points ("4.5" → 9); anything else names its line and column."""
    value = text.strip()
    whole, dot, frac = value.partition(".")
    if not whole.lstrip("-").isdigit() or (dot and frac not in ("0", "5", "")):
        raise TorneoError(
            f"line {number}, column {column}",
            N_("points %(points)s are not whole or half points"),
            N_("for example 4.5 or 3.0"),
            params={"points": repr(value)},
        )
    points2 = abs(int(whole)) * 2 + (1 if frac == "5" else 0)
    return -points2 if whole.startswith("-") else points2
