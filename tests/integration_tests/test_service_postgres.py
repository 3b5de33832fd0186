"""Two service workers on one PostgreSQL: 50 concurrent calls with random failures, turns alternating.

Each call's replies must equal what the same caller and plan get from an in-process reference agent;
no turn may be lost, no booking duplicated, and two turns of one call sent at once are serialised.
"""

import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from agent import VoiceAgent
from tests.integration_tests.helpers import ROOT, STAFF, free_port, quiet_env, stop, wait_for
from tests.throwaway_pg import ThrowawayPostgres
from voicekit.clinic import WEEKDAYS, ClinicAPI

DAYS = WEEKDAYS[:5]
TIMES = [f"{8 + i // 2:02d}:{30 * (i % 2):02d}" for i in range(20)]  # 08:00 ... 17:30: 100 slots a week
SCHEDULE = {day: TIMES for day in (*DAYS, "saturday")}  # Saturday is kept free for the serialisation test
NAMES = [a + b for a in ("Ka", "Lo", "Mi", "Ne", "Ro", "Sa", "Ti", "Vu", "Ze", "Ya") for b in ("ra", "mon", "lin",
                                                                                             "dov", "bel")]
BACKOFF = (0.01, 0.02)
CALLS = 50


@pytest.fixture(scope="module")
def workers(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("service")
    with ThrowawayPostgres() as url:
        # A call-store pool smaller than the turns in flight: a worker must never need a second connection
        # while it holds a call's lock, or it would wait for itself.
        env = quiet_env(DATABASE_URL=url, CLINIC_DB=str(tmp / "clinic.sqlite"), SERVICE_BACKOFF="0.01,0.02",
                        CLINIC_SCHEDULE=json.dumps(SCHEDULE), SERVICE_DB_POOL="3")
        processes, urls = [], []
        try:
            for n in range(2):
                port = free_port()
                log = open(tmp / f"worker-{n}.log", "w")  # noqa: SIM115 - closed with the process below
                processes.append((subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT,
                                                   env=env, stdout=log, stderr=subprocess.STDOUT,
                                                   start_new_session=True), log))
                urls.append(f"http://127.0.0.1:{port}")
                wait_for(f"{urls[-1]}/health", processes[-1][0])
            yield {"urls": urls, "clinic": str(tmp / "clinic.sqlite"), "database": url}
        finally:
            for process, log in processes:
                stop(process)
                log.close()


def caller(i: int, rng: random.Random) -> tuple[list[str], dict]:
    day, first, second = DAYS[i % 5], TIMES[(i // 5) * 2], TIMES[(i // 5) * 2 + 1]
    turns = [f"Book me on {day} at {first}, my name is {NAMES[i]}, my number is 617 555 01{i:02d}", "yes",
             f"{second} then", "yes"]
    plan = {"find_slots": rng.choice([[], [], ["timeout"], ["timeout", "timeout", "timeout"], ["error"]]),
            "book": rng.choice([[], [], ["taken"], ["timeout"], ["error"]])}
    return turns, plan


def reference(turns: list[str], plan: dict) -> list[dict]:
    agent = VoiceAgent(ClinicAPI(plan=plan, schedule=SCHEDULE), sleep=lambda s: None, backoff=BACKOFF)
    return [agent.handle(text) for text in turns]


def play(i: int, urls: list[str]) -> dict:
    turns, plan = caller(i, random.Random(i))
    with httpx.Client(timeout=60, headers=STAFF) as client:
        call = client.post(f"{urls[i % 2]}/calls", json={"plan": plan}).json()["call_id"]
        replies = []
        for n, text in enumerate(turns):
            answer = client.post(f"{urls[(i + n) % 2]}/calls/{call}/turns", json={"text": text})
            answer.raise_for_status()
            replies.append(answer.json())
        view = client.get(f"{urls[(i + 1) % 2]}/calls/{call}").json()
    return {"i": i, "turns": turns, "plan": plan, "replies": replies, "view": view}


def test_fifty_concurrent_calls_across_two_workers(workers):
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda i: play(i, workers["urls"]), range(CALLS)))
    for result in results:
        expected = reference(result["turns"], result["plan"])
        got = [(r["state"], r["tool_calls"]) for r in result["replies"]]
        assert got == [(r["state"], r["tool_calls"]) for r in expected], f"call {result['i']} plan {result['plan']}"
        assert len(result["view"]["turns"]) == len(result["turns"])  # no turn lost
        assert result["view"]["state"] == expected[-1]["state"]
    bookings = ClinicAPI(path=workers["clinic"], schedule=SCHEDULE).bookings
    names = [b["name"] for b in bookings]
    assert len(names) == len(set(names))  # at most one booking per caller
    slots = [(b["day"], b["time"]) for b in bookings]
    assert len(slots) == len(set(slots))
    expected_booked = sum(1 for r in results if any("book" in x["tool_calls"] for x in r["replies"])
                          and r["plan"]["book"] in ([], ["timeout"], ["taken"]))
    assert len(bookings) == expected_booked
    finals = {r["replies"][-1]["state"] for r in results}
    assert finals <= {"DONE", "HANDOFF"} and "DONE" in finals and "HANDOFF" in finals
    # Issue 11: every finished call keeps only its final checkpoint, pruned in batches a second after its reply.
    import time

    import psycopg

    ended = {r["view"]["call_id"] for r in results}
    deadline = time.monotonic() + 20
    while True:
        with psycopg.connect(workers["database"]) as db:
            kept = db.execute("SELECT thread_id, COUNT(*) FROM checkpoints GROUP BY thread_id").fetchall()
        assert ended <= {thread for thread, _ in kept}  # each ended call is still there...
        unpruned = {thread for thread, count in kept if thread in ended and count != 1}  # ...as one checkpoint
        if not unpruned or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert unpruned == set()


