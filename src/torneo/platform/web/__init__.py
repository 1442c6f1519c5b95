"""The web edge: JSON API under /api/v1 and the HTML pages (FastAPI, Jinja2, htmx)."""
