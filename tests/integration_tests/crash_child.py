"""A call run in its own process, which kills itself (SIGKILL) at a chosen step boundary.

    python -m tests.integration_tests.crash_child CALLS_DB CLINIC_DB THREAD PROGRESS CRASH_AT TURN...

CALLS_DB is a SQLite file, or a PostgreSQL URL: then each turn runs as the service's PostgreSQL call store
runs it (``service_turn``), with two more step boundaries, before and after the saves that waited are sent.

Step boundaries ("events") are counted: before and after every checkpoint write (``put`` and
``put_writes``) and right after every clinic tool returns — the last is the moment after ``book``
returned but before the graph could checkpoint it. With CRASH_AT=0 the call runs to the end and
prints how many events there were. Turns already answered (in PROGRESS) are not sent again; the
one that was cut off is re-sent, as a telephony layer would.
"""

import functools
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

from langgraph.checkpoint.sqlite import SqliteSaver

from agent import VoiceAgent
from checkpoints import postgres_checkpointer
from voicekit.clinic import ClinicAPI

events = 0
crash_at = 0
booked_at = 0  # the event right after book returned: booked on the clinic side, not yet checkpointed


def tick() -> None:
    global events
    events += 1
    if events == crash_at:
        os.kill(os.getpid(), signal.SIGKILL)


def ticking_saves(saver):
    """``saver``, ticking before and after each of its saves (``put`` and ``put_writes``)."""
    for name in ("put", "put_writes"):
        save = getattr(saver, name)

        @functools.wraps(save)  # LangGraph reads put_writes' signature
        def ticking(*args, _save=save, **kwargs):
            tick()
            result = _save(*args, **kwargs)
            tick()
            return result

        setattr(saver, name, ticking)
    return saver


def service_turn(saver, url: str, agent: VoiceAgent, text: str) -> dict:
    """One turn as the PostgreSQL call store runs it: on one connection, the saves that waited sent at its end."""
    import psycopg

    from checkpoints.postgres_turn import CallTurn, taking_part

    with psycopg.connect(url, autocommit=True) as conn:
        turn = CallTurn(saver, conn)
        with taking_part(turn):
            reply = agent.handle(text)
        tick()  # answered, its waiting saves not yet sent
        turn.send()
        tick()
    return reply


class CrashingClinic(ClinicAPI):
    """The clinic, ticking after each tool returns (a backend that takes idempotency keys)."""

    def find_slots(self, *args, **kwargs):
        result = super().find_slots(*args, **kwargs)
        tick()
        return result

    def find_bookings(self, *args, **kwargs):
        result = super().find_bookings(*args, **kwargs)
        tick()
        return result

    def book(self, *args, **kwargs):
        global booked_at
        result = super().book(*args, **kwargs)
        booked_at = events + 1
        tick()  # booked on the clinic side, not yet checkpointed
        return result

    def cancel(self, *args, **kwargs):
        result = super().cancel(*args, **kwargs)
        tick()  # cancelled on the clinic side, not yet checkpointed
        return result

    def request_callback(self, *args, **kwargs):
        result = super().request_callback(*args, **kwargs)
        tick()  # recorded on the clinic side, not yet checkpointed
        return result


class KeylessCrashingClinic(CrashingClinic):
    """The same clinic behind the plain SPEC signatures: book and cancel take no idempotency key."""

    def book(self, day, time, name):
        return super().book(day, time, name)

    def cancel(self, booking_id):
        return super().cancel(booking_id)

    def request_callback(self, name, phone, reason, summary=None):
        return super().request_callback(name, phone, reason, summary)


def run_call(calls_db: str, clinic_db: str, thread: str, progress_path: str, crash: int, turns: list[str],
             keyless: bool = False) -> int:
    """Play the call's remaining turns; returns the number of step boundaries passed."""
    global crash_at, events
    crash_at, events = crash, 0
    on_postgres = calls_db.startswith("postgresql://")
    if on_postgres:
        saver = ticking_saves(postgres_checkpointer(calls_db))  # the service's TurnSaver, as configured
    else:
        saver = ticking_saves(SqliteSaver(sqlite3.connect(calls_db, check_same_thread=False)))
        saver.setup()
    clinic = (KeylessCrashingClinic if keyless else CrashingClinic)(path=clinic_db)
    # A restarted worker picks the call up wherever it was, ended or not (as the service does).
    agent = VoiceAgent(clinic, sleep=lambda s: None, thread_id=thread, checkpointer=saver, continue_ended=True)
    progress = Path(progress_path)
    answered = progress.read_text().splitlines() if progress.exists() else []
    for text in turns[len(answered):]:
        reply = service_turn(saver, calls_db, agent, text) if on_postgres else agent.handle(text)
        with open(progress, "a") as out:
            out.write(json.dumps(reply) + "\n")
    return events


def main() -> int:
    calls_db, clinic_db, thread, progress_path, crash, *turns = sys.argv[1:]
    print(f"EVENTS {run_call(calls_db, clinic_db, thread, progress_path, int(crash), turns)} BOOKED_AT {booked_at}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
