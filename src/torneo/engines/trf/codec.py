"""FIDE TRF-2016 import and export, so Swiss events can be cross-checked with chess engines.

A TRF file is plain text with fixed columns. The player line (``001``) holds, 1-based:
start number 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id
58-68, birth date 70-79, points 81-84, rank 86-89, then one 10-column block per round from column
92: opponent's start number (4, ``0000`` for a bye), colour (``w``/``b``/``-``) at +5 and the
result at +7 (``1 = 0`` played, ``+ -`` forfeits, ``W D L`` unrated games, ``U`` pairing-allocated
bye, ``F`` full-point bye, ``H`` half-point bye, ``Z`` or blank zero-point bye / not paired).
Every other line (``012`` name, ``XXR`` rounds, ``XXC`` colours...) is kept as it is, in place.

Decisions where the format leaves room (docs/pairing.md, "TRF"):
* Exported player lines are written in the canonical columns above; files written that way (as
  the project's ``bench/gen_trf.py`` does) come back byte for byte.
* Scores come from the points column, in half points (a win 2, a draw 1); a blank points column
  is computed from the results.
* A pairing counts as "already met" only for a game that was played (results ``1 = 0 W D L``),
  the rule chess checkers use: forfeits do not stop two players meeting again.
* A player "already had the bye" (INV-BYE-1 / BER-BYE-1) after a ``U``, an ``F`` or a forfeit
  win ``+`` (FIDE C.04 rule: a point without playing blocks the pairing-allocated bye).
* The rounds played are the rounds in which somebody has an opponent. A line that stops before
  the last of them was not paired in the rounds it leaves out (the files of pairing engines'
  test suites omit trailing unplayed rounds). An entry for the round being paired (only byes
  and absences can be there: ``0000 - H``, ``0000 - F``, ``0000 - U``, ``0000 - Z``) takes the
  player out of that pairing, as a ``240`` line does (:mod:`torneo.engines.trf.extensions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Term
from torneo.core.uploads import UploadLimits, check_bytes
from torneo.engines.trf.extensions import KNOWN, TrfExtensions, half_points

PLAYED = frozenset("10=WDL")
_WIN_LIKE = frozenset("1+WFU")
_DRAW_LIKE = frozenset("=DH")
_RESULTS = frozenset("10=+-WDLHFUZ ")
_COLOURS = frozenset("wb- ")
_BYE_TAKEN = frozenset("UF+")
FIRST_ROUND_COLUMN = 92  # 1-based column of round 1's opponent
ROUND_WIDTH = 10
_START_RANGE = N_("1 to 9999")


# Issue 27 hole 2: a federation's biggest Swiss (thousands of players, a line each, dozens of
# rounds) is far below these; a bigger file is refused before its lines are built.
TRF_LIMITS = UploadLimits(bytes=20_000_000, rows=100_000)


@dataclass(frozen=True, slots=True)
class TrfGame:
    """One round of one player: opponent start number (None for a bye or no pairing)."""

    opponent: int | None
    colour: str
    result: str
    blank_opponent: bool = False  # the opponent field was blank, not "0000"

    @property
    def is_played(self) -> bool:
        return self.opponent is not None and self.result in PLAYED

    @property
    def is_blank(self) -> bool:
        """Nothing written in the entry: no opponent, colour or result."""
        return self.opponent is None and self.colour == " " and self.result == " "

    @property
    def points2(self) -> int:
        """Points in half points: a win 2, a draw 1."""
        if self.result in _WIN_LIKE:
            return 2
        if self.result in _DRAW_LIKE:
            return 1
        return 0

    def render(self) -> str:
        if self.blank_opponent:
            opponent = "    "
        elif self.opponent is None:
            opponent = "0000"
        else:
            opponent = f"{self.opponent:4d}"
        return f"{opponent} {self.colour} {self.result}"


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    start: int
    name: str
    rating: int | None
    points2: int  # half points (4.5 → 9)
    rank: int | None
    games: tuple[TrfGame, ...]
    sex: str = " "
    title: str = "   "
    federation: str = "   "
    fide_id: str = " " * 11
    birth: str = " " * 10
    points_blank: bool = False

    @property
    def opponents(self) -> frozenset[int]:
        return frozenset(g.opponent for g in self.games if g.is_played and g.opponent)

    @property
    def byes(self) -> int:
        return sum(1 for g in self.games if g.result in _BYE_TAKEN)

    def render(self) -> str:
        rating = f"{self.rating:4d}" if self.rating is not None else "    "
        points = "    " if self.points_blank else f"{format_points(self.points2):>4}"
        rank = f"{self.rank:4d}" if self.rank is not None else "    "
        line = (
            f"001 {self.start:4d} {self.sex}{self.title} {self.name:<33} {rating} "
            f"{self.federation} {self.fide_id} {self.birth} {points} {rank}"
        )
        for game in self.games:
            line += "  " + game.render()
        return line


@dataclass(frozen=True, slots=True)
class TrfTournament:
    """A parsed file: its lines in order (a player line is the player's start number)."""

    lines: tuple[str | int, ...]
    players: tuple[TrfPlayer, ...]
    rounds_played: int
    total_rounds: int | None
    newline: str = "\n"
    final_newline: bool = True
    extensions: TrfExtensions = dataclass_field(default_factory=TrfExtensions)

    def player(self, start: int) -> TrfPlayer:
        for p in self.players:
            if p.start == start:
                return p
        raise KeyError(start)

    @property
    def unpaired(self) -> frozenset[int]:
        """Start numbers not to pair in the next round: a pre-set bye or absence in its column
        (``0000 - H``, ``F``, ``U``, ``Z``) or on a ``240`` line for it."""
        k = self.rounds_played
        preset = {p.start for p in self.players if len(p.games) > k and not p.games[k].is_blank}
        return frozenset(preset | self.extensions.absent.get(k + 1, set()))


def format_points(points2: int) -> str:
    """Half points as chess points: 9 → "4.5", 8 → "4.0"."""
    sign = "-" if points2 < 0 else ""
    whole, half = divmod(abs(points2), 2)
    return f"{sign}{whole}.{5 if half else 0}"


def decode_trf(data: bytes) -> str:
    """Bytes of a TRF file as text; non-UTF-8 bytes are an error naming line and column."""
    check_bytes("trf", len(data), TRF_LIMITS)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        raise TorneoError(
            f"line {line}, column {column}",
            N_("byte %(byte)s is not UTF-8 text"),
            N_("a TRF file saved as UTF-8 (or plain ASCII)"),
            params={"byte": f"0x{data[err.start]:02X}"},
        ) from err


def export_trf(tournament: TrfTournament) -> str:
    by_start = {p.start: p for p in tournament.players}
    rendered = [
        by_start[item].render() if isinstance(item, int) else item for item in tournament.lines
    ]
    text = tournament.newline.join(rendered)
    return text + tournament.newline if tournament.final_newline else text


def parse_trf(text: str) -> TrfTournament:
    """Parse TRF-2016 text; any defect is a TorneoError naming its line and column."""
    check_bytes("trf", len(text), TRF_LIMITS)
    if text.count("\n") + text.count("\r") > 2 * TRF_LIMITS.rows:  # before a line is built
        raise TorneoError(
            "trf",
            N_("more than %(most)s lines"),
            N_("at most %(most)s lines"),
            params={"most": TRF_LIMITS.rows},
        )
    newline = "\r\n" if "\r\n" in text else "\n"
    final_newline = text.endswith(("\n", "\r"))
    raw_lines = text.splitlines()
    lines: list[str | int] = []
    players: list[TrfPlayer] = []
    line_of: dict[int, int] = {}
    extensions = TrfExtensions()
    for number, raw in enumerate(raw_lines, start=1):
        if raw.startswith("001"):
            player = _parse_player(raw, number)
            if player.start in line_of:
                raise TorneoError(
                    f"line {number}, column 5",
                    N_("start number %(start)s is already used on line %(line)s"),
                    N_("each start number once"),
                    params={"start": player.start, "line": line_of[player.start]},
                )
            line_of[player.start] = number
            players.append(player)
            lines.append(player.start)
            continue
        if raw.startswith(KNOWN):
            extensions.read(raw, number)
        lines.append(raw)
    if not players:
        raise TorneoError("trf", N_("the file has no player lines (001)"), N_("a TRF-2016 file"))
    extensions.check_players(set(line_of))
    # The rounds played: the last one in which anybody has an opponent (module docstring).
    rounds_played = max(
        (k + 1 for p in players for k, g in enumerate(p.games) if g.opponent is not None),
        default=0,
    )
    players = [
        replace(p, points2=sum(g.points2 for g in p.games[:rounds_played])) if p.points_blank else p
        for p in players
    ]
    _check_rounds(players, line_of)
    return TrfTournament(
        lines=tuple(lines),
        players=tuple(players),
        rounds_played=rounds_played,
        total_rounds=extensions.total_rounds,
        newline=newline,
        final_newline=final_newline,
        extensions=extensions,
    )


def _parse_player(raw: str, number: int) -> TrfPlayer:
    line = raw.rstrip()
    padded = line.ljust(89)
    start_text = padded[4:8]
    if not start_text.strip():
        raise TorneoError(f"line {number}, column 5", N_("start number is blank"), _START_RANGE)
    start = _int_field(start_text, number, 5, Term("start number"))
    if start <= 0:
        raise TorneoError(
            f"line {number}, column 5",
            N_("start number %(start)s"),
            _START_RANGE,
            params={"start": start},
        )
    rating_text = padded[48:52]
    rating = _int_field(rating_text, number, 49, Term("rating")) if rating_text.strip() else None
    points_text = padded[80:84]
    rank_text = padded[85:89]
    games = _parse_games(line, number)
    # A blank points column is computed from the rounds played (parse_trf, once they are known).
    points2 = half_points(points_text, number, 81) if points_text.strip() else 0
    return TrfPlayer(
        start=start,
        name=padded[14:47].rstrip(),
        rating=rating,
        points2=points2,
        rank=_int_field(rank_text, number, 86, Term("rank")) if rank_text.strip() else None,
        games=games,
        sex=padded[9],
        title=padded[10:13],
        federation=padded[53:56],
        fide_id=padded[57:68],
        birth=padded[69:79],
        points_blank=not points_text.strip(),
    )


def _parse_games(line: str, number: int) -> tuple[TrfGame, ...]:
    games: list[TrfGame] = []
    column = FIRST_ROUND_COLUMN
    while len(line) >= column - 2:
        block = line[column - 3 : column + 7].ljust(10)
        if block[:2].strip():
            raise TorneoError(
                f"line {number}, column {column - 2}",
                N_("round %(round)s is out of its columns"),
                N_("two spaces, then opponent at columns %(first)s-%(last)s"),
                params={"round": len(games) + 1, "first": column, "last": column + 3},
            )
        opponent = block[2:6].strip()
        # The common entry ('  12 w 1') read inline (issue 32 item 3); _parse_game reads (and
        # names the defects of) the others.
        if (
            opponent.isdecimal()
            and block[6] == " " == block[8]
            and block[7] in _COLOURS
            and block[9] in _RESULTS
        ):
            games.append(TrfGame(int(opponent) or None, block[7], block[9]))
            column += ROUND_WIDTH
            continue
        if not block[2:].strip():
            if len(line) < column + 7:  # trailing blanks: no more rounds
                break
            games.append(TrfGame(None, " ", " ", blank_opponent=True))
        else:
            games.append(_parse_game(block[2:], number, column, len(games) + 1))
        column += ROUND_WIDTH
    return tuple(games)


def _parse_game(entry: str, number: int, column: int, round_no: int) -> TrfGame:
    opponent_text, colour, result = entry[0:4], entry[5], entry[7]
    if entry[4] != " " or entry[6] != " ":
        raise TorneoError(
            f"line {number}, column {column}",
            N_("round %(round)s entry %(entry)s is not 'opponent colour result'"),
            N_("for example '  12 w 1' or '0000 - U'"),
            params={"round": round_no, "entry": repr(entry)},
        )
    blank = not opponent_text.strip()
    opponent = None if blank else _int_field(opponent_text, number, column, Term("opponent"))
    if colour not in _COLOURS:
        raise TorneoError(
            f"line {number}, column {column + 5}",
            N_("round %(round)s: colour %(colour)s is unknown"),
            N_("w, b or -"),
            params={"round": round_no, "colour": repr(colour)},
        )
    if result not in _RESULTS:
        raise TorneoError(
            f"line {number}, column {column + 7}",
            N_("round %(round)s: result %(result)s is unknown"),
            "1 = 0 + - W D L H F U Z",
            params={"round": round_no, "result": repr(result)},
        )
    return TrfGame(opponent or None, colour, result, blank_opponent=blank)


def _check_rounds(players: Sequence[TrfPlayer], line_of: dict[int, int]) -> None:
    by_start = {p.start: p for p in players}
    for player in players:
        start = player.start
        for k, game in enumerate(player.games):
            opponent = game.opponent
            if opponent is None:
                continue
            other = by_start.get(opponent)
            # The common case checked inline (issue 32 item 3: 50,000 games of a 9,999-player
            # file); anything else gets _check_opponent's reason.
            if (
                other is not None
                and opponent != start
                and k < len(other.games)
                and other.games[k].opponent == start
            ):
                continue
            _check_opponent(player, k, opponent, by_start, line_of[start])


def _check_opponent(
    player: TrfPlayer, k: int, opponent: int, by_start: dict[int, TrfPlayer], number: int
) -> None:
    where = f"line {number}, column {FIRST_ROUND_COLUMN + ROUND_WIDTH * k}"
    params = {"round": k + 1, "start": player.start, "opponent": opponent}
    other = by_start.get(opponent)
    if other is None:
        raise TorneoError(
            where,
            N_("round %(round)s: opponent %(opponent)s is not a player of this file"),
            N_("start numbers listed on the 001 lines"),
            params=params,
        )
    if opponent == player.start:
        raise TorneoError(
            where,
            N_("round %(round)s: start number %(start)s is paired with itself"),
            N_("another player's start number"),
            params=params,
        )
    theirs = other.games[k].opponent if k < len(other.games) else None
    if theirs != player.start:
        said = theirs or Term("no opponent")
        raise TorneoError(
            where,
            N_(
                "round %(round)s: %(start)s lists %(opponent)s as opponent,"
                " but %(opponent)s's round %(round)s says %(said)s"
            ),
            N_("both players of a game list each other in the same round"),
            params={**params, "said": said},
        )


def _int_field(text: str, number: int, column: int, what: Term) -> int:
    """A whole-number column; ``what`` names it in the reason ("rating '18x0' is not a number")."""
    try:
        return int(text.strip())
    except ValueError:
        raise TorneoError(
            f"line {number}, column {column}",
            N_("%(what)s %(text)s is not a number"),
            N_("digits"),
            params={"what": what, "text": repr(text.strip())},
        ) from None
