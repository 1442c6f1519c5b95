"""Events in pods (BER-POD-1..3, BER-PAIR-1, BER-TOP-2), their formats (BER-FMT-*) and the
result kinds recorded (BER-RES-1, BER-BYE-1), through the card use cases."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.support.events import fingerprint, report_round
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.pods import commands as pods_cmd
from torneo.cards.pods.state import event_pods
from torneo.cards.state import get_event
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.uow import Actor, Store

BERSERK = "berserk-online"
RESULTS = ["1-0", "0-1", "0-0-1"]


def rated(n: int) -> str:
    """n players, rated 2000 down by 10 (Giocatore 01 is the best)."""
    return "\n".join(f"Giocatore {i:02d},Club {i % 5},{2000 - 10 * i}" for i in range(1, n + 1))


def _event(store: Store, org: Actor, n: int, fmt: str | None = None) -> int:
    event_id = events.create_event(
        store, org, name="Berserk", preset=BERSERK, held_on="2026-12-05", seed=16, format=fmt
    )
    if n:
        events.register_roster(store, org, event_id, rated(n))
    return event_id


def _ids(store: Store, event_id: int) -> dict[str, int]:
    return {p.name: p.id for p in queries.players(store, event_id)}


def _play_swiss(store: Store, org: Actor, event_id: int, rounds: int, rng: random.Random) -> None:
    for _ in range(rounds):
        events.pair_next_round(store, org, event_id)
        report_round(store, org, event_id, rng, results=RESULTS)


def test_BER_POD_1_thirty_players_are_four_pods_of_three_rounds_and_a_top_8(
    store: Store, organizer: Actor
) -> None:
    """BER-POD-1/3, BER-TOP-2: 30 players → 4 pods (8, 8, 7, 7 → 3 rounds each), Top 8."""
    event_id = _event(store, organizer, 30)
    assert events.start_event(store, organizer, event_id) == (3, 8)
    with store.read() as s:
        pods = event_pods(s, event_id)
    assert sorted(p.size for p in pods) == [7, 7, 8, 8]
    assert [p.rounds for p in pods] == [3, 3, 3, 3]
    assert sum(p.size for p in pods) == 30
    summary = queries.event_summary(store, event_id)
    assert summary.pods == 4


def test_BER_POD_2_automatic_seating_is_snake_by_rating(store: Store, organizer: Actor) -> None:
    """BER-POD-2 Resolution: best rating first, dealt 1, 2, 2, 1, 1, 2 ... (16 in 2 pods)."""
    event_id = _event(store, organizer, 16)
    seated = pods_cmd.seat_pods(store, organizer, event_id)
    ids = _ids(store, event_id)
    first = [ids[f"Giocatore {i:02d}"] for i in (1, 4, 5, 8, 9, 12, 13, 16)]
    assert list(seated[0].players) == first
    with store.read() as s:
        assert list(event_pods(s, event_id)[0].players) == first  # stored in seat order


def test_BER_POD_2_the_judge_seats_by_hand_and_the_start_keeps_it(
    store: Store, organizer: Actor
) -> None:
    """BER-POD-2: the judge balances the pods by hand; the start keeps the judge's seats."""
    event_id = _event(store, organizer, 8)
    ids = sorted(_ids(store, event_id).values())
    hand = [ids[:4], ids[4:]]  # two pods of 4 (more pods than the fewest: allowed)
    pods_cmd.seat_pods(store, organizer, event_id, pods=hand)
    plan = queries.event_page(store, event_id).actions.plan  # what the start will fix
    assert plan is not None
    assert (plan.rounds, plan.top) == (2, 4)
    assert events.start_event(store, organizer, event_id) == (2, 4)  # BER-POD-3: 4 → 2 rounds
    with store.read() as s:
        assert [list(p.players) for p in event_pods(s, event_id)] == hand
    page = queries.event_page(store, event_id)
    assert page.seating == "manual"
    assert [p.number for p in page.pods] == [1, 2]
    assert {line.pod for line in page.players} == {1, 2}


