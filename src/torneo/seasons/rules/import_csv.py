"""Import a season's past results from a spreadsheet (issue 5 item 6; docs/season-import.md).

    tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped

One row per player per tournament, so a tournament's rows give its field size. The file is read
row by row, each cell checked (:mod:`torneo.seasons.rules.import_rows`); here the rows of each
tournament are checked together. *All* problems are reported at once (row, column, reason, what
is accepted) in one :class:`~torneo.seasons.rules.import_issues.SeasonImportError`; nothing is
returned when any row is wrong.

Decisions:
- A UTF-8 byte order mark is ignored.
- One tournament has one date, store and Major flag: a row that disagrees with the first is
  reported; a tournament outside the season (INV-SEASON-1) is reported once, on its first row.
- Swiss points are at most a win (3) for each Swiss round the field size gives in the preset's
  structure (INV-STRUCT-1; the "one round fewer" option only lowers the bound).
- ``topcut_wins`` must be what the place means in a Top of the structure's size: with a Top of
  2^R, the winner has R wins, 2nd R−1, 3rd–4th R−2, 5th–8th R−3 … (the 3rd/4th match is not
  counted, INV-PTS-1), places outside the Top 0. Where the structure allows a Top 16 instead
  (INV-STRUCT-2), either reading is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from torneo.cards.rules.points import Placement
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message
from torneo.presets.models import Ruleset, SeasonPointsRules, StructureRow
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.import_issues import ImportIssue, SeasonImportError
from torneo.seasons.rules.import_rows import ParsedRow, player_key, read_rows
from torneo.seasons.rules.legality import TournamentFacts
from torneo.seasons.rules.outcome import TournamentOutcome, score_tournament


@dataclass(frozen=True, slots=True)
class ImportedRow:
    row: int
    player: str
    place: int
    swiss_points: int
    topcut_wins: int
    dropped: bool

    def placement(self, player_id: PlayerId) -> Placement:
        return Placement(player_id, self.place, self.swiss_points, self.topcut_wins, self.dropped)


@dataclass(frozen=True, slots=True)
class ImportedTournament:
    name: str
    date: date
    store: str
    is_major: bool
    swiss_rounds: int  # INV-STRUCT-1 for the field size
    top_size: int  # INV-STRUCT-1 (the standard Top; see the module notes for Top 16)
    rows: tuple[ImportedRow, ...]  # by place

    @property
    def field_size(self) -> int:
        return len(self.rows)

    def placements(self, ids: Mapping[str, PlayerId]) -> list[Placement]:
        """The rows as placements; ``ids`` maps each player's name key (see ``player_key``)."""
        return [r.placement(ids[player_key(r.player)]) for r in self.rows]

    def facts(self) -> TournamentFacts:
        """What the sanctioning check can know of an imported tournament (players, dates)."""
        return TournamentFacts(
            key=self.name,
            store=self.store,
            date=self.date,
            is_major=self.is_major,
            players=self.field_size,
        )

    def score(
        self,
        ids: Mapping[str, PlayerId],
        rules: SeasonPointsRules,
        breaches: tuple[str, ...] = (),
    ) -> TournamentOutcome:
        return score_tournament(
            self.name,
            self.placements(ids),
            field_size=self.field_size,
            is_major=self.is_major,
            rules=rules,
            day=self.date,
            breaches=breaches,
            top_size=self.top_size,
        )


@dataclass(frozen=True, slots=True)
class ImportedSeason:
    tournaments: tuple[ImportedTournament, ...]  # by date, then name
    players: tuple[str, ...]  # distinct names, as first written


def parse_season_csv(text: str, *, season: SeasonDates, ruleset: Ruleset) -> ImportedSeason:
    """Parse and validate the whole file; raise ``SeasonImportError`` listing every problem."""
    if not ruleset.structure:
        raise TorneoError(
            "preset",
            N_("preset '%(preset)s' has no structure table"),
            params={"preset": ruleset.id},
        )
    issues: list[ImportIssue] = []
    parsed = read_rows(text.lstrip("\ufeff"), issues)
    tournaments = _group(parsed, season, ruleset, issues)
    if issues:
        raise SeasonImportError(issues)
    players: dict[str, str] = {}
    for t in tournaments:
        for r in t.rows:
            players.setdefault(player_key(r.player), r.player)
    return ImportedSeason(tuple(tournaments), tuple(players.values()))


