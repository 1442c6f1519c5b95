"""A small world for the authorization matrix: two card events, a poker and a RisiKo! tournament,
a season, and one account of every kind (tests/web/test_authz_matrix.py)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIWebSocketRoute, iter_route_contexts
from fastapi.testclient import TestClient

from tests.support.web import PASSWORD, SECRET, add_user
from torneo.app import create_app
from torneo.cards import commands as events
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import views as srv
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_market as fantasy_market
from torneo.fantasy.rules import samples
from torneo.judging import commands as judging
from torneo.platform import accounts, clubs
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings
from torneo.poker import commands as poker
from torneo.poker.league import commands as poker_league
from torneo.poker.staff import commands as poker_staff
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko.staff import commands as risiko_staff
from torneo.seasons import commands as seasons

ORG = Actor("org", frozenset({(1, "organizer")}))
ROLES = ("anonymous", "player", "other_judge", "judge", "organizer")
# Issue 12: the staff of another club (its owner, and a member with every staff role there)
# must be refused every write on this club's things (tests/test_authz_matrix.py).
OTHER_CLUB = ("other_owner", "other_staff")


@dataclass
class World:
    event: int  # event A: running, round 1 paired, a disputed self-report on table 1
    other_event: int  # event B: the other judge's
    poker: int
    risiko: int
    season: str
    player_id: int  # the player account's player, in event A
    judge_user: int
    codes: tuple[str, str]
    fantasy: tuple[int, int] = (0, 0)  # a fantasy league and the team the player manages
    params: dict[str, str] = field(default_factory=dict)


def build_world(store: Store) -> World:
    add_user(store, "org", "organizer")
    for name in ("judge", "otherjudge"):
        add_user(store, name, "judge")
    event = events.create_event(
        store, ORG, name="Evento A", preset="invasion-it-2012", held_on="2012-03-10", seed=1
    )
    other = events.create_event(
        store, ORG, name="Evento B", preset="invasion-it-2012", held_on="2012-03-11", seed=2
    )
    for e in (event, other):
        events.register_roster(store, ORG, e, "\n".join(f"Giocatore {e}-{i}" for i in range(8)))
        events.start_event(store, ORG, e)
        events.pair_next_round(store, ORG, e)
    judging.appoint_judge(store, ORG, event, username="judge")
    judging.appoint_judge(store, ORG, other, username="otherjudge")
    slips = [s for s in srv.slips(store, ORG, event, secret=SECRET) if s.table == 1]
    assert slips[0].code is not None
    assert slips[1].code is not None
    sr.report_by_code(store, event, 1, slips[0].code, "2-0", secret=SECRET)
    sr.report_by_code(store, event, 1, slips[1].code, "2-0", secret=SECRET)  # disputed
    player_id = next(
        s for s in srv.slips(store, ORG, event, secret=SECRET) if s.table == 2
    ).player_id
    accounts.create_user(
        store,
        Actor.system(),
        username="player",
        password=PASSWORD,
        role="player",
        player_id=player_id,
    )
    tid = poker.create_tournament(store, ORG, template="tue", held_on="2025-12-02", seed=3)
    season = poker_league.import_week(store, ORG, starts_on="2025-09-01", ends_on="2026-08-31")
    rid = risiko.create_tournament(store, ORG, name="Torneo RisiKo", held_on="2016-05-01")
    # "judge" is on the staff of every tournament of the world; "otherjudge" of none of them.
    poker_staff.STAFF.appoint(store, ORG, tid, "judge")
    risiko_staff.STAFF.appoint(store, ORG, rid, "judge")
    other = clubs.create_club(store, Actor.system(), "Altro circolo")
    for name, roles in (("otherowner", ("owner",)), ("otherstaff", ("judge", "referee", "floor"))):
        accounts.create_user(
            store, Actor.system(), username=name, password=PASSWORD, role=roles[0], club=other
        )
        for role in roles[1:]:
            clubs.add_member(store, Actor.system(), other, name, role)
    risiko_roster.register_roster(store, ORG, rid, "\n".join(f"Stratega {i}" for i in range(8)))
    seasons.create_season(store, ORG, name="Stagione", preset="invasion-it-2012")
    with store.read() as s:
        from sqlalchemy import select

        from torneo.platform.store.tables import User

        judge_user = s.scalars(select(User.id).where(User.username == "judge")).one()
    fantasy_world = _fantasy(store)
    return World(
        fantasy=fantasy_world,
        event=event,
        other_event=other,
        poker=tid,
        risiko=rid,
        season="Stagione",
        player_id=player_id,
        judge_user=judge_user,
        codes=(slips[0].code, slips[1].code),
        params={
            "schedule_id": str(season["schedules"][0]),
            "league_id": str(season["leagues"][0]),
        },
    )


def _fantasy(store: Store) -> tuple[int, int]:
    """A fantasy league of the club, its matchdays to come; the player's account manages its
    only team, with a roster (issue 18: a manager acts for their own team)."""
    season = samples.season(seed=1, first=datetime(2026, 12, 5, 18, 30, tzinfo=UTC))
    lid = fantasy.create_league(store, ORG, name="Lega", season="2026-27")
    fantasy.import_fixtures(store, ORG, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, ORG, lid, samples.prices_csv(season.players).encode())
    tid = fantasy.add_team(store, ORG, lid, name="Squadra", manager="player")
    codes = samples.pick_roster(season.players, random.Random(1))
    fantasy_market.set_roster(store, ORG, lid, tid, codes)
    return lid, tid


def clients(store: Store) -> dict[str, TestClient]:
    """One client per role, logged in through the API with its CSRF token as a header."""
    settings = WebSettings(secret_key=SECRET, env="test", login_failures=1000)
    app = create_app(store, settings=settings)
    out = {}
    for role, user in [
        ("anonymous", None),
        ("player", "player"),
        ("other_judge", "otherjudge"),
        ("judge", "judge"),
        ("organizer", "org"),
        ("other_owner", "otherowner"),
        ("other_staff", "otherstaff"),
    ]:
        client = TestClient(app, follow_redirects=False)
        if user:
            r = client.post("/api/v1/session", json={"username": user, "password": PASSWORD})
            assert r.status_code == 200, r.text
            client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        out[role] = client
    return out


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path) the app serves, HEAD apart (the mount of static files too)."""
    found = []
    for rc in iter_route_contexts(app.routes):
        route: Any = rc._effective_route
        methods = getattr(route, "methods", None) or getattr(rc, "methods", None)
        path = rc.path
        if path is None:
            continue
        if isinstance(route, APIWebSocketRoute):
            found.append(("WEBSOCKET", path))  # a socket's door: its own tests
            continue
        if not methods:
            found.append(("MOUNT", path))
            continue
        found.extend((m, path) for m in sorted(methods) if m != "HEAD")
    return sorted(set(found), key=lambda x: (x[1], x[0]))


