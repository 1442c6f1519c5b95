"""The season's fixtures and the player lists with their prices, read from rows of cells
(a ``;``-separated CSV or an XLSX, :mod:`.vote_file`).

Fixtures (FAN-LINEUP-1 deadlines): ``Giornata; Data; Casa; Trasferta`` — matchday, kickoff,
home club, away club. A kickoff is Italian time (``2025-08-23 18:30``, Europe/Rome) unless it
carries its own offset (``2025-08-23T16:30:00+00:00``); it is kept in UTC.

Price lists (FAN-MKT-1): ``Cod.; Ruolo; Nome; Squadra; Prezzo`` — the player's code, role
(P, D, C, A), name, Serie A club and price in credits. Each list is the league's list from its
matchday on: a player missing from a later list has left the league (flagged, not for sale).

Every wrong row is reported at once with its line; nothing is returned when any is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.fantasy.rules.players import ROLES

ITALY = ZoneInfo("Europe/Rome")
FIXTURES_HEADER = ("Giornata", "Data", "Casa", "Trasferta")
PRICES_HEADER = ("Cod.", "Ruolo", "Nome", "Squadra", "Prezzo")
MAX_MATCHDAY = 60


@dataclass(frozen=True, slots=True)
class Fixture:
    matchday: int
    kickoff: datetime  # UTC
    home: str
    away: str


@dataclass(frozen=True, slots=True)
class PriceRow:
    code: str
    role: str
    name: str
    club: str
    price: int


def _cells(row: Sequence[str]) -> list[str]:
    return [" ".join(c.split()) for c in row]


def _is_header(cells: Sequence[str], header: Sequence[str]) -> bool:
    return bool(cells) and cells[0].casefold().rstrip(".") == header[0].casefold().rstrip(".")


def parse_kickoff(text: str) -> datetime:
    """A kickoff: Italian time unless it says its offset; ValueError when unreadable."""
    return local_moment(datetime.fromisoformat(text.strip().replace("/", "-")))


def local_text(moment: datetime, *, seconds: bool = False) -> str:
    """A moment as the league's people read it (issue 28 item 10): Italian time with its zone's
    abbreviation, "2026-12-05 20:00 CET", in refusals on the pages, the API and the CLI alike
    (a manager reads Italian time in the help and on the form; UTC was nobody's clock)."""
    shape = "%Y-%m-%d %H:%M:%S %Z" if seconds else "%Y-%m-%d %H:%M %Z"
    return moment.astimezone(ITALY).strftime(shape)


def local_moment(moment: datetime) -> datetime:
    """A typed moment without an offset is Italian time (as :func:`parse_kickoff`), with one it
    is that moment; in UTC. Issue 28 item 10: the API's datetime and the form's text agree."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ITALY)
    return moment.astimezone(UTC)


def _fail(field: str, problems: list[Message], accepted: str) -> TorneoError:
    return TorneoError(field, N_("%(problems)s"), accepted, params={"problems": problems})


def parse_fixtures(rows: Sequence[Sequence[str]]) -> list[Fixture]:
    problems: list[Message] = []
    fixtures: list[Fixture] = []
    seen: dict[tuple[int, str], int] = {}
    for number, row in enumerate(rows, start=1):
        cells = _cells(row)
        if not any(cells) or _is_header(cells, FIXTURES_HEADER):
            continue
        cells += [""] * (4 - len(cells))
        day, when, home, away = cells[:4]
        try:
            matchday = int(day)
            if not 1 <= matchday <= MAX_MATCHDAY:
                raise ValueError(day)
            kickoff = parse_kickoff(when)
        except ValueError:
            problems.append(
                Message(
                    N_(
                        "line %(line)s: '%(day)s; %(when)s': a matchday 1-60 and a kickoff "
                        "such as 2025-08-23 18:30"
                    ),
                    {"line": number, "day": day, "when": when},
                )
            )
            continue
        if not home or not away or home == away:
            problems.append(
                Message(N_("line %(line)s: two different clubs needed"), {"line": number})
            )
            continue
        for club in (home, away):
            if (matchday, club) in seen:
                problems.append(
                    Message(
                        N_(
                            "line %(line)s: %(club)s already plays matchday %(day)s on line "
                            "%(first)s"
                        ),
                        {
                            "line": number,
                            "club": club,
                            "day": matchday,
                            "first": seen[(matchday, club)],
                        },
                    )
                )
            seen[(matchday, club)] = number
        fixtures.append(Fixture(matchday, kickoff, home, away))
    accepted = N_(
        "lines 'Giornata; Data; Casa; Trasferta' such as 1; 2025-08-23 18:30; Inter; Roma"
    )
    if problems:
        raise _fail("fixtures", problems, accepted)
    if not fixtures:
        raise TorneoError("fixtures", N_("no fixture found"), accepted)
    return fixtures


def _check_price_row(
    number: int, cells: Sequence[str], codes: dict[str, int], problems: list[Message]
) -> None:
    code, role, name, club, price = cells
    if not code:
        problems.append(Message(N_("line %(line)s: Cod. is empty"), {"line": number}))
    elif code in codes:
        problems.append(
            Message(
                N_("line %(line)s: code %(code)s is already on line %(first)s"),
                {"line": number, "code": code, "first": codes[code]},
            )
        )
    if role.upper() not in ROLES:
        problems.append(
            Message(
                N_("line %(line)s: role '%(role)s': P, D, C or A accepted"),
                {"line": number, "role": role},
            )
        )
    if not name or not club:
        problems.append(Message(N_("line %(line)s: Nome and Squadra are needed"), {"line": number}))
    if not price.isdigit() or not 1 <= int(price) <= 1000:
        problems.append(
            Message(
                N_("line %(line)s: price '%(price)s': whole credits from 1 to 1000"),
                {"line": number, "price": price},
            )
        )


def parse_prices(rows: Sequence[Sequence[str]]) -> list[PriceRow]:
    problems: list[Message] = []
    found: list[PriceRow] = []
    codes: dict[str, int] = {}
    for number, row in enumerate(rows, start=1):
        cells = _cells(row)
        if not any(cells) or _is_header(cells, PRICES_HEADER):
            continue
        cells += [""] * (5 - len(cells))
        code, role, name, club, price = cells[:5]
        bad = len(problems)
        _check_price_row(number, cells[:5], codes, problems)
        codes.setdefault(code, number)
        if len(problems) == bad:
            found.append(PriceRow(code, role.upper(), name, club, int(price)))
    accepted = N_("lines 'Cod.; Ruolo; Nome; Squadra; Prezzo' such as 101; A; Rossi; Inter; 25")
    if problems:
        raise _fail("prices", problems, accepted)
    if not found:
        raise TorneoError("prices", N_("no player found"), accepted)
    return found
