"""Deck registration and deck checks through the services (INV-DECK-1..3, BER-FMT-1..3)."""

from __future__ import annotations

import random

import pytest

from tests.judging.test_results import (
    BERSERK,
    Crew,
    account,
    crew,
    deck_text,
    filler,
    match_of,
    paired_players,
    points,
    registration,
    report_all,
    result,
    running_event,
)
from tests.support.events import fingerprint
from torneo.cards import commands as events
from torneo.cards.state import get_event
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.judging import commands as judging
from torneo.judging import commands_deck_checks as judging_checks
from torneo.judging import commands_decks as judging_decks
from torneo.judging.commands_deck_checks import deck_check_seed
from torneo.judging.rules.decks import DeckInvalid, DeckListError, correct_deck
from torneo.judging.rules.decks.decklist import DeckList
from torneo.platform.store.uow import Store
from torneo.presets import load_preset

CATALOG = "\n".join(
    ["Innovazione", "Wilhelm dell’Osternacht", "Miniera di Warpietra"]
    + [f"Carta {i:02d}" for i in range(40)]
    + ["Asso", "Bastoni", "Coppe"]
)


@pytest.fixture
def c(sqlite_store: Store) -> Crew:
    return crew(sqlite_store)


@pytest.fixture
def event(sqlite_store: Store, c: Crew) -> int:
    return running_event(sqlite_store, c, pair=False)


def _legal() -> str:
    return deck_text(filler(50))


# --- registration ---------------------------------------------------------------------------


def test_INV_DECK_2_a_legal_list_is_registered(sqlite_store: Store, c: Crew, event: int) -> None:
    """INV-DECK-2: 50–100 cards; the list is stored with its format."""
    player = _players(sqlite_store, event)[0]
    summary = judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=_legal()
    )
    assert summary.total == 50
    assert summary.format == "constructed"


def _players(store: Store, event: int) -> list[int]:
    with store.read() as s:
        return [r.player_id for r in get_event(s, event).registrations]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("0 x Carta 01\n50 Carta 02", "line 1: '0 x Carta 01' has count 0"),
        ("-1 Carta 01\n50 Carta 02", "line 1: '-1 Carta 01' has count -1"),
        ("3 Carta 01\n3 Cartaa 02\n44 Carta 03", "line 2: '3 Cartaa 02' names an unknown card"),
        ("3Carta 01", "needs a space"),
        ("tre Carta 01", "not a count"),
    ],
)
def test_a_deck_list_with_bad_lines_changes_nothing(
    sqlite_store: Store, c: Crew, event: int, text: str, needle: str
) -> None:
    judging.configure(sqlite_store, c.org, event, cards=CATALOG)
    player = _players(sqlite_store, event)[0]
    before = fingerprint(sqlite_store, event)
    with pytest.raises(DeckListError) as err:
        judging_decks.submit_deck_list(sqlite_store, c.org, event, player_id=player, text=text)
    assert err.value.field == "deck_list"
    assert needle in err.value.reason
    assert fingerprint(sqlite_store, event) == before


def test_an_unknown_card_gets_a_did_you_mean(sqlite_store: Store, c: Crew, event: int) -> None:
    judging.configure(sqlite_store, c.org, event, cards=CATALOG)
    player = _players(sqlite_store, event)[0]
    with pytest.raises(DeckListError) as err:
        judging_decks.submit_deck_list(
            sqlite_store, c.org, event, player_id=player, text="3 Innovazion\n47 Carta 01"
        )
    assert "did you mean 'Innovazione'" in err.value.reason


def test_a_10000_line_list_is_refused_at_once(sqlite_store: Store, c: Crew, event: int) -> None:
    player = _players(sqlite_store, event)[0]
    text = "\n".join(f"1 Carta {i}" for i in range(10_000))
    before = fingerprint(sqlite_store, event)
    with pytest.raises(DeckListError) as err:
        judging_decks.submit_deck_list(sqlite_store, c.org, event, player_id=player, text=text)
    assert "line 2001" in err.value.reason
    assert "10,000 lines" in err.value.reason
    assert fingerprint(sqlite_store, event) == before


