"""Languages: catalogs complete and in sync, no hard-coded text in templates, errors translated."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from torneo.core.errors import TorneoError
from torneo.platform import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(str(resources.files("torneo") / "locale"))
# Every folder of templates/ in the source tree: the platform's and each discipline's.
SOURCE = Path(str(resources.files("torneo")))
TEMPLATES = sorted(p for p in SOURCE.rglob("templates") if p.is_dir())
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
# Not translated in any language: rule ids (RULES.md) and the names of games.
RULE_ID = re.compile(r"^[A-Z]{2,}(?:-[A-Z0-9]+)+$")
PROPER_NAMES = frozenset({"RisiKo!"})


def _catalog(lang: str | None) -> dict[str, object]:
    path = LOCALE / "messages.pot" if lang is None else LOCALE / lang / "LC_MESSAGES/messages.po"
    with path.open("rb") as fp:
        return {_key(m.id): m.string for m in read_po(fp) if m.id}


def _key(msgid: object) -> str:
    return msgid[0] if isinstance(msgid, tuple) else str(msgid)


def _extracted() -> set[str]:
    method_map = [
        ("src/torneo/web/**.py", "python"),
        ("src/torneo/web/templates/**.html", "jinja2"),
    ]
    options = {
        "src/torneo/web/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}
    }
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map=options
    ):
        found.add(_key(message))
    return found


def test_every_string_of_the_code_is_in_the_catalogs() -> None:
    pot = set(_catalog(None))
    missing = _extracted() - pot
    assert not missing, f"run pybabel extract/update: {sorted(missing)[:10]}"
    assert set(_catalog("it")) >= pot
    assert set(_catalog("en")) >= pot


def test_every_string_has_an_italian_translation_with_the_same_placeholders() -> None:
    for msgid, translated in _catalog("it").items():
        forms = translated if isinstance(translated, tuple) else (translated,)
        assert all(forms), f"untranslated: {msgid!r}"
        for form in forms:
            assert set(PLACEHOLDER.findall(str(form))) == set(PLACEHOLDER.findall(msgid)), msgid


def _visible_text(html: str) -> list[str]:
    """Text a person would read that is not produced by a Jinja expression."""
    html = re.sub(r"\{#.*?#\}", "", html, flags=re.S)
    html = re.sub(r"\{\{.*?\}\}", "", html, flags=re.S)
    html = re.sub(r"\{%.*?%\}", "", html, flags=re.S)
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    attrs = re.findall(r'\b(?:title|placeholder|aria-label|alt|data-confirm)="([^"]*)"', html)
    text = re.sub(r"<[^>]*>", " ", html)
    text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
    words = [w.strip("()[],.;:") for t in [*attrs, *text.split()] for w in t.split()]
    return [
        w
        for w in words
        if re.search(r"[A-Za-zÀ-ÖØ-öø-ÿ]", w)  # letters (× and ÷ are signs, not words)
        and not RULE_ID.match(w)
        and w not in PROPER_NAMES
    ]


@pytest.mark.parametrize(
    "template",
    sorted(str(p.relative_to(SOURCE)) for folder in TEMPLATES for p in folder.rglob("*.html")),
)
def test_templates_have_no_hard_coded_text(template: str) -> None:
    leftovers = _visible_text((SOURCE / template).read_text("utf-8"))
    assert leftovers == [], f"{template}: wrap in _(): {leftovers}"


@pytest.mark.parametrize(
    ("reason", "italian"),
    [
        (
            "3-0 is impossible in best of 3: nobody wins more than 2 [INV-STRUCT-3]",
            "3-0 è impossibile al meglio delle 3: nessuno vince più di 2 partite [INV-STRUCT-3]",
        ),
        (
            "2012-06-31 does not exist (day is out of range for month)",
            "il 2012-06-31 non esiste nel calendario",
        ),
        (
            "round 2 still has 3 unreported match(es) (tables 4, 5, 6)",
            "il turno 2 ha ancora 3 incontri senza risultato (tavoli 4, 5, 6)",
        ),
        (
            "registration is closed: the event is finished",
            "iscrizioni chiuse: il torneo è nello stato «concluso»",
        ),
        (
            "Mario Rossi: this player is already registered in the event",
            "Mario Rossi: questo giocatore è già iscritto al torneo",
        ),
        ("a sentence nobody translated", "a sentence nobody translated"),
    ],
)
def test_service_errors_are_shown_in_italian_keeping_rule_ids(reason: str, italian: str) -> None:
    with i18n.language("it"):
        assert i18n.translate_reason(reason) == italian
    with i18n.language("en"):
        assert i18n.translate_reason(reason) == reason


def test_the_sentences_the_services_raise_are_known() -> None:
    """The translation table follows the services: a reworded refusal is noticed here."""
    from torneo.core.inputs import parse_date
    from torneo.engines.results import parse_game_score

    raised: list[TorneoError] = []
    for bad in (lambda: parse_game_score("2-2", 3), lambda: parse_date("held_on", "2012-06-31")):
        with pytest.raises(TorneoError) as err:
            bad()
        raised.append(err.value)
    with i18n.language("it"):
        for refusal in raised:
            assert i18n.translate_reason(refusal.reason) != refusal.reason
            assert refusal.accepted is not None
            assert i18n.translate_accepted(refusal.accepted) != refusal.accepted


def test_dates_numbers_and_shares_follow_the_language() -> None:
    day = date(2012, 3, 10)
    with i18n.language("it"):
        assert i18n.format_day(day) == "10 marzo 2012"
        assert i18n.format_share(Fraction(5, 9)) == "55,56%"
        assert i18n.format_number(Fraction(3, 2)) == "1,5"
        assert i18n.top_round_name(8) == "Quarti di finale"
        assert i18n.points_part("Top 8") == "Top 8"
        assert i18n.points_part("size") == "dimensione"
    with i18n.language("en"):
        assert i18n.format_day(day) == "March 10, 2012"
        assert i18n.format_share(Fraction(5, 9)) == "55.56%"
        assert i18n.format_number(Fraction(3, 2)) == "1.5"
        assert i18n.tiebreak_long("omw") == "Opponents' match-win percentage"


def test_a_missing_compiled_catalog_is_built_from_the_po(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_bytes((LOCALE / "it/LC_MESSAGES/messages.po").read_bytes())
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.translations("it").gettext("Standings") == "Classifica"
    finally:
        i18n.translations.cache_clear()
