"""The floor during play: the director's phone, busts, purchases, sanctions, rulings, the
floor's log and its undo."""
