"""INV-RANK-3 (issue 29 items 9 and 12): a tie on every criterion across the Regional cut is
shown on every surface and settled by the organizer (a decision or a drawn lot, audited); the
National Final bonus of the best placements is set on the season (audited)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.seasons.test_commands import PRESET, csv_text, field_rows
from tests.support.cli import Cli
from tests.support.web import form_token, is_problem
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import commands_qualification as qualification
from torneo.seasons import views as season_views

ORG = Actor("org", frozenset({(1, "organizer")}))
TIED = [f"Uno giocatore {p:02d}" for p in range(5, 10)]  # places 5..9: equal on everything


def tie_csv() -> str:
    """Nine players: places 5 to 9 are equal on points, W, S, MW, MP and T; with a cut of 6 two
    of them go through (positions 5 and 6)."""
    return csv_text(field_rows("Uno", "2012-01-14", "A", players=9, swiss={1: 9, 2: 6, 3: 6, 4: 3}))


def _season(store: Store) -> int:
    seasons.create_season(store, ORG, name="Stagione", preset=PRESET, cut_size=6)
    return seasons.import_season_csv(store, ORG, "Stagione", PRESET, tie_csv()).season_id


def _ids(store: Store, season: int | str = "Stagione") -> dict[str, int]:
    return {r.player: r.player_id for r in season_views.season_table(store, season)}


def _audits(store: Store, action: str) -> list[AuditEntry]:
    with store.read() as s:
        rows = s.scalars(select(AuditEntry).where(AuditEntry.action == action)).all()
        s.expunge_all()
        return list(rows)


def test_inv_rank_3_the_organizer_decides_who_qualifies(store: Store) -> None:
    _season(store)
    page = season_views.season_page(store, "Stagione")
    assert [p.player for p in page.cut.tied] == TIED
    assert page.cut.seats == 2
    assert page.cut.open
    assert page.cut_tie == tuple(TIED)
    ids = _ids(store)
    chosen = [ids[TIED[4]], ids[TIED[2]]]
    qualification.decide_cut(store, ORG, "Stagione", qualified=chosen, note="al tavolo")
    page = season_views.season_page(store, "Stagione")
    assert not page.cut.open
    assert page.cut.decided
    assert page.cut_tie == ()
    assert [p.player for p in page.cut.qualified] == [TIED[4], TIED[2]]
    rows = page.rows
    assert [r.player for r in rows if r.qualified][4:] == [TIED[4], TIED[2]]
    assert not any(r.tied_at_cut for r in rows)
    assert [r.player for r in rows if r.cut_decided] == [TIED[4], TIED[2], *TIED[:2], TIED[3]]
    (audit,) = _audits(store, "season.cut_decision")
    assert audit.after is not None
    assert audit.after["how"] == "decision"
    assert audit.after["note"] == "al tavolo"
    assert audit.after["tied"] == sorted(ids[n] for n in TIED)


def test_inv_rank_3_a_wrong_decision_changes_nothing(store: Store) -> None:
    _season(store)
    ids = _ids(store)
    with pytest.raises(TorneoError, match="1 players named for 2 places"):
        qualification.decide_cut(store, ORG, "Stagione", qualified=[ids[TIED[0]]])
    with pytest.raises(TorneoError, match="is not tied at the cut"):
        qualification.decide_cut(
            store, ORG, "Stagione", qualified=[ids[TIED[0]], ids["Uno giocatore 01"]]
        )
    with pytest.raises(TorneoError, match="not both or neither"):
        qualification.decide_cut(store, ORG, "Stagione", qualified=[], lot=True)
    assert _audits(store, "season.cut_decision") == []
    assert season_views.season_page(store, "Stagione").cut.open


def test_inv_rank_3_a_lot_is_drawn_from_a_recorded_seed(store: Store) -> None:
    _season(store)
    decision = qualification.decide_cut(store, ORG, "Stagione", lot=True, seed=12)
    assert decision.seed == "12:cut"
    cut = season_views.season_page(store, "Stagione").cut
    assert cut.how is not None
    assert cut.how.value == "lot"
    assert cut.seed == "12:cut"
    assert [p.player_id for p in cut.qualified] == [int(p) for p in decision.order[:2]]
    (audit,) = _audits(store, "season.cut_decision")
    assert audit.after is not None
    assert audit.after["seed"] == "12:cut"


def test_inv_rank_3_no_tie_no_decision(store: Store) -> None:
    seasons.create_season(store, ORG, name="Stagione", preset=PRESET, cut_size=3)
    seasons.import_season_csv(store, ORG, "Stagione", PRESET, tie_csv())
    with pytest.raises(Conflict, match="nobody is tied"):
        qualification.decide_cut(store, ORG, "Stagione", lot=True)


def test_inv_rank_3_another_club_may_not_decide(store: Store) -> None:
    _season(store)
    other = Actor("other", frozenset({(2, "organizer")}))
    with pytest.raises(TorneoError):
        qualification.decide_cut(store, other, "Stagione", lot=True)
    assert _audits(store, "season.cut_decision") == []


def test_inv_rank_3_placement_bonus_is_set_on_the_season(store: Store) -> None:
    _season(store)
    qualification.set_placement_bonus(store, ORG, "Stagione", ["1,5", "1", "1/2", "0"])
    rows = season_views.season_table(store, "Stagione")
    assert [r.final_bonus for r in rows[:4]] == [Fraction(3, 2), 1, Fraction(1, 2), 0]
    (audit,) = _audits(store, "season.placement_bonus")
    assert audit.after == {"placement_bonus": ["3/2", "1", "1/2"]}
    with pytest.raises(TorneoError, match="'molto' for place 2"):
        qualification.set_placement_bonus(store, ORG, "Stagione", ["1", "molto"])
    with pytest.raises(TorneoError, match="'-1' for place 1"):
        qualification.set_placement_bonus(store, ORG, "Stagione", ["-1"])
    assert season_views.season_page(store, "Stagione").cut.placement_bonus == (
        Fraction(3, 2),
        Fraction(1),
        Fraction(1, 2),
    )


def test_inv_rank_3_tie_and_decision_through_the_api_and_the_csv(
    org: TestClient, anon: TestClient, web_store: Store
) -> None:
    season_id = _season(web_store)
    body = anon.get(f"/api/v1/seasons/{season_id}").json()
    assert [p["player"] for p in body["cut"]["tied"]] == TIED
    assert (body["cut"]["seats"], body["cut"]["decided"]) == (2, False)
    assert [r["tied_at_cut"] for r in body["standings"]][4:] == [True] * 5
    assert anon.post(f"/api/v1/seasons/{season_id}/cut", json={"lot": True}).status_code == 401
    is_problem(
        org.post(f"/api/v1/seasons/{season_id}/cut", json={"qualified": [1]}), 422, "qualified"
    )
    r = org.post(f"/api/v1/seasons/{season_id}/cut", json={"lot": True, "seed": 3})
    assert r.status_code == 200, r.text
    assert r.json()["decided"] is True
    assert r.json()["how"] == "lot"
    assert r.json()["seed"] == "3:cut"
    rows = anon.get(f"/api/v1/seasons/{season_id}/standings").json()
    assert not any(x["tied_at_cut"] for x in rows)
    assert [x["cut_decided"] for x in rows][4:] == [True] * 5
    sheet = list(csv.DictReader(io.StringIO(anon.get(f"/seasons/{season_id}/standings.csv").text)))
    assert [x["cut_decided"] for x in sheet][4:] == ["yes"] * 5
    r = org.put(
        f"/api/v1/seasons/{season_id}/placement-bonus", json={"placement_bonus": ["1.5", "1"]}
    )
    assert r.status_code == 200
    assert r.json()["placement_bonus"] == ["3/2", "1"]
    is_problem(
        org.put(f"/api/v1/seasons/{season_id}/placement-bonus", json={"placement_bonus": ["x"]}),
        422,
        "placement_bonus",
    )


def test_inv_rank_3_the_manage_page_settles_the_tie_post_redirect_get(
    org: TestClient, web_store: Store
) -> None:
    season_id = _season(web_store)
    page = org.get(f"/seasons/{season_id}/manage?lang=en").text
    assert f'action="/seasons/{season_id}/manage/cut"' in page
    assert "for 2 places: choose who qualifies, or draw a lot" in page
    token = form_token(page)
    ids = _ids(web_store)
    r = org.post(
        f"/seasons/{season_id}/manage/cut?lang=en",
        data={
            "how": "decision",
            "qualified": [str(ids[TIED[0]])],
            "note": "n",
            "csrf_token": token,
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["X-Torneo-Refused"] == "422"
    shown = org.get(r.headers["location"]).text
    assert "1 players named for 2 places inside the cut" in shown
    assert 'value="n"' in shown  # what was typed is kept
    r = org.post(
        f"/seasons/{season_id}/manage/cut",
        data={
            "how": "decision",
            "qualified": [str(ids[TIED[1]]), str(ids[TIED[3]])],
            "csrf_token": token,
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert "X-Torneo-Refused" not in r.headers
    public = org.get(f"/seasons/{season_id}?lang=en").text
    assert f"The organizer decided: {TIED[1]}, {TIED[3]} qualify." in public
    r = org.post(
        f"/seasons/{season_id}/manage/placement-bonus",
        data={"placement_bonus": "1,5 1 0,5", "csrf_token": token},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert "X-Torneo-Refused" not in r.headers
    assert season_views.season_page(web_store, season_id).cut.placement_bonus == (
        Fraction(3, 2),
        Fraction(1),
        Fraction(1, 2),
    )


def test_inv_rank_3_the_cli_shows_the_tie_and_records_the_decision(
    cli: Cli, tmp_path: Path
) -> None:
    path = tmp_path / "season.csv"
    path.write_text(tie_csv(), "utf-8")
    cli.ok("season", "import", str(path), "--season", "Stagione", "--preset", PRESET, "--cut", "6")
    out = cli.ok("season", "standings", "Stagione").stdout
    assert "Tie at the cut (INV-RANK-3)" in out
    assert "for 2 place(s)" in out
    rows = cli.json("season", "standings", "Stagione")
    ids = {r["player"]: r["player_id"] for r in rows}
    decided = cli.json(
        "season",
        "decide-cut",
        "Stagione",
        "--qualified",
        str(ids[TIED[2]]),
        "--qualified",
        str(ids[TIED[0]]),
    )
    assert decided["how"] == "decision"
    out = cli.ok("season", "standings", "Stagione").stdout
    assert "✓ (decision)" in out
    assert "settled by organizer's decision" in out
    rows = cli.json("season", "standings", "Stagione")
    assert [r["player"] for r in rows if r["qualified"]][4:] == [TIED[2], TIED[0]]
    bonus = cli.json("season", "placement-bonus", "Stagione", "1.5", "1")
    assert bonus["placement_bonus"] == ["3/2", "1"]
    assert cli.json("season", "standings", "Stagione")[0]["final_bonus"] == "3/2"
