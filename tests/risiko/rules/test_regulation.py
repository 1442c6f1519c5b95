"""RSK-REG-1 the four parts of a tournament regulation."""

from datetime import UTC, datetime

import pytest

from torneo.core.errors import TorneoError
from torneo.core.ids import EventId
from torneo.risiko.rules.regulation import Regulation, can_publish, publish

FULL = Regulation(
    formula="Two qualifying games, semifinals by bands, final table; bonus-50.",
    referees="Mario Rossi, head referee; Anna Bianchi.",
    not_allowed="Alliances, phones at the table, touching another player's armies.",
    sanctions="Warning, exclusion from the game, expulsion from the tournament.",
)
NOW = datetime(2026, 3, 14, 20, 30, tzinfo=UTC)


def test_RSK_REG_1_a_complete_regulation_is_published() -> None:
    """RSK-REG-1: all four parts present."""
    assert can_publish(FULL) is None
    record = publish(EventId(7), FULL, NOW)
    assert record.regulation == FULL
    assert record.at == NOW


@pytest.mark.parametrize("part", ["formula", "referees", "not_allowed", "sanctions"])
def test_RSK_REG_1_a_missing_part_is_refused_naming_it(part: str) -> None:
    """RSK-REG-1: publishing a regulation without one part is refused, naming the part."""
    lacking = _without(part)
    refusal = can_publish(lacking)
    assert refusal is not None
    assert refusal.field == f"regulation.{part}"
    assert refusal.rule == "RSK-REG-1"
    with pytest.raises(TorneoError) as err:
        publish(EventId(7), lacking, NOW)
    assert err.value.field == f"regulation.{part}"


def test_RSK_REG_1_every_missing_part_is_listed() -> None:
    """RSK-REG-1: the reason names all the missing parts."""
    refusal = can_publish(Regulation(formula="Swiss tables"))
    assert refusal is not None
    assert "who is responsible for refereeing" in refusal.text
    assert "the sanctions" in refusal.text
    assert "the tournament formula" not in refusal.text


def _without(part: str) -> Regulation:
    values = {
        "formula": FULL.formula,
        "referees": FULL.referees,
        "not_allowed": FULL.not_allowed,
        "sanctions": FULL.sanctions,
    }
    values[part] = "   "
    return Regulation(**values)
