"""``torneo db upgrade``, ``torneo serve`` and ``torneo demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from sqlalchemy import inspect
from typer.testing import CliRunner

from tests.support.cli import Cli
from torneo.cli import serve
from torneo.cli.main import app
from torneo.platform.logs import log_format, logging_config
from torneo.platform.store.db import make_engine
from torneo.platform.web.joined_writes import HTTP_PROTOCOL


def test_db_upgrade_migrates_the_default_file_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without TORNEO_DATABASE_URL the database is torneo.db in the current directory."""
    monkeypatch.delenv("TORNEO_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for _ in range(2):  # running it again is harmless
        result = runner.invoke(app, ["db", "upgrade"])
        assert result.exit_code == 0, result.stderr
        assert "is at revision" in result.stdout
    engine = make_engine(f"sqlite:///{tmp_path / 'torneo.db'}")
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"events", "matches", "seasons", "season_results", "alembic_version"} <= tables


def test_db_upgrade_names_an_unreachable_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORNEO_DATABASE_URL", "sqlite:////nonexistent-dir/x/torneo.db")
    result = CliRunner().invoke(app, ["db", "upgrade"])
    assert result.exit_code == 2
    assert "cannot migrate" in result.stderr


def test_serve_refuses_several_workers_on_sqlite(cli: Cli) -> None:
    result = cli("serve", "--workers", "4")
    assert result.exit_code == 2
    assert "workers" in result.stderr
    assert "PostgreSQL" in result.stderr


def test_serve_runs_the_app_factory(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append((a, k)))
    cli.ok("serve", "--port", "8123")
    assert calls == [
        (
            ("torneo.app:create_app",),
            {
                "factory": True,
                "host": "127.0.0.1",
                "port": 8123,
                "workers": 1,
                "reload": False,
                "timeout_graceful_shutdown": 10,
                "ws_per_message_deflate": False,
                "http": HTTP_PROTOCOL,  # issue 32: an answer's head and body in one write
                # Issue 31 item 3: Torneo writes its own access line (with the request id).
                "access_log": False,
                "log_config": logging_config(log_format(), access=True),
            },
        )
    ]


