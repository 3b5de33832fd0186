"""`make run` with piped stdin: a scripted call in the terminal books exactly once and shows it."""

import subprocess

from tests.integration_tests.helpers import ROOT, quiet_env


def test_make_run_books_once_from_piped_stdin(tmp_path):
    script = "Book me on Tuesday at ten a m, my name is Jamie\nyes\n"
    args = f"ARGS=--db {tmp_path / 'calls.sqlite'} --now 2026-12-01T09:00-05:00"  # a Tuesday: the next is the 8th
    done = subprocess.run(["make", "-s", "run", args], input=script,
                          capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "state CONFIRM" in out and "state DONE" in out
    assert out.count("book(tuesday, 10:00, Jamie, 2026-12-08) -> ok") == 1
    assert ("clinic bookings: [{'booking_id': 'bk_0001', 'day': 'tuesday', 'date': '2026-12-08', 'time': '10:00', "
            "'name': 'Jamie'}]") in out


def test_console_replays_a_failure_plan(tmp_path):
    script = "Book me on Tuesday at ten a m, my name is Jamie\nyes\n"
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", "memory", "--plan", "book=timeout",
         "--now", "2026-12-01T09:00-05:00"],
        input=script, capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "book(tuesday, 10:00, Jamie, 2026-12-08) -> timeout" in done.stdout and "state HANDOFF" in done.stdout
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


def test_console_speaks_for_the_configured_clinic(tmp_path):
    config = tmp_path / "clinic.toml"
    config.write_text((ROOT / "clinic.example.toml").read_text().replace("Riverside Family Clinic", "Harbour Dental"))
    script = "what are your hours?\nwhere are you?\nBook me on December 25th at ten a m, my name is Jamie\n"
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", "memory", "--config", str(config),
         "--now", "2026-12-01T09:00-05:00"], input=script, capture_output=True, text=True, cwd=ROOT,
        env=quiet_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Harbour Dental line")
    assert "We're closed on Wednesdays." in done.stdout and "8:30 am to 5 pm" in done.stdout
    assert "6 1 7, 5 5 5, 0 1 0 0" in done.stdout  # the file's front desk number
    assert "closed on Friday, December 25 for the holiday" in done.stdout and "book(" not in done.stdout


def test_console_refuses_a_bad_configuration_with_the_key_and_the_fix(tmp_path):
    config = tmp_path / "clinic.toml"
    config.write_text((ROOT / "clinic.example.toml").read_text().replace('monday = ["08:30", "17:00"]',
                                                                        'monday = ["8:30", "17:00"]'))
    done = subprocess.run([str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--config", str(config)],
                          input="", capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert done.returncode != 0 and "hours.monday" in done.stderr and "HH:MM" in done.stderr


def test_the_console_never_prints_a_card_number_the_caller_typed():
    """Issue 38 (10): a piped turn was echoed as typed, card number and all; it is shown as the agent stored it."""
    script = "Book me on Tuesday, my card is 4111 1111 1111 1111\nmy number is 617 555 0123, 10 am\n"
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", "memory", "--now", "2026-12-01T09:00-05:00"],
        input=script, capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "4111" not in done.stdout and "caller> Book me on Tuesday, my card is [redacted]" in done.stdout
    assert "caller> my number is [phone ending 0123], 10 am" in done.stdout


def test_make_run_holds_a_whole_korean_call_that_books(tmp_path):
    """Issue 39: `make run ARGS="--config clinic.ko.example.toml"` is a Korean line, and a Korean call books."""
    script = "안녕하세요, 진료 예약하고 싶어요\n다음 주 화요일이요\n오후 세 시 반이요\n이하늘이에요\n네\n"
    args = f"ARGS=--config clinic.ko.example.toml --db {tmp_path / 'calls.sqlite'} --now 2026-12-04T10:00+09:00"
    done = subprocess.run(["make", "-s", "run", args], input=script,
                          capture_output=True, text=True, cwd=ROOT, env=quiet_env(), timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("하늘내과의원 line")
    assert "agent>  어느 날 오시겠어요?" in out
    assert "12월 8일 화요일 오후 3시 반 예약이에요. 이대로 예약할까요?" in out
    assert out.count("book(tuesday, 15:30, 이하늘, 2026-12-08) -> ok") == 1
    assert ("clinic bookings: [{'booking_id': 'bk_0001', 'day': 'tuesday', 'date': '2026-12-08', 'time': '15:30', "
            "'name': '이하늘'}]") in out
