"""Two-sided histories (issue 14): the sorted-keys check of large fields gives the same verdict
as the look-ups of small ones, on every shape of history, and pair_round refuses either way."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissEntrant, histories, pair_round
from torneo.engines.swiss.histories import first_one_sided, two_sided_by_sorting


@st.composite
def histories_drawn(draw: st.DrawFn) -> list[SwissEntrant]:
    """A field with a symmetric history, then maybe broken: a side removed, a one-sided game
    added, opponents outside the field (dropped players); ids small, sparse or huge. Nobody is
    their own opponent (check_entrants refuses that first)."""
    n = draw(st.integers(0, 30))
    base = draw(st.sampled_from([1, 1000, 1 << 40]))
    step = draw(st.sampled_from([1, 7, 1 << 20]))
    ids = [PlayerId(base + k * step) for k in range(n)]
    rnd = random.Random(draw(st.integers(0, 1 << 20)))
    density = draw(st.sampled_from([0.0, 0.2, 0.6]))
    met: dict[PlayerId, set[PlayerId]] = {p: set() for p in ids}
    for a in ids:
        for b in ids:
            if a < b and rnd.random() < density:
                met[a].add(b)
                met[b].add(a)
    for _ in range(draw(st.integers(0, 3))):  # dropped players: listed, not in the field
        dropped = PlayerId(draw(st.sampled_from([0, 5, base - 1, base + 3, 1 << 62])))
        if ids and dropped not in met:
            met[rnd.choice(ids)].add(dropped)
    damage = draw(st.sampled_from(["none", "remove_side", "add_side"]))
    if damage == "remove_side":
        games = [(a, b) for a in ids for b in met[a] if b in met]
        if games:
            a, b = rnd.choice(games)
            met[a].discard(b)
    elif damage == "add_side" and len(ids) >= 2:
        a, b = rnd.sample(ids, 2)
        if a not in met[b]:
            met[a].add(b)
    rnd.shuffle(ids)
    return [SwissEntrant(p, 0, k, frozenset(met[p])) for k, p in enumerate(ids)]


@settings(max_examples=300, deadline=None)
@given(entrants=histories_drawn())
def test_sorted_keys_and_look_ups_agree_on_two_sided_histories(
    entrants: list[SwissEntrant],
) -> None:
    ids, opponents = [e.id for e in entrants], [e.opponents for e in entrants]
    assert two_sided_by_sorting(ids, opponents) == (first_one_sided(ids, opponents) is None)


def test_one_sided_history_is_refused_by_the_large_field_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same refusal, naming the same players, when the field is large enough for the sorted
    keys (the threshold lowered here instead of building 100,000 players)."""
    monkeypatch.setattr(histories, "LARGE_HISTORY", 0)
    calls: list[int] = []
    sorting = histories.two_sided_by_sorting

    def counted(ids: list[PlayerId], opponents: list[frozenset[PlayerId]]) -> bool:
        calls.append(len(ids))
        return sorting(ids, opponents)

    monkeypatch.setattr(histories, "two_sided_by_sorting", counted)
    field = [
        SwissEntrant(PlayerId(1), 3, 0, frozenset({PlayerId(2), PlayerId(3)})),
        SwissEntrant(PlayerId(2), 3, 1, frozenset({PlayerId(1)})),
        SwissEntrant(PlayerId(3), 0, 2),
        SwissEntrant(PlayerId(4), 0, 3, frozenset({PlayerId(9)})),  # 9 dropped: not checked
    ]
    with pytest.raises(TorneoError) as err:
        pair_round(field, 2, random.Random(0))
    assert err.value.reason == "player 1 lists 3 as a previous opponent, but 3 does not list 1"
    assert calls == [4]
    field[2] = SwissEntrant(PlayerId(3), 0, 2, frozenset({PlayerId(1)}))
    assert pair_round(field, 2, random.Random(0)).stats.rematches == 0
    assert calls == [4, 4]
