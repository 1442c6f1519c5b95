"""The fantasy league's pure domain (docs/rules.md §5, FAN-*): rosters, the market, lineups and
their deadline, the vote file, each player's score, substitutions, the defence modifier,
penalties and the standings. No database, no HTTP, no clock: time comes in as ``now``.
"""
