"""The pods on the pages (BER-POD-1/2): the judge seats them on the organizer's page, by hand or
automatically; every page names each player's pod; the format is chosen on the new-event form."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.support.web import form_status, page_login, roster
from torneo.platform.store.uow import Store


def _flashes(html: str) -> list[str]:
    return re.findall(r'<div class="alert ok" role="status">([^<]*)</div>', html)


def test_BER_POD_2_seating_on_the_organizer_page(web_store: Store, anon: TestClient) -> None:
    token = page_login(anon, "org")
    r = anon.post(
        "/events/new",
        data={
            "name": "Draft del venerdì",
            "preset": "berserk-online",
            "held_on": "2026-12-04",
            "format": "draft_standard",
            "csrf_token": token,
        },
    )
    assert r.status_code == 200, r.text
    base = str(r.url).removesuffix("/manage").replace("http://testserver", "")
    anon.post(f"{base}/manage/roster", data={"roster": roster(10), "csrf_token": token})
    page = anon.get(f"{base}/manage").text
    assert "Gruppi" in page
    assert "Dividi in automatico" in page
    hand = "\n".join(
        [
            "Giocatore 01, Giocatore 02, Giocatore 03, Giocatore 04, Giocatore 05",
            "Giocatore 06; Giocatore 07; Giocatore 08; Giocatore 09; Giocatore 10",
        ]
    )
    done = anon.post(
        f"{base}/manage/pods", data={"mode": "manual", "pods": hand, "csrf_token": token}
    )
    assert "I giocatori sono divisi in 2 gruppi." in _flashes(done.text)
    assert "divisi a mano" in done.text
    bad = anon.post(
        f"{base}/manage/pods",
        data={"mode": "manual", "pods": "Giocatore 01, Nessuno", "csrf_token": token},
    )
    assert form_status(bad) == 422
    assert "nessun giocatore di nome &#39;Nessuno&#39; nel torneo" in bad.text
    started = anon.post(f"{base}/manage/start", data={"csrf_token": token})
    assert started.status_code == 200
    anon.post(f"{base}/manage/pair", data={"csrf_token": token})
    public = anon.get(base).text
    assert "Gruppo 1" in public
    assert "Gruppo 2" in public
    english = anon.get(f"{base}?lang=en").text
    assert "Pod 1" in english
    csv_text = anon.get(f"{base}/pairings.csv").text
    assert csv_text.splitlines()[0].endswith(",pod")
