"""Load on the call service over loopback: one worker versus two, on SQLite files and on a throwaway PostgreSQL.

    make bench-load        # or: .venv/bin/python benchmarks/load.py --calls 200 --concurrency 16

Each simulated caller makes the five-turn happy call; turns of a call alternate between workers when
there are two. Prints turns per second, p50/p99 turn latency, errors, the workers' resident memory, the
CPU time the workers spent per turn (steadier than turns/s on a shared machine: it counts the work, not
the waiting for a core) and the database work per turn (call creation included): transactions and rows
written. PostgreSQL's come from ``pg_stat_database``; SQLite's from the workers themselves
(``benchmarks/counted_worker.py``: COMMITs plus statements run outside an explicit transaction, and
``total_changes``). Then the resident memory that 1,000 live (mid-call) calls take in one process with
the in-memory checkpointer.
Figures, not assertions: this machine has 2 cores and is shared.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.soak import rss  # noqa: E402
from evals.stats import percentile  # noqa: E402
from tests.integration_tests.helpers import quiet_env, stop, wait_for  # noqa: E402
from tests.throwaway_pg import ThrowawayPostgres, free_port  # noqa: E402

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday")
TIMES = [f"{8 + i // 4:02d}:{15 * (i % 4):02d}" for i in range(40)]  # 200 slots: no caller is refused
# The limits are on (every request goes through them), set to what this load is: all calls from one address, a
# turn of each call as fast as the service answers. A clinic's own are in its file's [limits].
LIMITS = {"new_calls_per_minute_per_address": 10_000, "new_calls_per_minute": 100_000,
          "turns_per_second_per_call": 100, "calls_at_once": 10_000}


def one_call(i: int, urls: list[str], client: httpx.Client) -> tuple[list[float], int]:
    """Play the five-turn call, alternating workers; the turn latencies and the number of errors."""
    turns = ["I'd like to book an appointment", DAYS[i % 5], TIMES[(i // 5) % 40], "Jamie", "yes"]
    latencies: list[float] = []
    errors = 0
    try:
        call = client.post(f"{urls[0]}/calls", json={}).json()["call_id"]
    except httpx.HTTPError:
        return latencies, len(turns)
    for n, text in enumerate(turns):
        start = time.perf_counter()
        try:
            client.post(f"{urls[(i + n) % len(urls)]}/calls/{call}/turns", json={"text": text}).raise_for_status()
            latencies.append(time.perf_counter() - start)
        except httpx.HTTPError:
            errors += 1
    return latencies, errors


def run_load(urls: list[str], calls: int, concurrency: int) -> dict:
    """Play ``calls`` calls with ``concurrency`` callers at once; turns/s, p50/p99 and errors."""
    limits = httpx.Limits(max_connections=concurrency * 2)
    with httpx.Client(timeout=120, limits=limits) as client, ThreadPoolExecutor(concurrency) as pool:
        start = time.perf_counter()
        results = list(pool.map(lambda i: one_call(i, urls, client), range(calls)))
        elapsed = time.perf_counter() - start
    latencies = sorted(x for lat, _ in results for x in lat)
    return {"turns": len(latencies), "seconds": elapsed, "turns_per_s": len(latencies) / elapsed,
            "p50_ms": statistics.median(latencies) * 1000,
            "p99_ms": percentile(latencies, 0.99) * 1000,
            "errors": sum(e for _, e in results)}


def workers(count: int, url: str, tmp: Path):
    """Start ``count`` service workers on free ports against ``url``: [(process, base URL, SQLite counts file)]."""
    started = []
    for number in range(count):
        port, counts = free_port(), tmp / f"db-work-{number}.json"
        env = quiet_env(DATABASE_URL=url, CLINIC_DB=str(tmp / "clinic.sqlite"), DB_WORK_OUT=str(counts),
                        CLINIC_SCHEDULE=json.dumps({d: TIMES for d in DAYS}), SERVICE_LIMITS=json.dumps(LIMITS))
        # SQLite's work is counted inside the worker, which costs it a little; PostgreSQL counts its own.
        module = "service" if url.startswith("postgresql://") else "benchmarks.counted_worker"
        process = subprocess.Popen([sys.executable, "-m", module, "--port", str(port)], cwd=ROOT,
                                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        wait_for(f"http://127.0.0.1:{port}/health", process)
        started.append((process, f"http://127.0.0.1:{port}", counts))
    return started


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) ``pid`` has used so far, from ``/proc``."""
    import os

    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_work(url: str) -> tuple[int, int]:
    """(transactions committed, rows written) so far in the database, from ``pg_stat_database``."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                           "WHERE datname = current_database()").fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def measure(store: str, count: int, args: argparse.Namespace) -> dict:
    """One load run: ``count`` workers on ``store``; the load figures, memory and database work per turn."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        postgres = stack.enter_context(ThrowawayPostgres()) if store == "postgres" else None
        url = postgres or str(Path(tmp) / "service.sqlite")
        started = workers(count, url, Path(tmp))
        before = postgres_work(postgres) if postgres else (0, 0)
        try:
            cpu_before = sum(cpu_seconds(p.pid) for p, _, _ in started)
            figures = run_load([u for _, u, _ in started], args.calls, args.concurrency)
            cpu_used = sum(cpu_seconds(p.pid) for p, _, _ in started) - cpu_before
            figures["cpu_ms_per_turn"] = cpu_used * 1000 / max(figures["turns"], 1)
            figures["rss"] = "/".join(f"{rss(p.pid):.0f}" for p, _, _ in started)
        finally:
            for process, _, _ in started:
                stop(process)  # a worker writes its SQLite counts as it exits
        if postgres:
            after = postgres_work(postgres)
            transactions, rows = after[0] - before[0], after[1] - before[1]
        else:
            counted = [json.loads(c.read_text()) for _, _, c in started if c.exists()]
            transactions = sum(c["transactions"] for c in counted)
            rows = sum(c["rows_written"] for c in counted)
        figures["tx_per_turn"] = transactions / max(figures["turns"], 1)
        figures["rows_per_turn"] = rows / max(figures["turns"], 1)
    return figures


