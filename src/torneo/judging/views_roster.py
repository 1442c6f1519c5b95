"""The organizer's view of judging: the roster, the staffing advice (INV-JUDGE-1), the breaches
that make the event irregular (INV-LEGAL-3), the judging settings and who has a deck list.

The advice and the breaches are messages (``torneo.core.messages``): the setup page shows them in
its language, the API in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import Refusal
from torneo.core.messages import Message
from torneo.judging.commands import JUDGE_ROLES
from torneo.judging.rules import roster_problems, staffing_advice
from torneo.judging.state import aware, load_context
from torneo.judging.tables import DeckListRow
from torneo.judging.views import JudgeLine, judge_lines
from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Store


@dataclass(frozen=True, slots=True)
class RosterPage:
    event_id: int
    event_name: str
    status: str
    version: int
    players: int
    roster: tuple[JudgeLine, ...]
    advice: Message | None  # INV-JUDGE-1 staffing advice, never an error
    problems: tuple[Refusal, ...]  # INV-LEGAL-3/INV-JUDGE-1 breaches, each with its rule id
    entrants: tuple[tuple[int, str], ...]
    cards: int
    restricted: tuple[str, ...]
    restricted_is_preset: bool
    deck_format: str | None
    deck_formats: tuple[tuple[str, str], ...]
    deadline: datetime | None
    published: bool
    decks: tuple[tuple[int, str, int | None, str | None], ...]  # id, name, total, format
    # Issue 15: the club's members who may be appointed (judge, organizer or owner role there,
    # not on the roster yet, account not disabled), as (user name, display name).
    candidates: tuple[tuple[str, str], ...] = ()
    # Issue 30 item 6: what the preset has, so the page shows only that. INV-DECK-3: a restricted
    # list is asked for only when one of its formats limits restricted cards; BER-FMT-2/3: a
    # format built from pools links the card set and the draft.
    uses_restricted: bool = False
    limited: bool = False


def judge_candidates(
    session: Session, club_id: int, roster: set[int]
) -> tuple[tuple[str, str], ...]:
    rows = session.execute(
        select(User.id, User.username, User.display_name)
        .join(Membership, Membership.user_id == User.id)
        .where(
            Membership.club_id == club_id,
            Membership.role.in_(JUDGE_ROLES),
            User.disabled.is_(False),
        )
        .distinct()
    ).all()
    found = [(str(u), str(d or u)) for i, u, d in rows if i not in roster]
    return tuple(sorted(found, key=lambda c: c[1].casefold()))


def roster_page(store: Store, event_id: int) -> RosterPage:
    with store.read() as session:
        ctx = load_context(session, event_id)
        roster = ctx.roster
        names = ctx.names()
        players = sum(1 for r in ctx.event.registrations if not r.disqualified)
        advice = staffing_advice(roster, players, ctx.rules)
        config = ctx.config
        decks = {
            row.player_id: row
            for row in session.scalars(
                select(DeckListRow).where(
                    DeckListRow.event_id == event_id,
                    DeckListRow.kind == "deck",
                    DeckListRow.is_current.is_(True),
                )
            )
        }
        return RosterPage(
            event_id=event_id,
            event_name=ctx.event.name,
            status=ctx.event.status,
            version=ctx.event.version,
            players=players,
            roster=judge_lines(ctx),
            advice=advice.message() if advice else None,
            problems=roster_problems(roster, ctx.rules.judge_rule),
            entrants=tuple(sorted(names.items(), key=lambda kv: kv[1].casefold())),
            cards=len(config.cards) if config is not None else 0,
            restricted=ctx.restricted(),
            restricted_is_preset=config is None or config.restricted_cards is None,
            deck_format=ctx.deck_format_key(),
            deck_formats=tuple((k, f.label) for k, f in ctx.rules.deck_formats.items()),
            deadline=aware(config.deck_deadline) if config and config.deck_deadline else None,
            published=bool(config and config.decklists_published),
            decks=tuple(
                (
                    pid,
                    name,
                    decks[pid].total if pid in decks else None,
                    decks[pid].format if pid in decks else None,
                )
                for pid, name in sorted(names.items(), key=lambda kv: kv[1].casefold())
            ),
            candidates=judge_candidates(
                session, ctx.event.club_id, {j.user_id for j, _ in ctx.judges}
            ),
            uses_restricted=any(
                f.max_restricted is not None for f in ctx.rules.deck_formats.values()
            ),
            limited=any(f.is_limited for f in ctx.rules.deck_formats.values()),
        )
