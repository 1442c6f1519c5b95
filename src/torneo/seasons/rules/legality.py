"""Is a tournament legal (sanctioned) for the season? INV-LEGAL-1..8, INV-MAJOR-1/2, INV-SEASON-1/2.

``check_legality`` reports *every* breach, each with its rule id and a sentence an organizer
understands ("announced 9 days before; 14 required"); any breach makes the tournament void
(INV-LEGAL-8), and a void tournament gives no season points (see ``ranking``).

The check is phase-aware: a fact that is not known yet is ``None`` and its rule is not checked.
At announcement the player count is unknown (INV-LEGAL-2 / INV-MAJOR-2 wait for the close); an
imported past tournament may lack the announcement facts. Run it when a tournament is announced
and again when it closes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import Refusal
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.calendar import CalendarEntry, majors_near, month_label, same_store
from torneo.seasons.rules.dates import SeasonDates
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

    @property
    def precedence(self) -> tuple[dt.date, dt.date, str]:
        return (self.announced_on or self.date, self.date, self.key)


@dataclass(frozen=True, slots=True)
class Breach:
    """One broken rule: its id and a sentence saying how."""

    rule_id: str
    sentence: str

    def text(self) -> str:
        return f"{self.rule_id}: {self.sentence}"

    def as_refusal(self, field: str = "tournament") -> Refusal:
        return Refusal(field, self.sentence, None, self.rule_id)


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
    breaches: list[Breach] = []
    outside = season.outside_reason(facts.date)
    if outside:
        breaches.append(Breach("INV-SEASON-1", f"{outside} (season {season.text()})"))
    if facts.is_major and facts.date not in major_days:
        fixed = ", ".join(d.isoformat() for d in major_days) or "none"
        breaches.append(
            Breach(
                "INV-SEASON-2",
                f"a Major on {facts.date.isoformat()} is not one of the Majors fixed at season "
                f"start ({fixed})",
            )
        )
    breaches += _announcement(facts, sanctioning)
    breaches += _attendance(facts, rules)
    breaches += _venue_and_prizes(facts, sanctioning)
    breaches += _store_limits(facts, calendar, sanctioning)
    if not facts.is_major:
        breaches += [
            Breach(
                "INV-LEGAL-7",
                f"{_distance(facts.date, m)} the Major of {m.isoformat()}; no sanctioned "
                f"tournament less than {sanctioning.major_quiet_days} days from a Major "
                "(INV-MAJOR-1)",
            )
            for m in majors_near(facts.date, major_days, sanctioning)
        ]
    order = {rule: i for i, rule in enumerate(_RULE_ORDER)}
    return sorted(breaches, key=lambda b: order.get(b.rule_id, len(order)))


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
    if facts.announced_on is not None:
        lead = (facts.date - facts.announced_on).days
        if lead < 0:
            out.append(
                Breach(
                    "INV-LEGAL-1",
                    f"announced {-lead} days after it was held; {s.announce_days} days before "
                    "required",
                )
            )
        elif lead < s.announce_days:
            out.append(
                Breach(
                    "INV-LEGAL-1",
                    f"announced {_days(lead)} before; {s.announce_days} required",
                )
            )
    if facts.judge_named is False:
        out.append(Breach("INV-LEGAL-3", "no judge was named when it was announced"))
    return out


def _attendance(facts: TournamentFacts, rules: SeasonPointsRules) -> list[Breach]:
    if facts.players is None:
        return []  # not known before the close
    if facts.is_major and facts.players < rules.major_min_players:
        return [
            Breach(
                "INV-MAJOR-2",
                f"{facts.players} players took part; a Major needs at least "
                f"{rules.major_min_players}",
            )
        ]
    if facts.players < rules.min_players:
        return [
            Breach(
                "INV-LEGAL-2",
                f"{facts.players} players took part; at least {rules.min_players} required",
            )
        ]
    return []


def _venue_and_prizes(facts: TournamentFacts, s: SanctioningRules) -> list[Breach]:
    out: list[Breach] = []
    if facts.public_place is False:
        out.append(
            Breach("INV-LEGAL-4", "not held in a public place or one freely open to the public")
        )
    if facts.prizes_for_top is not None and facts.prizes_for_top < s.min_prize_places:
        out.append(
            Breach(
                "INV-LEGAL-5",
                f"prizes for the first {facts.prizes_for_top} places only; at least the first "
                f"{s.min_prize_places} required",
            )
        )
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
        out.append(
            Breach(
                "INV-LEGAL-6",
                f"{facts.store} already holds {len(month)} tournaments in "
                f"{month_label(facts.date)} ({listed}); at most {s.store_max_per_month} a month",
            )
        )
    for e in sorted(before, key=lambda e: e.date):
        gap = abs((facts.date - e.date).days)
        if gap < s.store_min_gap_days:
            out.append(
                Breach(
                    "INV-LEGAL-6",
                    f"{_distance(facts.date, e.date)} {facts.store}'s tournament of "
                    f"{e.date.isoformat()}; at least {s.store_min_gap_days} days apart required",
                )
            )
    return out


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


def _distance(day: date, other: date) -> str:
    delta = (day - other).days
    if delta == 0:
        return "on the same day as"
    return f"{_days(abs(delta))} {'after' if delta > 0 else 'before'}"
