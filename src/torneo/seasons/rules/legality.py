"""Is a tournament legal (sanctioned) for the season? INV-LEGAL-1..8, INV-MAJOR-1/2, INV-SEASON-1/2.

``check_legality`` reports *every* breach, each with its rule id and a sentence an organizer
understands ("announced 9 days before; 14 required"); any breach makes the tournament void
(INV-LEGAL-8), and a void tournament gives no season points (see ``ranking``).

The check is phase-aware: a fact that is not known yet is ``None`` and its rule is not checked.
At announcement the player count is unknown (INV-LEGAL-2 / INV-MAJOR-2 wait for the close); an
imported past tournament may lack the announcement facts. Run it when a tournament is announced
and again when it closes.

One function for every surface: announcing (``seasons.commands_calendar``) calls
:func:`check_legality` for the newcomer, and scoring (CSV import, events of the app) calls
:func:`check_season`, which runs :func:`check_legality` over the season's calendar in precedence
order, so a tournament found void no longer counts against its store's quota (INV-LEGAL-6, "void
tournaments do not count": they are not sanctioned) and the Majors are the five fixed at season
start, played or not (INV-MAJOR-1 / INV-SEASON-2, :func:`~torneo.seasons.rules.calendar.
season_majors`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Message, Np_
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.calendar import CalendarEntry, majors_near, same_store
from torneo.seasons.rules.dates import SeasonDates, month_name
from torneo.seasons.rules.settings import DEFAULT_SANCTIONING, SanctioningRules


@dataclass(frozen=True, slots=True)
class TournamentFacts:
    """What the sanctioning rules look at. ``None`` = not known yet, not checked."""

    key: str  # unique in the season; the same key in the calendar is this tournament
    store: str
    date: dt.date
    is_major: bool = False
    announced_on: dt.date | None = None  # INV-LEGAL-1
    judge_named: bool | None = None  # INV-LEGAL-3: a judge named in the announcement
    public_place: bool | None = None  # INV-LEGAL-4
    prizes_for_top: int | None = None  # INV-LEGAL-5: how many places get a prize
    players: int | None = None  # INV-LEGAL-2 / INV-MAJOR-2: known at the close
    # INV-LEGAL-1: False = an event of the app that was never announced on the season's calendar
    # (a breach); None = not known (a CSV import carries no announcement: not checked).
    announced: bool | None = None

    @property
    def precedence(self) -> tuple[dt.date, dt.date, str]:
        return (self.announced_on or self.date, self.date, self.key)


class Breach:
    """One broken rule: its id and a message saying how (English: :attr:`sentence`).

    Two breaches are equal when they break the same rule in the same words, so a test may write
    ``Breach("INV-LEGAL-2", "5 players took part; at least 6 required")``.
    """

    __slots__ = ("message", "rule_id")

    def __init__(self, rule_id: str, message: Message | str) -> None:
        self.rule_id = rule_id
        self.message = message if isinstance(message, Message) else Message(message)

    @property
    def sentence(self) -> str:
        """The sentence in English (the CLI's, the API's and the exports' words)."""
        return self.message.english()

    def text(self) -> str:
        return f"{self.rule_id}: {self.sentence}" if self.rule_id else self.sentence

    def text_message(self) -> Message:
        """ "INV-LEGAL-2: <sentence>" as a message: the rule id stays, the sentence translates."""
        if not self.rule_id:
            return self.message
        return Message(
            N_("%(rule)s: %(sentence)s"), {"rule": self.rule_id, "sentence": self.message}
        )

    def as_refusal(self, field: str = "tournament") -> Refusal:
        return Refusal(field, self.message.id, None, self.rule_id, params=self.message.params)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Breach):
            return NotImplemented
        return (self.rule_id, self.sentence) == (other.rule_id, other.sentence)

    def __hash__(self) -> int:
        return hash((self.rule_id, self.sentence))

    def __repr__(self) -> str:
        return f"Breach({self.rule_id!r}, {self.sentence!r})"


