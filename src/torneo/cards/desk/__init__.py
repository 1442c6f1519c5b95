"""The desk of a card event (issue 15): the round's state and what the organizer can do next."""
