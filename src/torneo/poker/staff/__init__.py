"""The floor staff of a poker tournament (issue 12), appointed by the organizer."""
