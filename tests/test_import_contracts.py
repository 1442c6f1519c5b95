"""The import contracts: tools/import_contracts.py places modules in rooms by name, and
docs/design.md describes exactly the contracts pyproject.toml declares.

`make lint` runs the contracts themselves (lint-imports); these tests keep the generator and the
document honest.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Protocol, cast

import pytest

ROOT = Path(__file__).resolve().parent.parent


class ImportContracts(Protocol):
    """The part of tools/import_contracts.py these tests use."""

    def room_of(self, name: str) -> str: ...
    def block(self) -> str: ...


def _load_tool() -> ImportContracts:
    spec = importlib.util.spec_from_file_location(
        "import_contracts", ROOT / "tools" / "import_contracts.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(ImportContracts, module)


TOOL = _load_tool()


@pytest.mark.parametrize(
    ("module", "room"),
    [
        ("pages_public", "edge"),
        ("api", "edge"),
        ("cli", "edge"),
        ("schemas", "edge"),
        ("commands_floor", "use"),
        ("views", "use"),
        ("exports", "use"),
        ("state", "state"),
        ("progress", "state"),
        ("tables_calendar", "tables"),
        ("rules", "rules"),
    ],
)
def test_a_module_goes_to_the_room_its_name_says(module: str, room: str) -> None:
    assert TOOL.room_of(module) == room


def test_a_module_named_after_no_room_must_be_placed_by_hand() -> None:
    with pytest.raises(SystemExit, match="no room for module 'helpers'"):
        TOOL.room_of("helpers")
    # A prefix counts only as a whole word: "commandsx" is not a commands module.
    with pytest.raises(SystemExit):
        TOOL.room_of("commandsx")


def test_the_generated_block_is_valid_toml_with_the_room_contracts() -> None:
    contracts = tomllib.loads(TOOL.block())["tool"]["importlinter"]["contracts"]
    ids = [c["id"] for c in contracts]
    disciplines = ["cards", "fantasy", "judging", "poker", "risiko", "seasons"]
    assert ids[:8] == [*(f"rooms-{d}" for d in disciplines), "pure-rooms", "shared-top"]
    assert all(c["layers"][-1] == "rules" for c in contracts[:6])
    assert "sub-features-cards-draft" in ids


def test_a_sub_feature_module_takes_the_room_of_its_last_name() -> None:
    assert TOOL.room_of("draft.commands_presence") == "use"
    assert TOOL.room_of("league.tables") == "tables"
    assert TOOL.room_of("floor.pages_posted") == "edge"


def test_the_live_draft_is_one_folder_with_the_common_rooms() -> None:
    """Issue 25: a reader finds the code of the live draft by its folder name alone."""
    draft = ROOT / "src" / "torneo" / "cards" / "draft"
    rooms = {p.stem for p in draft.glob("*.py")}
    assert {"api", "commands", "pages", "schemas", "state", "tables", "views"} <= rooms
    assert (draft / "templates" / "player.html").is_file()


def test_no_discipline_folder_holds_more_than_30_entries() -> None:
    crowded = {
        d.name: n
        for d in (ROOT / "src" / "torneo").iterdir()
        if d.is_dir() and (n := len([e for e in d.iterdir() if e.name != "__pycache__"])) > 30
    }
    assert crowded == {}


def test_design_doc_lists_the_contracts_pyproject_declares() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    declared = {c["id"] for c in config["tool"]["importlinter"]["contracts"]}
    design = (ROOT / "docs" / "design.md").read_text("utf-8")
    documented = set(re.findall(r"^\| `([a-z*-]+)` \|", design, re.M))
    # "rooms-*" documents every contract of that family ("rooms-cards", "rooms-poker" …).
    families = {d for d in documented if d.endswith("-*")}
    covered = {c for c in declared if any(c.startswith(f[:-1]) for f in families)}
    assert documented - families == declared - covered
    assert all(any(c.startswith(f[:-1]) for c in declared) for f in families)