def live_calls_memory(count: int) -> float:
    """Resident memory per live (mid-call) call, in KB, with in-memory checkpoints."""
    from agent import VoiceAgent
    from checkpoints import make_checkpointer
    from voicekit.clinic import ClinicAPI

    saver = make_checkpointer("memory")
    warm = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
    warm.handle("I'd like to book on Tuesday")
    gc.collect()
    before = rss()
    calls = []
    for _ in range(count):
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
        agent.handle("I'd like to book on Tuesday")
        agent.handle("ten a m")
        calls.append(agent)
    gc.collect()
    return (rss() - before) * 1000 / count


def main() -> int:
    """Print the load figures for one and two workers on each store."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--store", choices=("sqlite", "postgres"), action="append")
    args = parser.parse_args()
    print(f"{args.calls} calls x 5 turns, {args.concurrency} callers at once, over loopback")
    print(f"{'store':<9} {'workers':<8} {'turns/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'worker RSS MB':>14} "
          f"{'worker CPU ms/turn':>19} {'tx/turn':>8} {'rows/turn':>10}")
    for store in args.store or ["sqlite", "postgres"]:
        for count in (1, 2):
            f = measure(store, count, args)
            print(f"{store:<9} {count:<8} {f['turns_per_s']:>8.1f} {f['p50_ms']:>8.1f} {f['p99_ms']:>8.1f} "
                  f"{f['errors']:>7} {f['rss']:>14} {f['cpu_ms_per_turn']:>19.1f} {f['tx_per_turn']:>8.1f} "
                  f"{f['rows_per_turn']:>10.1f}", flush=True)
    print(f"resident memory per 1,000 live calls in one process (in-memory checkpoints): "
          f"{live_calls_memory(1000):.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