def _group(
    parsed: list[ParsedRow], season: SeasonDates, ruleset: Ruleset, issues: list[ImportIssue]
) -> list[ImportedTournament]:
    groups: dict[str, list[ParsedRow]] = {}
    for p in parsed:
        if p.tournament:
            groups.setdefault(p.tournament.casefold(), []).append(p)
    out: list[ImportedTournament] = []
    for rows in groups.values():
        t = _tournament(rows, season, ruleset, issues)
        if t is not None:
            out.append(t)
    return sorted(out, key=lambda t: (t.date, t.name.casefold()))


def _tournament(
    rows: list[ParsedRow], season: SeasonDates, ruleset: Ruleset, issues: list[ImportIssue]
) -> ImportedTournament | None:
    """One tournament's rows checked together; None when any of its rows is wrong."""
    name = rows[0].tournament
    n = len(rows)
    structure = _structure_row(ruleset.structure, n)
    tops = _top_sizes(structure, n)
    day = next((r.date for r in rows if r.date is not None), None)
    store = next((r.store for r in rows if r.store), "")
    major = next((r.major for r in rows if r.major is not None), None)
    issues += _disagreements(rows, name, day, store, major)
    if day is not None:
        issues += _outside_season(rows[0].row, name, day, season)
    issues += _repeats(rows, name)
    for r in rows:
        issues += _points_problems(r, n, structure.rounds, ruleset.points.win, tops)
    if day is None or major is None or any(_incomplete(r) for r in rows):
        return None  # its problems are already reported
    ordered = sorted(rows, key=lambda r: r.place or 0)
    return ImportedTournament(
        name=name,
        date=day,
        store=store,
        is_major=major,
        swiss_rounds=structure.rounds,
        top_size=tops[0],
        rows=tuple(
            ImportedRow(
                r.row,
                r.player,
                r.place or 0,
                r.swiss_points or 0,
                r.topcut_wins or 0,
                bool(r.dropped),
            )
            for r in ordered
        ),
    )


def _incomplete(r: ParsedRow) -> bool:
    values = (r.date, r.major, r.place, r.swiss_points, r.topcut_wins, r.dropped)
    return any(v is None for v in values)


def _disagreements(
    rows: list[ParsedRow], name: str, day: date | None, store: str, major: bool | None
) -> list[ImportIssue]:
    """One tournament, one date, store and Major flag: the rows that disagree with the first."""
    out: list[ImportIssue] = []
    for r in rows:
        if r.date is not None and day is not None and r.date != day:
            out.append(_differs(r.row, "date", name, day.isoformat(), r.date.isoformat()))
        if r.store and store and r.store.casefold() != store.casefold():
            out.append(_differs(r.row, "store", name, store, r.store))
        if r.major is not None and major is not None and r.major != major:
            out.append(_differs(r.row, "major", name, _yn(major), _yn(r.major)))
    return out


def _outside_season(row: int, name: str, day: date, season: SeasonDates) -> list[ImportIssue]:
    """INV-SEASON-1: reported once, on the tournament's first row."""
    values = {"t": name, "day": day.isoformat(), "season": season.text()}
    if day < season.start:
        reason = N_("tournament '%(t)s' held on %(day)s, before the season starts on %(start)s")
        values["start"] = season.start.isoformat()
    elif day > season.end:
        reason = N_("tournament '%(t)s' held on %(day)s, after the season ends on %(end)s")
        values["end"] = season.end.isoformat()
    else:
        return []
    accepted = N_("a day of the season %(season)s")
    return [ImportIssue(row, "date", Message(reason, values), Message(accepted, values))]