def test_INV_DECK_3_every_format_problem_is_listed(
    sqlite_store: Store, c: Crew, event: int
) -> None:
    """INV-DECK-2/3: too few cards and two restricted cards: both problems, with rule ids."""
    player = _players(sqlite_store, event)[0]
    text = deck_text({"Innovazione": 3, "Miniera di Warpietra": 1, **filler(30)})
    before = fingerprint(sqlite_store, event)
    with pytest.raises(DeckInvalid) as err:
        judging_decks.submit_deck_list(sqlite_store, c.org, event, player_id=player, text=text)
    assert "34 cards; at least 50 [INV-DECK-2]" in err.value.reason
    assert "2 restricted cards" in err.value.reason
    assert "[INV-DECK-3]" in err.value.reason
    assert fingerprint(sqlite_store, event) == before


def test_deck_lists_are_private_until_published(sqlite_store: Store, c: Crew, event: int) -> None:
    """Issue 6: a list is seen by its player and the judges until the organizer publishes."""
    me, other = _players(sqlite_store, event)[:2]
    player = account(sqlite_store, "giocatore", "player", player_id=me)
    rival = account(sqlite_store, "rivale", "player", player_id=other)
    judging_decks.submit_deck_list(sqlite_store, player, event, player_id=me, text=_legal())
    with pytest.raises(Forbidden):  # a player submits only their own list
        judging_decks.submit_deck_list(sqlite_store, player, event, player_id=other, text=_legal())
    assert judging_decks.deck_list(sqlite_store, player, event, me) is not None
    assert judging_decks.deck_list(sqlite_store, c.floor, event, me) is not None
    for viewer in (rival, None, c.org):  # the organizer is not a judge of the event
        with pytest.raises(Forbidden):
            judging_decks.deck_list(sqlite_store, viewer, event, me)
    judging_decks.publish_deck_lists(sqlite_store, c.org, event)
    summary = judging_decks.deck_list(sqlite_store, None, event, me)
    assert summary is not None
    assert summary.total == 50


def test_a_player_misses_the_deadline_the_judges_do_not(
    sqlite_store: Store, c: Crew, event: int, clock: object
) -> None:
    me = _players(sqlite_store, event)[0]
    player = account(sqlite_store, "giocatore", "player", player_id=me)
    judging.configure(sqlite_store, c.org, event, deadline="2026-11-30T09:00")
    before = fingerprint(sqlite_store, event)
    with pytest.raises(Conflict) as err:
        judging_decks.submit_deck_list(sqlite_store, player, event, player_id=me, text=_legal())
    assert err.value.field == "deck_list"
    assert "closed" in err.value.reason
    assert fingerprint(sqlite_store, event) == before
    judging_decks.submit_deck_list(sqlite_store, c.floor, event, player_id=me, text=_legal())


def test_BER_FMT_1_constructed_30_to_50_at_most_3_copies(sqlite_store: Store, c: Crew) -> None:
    """BER-FMT-1: 30–50 cards, at most 3 copies of a card."""
    event = running_event(sqlite_store, c, preset=BERSERK, start=False)
    player = _players(sqlite_store, event)[0]
    with pytest.raises(DeckInvalid) as err:
        judging_decks.submit_deck_list(
            sqlite_store, c.org, event, player_id=player, text="4 Asso\n26 Bastoni"
        )
    assert "4× Asso; at most 3 copies" in err.value.reason
    assert "26× Bastoni" in err.value.reason
    ok = judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=deck_text(filler(30))
    )
    assert ok.total == 30


def test_BER_FMT_2_sealed_deck_from_the_pool(sqlite_store: Store, c: Crew) -> None:
    """BER-FMT-2 (b): 6 boosters = 42 cards → a deck of exactly 30, from the pool only."""
    event = running_event(sqlite_store, c, preset=BERSERK, start=False)
    player = _players(sqlite_store, event)[0]
    pool = deck_text(filler(42, "Pool"))
    with pytest.raises(TorneoError) as err:
        judging_decks.submit_pool(
            sqlite_store,
            c.floor,
            event,
            player_id=player,
            text=deck_text(filler(41, "Pool")),
            format_key="sealed_boosters",
        )
    assert err.value.field == "pool"
    judging_decks.submit_pool(
        sqlite_store, c.floor, event, player_id=player, text=pool, format_key="sealed_boosters"
    )
    with pytest.raises(DeckInvalid) as invalid:
        judging_decks.submit_deck_list(
            sqlite_store,
            c.org,
            event,
            player_id=player,
            format_key="sealed_boosters",
            text=deck_text({**filler(27, "Pool"), "Asso": 3}),
        )
    assert "Asso, but it is not in your pool" in invalid.value.reason
    ok = judging_decks.submit_deck_list(
        sqlite_store,
        c.org,
        event,
        player_id=player,
        format_key="sealed_boosters",
        text=deck_text(filler(30, "Pool")),
    )
    assert ok.total == 30


