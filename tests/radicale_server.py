"""A throwaway Radicale CalDAV server on loopback, for the calendar tests (never for production).

    with running_radicale(tmp_path) as base_url:        # http://127.0.0.1:PORT/
        url = make_calendar(base_url, "clinic-1")        # http://127.0.0.1:PORT/clinic-1/appointments/

Radicale is GPL software: it runs only as its own process (``python -m radicale``), never imported. It listens on
127.0.0.1 only, keeps its files in the given folder, and is stopped on exit; on Linux it also dies with the process
that started it (PR_SET_PDEATHSIG), so a killed test run leaves no server behind.
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path

START_TIMEOUT = 15.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """Runs in the child before exec: ask Linux to send SIGTERM when the parent goes."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG


def _config(folder: Path, port: int, users: Mapping[str, str] | None) -> Path:
    auth = "type = none"
    if users:
        (folder / "users").write_text("".join(f"{name}:{password}\n" for name, password in users.items()))
        auth = f"type = htpasswd\nhtpasswd_filename = {folder / 'users'}\nhtpasswd_encryption = plain\ndelay = 0.01"
    path = folder / "config"
    # rights "authenticated": anyone who logged in (anyone at all with auth none) may read and write everything.
    path.write_text(f"""[server]
hosts = 127.0.0.1:{port}
max_connections = 64
[auth]
{auth}
[rights]
type = authenticated
[storage]
filesystem_folder = {folder / "collections"}
[web]
type = none
[logging]
level = error
""")
    return path


@contextlib.contextmanager
def running_radicale(folder: Path, users: Mapping[str, str] | None = None) -> Iterator[str]:
    """Run Radicale with its files in ``folder``; yield its base URL; always stop it.

    ``users``: {name: password} to require logins (htpasswd, plain); None: no authentication.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = _config(folder, port, users)
    log = (folder / "radicale.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "radicale", "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=folder,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
    )
    base_url = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_up(process, base_url, folder / "radicale.log")
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        log.close()


def _wait_until_up(process: subprocess.Popen, base_url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Radicale exited with code {process.returncode} before answering; its log "
                               f"({log}):\n{log.read_text(errors='replace')}")
        try:
            urllib.request.urlopen(base_url, timeout=1).close()
            return
        except urllib.error.HTTPError:  # any HTTP answer (a redirect, a 401) means it is serving
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"Radicale did not answer on {base_url} within {START_TIMEOUT:g} s; its log ({log}):\n"
                       f"{log.read_text(errors='replace')}")


def dav(url: str, method: str, body: str = "", headers: Mapping[str, str] | None = None,
        auth: tuple[str, str] | None = None) -> tuple[int, str]:
    """One plain WebDAV request (no CalDAV client library): (status, body)."""
    request = urllib.request.Request(url, data=body.encode() if body else None, method=method,
                                     headers=dict(headers or {}))
    if auth is not None:
        request.add_header("Authorization", "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def make_calendar(base_url: str, owner: str, name: str = "appointments", auth: tuple[str, str] | None = None) -> str:
    """Create the calendar collection ``/<owner>/<name>/`` (its parent too) and return its URL."""
    status, _ = dav(f"{base_url}{owner}/", "MKCOL", auth=auth)
    if status not in (201, 405):  # 405: the parent exists already
        raise RuntimeError(f"MKCOL {base_url}{owner}/ answered {status}")
    url = f"{base_url}{owner}/{name}/"
    status, text = dav(url, "MKCALENDAR", auth=auth)
    if status != 201:
        raise RuntimeError(f"MKCALENDAR {url} answered {status}: {text}")
    return url
