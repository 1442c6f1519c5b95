"""What every RisiKo! page shares: the codes of the services in the page's language, exact
points, times of day, and the one ``page`` response that gives the templates these helpers.

Refusals are shown by the templates' ``|reason`` and ``|accepted`` filters
(:mod:`torneo.platform.i18n`): the services raise message ids with their parameters, so nothing
here matches English sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from babel.dates import format_time
from babel.numbers import format_decimal
from fastapi import Request
from fastapi.responses import Response

from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.templating import add_templates, render
from torneo.risiko import views as risiko_views

# This discipline's templates/ (platform/web/templating.py).
add_templates("torneo.risiko", "risiko")

# Codes the services use, in the page's language.
LABELS: dict[str, str] = {
    # formulas (RSK-PTS-2)
    "bonus-50": N_("Bonus 50 (table points + 50 to the sole winner)"),
    "master": N_("Master (table points / 1000 + 1 to the winner)"),
    "spartac": N_("Spartac (winner 100 + own points, others 100 − the gap)"),
    "placement": N_("Placement (12/7/5/3/2 + table points / 100)"),
    # table-size policy (RSK-TBL-2)
    "fours_then_fives": N_("Tables of 4, the remainder at tables of 5"),
    "fours_then_threes": N_("Tables of 4, the remainder at tables of 3"),
    # draw criteria (RSK-TBL-2)
    "repeat_opponents": N_("Repeated opponents"),
    "same_club": N_("Same-club pairs"),
    "repeat_off_size": N_("Repeat seats at an off-size table"),
    "winners_together": N_("Previous winners together"),
    # stages and draws
    "qualifying": N_("Qualifying game"),
    "semifinal": N_("Semifinals"),
    "final": N_("Final table"),
    "random": N_("Random draw with improving swaps"),
    "greca": N_("Alla greca (the winner stays, the 2nd moves one table on, …)"),
    "svizzera": N_("Alla svizzera (by standing)"),
    "bands": N_("Semifinals by bands (one player of each quarter per table)"),
    "manual": N_("Changed by hand"),
    # seat statuses (RSK-PTS-1, RSK-OUT-1/2)
    "survived": N_("In the game"),
    "eliminated": N_("Eliminated"),
    "excluded": N_("Excluded"),
    "withdrawn": N_("Withdrew (force majeure)"),
    "expelled": N_("Expelled"),
    "active": N_("Playing"),
    # console
    "playing": N_("Game time running"),
    "penultimate_round": N_("Time over: penultimate round"),
    "last_round": N_("Last round"),
    "rolling": N_("End-of-game roll"),
    "ended": N_("Game over"),
    "roll": N_("a roll ended the game"),
    "risiko": N_("RisiKo! declared"),
    "last_player": N_("one player left"),
    "nobody_plays": N_("nobody left to play"),
    "goes_on": N_("goes on"),
    "ends_game": N_("ends the game"),
    "skipped": N_("no roll: conquered more than 2"),
    "forgotten": N_("forgotten"),
    "warning": N_("Verbal warning"),
    "exclusion": N_("Exclusion from the game"),
    "expulsion": N_("Expulsion from the tournament"),
    "army_removal": N_("Armies removed"),
    "undeclared_risiko": N_("RisiKo! achieved and not declared"),
    "forgotten_roll": N_("Forgotten end-of-game roll"),
    "rejected_ruling": N_("Rejected a referee's ruling"),
    "army_excess": N_("Armies over the allowed number"),
    "force_majeure": N_("force majeure"),
    "rejects_ruling": N_("rejects a ruling"),
    "board": N_("On the board (cap)"),
    "reinforcements": N_("Reinforcements placed"),
    "player_declared": N_("The player declared it"),
    "referee": N_("A referee found it"),
    "opponent": N_("Another player found it"),
    # casebook rulings (RSK-PLAY-1..3)
    "void_throw": N_("Throw void: dice thrown without declaring an attack"),
    "dice_again": N_("All dice thrown again (wrong number, off the field or tilted)"),
    "attack_invalid": N_("Attack ruled invalid"),
    "card_lost": N_("Card not drawn in time: lost"),
    # tournament classes (season)
    "club": N_("Club"),
    "regional": N_("Regional"),
    "national": N_("National"),
    # statuses
    "registration": N_("registration"),
    "running": N_("running"),
    "finished": N_("finished"),
}


# The console's actions (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1) have their own words: the same
# code can mean something else elsewhere ("roll" is also the reason a game ended, EndReason.ROLL).
ACTION_LABELS: dict[str, str] = {
    "end_turn": N_("End of turn"),
    "time_over": N_("Game time over"),
    "roll": N_("End-of-game roll"),
    "eliminate": N_("Eliminated"),
    "exclude": N_("Excluded"),
    "withdraw": N_("Withdrew"),
    "risiko": N_("RisiKo! declared"),
    "ruling": N_("Referee's ruling"),
    "forgotten_roll": N_("Forgotten end-of-game roll"),
    "army": N_("Army ruling"),
}


def action_label(kind: str) -> str:
    """A console action's name in the page's language (never an end reason's)."""
    message = ACTION_LABELS.get(kind)
    return i18n.gettext(message) if message else kind


def label(code: str | None) -> str:
    if code is None:
        return ""
    message = LABELS.get(code)
    return i18n.gettext(message) if message else code


def pts(value: Fraction | int | None) -> str:
    """Tournament points, exact until shown: up to three decimals (master's thousandths)."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = value.numerator
        else:
            exact = Decimal(value.numerator) / Decimal(value.denominator)
            return format_decimal(exact, format="#,##0.###", locale=i18n.current_language())
    return format_decimal(value, locale=i18n.current_language())


def clock(moment: datetime) -> str:
    """A time of day in the page's language ("21:30")."""
    return format_time(moment, format="short", locale=i18n.current_language())


def formula_text(rules: risiko_views.RulesView) -> str:
    """RSK-REG-1 part 1 as the current settings make it, in the page's language (issue 26 item
    4): the regulation page and the control room write it from the settings each time they are
    shown, so a change of the structure or the table sizes is what the players read."""
    off = "5" if rules.table_policy == "fours_then_fives" else "3"
    text = i18n.gettext(
        N_(
            "Scoring formula: %(formula)s. %(games)s qualifying games at tables of 4 (the "
            "remainder at tables of %(off)s), drawn to avoid repeated opponents and same-club "
            "pairs."
        )
    ) % {"formula": label(rules.formula), "games": rules.qualifying_games, "off": off}
    if rules.semifinal_tables:
        text += " " + i18n.gettext(
            N_(
                "Then %(tables)s semifinal tables by bands (one player of each quarter of the "
                "ranking per table) and a final table of %(final)s with the semifinal winners."
            )
        ) % {"tables": rules.semifinal_tables, "final": rules.final_table_size}
    else:
        text += " " + i18n.gettext(
            N_("Then a final table of %(final)s with the best of the ranking.")
        ) % {"final": rules.final_table_size}
    text += " " + i18n.gettext(
        N_(
            "Ties: total points, then wins, then the best single game, then the second best. "
            "Each game lasts %(minutes)s minutes, then the end-of-game roll."
        )
    ) % {"minutes": rules.game_minutes}
    return text


def seats_by_name(shown: risiko_views.RoundLine) -> list[tuple[str, int, int]]:
    """Everyone of a round alphabetically, with their table and seat (turn order)."""
    rows = [
        (seat.person.name, table.number, i)
        for table in shown.tables
        for i, seat in enumerate(table.seats, start=1)
    ]
    return sorted(rows, key=lambda r: r[0].casefold())


def page(
    request: Request,
    template: str,
    context: Mapping[str, Any],
    *,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Render a RisiKo! template with the helpers every one of them uses."""
    full = {
        "label": label,
        "action_label": action_label,
        "pts": pts,
        "clock": clock,
        "seats_by_name": seats_by_name,
        "formula_text": formula_text,
        "error": None,
        "form": {},
        **context,
    }
    return render(request, template, full, status=status, headers=headers)
