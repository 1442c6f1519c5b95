"""Pydantic models of the seasons' JSON API (requests and responses), documented in OpenAPI.

Responses are built from the read models (``torneo.seasons.views*``) and keep their JSON shape:
the season table uses the regulation's column names (``W``, ``S``, ``MW``, ``MP``, ``T``,
INV-RANK-1) as aliases, exact values stay exact (the final bonus, INV-MAJOR-5, is a fraction
written ``"3/2"``) and the words are English (a breach's ``sentence``, a pair's
``explanation``); the pages show them in their own language.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field

from torneo.cards.exports.views import ExplainedRound
from torneo.platform.web.schemas import OwningClub
from torneo.seasons.calendar.commands import CalendarView
from torneo.seasons.commands import ImportSummary, unchecked_note
from torneo.seasons.rules.settings import REGIONAL_CUT
from torneo.seasons.schemas_cut import CutOut
from torneo.seasons.state import SeasonStanding
from torneo.seasons.views import BreachLine, SeasonCard, SeasonPage, breach_lines
from torneo.seasons.views_player import PlayerPage

MAX_CSV_CHARS = 900_000  # under the app's 1 MiB body limit; bigger files: `torneo season import`


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


# --- requests --------------------------------------------------------------------------------


class SeasonCreateIn(_In):
    name: str = Field(min_length=1, max_length=200, examples=["Campionato 2011/12"])
    preset: str = Field(min_length=1, max_length=80, examples=["invasion-it-2012"])
    start: str | None = Field(default=None, max_length=40, description="YYYY-MM-DD (INV-SEASON-1)")
    end: str | None = Field(default=None, max_length=40, description="YYYY-MM-DD")
    cut_size: int = Field(default=REGIONAL_CUT, ge=0, le=100_000, description="INV-RANK-3")
    club: OwningClub = None


class ImportIn(_In):
    csv: str = Field(
        min_length=1,
        max_length=MAX_CSV_CHARS,
        description="tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped",
    )


class AddEventIn(_In):
    event_id: int = Field(ge=1)
    store: str | None = Field(default=None, max_length=200)


class AnnounceIn(_In):
    name: str = Field(min_length=1, max_length=200)
    store: str = Field(min_length=1, max_length=200)
    held_on: str = Field(max_length=40, description="YYYY-MM-DD")
    is_major: bool = False
    judge: str = Field(default="", max_length=120, description="INV-LEGAL-3; empty = none")
    public_place: bool = Field(default=True, description="INV-LEGAL-4")
    prizes_for_top: int = Field(default=2, ge=0, le=1000, description="INV-LEGAL-5")


class LadderCreateIn(_In):
    name: str = Field(min_length=1, max_length=200)
    preset: str = Field(min_length=1, max_length=80)
    source: str = Field(description="matches (Glicko-2), tables or placings (openskill)")
    ladder: str | None = Field(default=None, description="BER-RANK-1: professional or amateur")
    season_id: int | None = None
    start: str | None = Field(default=None, max_length=40)
    end: str | None = Field(default=None, max_length=40)
    club: OwningClub = None


# --- seasons ---------------------------------------------------------------------------------


class BreachOut(_Out):
    """One broken sanctioning rule (INV-LEGAL-8): its id and the sentence in English."""

    rule: str
    sentence: str

    @classmethod
    def of(cls, line: BreachLine) -> BreachOut:
        return cls(rule=line.rule_id, sentence=line.sentence)


def _breaches(lines: tuple[BreachLine, ...]) -> list[BreachOut]:
    return [BreachOut.of(b) for b in lines]


class SeasonCardOut(_Out):
    id: int
    name: str
    preset: str
    start: dt.date
    end: dt.date
    cut_size: int
    tournaments: int
    void: int
    players: int

    @classmethod
    def of(cls, c: SeasonCard) -> SeasonCardOut:
        return cls(
            id=c.id,
            name=c.name,
            preset=c.preset,
            start=c.starts_on,
            end=c.ends_on,
            cut_size=c.cut_size,
            tournaments=c.tournaments,
            void=c.void,
            players=c.players,
        )


class StandingOut(_Out):
    """One row of the season table, the columns named as the regulation names them."""

    rank: int = Field(description="Dense on points (INV-RANK-2)")
    position: int = Field(description="Strict INV-RANK-1 order")
    player_id: int
    player: str
    club: str | None
    points: int
    wins: int = Field(alias="W", description="Tournaments won")
    seconds: int = Field(alias="S", description="Second places")
    major_wins: int = Field(alias="MW", description="Majors won")
    best_major_place: int | None = Field(alias="MP", description="Best place at a Major")
    played: int = Field(alias="T", description="Tournaments played (void ones not counted)")
    final_bonus: str = Field(description="INV-MAJOR-5, exact: '3/2'")
    qualified: bool = Field(description="Inside the cut (INV-RANK-3)")
    tied_at_cut: bool = Field(
        description=(
            "INV-RANK-3: equal on every criterion with a player across the cut line; until the"
            " organizer decides, 'qualified' follows the player ids and is not a decision"
        )
    )
    cut_decided: bool = Field(
        default=False,
        description="INV-RANK-3: that tie settled by the organizer or a lot ('cut' says how)",
    )

    @classmethod
    def of(cls, row: SeasonStanding) -> StandingOut:
        return cls.model_validate(row.as_dict())


class SeasonFactsOut(_Out):
    id: int
    name: str
    preset: str
    start: dt.date
    end: dt.date
    cut_size: int


class SeasonTournamentOut(_Out):
    id: int
    tournament: str
    date: dt.date
    store: str
    major: bool
    players: int
    top: int | None
    winner: str | None
    void: bool
    breaches: list[BreachOut]
    event_id: int | None


class SeasonOut(_Out):
    """A season: its facts, its table (INV-RANK-1..3), its tournaments with every breach."""

    season: SeasonFactsOut
    standings: list[StandingOut]
    tournaments: list[SeasonTournamentOut]
    cut: CutOut

    @classmethod
    def of(cls, page: SeasonPage) -> SeasonOut:
        return cls(
            season=SeasonFactsOut(
                id=page.id,
                name=page.name,
                preset=page.preset,
                start=page.starts_on,
                end=page.ends_on,
                cut_size=page.cut_size,
            ),
            standings=[StandingOut.of(r) for r in page.rows],
            cut=CutOut.of(page.cut),
            tournaments=[
                SeasonTournamentOut(
                    id=t.id,
                    tournament=t.name,
                    date=t.held_on,
                    store=t.store,
                    major=t.is_major,
                    players=t.field_size,
                    top=t.top_size,
                    winner=t.winner,
                    void=t.void,
                    breaches=_breaches(t.breaches),
                    event_id=t.event_id,
                )
                for t in page.tournaments
            ],
        )


class PartOut(_Out):
    label: str = Field(description='"Swiss", "Top 8", "first place", ... (INV-PTS-*)')
    points: int


class HistoryOut(_Out):
    tournament_id: int
    tournament: str
    date: dt.date
    store: str
    major: bool
    players: int
    place: int
    points: int = Field(description="The season points it gave (0 when void, INV-LEGAL-8)")
    cumulative: int
    parts: list[PartOut]
    explanation: str
    final_bonus: str
    void: bool
    breaches: list[BreachOut]


class PlayerSeasonOut(_Out):
    """A player's season: the row and each tournament's points, part by part."""

    season_id: int
    player_id: int
    player: str
    club: str | None
    standing: StandingOut | None
    history: list[HistoryOut]

    @classmethod
    def of(cls, page: PlayerPage) -> PlayerSeasonOut:
        return cls(
            season_id=page.season_id,
            player_id=page.player_id,
            player=page.name,
            club=page.club,
            standing=StandingOut.of(page.row) if page.row else None,
            history=[
                HistoryOut(
                    tournament_id=h.tournament_id,
                    tournament=h.tournament,
                    date=h.held_on,
                    store=h.store,
                    major=h.is_major,
                    players=h.field_size,
                    place=h.place,
                    points=h.points,
                    cumulative=h.cumulative,
                    parts=[PartOut(label=str(p.label), points=p.value) for p in h.parts],
                    explanation=h.explanation,
                    final_bonus=str(h.final_bonus),
                    void=h.void,
                    breaches=_breaches(h.breaches),
                )
                for h in page.history
            ],
        )


class VoidTournamentOut(_Out):
    tournament: str
    breaches: list[BreachOut]


class ImportSummaryOut(_Out):
    """What an import or an added event changed; the void tournaments with every breach."""

    season_id: int
    season_created: bool
    tournaments: int
    results: int
    void: list[VoidTournamentOut]
    # Imported tournaments without an announcement: INV-LEGAL-1/3/4/5 not checked (``note``).
    unchecked: list[str] = []
    note: str | None = None

    @classmethod
    def of(cls, s: ImportSummary) -> ImportSummaryOut:
        note = unchecked_note(s)
        return cls(
            unchecked=list(s.unchecked),
            note=note.english() if note is not None else None,
            season_id=s.season_id,
            season_created=s.season_created,
            tournaments=s.tournaments,
            results=s.results,
            void=[
                VoidTournamentOut(tournament=name, breaches=_breaches(breach_lines(reasons)))
                for name, reasons in s.void
            ],
        )


# --- calendar --------------------------------------------------------------------------------


class AnnouncedOut(_Out):
    id: int
    tournament: str
    store: str
    date: dt.date
    major: bool
    announced_on: dt.date
    judge: str


class CalendarOut(_Out):
    """Majors (INV-SEASON-2), announced tournaments and the days ``store`` may still book."""

    season_id: int
    store: str | None
    today: dt.date
    majors: list[dt.date]
    announced: list[AnnouncedOut]
    bookable_days: list[dt.date]

    @classmethod
    def of(cls, view: CalendarView) -> CalendarOut:
        return cls(
            season_id=view.season_id,
            store=view.store,
            today=view.today,
            majors=list(view.majors),
            announced=[
                AnnouncedOut(
                    id=a.id,
                    tournament=a.name,
                    store=a.store,
                    date=a.held_on,
                    major=a.is_major,
                    announced_on=a.announced_on,
                    judge=a.judge,
                )
                for a in view.announced
            ],
            bookable_days=[
                c.day
                for m in view.months
                for week in m.weeks
                for c in week
                if c is not None and c.bookable
            ],
        )


class AnnouncementCheckOut(_Out):
    legal: bool
    breaches: list[BreachOut]

    @classmethod
    def of(cls, found: tuple[BreachLine, ...]) -> AnnouncementCheckOut:
        return cls(legal=not found, breaches=_breaches(found))


class AnnouncedIdOut(_Out):
    id: int
    legal: bool


# --- pairing explanations --------------------------------------------------------------------


class ExplainedPairOut(_Out):
    table: int
    player_a: str
    player_b: str | None = Field(description="null: the bye")
    result: str | None
    explanation: str = Field(description="Why the pair was made, in English, players by name")


class ExplanationsOut(_Out):
    event_id: int
    round: int
    stage: str
    pairs: list[ExplainedPairOut]

    @classmethod
    def of(cls, view: ExplainedRound) -> ExplanationsOut:
        return cls(
            event_id=view.event_id,
            round=view.round_no,
            stage=view.stage,
            pairs=[
                ExplainedPairOut(
                    table=p.table,
                    player_a=p.a,
                    player_b=p.b,
                    result=p.result,
                    explanation=p.explanation,
                )
                for p in view.pairs
            ],
        )


__all__ = [
    "MAX_CSV_CHARS",
    "AddEventIn",
    "AnnounceIn",
    "AnnouncedIdOut",
    "AnnouncementCheckOut",
    "CalendarOut",
    "ExplanationsOut",
    "ImportIn",
    "ImportSummaryOut",
    "LadderCreateIn",
    "PlayerSeasonOut",
    "SeasonCardOut",
    "SeasonCreateIn",
    "SeasonOut",
    "StandingOut",
]