def test_serve_says_loudly_when_the_development_secret_is_in_use(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.delenv("TORNEO_SECRET_KEY", raising=False)
    assert "WARNING: TORNEO_SECRET_KEY is not set" in cli.ok("serve").stderr
    monkeypatch.setenv("TORNEO_SECRET_KEY", "a-real-secret-of-enough-characters-0123456789")
    assert "WARNING" not in cli.ok("serve").stderr


def test_serve_allows_workers_on_postgresql(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 32 item 1: several workers run under torneo.cli.workers (a socket each), with the
    options a single worker gets from uvicorn.run, and their metrics summed in a folder."""
    monkeypatch.setenv("TORNEO_DATABASE_URL", "postgresql://torneo@127.0.0.1/torneo")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    (tmp_path / "counter_1.db").write_bytes(b"stale")
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def supervise(*args: Any, **kwargs: Any) -> None:
        assert list(tmp_path.iterdir()) == [tmp_path / "counter_1.db"]  # not before the port
        args[1]()  # the port is free
        calls.append((args[:1], kwargs))

    monkeypatch.setattr(serve, "supervise", supervise)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("uvicorn's supervisor"))
    result = CliRunner().invoke(app, ["serve", "--workers", "3"])
    assert result.exit_code == 0, result.stderr
    assert calls == [
        (
            ("torneo.app:create_app",),
            {
                "factory": True,
                "host": "127.0.0.1",
                "port": 8000,
                "workers": 3,
                "reload": False,
                "timeout_graceful_shutdown": 10,
                "ws_per_message_deflate": False,
                "http": HTTP_PROTOCOL,
                "access_log": False,
                "log_config": logging_config(log_format(), access=True),
            },
        )
    ]
    assert not list(tmp_path.iterdir())  # a previous run's samples are not summed in


def test_demo_loads_prints_the_logins_and_is_deterministic(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = cli.ok("demo").stdout
    assert "organizer" in out
    assert "torneo-demo" in out
    assert "judge" in out
    events = cli.json("event", "list")
    running = next(e for e in events if e["status"] == "running" and "Primavera" in e["name"])
    finished = next(e for e in events if e["status"] == "finished")
    assert (running["players"], running["current_round"]) == (26, 3)
    assert finished["players"] == 8
    round3 = cli.json("event", "pairings", str(running["id"]))
    assert all(line["result"] is None for line in round3["lines"] if line["b"] is not None)
    assert sum(1 for line in round3["lines"] if line["b"] is None) == 1  # 25 active: a bye
    season = cli.json("season", "standings", "Campionato Invasion 2011/12")
    assert len(season) == 8

    # The same demo in another database: the same pairings and standings (seeded).
    other = Cli(f"sqlite:///{tmp_path / 'other.db'}")
    monkeypatch.setenv("TORNEO_DATABASE_URL", other.url)
    other.ok("db", "upgrade")
    other.ok("demo")
    assert other.json("event", "pairings", str(running["id"])) == round3
    assert other.json("event", "standings", str(finished["id"])) == cli.json(
        "event", "standings", str(finished["id"])
    )
    other.store.engine.dispose()


def test_demo_if_empty_does_nothing_on_a_database_with_events(cli: Cli) -> None:
    cli.ok("demo")
    before = cli.fingerprint()
    result = cli.ok("demo", "--if-empty")
    assert "demo not loaded" in result.stdout
    # Issue 30 item 9: `make run` says the demo's logins every time, the fantasy manager too.
    assert "password torneo-demo: organizer, judge, allenatore" in " ".join(result.stdout.split())
    assert cli.fingerprint() == before
    refused = cli.refused("demo")
    assert "--if-empty" in refused.stderr


def test_serve_warns_when_the_workers_pools_exceed_max_connections(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pool and overload (issue 14): workers × pool checked against PostgreSQL at start; a
    warning on stderr (the operator may know better, e.g. PgBouncer), and it still serves."""
    monkeypatch.setenv("TORNEO_DATABASE_URL", pg_url)
    monkeypatch.setattr(serve, "supervise", lambda *a, **k: None)
    many = CliRunner().invoke(app, ["serve", "--workers", "500"])
    assert many.exit_code == 0, many.stderr
    assert "500 workers × 22 database connections = 11000, more than the" in many.stderr
    assert "max_connections" in many.stderr
    few = CliRunner().invoke(app, ["serve", "--workers", "2"])
    assert few.exit_code == 0
    assert "Warning" not in few.stderr


def test_serve_refuses_a_malformed_thread_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORNEO_DATABASE_URL", "postgresql://torneo@127.0.0.1/torneo")
    monkeypatch.setenv("TORNEO_WORKER_THREADS", "lots")
    monkeypatch.setattr(serve, "supervise", lambda *a, **k: None)
    result = CliRunner().invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code == 2
    assert "TORNEO_WORKER_THREADS" in result.stderr
    assert "from 1 to 1000" in result.stderr


@pytest.mark.parametrize(
    ("env", "why"),
    [
        ({"TORNEO_ENV": "production"}, "TORNEO_SECRET_KEY"),
        ({"TORNEO_ENV": "staging"}, "TORNEO_ENV"),
        ({"TORNEO_TIME_ZONE": "Mars/Olympus"}, "TORNEO_TIME_ZONE"),
    ],
)
def test_issue27_a_refused_production_start_is_one_line_not_a_traceback(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], why: str
) -> None:
    """The workers built the app and died with InsecureSettings' traceback; now ``serve``
    checks the settings first and says why in one line (exit 2), starting nothing."""
    from torneo.app import create_app

    started: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(create_app()))
    monkeypatch.delenv("TORNEO_SECRET_KEY", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = cli("serve")
    assert result.exit_code == 2, result.output
    assert started == []
    assert "Traceback" not in result.output
    assert why in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_issue27_demo_passwords_in_production_are_one_line_too(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.ok("demo")
    started: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(a))
    monkeypatch.setenv("TORNEO_ENV", "production")
    monkeypatch.setenv("TORNEO_SECRET_KEY", "a-real-secret-of-enough-characters-0123456789")
    result = cli("serve")
    assert result.exit_code == 2, result.output
    assert started == []
    assert "demo account" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
