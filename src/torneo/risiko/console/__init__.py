"""The referee's console (RSK-*): rulings on armies, rolls and the end-of-game throw."""
