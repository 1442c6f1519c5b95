"""A count met by a noun takes the noun's plural form from the catalog (issue 30 item 8: "1 squadre").

Two checks: no page template or page flash writes a count before a plural noun through plain
``_()`` (it must be ``ngettext``, so Italian says "1 squadra" and "3 squadre"); and the pages
where a count of one is ordinary (a league of one team, a roster of one player) say it in the
singular.
"""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from tests.fantasy.conftest import build_league
from tests.support.web import form_token, make_client, page_login
from torneo.platform.store.uow import Store

SRC = Path(__file__).resolve().parents[3] / "src" / "torneo"
NOUNS = "teams|players|tables|rounds|matchdays|points|credits|results|tournaments|matches|games"
# _("... %(n)s players ...") in a template: a count before a plural noun without ngettext.
TEMPLATE = re.compile(
    r"""\b_\(\s*["']([^"']*%\(\w+\)s (?:Swiss )?(?:""" + NOUNS + r""")\b[^"']*)"""
)
# say(request, N_("%(n)s players registered."), ...) or gettext(N_("...")) % ... in page code.
FLASH = re.compile(
    r"""\b(?:say|_said|gettext)\(\s*(?:request,\s*)?N_\(\s*["']([^"']*%\(\w+\)s (?:Swiss )?(?:"""
    + NOUNS
    + r""")\b[^"']*)"""
)
# Regulation numbers that are never one (FAN-ROSTER-1: 3/8/8/6 players and a budget in hundreds).
KNOWN = {
    "Pick %(p)s goalkeepers, %(d)s defenders, %(c)s midfielders and %(a)s forwards within "
    "%(budget)s credits, then save."
}


def test_issue30_no_page_writes_a_count_before_a_plural_noun_without_ngettext() -> None:
    found = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix == ".html":
            pattern = TEMPLATE
        elif path.suffix == ".py" and path.name.startswith("pages"):
            pattern = FLASH
        else:
            continue
        for text in pattern.findall(path.read_text("utf-8")):
            if text not in KNOWN:
                found.append(f"{path.relative_to(SRC)}: {text}")
    assert not found, "use ngettext:\n" + "\n".join(found)


def test_issue30_a_league_of_one_team_says_1_squadra(web_store: Store, org: TestClient) -> None:
    league = build_league(web_store, teams=1)
    listed = org.get("/fantasy").text
    assert "1 squadra" in listed
    assert "1 squadre" not in listed
    manage = org.get(f"/fantasy/{league.id}/manage")
    assert manage.status_code == 200
    assert "1 squadra." in manage.text
    assert "1 squadre" not in manage.text


def test_issue30_registering_one_player_says_1_giocatore_iscritto(web_store: Store) -> None:
    with make_client(web_store) as org:
        page_login(org, "org")
        _register_one(org)


def _register_one(org: TestClient) -> None:
    page = org.get("/events/new")
    made = org.post(
        "/events/new",
        data={
            "csrf_token": form_token(page.text),
            "name": "Serata",
            "preset": "invasion-it-2012",
            "held_on": "2026-12-11",
        },
    )
    manage = made.url.path
    assert manage.endswith("/manage"), made.text[:500]
    page = made
    done = org.post(
        f"{manage}/roster",
        data={"csrf_token": form_token(page.text), "roster": "Anna Rossi"},
        follow_redirects=True,
    )
    assert "1 giocatore iscritto." in done.text
    assert "1 giocatori" not in done.text
