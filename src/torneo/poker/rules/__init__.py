"""The poker tournament director (RULES.md §4, PKR-*): pure, one module per concept.

- :mod:`.structure` blind levels, breaks and colour-ups as data, and the structure generator;
- :mod:`.clock` the tournament clock computed from stored timestamps (PKR-BTN-1);
- :mod:`.entries` buy-ins in named parts, re-entries, rebuys, add-ons, late entries (PKR-LATE-1);
- :mod:`.seating` tables, the seat draw and the moves (PKR-TBL-1), dead button (PKR-DEAD-1);
- :mod:`.balancing` and :mod:`.breaking` the table moves of PKR-BAL-1/2 and PKR-BRK-1;
- :mod:`.eliminations` bust-outs and the finishing order (PKR-END-1);
- :mod:`.payouts` and :mod:`.icm` prizes by field size and the chop calculators;
- :mod:`.pots`, :mod:`.hands`, :mod:`.betting` the floor tools (PKR-POT-1, PKR-BET-1);
- :mod:`.colour_up` and :mod:`.chip_race` the colour-up and its race (PKR-RACE-1);
- :mod:`.sanctions` warnings, missed hands and disqualifications (PKR-PEN-1);
- :mod:`.leagues` the jackpot leagues and their final table (PKR-LEAGUE-1..4).

Chips are ints; money is int cents. Time and randomness come in as arguments.
"""
