"""The desk of a poker tournament (issue 15): what the organizer and the floor do next, and
the print views (seats, payouts)."""
