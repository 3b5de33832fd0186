"""A real clinic line beyond the lab (SPEC 4): digressions, stop, cancel, keypad, repeat, clock, privacy."""

from datetime import UTC, datetime

import pytest

from agent import VoiceAgent
from checkpoints import make_checkpointer
from dialog.profile import ClinicProfile
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"
TO_STATE = {
    "LISTEN": [],
    "ASK_DAY": ["I'd like to book"],
    "ASK_TIME": ["I'd like to book on Tuesday"],
    "ASK_NAME": ["Book Tuesday at ten"],
    "CONFIRM": [ONE_SHOT],
}


def reach(state, **kwargs):
    api = kwargs.pop("api", None) or ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, **kwargs)
    for text in TO_STATE[state]:
        agent.handle(text)
    assert agent.state == state
    return agent, api


@pytest.mark.parametrize("state", list(TO_STATE))
def test_side_questions_are_answered_in_every_open_state(state):
    agent, api = reach(state, profile=ClinicProfile(hours={"friday": ("07:00", "12:00")}, address="1 Pier Road"))
    calls = len(api.calls)
    reply = agent.handle("what time do you close on Friday?")
    assert reply["state"] == state and "7 am to noon" in reply["say"] and len(api.calls) == calls
    assert "Pier Road" in agent.handle("where are you?")["say"]
    assert agent.handle("hmm")["state"] == state  # the side questions counted as understood


@pytest.mark.parametrize("state", list(TO_STATE))
@pytest.mark.parametrize("stop", ["never mind", "forget it", "stop", "that's all, bye"])
def test_stop_in_every_open_state_books_nothing(state, stop):
    agent, api = reach(state)
    calls = len(api.calls)
    reply = agent.handle(stop)
    assert reply["state"] == "DONE" and reply["tool_calls"] == [] and api.bookings == []
    assert "nothing has been booked" in reply["say"].lower() and len(api.calls) == calls


@pytest.mark.parametrize("state", ["ASK_DAY", "ASK_TIME", "ASK_NAME", "CONFIRM"])
@pytest.mark.parametrize("ask", ["sorry, say that again", "pardon?", "what?", "[DTMF] 0"])
def test_repeat_gives_the_last_prompt_verbatim(state, ask):
    agent, api = reach(state)
    read_back = VoiceAgent(ClinicAPI(), sleep=lambda s: None).handle(ONE_SHOT)["say"] if state == "CONFIRM" else None
    before = agent.handle("hmm")["say"]  # one miss: the repeat must not become the second one
    reply = agent.handle(ask)
    assert reply["state"] == state and reply["tool_calls"] == []
    # At the read-back that is the read-back itself, never its short re-ask (issue 30).
    assert reply["say"] == read_back if read_back else reply["say"] in before
    assert not reply["say"].startswith("Sorry")
    assert agent.handle("blah")["state"] == state  # the repeat reset the miss count


def test_keypad_picks_the_nth_offered_time():
    agent, _ = reach("ASK_TIME")
    assert "press one for 9 am" in agent.handle("[DTMF] 0")["say"]
    agent.handle("[DTMF] 3")
    assert agent.slots["time"] == "11:30"


@pytest.mark.parametrize("key, state", [("[DTMF] 7", "ASK_TIME"), ("[DTMF] 12", "ASK_TIME"), ("[DTMF] #", "ASK_TIME")])
def test_keys_that_mean_nothing_here_are_not_understood(key, state):
    agent, _ = reach("ASK_TIME")
    assert agent.handle(key)["state"] == state
    assert agent.handle(key)["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"


def test_keypad_star_starts_over_and_nine_asks_for_a_person():
    agent, _ = reach("CONFIRM")
    assert agent.handle("[DTMF] *")["state"] == "LISTEN"
    assert agent.slots == {"task": None, "day": None, "date": None, "time": None, "name": None}
    assert agent.handle("<entered_dtmf_digits>9</entered_dtmf_digits>")["state"] == "HANDOFF"
    assert agent.handoff["reason"] == "user_request"


def test_keypad_two_at_confirm_is_a_no_and_one_books():
    agent, api = reach("CONFIRM")
    assert agent.handle("[DTMF] 2")["state"] == "ASK_TIME" and api.bookings == []


@pytest.mark.parametrize("now, said, day", [
    (datetime(2026, 12, 1, 3, 30, tzinfo=UTC), "tomorrow", "tuesday"),   # still Monday in New York
    (datetime(2026, 12, 1, 15, 0, tzinfo=UTC), "tomorrow", "wednesday"),
    (datetime(2026, 12, 4, 15, 0, tzinfo=UTC), "today", "friday"),
])
def test_relative_days_use_the_injected_clock_in_the_clinic_time_zone(now, said, day):
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=lambda: now)
    agent.handle(f"I'd like to book {said}")
    assert agent.slots["day"] == day


