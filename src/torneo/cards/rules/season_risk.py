"""Would this card event be void for a season? (issue 30 item 3, INV-LEGAL-1, INV-LEGAL-3)

A card event of a preset with season points counts for a season only when it was announced at
least 14 days before it is held (INV-LEGAL-1) and a judge was named for it (INV-LEGAL-3); any
breach makes it void (INV-LEGAL-8). A season finds out only when the event is added to it, after
the evening: the event itself warns its organizer before, when it is created, on the desk, at the
start and at the close, with the seasons' own check (:mod:`torneo.seasons.rules.legality`).

Decision where the rules are silent: "a judge named" is, for an event of the app, a judge on its
roster (the organizer appoints them, INV-JUDGE-1); the announcement date is the one given when
the event is created (empty: never announced).

>>> from datetime import date
>>> from torneo.presets import load_preset
>>> invasion = load_preset("invasion-it-2012")
>>> [m.english() for m in void_risks(invasion, date(2012, 3, 10), date(2012, 3, 1), judges=0)]
['INV-LEGAL-1: announced 9 days before; 14 required', 'INV-LEGAL-3: no judge was named when it was announced']
>>> void_risks(invasion, date(2012, 3, 10), date(2012, 2, 20), judges=1)
()
>>> void_risks(load_preset("berserk-online"), date(2012, 3, 10), None, judges=0)
()
"""

from __future__ import annotations

from datetime import date

from torneo.core.messages import Message
from torneo.presets import Ruleset
from torneo.seasons.rules.legality import announcement_breaches

ANNOUNCED_ON = "announced_on"  # event.settings key: the day the event was announced (ISO date)


def void_risks(
    ruleset: Ruleset, held_on: date, announced_on: date | None, *, judges: int
) -> tuple[Message, ...]:
    """Why the event would be void for a season now ("INV-LEGAL-1: ..."); () when it would
    count, or when its preset has no season points."""
    if ruleset.season is None:
        return ()
    breaches = announcement_breaches(held_on, announced_on, judge_named=judges > 0)
    return tuple(b.text_message() for b in breaches)


def announced_on_of(settings: dict[str, object]) -> date | None:
    value = settings.get(ANNOUNCED_ON)
    return date.fromisoformat(value) if isinstance(value, str) and value else None