@pytest.mark.parametrize(
    ("shape", "words"),
    [
        ("three", "3 pods"),
        ("big", "a pod of 9 players"),
        ("uneven", "pods of 6, 2 players"),
        ("twice", "seated twice"),
        ("missing", "has no seat"),
        ("stranger", "is not an active player"),
    ],
)
def test_BER_POD_1_a_bad_hand_seating_is_refused_and_changes_nothing(
    store: Store, organizer: Actor, shape: str, words: str
) -> None:
    """BER-POD-1: a power of two, 2-8 a pod, sizes within one, every active player once."""
    event_id = _event(store, organizer, 9 if shape == "big" else 8)
    ids = sorted(_ids(store, event_id).values())
    pods = {
        "three": [ids[:3], ids[3:6], ids[6:]],
        "big": [ids],
        "uneven": [ids[:6], ids[6:]],
        "twice": [ids[:4], ids[3:]],
        "missing": [ids[:4], ids[4:7]],
        "stranger": [ids[:4], [*ids[4:], 99999]],
    }[shape]
    before = fingerprint(store, event_id)
    with pytest.raises(TorneoError) as err:
        pods_cmd.seat_pods(store, organizer, event_id, pods=pods)
    assert err.value.field == "pods"
    assert words in str(err.value)
    assert fingerprint(store, event_id) == before


def test_BER_POD_2_a_stale_hand_seating_stops_the_start(store: Store, organizer: Actor) -> None:
    """A player registered after the judge's seating: the start refuses, naming the player."""
    event_id = _event(store, organizer, 8)
    ids = sorted(_ids(store, event_id).values())
    pods_cmd.seat_pods(store, organizer, event_id, pods=[ids[:4], ids[4:]])
    events.register_player(store, organizer, event_id, name="Ritardatario")
    with pytest.raises(Conflict) as err:
        events.start_event(store, organizer, event_id)
    assert err.value.field == "pods"
    assert "Ritardatario" in str(err.value)
    pods_cmd.seat_pods(store, organizer, event_id)  # seated again, automatically: 2 pods 5 + 4
    assert events.start_event(store, organizer, event_id) == (3, 4)


def test_BER_POD_2_no_seating_once_round_1_is_paired(store: Store, organizer: Actor) -> None:
    event_id = _event(store, organizer, 8)
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    with pytest.raises(Conflict) as err:
        pods_cmd.seat_pods(store, organizer, event_id)
    assert err.value.field == "pods"


def test_BER_POD_3_pods_of_different_sizes_play_their_own_rounds(
    store: Store, organizer: Actor
) -> None:
    """BER-POD-3: 9 players → pods of 5 (→ 6 → 3 rounds) and 4 (2 rounds): round 3 pairs only
    the pod of 5, and the Top 4 then takes two from each pod."""
    event_id = _event(store, organizer, 9)
    assert events.start_event(store, organizer, event_id) == (3, 4)
    rng = random.Random(3)
    _play_swiss(store, organizer, event_id, 3, rng)
    with store.read() as s:
        event = get_event(s, event_id)
        pods = event_pods(s, event_id)
    five = next(p for p in pods if p.size == 5)
    four = next(p for p in pods if p.size == 4)
    third = [m for m in event.matches if m.round_no == 3]
    assert {m.player_a_id for m in third} | {m.player_b_id for m in third if m.player_b_id} == set(
        five.players
    )
    per_player = Counter(
        p for m in event.matches for p in (m.player_a_id, m.player_b_id) if p is not None
    )
    assert all(per_player[p] == 2 for p in four.players)
    assert all(per_player[p] == 3 for p in five.players)


def test_BER_PAIR_1_pairings_stay_inside_each_pod_without_rematches(
    store: Store, organizer: Actor
) -> None:
    """BER-PAIR-1 per pod: every match is between two players of one pod, nobody meets the
    same opponent twice, and each odd pod gives its own auto-win (BER-BYE-1), once a player."""
    event_id = _event(store, organizer, 30)
    rounds, _ = events.start_event(store, organizer, event_id)
    _play_swiss(store, organizer, event_id, rounds, random.Random(5))
    with store.read() as s:
        event = get_event(s, event_id)
        pods = event_pods(s, event_id)
    pod_of: dict[int, int] = {int(p): pod.number for pod in pods for p in pod.players}
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for m in event.matches:
        if m.player_b_id is None:
            byes[m.player_a_id] += 1
            assert m.result_kind == "auto_win"  # BER-BYE-1: recorded as an auto-win
            continue
        assert pod_of[m.player_a_id] == pod_of[m.player_b_id]
        pair = frozenset((m.player_a_id, m.player_b_id))
        assert pair not in met
        met.add(pair)
    assert max(byes.values()) == 1  # BER-BYE-1: at most once per player
    assert len(byes) == 2 * rounds  # the two pods of 7 each give one a round


