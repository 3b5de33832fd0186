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
