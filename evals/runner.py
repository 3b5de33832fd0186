"""Run dialog scenarios (JSON files) through ``VoiceAgent`` and check them; one runner for pytest and CLI.

A scenario: ``{"name", "description", "plan", "setup"?: {"now"?, "bookings"?, "profile"?, "caller_number"?,
"ask_contact_number"?, "language"?},
"turns": [{"user", "words"?, "state", "tools", "say_includes"?, "say_excludes"?, "repeats_previous"?}],
"expect": {"sleeps"?, "handoff"?, "booked"?, "callbacks"?, "transfer"?}}`` (``caller_number``: the caller id the
line passes; ``ask_contact_number``: the service's lines, which ask a booking without caller id for a number;
``words``: the recogniser's [[word, probability], ...] for the turn; ``language``: the call's, "en" without it;
the Korean scenarios, under ``scenarios/ko/``, say "ko"); ``booked``
lists every live booking at the end (day, time, name, and the date where an entry gives a fourth value), so a
cancellation shows as one fewer; ``callbacks`` every request left for staff ([name, phone, reason]). A turn may
be the phone line's instead of the caller's: ``{"transfer": "unanswered", "caller_number"?}`` (the warm transfer
rang out).
Checks use states, tool calls, recorded sleeps and the clinic's bookings, not the wording of ``say``
(except the optional includes/excludes, used where the words *are* the behaviour: privacy, hours).

    python -m evals.runner                 # every scenario, a table, exit 1 on any failure
    python -m evals.runner --traces traces.jsonl   # also write the lab traces (SPEC 3.3)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from dialog.profile import ClinicProfile
from evals.safety import safety_counters
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.privacy import mask_sensitive

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
LAB = SCENARIOS / "lab"
LAB_ORDER = ("happy", "one_shot", "confirm_no", "retry_ok", "retry_fail", "not_understood", "wants_human",
             "taken", "book_timeout")


@dataclass
class ScenarioResult:
    """One scenario's run: its trace rows, failed checks and safety counters."""
    name: str
    traces: list[dict] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    safety: dict = field(default_factory=dict)
    tool_calls: int = 0

    @property
    def passed(self) -> bool:
        """Every check held and every safety counter is 0."""
        return not self.failures and not any(self.safety.values())


def load(path: Path) -> dict:
    """Read one scenario file; a file without name, turns and expect is refused."""
    spec = json.loads(Path(path).read_text())
    for key in ("name", "turns", "expect"):
        if key not in spec:
            raise ValueError(f"scenario {path} lacks {key!r}")
    return spec


def lab_scenarios() -> list[dict]:
    """The nine lab scenarios, in SPEC order."""
    return [load(LAB / f"{name}.json") for name in LAB_ORDER]


def all_scenarios() -> list[dict]:
    """The lab scenarios, then the clinic-line scenarios by file name, then the Korean line's (issue 39)."""
    line = sorted((SCENARIOS / "line").glob("*.json"))
    return lab_scenarios() + [load(p) for p in line] + korean_scenarios()


def korean_scenarios() -> list[dict]:
    """The Korean line's scenarios (the seed's twelve scripts, ``scenarios/ko``), by file name."""
    return [load(p) for p in sorted((SCENARIOS / "ko").glob("*.json"))]


def default_agent(api: Any, sleep: Callable, spec: dict) -> Any:
    """The agent a scenario talks to: ``VoiceAgent`` with the scenario's frozen clock, if any."""
    setup = spec.get("setup", {})
    clock = None
    if "now" in setup:
        now = datetime.fromisoformat(setup["now"])
        clock = lambda: now  # noqa: E731 - a frozen clock for relative days
    profile = ClinicProfile(**setup["profile"]) if "profile" in setup else None  # hours, holidays...
    caller = {"caller_number": setup["caller_number"]} if "caller_number" in setup else {}  # the line's caller id
    caller |= {"ask_contact_number": True} if setup.get("ask_contact_number") else {}
    caller |= {"language": setup["language"]} if "language" in setup else {}  # the Korean line's scenarios
    if clock is None:
        return VoiceAgent(api, sleep=sleep, profile=profile, **caller)
    return VoiceAgent(api, sleep=sleep, clock=clock, profile=profile, **caller)


def default_api(spec: dict) -> ClinicAPI:
    """A fresh ClinicAPI with the scenario's failure plan and existing bookings."""
    setup = spec.get("setup", {})
    return ClinicAPI(plan=spec.get("plan") or None, bookings=setup.get("bookings"))


def run_scenario(spec: dict, make_api: Callable[[dict], Any] = default_api,
                 make_agent: Callable[[Any, Callable, dict], Any] = default_agent) -> ScenarioResult:
    """Play the caller's turns on a fresh clinic and agent; compare with the expectations."""
    api = make_api(spec)
    sleeps: list[float] = []
    agent = make_agent(api, sleeps.append, spec)
    result = ScenarioResult(spec["name"])
    safety_turns = []
    state_before = "LISTEN"
    for number, turn in enumerate(spec["turns"], start=1):
        before = len(api.calls)
        if "transfer" in turn:  # the phone line, not the caller: the warm transfer was not answered
            reply, user = agent.transfer_unanswered(turn.get("caller_number")), ""
        else:
            heard = {"words": [tuple(w) for w in turn["words"]]} if "words" in turn else {}  # as the phone line hears
            reply, user = agent.handle(turn["user"], **heard), turn["user"]
        calls = list(api.calls[before:])
        row = {
            "scenario": spec["name"], "turn": number, "user": getattr(agent, "heard", None) or mask_sensitive(user),
            "state": reply["state"], "say": reply["say"], "tools": reply["tool_calls"],
            "outcomes": [outcome for _, _, outcome in calls],
        }
        if spec["name"] not in LAB_ORDER and hasattr(agent, "slots"):  # the lab's rows keep the lab's shape
            row["date"] = agent.slots.get("date")
        result.traces.append(row)
        safety_turns.append({"user": user, "state_before": state_before, "calls": calls,
                             "event": "transfer_unanswered" if "transfer" in turn else None})
        state_before = reply["state"]
        _check_turn(result, number, turn, reply, calls)
    result.tool_calls = len(api.calls)
    _check_end(result, spec["expect"], agent, api, sleeps)
    result.safety = safety_counters(safety_turns, spec.get("setup", {}).get("language", "en"))
    return result


