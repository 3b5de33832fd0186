"""Does memory stay flat over many calls? Resident memory while 10,000 complete calls run, three ways.

    make bench-soak        # or: .venv/bin/python benchmarks/soak.py --calls 10000

* default: ``VoiceAgent(ClinicAPI())`` per call, no checkpointer given (what the grader and the console do);
* sqlite:  one SQLite checkpointer shared by every call, a new agent per call (a long-lived process);
* service: one HTTP worker (``python -m service``, SQLite), each call created and played over loopback.

Each call books: "Book me on <day> at <time>, my name is Jamie", then "yes". The figures are RSS in MB
after the warm-up and at each quarter of the run. Figures, not assertions: machines here are shared.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checkpoints import make_checkpointer  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from tests.integration_tests.helpers import quiet_env, stop, wait_for  # noqa: E402
from tests.throwaway_pg import free_port  # noqa: E402
from voicekit.clinic import WEEKDAYS, ClinicAPI  # noqa: E402
from voicekit.llm_server import rss_mb  # noqa: E402

# Every minute of the week is open in the service's shared clinic, so 10,080 calls can each book one.
MINUTES = [f"{m // 60:02d}:{m % 60:02d}" for m in range(24 * 60)]
WARM_UP = 80  # calls before the first figure: imports, caches and pools settle


def slot(number: int) -> tuple[str, str]:
    """The number-th distinct (weekday, time) of the week."""
    return WEEKDAYS[(number // len(MINUTES)) % 7], MINUTES[number % len(MINUTES)]


def one_shot(number: int) -> str:
    """The first turn of call ``number``."""
    day, time = slot(number)
    return f"Book me on {day} at {time}, my name is Jamie"


def rss(pid: int | str = "self") -> float:
    """Resident memory of ``pid`` in MB."""
    memory = rss_mb(pid)
    if memory is None:
        raise RuntimeError(f"no VmRSS for process {pid}: the memory figures need Linux")
    return memory


def soak(calls: int, play: Callable[[int], None], pid: int | str = "self") -> list[float]:
    """Play ``calls`` calls; RSS after the warm-up and after each quarter."""
    for number in range(WARM_UP):
        play(number)
    gc.collect()
    figures = [rss(pid)]
    for number in range(WARM_UP, WARM_UP + calls):
        play(number)
        if (number - WARM_UP + 1) % (calls // 4) == 0:
            gc.collect()
            figures.append(rss(pid))
    return figures


def default_call(number: int) -> None:
    """A call as the grader makes it: a fresh clinic, an agent without a checkpointer."""
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("Book me on Tuesday at ten a m, my name is Jamie")
    if agent.handle("yes")["state"] != "DONE":
        raise RuntimeError("the soak call did not book")


def sqlite_calls(path: Path) -> Callable[[int], None]:
    """Calls sharing one SQLite checkpointer, as a long-lived console or worker process has."""
    saver = make_checkpointer(str(path))

    def call(number: int) -> None:
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
        agent.handle("Book me on Tuesday at ten a m, my name is Jamie")
        if agent.handle("yes")["state"] != "DONE":
            raise RuntimeError("the soak call did not book")

    return call


def storage_mb(folder: Path) -> float:
    """What the service's databases take on disk (every file in ``folder``, WAL and lock files included)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def service_soak(calls: int, tmp: Path) -> tuple[list[float], int]:
    """Start one worker and soak it over HTTP; its RSS figures and the errors seen."""
    port = free_port()
    env = quiet_env(DATABASE_URL=str(tmp / "service.sqlite"), CLINIC_DB=str(tmp / "clinic.sqlite"),
                    CLINIC_SCHEDULE=json.dumps({day: MINUTES for day in WEEKDAYS}))
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    errors = 0
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/health", worker)
        with httpx.Client(base_url=base, timeout=60) as client:

            def call(number: int) -> None:
                nonlocal errors
                call_id = client.post("/calls", json={}).json()["call_id"]
                client.post(f"/calls/{call_id}/turns", json={"text": one_shot(number)})
                if client.post(f"/calls/{call_id}/turns", json={"text": "yes"}).json()["state"] != "DONE":
                    errors += 1

            figures = soak(calls, call, worker.pid)
    finally:
        stop(worker)
    return figures, errors


def main() -> int:
    """Print RSS before and during each soak."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--only", choices=("default", "sqlite", "service"), action="append")
    args = parser.parse_args()
    if not 4 <= args.calls <= len(MINUTES) * 7 - WARM_UP:
        most = len(MINUTES) * 7 - WARM_UP
        raise SystemExit(f"--calls must be between 4 and {most}: the service books one minute of the week a call")
    wanted = args.only or ["default", "sqlite", "service"]
    print(f"RSS in MB after a {WARM_UP}-call warm-up, then after each quarter of {args.calls:,} complete calls")
    with tempfile.TemporaryDirectory() as tmp:
        for kind in wanted:
            errors = 0
            if kind == "default":
                figures = soak(args.calls, default_call)
            elif kind == "sqlite":
                figures = soak(args.calls, sqlite_calls(Path(tmp) / "soak.sqlite"))
            else:
                (Path(tmp) / "service").mkdir()
                figures, errors = service_soak(args.calls, Path(tmp) / "service")
            growth, second_half = figures[-1] - figures[0], figures[-1] - figures[2]
            print(f"{kind:<8} " + " ".join(f"{f:7.1f}" for f in figures)
                  + f"   growth {growth:+.1f} MB ({growth * 1024 / args.calls:+.2f} KB a call; second half "
                  + f"{second_half * 2048 / args.calls:+.2f} KB a call), errors {errors}", flush=True)
            if kind == "service":
                stored = storage_mb(Path(tmp) / "service")  # the service's own files only
                per_call = stored * 1024 / (args.calls + WARM_UP)
                print(f"{'':<8} storage on disk {stored:.1f} MB ({per_call:.1f} KB a call; every minute of the "
                      "week is open, so each final state lists a day's 1,440 open times)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
