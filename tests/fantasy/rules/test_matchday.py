"""FAN-POST-1 on a matchday's players (issue 28 item 7): a postponed match gives the official
vote to both its clubs, whichever the administrator named; suspended players get nothing."""

from __future__ import annotations

from fractions import Fraction

from torneo.fantasy.rules.matchday import Facts, matchday_scores, postponed_clubs
from torneo.fantasy.rules.scoring import NOT_PLAYED, PENDING, POSTPONED, SUSPENDED
from torneo.presets.fantasy import FantasyRules

FIXTURES = [("Inter", "Hellas Verona"), ("Milan", "Roma")]
PLAYERS = [
    (1, "D", "Inter"),
    (2, "C", "Hellas Verona"),
    (3, "A", "Hellas Verona"),
    (4, "C", "Milan"),
]


def _facts(postponed: frozenset[str], official: bool) -> Facts:
    return Facts(
        clubs=frozenset({"Milan", "Roma"}),
        official=official,
        minutes={},
        postponed=postponed,
        suspended=frozenset({3}),
    )


def test_fan_post_1_both_clubs_of_a_postponed_match_get_the_official_vote() -> None:
    """Issue 28 item 7: 'rinviata; Inter' (the name as typed, any spacing or case) gives 6 to
    Inter's and to Hellas Verona's players, provisional or official file alike; Verona's
    suspended player gets nothing; Milan, in the file without a row, did not play."""
    both = postponed_clubs(["inter "], FIXTURES)
    assert both == frozenset({"inter", "hellas verona"})
    for official in (False, True):
        scores = matchday_scores(PLAYERS, {}, _facts(both, official), FantasyRules())
        assert [(scores[p].reason, scores[p].points) for p in (1, 2, 3)] == [
            (POSTPONED, Fraction(6)),
            (POSTPONED, Fraction(6)),
            (SUSPENDED, None),
        ]
        assert scores[4].reason == NOT_PLAYED


def test_fan_post_1_a_club_without_a_fixture_stays_as_named() -> None:
    """A named club with no match in the fixtures keeps its 6; nobody else is touched."""
    named = postponed_clubs(["Sassuolo"], FIXTURES)
    assert named == frozenset({"sassuolo"})
    scores = matchday_scores(PLAYERS, {}, _facts(named, False), FantasyRules())
    assert scores[2].reason == PENDING