PARAM = re.compile(r"\{(\w+)\}")


def fill(path: str, world: World) -> str:
    """The path with its parameters set to things of the world."""
    values = {
        "event_id": str(world.event),
        "round_no": "1",
        "table": "1",
        "player_id": str(world.player_id),
        "user_id": str(world.judge_user),
        "seq": "1",
        "season": world.season,
        "code": "conflict",
        "name": "clock.js",
        "topic": f"event:{world.event}",
    }
    if path.startswith(("/poker", "/api/v1/poker")):
        values["tid"] = str(world.poker)
        values["action"] = "pause"
    elif path.startswith(("/risiko", "/api/v1/risiko")):
        values["tid"] = str(world.risiko)
    elif path.startswith(("/fantasy", "/api/v1/fantasy")):
        values["lid"], values["tid"], values["day"] = (
            str(world.fantasy[0]),
            str(world.fantasy[1]),
            "1",
        )
    else:
        values["action"] = "pause"
    values.update(world.params)
    return PARAM.sub(lambda m: values.get(m.group(1), "1"), path)


def _resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = spec["components"]["schemas"][name]
    return schema


def minimal(schema: dict[str, Any], spec: dict[str, Any]) -> Any:
    """The smallest value the schema accepts (required fields only), for requests that must
    pass validation so that the role check behind it is what answers."""
    schema = _resolve(schema, spec)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("examples"):
        return schema["examples"][0]
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [o for o in schema[key] if _resolve(o, spec).get("type") != "null"]
            return minimal(options[0], spec) if options else None
    if "allOf" in schema:
        return minimal(schema["allOf"][0], spec)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        return {k: minimal(props[k], spec) for k in schema.get("required", []) if k in props}
    if kind == "array":
        return [minimal(schema.get("items", {}), spec) for _ in range(schema.get("minItems", 0))]
    if kind == "integer":
        return max(int(schema.get("minimum", 1)), int(schema.get("exclusiveMinimum", 0)) + 1)
    if kind == "number":
        return max(float(schema.get("minimum", 1)), 1.0)
    if kind == "boolean":
        return False
    if kind == "string":
        if schema.get("format") == "date":
            return "2012-03-10"
        return "x" * max(1, int(schema.get("minLength", 1)))
    return None


def body_for(spec: dict[str, Any], method: str, path: str) -> Any:
    operation = spec["paths"].get(path, {}).get(method.lower())
    if not operation or "requestBody" not in operation:
        return None
    content = operation["requestBody"].get("content", {})
    schema = content.get("application/json", {}).get("schema")
    return minimal(schema, spec) if schema else None


def call(client: TestClient, method: str, url: str, body: Any) -> int:
    if url.startswith("/api/"):
        response = (
            client.request(method, url, json=body)
            if body is not None
            else client.request(method, url)
        )
    else:
        response = client.request(method, url, data={} if method != "GET" else None)
    status: int = response.status_code
    return status
