"""The structure of a RisiKo! tournament: which round comes next and who sits in it (RSK-TBL-2).

Read by the draw (:mod:`torneo.risiko.commands`) and by the pages (:mod:`torneo.risiko.views`):
``qualifying_games`` qualifying rounds (the first drawn at random, later ones at random, "alla
greca" or "alla svizzera"), then, when ``semifinal_tables`` > 0, semifinals by bands, then the
final table (the semifinal winners, or the best of the qualifying ranking when there are no
semifinals). A round can be drawn only when every table of the round before has its result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import DrawCriteria, score_seatings
from torneo.risiko.rules.draw import DrawMethod, TableDraw
from torneo.risiko.rules.greca import alla_greca, greca_unavoidable
from torneo.risiko.rules.random_draw import draw_tables
from torneo.risiko.rules.seeding import (
    alla_svizzera,
    final_table,
    semifinal_bands,
    semifinal_winners,
)
from torneo.risiko.rules.settings import rules_from_preset
from torneo.risiko.rules.standings import Standing, standings, title_tie
from torneo.risiko.rules.swap_advice import SuggestedSwap, improving_swaps
from torneo.risiko.rules.table_sizes import STANDARD_TABLE, can_seat
from torneo.risiko.rules.wording import numbers
from torneo.risiko.state import (
    FINISHED,
    Stage,
    draw_of,
    field_of,
    history_of,
    results_of,
    title_roll_of,
)
from torneo.risiko.tables import RisikoRound, RisikoTournament

FINISHED_REASON = N_("the tournament is finished")


@dataclass(frozen=True, slots=True)
class NextDraw:
    """What the next draw is: its round, stage and the methods allowed (the first is default)."""

    round_no: int
    stage: str
    methods: tuple[DrawMethod, ...]


def missing_results(row: RisikoTournament, rnd: RisikoRound) -> list[int]:
    """The tables of ``rnd`` still without a result."""
    done = {r.table_no for r in row.results if r.round_no == rnd.number}
    return [t for t in range(1, len(rnd.tables) + 1) if t not in done]


def unfinished_round(row: RisikoTournament, rnd: RisikoRound) -> Refusal | None:
    """A round with tables still to enter: the next draw and the closing wait for them."""
    missing = missing_results(row, rnd)
    if not missing:
        return None
    return Refusal(
        "round_no",
        N_("round %(round)s still has tables without a result (%(tables)s)"),
        N_("enter every result of the round first"),
        params={"round": rnd.number, "tables": numbers(missing)},
    )


def next_draw(row: RisikoTournament, rules: RisikoRules) -> NextDraw | Refusal:
    """The next round of the structure, or why none can be drawn now."""
    if row.status == FINISHED:
        return Refusal("status", FINISHED_REASON)
    if row.rounds:
        waiting = unfinished_round(row, row.rounds[-1])
        if waiting is not None:
            return waiting
    stages = [r.stage for r in row.rounds]
    number = len(row.rounds) + 1
    qualifying = stages.count(Stage.QUALIFYING)
    if qualifying < rules.qualifying_games and Stage.SEMIFINAL not in stages:
        if qualifying == 0:
            return NextDraw(number, Stage.QUALIFYING, (DrawMethod.RANDOM,))
        methods = (DrawMethod.RANDOM, DrawMethod.GRECA, DrawMethod.SVIZZERA)
        return NextDraw(number, Stage.QUALIFYING, methods)
    if rules.semifinal_tables > 0 and Stage.SEMIFINAL not in stages:
        return NextDraw(number, Stage.SEMIFINAL, (DrawMethod.BANDS,))
    if Stage.FINAL not in stages:
        return NextDraw(number, Stage.FINAL, (DrawMethod.FINAL,))
    return Refusal("round_no", N_("the final table has been played"), N_("close the tournament"))


def qualifying_standings(row: RisikoTournament, rules: RisikoRules) -> tuple[Standing, ...]:
    """RSK-PTS-2 / RSK-TIE-1 over the qualifying games, every registered player listed."""
    return standings(
        results_of(row, Stage.QUALIFYING),
        rules_from_preset(rules).scoring_rules(),
        [PlayerId(e.player_id) for e in row.entrants],
    )


def ranking(row: RisikoTournament, rules: RisikoRules) -> list[PlayerId]:
    """The qualifying ranking of the players still in the tournament, best first."""
    active = set(field_of(row))
    return [s.player for s in qualifying_standings(row, rules) if s.player in active]


def make_draw(
    row: RisikoTournament, rules: RisikoRules, plan: NextDraw, method: DrawMethod, seed: int
) -> TableDraw:
    """RSK-TBL-2: the seating of the planned round by ``method``, from the recorded ``seed``."""
    rng = random.Random(seed)
    history = history_of(row)
    number = plan.round_no
    settings = rules_from_preset(rules)
    if plan.stage == Stage.QUALIFYING:
        players = field_of(row)
        refusal = can_seat(len(players), settings.table_policy)
        if refusal is not None:
            raise refusal.raise_as()
        if method is DrawMethod.GRECA:
            previous = [r for r in results_of(row) if r.round_no == number - 1]
            return alla_greca(previous, players, history, rng, round_no=number)
        if method is DrawMethod.SVIZZERA:
            best_first = ranking(row, rules)
            return alla_svizzera(
                best_first, history, rng, round_no=number, policy=settings.table_policy
            )
        return draw_tables(
            players,
            history,
            rng,
            round_no=number,
            policy=settings.table_policy,
            priorities=settings.draw_priorities,
        )
    if plan.stage == Stage.SEMIFINAL:
        return semifinal_bands(
            ranking(row, rules),
            history,
            rng,
            round_no=number,
            tables=rules.semifinal_tables,
            priorities=settings.draw_priorities,
        )
    return final_table(
        finalists(row, rules), history, rng, round_no=number, size=rules.final_table_size
    )


def finalists(row: RisikoTournament, rules: RisikoRules) -> list[PlayerId]:
    """The final table: the semifinal winners, completed (when there are fewer semifinal tables
    than final seats) by the semifinal 2nd places, then 3rd, each step in qualifying order; with
    no semifinals, the best of the qualifying ranking."""
    best_first = ranking(row, rules)
    semis = results_of(row, Stage.SEMIFINAL)
    if not semis:
        return best_first[: rules.final_table_size]
    players = list(semifinal_winners(semis))
    order = {p: i for i, p in enumerate(best_first)}
    place = 2
    while len(players) < rules.final_table_size and place <= 5:
        nth = [p for r in semis for p, at in r.positions().items() if at == place and p in order]
        players += sorted(nth, key=order.__getitem__)[: rules.final_table_size - len(players)]
        place += 1
    return players


def parse_method(method: str | DrawMethod | None, plan: NextDraw) -> DrawMethod:
    """The draw the organizer chose for the planned round (its first method when none)."""
    if method is None or method == "":
        return plan.methods[0]
    try:
        chosen = DrawMethod(str(method))
    except ValueError:
        chosen = None
    if chosen not in plan.methods:
        raise TorneoError(
            "method",
            N_("'%(method)s' is not a draw for round %(round)s (%(stage)s)"),
            ", ".join(m.value for m in plan.methods),
            params={"method": method, "round": plan.round_no, "stage": Term(plan.stage)},
        )
    assert chosen is not None
    return chosen


def round_criteria(row: RisikoTournament, rnd: RisikoRound) -> DrawCriteria:
    """RSK-TBL-2: what the round's seating scores against the games before it."""
    history = history_of(row, before_round=rnd.number)
    return score_seatings([[PlayerId(int(p)) for p in t] for t in rnd.tables], history)