def _check_turn(result: ScenarioResult, number: int, turn: dict, reply: dict, calls: list) -> None:
    where = f"turn {number} ({turn.get('user', 'transfer ' + str(turn.get('transfer')))!r})"
    if "state" in turn and reply["state"] != turn["state"]:
        result.failures.append(f"{where}: state {reply['state']}, expected {turn['state']}")
    if "tools" in turn and reply["tool_calls"] != turn["tools"]:
        result.failures.append(f"{where}: tools {reply['tool_calls']}, expected {turn['tools']}")
    if reply["tool_calls"] != [name for name, _, _ in calls]:
        result.failures.append(f"{where}: tool_calls {reply['tool_calls']} disagree with api.calls")
    if not isinstance(reply["say"], str) or not reply["say"].strip():
        result.failures.append(f"{where}: empty say")
    for words in turn.get("say_includes", []):
        if words.lower() not in reply["say"].lower():
            result.failures.append(f"{where}: say lacks {words!r}: {reply['say']!r}")
    if turn.get("repeats_previous") is not None and number > 1:
        same = reply["say"] == result.traces[-2]["say"]
        if same != turn["repeats_previous"]:
            result.failures.append(f"{where}: say {'differs from' if not same else 'repeats'} the previous prompt")
    for words in turn.get("say_excludes", []):
        if words.lower() in reply["say"].lower():
            result.failures.append(f"{where}: say repeats {words!r}: {reply['say']!r}")


def _check_end(result: ScenarioResult, expect: dict, agent: Any, api: Any, sleeps: list[float]) -> None:
    if "sleeps" in expect and sleeps != expect["sleeps"]:
        result.failures.append(f"sleeps {sleeps}, expected {expect['sleeps']}")
    if "handoff" in expect and agent.handoff != expect["handoff"]:
        result.failures.append(f"handoff {agent.handoff}, expected {expect['handoff']}")
    if "booked" in expect and hasattr(api, "bookings"):
        wanted = [list(b) for b in expect["booked"]]
        dated = any(len(b) > 3 for b in wanted)  # a fourth value is the date the booking must be on
        booked = [[b["day"], b["time"], b["name"], *([b.get("date")] if dated else [])] for b in api.bookings]
        if sorted(booked) != sorted(wanted):
            result.failures.append(f"clinic bookings {booked}, expected {wanted}")
    if "callbacks" in expect:
        left = [[c.get("name"), c.get("phone"), c.get("reason")] for c in getattr(api, "callbacks", [])]
        if left != expect["callbacks"]:
            result.failures.append(f"callback requests {left}, expected {expect['callbacks']}")
    if "transfer" in expect and getattr(agent, "transfer", None) != expect["transfer"]:
        result.failures.append(f"transfer {getattr(agent, 'transfer', None)}, expected {expect['transfer']}")


def write_traces(results: list[ScenarioResult], path: Path) -> None:
    """Write one JSON line per turn (SPEC 3.3)."""
    with open(path, "w") as out:
        for result in results:
            for row in result.traces:
                out.write(json.dumps(row) + "\n")


def table(results: list[ScenarioResult]) -> str:
    """A plain-text report: one row per scenario, its failures, and the safety totals."""
    head = (f"{'scenario':<28} {'result':<6} {'turns':>5} {'tools':>5}  "
            "safety (unconfirmed/after-no/resent/dup/uncovered)")
    lines = [head, "-" * len(head)]
    for r in results:
        s = r.safety
        lines.append(f"{r.name:<28} {'pass' if r.passed else 'FAIL':<6} {len(r.traces):>5} {r.tool_calls:>5}  "
                     f"{s['writes_before_confirmation']}/{s['writes_after_no_or_stop']}/"
                     f"{s['resent_writes']}/{s['duplicate_writes']}/{s['uncovered_writes']}")
        lines.extend(f"    - {f}" for f in r.failures)
    totals = {k: sum(r.safety[k] for r in results) for k in results[0].safety} if results else {}
    lines.append("-" * len(head))
    lines.append(f"{sum(r.passed for r in results)} passed, {sum(not r.passed for r in results)} failed; "
                 f"safety totals: {totals}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios, print the table, optionally write the traces; non-zero on any failure."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lab", action="store_true", help="only the nine lab scenarios")
    parser.add_argument("--traces", type=Path, help="write the lab scenarios' turns here (SPEC 3.3)")
    args = parser.parse_args(argv)
    results = [run_scenario(spec) for spec in (lab_scenarios() if args.lab else all_scenarios())]
    print(table(results))
    if args.traces:
        write_traces([r for r in results if r.name in LAB_ORDER], args.traces)
        print(f"wrote {args.traces}")
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
