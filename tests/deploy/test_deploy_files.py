"""Issue 31 item 6: the deployment files, checked by the tools that read them.

``nginx -t`` reads the site inside a scratch main configuration (its own pid, logs and temp
folders, a self-signed certificate in place of the real one); ``systemd-analyze verify`` reads the
units with the checkout's own ``torneo`` in place of ``/srv/torneo``'s. Both come from Debian's
packages (``make test`` installs nginx when run as root); without them the tests skip, except
under CI=true, where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def _tool(name: str) -> str:
    found = shutil.which(name) or (
        f"/usr/sbin/{name}" if Path(f"/usr/sbin/{name}").exists() else None
    )
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is required under CI=true (make test installs it as root)")
        pytest.skip(f"{name} is not installed")
    return found


def _certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            _tool("openssl"),
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=torneo.test",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def _nginx_test(tmp_path: Path, site: str) -> subprocess.CompletedProcess[str]:
    cert, key = _certificate(tmp_path)
    site = site.replace("/etc/letsencrypt/live/torneo.example.org/fullchain.pem", str(cert))
    site = site.replace("/etc/letsencrypt/live/torneo.example.org/privkey.pem", str(key))
    (tmp_path / "site.conf").write_text(site)
    temps = " ".join(
        f"{kind}_temp_path {tmp_path / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'error.log'};\nevents {{}}\n"
        f"http {{\n access_log off;\n {temps}\n include {tmp_path / 'site.conf'};\n}}\n"
    )
    return subprocess.run(
        [_tool("nginx"), "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_issue31_the_nginx_site_passes_nginx_t(tmp_path: Path) -> None:
    site = (DEPLOY / "nginx" / "torneo.conf").read_text()
    checked = _nginx_test(tmp_path, site)
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


def test_issue31_nginx_t_would_catch_a_broken_site(tmp_path: Path) -> None:
    site = (
        (DEPLOY / "nginx" / "torneo.conf")
        .read_text()
        .replace("proxy_buffering off;", "proxy_buffering maybe;", 1)
    )
    assert _nginx_test(tmp_path, site).returncode != 0


def test_issue31_the_site_keeps_what_torneo_needs() -> None:
    site = (DEPLOY / "nginx" / "torneo.conf").read_text()
    assert "proxy_buffering off;" in site  # live pages: each event at once
    assert "location = /metrics { deny all; }" in site  # every client looks local behind it
    assert "X-Request-ID $request_id" in site


def _verify(tmp_path: Path, names: list[str], torneo: str) -> subprocess.CompletedProcess[str]:
    for unit in (DEPLOY / "systemd").iterdir():
        (tmp_path / unit.name).write_text(
            unit.read_text().replace("/srv/torneo/.venv/bin/torneo", torneo)
        )
    return subprocess.run(
        [_tool("systemd-analyze"), "verify", *(str(tmp_path / n) for n in names)],
        capture_output=True,
        text=True,
        check=False,
    )


UNITS = ["torneo.service", "torneo-backup.service", "torneo-backup.timer"]


def test_issue31_the_systemd_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    torneo = str(Path(sys.executable).with_name("torneo"))
    checked = _verify(tmp_path, UNITS, torneo)
    # verify exits 0 on unknown keys too: its silence is the test.
    assert (checked.returncode, checked.stderr.strip()) == (0, "")


def test_issue31_systemd_analyze_would_catch_a_missing_program(tmp_path: Path) -> None:
    checked = _verify(tmp_path, ["torneo.service"], "/nonexistent/torneo")
    assert "not executable" in checked.stderr


def test_issue32_systemctl_reload_renews_the_workers_without_migrating() -> None:
    """``systemctl reload torneo`` is SIGHUP to ``torneo serve`` (its supervisor is the main
    process), which replaces the workers on the same sockets (tests/cli/test_serve_workers.py);
    the migration stays the start's (ExecStartPre), not the reload's."""
    unit = (DEPLOY / "systemd" / "torneo.service").read_text()
    lines = [line.strip() for line in unit.splitlines() if not line.startswith("#")]
    assert "ExecReload=/bin/kill -HUP $MAINPID" in lines
    assert "Type=exec" in lines  # $MAINPID is torneo serve itself
    assert [line for line in lines if "db upgrade" in line] == [
        "ExecStartPre=/srv/torneo/.venv/bin/torneo db upgrade"
    ]
