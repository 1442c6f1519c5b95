"""The matchday's vote file (FAN-DATA-1), read from rows of cells (:mod:`.vote_file` turns an
XLSX or a ``;``-separated CSV into rows).

The common layout: for each Serie A club a row with the club's name, then the header
``Cod. | Ruolo | Nome | Voto | Gf | Gs | Rp | Rs | Rf | Au | Amm | Esp | Ass``, then one row per
player, the coach last with role ``ALL`` (a coach scores nothing in this league and is
skipped); rows of disclaimers and titles outside the clubs' blocks are ignored. ``6*`` (or
``s.v.``) is "no vote". Columns: goals scored, goals conceded, penalties saved, missed, scored,
own goals, yellow card, red card, assists.

Every wrong row is reported at once, with its line; nothing is returned when any is wrong, so
a file is imported whole or not at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.fantasy.rules.players import ROLES
from torneo.presets.fantasy import FantasyRules

HEADER = ("Cod.", "Ruolo", "Nome", "Voto", "Gf", "Gs", "Rp", "Rs", "Rf", "Au", "Amm", "Esp", "Ass")
COACH = "ALL"
NO_VOTE = ("6*", "s.v.", "sv", "s.v", "n.g.", "ng")
MAX_ROWS = 5000
ACCEPTED = N_(
    "per club a row with its name, the header Cod.; Ruolo; Nome; Voto; Gf; Gs; Rp; Rs; Rf; Au; "
    "Amm; Esp; Ass, then one row per player (roles P, D, C, A; ALL for the coach)"
)


@dataclass(frozen=True, slots=True)
class VoteLine:
    """One player's row: the vote (``None`` = s.v.) and the events of the match."""

    line: int
    club: str
    code: str
    role: str
    name: str
    vote: Fraction | None
    goals: int = 0
    conceded: int = 0
    penalties_saved: int = 0
    penalties_missed: int = 0
    penalties_scored: int = 0
    own_goals: int = 0
    yellow: int = 0
    red: int = 0
    assists: int = 0


@dataclass(frozen=True, slots=True)
class VoteSheet:
    clubs: tuple[str, ...]
    lines: tuple[VoteLine, ...]


def _cell(row: Sequence[str], i: int) -> str:
    return row[i].strip() if i < len(row) else ""


def _squeeze(text: str) -> str:
    return text.strip().casefold().rstrip(".")


_HEADER_KEYS = tuple(_squeeze(h) for h in HEADER)


def _is_header(row: Sequence[str]) -> bool:
    return bool(row) and _squeeze(_cell(row, 0)) == _HEADER_KEYS[0]


def _only_text(row: Sequence[str]) -> str | None:
    """The text of a row with one non-empty cell (a club's name, a disclaimer)."""
    full = [c.strip() for c in row if c.strip()]
    return full[0] if len(full) == 1 else None


def parse_vote(text: str, rules: FantasyRules) -> Fraction | None:
    """A vote cell: ``None`` for s.v.; a number from ``vote_min`` to ``vote_max``."""
    if text.casefold() in NO_VOTE:
        return None
    try:
        value = Fraction(Decimal(text.replace(",", ".")))
    except (InvalidOperation, ValueError) as exc:
        raise ValueError(text) from exc
    if not rules.vote_min <= value <= rules.vote_max:
        raise ValueError(text)
    return value


def _count(text: str, most: int | None = None) -> int:
    value = Decimal(text.replace(",", ".") or "0")
    if value != value.to_integral_value() or value < 0 or (most is not None and value > most):
        raise ValueError(text)
    return int(value)


_COUNTS = (
    ("goals", 4, None),
    ("conceded", 5, None),
    ("penalties_saved", 6, None),
    ("penalties_missed", 7, None),
    ("penalties_scored", 8, None),
    ("own_goals", 9, None),
    ("yellow", 10, 1),
    ("red", 11, 1),
    ("assists", 12, None),
)


