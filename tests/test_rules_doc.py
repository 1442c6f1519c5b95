"""docs/rules.md stays true to the code, and nothing sends a reader outside the repository.

The rulebook travels with the code (issue 11): every rule id the code or the tests use has a row
in docs/rules.md; an id the document shows as done is named by code or tests; an id it lists as
planned has no code yet; and every file the "where" columns name exists and names the id. When
one of these fails after a change, `make rules-doc` refreshes the columns (a new id needs its row
and summary written by hand). Only files inside the repository are read.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Protocol, cast

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"


class RulesIndex(Protocol):
    """The part of tools/rules_index.py these tests use."""

    NOT_YET_BEGIN: str
    NOT_YET_END: str

    def ids_in(self, text: str) -> set[str]: ...
    def mentions_in_code(self) -> dict[str, list[str]]: ...
    def mentions_in_tests(self) -> dict[str, list[str]]: ...
    def documented(self, text: str) -> dict[str, str]: ...
    def regulation_rows(self, text: str) -> list[tuple[str, str]]: ...


def _load_tool() -> RulesIndex:
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    assert spec is not None
    assert spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(RulesIndex, module)


TOOL = _load_tool()
TEXT = DOC.read_text("utf-8")
CODE = TOOL.mentions_in_code()
TESTS = TOOL.mentions_in_tests()
ROWS = TOOL.documented(TEXT)
FIX = "run `make rules-doc` (tools/rules_index.py) to refresh docs/rules.md"


def _planned() -> set[str]:
    block = TEXT.split(TOOL.NOT_YET_BEGIN, 1)[1].split(TOOL.NOT_YET_END, 1)[0]
    return {m.group(1) for m in re.finditer(r"^\| ([A-Z]+-[A-Z]+-(?:EX)?\d+) \|", block, re.M)}


PLANNED = _planned()


def _where(rule: str) -> tuple[list[str], list[str]]:
    """The code and tests columns of a rule's row, as paths."""
    row = next(line for line in TEXT.splitlines() if line.startswith(f"| {rule} |"))
    cells = [cell.strip() for cell in row.strip("|").split(" | ")]
    return re.findall(r"`([^`]+)`", cells[2]), re.findall(r"`([^`]+)`", cells[3])


def test_every_rule_id_used_by_code_or_tests_has_a_row() -> None:
    missing = sorted((set(CODE) | set(TESTS)) - set(ROWS))
    assert not missing, f"rule ids with no row in docs/rules.md (write one each): {missing}"


def test_every_rule_shown_as_done_is_named_by_code_or_tests() -> None:
    unsupported = sorted(r for r in ROWS if r not in PLANNED and r not in CODE and r not in TESTS)
    assert not unsupported, f"rules neither code nor tests name: {unsupported}; {FIX}"


def test_no_planned_rule_already_has_code() -> None:
    done = sorted(r for r in PLANNED if r in CODE)
    assert not done, f"rules listed as not yet implemented but cited by code: {done}; {FIX}"


def test_planned_rules_have_their_row_in_a_regulation() -> None:
    assert set(ROWS) >= PLANNED


def test_each_rule_has_one_row() -> None:
    ids = [rule for rule, _ in TOOL.regulation_rows(TEXT)]
    assert len(ids) == len(set(ids)), "a rule id has two rows in docs/rules.md"


@pytest.mark.parametrize("rule", sorted(set(ROWS) - PLANNED))
def test_where_columns_name_files_that_cite_the_rule(rule: str) -> None:
    code, tests = _where(rule)
    for base, paths in ((ROOT / "src" / "torneo", code), (ROOT / "tests", tests)):
        for rel in paths:
            path = base / rel
            assert path.is_file(), f"{rule}: {path.relative_to(ROOT)} does not exist; {FIX}"
            assert rule in TOOL.ids_in(path.read_text("utf-8")), (
                f"{rule}: {path.relative_to(ROOT)} no longer names it; {FIX}"
            )


def test_rule_ids_are_read_in_both_spellings_and_ranges() -> None:
    # Ids are assembled at run time: written out here they would count as this file naming them.
    pts, deck, army = "INV_" + "PTS", "INV-" + "DECK", "RSK-" + "ARMY"
    assert TOOL.ids_in(f"def test_{pts}_4_everyone_else() -> None:") == {"INV-" + "PTS-4"}
    assert TOOL.ids_in(f"# {deck}-1..3 and {army}-EX1") == {
        f"{deck}-1",
        f"{deck}-2",
        f"{deck}-3",
        f"{army}-EX1",
    }
    assert TOOL.ids_in(f"{pts}_40 is not {pts}_4") == {"INV-" + "PTS-40", "INV-" + "PTS-4"}


# The project's own documents replaced the notes that lay beside the repository: README, docs,
# code and tests must not send a reader there. (Patterns are built in pieces so that this file
# does not match itself.)
OUTSIDE = re.compile(
    "|".join(
        re.escape(p) for p in ("../" + "shared", "shared/" + "RULES.md", "shared/" + "DESIGN.md")
    )
)
# In README and docs/ the old names themselves are stale: docs/rules.md and docs/design.md.
OLD_NAMES = re.compile(r"\b(RULES|DESIGN)\.md\b")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".html", ".txt", ".cfg", ".ini", ".po"}


def _project_files() -> list[Path]:
    found = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in ("src", "tests"):
        found += sorted(
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in TEXT_SUFFIXES
            and p.is_file()
            and not any(part.endswith(".egg-info") or part == "__pycache__" for part in p.parts)
        )
    return found


def test_nothing_sends_readers_outside_the_repository() -> None:
    offenders = []
    for path in _project_files():
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "point to docs/rules.md or docs/design.md instead:\n" + "\n".join(
        offenders
    )


def test_readme_and_docs_name_the_documents_that_are_here() -> None:
    offenders = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if OLD_NAMES.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "RULES.md/DESIGN.md are docs/rules.md/docs/design.md now:\n" + "\n".join(
        offenders
    )