def test_BER_TOP_2_the_cross_pod_top_8_from_four_pods(store: Store, organizer: Actor) -> None:
    """BER-TOP-2: Top 8 from 4 pods in bracket order (P1#1–P4#2, P2#1–P3#2), (P4#1–P1#2,
    P3#1–P2#2), seeded from each pod's standings; then single elimination to the champion."""
    event_id = _event(store, organizer, 30)
    rounds, top = events.start_event(store, organizer, event_id)
    assert top == 8
    rng = random.Random(8)
    _play_swiss(store, organizer, event_id, rounds, rng)
    events.start_top(store, organizer, event_id)
    standings = queries.standings(store, event_id)
    best = {
        pod.pod: [line.player_id for line in pod.lines if line.is_active][:2]
        for pod in standings.pods
    }
    bracket = queries.bracket(store, event_id)
    assert bracket is not None
    first = [(m.a, m.b) for m in bracket.rounds[0].matches]
    assert [(a.player_id, b.player_id) for a, b in first if a and b] == [
        (best[1][0], best[4][1]),
        (best[2][0], best[3][1]),
        (best[4][0], best[1][1]),
        (best[3][0], best[2][1]),
    ]
    assert all(a and b and a.pod != b.pod for a, b in first)
    for _ in range(2):
        report_round(store, organizer, event_id, rng, top=True, results=["1-0", "0-1"])
        events.pair_next_round(store, organizer, event_id)
    report_round(store, organizer, event_id, rng, top=True, results=["1-0", "0-1"])
    events.close_event(store, organizer, event_id)
    final = queries.final_results(store, event_id)
    assert final is not None
    assert [line.place for line in final.lines] == list(range(1, 31))


def test_BER_POD_1_a_late_entry_sits_in_the_smallest_pod(store: Store, organizer: Actor) -> None:
    event_id = _event(store, organizer, 9)
    events.start_event(store, organizer, event_id)
    events.pair_next_round(store, organizer, event_id)
    new = events.register_player(store, organizer, event_id, name="Tardivo")
    with store.read() as s:
        pods = event_pods(s, event_id)
    assert sorted(p.size for p in pods) == [5, 5]
    assert any(p.players[-1] == new for p in pods)


def test_BER_FMT_an_event_of_three_players_is_refused_naming_the_field(
    store: Store, organizer: Actor
) -> None:
    """BER-FMT-1..3: at least 4 players in every format; 3 are refused, nothing changes."""
    for fmt in ("constructed", "sealed_boosters", "draft_standard"):
        event_id = _event(store, organizer, 3, fmt)
        before = fingerprint(store, event_id)
        with pytest.raises(Conflict) as err:
            events.start_event(store, organizer, event_id)
        assert err.value.field == "players"
        assert f"3 players registered; a {fmt} event needs at least 4" in str(err.value)
        assert fingerprint(store, event_id) == before


def test_BER_FMT_the_format_is_the_events_and_an_unknown_one_is_refused(
    store: Store, organizer: Actor
) -> None:
    """BER-FMT-1..3 / BER-RANK-1: the event's format and the ladder it feeds."""
    event_id = _event(store, organizer, 0, "draft_one_booster")
    summary = queries.event_summary(store, event_id)
    assert (summary.format, summary.ladder) == ("draft_one_booster", "amateur")
    default = _event(store, organizer, 0)
    assert queries.event_summary(store, default).format == "constructed"  # the preset's
    with pytest.raises(TorneoError) as err:
        _event(store, organizer, 0, "draft_five")
    assert err.value.field == "format"
    assert "draft_standard" in str(err.value)


