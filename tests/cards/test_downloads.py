"""The event's spreadsheet downloads over HTTP (issue 15 item 6)."""

from __future__ import annotations

import csv
import io

from openpyxl import load_workbook

from tests.support.seasons import play_event
from tests.support.web import make_client
from torneo.cards import views as queries
from torneo.platform.store.uow import Actor, Store


def test_standings_download_in_three_flavours(store: Store, organizer: Actor) -> None:
    event_id = play_event(store, organizer, players=8, seed=4)
    names = [s.name for s in queries.standings(store, event_id).lines]
    client = make_client(store)

    plain = client.get(f"/events/{event_id}/standings.csv?lang=it")
    assert plain.status_code == 200
    assert not plain.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(plain.text)))
    assert [r["player"] for r in rows] == names  # the stable keys, whatever the language

    excel = client.get(f"/events/{event_id}/standings.csv?dialect=excel-it&lang=it")
    assert excel.content.startswith(b"\xef\xbb\xbf")  # the BOM Italian Excel needs
    text = excel.content.decode("utf-8-sig")
    header = text.split("\r\n")[0].split(";")
    assert header[:4] == ["Posizione", "Posto", "Id giocatore", "Giocatore"]
    assert excel.headers["content-disposition"].endswith('standings.csv"')

    english = client.get(f"/events/{event_id}/standings.csv?dialect=excel-it&lang=en")
    assert english.content.decode("utf-8-sig").startswith("Position;Place;Player id;Player")

    xlsx = client.get(f"/events/{event_id}/standings.xlsx?lang=it")
    assert xlsx.status_code == 200
    ws = load_workbook(io.BytesIO(xlsx.content)).active
    assert ws is not None
    values = list(ws.iter_rows(values_only=True))
    assert values[0][:4] == ("Posizione", "Posto", "Id giocatore", "Giocatore")
    assert [row[3] for row in values[1:]] == names
    assert isinstance(values[1][0], int)


def test_a_wrong_dialect_is_refused_naming_the_field(store: Store, organizer: Actor) -> None:
    event_id = play_event(store, organizer, players=4, seed=1)
    answer = make_client(store).get(
        f"/events/{event_id}/standings.csv?dialect=excel", headers={"Accept": "application/json"}
    )
    assert answer.status_code == 422
    assert "dialect" in answer.text
    assert "excel-it" in answer.text  # what is accepted


def test_the_event_page_offers_the_italian_excel_file_first(store: Store, organizer: Actor) -> None:
    event_id = play_event(store, organizer, players=4, seed=1)
    client = make_client(store)
    italian = client.get(f"/events/{event_id}?lang=it").text
    first = italian.index("standings.csv?dialect=excel-it")
    assert first < italian.index(f'href="/events/{event_id}/standings.csv"')
    english = client.get(f"/events/{event_id}?lang=en").text
    assert english.index(f'href="/events/{event_id}/standings.csv"') < english.index(
        "standings.csv?dialect=excel-it"
    )
