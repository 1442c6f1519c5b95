"""``torneo transfer export/import``: one JSON file between two databases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import Cli
from tests.test_transfer import finished_event, views
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade


def test_export_then_import_into_an_empty_database(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = finished_event(cli.store, players=8, seed=2)
    file = tmp_path / "event.json"
    out = cli.json("transfer", "export", "event", str(event_id), str(file))
    assert out["rows"]["matches"] > 0
    assert json.loads(file.read_text())["kind"] == "event"
    target_url = f"sqlite:///{tmp_path / 'target.db'}"
    upgrade(make_engine(target_url))
    monkeypatch.setenv("TORNEO_DATABASE_URL", target_url)
    target = Cli(target_url)
    done = target.json("transfer", "import", str(file))
    assert (done["kind"], done["id"]) == ("event", event_id)
    assert views(target.store, event_id) == views(cli.store, event_id)
    again = target.refused("transfer", "import", str(file))
    assert "already has" in again.stdout + again.stderr


def test_bad_files_and_names_exit_2(cli: Cli, tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    assert "file" in cli.refused("transfer", "import", str(junk)).stderr
    cli.refused("transfer", "import", str(tmp_path / "missing.json"))
    cli.refused("transfer", "export", "event", "Nessun evento", str(tmp_path / "x.json"))
    cli.refused("transfer", "export", "poker", "abc", str(tmp_path / "x.json"))
