"""Rating ladders (issue 5 item 5, BER-RANK-1): an empty ladder; every bad input is refused with
its field named and nothing changed. Each source of games replayed: ``test_commands_ratings``."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.support.seasons import BERSERK, PRESET
from torneo.cards import commands as events
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.ladders.tables import LadderEntry, RatingLadder


def _counts(store: Store) -> tuple[int, int, int]:
    with store.read() as s:
        return tuple(  # type: ignore[return-value]
            s.scalar(select(func.count()).select_from(m)) or 0
            for m in (RatingLadder, LadderEntry, AuditEntry)
        )


def test_a_ladder_with_no_finished_event_is_empty(store: Store, organizer: Actor) -> None:
    events.create_event(store, organizer, name="In corso", preset=PRESET, held_on="2012-03-10")
    ladders.create_ladder(store, organizer, name="Rating", preset=PRESET, source="matches")
    assert ladders.recompute_ladder(store, organizer, "Rating").players == 0
    assert views_ladders.ladder_view(store, "Rating").lines == ()
    assert [c.name for c in views_ladders.list_ladders(store)] == ["Rating"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": "  "}, "name"),
        ({"source": "dice"}, "source"),
        ({"preset": "nessuno"}, "preset"),
        ({"preset": "risiko-rtu-2016"}, "preset"),
        ({"ladder": "expert"}, "ladder"),
        ({"ladder": "professional"}, "ladder"),  # invasion's formats feed no ladder
        ({"start": "2012-03-01", "end": "2012-02-01"}, "end"),
        ({"start": "2012-02-30"}, "start"),
        ({"source": "placings"}, "season"),
        ({"season": "Nessuna"}, "season"),
    ],
)
def test_bad_ladders_are_refused(
    store: Store, organizer: Actor, fields: dict[str, str], field: str
) -> None:
    args: dict[str, str] = {"name": "Rating", "preset": PRESET, "source": "matches", **fields}
    before = _counts(store)
    with pytest.raises(TorneoError) as err:
        ladders.create_ladder(store, organizer, **args)
    assert err.value.field == field
    assert _counts(store) == before


def test_ladder_names_are_unique_and_writes_need_an_organizer(
    store: Store, organizer: Actor, judge: Actor
) -> None:
    ladders.create_ladder(store, organizer, name="Rating", preset=PRESET, source="matches")
    before = _counts(store)
    with pytest.raises(Conflict):
        ladders.create_ladder(store, organizer, name="rating", preset=PRESET, source="matches")
    with pytest.raises(Forbidden):
        ladders.recompute_ladder(store, judge, "Rating")
    with pytest.raises(NotFound) as err:
        ladders.recompute_ladder(store, organizer, "Nessuna")
    assert err.value.field == "ladder"
    assert _counts(store) == before


def test_a_season_of_another_ruleset_cannot_feed_a_ladder(store: Store, organizer: Actor) -> None:
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    with pytest.raises(Conflict) as err:
        ladders.create_ladder(
            store, organizer, name="R", preset=BERSERK, source="matches", season="Stagione"
        )
    assert err.value.field == "season"
