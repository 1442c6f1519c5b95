"""Card sets as data: checks, files (CSV/JSON), the shipped demo set (BER-FMT-2 recipes)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from torneo.cards.rules.set_files import read_csv, read_json, to_json
from torneo.cards.rules.set_generator import generate_set
from torneo.cards.rules.sets import BOOSTER_SIZE, STARTER_SIZE, SetInvalid, build_set

HEADER = "id,name,rarity,faction,cost\n"


def _rows(common: int = 25, uncommon: int = 10, rare: int = 5) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for rarity, n in (("common", common), ("uncommon", uncommon), ("rare", rare)):
        rows += [
            {
                "id": f"{rarity[0]}{i}",
                "name": f"{rarity} {i}",
                "rarity": rarity,
                "faction": "F",
                "cost": 1,
            }
            for i in range(n)
        ]
    return rows


def test_ber_fmt_2_a_set_holds_a_booster_of_7_and_a_starter_of_30() -> None:
    card_set = build_set("T", "Test", _rows())
    assert card_set.booster.size == BOOSTER_SIZE == 7
    assert card_set.starter.size == STARTER_SIZE == 30


def test_ber_fmt_2_a_recipe_needing_more_cards_of_a_rarity_than_the_set_has_is_refused() -> None:
    with pytest.raises(SetInvalid) as caught:
        build_set("T", "Test", _rows(rare=2))  # the starter asks for 3 rares
    assert [(p.row, p.field) for p in caught.value.problems] == [(None, "starter")]
    assert "needs 3 rare cards but the set has 2" in str(caught.value)


def test_every_bad_row_is_listed_and_nothing_is_built() -> None:
    rows = _rows()
    rows[1] = {**rows[1], "id": rows[0]["id"]}  # a duplicate id
    rows[2] = {**rows[2], "name": "COMMON  0"}  # a duplicate name (as deck lists compare)
    rows[3] = {**rows[3], "rarity": "mythic"}  # an unknown rarity
    rows[4] = {**rows[4], "cost": "lots"}
    with pytest.raises(SetInvalid) as caught:
        build_set("T", "Test", rows)
    found = [(p.row, p.field) for p in caught.value.problems]
    assert set(found) == {(2, "id"), (3, "name"), (4, "rarity"), (5, "cost")}
    assert "unknown rarity 'mythic'" in str(caught.value)


def test_csv_rows_are_numbered_as_the_file_lines_and_the_header_is_checked() -> None:
    text = HEADER + "".join(f"c{i},Card {i},common,F,1\n" for i in range(25))
    text += "".join(f"u{i},Unc {i},uncommon,F,2\n" for i in range(10))
    text += "r1,Rare 1,rare,F,3\nr2,Rare 2,rare,F,3\nr3,Rare 3,rare,F,3\nr3,Rare 4,legendary,F,3\n"
    with pytest.raises(SetInvalid) as caught:
        read_csv(text, code="T", name="Test")
    assert [(p.row, p.field) for p in caught.value.problems] == [(40, "rarity"), (40, "id")]
    with pytest.raises(SetInvalid) as header:
        read_csv("id,name,colour\n", code="T", name="Test")
    assert "missing rarity, faction, cost, unknown colour" in str(header.value)


def test_csv_with_its_recipes_and_json_round_trip() -> None:
    text = HEADER + "".join(f"c{i},Card {i},common,F,1\n" for i in range(30))
    card_set = read_csv(text, code="C", name="Commons", booster="common=7", starter="common=30")
    assert card_set.booster.text() == "common=7"
    assert read_json(to_json(card_set)) == card_set


def test_json_that_is_not_a_set_says_what_is_accepted() -> None:
    with pytest.raises(Exception, match="has no list of cards"):
        read_json(json.dumps({"code": "X"}))
    with pytest.raises(Exception, match="is not JSON"):
        read_json("{")


def test_the_shipped_demo_set_is_the_generators_output() -> None:
    shipped = (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    assert shipped == to_json(generate_set())
    demo = read_json(shipped)
    assert len(demo.cards) == 120
    assert demo.booster.size == 7
    assert demo.starter.size == 30


def test_cards_banned_from_a_format_are_not_legal_in_it() -> None:
    rows = _rows()
    rows[0] = {**rows[0], "not_legal_in": "constructed|sealed_boosters"}
    card_set = build_set("T", "Test", rows)
    assert rows[0]["name"] not in card_set.legal_names("constructed")
    assert rows[0]["name"] in card_set.legal_names("draft_standard")