# RSK-TBL-2: the draws that seat by results or standing, not by the criteria, and so are
# offered the swaps that would improve them.
_ADVISED = (DrawMethod.GRECA.value, DrawMethod.SVIZZERA.value)


def round_advice(
    row: RisikoTournament, rnd: RisikoRound, rules: RisikoRules
) -> tuple[bool, tuple[SuggestedSwap, ...]]:
    """RSK-TBL-2: whether the round's method could not avoid its repeated opponents (alla greca
    with fewer tables than seats), and the swaps that would improve the round, best first."""
    if rnd.method not in _ADVISED or rnd.swaps:
        return False, ()
    history = history_of(row, before_round=rnd.number)
    draw = draw_of(rnd, history)
    if not draw.criteria.repeat_opponents:
        return False, ()
    largest = max(t.size for t in draw.tables)
    unavoidable = rnd.method == DrawMethod.GRECA.value and greca_unavoidable(
        len(draw.tables), largest
    )
    return unavoidable, improving_swaps(draw, history, rules_from_preset(rules).draw_priorities)


def title_tie_of(row: RisikoTournament, rules: RisikoRules) -> tuple[PlayerId, ...]:
    """RSK-TIE-1: the players still tied for the title at the final table after the ranking,
    who must roll before the referee (empty: one champion, titles shared, or no final yet)."""
    finals = results_of(row, Stage.FINAL)
    if rules.shared_titles or not finals:
        return ()
    return title_tie(qualifying_standings(row, rules), finals[0])


def title_undecided(row: RisikoTournament, rules: RisikoRules) -> Refusal | None:
    """RSK-TIE-1: one champion: a title still tied without its roll keeps the event open."""
    tied = title_tie_of(row, rules)
    if not tied or set(title_roll_of(row)) == set(tied):
        return None
    return Refusal(
        "title",
        N_("%(players)s are tied for the title on the ranking too: they roll before the referee"),
        N_("record the roll for the title first"),
        "RSK-TIE-1",
        params={"players": numbers(tied)},
    )


def structure_warning(row: RisikoTournament, rules: RisikoRules) -> Refusal | None:
    """RSK-TBL-2: the structure cannot reach its final table with the current field (fewer
    players than the semifinal tables need, or than the final table's seats). A warning, not a
    refusal: the organizer changes the structure between rounds (``change_structure``)."""
    stages = {r.stage for r in row.rounds}
    if Stage.SEMIFINAL in stages or Stage.FINAL in stages:
        return None
    n = len(field_of(row))
    params: dict[str, object] = {
        "n": n,
        "tables": rules.semifinal_tables,
        "needed": rules.semifinal_tables * STANDARD_TABLE,
        "size": rules.final_table_size,
    }
    if rules.semifinal_tables and n < rules.semifinal_tables * STANDARD_TABLE:
        return Refusal(
            "semifinal_tables",
            N_(
                "%(n)s players cannot fill %(tables)s semifinal tables: they need the best "
                "%(needed)s of the ranking"
            ),
            N_("fewer semifinal tables (or none) for this field"),
            "RSK-TBL-2",
            {**params, "most": n // STANDARD_TABLE},
        )
    if n < rules.final_table_size:
        return Refusal(
            "final_table_size",
            N_("%(n)s players cannot fill a final table of %(size)s"),
            N_("a final table of at most %(n)s"),
            "RSK-TBL-2",
            params,
        )
    return None
