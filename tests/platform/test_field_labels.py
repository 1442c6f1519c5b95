"""Refusals name their field by a label in the reader's language (issue 15 item 5)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import torneo
from torneo.platform import i18n
from torneo.platform.field_labels import LABELS, field_label

SOURCE = Path(torneo.__file__).parent
ERRORS = {"TorneoError", "NotFound", "Conflict", "Forbidden", "Unavailable", "Unauthorized"}


def _raised_fields() -> set[str]:
    """Every field name written as a literal where the code builds an error or a refusal."""
    fields: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ERRORS and name != "Refusal":
                continue
            first = node.args[0] if node.args else None
            first = first or next((k.value for k in node.keywords if k.arg == "field"), None)
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            if literal and re.fullmatch(r"[a-z][a-z_.]*", first.value):  # type: ignore[union-attr]
                fields.add(first.value)  # type: ignore[union-attr]
    return fields


def test_every_field_the_code_raises_has_a_label() -> None:
    fields = _raised_fields()
    assert len(fields) > 100  # the walk finds the code's refusals
    assert sorted(fields - set(LABELS)) == []


def test_labels_are_italian_on_italian_pages() -> None:
    with i18n.language("it"):
        assert field_label("round_no") == "turno"
        assert field_label("held_on") == "data"
        assert field_label("points.win") == "punti per la vittoria"
        assert field_label("line 3, column 5") == "riga 3, colonna 5"
        assert field_label("line 12") == "riga 12"
    with i18n.language("en"):
        assert field_label("round_no") == "round"
        assert field_label("line 3, column 5") == "line 3, column 5"
        assert field_label("some_new_field") == "some new field"


def test_a_refusal_on_a_page_shows_the_label_not_the_field_name() -> None:
    from torneo.core.errors import TorneoError
    from torneo.core.messages import N_
    from torneo.platform.web.templating import environment

    template = environment().from_string(
        '{% from "macros.html" import refusal_box %}{{ refusal_box(error) }}'
    )
    error = TorneoError("round_no", N_("report every result first"))
    with i18n.language("it"):
        html = template.render(error=error)
    assert "turno:" in html
    assert "round_no" not in html


def test_issue30_fields_built_from_the_regulation_parts_have_labels() -> None:
    """RSK-REG-1 refusals name ``regulation.<part>``: each part is labelled, never its key."""
    from torneo.risiko.rules.regulation import RegulationPart

    assert sorted(str(part) for part in RegulationPart if str(part) not in LABELS) == []
    with i18n.language("it"):
        assert "referees" not in field_label("regulation.referees")


def test_a_refusal_about_the_state_of_the_thing_has_no_raw_prefix() -> None:
    """Issue 30 item 8: "stato: il torneo è concluso" read as a raw field name; a refusal about
    the state of the event (status, round, …) is its sentence alone, an input keeps its label."""
    from torneo.core.errors import Conflict
    from torneo.core.messages import N_
    from torneo.platform.web.templating import environment

    template = environment().from_string(
        '{% from "macros.html" import refusal_box %}{{ refusal_box(error) }}'
    )
    for field in ("status", "round"):
        with i18n.language("it"):
            html = template.render(error=Conflict(field, N_("report every result first")))
        assert 'class="field-name"' not in html, field
        assert "stato:" not in html
        assert "turno:" not in html
    with i18n.language("it"):
        html = template.render(error=Conflict("held_on", N_("report every result first")))
    assert 'class="field-name">data:' in html
