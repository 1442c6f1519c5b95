"""Write the import contracts of the disciplines' rooms into pyproject.toml (issue 11).

import-linter matches a layer by its exact module name, while the house names its modules by
prefix (``commands_floor``, ``views_standings``, ``pages_public``): a layer list written by hand
goes stale with every split. This script reads the tree and writes two contracts between the
markers at the end of ``[tool.importlinter]``:

- ``rooms``: in every discipline, pages/api/cli/schemas above commands/views, above state, above
  tables, above rules (``exhaustive``: a module nobody placed breaks ``make lint``);
- ``pure-rooms``: core, engines, presets and every ``rules/`` import no discipline's upper room.

A module whose name fits no room below (``ROOMS``/``OTHER_ROOMS``) stops the script: decide
where it lives and add it to ``OTHER_ROOMS``. ``make contracts`` rewrites the block;
``--check`` (run by ``make lint``) fails when the block does not match the tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "torneo"
PYPROJECT = ROOT / "pyproject.toml"
DISCIPLINES = ("cards", "fantasy", "judging", "poker", "risiko", "seasons")
BEGIN = "# BEGIN tools/import_contracts.py: generated from the tree; `make contracts` rewrites it"
END = "# END tools/import_contracts.py"

# Rooms from the top (the edges people and programs talk to) to the bottom (the pure domain).
# A module belongs to the first room one of whose prefixes starts its name.
ROOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("edge", ("pages", "api", "cli", "schemas")),
    ("use", ("commands", "views")),
    ("state", ("state",)),
    ("tables", ("tables",)),
    ("rules", ("rules",)),
)
# Modules named after their topic rather than their room, placed by hand.
OTHER_ROOMS = {
    "cache": "use",  # cards: the per-worker read cache over views
    "exports": "use",  # cards: CSV/XLSX exports, read models
    "chart": "use",  # seasons: the ranking chart, built from views
    "text": "use",  # seasons: sentences for pages and exports
    "results": "use",  # judging: records a match result (a use-case step)
    "structure": "use",  # risiko: rounds and tables of a tournament, over state
    "progress": "state",  # cards: the event's progress rebuilt from stored rows (pure)
    "progress_pods": "state",  # cards: the same for an event in pods (BER-POD-*), pure
    "staff": "state",  # judging: who is on an event's judge roster (INV-JUDGE-1), over tables
}


def room_of(name: str) -> str:
    """The room of one module of a discipline, by its name."""
    for room, prefixes in ROOMS:
        if any(name == p or name.startswith(p + "_") for p in prefixes):
            return room
    if name in OTHER_ROOMS:
        return OTHER_ROOMS[name]
    raise SystemExit(
        f"tools/import_contracts.py: no room for module {name!r}: name it after its room "
        f"({', '.join(p for _, ps in ROOMS for p in ps)}) or add it to OTHER_ROOMS"
    )


def modules_of(discipline: str) -> list[str]:
    """The direct submodules and subpackages of one discipline."""
    folder = PACKAGE / discipline
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    names |= {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return sorted(names)


def rooms() -> dict[str, dict[str, list[str]]]:
    """Room -> discipline -> its modules in that room."""
    found: dict[str, dict[str, list[str]]] = {room: {} for room, _ in ROOMS}
    for discipline in DISCIPLINES:
        for name in modules_of(discipline):
            found[room_of(name)].setdefault(discipline, []).append(name)
    return found


def _toml_list(items: list[str], indent: str = "    ") -> str:
    lines = "".join(f'{indent}"{item}",\n' for item in items)
    return f"[\n{lines}]"


def block() -> str:
    """The generated contracts, as TOML text between the markers."""
    found = rooms()
    layers = []
    for room, _ in ROOMS:
        names = sorted({n for per in found[room].values() for n in per})
        # Optional "(name)": a room's module need not exist in every discipline; rules must.
        layers.append(" : ".join(n if n == "rules" else f"({n})" for n in names))
    upper = sorted(
        f"torneo.{discipline}.{name}"
        for room, per in found.items()
        if room != "rules"
        for discipline, names in per.items()
        for name in names
    )
    containers = [f"torneo.{d}" for d in DISCIPLINES]
    return "\n".join(
        [
            BEGIN,
            "[[tool.importlinter.contracts]]",
            'id = "rooms"',
            'name = "Each discipline: pages/api/cli/schemas > commands/views > state > tables > rules"',
            'type = "layers"',
            f"containers = {_toml_list(containers)}",
            "exhaustive = true",
            f"layers = {_toml_list(layers)}",
            "",
            "[[tool.importlinter.contracts]]",
            'id = "pure-rooms"',
            'name = "Pure code (core, engines, presets, rules/) imports no upper room of a discipline"',
            'type = "forbidden"',
            'source_modules = ["torneo.core", "torneo.engines", "torneo.presets", "torneo.*.rules"]',
            f"forbidden_modules = {_toml_list(upper)}",
            END,
        ]
    )


def split(text: str) -> tuple[str, str, str]:
    """pyproject.toml as (before, the generated block, after)."""
    if BEGIN not in text or END not in text:
        raise SystemExit(f"tools/import_contracts.py: markers missing in {PYPROJECT.name}")
    head, rest = text.split(BEGIN, 1)
    current, tail = rest.split(END, 1)
    return head, BEGIN + current + END, tail


def main(argv: list[str]) -> int:
    text = PYPROJECT.read_text("utf-8")
    head, current, tail = split(text)
    wanted = block()
    if "--check" in argv:
        if current != wanted:
            print(
                "pyproject.toml: the import contracts do not match the tree: run `make contracts`"
            )
            return 1
        return 0
    if current != wanted:
        PYPROJECT.write_text(head + wanted + tail, "utf-8")
        print("pyproject.toml: import contracts rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
