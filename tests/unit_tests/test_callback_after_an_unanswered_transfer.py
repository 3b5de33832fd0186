"""The callback the phone line starts (the warm transfer rang out) asks first.

Reproduction: ``POST /calls/{id}/transfer {"answered": false, "caller_number": "<attacker's>"}`` left staff a
request to ring that number about someone else's call at once, with no read-back and no yes; a withheld
number left a request nobody could return; and the key was f"{call_id}:transfer" ("None:transfer" for a call
without an id, which two calls share). Here the line's report is the attacker's request, as the agent sees it.
"""

from datetime import datetime

import pytest

from graph.speedups.three_channels import stored_update
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI

MONDAY_MORNING = datetime(2026, 11, 30, 11, 0)  # the default profile: open, so a hand-off is a warm transfer
ATTACKER = "+1 617 555 0199"
HANDED_OFF = {"reason": "user_request", "summary": {"day": "tuesday", "time": "10:00", "name": "Jamie"}}


class KeyedClinic(ClinicAPI):
    """The demo clinic, remembering the idempotency key of every callback request."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.keys: list[str | None] = []

    def request_callback(self, name, phone, reason, summary=None, idempotency_key=None):
        self.keys.append(idempotency_key)
        return super().request_callback(name, phone, reason, summary, idempotency_key=idempotency_key)


def handed_off(api=None, **kwargs) -> tuple[VoiceAgent, ClinicAPI]:
    api = api if api is not None else KeyedClinic()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: MONDAY_MORNING, **kwargs)
    agent.handle("Book Tuesday at 10, my name is Jamie")
    assert agent.handle("let me speak to a person")["state"] == "HANDOFF"
    assert agent.handoff == HANDED_OFF
    return agent, api


def test_the_lines_report_asks_before_anything_is_written():
    agent, api = handed_off()
    reply = agent.transfer_unanswered(ATTACKER)
    assert reply["tool_calls"] == [] and api.callbacks == [] and api.calls[-1][0] != "request_callback"
    assert reply["state"] == "CONFIRM" == agent.state
    assert "Nobody could answer" in reply["say"] and "number ending 0 1 9 9" in reply["say"]
    assert "6 1 7" not in reply["say"]  # the caller id is read back by its last four only
    assert agent.handoff == HANDED_OFF


def test_a_yes_leaves_one_request_with_the_hand_offs_reason_and_summary():
    agent, api = handed_off()
    agent.transfer_unanswered("617-555-0123")
    done = agent.handle("yes")
    assert (done["state"], done["tool_calls"]) == ("HANDOFF", ["request_callback"])
    assert "call you back" in done["say"]
    assert api.callbacks == [{"callback_id": "cb_0001", "name": "Jamie", "phone": "+16175550123",
                              "reason": "user_request", "summary": {**HANDED_OFF["summary"], "date": "2026-12-01"}}]
    assert agent.handoff == HANDED_OFF  # the lab's record, exactly as it was
    # Rule 9 again: a second report, or a caller turn, changes nothing and calls nothing.
    assert agent.transfer_unanswered("617-555-0123")["tool_calls"] == []
    later = agent.handle("hello?")
    assert later["tool_calls"] == [] and later["say"] == done["say"] and later["state"] == "HANDOFF"
    assert len(api.callbacks) == 1 and agent.transfer is None


@pytest.mark.parametrize("refusal", ["no", "no thanks", "[DTMF] 2", "never mind", "oh, leave it", "uh-uh", "nuh-uh"])
def test_a_no_ends_politely_with_nothing_written(refusal):
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    reply = agent.handle(refusal)
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", []) and api.callbacks == []
    assert "haven't left" in reply["say"] and "goodbye" in reply["say"].lower()
    assert agent.handle("yes")["tool_calls"] == [] and agent.transfer_unanswered(ATTACKER)["tool_calls"] == []
    assert api.callbacks == [] and agent.handoff == HANDED_OFF


@pytest.mark.parametrize("unsure", ["yes?", "yes wait", "hmm", "leave it?", "yes, and book me for Friday"])
def test_anything_but_a_plain_yes_writes_nothing(unsure):
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    reply = agent.handle(unsure)
    assert reply["tool_calls"] == [] and api.callbacks == []
    assert reply["state"] in ("CONFIRM", "HANDOFF") and agent.handoff == HANDED_OFF


def test_two_unclear_answers_end_the_call_with_nothing_written():
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    assert agent.handle("hmm")["state"] == "CONFIRM"
    reply = agent.handle("blah blah")
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", []) and api.callbacks == []
    assert agent.handoff == HANDED_OFF


@pytest.mark.parametrize("withheld", [None, "", "anonymous", "Restricted", "+266696687", "12345", "client:alice"])
def test_a_withheld_number_is_asked_for_read_back_and_needs_a_yes(withheld):
    agent, api = handed_off()
    asked = agent.transfer_unanswered(withheld)
    assert (asked["state"], asked["tool_calls"]) == ("ASK_NAME", []) and "number" in asked["say"]
    assert "ending" not in asked["say"]  # no number to read back: nothing is offered for one
    read_back = agent.handle("it's 617 555 0123")
    assert (read_back["state"], read_back["tool_calls"]) == ("CONFIRM", [])
    assert "0 1 2 3" in read_back["say"] and api.callbacks == []  # a number the caller said is read back whole
    done = agent.handle("yes")
    assert done["tool_calls"] == ["request_callback"] and [c["phone"] for c in api.callbacks] == ["+16175550123"]
    assert agent.handoff == HANDED_OFF and done["state"] == "HANDOFF"


def test_a_card_number_at_the_number_question_is_not_kept():
    agent, api = handed_off()
    agent.transfer_unanswered(None)
    reply = agent.handle("3782 822463 10005")
    assert reply["state"] == "ASK_NAME" and "3782" not in reply["say"] and api.callbacks == []


def test_declining_to_give_a_number_writes_nothing():
    agent, api = handed_off()
    agent.transfer_unanswered(None)
    reply = agent.handle("no, I'd rather not")
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", []) and api.callbacks == []


def test_a_number_said_at_the_read_back_is_read_back_before_it_is_written():
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    corrected = agent.handle("no, call me on 617 555 0123")
    assert (corrected["state"], corrected["tool_calls"]) == ("CONFIRM", []) and "0 1 2 3" in corrected["say"]
    agent.handle("yes")
    assert [c["phone"] for c in api.callbacks] == ["+16175550123"]


def test_the_caller_id_the_call_started_with_is_used_when_the_report_has_none():
    agent, api = handed_off(caller_number="+1 617 555 0123")
    asked = agent.transfer_unanswered(None)
    assert asked["state"] == "CONFIRM" and "number ending 0 1 2 3" in asked["say"]
    agent.handle("[DTMF] 1")
    assert [c["phone"] for c in api.callbacks] == ["+16175550123"]


@pytest.mark.parametrize("turn", ["can I talk to a person", "[DTMF] 9", "I'd like to cancel my appointment"])
def test_another_request_during_the_question_changes_no_record_and_calls_nothing(turn):
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    reply = agent.handle(turn)
    assert reply["tool_calls"] == [] and agent.handoff == HANDED_OFF and api.callbacks == []


def test_an_emergency_during_the_question_is_answered_and_nothing_is_written():
    agent, api = handed_off()
    agent.transfer_unanswered(ATTACKER)
    reply = agent.handle("my husband collapsed")
    assert reply["state"] == "HANDOFF" and "911" in reply["say"] and "connecting you" not in reply["say"]
    assert reply["tool_calls"] == [] and api.callbacks == [] and agent.handoff == HANDED_OFF


def test_a_caller_turn_after_the_hand_off_cannot_start_the_question():
    agent, api = handed_off()
    for turn in ("nobody answered, call me back on 617 555 0123", "yes", "[DTMF] 1", "leave the request"):
        reply = agent.handle(turn)
        assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", [])
    assert api.callbacks == [] and agent.transfer is not None  # the line may still report on its transfer
    assert agent.transfer_unanswered(ATTACKER)["state"] == "CONFIRM"


def test_a_transfer_that_was_answered_cannot_be_reported_unanswered_later():
    agent, api = handed_off()
    agent.transfer_answered()
    reply = agent.transfer_unanswered(ATTACKER)
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", []) and api.callbacks == []


def test_each_call_has_its_own_key_and_none_is_shared():
    keys = []
    for _ in range(2):
        agent, api = handed_off()
        agent.transfer_unanswered(ATTACKER)
        agent.handle("yes")
        keys.extend(api.keys)
    assert len(keys) == 2 and len(set(keys)) == 2
    assert all(key and not key.startswith("None") and key.endswith(":transfer_callback:1") for key in keys)


def test_a_call_without_an_id_gets_one_before_its_key_is_made():
    # A hand-off recorded straight into the checkpoint (a broken first turn, a client driving the graph) has
    # no call id: two such calls must never share a key.
    keys = []
    for _ in range(2):
        api = KeyedClinic()
        agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: MONDAY_MORNING)
        agent._graph.update_state(agent._config, stored_update({"dialog_state": "HANDOFF", "handoff": HANDED_OFF,
                                                                "say": "put through"}), as_node="handoff")
        assert agent.transfer is not None
        assert agent.transfer_unanswered(ATTACKER)["state"] == "CONFIRM"
        assert agent.handle("yes")["tool_calls"] == ["request_callback"]
        keys.extend(api.keys)
    assert len(set(keys)) == 2 and not any(str(key).startswith("None") for key in keys)


def test_a_failed_request_is_never_re_sent_and_keeps_the_record():
    api = KeyedClinic(plan={"request_callback": ["timeout"]})
    agent, _ = handed_off(api)
    agent.transfer_unanswered(ATTACKER)
    reply = agent.handle("yes")
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", ["request_callback"])
    assert "won't try again" in reply["say"] and agent.handoff == HANDED_OFF
    assert agent.handle("yes")["tool_calls"] == [] and agent.transfer_unanswered(ATTACKER)["tool_calls"] == []


def test_a_clinic_that_takes_no_callback_requests_offers_none():
    class PlainClinic(ClinicAPI):
        request_callback = None  # the SPEC's clinic: find_slots, book, calls

    agent, api = handed_off(PlainClinic())
    reply = agent.transfer_unanswered(ATTACKER)
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", []) and "call again" in reply["say"]
    assert "leave a request" not in reply["say"] and agent.handoff == HANDED_OFF
