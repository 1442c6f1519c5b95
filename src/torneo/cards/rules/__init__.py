"""The one-on-one card-game event (INV-*, BER-*): lifecycle, state and the checks of each action."""
