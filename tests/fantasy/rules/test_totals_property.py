"""The fast totals (``rules/totals.py``) equal the explained scores (``score_team``) for any
lineup, roster, sold players, matchday scores and rules hypothesis makes (issue 32 item 2: a
season's recomputation stores ``team_total``'s figure, the score page explains it with
``score_team``; they must never disagree)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from torneo.fantasy.rules.lineup import Lineup
from torneo.fantasy.rules.players import ROLES
from torneo.fantasy.rules.scoring import NOT_COUNTED, PENDING_SCORE, Fantavoto, Part
from torneo.fantasy.rules.team_score import Penalty, score_team
from torneo.fantasy.rules.totals import matchday_table, team_total
from torneo.presets.fantasy import FantasyRules, ModifierStep

IDS = st.integers(min_value=1, max_value=24)
HALVES = st.integers(min_value=-8, max_value=40).map(lambda n: Fraction(n, 2))


@st.composite
def scores(draw: st.DrawFn) -> Fantavoto:
    kind = draw(st.sampled_from(["voted", "voted", "voted", "none", "pending"]))
    if kind == "none":
        return NOT_COUNTED
    if kind == "pending":
        return PENDING_SCORE
    points = draw(HALVES)
    base = draw(st.one_of(st.none(), HALVES))
    return Fantavoto(points, base, "voted", (Part("vote", 1, points),))


@st.composite
def rules(draw: st.DrawFn) -> FantasyRules:
    formations = draw(
        st.lists(
            st.sampled_from(["3-4-3", "3-5-2", "4-3-3", "4-4-2", "4-5-1", "5-3-2", "5-4-1"]),
            min_size=1,
            unique=True,
        )
    )
    steps = [
        ModifierStep(average=Fraction(7), points=Fraction(6)),
        ModifierStep(average=Fraction(13, 2), points=Fraction(3)),
        ModifierStep(average=Fraction(6), points=Fraction(1)),
    ]
    return FantasyRules(
        formations=formations,
        bench_size=draw(st.integers(min_value=0, max_value=8)),
        max_substitutions=draw(st.integers(min_value=0, max_value=5)),
        modifier_defenders=draw(st.integers(min_value=0, max_value=5)),
        modifier_best_defenders=draw(st.integers(min_value=1, max_value=4)),
        modifier_steps=draw(st.sampled_from([steps, steps[1:], []])),
        penalty_points=draw(st.sampled_from([Fraction(10), Fraction(5, 2), Fraction(1, 3)])),
    )


def _same(
    roles: dict[int, str],
    played: dict[int, Fantavoto],
    roster: set[int],
    sold: set[int],
    lineup: Lineup,
    extra: list[Fraction],
    league: FantasyRules,
) -> None:
    team = {pid: roles.get(pid, "D") for pid in roster}
    sold_now = frozenset(sold - roster)  # a sold player is no longer in the roster
    penalties = [Penalty("other", points) for points in extra]
    full = score_team(lineup, team, roles, played, league, penalties, sold_now)
    table = matchday_table(played, roles, league)
    fast = team_total(lineup, team, table, league, sum(extra, Fraction(0)), sold_now)
    assert fast == full.total


# A squad as the sample seasons have it: 3 goalkeepers, 8 defenders, 8 midfielders, 6 forwards.
SQUAD = {
    pid: role
    for role, ids in zip(ROLES, ((1, 4), (4, 12), (12, 20), (20, 26)), strict=True)
    for pid in range(*ids)
}
FORMATIONS = ["3-4-3", "3-5-2", "4-3-3", "4-4-2", "4-5-1", "5-3-2", "5-4-1"]


@st.composite
def squad_lineups(draw: st.DrawFn) -> Lineup:
    """Eleven in a formation (not always an allowed one), a bench of the others, sometimes
    spoiled: a starter listed twice, a stranger, a short bench."""
    d, c, a = (int(n) for n in draw(st.sampled_from(FORMATIONS)).split("-"))
    by_role = {r: [p for p, role in SQUAD.items() if role == r] for r in ROLES}
    starters = [draw(st.sampled_from(by_role["P"]))]
    for role, n in (("D", d), ("C", c), ("A", a)):
        starters += draw(st.permutations(by_role[role]))[:n]
    others = [p for p in SQUAD if p not in starters]
    bench = draw(st.permutations(others))[: draw(st.integers(min_value=0, max_value=9))]
    spoil = draw(st.sampled_from(["none", "none", "none", "twice", "stranger", "drop"]))
    if spoil == "twice":
        starters[draw(st.integers(0, 10))] = starters[draw(st.integers(0, 10))]
    elif spoil == "stranger":
        bench = [*bench, 99] if draw(st.booleans()) else bench
        starters[draw(st.integers(0, 10))] = 98
    elif spoil == "drop":
        del starters[draw(st.integers(0, 10))]
    return Lineup(tuple(starters), tuple(bench))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lineup=squad_lineups(),
    played=st.dictionaries(st.sampled_from(sorted(SQUAD)), scores(), min_size=10),
    out=st.sets(st.sampled_from(sorted(SQUAD)), max_size=3),
    sold=st.sets(st.sampled_from(sorted(SQUAD)), max_size=3),
    extra=st.lists(HALVES.map(abs), max_size=2),
    league=rules(),
)
def test_fan_sub_1_fan_mod_1_fast_totals_equal_the_explained_scores_for_squads(
    lineup: Lineup,
    played: dict[int, Fantavoto],
    out: set[int],
    sold: set[int],
    extra: list[Fraction],
    league: FantasyRules,
) -> None:
    """Lineups of a real squad: most starters in a formation, many without a score, so the
    substitutions of FAN-SUB-1 (same role, then another role with the formation valid, at
    most ``max_substitutions``) and the modifier are what is tried."""
    roster = set(SQUAD) - out
    _same(SQUAD, played, roster, sold | out, lineup, extra, league)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    roles=st.dictionaries(IDS, st.sampled_from(ROLES), min_size=12),
    played=st.dictionaries(IDS, scores()),
    roster=st.sets(IDS, min_size=0, max_size=24),
    sold=st.sets(IDS, max_size=6),
    starters=st.lists(IDS, min_size=9, max_size=12),
    bench=st.lists(IDS, max_size=9),
    extra=st.lists(HALVES.map(abs), max_size=2),
    league=rules(),
)
def test_fan_sub_1_fan_mod_1_fan_pen_1_fast_totals_equal_the_explained_scores_always(
    roles: dict[int, str],
    played: dict[int, Fantavoto],
    roster: set[int],
    sold: set[int],
    starters: list[int],
    bench: list[int],
    extra: list[Fraction],
    league: FantasyRules,
) -> None:
    """Anything at all: strangers, players listed twice, roles in no formation."""
    _same(roles, played, roster, sold, Lineup(tuple(starters), tuple(bench)), extra, league)


def test_fan_sub_1_a_missing_starter_is_replaced_once() -> None:
    """3-4-3 without its third forward and no forward on the bench: the midfielder enters
    (3-5-2); the defender after him finds nobody left to replace (4-5-1 would be valid, but
    the forward's place is taken)."""
    forward = 20
    starters = (1, 4, 5, 6, 12, 13, 14, 15, 21, 22, forward)
    bench = (16, 7)  # a midfielder, then a defender, both with a score
    played = {pid: Fantavoto(Fraction(6), Fraction(6), "voted") for pid in SQUAD}
    played[forward] = NOT_COUNTED
    league = FantasyRules(formations=["3-4-3", "3-5-2", "4-5-1"], bench_size=2)
    _same(SQUAD, played, set(SQUAD), set(), Lineup(starters, bench), [], league)
    table = matchday_table(played, SQUAD, league)
    assert team_total(Lineup(starters, bench), set(SQUAD), table, league) == 66