def _repeats(rows: list[ParsedRow], name: str) -> list[ImportIssue]:
    """Each player and each place once per tournament, places inside the field."""
    out: list[ImportIssue] = []
    n = len(rows)
    seen_player: dict[str, int] = {}
    seen_place: dict[int, int] = {}
    for r in rows:
        values = {"p": r.player, "t": name, "place": r.place, "n": n}
        if r.player and player_key(r.player) in seen_player:
            values["row"] = seen_player[player_key(r.player)]
            reason = N_("'%(p)s' is already in tournament '%(t)s' on row %(row)s")
            accepted = N_("each player once per tournament")
            out.append(ImportIssue(r.row, "player", Message(reason, values), accepted))
        elif r.player:
            seen_player[player_key(r.player)] = r.row
        if r.place is None:
            continue
        if r.place > n:
            reason = N_("place %(place)s in a field of %(n)s (tournament '%(t)s' has %(n)s rows)")
            out.append(
                ImportIssue(r.row, "place", Message(reason, values), Message("1..%(n)s", values))
            )
        elif r.place in seen_place:
            values["row"] = seen_place[r.place]
            reason = N_("place %(place)s is already taken in '%(t)s' on row %(row)s")
            accepted = N_("each place once per tournament")
            out.append(ImportIssue(r.row, "place", Message(reason, values), accepted))
        else:
            seen_place[r.place] = r.row
    return out


def _points_problems(
    r: ParsedRow, n: int, rounds: int, win: int, tops: list[int]
) -> list[ImportIssue]:
    """Swiss points within the rounds played (INV-STRUCT-1), Top wins as the place means."""
    out: list[ImportIssue] = []
    max_swiss = win * rounds
    if r.swiss_points is not None and r.swiss_points > max_swiss:
        values = {"sp": r.swiss_points, "rounds": rounds, "n": n, "max": max_swiss, "win": win}
        out.append(
            ImportIssue(
                r.row,
                "swiss_points",
                Message(
                    N_("%(sp)s Swiss points in %(rounds)s rounds (%(n)s players, INV-STRUCT-1)"),
                    values,
                ),
                Message(N_("0..%(max)s (%(win)s a round at most)"), values),
            )
        )
    if r.topcut_wins is not None and r.place is not None and r.place <= n:
        expected = sorted({_top_wins(r.place, top) for top in tops})
        if r.topcut_wins not in expected:
            wins: dict[str, object] = {
                "place": r.place,
                "tops": _either([f"Top {t}" for t in tops]),
                "wins": _either([str(e) for e in expected]),
                "given": r.topcut_wins,
            }
            out.append(
                ImportIssue(
                    r.row,
                    "topcut_wins",
                    Message(
                        N_("place %(place)s in a %(tops)s means %(wins)s Top wins, not %(given)s"),
                        wins,
                    ),
                    Message(N_("%(wins)s (the 3rd/4th-place match is not counted)"), wins),
                )
            )
    return out


def _either(values: list[str]) -> str | Message:
    """ "8" or "Top 8 or Top 16" (INV-STRUCT-2 allows two Top sizes): the "or" translates."""
    if len(values) == 2:
        return Message(N_("%(a)s or %(b)s"), {"a": values[0], "b": values[1]})
    return " or ".join(values)


def _structure_row(structure: list[StructureRow], players: int) -> StructureRow:
    for row in structure:
        if row.max_players is None or players <= row.max_players:
            return row
    return structure[-1]


def _top_sizes(row: StructureRow, players: int) -> list[int]:
    """The Top sizes the structure allows for this field (INV-STRUCT-1/2), shrunk to the field."""
    sizes = [row.top]
    if row.short_top and row.short_min_players is not None and players >= row.short_min_players:
        sizes.append(row.short_top)
    largest = 1 << (players.bit_length() - 1)  # the largest power of two ≤ the field
    return sorted({min(s, largest) if s else 0 for s in sizes})


def _top_wins(place: int, top: int) -> int:
    """Top X wins of the player who ended in ``place`` (3rd/4th match excluded, INV-PTS-1)."""
    if top < 2 or place > top:
        return 0
    rounds = top.bit_length() - 1
    return rounds - (place - 1).bit_length()  # 1 → R, 2 → R−1, 3–4 → R−2, 5–8 → R−3


def _differs(row: int, column: str, name: str, first: str, this: str) -> ImportIssue:
    values = {"t": name, "col": column, "first": first, "this": this}
    return ImportIssue(
        row,
        column,
        Message(
            N_("tournament '%(t)s' has %(col)s %(first)s on its first row; this row says %(this)s"),
            values,
        ),
        Message(N_("%(first)s, the same on every row of the tournament"), values),
    )


def _yn(value: bool) -> str:
    return "yes" if value else "no"


__all__ = ["ImportedRow", "ImportedSeason", "ImportedTournament", "parse_season_csv"]
