"""Made-up files of a season, reproducible from a seed: the fixtures, a price list, a matchday's
vote file (XLSX or CSV, FAN-DATA-1). The tests, the demo and ``bench/fanta.py`` build their data
here; the clubs' and players' names are invented.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from openpyxl import Workbook

from torneo.fantasy.rules.calendar import ITALY, PriceRow
from torneo.fantasy.rules.votes import HEADER

CLUBS = (
    "Aquile",
    "Bisonti",
    "Cavalieri",
    "Delfini",
    "Falchi",
    "Grifoni",
    "Leoni",
    "Lupi",
    "Orsi",
    "Pantere",
    "Pellicani",
    "Rondini",
    "Squali",
    "Stambecchi",
    "Tigri",
    "Tori",
    "Volpi",
    "Zebre",
    "Caimani",
    "Gabbiani",
)
SURNAMES = (
    "Rossi",
    "Bianchi",
    "Ferrari",
    "Russo",
    "Romano",
    "Gallo",
    "Costa",
    "Fontana",
    "Conti",
    "Esposito",
    "Ricci",
    "Bruno",
    "Moretti",
    "Marino",
    "Greco",
    "Barbieri",
    "Lombardi",
    "Giordano",
    "Rinaldi",
    "Colombo",
    "Mancini",
    "Longo",
    "Leone",
    "Martinelli",
    "Vitale",
    "Serra",
    "Coppola",
    "De Santis",
    "D'Angelo",
    "Marchetti",
    "Parisi",
    "Villa",
    "Conte",
    "Ferraro",
    "Fabbri",
    "Bianco",
    "Marini",
    "Grasso",
    "Valentini",
    "Messina",
    "Sala",
)
PER_CLUB = (("P", 3), ("D", 8), ("C", 8), ("A", 6))  # 25 a club: 500 players in the league
DISCLAIMER = "Dati a scopo dimostrativo: voti e nomi inventati."


@dataclass(frozen=True, slots=True)
class Season:
    clubs: tuple[str, ...]
    players: tuple[PriceRow, ...]
    fixtures: tuple[tuple[int, datetime, str, str], ...]  # matchday, Italian kickoff, home, away


def season(seed: int = 1, clubs: int = 20, first: datetime | None = None) -> Season:
    """A league of ``clubs`` clubs (even), 25 players each, a double round robin of fixtures."""
    rng = random.Random(seed)
    names = CLUBS[:clubs]
    players: list[PriceRow] = []
    code = 100
    for club in names:
        for role, count in PER_CLUB:
            for _ in range(count):
                code += 1
                name = f"{rng.choice(SURNAMES)} {chr(65 + rng.randrange(26))}."
                base = {"P": 8, "D": 6, "C": 8, "A": 12}[role]
                players.append(PriceRow(str(code), role, name, club, base + rng.randrange(14)))
    start = first or datetime(2025, 8, 23, 18, 30, tzinfo=ITALY)
    fixtures = []
    order = list(names)
    half = len(order) - 1
    for day in range(1, 2 * half + 1):
        kick = start + timedelta(days=7 * (day - 1))
        ring = order[1:]
        shift = (day - 1) % half
        ring = ring[shift:] + ring[:shift]
        pairs = [(order[0], ring[-1])] + [(ring[i], ring[-2 - i]) for i in range(len(ring) // 2)]
        for n, (home, away) in enumerate(pairs):
            if day > half:
                home, away = away, home
            fixtures.append((day, kick + timedelta(hours=2 * (n % 4)), home, away))
    return Season(names, tuple(players), tuple(fixtures))


def fixtures_csv(s: Season) -> str:
    lines = ["Giornata;Data;Casa;Trasferta"]
    lines += [f"{d};{k:%Y-%m-%d %H:%M};{h};{a}" for d, k, h, a in s.fixtures]
    return "\n".join(lines) + "\n"


def prices_csv(rows: tuple[PriceRow, ...] | list[PriceRow]) -> str:
    lines = ["Cod.;Ruolo;Nome;Squadra;Prezzo"]
    lines += [f"{p.code};{p.role};{p.name};{p.club};{p.price}" for p in rows]
    return "\n".join(lines) + "\n"


def vote_rows(
    s: Season, matchday: int, seed: int = 0, clubs: tuple[str, ...] | None = None
) -> list[list[str]]:
    """A matchday's file as rows: per club its name, the header, its players, the coach; the
    disclaimer at the end. ``clubs``: only those (a partial file of a matchday being played)."""
    rng = random.Random(seed * 1000 + matchday)
    rows: list[list[str]] = [[f"Voti della giornata {matchday}"], []]
    for club in clubs or s.clubs:
        coach = f"9{s.clubs.index(club):03d}"
        rows.append([club])
        rows.append(list(HEADER))
        for p in (p for p in s.players if p.club == club):
            if rng.random() < 0.3:
                continue  # did not play
            sv = rng.random() < 0.08
            vote = "6*" if sv else f"{rng.choice([4.5, 5, 5.5, 6, 6, 6.5, 6.5, 7, 7.5, 8])}"
            goals = int(p.role in "CA" and rng.random() < (0.25 if p.role == "A" else 0.1))
            conceded = rng.randrange(4) if p.role == "P" else 0
            events = [
                goals,
                conceded,
                0,
                int(rng.random() < 0.02),
                0,
                int(rng.random() < 0.01),
                int(rng.random() < 0.15),
                int(rng.random() < 0.02),
                int(rng.random() < 0.1),
            ]
            rows.append([p.code, p.role, p.name, vote.replace(".", ","), *map(str, events)])
        rows.append([coach, "ALL", f"Allenatore {club}", "6", *["0"] * 9])
    rows += [[], [DISCLAIMER]]
    return rows


def rows_csv(rows: list[list[str]]) -> bytes:
    return ("\n".join(";".join(r) for r in rows) + "\n").encode("utf-8")


def rows_xlsx(rows: list[list[str]]) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append([_typed(c) for c in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _typed(cell: str) -> str | float | int:
    """Numbers as numbers, as a spreadsheet would hold them (6,5 -> 6.5)."""
    text = cell.replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        return cell
    return int(number) if number.is_integer() and "." not in text else number


def pick_roster(
    players: tuple[PriceRow, ...] | list[PriceRow], rng: random.Random, budget: int = 250
) -> list[str]:
    """The codes of a random roster of 3/8/8/6 within ``budget`` (FAN-ROSTER-1)."""
    by_role: dict[str, list[PriceRow]] = {}
    for p in sorted(players, key=lambda p: (p.price, p.code)):
        by_role.setdefault(p.role, []).append(p)
    for _ in range(200):
        chosen = [
            p for role, count in PER_CLUB for p in rng.sample(by_role[role][: count * 4], count)
        ]
        if sum(p.price for p in chosen) <= budget:
            return [p.code for p in chosen]
    return [p.code for role, count in PER_CLUB for p in by_role[role][:count]]


def pick_lineup(
    roster: list[tuple[int, str]], rng: random.Random, formation: str | None = None
) -> tuple[list[int], list[int]]:
    """A valid lineup of a roster of (id, role): 11 starters in ``formation`` (random when
    left out) and 7 on the bench, one goalkeeper first among them."""
    shape = formation or rng.choice(["3-4-3", "3-5-2", "4-3-3", "4-4-2", "4-5-1", "5-3-2"])
    d, c, a = (int(n) for n in shape.split("-"))
    pools = {role: [pid for pid, r in roster if r == role] for role in "PDCA"}
    for pool in pools.values():
        rng.shuffle(pool)
    starters = pools["P"][:1] + pools["D"][:d] + pools["C"][:c] + pools["A"][:a]
    rest = [pools["P"][1], *pools["D"][d:], *pools["C"][c:], *pools["A"][a:]]
    bench = rest[:1] + rng.sample(rest[1:], 6)
    return starters, bench
