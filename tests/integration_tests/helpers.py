"""Process helpers for integration tests: free ports, waiting for servers, stopping by pid."""

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from tests.throwaway_pg import free_port

__all__ = ["ROOT", "STAFF", "STAFF_TOKEN", "VENV_BIN", "free_port", "quiet_env", "stop", "wait_for"]

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
STAFF_TOKEN = "staff-token-for-the-tests-0123456789"
"""The staff token the tests' workers are started with (CLINIC_STAFF_TOKEN)."""
STAFF = {"Authorization": f"Bearer {STAFF_TOKEN}"}
TUESDAY_MORNING = "2026-12-01T10:00:00-05:00"
"""The tests' workers' clock: "Tuesday" is then 8 December."""
"""The header that signs a test's requests in as staff."""


def wait_for(url: str, process: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {seconds} s")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def quiet_env(**extra) -> dict:
    # A worker's clock is the real one by default: the tests' workers get a fixed Tuesday morning (staff in).
    env = dict(os.environ, LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false", PYTHONUNBUFFERED="1",
               CLINIC_STAFF_TOKEN=STAFF_TOKEN, SERVICE_CLOCK=TUESDAY_MORNING)
    env.update(extra)
    return env
