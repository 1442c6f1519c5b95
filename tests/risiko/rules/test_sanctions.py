"""Warnings, exclusions and expulsions (RSK-ROLL-2, RSK-OUT-1, RSK-OUT-2)."""

import pytest

from tests.support.risiko_rules import P, alive
from torneo.core.errors import TorneoError
from torneo.risiko.rules.formulas import ScoringRules, game_points
from torneo.risiko.rules.results import TableResult
from torneo.risiko.rules.sanctions import Infraction, SanctionKind, sanction_for


def test_RSK_ROLL_2_forgotten_roll_warning_then_exclusion() -> None:
    """RSK-ROLL-2: a verbal warning first, exclusion the second time, per player."""
    first = sanction_for(P(1), Infraction.FORGOTTEN_ROLL)
    assert first.kind is SanctionKind.WARNING
    assert first.rule == "RSK-ROLL-2"
    other = sanction_for(P(2), Infraction.FORGOTTEN_ROLL, [first])
    assert other.kind is SanctionKind.WARNING
    second = sanction_for(P(1), Infraction.FORGOTTEN_ROLL, [first, other])
    assert second.kind is SanctionKind.EXCLUSION
    assert second.removes_from_game


def test_RSK_OUT_1_undeclared_risiko_is_an_exclusion() -> None:
    """RSK-OUT-1: RisiKo! achieved and not declared: excluded at once."""
    assert sanction_for(P(1), Infraction.UNDECLARED_RISIKO).kind is SanctionKind.EXCLUSION


def test_RSK_OUT_2_rejecting_a_ruling_is_an_expulsion() -> None:
    """RSK-OUT-2: expelled from the tournament."""
    sanction = sanction_for(P(1), Infraction.REJECTED_RULING)
    assert sanction.kind is SanctionKind.EXPULSION
    assert sanction.rule == "RSK-OUT-2"


def test_RSK_PTS_2_an_unrecorded_result_is_not_scored() -> None:
    """RSK-PTS-2: only a validated result (with its winners) is scored."""
    raw = TableResult(1, 3, (alive(1, 40), alive(2, 30), alive(3, 20)))
    with pytest.raises(TorneoError) as err:
        game_points(raw, ScoringRules())
    assert err.value.field == "winners"
