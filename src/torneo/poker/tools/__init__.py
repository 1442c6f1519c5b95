"""The floor's stateless tools (PKR-POT-1 and friends): side pots, odd chips, minimum bets."""