def announcement_breaches(
    held_on: dt.date,
    announced_on: dt.date | None,
    *,
    judge_named: bool,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> list[Breach]:
    """INV-LEGAL-1 and INV-LEGAL-3 from an event's own facts, before any season knows it (issue
    30: a card event warns its organizer while it would be void): announced at least 14 days
    before (no announcement: never announced), and a judge named for it."""
    facts = TournamentFacts(
        key="",
        store="",
        date=held_on,
        announced_on=announced_on,
        judge_named=judge_named,
        announced=None if announced_on is not None else False,
    )
    return _announcement(facts, rules)


def is_void(breaches: Sequence[Breach]) -> bool:
    """INV-LEGAL-8: any breach makes the tournament void for the season."""
    return bool(breaches)


def check_legality(
    facts: TournamentFacts,
    calendar: Sequence[CalendarEntry],
    season: SeasonDates,
    rules: SeasonPointsRules,
    *,
    majors: Sequence[date] | None = None,
    sanctioning: SanctioningRules = DEFAULT_SANCTIONING,
) -> list[Breach]:
    """Every breach of the sanctioning rules, in rule order (empty = legal).

    ``calendar`` is the season's calendar (this tournament may be in it, under the same key);
    ``majors`` are the Majors fixed at season start — when omitted, the calendar's Major entries.
    """
    major_days = sorted(
        set(majors) if majors is not None else {e.date for e in calendar if e.is_major}
    )
    breaches = _season_days(facts, season, major_days)
    breaches += _announcement(facts, sanctioning)
    breaches += _attendance(facts, rules)
    breaches += _venue_and_prizes(facts, sanctioning)
    breaches += _store_limits(facts, calendar, sanctioning)
    if not facts.is_major:
        breaches += [
            Breach(
                "INV-LEGAL-7",
                Message(
                    N_(
                        "%(distance)s the Major of %(day)s; no sanctioned tournament less than "
                        "%(quiet)s days from a Major (INV-MAJOR-1)"
                    ),
                    {
                        "distance": _distance(facts.date, m),
                        "day": m.isoformat(),
                        "quiet": sanctioning.major_quiet_days,
                    },
                ),
            )
            for m in majors_near(facts.date, major_days, sanctioning)
        ]
    order = {rule: i for i, rule in enumerate(_RULE_ORDER)}
    return sorted(breaches, key=lambda b: order.get(b.rule_id, len(order)))


def check_season(
    tournaments: Sequence[TournamentFacts],
    calendar: Sequence[CalendarEntry],
    season: SeasonDates,
    rules: SeasonPointsRules,
    *,
    majors: Sequence[date],
    sanctioning: SanctioningRules = DEFAULT_SANCTIONING,
) -> dict[str, list[Breach]]:
    """Every breach of every played tournament, keyed by tournament (empty list = legal).

    ``calendar`` holds the announced tournaments not played yet (sanctioned when announced);
    ``majors`` are the Majors fixed at season start. The tournaments are judged in precedence
    order, each against the ones before it as they were judged: a void one does not count
    against its store's quota (INV-LEGAL-6).
    """
    played = {t.key for t in tournaments}
    judged: list[CalendarEntry] = [e for e in calendar if e.key not in played]
    verdicts: dict[str, list[Breach]] = {}
    for facts in sorted(tournaments, key=lambda t: t.precedence):
        breaches = check_legality(
            facts, judged, season, rules, majors=majors, sanctioning=sanctioning
        )
        verdicts[facts.key] = breaches
        judged.append(
            CalendarEntry(
                facts.key,
                facts.store,
                facts.date,
                facts.is_major,
                void=is_void(breaches),
                announced_on=facts.announced_on,
            )
        )
    return verdicts


def _season_days(facts: TournamentFacts, season: SeasonDates, majors: list[date]) -> list[Breach]:
    """INV-SEASON-1 (inside the season) and INV-SEASON-2 (a Major fixed at season start)."""
    out: list[Breach] = []
    values = {"day": facts.date.isoformat(), "season": season.text()}
    if facts.date < season.start:
        sentence = N_("held on %(day)s, before the season starts on %(start)s (season %(season)s)")
        out.append(
            Breach("INV-SEASON-1", Message(sentence, {**values, "start": season.start.isoformat()}))
        )
    elif facts.date > season.end:
        sentence = N_("held on %(day)s, after the season ends on %(end)s (season %(season)s)")
        out.append(
            Breach("INV-SEASON-1", Message(sentence, {**values, "end": season.end.isoformat()}))
        )
    if facts.is_major and facts.date not in majors:
        fixed = ", ".join(d.isoformat() for d in majors)
        out.append(
            Breach(
                "INV-SEASON-2",
                Message(
                    N_(
                        "a Major on %(day)s is not one of the Majors fixed at season start (%(fixed)s)"
                    )
                    if fixed
                    else N_(
                        "a Major on %(day)s is not one of the Majors fixed at season start (none)"
                    ),
                    {"day": facts.date.isoformat(), "fixed": fixed},
                ),
            )
        )
    return out


_RULE_ORDER = (
    "INV-SEASON-1",
    "INV-SEASON-2",
    "INV-LEGAL-1",
    "INV-LEGAL-2",
    "INV-MAJOR-2",
    "INV-LEGAL-3",
    "INV-LEGAL-4",
    "INV-LEGAL-5",
    "INV-LEGAL-6",
    "INV-LEGAL-7",
)


def _announcement(facts: TournamentFacts, s: SanctioningRules) -> list[Breach]:
    out: list[Breach] = []
    if facts.announced is False and facts.announced_on is None:
        # INV-LEGAL-1 / INV-LEGAL-8: "qualunque inosservanza ... rende nullo il torneo".
        sentence = N_("never announced on the season's calendar; %(need)s days before required")
        out.append(Breach("INV-LEGAL-1", Message(sentence, {"need": s.announce_days})))
    if facts.announced_on is not None:
        lead = (facts.date - facts.announced_on).days
        need = s.announce_days
        if lead < 0:
            sentence = N_("announced %(n)s days after it was held; %(need)s days before required")
            out.append(Breach("INV-LEGAL-1", Message(sentence, {"n": -lead, "need": need})))
        elif lead < need:
            sentence = (
                N_("announced 1 day before; %(need)s required")
                if lead == 1
                else N_("announced %(n)s days before; %(need)s required")
            )
            out.append(Breach("INV-LEGAL-1", Message(sentence, {"n": lead, "need": need})))
    if facts.judge_named is False:
        out.append(Breach("INV-LEGAL-3", N_("no judge was named when it was announced")))
    return out


def _attendance(facts: TournamentFacts, rules: SeasonPointsRules) -> list[Breach]:
    if facts.players is None:
        return []  # not known before the close
    if facts.is_major and facts.players < rules.major_min_players:
        sentence = Np_(
            "%(n)s player took part; a Major needs at least %(need)s",
            "%(n)s players took part; a Major needs at least %(need)s",
        )
        values = {"n": facts.players, "need": rules.major_min_players}
        return [Breach("INV-MAJOR-2", Message(sentence, values))]
    if facts.players < rules.min_players:
        sentence = Np_(
            "%(n)s player took part; at least %(need)s required",
            "%(n)s players took part; at least %(need)s required",
        )
        return [
            Breach(
                "INV-LEGAL-2", Message(sentence, {"n": facts.players, "need": rules.min_players})
            )
        ]
    return []


def _venue_and_prizes(facts: TournamentFacts, s: SanctioningRules) -> list[Breach]:
    out: list[Breach] = []
    if facts.public_place is False:
        sentence = N_("not held in a public place or one freely open to the public")
        out.append(Breach("INV-LEGAL-4", sentence))
    if facts.prizes_for_top is not None and facts.prizes_for_top < s.min_prize_places:
        sentence = N_(
            "prizes for the first %(n)s places only; at least the first %(need)s required"
        )
        values = {"n": facts.prizes_for_top, "need": s.min_prize_places}
        out.append(Breach("INV-LEGAL-5", Message(sentence, values)))
    return out


def _store_limits(
    facts: TournamentFacts, calendar: Sequence[CalendarEntry], s: SanctioningRules
) -> list[Breach]:
    """INV-LEGAL-6 against the store's tournaments that have precedence over this one."""
    before = [
        e
        for e in same_store(facts.store, calendar, skip=facts.key)
        if e.precedence < facts.precedence
    ]
    out: list[Breach] = []
    month = [
        e for e in before if (e.date.year, e.date.month) == (facts.date.year, facts.date.month)
    ]
    if len(month) >= s.store_max_per_month:
        listed = ", ".join(sorted(e.date.isoformat() for e in month))
        sentence = N_(
            "%(store)s already holds %(n)s tournaments in %(month)s %(year)s (%(days)s); "
            "at most %(most)s a month"
        )
        values = {
            "store": facts.store,
            "n": len(month),
            "month": month_name(facts.date.month),
            "year": facts.date.year,
            "days": listed,
            "most": s.store_max_per_month,
        }
        out.append(Breach("INV-LEGAL-6", Message(sentence, values)))
    for e in sorted(before, key=lambda e: e.date):
        gap = abs((facts.date - e.date).days)
        if gap < s.store_min_gap_days:
            sentence = N_(
                "%(distance)s %(store)s's tournament of %(day)s; at least %(gap)s days apart "
                "required"
            )
            values = {
                "distance": _distance(facts.date, e.date),
                "store": facts.store,
                "day": e.date.isoformat(),
                "gap": s.store_min_gap_days,
            }
            out.append(Breach("INV-LEGAL-6", Message(sentence, values)))
    return out


def _distance(day: date, other: date) -> Message:
    """ "3 days before", "on the same day as": how far ``day`` is from ``other``."""
    delta = (day - other).days
    if delta == 0:
        return Message(N_("on the same day as"))
    if delta > 0:
        return Message(N_("1 day after") if delta == 1 else N_("%(n)s days after"), {"n": delta})
    return Message(N_("1 day before") if delta == -1 else N_("%(n)s days before"), {"n": -delta})
