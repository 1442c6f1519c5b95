"""PKR-PEN-1: warnings, missed hands by orbits, disqualification; repeats escalate."""

from __future__ import annotations

import pytest

from tests.support.poker import P
from torneo.core.errors import Conflict, TorneoError
from torneo.poker.rules.sanctions import (
    Sanction,
    SanctionKind,
    can_sanction,
    minimum_sanction,
    missed_hands,
    sanction,
)


def test_PKR_PEN_1_missed_hands_count_the_players_at_the_table() -> None:
    """PKR-PEN-1: an orbit is as many hands as players at the table, the penalised included."""
    s = sanction([], P(1), SanctionKind.MISSED_HANDS, "cards exposed", "2 orbits", 2, 9)
    assert s.hands == 18
    assert missed_hands(1, 6) == 6
    assert missed_hands(4, 10) == 40


@pytest.mark.parametrize("orbits", [0, 5])
def test_PKR_PEN_1_missed_hands_are_one_to_four_orbits(orbits: int) -> None:
    """PKR-PEN-1: 1, 2, 3 or 4 orbits."""
    assert can_sanction([], P(1), SanctionKind.MISSED_HANDS, orbits) is not None
    with pytest.raises(TorneoError):
        missed_hands(orbits, 9)


def test_PKR_PEN_1_repeats_escalate() -> None:
    """PKR-PEN-1: warning, then 1 orbit, ... 4 orbits, then disqualification; never less."""
    history: list[Sanction] = []
    expected = [
        (SanctionKind.WARNING, 0),
        (SanctionKind.MISSED_HANDS, 1),
        (SanctionKind.MISSED_HANDS, 2),
        (SanctionKind.MISSED_HANDS, 3),
        (SanctionKind.MISSED_HANDS, 4),
        (SanctionKind.DISQUALIFICATION, 0),
    ]
    for kind, orbits in expected:
        assert minimum_sanction(history, P(1)) == (kind, orbits)
        history.append(sanction(history, P(1), kind, "slow play", "ruling", orbits, 8, 4200))
    assert history[-1].chips_removed == 4200
    assert minimum_sanction(history, P(2)) == (SanctionKind.WARNING, 0)


def test_PKR_PEN_1_a_lesser_sanction_for_a_repeat_is_refused() -> None:
    """PKR-PEN-1: after a 2-orbit penalty a warning or a 1-orbit penalty is refused."""
    history = [sanction([], P(1), SanctionKind.MISSED_HANDS, "abuse", "r", 2, 9)]
    with pytest.raises(Conflict) as err:
        sanction(history, P(1), SanctionKind.WARNING, "abuse", "r")
    assert err.value.accepted == "at least missed_hands of 3 orbit(s)"
    assert can_sanction(history, P(1), SanctionKind.MISSED_HANDS, 3) is None


def test_PKR_PEN_1_disqualification_removes_the_chips_at_once() -> None:
    """PKR-PEN-1: the director may disqualify at once (art. 20.12); chips leave play."""
    dq = sanction([], P(3), SanctionKind.DISQUALIFICATION, "chip passing", "DQ", stack=12_500)
    assert dq.chips_removed == 12_500
    with pytest.raises(Conflict):
        sanction([dq], P(3), SanctionKind.WARNING, "again", "r")
