r"""A phone call in the terminal: you are the caller, each turn shows state, tool calls and slots.

make run                                   # talk; an empty line is silence, Ctrl-D hangs up
printf 'Book me on Tuesday at ten a m, my name is Jamie\nyes\n' | make run
make run ARGS="--plan book=taken"          # replay a failure: book refuses once
make run ARGS="--db calls.sqlite --thread my-call"   # resume a call after a restart
make run ARGS="--config clinic.example.toml"         # a clinic's own hours, numbers and calendar
make run ARGS="--now 2026-12-01T09:00-05:00"         # a fixed clock (tests, demos); the real one by default
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from checkpoints import make_checkpointer
from dialog.config import DEMO_CONFIG
from dialog.config_file import config_from_env, load_config
from graph.voice_agent import VoiceAgent
from voicekit.clinic import OUTCOMES, TOOLS


def parse_plan(items: list[str]) -> dict[str, list[str]]:
    """``["find_slots=timeout,ok", "book=taken"]`` -> ``{"find_slots": ["timeout", "ok"], "book": ["taken"]}``."""
    plan: dict[str, list[str]] = {}
    for item in items:
        tool, sep, outcomes = item.partition("=")
        if not sep or tool not in TOOLS:
            raise SystemExit(f"--plan takes TOOL=OUTCOME[,OUTCOME...] with TOOL in {', '.join(TOOLS)} "
                             f"and OUTCOME in {', '.join(OUTCOMES)}; got {item!r}")
        plan.setdefault(tool, []).extend(o.strip() for o in outcomes.split(",") if o.strip())
    return plan


def main(argv: list[str] | None = None) -> int:
    """Run one call in the terminal; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plan", action="append", default=[], metavar="TOOL=OUTCOMES",
                        help="scripted clinic failures, e.g. find_slots=timeout,ok (repeatable)")
    parser.add_argument("--db", default=".data/calls.sqlite",
                        help="checkpoint store: a SQLite path, 'memory', or a postgresql:// URL")
    parser.add_argument("--clinic-db", default=None, help="keep the clinic's bookings in this SQLite file")
    parser.add_argument("--thread", default=None, help="call id to start or resume")
    parser.add_argument("--config", default=None, help="the clinic's configuration file (default: $CLINIC_CONFIG, "
                                                       "else the demo clinic); see clinic.example.toml")
    parser.add_argument("--now", default=None, help="a fixed clock, e.g. 2026-12-01T09:00-05:00 (default: real)")
    args = parser.parse_args(argv)

    plan = parse_plan(args.plan)
    for path in (args.db, args.clinic_db):
        if path and "://" not in path and path != "memory":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    clock = fixed_clock(args.now) if args.now else (lambda: datetime.now(UTC))
    try:
        config = (load_config(args.config) if args.config else config_from_env(os.environ)) or DEMO_CONFIG
        api = config.open_calendar(clock=clock if args.now else None, plan=plan or None, demo_path=args.clinic_db)
    except (TypeError, ValueError) as bad:  # ConfigError is a ValueError: it names the key and the fix
        raise SystemExit(f"bad clinic setup: {bad}") from None
    try:
        agent = VoiceAgent(api, checkpointer=make_checkpointer(args.db), thread_id=args.thread, clock=clock,
                           profile=config.profile)
    except ValueError as ended:  # --thread names a call that is over: never replay its last words to a new caller
        raise SystemExit(f"cannot start the call: {ended}. Run again with another --thread, or without one.") from None
    interactive = sys.stdin.isatty()
    print(f"{config.profile.name} line (call {agent.thread_id}, state {agent.state}). "
          "Type as the caller; Ctrl-D hangs up.")
    while True:
        if interactive:
            print("caller> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        text = line.rstrip("\n")
        reply = agent.handle(text)
        if not interactive:  # the words as the call stored them: a card number masked, a phone by its last four
            print(f"caller> {agent.heard}")
        new_calls = api.calls[len(api.calls) - len(reply["tool_calls"]):] if reply["tool_calls"] else []
        tools = ", ".join(f"{name}({', '.join(map(str, a.values()))}) -> {outcome}" for name, a, outcome in new_calls)
        print(f"agent>  {reply['say']}")
        print(f"        [state {reply['state']} | tools: {tools or 'none'} | slots: {agent.slots}]")
    if agent.handoff:
        print(f"handoff: {agent.handoff}")
    booked = getattr(api, "bookings", None)  # the demo clinic lists them; a real calendar has its own viewer
    if booked is not None:
        print(f"clinic bookings: {booked if booked else 'none'}")
    return 0


def fixed_clock(iso: str) -> Callable[[], datetime]:
    """``--now``: a clock stopped at an ISO time; a bad one is refused with the format."""
    try:
        frozen = datetime.fromisoformat(iso)
    except ValueError:
        raise SystemExit(f"--now takes an ISO time such as 2026-12-01T09:00-05:00, got {iso!r}") from None
    return lambda: frozen


if __name__ == "__main__":
    sys.exit(main())
