import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the grader imports agent.py from the repository root
os.environ.setdefault("LANGGRAPH_CLI_NO_ANALYTICS", "1")
os.environ.setdefault("LANGSMITH_TRACING", "false")


class LookAlikeClinic:
    """Another clinic backend offering only find_slots, book and calls (no voicekit inside).

    It follows the SPEC's semantics with its own code, so the agent is proven not to depend on
    voicekit.clinic.ClinicAPI internals.
    """

    OPEN = ["09:00", "10:00", "11:30", "14:30", "16:00"]

    def __init__(self, plan=None):
        self.plan = {k: list(v) for k, v in (plan or {}).items()}
        self.calls = []
        self.booked = []
        self.gone = set()

    def _outcome(self, tool):
        queue = self.plan.get(tool) or []
        return queue.pop(0) if queue else "ok"

    def find_slots(self, day):
        from voicekit.clinic import ToolError, ToolTimeout

        outcome = self._outcome("find_slots")
        self.calls.append(("find_slots", {"day": day}, outcome))
        if outcome == "timeout":
            raise ToolTimeout("no answer")
        if outcome != "ok":
            raise ToolError(outcome)
        if day in ("saturday", "sunday"):
            return []
        taken = {(d, t) for d, t, _ in self.booked} | self.gone
        return [t for t in self.OPEN if (day, t) not in taken]

    def book(self, day, time, name):
        from voicekit.clinic import ToolError, ToolTimeout

        outcome = self._outcome("book")
        if outcome == "taken":
            self.gone.add((day, time))
        if outcome in ("ok", "timeout"):
            self.booked.append((day, time, name))
        self.calls.append(("book", {"day": day, "time": time, "name": name}, outcome))
        if outcome == "timeout":
            raise ToolTimeout("no answer")
        if outcome != "ok":
            raise ToolError(outcome)
        return {"booking_id": f"x{len(self.booked)}", "day": day, "time": time, "name": name}

    @property
    def bookings(self):
        return [{"day": d, "time": t, "name": n} for d, t, n in self.booked]


@pytest.fixture
def sleeps():
    return []


@pytest.fixture
def make_agent(sleeps):
    from agent import VoiceAgent
    from voicekit.clinic import ClinicAPI

    def factory(plan=None, **kwargs):
        api = kwargs.pop("api", None) or ClinicAPI(plan=plan, bookings=kwargs.pop("bookings", None))
        return VoiceAgent(api, sleep=sleeps.append, **kwargs), api

    return factory


# -- where each test runs under pytest-xdist (`make test`: -n 2; the groups are in tests/where_tests_run.py) ----------
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from tests.where_tests_run import scheduler

    return scheduler(config, log)


def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):  # an xdist worker: every worker collects, and sorts, the same way
        from tests.where_tests_run import AUDIO_GROUP, xdist_group

        items.sort(key=lambda item: xdist_group(item.nodeid) != AUDIO_GROUP)  # stable: the longest group first