def test_two_turns_of_one_call_at_once_are_serialised(workers):
    urls = workers["urls"]
    with httpx.Client(timeout=60, headers=STAFF) as client:
        for attempt in range(5):
            call = client.post(f"{urls[0]}/calls", json={}).json()["call_id"]
            name = NAMES[attempt]
            client.post(f"{urls[0]}/calls/{call}/turns",
                        json={"text": f"Book me on saturday at {TIMES[attempt]}, my name is {name}, "
                                      "my number is 617 555 0123"})  # no caller id: the booking carries a number
            with ThreadPoolExecutor(max_workers=2) as pool:
                both = list(pool.map(lambda url, c=call: client.post(f"{url}/calls/{c}/turns",
                                                                     json={"text": "yes"}).json(), urls))
            assert sorted(len(r["tool_calls"]) for r in both) == [0, 1]  # one booked, the other saw the end
            assert {r["state"] for r in both} == {"DONE"}
            assert len(client.get(f"{urls[1]}/calls/{call}").json()["turns"]) == 3


def test_the_postgres_checkpointer_lets_calls_query_side_by_side(workers):
    # LangGraph's PostgresSaver took one process-wide lock around every query even on a pool, so one slow
    # query (here: held up by a table lock) stopped every other call's turn in the worker.
    import threading

    import psycopg
    from langgraph.checkpoint.base import empty_checkpoint

    from checkpoints import make_checkpointer

    saver = make_checkpointer(workers["database"])
    config = {"configurable": {"thread_id": "side-by-side", "checkpoint_ns": ""}}
    saved = saver.put(config, empty_checkpoint(), {"source": "input", "step": -1}, {})
    with psycopg.connect(workers["database"], autocommit=True) as holder:
        holder.execute("BEGIN")
        holder.execute("LOCK TABLE checkpoint_writes IN ACCESS EXCLUSIVE MODE")
        stuck = threading.Thread(target=saver.put_writes, args=(saved, [("a", 1)], "task-1"), daemon=True)
        stuck.start()
        stuck.join(1)  # give it time to take its connection and wait on the table lock (it cannot finish)
        assert stuck.is_alive()
        other = threading.Thread(target=saver.put, daemon=True,
                                 args=({"configurable": {"thread_id": "another", "checkpoint_ns": ""}},
                                       empty_checkpoint(), {"source": "input", "step": -1}, {}))
        other.start()
        other.join(30)  # with a process-wide lock it would wait until the table lock is released below
        finished_alongside = not other.is_alive()
        holder.execute("COMMIT")
    stuck.join(30)
    assert finished_alongside, "another call's checkpoint save waited for an unrelated slow query"
    assert not stuck.is_alive()
