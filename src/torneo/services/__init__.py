"""Use cases: one function per action, one transaction each (DESIGN.md: services).

A service loads the aggregate, asks the pure domain, saves, and writes the audit row. It never
computes a rule itself: that is the domain's job.
"""
