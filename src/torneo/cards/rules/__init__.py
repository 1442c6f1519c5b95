"""The one-on-one card-game event (INV-*, BER-*): lifecycle, state and the checks of each action.

- :mod:`~torneo.cards.rules.structure`: Swiss rounds and the Top X for a field (INV-STRUCT-1/2);
- :mod:`~torneo.cards.rules.lifecycle`: draft → registration → running → finished (or void);
- :mod:`~torneo.cards.rules.tournament`: the event as the engines see it, and ``can_*`` checks;
- :mod:`~torneo.cards.rules.pods`: Berserk pods (BER-POD-1..3).

A worked example with invasion-it-2012. INV-STRUCT-1: 24 players fall in the row "up to 30",
five Swiss rounds and a Top 8; INV-STRUCT-2: from 24 players on, the organizer may play one round
fewer with a Top 16 instead, and with 20 players the option is refused, naming the threshold:

>>> from torneo.presets import load_preset
>>> from torneo.cards.rules.structure import can_play_one_round_fewer, plan_for
>>> invasion = load_preset("invasion-it-2012")
>>> plan_for(invasion, 24)
EventPlan(rounds=5, top=8, one_round_fewer=False)
>>> plan_for(invasion, 24, one_round_fewer=True)
EventPlan(rounds=4, top=16, one_round_fewer=True)
>>> can_play_one_round_fewer(invasion, 20).text
'needs at least 24 players; 20 are registered [INV-STRUCT-2]'
"""
