"""Languages: catalogs complete and in sync, no hard-coded text in templates, errors translated."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.points import PartLabel
from torneo.cards.rules.tournament import Tournament, can_pair_next_round, can_register
from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import parse_date
from torneo.core.messages import N_, Message
from torneo.engines.records import Entrant, MatchRecord
from torneo.engines.results import parse_game_score
from torneo.platform import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(str(resources.files("torneo") / "locale"))
# Every folder of templates/ in the source tree: the platform's and each discipline's.
SOURCE = Path(str(resources.files("torneo")))
TEMPLATES = sorted(p for p in SOURCE.rglob("templates") if p.is_dir())
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
# Not translated in any language: rule ids (docs/rules.md) and the names of games.
RULE_ID = re.compile(r"^[A-Z]{2,}(?:-[A-Z0-9]+)+$")
PROPER_NAMES = frozenset({"RisiKo!"})


def _catalog(lang: str | None) -> dict[str, object]:
    path = LOCALE / "messages.pot" if lang is None else LOCALE / lang / "LC_MESSAGES/messages.po"
    with path.open("rb") as fp:
        return {_key(m.id): m.string for m in read_po(fp) if m.id}


def _key(msgid: object) -> str:
    return msgid[0] if isinstance(msgid, tuple) else str(msgid)


def _extracted() -> set[str]:
    """Every message id of the code and the templates, read as babel.cfg tells pybabel to."""
    method_map = [
        ("src/torneo/**.py", "python"),
        ("src/torneo/**/templates/**.html", "jinja2"),
    ]
    options = {
        "src/torneo/**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}
    }
    found = set()
    # N_ marks a message id (Np_ one with its plural), Term a word of the vocabulary (a status, a stage): both are extracted.
    keywords = {**DEFAULT_KEYWORDS, "Term": None, "Np_": (1, 2)}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map=options, keywords=keywords
    ):
        found.add(_key(message))
    return found


def test_every_string_of_the_code_is_in_the_catalogs() -> None:
    pot = set(_catalog(None))
    missing = _extracted() - pot
    assert not missing, f"run pybabel extract/update: {sorted(missing)[:10]}"
    assert set(_catalog("it")) >= pot
    assert set(_catalog("en")) >= pot


@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_entry_is_a_fuzzy_guess(lang: str) -> None:
    """pybabel update guesses a translation for a new message id from a similar one ("fuzzy");
    such guesses are often wrong (a ladder called a tournament), so every entry is reviewed."""
    with (LOCALE / lang / "LC_MESSAGES/messages.po").open("rb") as fp:
        fuzzy = [m.id for m in read_po(fp) if m.id and m.fuzzy]
    assert not fuzzy, f"review and translate, then drop the fuzzy flag: {fuzzy[:10]}"


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


def _raised(action: Callable[[], object]) -> TorneoError:
    with pytest.raises(TorneoError) as err:
        action()
    return err.value


def _refused(refusal: Refusal | None) -> Refusal:
    assert refusal is not None
    return refusal


def _event(status: EventStatus, *matches: MatchRecord) -> Tournament:
    players = tuple(Entrant(PlayerId(i), f"P{i}") for i in range(1, 13))
    return Tournament(status, 3, players, matches, swiss_rounds=5, top_size=8)


def _unreported(round_no: int, table: int) -> MatchRecord:
    return MatchRecord(round_no, table, PlayerId(2 * table - 1), PlayerId(2 * table), None)


@pytest.mark.parametrize(
    ("make", "english", "italian"),
    [
        (
            lambda: _raised(lambda: parse_game_score("3-0", 3)),
            "3-0 is impossible in best of 3: nobody wins more than 2 [INV-STRUCT-3]",
            "3-0 è impossibile al meglio delle 3: nessuno vince più di 2 partite [INV-STRUCT-3]",
        ),
        (
            lambda: _raised(lambda: parse_date("held_on", "2012-06-31")),
            "2012-06-31 does not exist in the calendar",
            "il 2012-06-31 non esiste nel calendario",
        ),
        (
            lambda: _refused(
                can_pair_next_round(
                    _event(EventStatus.RUNNING, *(_unreported(2, t) for t in (4, 5, 6)))
                )
            ),
            "round 2 still has 3 unreported matches (tables 4, 5, 6)",
            "il turno 2 ha ancora 3 incontri senza risultato (tavoli 4, 5, 6)",
        ),
        (  # a count meets its noun in the singular too (issue 30: "1 squadre")
            lambda: _refused(can_pair_next_round(_event(EventStatus.RUNNING, _unreported(2, 4)))),
            "round 2 still has 1 unreported match (table 4)",
            "il turno 2 ha ancora 1 incontro senza risultato (tavolo 4)",
        ),
        (
            lambda: _refused(can_register(_event(EventStatus.FINISHED), PlayerId(99))),
            "registration is closed: the event is finished",
            "iscrizioni chiuse: il torneo è nello stato «concluso»",
        ),
        (
            lambda: TorneoError(
                "roster",
                Message(
                    N_("%(name)s: %(reason)s"),
                    {
                        "name": "Mario Rossi",
                        "reason": Message(N_("this player is already registered in the event")),
                    },
                ),
            ),
            "Mario Rossi: this player is already registered in the event",
            "Mario Rossi: questo giocatore è già iscritto al torneo",
        ),
        (
            lambda: TorneoError("x", "a sentence nobody translated"),
            "a sentence nobody translated",
            "a sentence nobody translated",
        ),
    ],
)
def test_service_errors_are_shown_in_italian_keeping_rule_ids(
    make: Callable[[], TorneoError | Refusal], english: str, italian: str
) -> None:
    """The page translates the message id and fills in its parameters; English is the id's own."""
    refusal = make()
    shown = refusal.reason if isinstance(refusal, TorneoError) else refusal.text
    assert shown == english  # the CLI's and the API's words
    with i18n.language("it"):
        assert i18n.translate_reason(refusal) == italian
    with i18n.language("en"):
        assert i18n.translate_reason(refusal) == english


def test_the_sentences_the_services_raise_are_known() -> None:
    """Every refusal of these services has an Italian reason and an Italian accepted value."""
    raised = [
        _raised(lambda: parse_game_score("2-2", 3)),
        _raised(lambda: parse_date("held_on", "2012-06-31")),
    ]
    with i18n.language("it"):
        for refusal in raised:
            assert i18n.translate_reason(refusal) != refusal.reason
            assert refusal.accepted is not None
            assert i18n.translate_accepted(refusal) != refusal.accepted


def test_dates_numbers_and_shares_follow_the_language() -> None:
    day = date(2012, 3, 10)
    with i18n.language("it"):
        assert i18n.format_day(day) == "10 marzo 2012"
        assert i18n.format_share(Fraction(5, 9)) == "55,56%"
        assert i18n.format_number(Fraction(3, 2)) == "1,5"
        assert i18n.top_round_name(8) == "Quarti di finale"
        assert i18n.points_part(PartLabel(N_("Top %(n)s"), n=8)) == "Top 8"
        assert i18n.points_part(PartLabel(N_("size"))) == "dimensione"
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
