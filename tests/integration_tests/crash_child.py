"""A call run in its own process, which kills itself (SIGKILL) at a chosen step boundary.

    python -m tests.integration_tests.crash_child CALLS_DB CLINIC_DB THREAD PROGRESS CRASH_AT TURN...

Step boundaries ("events") are counted: before and after every checkpoint write (``put`` and
``put_writes``) and right after every clinic tool returns — the last is the moment after ``book``
returned but before the graph could checkpoint it. With CRASH_AT=0 the call runs to the end and
prints how many events there were. Turns already answered (in PROGRESS) are not sent again; the
one that was cut off is re-sent, as a telephony layer would.
"""

import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

from langgraph.checkpoint.sqlite import SqliteSaver

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

events = 0
crash_at = 0
booked_at = 0  # the event right after book returned: booked on the clinic side, not yet checkpointed


def tick() -> None:
    global events
    events += 1
    if events == crash_at:
        os.kill(os.getpid(), signal.SIGKILL)


class CrashingSaver(SqliteSaver):
    def put(self, *args, **kwargs):
        tick()
        result = super().put(*args, **kwargs)
        tick()
        return result

    def put_writes(self, *args, **kwargs):
        tick()
        super().put_writes(*args, **kwargs)
        tick()


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
    conn = sqlite3.connect(calls_db, check_same_thread=False)
    saver = CrashingSaver(conn)
    saver.setup()
    clinic = (KeylessCrashingClinic if keyless else CrashingClinic)(path=clinic_db)
    # A restarted worker picks the call up wherever it was, ended or not (as the service does).
    agent = VoiceAgent(clinic, sleep=lambda s: None, thread_id=thread, checkpointer=saver, continue_ended=True)
    progress = Path(progress_path)
    answered = progress.read_text().splitlines() if progress.exists() else []
    for text in turns[len(answered):]:
        reply = agent.handle(text)
        with open(progress, "a") as out:
            out.write(json.dumps(reply) + "\n")
    return events


def main() -> int:
    calls_db, clinic_db, thread, progress_path, crash, *turns = sys.argv[1:]
    print(f"EVENTS {run_call(calls_db, clinic_db, thread, progress_path, int(crash), turns)} BOOKED_AT {booked_at}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
