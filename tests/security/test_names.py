"""Invisible and bidirectional characters in names (issue 27 hole 8).

"Adele\\u200bRinaldi" registered a new player who looked identical to an existing one, and
"\\u202eidlaniR eledA" displayed as "Adele Rinaldi". Names are now normalised (NFKC) and any
control, format, private-use, surrogate, unassigned or line-separator character is refused
with the field named, wherever a name comes in (one function: torneo.core.inputs.clean_text).
"""

from __future__ import annotations

import pytest

from torneo.cards import commands as events
from torneo.core.errors import Conflict, TorneoError
from torneo.core.inputs import clean_name, clean_text, parse_roster_csv
from torneo.core.policy import Actor
from torneo.platform import accounts, clubs, invitations
from torneo.platform.store.uow import Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands as risiko

SYSTEM = Actor.system()
PASSWORD = "una-password-lunga"
HIDDEN = [
    "Adele\u200bRinaldi",  # zero-width space (Cf)
    "\u202eidlaniR eledA",  # right-to-left override (Cf)
    "Adele\u2066Rinaldi\u2069",  # isolates (Cf)
    "Adele\u00adRinaldi",  # soft hyphen (Cf)
    "Adele\x00Rinaldi",  # NUL (Cc)
    "Adele\x1bRinaldi",  # escape (Cc)
    "Adele\ue000Rinaldi",  # private use (Co)
    "Adele\ufeffRinaldi",  # byte-order mark (Cf)
    "Adele Rinaldi\u034f",  # combining grapheme joiner (Mn, default-ignorable)
    "Adele\u3164Rinaldi",  # Hangul filler: looks like nothing
]


@pytest.mark.parametrize("text", HIDDEN)
def test_issue27_hole8_hidden_characters_are_refused_naming_the_field(text: str) -> None:
    with pytest.raises(TorneoError) as refused:
        clean_name("name", text)
    assert refused.value.field == "name"
    assert "U+" in str(refused.value)


def test_issue27_hole8_names_are_normalised() -> None:
    assert clean_name("name", "\uff21dele  Rinaldi") == "Adele Rinaldi"  # fullwidth A
    assert clean_text("club", "Circolo\u00a0del Dado") == "Circolo del Dado"
    assert clean_name("name", "Ren\u0065\u0301e Noël") == "Ren\u00e9e Noël"  # composed
    assert clean_name("name", "Zoë O'Brien-Dvořák") == "Zoë O'Brien-Dvořák"


def _organizer(store: Store) -> Actor:
    uid = accounts.create_user(store, SYSTEM, username="org", password=PASSWORD, role="organizer")
    actor = accounts.get_actor(store, uid)
    assert actor is not None
    return actor


def test_issue27_hole8_a_look_alike_is_the_known_player(store: Store) -> None:
    org = _organizer(store)
    event = events.create_event(
        store, org, name="Serata", preset="invasion-it-2012", held_on="2012-03-10"
    )
    events.register_player(store, org, event, name="Adele Rinaldi")
    other = events.create_event(
        store, org, name="Altra", preset="invasion-it-2012", held_on="2012-03-11"
    )
    with pytest.raises(Conflict) as known:
        events.register_player(store, org, other, name="\uff21dele Rinaldi")
    assert known.value.field == "player"
    for text in HIDDEN[:2]:
        with pytest.raises(TorneoError) as refused:
            events.register_player(store, org, other, name=text)
        assert refused.value.field == "name"


def test_issue27_hole8_every_door_refuses(store: Store) -> None:
    org = _organizer(store)
    bad = "Adele\u200bRinaldi"
    with pytest.raises(TorneoError) as roster:
        parse_roster_csv(f"Mario Rossi\n{bad},Club\n")
    assert "U+200B" in str(roster.value)
    with pytest.raises(TorneoError) as club_field:
        parse_roster_csv("Mario Rossi,Club\u202e\n")
    assert "U+202E" in str(club_field.value)
    tid = poker.create_tournament(store, org, template="tue", held_on="2025-12-02")
    with pytest.raises(TorneoError) as entry:
        poker_entries.register_player(store, org, tid, name=bad)
    assert entry.value.field == "name"
    rid = risiko.create_tournament(store, org, name="RisiKo", held_on="2026-01-10")
    with pytest.raises(TorneoError) as risk:
        risiko.register_player(store, org, rid, name=bad)
    assert risk.value.field == "name"
    with pytest.raises(TorneoError) as team:
        risiko.create_tournament(store, org, name="Torneo\u202e", held_on="2026-01-10")
    assert team.value.field == "name"
    with pytest.raises(TorneoError) as club:
        clubs.create_club(store, SYSTEM, "Circolo\u200b del Dado")
    assert club.value.field == "name"
    with pytest.raises(TorneoError) as display:
        accounts.create_user(
            store,
            SYSTEM,
            username="gina",
            password=PASSWORD,
            role="player",
            display_name="Gina\u202e",
        )
    assert display.value.field == "display_name"
    owner = accounts.create_user(
        store, SYSTEM, username="titolare", password=PASSWORD, role="owner"
    )
    boss = accounts.get_actor(store, owner)
    assert boss is not None
    token = invitations.invite(store, boss, 1, "judge")
    with pytest.raises(TorneoError) as joined:
        invitations.accept(store, token, username="nuova", password=PASSWORD, display_name=bad)
    assert joined.value.field == "display_name"
