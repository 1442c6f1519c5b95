"""Players' self-reports (issue 4): match codes, the players' phones, the judges' queue, the
slips, and the group commit of many reports."""
