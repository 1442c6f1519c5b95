"""Registering players to a card event: one at a time or a pasted roster in batches."""
