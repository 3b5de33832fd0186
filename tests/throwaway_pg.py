"""A throwaway PostgreSQL cluster on loopback, for tests and the load benchmark (never for production).

    with ThrowawayPostgres() as url:   # postgresql://postgres@127.0.0.1:PORT/postgres
        ...

Test infrastructure, also used by ``benchmarks/load.py``. Uses Debian's server binaries
(``/usr/lib/postgresql/*/bin``; ``make test`` installs the package when it is missing). As root, the
cluster runs as the ``postgres`` user, since initdb refuses root.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def server_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL server binaries not found: apt-get install postgresql (make test does)")
    return Path(found[-1]).parent


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ThrowawayPostgres:
    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.bin = server_bin()
        self.base = Path(tempfile.mkdtemp(prefix="voice-pg-"))
        self.data = self.base / "data"
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        if os.geteuid() == 0:
            command = ("runuser", "-u", "postgres", "--", *command)
        subprocess.run(command, check=True, capture_output=True, timeout=120, cwd="/")

    def start(self) -> str:
        if os.geteuid() == 0:
            shutil.chown(self.base, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = (f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c max_connections=300 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.base / "log"),
                  "-w", "-t", "60", "start")
        return self.url

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
