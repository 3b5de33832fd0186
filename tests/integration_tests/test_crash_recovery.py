"""Kill the call's process at every step boundary, restart it, finish the call: exactly one booking."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys

import pytest

from tests.integration_tests.crash_child import run_call
from tests.integration_tests.helpers import ROOT, quiet_env
from tests.throwaway_pg import ThrowawayPostgres
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"
SCRIPTS = {
    "confirm_no": ([ONE_SHOT, "no, make it two thirty", "yes"], ("tuesday", "14:30", "Jamie")),
    "step_by_step": (["I'd like to book", "Wednesday", "eleven thirty", "Sam", "yes"], ("wednesday", "11:30", "Sam")),
    # Two writes on one yes (SPEC 7.6): book the new appointment, then cancel the old one, in one turn.
    # The number is checked before either (SPEC 6.4): the old one is looked up only once it matches.
    "reschedule": (["reschedule my Friday appointment to Tuesday at 10, my name is Jamie", "617 555 0123", "yes"],
                   ("tuesday", "10:00", "Jamie")),
}
# The clinic's appointments before the call (the reschedule moves this one).
ON_FILE = {"reschedule": [{"day": "friday", "time": "14:30", "name": "Jamie", "phone": "+16175550123"}]}


def _child(workdir, crash_at, turns, keyless=False, postgres=None):
    # On PostgreSQL the calls of every kill point share one database: each has a thread of its own.
    calls, thread = (postgres, f"call-{workdir}") if postgres else (str(workdir / "calls.sqlite"), "call-1")
    events = run_call(calls, str(workdir / "clinic.sqlite"), thread,
                      str(workdir / "progress.jsonl"), crash_at, turns, keyless)
    (workdir / "events").write_text(str(events))
    os._exit(0)


def run_child(workdir, crash_at, turns, keyless=False, postgres=None) -> int:
    """A forked child process (its own memory, files and database connections); returns its exit code."""
    child = multiprocessing.get_context("fork").Process(target=_child,
                                                        args=(workdir, crash_at, turns, keyless, postgres))
    child.start()
    child.join(120)
    return child.exitcode


def on_file(workdir, script):
    """The clinic database of a fresh run, with the appointments already booked before the call."""
    workdir.mkdir()
    ClinicAPI(path=str(workdir / "clinic.sqlite"), bookings=ON_FILE.get(script, []))
    return workdir


def crash_then_finish(base, crash_at, turns, keyless=False, script="", postgres=None):
    workdir = on_file(base / f"kill-{crash_at}", script)
    assert run_child(workdir, crash_at, turns, keyless, postgres) == -signal.SIGKILL
    assert run_child(workdir, 0, turns, keyless, postgres) == 0
    replies = [json.loads(line) for line in (workdir / "progress.jsonl").read_text().splitlines()]
    bookings = [(b["day"], b["time"], b["name"]) for b in ClinicAPI(path=str(workdir / "clinic.sqlite")).bookings]
    return crash_at, bookings, replies


@pytest.fixture(scope="module")
def postgres_url():
    with ThrowawayPostgres() as url:
        yield url


def every_kill_point_books_exactly_once(base, script, postgres=None):
    turns, booked = SCRIPTS[script]
    clean = on_file(base / "clean", script)
    assert run_child(clean, 0, turns, postgres=postgres) == 0
    events = int((clean / "events").read_text())
    assert events >= 10
    outcomes = [crash_then_finish(base, k, turns, script=script, postgres=postgres) for k in range(1, events + 1)]
    for crash_at, bookings, replies in outcomes:
        assert bookings == [booked], f"killed at event {crash_at}: clinic has {bookings}"
        assert replies[-1]["state"] == "DONE", f"killed at event {crash_at}: ended in {replies[-1]}"
    print(f"\n{script}: killed and recovered at all {events} step boundaries")


@pytest.mark.parametrize("script", list(SCRIPTS))
def test_every_kill_point_ends_with_exactly_the_confirmed_booking(tmp_path, script):
    every_kill_point_books_exactly_once(tmp_path, script)


@pytest.mark.parametrize("script", ["step_by_step", "reschedule"])  # confirm_no: keyless, below
def test_every_kill_point_of_a_service_turn_on_postgresql_books_exactly_once(tmp_path, script, postgres_url):
    """The service's turn on PostgreSQL, killed at every boundary (the turn's end sending what waited too).

    Its saves wait for the turn's end, and a step's writes go with its checkpoint (``checkpoints.postgres_turn``).
    """
    every_kill_point_books_exactly_once(tmp_path, script, postgres_url)


@pytest.mark.parametrize(("script", "store"), [("confirm_no", "sqlite"), ("reschedule", "sqlite"),
                                               ("confirm_no", "postgresql")])
def test_a_backend_without_idempotency_keys_is_written_at_most_once_at_every_kill_point(tmp_path, script, store,
                                                                                        request):
    """Keyless: a write cut off mid-step is never re-sent; the caller is handed to staff, who check."""
    postgres = request.getfixturevalue("postgres_url") if store == "postgresql" else None
    turns, booked = SCRIPTS[script]
    before = [(b["day"], b["time"], b["name"]) for b in ON_FILE.get(script, [])]
    clean = on_file(tmp_path / "clean", script)
    assert run_child(clean, 0, turns, keyless=True, postgres=postgres) == 0
    events = int((clean / "events").read_text())
    handed_off = 0
    for crash_at, bookings, replies in (crash_then_finish(tmp_path, k, turns, True, script, postgres)
                                        for k in range(1, events + 1)):
        # Each write at most once: never a second new appointment, never a cancel of anything but the old one.
        assert sorted(bookings) in (sorted(before), sorted([*before, booked]), [booked]), \
            f"killed at event {crash_at}: clinic has {bookings}"
        final = replies[-1]
        if final["state"] == "HANDOFF":  # the write was cut off: not re-sent, "a member of staff will check"
            handed_off += 1
            assert "check" in final["say"], final
        else:
            assert final["state"] == "DONE" and bookings == [booked], f"killed at event {crash_at}: {final}"
    assert handed_off >= 1  # the kill right after book returned is among them


CALLBACK = ["please call me back, my name is Jamie", "617 555 0123", "yes"]


@pytest.mark.parametrize("keyless", [False, True], ids=["keyed", "keyless"])
def test_every_kill_point_leaves_at_most_one_callback_request(tmp_path, keyless):
    """A callback request is a write too: exactly one with keys, at most one without.

    Without keys, a request cut off by the kill ends in a hand-off rather than a second request.
    """
    clean = on_file(tmp_path / "clean", "")
    assert run_child(clean, 0, CALLBACK, keyless) == 0
    events = int((clean / "events").read_text())
    handed_off = 0
    for crash_at in range(1, events + 1):
        workdir = on_file(tmp_path / f"kill-{crash_at}", "")
        assert run_child(workdir, crash_at, CALLBACK, keyless) == -signal.SIGKILL
        assert run_child(workdir, 0, CALLBACK, keyless) == 0
        final = json.loads((workdir / "progress.jsonl").read_text().splitlines()[-1])
        left = [(c["name"], c["phone"]) for c in ClinicAPI(path=str(workdir / "clinic.sqlite")).callbacks]
        if final["state"] == "DONE":
            assert left == [("Jamie", "+16175550123")], f"killed at event {crash_at}: {left}"
        else:  # keyless only: the request was cut off, so it is not re-sent
            assert keyless and final["state"] == "HANDOFF" and len(left) <= 1, f"killed at event {crash_at}: {final}"
            handed_off += 1
    assert handed_off >= (1 if keyless else 0)  # keyless: the kill right after the request was recorded


def test_the_child_also_runs_as_a_real_process(tmp_path):
    """The same call in separately started interpreters: killed right after book returned, then finished."""
    turns, booked = SCRIPTS["confirm_no"]

    def child(workdir, crash_at):
        workdir.mkdir(exist_ok=True)
        return subprocess.run(
            [sys.executable, "-m", "tests.integration_tests.crash_child", str(workdir / "calls.sqlite"),
             str(workdir / "clinic.sqlite"), "call-1", str(workdir / "progress.jsonl"), str(crash_at), *turns],
            cwd=ROOT, env=quiet_env(), capture_output=True, text=True, timeout=120)

    clean = child(tmp_path / "clean", 0)
    booked_at = int(clean.stdout.split("BOOKED_AT")[1])
    assert child(tmp_path / "killed", booked_at).returncode == -signal.SIGKILL
    assert ClinicAPI(path=str(tmp_path / "killed" / "clinic.sqlite")).bookings != []  # booked, not checkpointed
    finished = child(tmp_path / "killed", 0)
    assert finished.returncode == 0, finished.stderr
    bookings = ClinicAPI(path=str(tmp_path / "killed" / "clinic.sqlite")).bookings
    assert [(b["day"], b["time"], b["name"]) for b in bookings] == [booked]
