"""The pods' glue to the pure engines (BER-PAIR-1 per pod, BER-PAIR-EX1 inside a pod)."""

from __future__ import annotations

from torneo.cards.pods.progress import pair_pods, pod_standings, pods_to_pair
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.pods import Pod
from torneo.cards.rules.tournament import Tournament
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord
from torneo.engines.results import GameScore
from torneo.presets import load_preset

BERSERK = load_preset("berserk-online")
NAMES = ["Marco", "Carlo", "Luca", "Ivan", "Aldo", "Sergio", "Giovanni", "Pietro"]
ID = {name: PlayerId(i) for i, name in enumerate(NAMES, start=1)}
OTHERS = [PlayerId(i) for i in range(11, 15)]  # a second pod of four
WIN, DRAW = GameScore(1, 0), GameScore(0, 0, 1)


def _m(round_no: int, table: int, a: PlayerId, b: PlayerId, score: GameScore) -> MatchRecord:
    return MatchRecord(round_no, table, a, b, score)


def _example() -> tuple[Tournament, list[Pod]]:
    """BER-PAIR-EX1 after round 2 in pod 1: Marco 60, Carlo 50, Luca/Ivan/Aldo/Sergio 30 (Ivan
    has met Aldo), Pietro 20, Giovanni 0; pod 2 is four others."""
    i = ID
    matches = [
        _m(1, 1, i["Marco"], i["Giovanni"], WIN),
        _m(1, 2, i["Carlo"], i["Pietro"], DRAW),
        _m(1, 3, i["Ivan"], i["Aldo"], WIN),
        _m(1, 4, i["Luca"], i["Sergio"], WIN),
        _m(1, 5, OTHERS[0], OTHERS[1], WIN),
        _m(1, 6, OTHERS[2], OTHERS[3], WIN),
        _m(2, 1, i["Marco"], i["Ivan"], WIN),
        _m(2, 2, i["Carlo"], i["Luca"], WIN),
        _m(2, 3, i["Aldo"], i["Pietro"], WIN),
        _m(2, 4, i["Sergio"], i["Giovanni"], WIN),
        _m(2, 5, OTHERS[0], OTHERS[2], WIN),
        _m(2, 6, OTHERS[1], OTHERS[3], WIN),
    ]
    entrants = [Entrant(pid, name) for name, pid in ID.items()]
    entrants += [Entrant(p, f"Altro {p}") for p in OTHERS]
    t = Tournament(EventStatus.RUNNING, 1, tuple(entrants), tuple(matches), 3, 4)
    pods = [Pod(1, tuple(ID.values())), Pod(2, tuple(OTHERS))]
    return t, pods


def test_BER_PAIR_EX1_inside_a_pod() -> None:
    """BER-PAIR-EX1 in pod 1 of two: Marco–Carlo; Luca–(Ivan or Aldo, random); Sergio–the
    other; Giovanni–Pietro; pod 2 is paired on its own, its tables after pod 1's."""
    t, pods = _example()
    points = {r.player_id: r.points for r in pod_standings(t, pods, BERSERK, 1)[1]}
    assert [points[ID[n]] for n in NAMES] == [60, 50, 30, 30, 30, 30, 0, 20]
    partners = set()
    for seed in range(30):
        new = pair_pods(t, pods, {1: 3, 2: 2}, BERSERK, 3, seed, 1)
        pairs = {frozenset((m.player_a, m.player_b)) for m in new}
        assert frozenset((ID["Marco"], ID["Carlo"])) in pairs
        assert frozenset((ID["Giovanni"], ID["Pietro"])) in pairs
        luca = next(p for p in pairs if ID["Luca"] in p)
        (partner,) = luca - {ID["Luca"]}
        assert partner in (ID["Ivan"], ID["Aldo"])
        other = ID["Aldo"] if partner == ID["Ivan"] else ID["Ivan"]
        assert frozenset((ID["Sergio"], other)) in pairs
        partners.add(partner)
        assert len(new) == 4  # pod 2 (2 rounds: BER-POD-3) sits out round 3
        assert [m.table for m in new] == [1, 2, 3, 4]
    assert partners == {ID["Ivan"], ID["Aldo"]}  # at random among equal choices


def test_BER_PAIR_1_each_pod_pairs_on_its_own() -> None:
    """BER-PAIR-1 per pod: no pair crosses pods, no rematch; tables run pod after pod."""
    t, pods = _example()
    new = pair_pods(t, pods, {1: 3, 2: 3}, BERSERK, 3, 5, 1)
    members = {p: pod.number for pod in pods for p in pod.players}
    met = {frozenset((m.player_a, m.player_b)) for m in t.matches}
    assert all(members[m.player_a] == members[m.player_b] for m in new if m.player_b)
    assert not {frozenset((m.player_a, m.player_b)) for m in new} & met
    assert [members[m.player_a] for m in new] == [1, 1, 1, 1, 2, 2]
    assert [m.table for m in new] == list(range(1, 7))
    assert new == pair_pods(t, pods, {1: 3, 2: 3}, BERSERK, 3, 5, 1)  # reproducible


def test_BER_POD_3_a_pod_with_fewer_rounds_sits_out() -> None:
    pods = [Pod(1, tuple(PlayerId(i) for i in range(1, 9))), Pod(2, tuple(OTHERS))]
    assert [p.number for p in pods_to_pair(pods, {1: 3, 2: 2}, 3)] == [1]
    assert [p.number for p in pods_to_pair(pods, {}, 2)] == [1, 2]  # from the pods' sizes