def _player(
    number: int, club: str, row: Sequence[str], rules: FantasyRules, problems: list[Message]
) -> VoteLine | None:
    code, role, name, vote_text = (_cell(row, i) for i in range(4))
    bad = len(problems)
    if not code:
        problems.append(Message(N_("line %(line)s: Cod. is empty"), {"line": number}))
    if role.upper() not in (*ROLES, COACH):
        problems.append(
            Message(
                N_("line %(line)s: role '%(role)s': P, D, C, A or ALL accepted"),
                {"line": number, "role": role},
            )
        )
    if not name:
        problems.append(Message(N_("line %(line)s: Nome is empty"), {"line": number}))
    try:
        vote = parse_vote(vote_text, rules)
    except ValueError:
        vote = None
        problems.append(
            Message(
                N_("line %(line)s: vote '%(vote)s': a number from %(low)s to %(high)s, or 6*"),
                {"line": number, "vote": vote_text, "low": rules.vote_min, "high": rules.vote_max},
            )
        )
    counts: dict[str, int] = {}
    for field, i, most in _COUNTS:
        try:
            counts[field] = _count(_cell(row, i), most)
        except (ValueError, InvalidOperation):
            problems.append(
                Message(
                    N_("line %(line)s: %(column)s '%(value)s': a whole number from 0 to %(most)s")
                    if most is not None
                    else N_("line %(line)s: %(column)s '%(value)s': a whole number, 0 or more"),
                    {"line": number, "column": HEADER[i], "value": _cell(row, i), "most": most},
                )
            )
    if len(problems) > bad or role.upper() == COACH:
        return None
    return VoteLine(number, club, code, role.upper(), " ".join(name.split()), vote, **counts)


def _header(number: int, row: Sequence[str], title: str | None, problems: list[Message]) -> str:
    """A header row: checked whole; the club is the name on the row above it."""
    found = tuple(_squeeze(_cell(row, i)) for i in range(len(HEADER)))
    if found != _HEADER_KEYS:
        problems.append(
            Message(
                N_("line %(line)s: the header reads %(found)s: %(header)s expected"),
                {
                    "line": number,
                    "found": " | ".join(c for c in row if c.strip()),
                    "header": " | ".join(HEADER),
                },
            )
        )
    if not title:
        problems.append(
            Message(N_("line %(line)s: no club name above the header"), {"line": number})
        )
    return title or ""


def _new_code(number: int, code: str, codes: dict[str, int], problems: list[Message]) -> bool:
    if code in codes:
        problems.append(
            Message(
                N_("line %(line)s: code %(code)s is already on line %(first)s"),
                {"line": number, "code": code, "first": codes[code]},
            )
        )
        return False
    if code:
        codes[code] = number
    return True


def parse_sheet(rows: Sequence[Sequence[str]], rules: FantasyRules) -> VoteSheet:
    """FAN-DATA-1: the players' rows of a vote file, every block checked."""
    if len(rows) > MAX_ROWS:
        raise TorneoError(
            "file",
            N_("%(n)s rows"),
            N_("at most %(most)s rows"),
            params={"n": len(rows), "most": MAX_ROWS},
        )
    problems: list[Message] = []
    lines: list[VoteLine] = []
    clubs: list[str] = []
    club: str | None = None
    title: str | None = None
    codes: dict[str, int] = {}
    for number, row in enumerate(rows, start=1):
        if not any(c.strip() for c in row):
            continue
        if _is_header(row):
            club = _header(number, row, title, problems)
            clubs.append(club)
            continue
        looks_like_player = sum(1 for c in row if c.strip()) >= 4
        if club is not None and looks_like_player:
            coach = _cell(row, 1).upper() == COACH
            fresh = coach or _new_code(number, _cell(row, 0), codes, problems)
            line = _player(number, club, row, rules, problems)
            if line is not None and fresh:
                lines.append(line)
        elif looks_like_player:
            problems.append(
                Message(
                    N_("line %(line)s: a player's row before any header (%(header)s)"),
                    {"line": number, "header": " | ".join(HEADER)},
                )
            )
        else:
            title = _only_text(row)  # a club's name if a header follows, else a disclaimer
            club = None
    if problems:
        raise TorneoError(
            "file",
            N_("%(problems)s"),
            ACCEPTED,
            params={"problems": problems},
            rule="FAN-DATA-1",
        )
    if not lines:
        raise TorneoError("file", N_("no player's row found"), ACCEPTED, rule="FAN-DATA-1")
    return VoteSheet(tuple(clubs), tuple(lines))
