"""The referees of a RisiKo! tournament (issue 12), appointed by the organizer."""
