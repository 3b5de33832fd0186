"""`make run` with piped stdin: a scripted call in the terminal books exactly once and shows it."""

import subprocess

from tests.integration_tests.helpers import ROOT, quiet_env


def test_make_run_books_once_from_piped_stdin(tmp_path):
    script = "Book me on Tuesday at ten a m, my name is Jamie\nyes\n"
    done = subprocess.run(["make", "-s", "run", f"ARGS=--db {tmp_path / 'calls.sqlite'}"], input=script,
                          capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "state CONFIRM" in out and "state DONE" in out
    assert out.count("book(tuesday, 10:00, Jamie) -> ok") == 1
    assert "clinic bookings: [{'booking_id': 'bk_0001', 'day': 'tuesday', 'time': '10:00', 'name': 'Jamie'}]" in out


def test_console_replays_a_failure_plan(tmp_path):
    script = "Book me on Tuesday at ten a m, my name is Jamie\nyes\n"
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", "memory", "--plan", "book=timeout"],
        input=script, capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "book(tuesday, 10:00, Jamie) -> timeout" in done.stdout and "state HANDOFF" in done.stdout
    assert "'reason': 'tool_failure'" in done.stdout


def test_console_rejects_a_bad_plan_with_the_format():
    done = subprocess.run([str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--plan", "boook=ok"],
                          input="", capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert done.returncode != 0 and "TOOL=OUTCOME" in done.stderr


def test_a_thread_that_ended_is_refused_by_name_and_never_replayed(tmp_path):
    """Issue 10: the same --thread run twice used to show the first caller's booking to the second."""
    console = [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", str(tmp_path / "calls.sqlite"),
               "--clinic-db", str(tmp_path / "clinic.sqlite"), "--thread", "front-desk-1"]
    first = subprocess.run(console, input="Book me on Tuesday at ten a m, my name is Jamie\nyes\n",
                           capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert first.returncode == 0 and "state DONE" in first.stdout, first.stderr
    second = subprocess.run(console, input="Book me on Wednesday at 9, my name is Sam\nyes\n",
                            capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert second.returncode != 0 and "front-desk-1" in second.stderr and "--thread" in second.stderr
    assert "Jamie" not in second.stdout + second.stderr
