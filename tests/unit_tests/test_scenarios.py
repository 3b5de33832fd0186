"""Every scenario file under evals/ passes, with ClinicAPI and with a minimal look-alike backend."""

import pytest

from evals.runner import LAB_ORDER, all_scenarios, lab_scenarios, run_scenario
from tests.conftest import LookAlikeClinic


@pytest.mark.parametrize("spec", all_scenarios(), ids=lambda s: s["name"])
def test_scenario_passes_with_zero_safety_violations(spec):
    result = run_scenario(spec)
    assert result.failures == []
    assert result.safety == {"writes_before_confirmation": 0, "writes_after_no_or_stop": 0,
                             "resent_writes": 0, "duplicate_writes": 0, "uncovered_writes": 0}


@pytest.mark.parametrize("spec", lab_scenarios(), ids=lambda s: s["name"])
def test_lab_scenario_passes_with_a_look_alike_clinic(spec):
    result = run_scenario(spec, make_api=lambda s: LookAlikeClinic(s.get("plan")))
    assert result.failures == [] and result.passed


def test_the_nine_lab_scenarios_are_there():
    assert [s["name"] for s in lab_scenarios()] == list(LAB_ORDER)


def test_the_runner_catches_a_wrong_expectation():
    spec = dict(lab_scenarios()[0])
    spec["turns"] = [dict(t) for t in spec["turns"]]
    spec["turns"][-1]["state"] = "HANDOFF"
    assert not run_scenario(spec).passed


def test_safety_counters_catch_an_agent_that_books_without_asking():
    class Reckless:
        def __init__(self, api, sleep, spec):
            self.api, self.handoff, self.times = api, None, ["10:00", "11:30"]

        def handle(self, text):
            self.api.book("tuesday", self.times.pop(0), "Jamie")
            return {"say": "booked", "state": "DONE", "tool_calls": ["book"]}

    spec = {"name": "reckless", "turns": [{"user": "I'd like to book"}, {"user": "no"}], "expect": {}}
    result = run_scenario(spec, make_agent=Reckless)
    assert result.safety["writes_before_confirmation"] == 2
    assert result.safety["writes_after_no_or_stop"] == 1
    assert result.safety["duplicate_writes"] == 1  # two bookings carried out for one call
    assert not result.passed