# --- deck checks ------------------------------------------------------------------------------


def test_INV_DECK_1_a_seeded_draw_once_per_round_the_bye_counts(
    sqlite_store: Store, c: Crew
) -> None:
    """INV-DECK-1: one table per round at random (seeded, recorded), the bye is a table; a
    second draw in the round is refused and changes nothing."""
    event = running_event(sqlite_store, c, players=7)
    panel = judging_checks.draw_table(sqlite_store, c.floor, event)
    assert panel.tables == 4  # three tables and the bye
    assert panel.seed == deck_check_seed(42, 1)
    assert 1 <= panel.table <= 4
    assert len(panel.players) in (1, 2)
    before = fingerprint(sqlite_store, event)
    with pytest.raises(Conflict) as err:
        judging_checks.draw_table(sqlite_store, c.head, event)
    assert err.value.field == "deck_check"
    assert "already has its deck check" in err.value.reason
    assert fingerprint(sqlite_store, event) == before
    with pytest.raises(Forbidden):
        judging_checks.draw_table(sqlite_store, c.outsider, event)


def test_INV_DECK_1_the_bye_player_is_checked_alone(sqlite_store: Store, c: Crew) -> None:
    """INV-DECK-1: if the drawn "table" is the bye, that player's deck is checked."""
    # The bye is the last table (4 with 7 players): an event seed whose draw lands on it.
    seed = next(s for s in range(1000) if random.Random(deck_check_seed(s, 1)).randint(1, 4) == 4)
    event = running_event(sqlite_store, c, players=7, seed=seed)
    panel = judging_checks.draw_table(sqlite_store, c.floor, event)
    bye = match_of(sqlite_store, event, panel.players[0], 1)
    assert panel.table == 4
    assert len(panel.players) == 1
    assert bye.player_b_id is None


def _checked_event(store: Store, c: Crew) -> tuple[int, int]:
    """Round 3 of an event, deck check drawn; returns (event, a player at the drawn table)."""
    event = running_event(store, c)
    report_all(store, c.org, event, "2-1")
    events.pair_next_round(store, c.org, event)
    report_all(store, c.org, event, "1-2")
    events.pair_next_round(store, c.org, event)
    panel = judging_checks.draw_table(store, c.floor, event)
    return event, panel.players[0]


def test_INV_DECK_EX1_restricted_breach_end_to_end(sqlite_store: Store, c: Crew) -> None:
    """INV-DECK-EX1: 3× A, 3× B, 3× C all restricted → two drawn at random go (6 blanks), one
    stays; warning + a game loss for every match played so far, this round's included; the
    draw's seed is recorded and reproduces the choice; the standings follow."""
    event, player = _checked_event(sqlite_store, c)
    abc = {"Asso": 3, "Bastoni": 3, "Coppe": 3}
    judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=deck_text({**abc, **filler(41)})
    )
    judging.configure(sqlite_store, c.org, event, restricted="Asso\nBastoni\nCoppe")
    earlier = {r: match_of(sqlite_store, event, player, r) for r in (1, 2)}
    outcome = judging_checks.check_deck(sqlite_store, c.floor, event, round_no=3, player_id=player)
    assert outcome["infractions"] == ["restricted_list_breach"]
    assert sorted(outcome["restricted_found"]) == ["Asso", "Bastoni", "Coppe"]
    assert len(outcome["restricted_removed"]) == 2
    assert len(outcome["kept_restricted"]) == 1
    assert outcome["blanks_added"] == 6
    again = correct_deck(
        DeckList.of([*abc.items(), *filler(41).items()]),
        load_preset("invasion-it-2012").judging.deck_formats["constructed"],  # type: ignore[union-attr]
        ["Asso", "Bastoni", "Coppe"],
        random.Random(outcome["seed"]),
    )
    assert list(again.restricted_removed) == outcome["restricted_removed"]
    assert len(outcome["rulings"]) == 2  # warning, game loss(es)
    for round_no, match in earlier.items():  # one game loss per match played (issue 29)
        # rounds 1 and 2 were reported 2-1 and 1-2 from A's side: one of the player's won games
        # is lost, so a 2-1 won is 1-2 and a 1-2 lost is 0-2, from the player's side
        won = (match.player_a_id == player) == (round_no == 1)
        mine = "1-2" if won else "0-2"
        expected = mine if match.player_a_id == player else mine[::-1]
        assert result(sqlite_store, event, round_no, match.table_no) == expected
    current = match_of(sqlite_store, event, player, 3)
    events.report_result(sqlite_store, c.org, event, 3, current.table_no, "0-1")
    assert result(sqlite_store, event, 3, current.table_no) == (
        "0-2" if current.player_a_id == player else "2-0"
    )
    assert points(sqlite_store, event)[player] == 0
    summary = judging_decks.deck_list(sqlite_store, c.floor, event, player)
    assert summary is not None
    assert summary.blanks == 6
    assert summary.total == 50
    with pytest.raises(Conflict):  # the same player twice in a round
        judging_checks.check_deck(sqlite_store, c.floor, event, round_no=3, player_id=player)


