"""The club's week (PKR-SCHED-1): schedule entries, the calendar and its iCalendar feed."""
