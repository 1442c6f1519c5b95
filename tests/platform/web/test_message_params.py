"""Every message id written in the code is given the parameters it names (issue 27 hole 6).

A page's confirmation named ``%(role)s`` and was never given a role: the membership was saved
and the page answered 500. This reads every call in ``src/torneo`` that passes a literal
``N_("…")`` together with its parameters written out (``say(request, N_(…), name=…)``, or
``params={…}`` of a refusal) and checks that each placeholder is among them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import torneo

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdrifx]")
SRC = Path(torneo.__file__).parent
REFUSALS = {"TorneoError", "NotFound", "Conflict", "Forbidden", "Unavailable", "Unauthorized"}


def _ids(call: ast.Call) -> list[str]:
    ids = []
    for arg in call.args:
        if (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Name)
            and arg.func.id == "N_"
            and arg.args
            and isinstance(arg.args[0], ast.Constant)
            and isinstance(arg.args[0].value, str)
        ):
            ids.append(arg.args[0].value)
    return ids


def _keys(params: ast.expr) -> set[str] | None:
    if isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys):
        return {str(k.value) for k in params.keys if isinstance(k, ast.Constant)}
    return None


def _given(call: ast.Call) -> set[str] | None:
    """The parameter names the call writes out, or None when they are not literal."""
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name == "say":
        if any(k.arg is None for k in call.keywords):
            return None
        return {k.arg for k in call.keywords if k.arg}
    for keyword in call.keywords:
        if keyword.arg == "params":
            return _keys(keyword.value)
    if name == "Message":
        return _keys(call.args[1]) if len(call.args) > 1 else set()
    if name == "Refusal":
        return _keys(call.args[4]) if len(call.args) > 4 else set()
    if name in REFUSALS:  # TorneoError and its family take their parameters by name only
        return set()
    return None


def test_issue27_hole6_every_message_gets_the_parameters_it_names() -> None:
    missing = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            ids = _ids(node)
            given = _given(node) if ids else None
            if given is None:
                continue
            for message in ids:
                lost = set(PLACEHOLDER.findall(message)) - given
                if lost:
                    where = f"{path.relative_to(SRC)}:{node.lineno}"
                    missing.append(f"{where} {message!r} lacks {sorted(lost)}")
    assert missing == []
