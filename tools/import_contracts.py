"""Write the import contracts of the disciplines' rooms into pyproject.toml (issues 11 and 25).

import-linter matches a layer by its exact module name, while the house names its modules by
prefix (``commands_floor``, ``views_standings``, ``pages_public``): a layer list written by hand
goes stale with every split. A discipline's sub-features (``cards/draft``, ``poker/league`` …)
have the same rooms one level down (``draft.api``, ``draft.commands``). This script reads the
tree and writes four contracts between the markers at the end of ``[tool.importlinter]``:

- ``rooms``: in every discipline, pages/api/cli/schemas above commands/views, above state, above
  tables, above rules, its sub-features' modules in the same rooms as the top level's
  (``exhaustive``: a module nobody placed breaks ``make lint``);
- ``pure-rooms``: core, engines, presets and every ``rules/`` import no discipline's upper room;
- ``shared-top``: below its edge, a discipline's top level imports no sub-feature: it holds only
  what the sub-features share (the edge may mount a sub-feature's routes or commands);
- ``sub-features``: the edge of one sub-feature (pages, api, cli, schemas) calls another's use
  cases at most, never its state or tables (a sub-feature's internals).

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


# A sub-feature's modules that its discipline's top level may read: its declared interface,
# each with the reason (contract ``shared-top``). Everything else of a sub-feature is its own.
INTERFACES = {
    "cards.pods.tables": "an event's pod seats are a relationship of the event (BER-POD-1/2)",
    "cards.pods.state": "every read model of an event in pods reads its pods (BER-POD-1..3)",
    "cards.pods.progress": "the event in pods as the engines see it, for start and read models",
    "cards.pods.commands": "starting an event seats its pods (seating_for_start, BER-POD-2)",
    "cards.roster.commands": "commands re-exports register_player/register_roster to callers",
    "cards.desk.views_actions": "the event's read model says what the organizer can do next",
    "cards.self_report.tables": "a recorded result settles the match's self-reports (issue 4)",
    "cards.self_report.views": "a result is checked against the round's reports (issue 4)",
    "poker.floor.commands": "the chop ends the tournament as the floor's last bust does",
    "poker.floor.commands_log": "every floor action, entries and the chop too, is logged",
    "risiko.console.state": "results and tables show the referee's rulings (RSK-*)",
    "seasons.calendar.state": "a season event's validity reads its announcement (INV-LEGAL-1)",
    "seasons.ladders.tables": "ratings and access read the ladders an event feeds (BER-RANK-1)",
}


def room_of(name: str) -> str:
    """The room of one module of a discipline, by its name (a sub-feature's by its last part)."""
    leaf = name.rsplit(".", 1)[-1]
    for room, prefixes in ROOMS:
        if any(leaf == p or leaf.startswith(p + "_") for p in prefixes):
            return room
    if leaf in OTHER_ROOMS:
        return OTHER_ROOMS[leaf]
    raise SystemExit(
        f"tools/import_contracts.py: no room for module {name!r}: name it after its room "
        f"({', '.join(p for _, ps in ROOMS for p in ps)}) or add it to OTHER_ROOMS"
    )


def _children(folder: Path) -> tuple[set[str], set[str]]:
    """The modules and the packages directly inside one folder."""
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    packages = {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return modules, packages


def sub_features(discipline: str) -> list[str]:
    """The packages of one discipline that hold rooms of their own (every one but rules/)."""
    return sorted(_children(PACKAGE / discipline)[1] - {"rules"})


def modules_of(discipline: str) -> list[str]:
    """The modules of one discipline, its sub-features' ones as ``sub.module``."""
    modules, packages = _children(PACKAGE / discipline)
    names = set(modules) | ({"rules"} & packages)
    for sub in sub_features(discipline):
        inner, inner_packages = _children(PACKAGE / discipline / sub)
        names |= {f"{sub}.{name}" for name in inner | inner_packages}
    return sorted(names)


def rooms() -> dict[str, dict[str, list[str]]]:
    """Room -> discipline -> its modules in that room."""
    found: dict[str, dict[str, list[str]]] = {room: {} for room, _ in ROOMS}
    for discipline in DISCIPLINES:
        for name in modules_of(discipline):
            found[room_of(name)].setdefault(discipline, []).append(name)
    return found


def _modules(found: dict[str, dict[str, list[str]]], rooms_: set[str], top: bool) -> list[str]:
    """Full names of the top level's (``top``) or the sub-features' modules in some rooms."""
    return sorted(
        f"torneo.{discipline}.{name}"
        for room in rooms_
        for discipline, names in found[room].items()
        for name in names
        if ("." not in name) == top
    )


def _toml_list(items: list[str], indent: str = "    ") -> str:
    lines = "".join(f'{indent}"{item}",\n' for item in items)
    return f"[\n{lines}]"


def _forbidden(cid: str, name: str, sources: list[str], forbidden: list[str]) -> list[str]:
    """One forbidden contract on direct imports (a sub-feature's edge reaches its own internals)."""
    return [
        "",
        "[[tool.importlinter.contracts]]",
        f'id = "{cid}"',
        f'name = "{name}"',
        'type = "forbidden"',
        f"source_modules = {_toml_list(sources)}",
        f"forbidden_modules = {_toml_list(forbidden)}",
        "allow_indirect_imports = true",
    ]


def block() -> str:
    """The generated contracts, as TOML text between the markers."""
    found = rooms()
    upper = sorted(
        f"torneo.{discipline}.{name}"
        for room, per in found.items()
        if room != "rules"
        for discipline, names in per.items()
        for name in names
    )
    below_edge = {"use", "state", "tables"}
    internals = {"state", "tables"}
    edge_of_subs = _modules(found, {"edge"}, top=False)
    lines = [BEGIN]
    # One layers contract a discipline: a name can be a module in one discipline and a
    # sub-feature's package in another (seasons/exports.py, cards/exports/).
    for discipline in DISCIPLINES:
        layers = []
        for room, _ in ROOMS:
            names = sorted(found[room].get(discipline, []))
            # "(name)": optional, so a room may be empty; every discipline has its rules/.
            layers.append(" : ".join(n if n == "rules" else f"({n})" for n in names))
        lines += [
            "[[tool.importlinter.contracts]]",
            f'id = "rooms-{discipline}"',
            f'name = "{discipline}: pages/api/cli/schemas > commands/views > state > tables > rules"',
            'type = "layers"',
            f'containers = ["torneo.{discipline}"]',
            "exhaustive = true",
            # A sub-feature's package is placed by its modules, not as a whole.
            f"exhaustive_ignores = {_toml_list(sub_features(discipline))}",
            f"layers = {_toml_list(layers)}",
            "",
        ]
    lines += [
        "[[tool.importlinter.contracts]]",
        'id = "pure-rooms"',
        'name = "Pure code (core, engines, presets, rules/) imports no upper room of a discipline"',
        'type = "forbidden"',
        'source_modules = ["torneo.core", "torneo.engines", "torneo.presets", "torneo.*.rules"]',
        f"forbidden_modules = {_toml_list(upper)}",
    ]
    lines += _forbidden(
        "shared-top",
        "Below its edge, a discipline's top level imports none of its sub-features",
        _modules(found, below_edge, top=True),
        [
            m
            for m in _modules(found, set(found), top=False)
            if m.removeprefix("torneo.") not in INTERFACES
        ],
    )
    # One contract per sub-feature: its edge, every other sub-feature's internals.
    for discipline in DISCIPLINES:
        for sub in sub_features(discipline):
            own = f"torneo.{discipline}.{sub}."
            sources = [m for m in edge_of_subs if m.startswith(own)]
            others = [
                m
                for m in _modules(found, internals, top=False)
                if m.startswith(f"torneo.{discipline}.") and not m.startswith(own)
            ]
            if sources and others:
                lines += _forbidden(
                    f"sub-features-{discipline}-{sub}",
                    f"The edge of {discipline}/{sub} reaches no other sub-feature's state or tables",
                    sources,
                    others,
                )
    return "\n".join([*lines, END])


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
