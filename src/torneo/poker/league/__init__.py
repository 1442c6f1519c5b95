"""A poker club's jackpot leagues (PKR-LEAGUE-1..4): settings, leaderboards, the jackpot, the
results that feed them."""
