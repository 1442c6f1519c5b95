"""Reading deck lists as players paste them (issue 6 bad input: counts, unknown cards, size)."""

import pytest

from torneo.judging.rules.decks import (
    CardCatalog,
    DeckList,
    DeckListError,
    card_key,
    parse_deck_list,
)
from torneo.judging.rules.decks.decklist import MAX_LINES


def test_accepted_line_forms_comments_and_blank_lines() -> None:
    text = """
    # Ordine — mazzo di prova
    3 Innovazione
    2x Miniera di Warpietra
    1 x Wilhelm dell'Osternacht   # la carta chiave
    4× Goblin
    2 Xenos
    """
    deck = parse_deck_list(text)
    assert [(e.name, e.count) for e in deck.entries] == [
        ("Innovazione", 3),
        ("Miniera di Warpietra", 2),
        ("Wilhelm dell'Osternacht", 1),
        ("Goblin", 4),
        ("Xenos", 2),  # "2 Xenos" is two Xenos: the x is a multiplier only before a space
    ]
    assert deck.total == 12


def test_the_same_card_on_two_lines_adds_up_whatever_its_spelling() -> None:
    deck = parse_deck_list("2 Wilhelm dell’Osternacht\n1 wilhelm  DELL'osternacht")
    assert deck.entries[0].count == 3
    assert len(deck.entries) == 1


def test_card_key_ignores_apostrophe_style_case_and_spaces() -> None:
    assert card_key("Wilhelm dell’Osternacht") == card_key("  wilhelm   dell'osternacht ")


def test_a_catalog_gives_the_canonical_spelling() -> None:
    catalog = CardCatalog.of(["Wilhelm dell’Osternacht", "Innovazione"])
    deck = parse_deck_list("3 wilhelm dell'osternacht\n1 INNOVAZIONE", catalog)
    assert [e.name for e in deck.entries] == ["Wilhelm dell’Osternacht", "Innovazione"]


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("0 x Innovazione", "count 0"),
        ("0 Innovazione", "count 0"),
        ("-1 Innovazione", "count -1"),
        ("abc Innovazione", "starts with 'abc', not a count"),
        ("Innovazione", "not a count"),
        ("3xInnovazione", "needs a space"),
        ("3", "no card name"),
        ("1000 Innovazione", "count 1000"),
        ("1.5 Innovazione", "starts with '1.5'"),
    ],
)
def test_bad_counts_are_refused_with_the_line_number(line: str, fragment: str) -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list(f"2 Goblin\n\n{line}\n1 Orco")
    assert err.value.field == "deck_list"
    assert err.value.accepted
    (problem,) = err.value.problems
    assert problem.line == 3
    assert fragment in problem.reason.english()
    assert "line 3:" in str(err.value)


def test_every_bad_line_is_reported_at_once() -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list("0 x Goblin\n-1 Orco\n2 Nano\nabc Elfo")
    assert [p.line for p in err.value.problems] == [1, 2, 4]


def test_unknown_cards_are_refused_with_a_suggestion() -> None:
    catalog = CardCatalog.of(["Innovazione", "Miniera di Warpietra", "Goblin"])
    with pytest.raises(DeckListError) as err:
        parse_deck_list("3 Innovazione\n2 Minera di Warpietra\n1 Drago Inesistente", catalog)
    problems = err.value.problems
    assert [p.line for p in problems] == [2, 3]
    assert "did you mean 'Miniera di Warpietra'" in problems[0].reason.english()
    assert "unknown card 'Drago Inesistente'" in problems[1].reason.english()
    assert "did you mean" not in problems[1].reason.english()


def test_ten_thousand_lines_stop_at_the_limit_with_the_line_number() -> None:
    text = "\n".join(f"1 Carta {i}" for i in range(10_000))
    with pytest.raises(DeckListError) as err:
        parse_deck_list(text)
    (problem,) = err.value.problems
    assert problem.line == MAX_LINES + 1 == 2001
    assert "10,000 lines" in problem.reason.english()
    assert "at most 2,000" in problem.reason.english()


def test_a_list_over_the_byte_limit_is_refused() -> None:
    text = "1 " + "x" * 150 + "\n"
    with pytest.raises(DeckListError) as err:
        parse_deck_list(text * 1500)
    assert "bytes" in err.value.problems[0].reason.english()


def test_a_list_with_no_card_is_refused() -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list("# only a comment\n\n")
    assert "no cards" in err.value.problems[0].reason.english()


def test_many_problems_are_summarised_but_all_kept() -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list("\n".join("0 Goblin" for _ in range(40)))
    assert len(err.value.problems) == 40
    assert "and 15 more" in str(err.value)


def test_text_round_trips() -> None:
    deck = DeckList.of([("Goblin", 3), ("Orco", 2)], blanks=4)
    again = parse_deck_list(deck.text())
    assert again == deck  # blanks written back are read back as blanks