def test_INV_DECK_2_under_50_warning_game_loss_and_blanks(sqlite_store: Store, c: Crew) -> None:
    """INV-DECK-2: under 50 → warning + GL and blanks up to 50; the physical deck differs from
    the list too, but one deck is one infraction: one warning (issue 29 item 7)."""
    event, player = _checked_event(sqlite_store, c)
    judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=deck_text(filler(50))
    )
    outcome = judging_checks.check_deck(
        sqlite_store,
        c.floor,
        event,
        round_no=3,
        player_id=player,
        physical=deck_text(filler(45)),
        extra_minutes=0,
    )
    assert outcome["infractions"] == ["deck_under_minimum"]
    assert outcome["blanks_added"] == 5
    assert "missing" in outcome["difference"]
    assert len(outcome["rulings"]) == 2  # one warning, the game loss
    summary = judging_decks.deck_list(sqlite_store, c.floor, event, player)
    assert summary is not None
    assert summary.total == 50
    assert summary.blanks == 5


def test_INV_DECK_3_one_deck_one_infraction_one_warning(sqlite_store: Store, c: Crew) -> None:
    """INV-DECK-2/3, INV-PEN-1 (issue 29 item 7): the seed's restricted example found in a deck
    that also differs from its list is one infraction: one warning (INV-DECK-3) and its game
    losses, no deck_list_mismatch warning beside it; one more warning does not disqualify."""
    from torneo.judging import commands_rulings as judging_rulings

    event, player = _checked_event(sqlite_store, c)
    judging.configure(sqlite_store, c.org, event, restricted="Asso\nBastoni\nCoppe")
    judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=deck_text({"Asso": 3, **filler(47)})
    )
    abc = {"Asso": 3, "Bastoni": 3, "Coppe": 3}
    outcome = judging_checks.check_deck(
        sqlite_store,
        c.floor,
        event,
        round_no=3,
        player_id=player,
        physical=deck_text({**abc, **filler(41)}),
        extra_minutes=0,
    )
    assert outcome["infractions"] == ["restricted_list_breach"]
    assert outcome["difference"]
    assert len(outcome["rulings"]) == 2  # one warning, the game losses
    issued = judging_rulings.issue(
        sqlite_store, c.floor, event, player_id=player, infraction="slow_play", reason="lento"
    )
    assert [i.kind for i in issued] == ["warning"]
    assert registration(sqlite_store, event, player)[0] is False  # not disqualified


def test_INV_DECK_2_over_100_random_removal_to_exactly_100(sqlite_store: Store, c: Crew) -> None:
    """INV-DECK-2: over 100 → warning + GL, random cards removed down to exactly 100."""
    event, player = _checked_event(sqlite_store, c)
    outcome = judging_checks.check_deck(
        sqlite_store,
        c.floor,
        event,
        round_no=3,
        player_id=player,
        physical=deck_text(filler(104)),
    )
    assert outcome["infractions"] == ["deck_over_maximum"]
    assert sum(n for _, n in outcome["removed"]) == 4
    summary = judging_decks.deck_list(sqlite_store, c.floor, event, player)
    assert summary is not None
    assert summary.total == 100