def test_BER_TOP_2_top_4_from_two_pods(store: Store, organizer: Actor) -> None:
    """BER-TOP-2: Top 4 from 2 pods: P1#1–P2#2, P2#1–P1#2 (the mirror pod's runner-up), so two
    players of one pod meet again only in the final."""
    event_id = _event(store, organizer, 12)
    rounds, top = events.start_event(store, organizer, event_id)
    assert (rounds, top) == (3, 4)  # pods of 6: 3 rounds each
    _play_swiss(store, organizer, event_id, rounds, random.Random(12))
    events.start_top(store, organizer, event_id)
    best = {
        pod.pod: [line.player_id for line in pod.lines if line.is_active][:2]
        for pod in queries.standings(store, event_id).pods
    }
    bracket = queries.bracket(store, event_id)
    assert bracket is not None
    assert [(m.a.player_id, m.b.player_id) for m in bracket.rounds[0].matches if m.a and m.b] == [
        (best[1][0], best[2][1]),
        (best[2][0], best[1][1]),
    ]


def test_BER_POD_1_a_hand_seating_emptied_by_unregistrations_is_checked_again(
    store: Store, organizer: Actor
) -> None:
    """Two players of pod 1 leave before the start: pods of 2 and 4 break BER-POD-1, so the
    start refuses and the judge seats again."""
    event_id = _event(store, organizer, 8)
    ids = sorted(_ids(store, event_id).values())
    pods_cmd.seat_pods(store, organizer, event_id, pods=[ids[:4], ids[4:]])
    for pid in ids[:2]:
        events.drop_player(store, organizer, event_id, pid)
    with pytest.raises(TorneoError) as err:
        events.start_event(store, organizer, event_id)
    assert err.value.field == "pods"
    assert "pods of 2, 4 players" in str(err.value)
    pods_cmd.seat_pods(store, organizer, event_id)
    assert events.start_event(store, organizer, event_id) == (3, 4)  # one pod of 6


def test_BER_BYE_1_a_pod_left_with_one_player_gives_the_auto_win_and_the_event_goes_on(
    store: Store, organizer: Actor
) -> None:
    """BER-BYE-1 / BER-POD-1 (issue 29 item 3): three of a pod of 4 drop after round 1. The one
    left gets the auto-win in round 2; the pod still sends two to the Top 4, the one left and,
    for the empty seat, the best of those who left, whose Top match is at once an auto-win for
    the opponent; the Top is played and the event closes."""
    event_id = _event(store, organizer, 8)
    ids = sorted(_ids(store, event_id).values())
    pods_cmd.seat_pods(store, organizer, event_id, pods=[ids[:4], ids[4:]])
    assert events.start_event(store, organizer, event_id) == (2, 4)
    _play_swiss(store, organizer, event_id, 1, random.Random(5))
    lone, *leavers = ids[4:]
    for player in leavers:
        events.drop_player(store, organizer, event_id, player, reason="left")
    events.pair_next_round(store, organizer, event_id)
    with store.read() as s:
        round2 = [m for m in get_event(s, event_id).matches if m.round_no == 2]
    alone = [m for m in round2 if m.player_a_id == lone]
    assert [(m.player_b_id, m.result_kind) for m in alone] == [(None, "auto_win")]
    report_round(store, organizer, event_id, random.Random(6), results=RESULTS)
    events.start_top(store, organizer, event_id)
    with store.read() as s:
        top = [m for m in get_event(s, event_id).matches if m.stage == "top"]
    walkover = [m for m in top if m.player_a_id in leavers or m.player_b_id in leavers]
    assert len(walkover) == 1
    assert walkover[0].result_kind == "auto_win"
    assert any(lone in (m.player_a_id, m.player_b_id) for m in top)
    report_round(store, organizer, event_id, random.Random(7), results=["1-0", "0-1"])
    events.pair_next_round(store, organizer, event_id)  # the final
    report_round(store, organizer, event_id, random.Random(7), results=["1-0", "0-1"])
    events.close_event(store, organizer, event_id)
    assert queries.event_summary(store, event_id).status == "finished"
