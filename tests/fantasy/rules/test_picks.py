"""The picks of a roster and a lineup before they are saved (issue 30 item 2): what the page
tells the manager while picking, checked against the rules that judge the save."""

from __future__ import annotations

from torneo.fantasy.rules.lineup import Lineup, lineup_problems
from torneo.fantasy.rules.picks import (
    draft_lineup,
    moved,
    proposed_formation,
    roster_tally,
    slots_of,
)
from torneo.fantasy.rules.players import ListedPlayer
from torneo.fantasy.rules.roster import roster_problems
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


def _squad() -> list[ListedPlayer]:
    """3 goalkeepers, 8 defenders, 8 midfielders, 6 forwards; dearer as the number grows."""
    out: list[ListedPlayer] = []
    pid = 0
    for role, n in (("P", 3), ("D", 8), ("C", 8), ("A", 6)):
        for i in range(n):
            pid += 1
            out.append(ListedPlayer(pid, f"c{pid}", f"{role}{i}", role, "Club", 5 + i))
    return out


def test_fan_roster_1_tally_says_what_the_save_will_say() -> None:
    squad = _squad()
    tally = roster_tally(squad, RULES)
    assert tally.complete == (roster_problems(squad, RULES) == [])
    assert tally.credits_left == RULES.budget - sum(p.price for p in squad)
    assert tally.full_roles == frozenset("PDCA")
    short = roster_tally(squad[1:], RULES)
    assert not short.complete
    assert roster_problems(squad[1:], RULES)
    assert next((c.role, c.have, c.want) for c in short.counts) == ("P", 2, 3)
    assert "P" not in short.full_roles


def test_fan_roster_1_over_budget_is_not_complete() -> None:
    dear = [ListedPlayer(p.id, p.code, p.name, p.role, p.club, 20) for p in _squad()]
    tally = roster_tally(dear, RULES)
    assert tally.credits_left == RULES.budget - 500
    assert not tally.complete
    assert roster_problems(dear, RULES)


def test_fan_lineup_1_the_proposal_is_a_valid_lineup_of_every_formation() -> None:
    squad = _squad()
    roles = {p.id: p.role for p in squad}
    names = {p.id: p.name for p in squad}
    for formation in RULES.formations:
        draft = draft_lineup(squad, formation, (), (), RULES.bench_size, fill=True)
        assert [len(ids) for _, ids in draft.slots] == list(slots_of(formation).values())
        lineup = Lineup(draft.starters, draft.bench_ids)
        assert lineup_problems(lineup, roles, names, RULES) == [], formation
        # the dearest of each role start
        assert max(p.price for p in squad if p.role == "P") == squad[draft.starters[0] - 1].price


def test_fan_lineup_1_a_new_formation_keeps_the_starters_it_has_room_for() -> None:
    squad = _squad()
    first = draft_lineup(squad, "4-4-2", (), (), 7, fill=True)
    defenders = dict(first.slots)["D"]
    smaller = draft_lineup(squad, "3-5-2", first.starters, first.bench, 7, fill=False)
    assert dict(smaller.slots)["D"] == defenders[:3]
    assert dict(smaller.slots)["C"][:4] == dict(first.slots)["C"]
    assert dict(smaller.slots)["C"][4] is None  # empty until the manager (or fill) picks one
    filled = draft_lineup(squad, "3-5-2", first.starters, first.bench, 7, fill=True)
    assert None not in dict(filled.slots)["C"]


def test_fan_lineup_1_empty_places_stay_empty_without_fill() -> None:
    squad = _squad()
    draft = draft_lineup(squad, "4-4-2", [1, None, 99], [None, 30], 7, fill=False)
    assert dict(draft.slots)["P"] == (1,)
    assert dict(draft.slots)["D"] == (None,) * 4  # 99 is not in the roster: left out
    assert draft.bench == (None, None, None, None, None, None, None)  # 30: not in the roster


def test_fan_sub_1_arrows_swap_neighbours_and_stop_at_the_ends() -> None:
    assert moved((1, 2, 3), 0, 1) == (2, 1, 3)
    assert moved((1, 2, 3), 0, -1) == (1, 2, 3)
    assert moved((1, 2, 3), 2, 1) == (1, 2, 3)
    assert moved((1, None, 3), 2, -1) == (1, 3, None)


def test_fan_lineup_1_proposed_formation_is_one_of_the_league() -> None:
    assert proposed_formation(None, RULES.formations) == "4-4-2"
    assert proposed_formation("3-4-3", RULES.formations) == "3-4-3"
    assert proposed_formation("2-2-6", ["5-4-1"]) == "5-4-1"


def test_fan_lineup_1_a_player_chosen_twice_is_kept_for_the_refusal_to_name() -> None:
    squad = _squad()
    draft = draft_lineup(squad, "4-4-2", [1, 4, 4], [4, 2], 7, fill=False)
    assert dict(draft.slots)["D"][:2] == (4, 4)
    assert draft.bench[:2] == (4, 2)
    refusal = lineup_problems(
        Lineup(draft.starters, draft.bench_ids),
        {p.id: p.role for p in squad},
        {p.id: p.name for p in squad},
        RULES,
    )
    assert any("twice" in m.id for m in refusal)
