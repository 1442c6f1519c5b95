"""Exports of an event (issue 3 items 5–6): pairings with the reason of each pair, standings as
CSV and JSON. A season's exports are tested in ``tests/seasons/test_exports.py``."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.support.seasons import play_event
from torneo.cards import views as queries
from torneo.cards.exports import views as exports
from torneo.core.errors import NotFound
from torneo.platform.store.uow import Actor, Store


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_pairings_csv_explains_each_pair_by_name(store: Store, organizer: Actor) -> None:
    """Issue 3 item 6: every Swiss pair carries the engine's reason, players named, no ids."""
    event_id = play_event(store, organizer, players=9, seed=8)
    text = exports.pairings_csv(store, event_id)
    assert text.splitlines()[0] == ",".join(exports.PAIRINGS_HEADER)
    rows = _rows(text)
    page = queries.event_page(store, event_id)
    views = [queries.pairings(store, event_id, n) for n in page.round_numbers]
    assert len(rows) == sum(len(v.lines) for v in views if v is not None)
    swiss = [r for r in rows if r["stage"] == "swiss"]
    assert all(r["explanation"] for r in swiss)
    assert not any(re.search(r"#\d+", r["explanation"]) for r in rows)
    assert any(r["explanation"].startswith("same score group") for r in swiss)
    byes = [r for r in swiss if r["player_b"] == "bye"]
    assert len(byes) == 4  # 9 players, 4 Swiss rounds (INV-STRUCT-1): one bye a round
    assert all(r["result"] == "bye" and r["player_b_id"] == "" for r in byes)
    round_two = _rows(exports.pairings_csv(store, event_id, 2))
    assert {r["round"] for r in round_two} == {"2"}
    assert round_two == [r for r in rows if r["round"] == "2"]


def test_explained_round_names_players(store: Store, organizer: Actor) -> None:
    event_id = play_event(store, organizer, players=8, seed=2)
    view = exports.explained_round(store, event_id, 2)
    assert view.round_no == 2
    assert view.stage == "swiss"
    names = {line.name for line in queries.players(store, event_id)}
    for pair in view.pairs:
        assert pair.a in names
        assert pair.b in names
        assert pair.result is not None
        assert pair.explanation
    last = exports.explained_round(store, event_id)
    assert last.round_no == max(view.round_numbers)
    assert last.stage == "top"
    with pytest.raises(NotFound) as err:
        exports.explained_round(store, event_id, 99)
    assert err.value.field == "round"
    with pytest.raises(NotFound) as err:
        exports.pairings_csv(store, 9999)
    assert err.value.field == "event_id"


def test_with_names_keeps_unknown_ids() -> None:
    text = "#3 floated down from 6 points to meet 3; rematch avoided: #9 already met #3"
    assert exports.with_names(text, {3: "Anna"}) == (
        "Anna floated down from 6 points to meet 3; rematch avoided: #9 already met Anna"
    )


def test_standings_csv_has_the_preset_tiebreaks(store: Store, organizer: Actor) -> None:
    """The displayed place beside the position; the preset's tiebreaks, exact decimals."""
    event_id = play_event(store, organizer, players=8, seed=4)
    view = queries.standings(store, event_id)
    rows = _rows(exports.standings_csv(store, event_id))
    assert [int(r["position"]) for r in rows] == [s.position for s in view.lines]
    assert [int(r["rank"]) for r in rows] == [s.rank for s in view.lines]
    assert [r["player"] for r in rows] == [s.name for s in view.lines]
    for name in view.tiebreak_names:
        assert name in rows[0]
    if "omw" in view.tiebreak_names:
        assert re.fullmatch(r"0\.\d{6}|1\.000000", rows[0]["omw"])


EVIL = ["=HYPERLINK(A1)", "+39 333 000", "@SUM(A1)", "-Meno", "\tTab", "Anna"]


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _is_safe(cell: str) -> bool:
    return not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or bool(
        re.fullmatch(r"[+-]?[0-9]+(\.[0-9]+)?", cell)
    )


def test_every_csv_export_neutralises_formulas(sqlite_store: Store, organizer: Actor) -> None:
    """Issue 12 item 9: names that a spreadsheet would run are written with a leading quote."""
    from torneo.cards import commands as events
    from torneo.cards.exports.cli import export_csv

    store = sqlite_store
    event_id = events.create_event(
        store,
        organizer,
        name="=cmd|' /C calc'!A0",
        preset="invasion-it-2012",
        held_on="2012-03-10",
        location="@Circolo",
        seed=1,
    )
    events.register_roster(store, organizer, event_id, "\n".join(f"{n},Club" for n in EVIL))
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    texts = [
        exports.pairings_csv(store, event_id),
        exports.standings_csv(store, event_id),
        export_csv(queries.event_page(store, event_id)),
    ]
    for text in texts:
        cells = _cells(text)
        assert [c for c in cells if not _is_safe(c)] == []
        assert any(c.startswith(("'=HYPERLINK", "'+39")) for c in cells)
