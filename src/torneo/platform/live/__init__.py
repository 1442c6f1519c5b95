"""Live updates: publish/subscribe across workers (issue 4).

Services publish a small notice after their transaction commits ("event 12 changed: round 3
paired"); web workers forward notices to browsers over Server-Sent Events. In one process the
in-memory broker is enough; with ``TORNEO_REDIS_URL`` set every worker shares Redis pub/sub, so a
result committed on one worker reaches the phones connected to any other. Notices carry no state:
a page that hears one re-reads the database, so a lost notice costs freshness, never data.
"""

from torneo.platform.live.broker import Broker, InProcessBroker, Notice, broker_from_env

__all__ = ["Broker", "InProcessBroker", "Notice", "broker_from_env"]
