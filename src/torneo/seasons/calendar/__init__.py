"""The season's calendar of announced events (INV-LEGAL-1)."""
