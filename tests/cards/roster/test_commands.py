"""Registering players (issue 12 item 8): a name is never merged silently with a known player."""

from __future__ import annotations

import pytest

from tests.support.events import fingerprint
from torneo.cards import commands as events
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.policy import Actor
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store


def _event(store: Store, organizer: Actor, day: str) -> int:
    return events.create_event(
        store, organizer, name=f"Serata {day}", preset="invasion-it-2012", held_on=day
    )


def test_a_known_name_is_refused_with_the_match_until_the_organizer_chooses(
    store: Store, organizer: Actor
) -> None:
    first = _event(store, organizer, "2012-03-10")
    mario = events.register_player(
        store, organizer, first, name="Mario Rossi", club="Circolo Nord", rating=1500
    )
    second = _event(store, organizer, "2012-03-17")
    before = fingerprint(store, second)
    with pytest.raises(Conflict) as match:
        events.register_player(store, organizer, second, name="mario rossi")
    assert match.value.field == "player"
    assert match.value.reason == (
        f"a player named Mario Rossi is known: #{mario}, club Circolo Nord, rating 1500"
    )
    assert "'new' for a new player" in str(match.value)
    assert fingerprint(store, second) == before  # nothing registered
    same = events.register_player(store, organizer, second, name="Mario Rossi", player=mario)
    assert same == mario
    third = _event(store, organizer, "2012-03-24")
    other = events.register_player(store, organizer, third, name="Mario Rossi", player="new")
    assert other != mario
    with store.read() as session:
        assert session.get(Player, other) is not None


@pytest.mark.parametrize(("player", "error"), [("nobody", TorneoError), (99999, NotFound)])
def test_a_wrong_identity_names_the_field(
    store: Store, organizer: Actor, player: object, error: type[TorneoError]
) -> None:
    event = _event(store, organizer, "2012-03-10")
    before = fingerprint(store, event)
    with pytest.raises(error) as bad:
        events.register_player(store, organizer, event, name="Anna", player=player)  # type: ignore[arg-type]
    assert bad.value.field == "player"
    assert fingerprint(store, event) == before


def test_a_roster_paste_takes_known_names_as_the_same_players(
    store: Store, organizer: Actor
) -> None:
    """Decision: a pasted roster is the club's regulars; its known names are those players (the
    organizer reads the list back on the page); a single registration asks."""
    first = _event(store, organizer, "2012-03-10")
    ids = events.register_roster(store, organizer, first, "Lia Neri\nPio Blu")
    second = _event(store, organizer, "2012-03-17")
    assert events.register_roster(store, organizer, second, "Lia Neri\nPio Blu") == ids


def test_ber_pod_2_a_pasted_rating_updates_the_known_player_audited(
    store: Store, organizer: Actor
) -> None:
    """Issue 29 item 5: a pasted line giving a known player another rating (or club) updates the
    record, with an audit row naming before and after; a line without them changes nothing."""
    from sqlalchemy import select

    from torneo.platform.store.tables import AuditEntry

    first = _event(store, organizer, "2012-03-10")
    events.register_roster(store, organizer, first, "Mario Rossi,Circolo Nord,1500\nAnna,,1400")
    second = _event(store, organizer, "2012-03-17")
    ids = events.register_roster(store, organizer, second, "mario rossi,Circolo Sud,1620\nAnna")
    with store.read() as session:
        mario, anna = (session.get(Player, i) for i in ids)
        assert mario is not None
        assert anna is not None
        assert (mario.name, mario.club, mario.rating) == ("Mario Rossi", "Circolo Sud", 1620)
        assert anna.rating == 1400
        audits = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "player.update")
        ).all()
        assert [(a.entity_id, a.event_id, a.after) for a in audits] == [
            (
                mario.id,
                second,
                {
                    "player": "Mario Rossi",
                    "rating": {"before": 1500, "after": 1620},
                    "club": {"before": "Circolo Nord", "after": "Circolo Sud"},
                },
            )
        ]
