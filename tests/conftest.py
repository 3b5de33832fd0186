import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the grader imports agent.py from the repository root
os.environ.setdefault("LANGGRAPH_CLI_NO_ANALYTICS", "1")
os.environ.setdefault("LANGSMITH_TRACING", "false")
# numpy's BLAS (OpenBLAS) starts a thread per core for every matrix product, however small: MiniLM's one sentence
# at a time then spends its time waking threads, and on a loaded 2-core machine 13 times as long (measured: 100
# held-out turns 21.7 s, 1.7 s with one thread). Set before numpy is first imported (no plugin imports it sooner);
# the tests' workers and the notebook's kernel inherit it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


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


# -- where each test runs under pytest-xdist (`make test`: -n 2) ---------------------------------------------------
# The files that play a call's audio through Whisper in real time make one group, so one worker runs them one after
# another: on two cores two such calls at once would starve each other's turn-taking waits. Every other integration
# file (the LLM's, the typed simulator's among them) is a group of its own, so its module-scoped server (a service
# worker, Radicale, PostgreSQL, the LLM, Chromium) starts once. Unit tests are spread test by test. The groups are
# given to xdist as its scheduler (pytest 9 keeps a node's id where xdist 3.8's own `xdist_group` mark cannot add to
# it), in collection order: the audio group, the first collected and the longest, starts first.
AUDIO = ("test_browser_voice_call", "test_phone_", "test_short_replies", "test_twilio_", "test_two_machines")


def xdist_group(nodeid: str) -> str:
    """The work unit a test belongs to: "audio", an integration test's file, or the unit test itself."""
    path = nodeid.split("::", 1)[0]
    folder, _, name = path.rpartition("/")
    if not folder.endswith("integration_tests"):
        return nodeid
    return "audio" if name.startswith(AUDIO) else path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

    config.option.loadscopereorder = False  # keep collection order (by test count, the audio group could start last)
    return Grouped(config, log)