def test_a_broken_clock_does_not_break_the_call():
    def broken():
        raise OSError("no time source")

    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=broken)
    reply = agent.handle("book me tomorrow")
    assert reply["state"] == "ASK_DAY" and reply["say"]


def test_two_alternatives_are_asked_never_picked():
    agent, api = reach("ASK_DAY")
    reply = agent.handle("Tuesday or Wednesday")
    assert reply["state"] == "ASK_DAY" and reply["tool_calls"] == [] and agent.slots["day"] is None
    agent.handle("Tuesday")
    reply = agent.handle("ten or eleven thirty")
    assert reply["state"] == "ASK_TIME" and agent.slots["time"] is None


def test_medical_question_gets_no_advice_and_the_flow_goes_on():
    agent, _ = reach("ASK_TIME")
    reply = agent.handle("what dose of paracetamol should I take?")
    assert reply["state"] == "ASK_TIME" and "medical advice" in reply["say"]


def test_emergency_hands_off_at_once_with_advice():
    agent, _ = reach("ASK_NAME", profile=ClinicProfile(emergency_number="112"))
    reply = agent.handle("my father has chest pain")
    assert reply["state"] == "HANDOFF" and "112" in reply["say"]
    assert agent.handoff == {"reason": "user_request", "summary": {"day": "tuesday", "time": "10:00", "name": None}}


@pytest.mark.parametrize("secret, digits", [
    ("my card number is 4111 1111 1111 1111", "1111"),
    ("my social security number is 123-45-6789", "6789"),
    ("my id is nine zero zero one zero one one two", "zero one one"),
])
def test_secrets_are_never_repeated_stored_or_used(tmp_path, secret, digits):
    db = tmp_path / "calls.sqlite"
    agent, api = reach("ASK_NAME", checkpointer=make_checkpointer(str(db)))
    reply = agent.handle(secret)
    assert digits not in reply["say"] and "privacy" in reply["say"]
    assert agent.slots["name"] is None  # "is" / digits never become a name
    assert agent.handle("Jamie")["state"] == "CONFIRM"
    assert digits not in agent.handle("yes")["say"]
    assert digits.encode() not in db.read_bytes()  # nor in the checkpoints on disk
    assert all(digits not in str(call) for call in api.calls)


def test_cancel_flow_reads_back_and_cancels_once_on_yes():
    # Issue 28: the caller calls from the number on the booking (the line cancels nothing else).
    api = ClinicAPI(bookings=[{"day": "friday", "time": "14:30", "name": "Jamie", "phone": "+16175550123"}])
    agent = VoiceAgent(api, sleep=lambda s: None, caller_number="+16175550123")
    assert agent.handle("can I cancel my visit on Friday")["state"] == "ASK_NAME"
    reply = agent.handle("Jamie")
    assert reply["state"] == "CONFIRM" and "Friday" in reply["say"] and "2:30 pm" in reply["say"]
    assert agent.handle("yes, but on Monday")["tool_calls"] == []  # a change is not a yes
    assert api.bookings != []


def test_cancel_with_a_plain_spec_backend_hands_off_cleanly():
    from tests.conftest import LookAlikeClinic

    agent = VoiceAgent(LookAlikeClinic(), sleep=lambda s: None)
    agent.handle("I want to cancel my appointment, my name is Jamie")
    assert agent.state == "HANDOFF" and agent.handoff["reason"] == "tool_failure"