def test_INV_DECK_1_a_deck_that_matches_its_list(sqlite_store: Store, c: Crew) -> None:
    event, player = _checked_event(sqlite_store, c)
    judging_decks.submit_deck_list(
        sqlite_store, c.org, event, player_id=player, text=deck_text(filler(60))
    )
    outcome = judging_checks.check_deck(sqlite_store, c.floor, event, round_no=3, player_id=player)
    assert outcome["infractions"] == []
    assert outcome["rulings"] == []
    assert registration(sqlite_store, event, player)[0] is False


def test_deck_check_bad_inputs_change_nothing(sqlite_store: Store, c: Crew) -> None:
    event, player = _checked_event(sqlite_store, c)
    stranger = next(
        p
        for p in paired_players(sqlite_store, event, 3)
        if p not in judging_checks.deck_check_panel(sqlite_store, event, 3).players  # type: ignore[union-attr]
    )
    before = fingerprint(sqlite_store, event)
    with pytest.raises(TorneoError) as err:
        judging_checks.check_deck(sqlite_store, c.floor, event, round_no=3, player_id=stranger)
    assert err.value.field == "player_id"
    with pytest.raises(TorneoError) as err:  # nothing registered to confirm
        judging_checks.check_deck(sqlite_store, c.floor, event, round_no=3, player_id=player)
    assert err.value.field == "physical"
    with pytest.raises(NotFound):
        judging_checks.check_deck(sqlite_store, c.floor, event, round_no=2, player_id=player)
    assert fingerprint(sqlite_store, event) == before


def test_INV_DECK_1_the_table_is_drawn_before_the_round_starts_and_refused_after(
    sqlite_store: Store, c: Crew
) -> None:
    """INV-DECK-1: "prima che il turno inizi": once the round clock has started (the judges'
    go) the draw is refused; a round run without the clock is drawn while it is current."""
    from torneo.judging import commands_clock as judging_clock

    event = running_event(sqlite_store, c)
    judging_clock.start_clock(sqlite_store, c.floor, event)
    before = fingerprint(sqlite_store, event)
    with pytest.raises(Conflict) as err:
        judging_checks.draw_table(sqlite_store, c.floor, event)
    assert (err.value.field, err.value.rule) == ("round", "INV-DECK-1")
    assert "drawn before it starts" in err.value.reason
    assert fingerprint(sqlite_store, event) == before
    clockless = running_event(sqlite_store, c, seed=43)  # no clock: drawn while current
    assert judging_checks.draw_table(sqlite_store, c.floor, clockless).round_no == 1


def test_INV_DECK_1_deck_checks_on_or_off_is_fixed_at_the_start(
    sqlite_store: Store, c: Crew
) -> None:
    """INV-DECK-1: deck checks are optional, decided when the event starts: an event started
    without them refuses the draw (and says why)."""
    event = running_event(sqlite_store, c, start=False)
    events.start_event(sqlite_store, c.org, event, deck_checks=False)
    events.pair_next_round(sqlite_store, c.org, event)
    before = fingerprint(sqlite_store, event)
    with pytest.raises(Conflict) as err:
        judging_checks.draw_table(sqlite_store, c.floor, event)
    assert (err.value.field, err.value.rule) == ("deck_checks", "INV-DECK-1")
    assert fingerprint(sqlite_store, event) == before


def test_a_typed_deadline_is_the_event_s_local_time(
    sqlite_store: Store, c: Crew, event: int
) -> None:
    """Issue 15 item 7: "20:30" on the form is 20:30 in Rome, stored as 19:30 UTC in winter."""
    from datetime import UTC, datetime

    from torneo.judging.tables import JudgingConfig

    judging.configure(sqlite_store, c.org, event, deadline="2026-12-01T20:30")
    with sqlite_store.read() as session:
        config = session.query(JudgingConfig).filter_by(event_id=event).one()
        stored = config.deck_deadline
    assert stored is not None
    assert stored.replace(tzinfo=stored.tzinfo or UTC) == datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
