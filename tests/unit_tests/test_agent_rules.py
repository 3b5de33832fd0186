"""VoiceAgent against every dialog rule of SPEC 3.1 (states and tool records, never the wording)."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def play(agent, *turns):
    return [agent.handle(t) for t in turns]


def test_starts_in_listen_with_no_handoff(make_agent):
    agent, _ = make_agent()
    assert agent.state == "LISTEN" and agent.handoff is None


def test_several_slots_at_once_go_straight_to_confirm(make_agent):
    agent, api = make_agent()
    reply = agent.handle(ONE_SHOT)
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == ["find_slots"]
    assert "Jamie" in reply["say"] and "Tuesday" in reply["say"]  # the read-back names what will be booked


def test_time_given_before_the_lookup_is_checked(make_agent):
    agent, api = make_agent()
    reply = agent.handle("Book me on Tuesday at ten fifteen, my name is Jamie")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == ["find_slots"]
    assert agent.slots["time"] is None


def test_time_not_offered_is_offered_again(make_agent):
    agent, api = make_agent()
    play(agent, "I'd like to book", "Tuesday")
    reply = agent.handle("ten fifteen")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == []


def test_day_with_no_open_time_asks_for_another_day(make_agent):
    agent, api = make_agent()
    reply = agent.handle("I'd like to book on Saturday")
    assert reply["state"] == "ASK_DAY" and reply["tool_calls"] == ["find_slots"]
    reply = agent.handle("Monday")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == ["find_slots"]


@pytest.mark.parametrize("said, name", [("Jamie", "Jamie"), ("it's Sam", "Sam"), ("uh Priya", "Priya"),
                                        ("MARIA", "Maria")])
def test_name_turn_takes_the_last_word(make_agent, said, name):
    agent, _ = make_agent()
    play(agent, "Book Tuesday at ten")
    reply = agent.handle(said)
    assert reply["state"] == "CONFIRM" and agent.slots["name"] == name


@pytest.mark.parametrize("not_a_name", ["yes", "no", "hmm"])
def test_yes_no_hmm_are_not_names(make_agent, not_a_name):
    agent, _ = make_agent()
    play(agent, "Book Tuesday at ten")
    reply = agent.handle(not_a_name)
    assert reply["state"] == "ASK_NAME" and agent.slots["name"] is None


def test_yes_books_exactly_once(make_agent):
    agent, api = make_agent()
    play(agent, ONE_SHOT)
    reply = agent.handle("yes")
    assert reply["state"] == "DONE" and reply["tool_calls"] == ["book"]
    # A dated clinic gets the date too (SPEC 6.1): a weekday said alone is the coming one, never today.
    today = datetime.now(ZoneInfo("America/New_York")).date()
    tuesday = next(today + timedelta(days=k) for k in range(1, 8) if (today + timedelta(days=k)).weekday() == 1)
    assert api.calls[-1] == ("book", {"day": "tuesday", "time": "10:00", "name": "Jamie",
                                      "date": tuesday.isoformat()}, "ok")


def test_yes_that_changes_a_value_is_a_correction(make_agent):
    agent, api = make_agent()
    play(agent, ONE_SHOT)
    reply = agent.handle("yes, but make it two thirty")
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == []
    assert agent.slots["time"] == "14:30"
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert api.calls[-1][1]["time"] == "14:30"


def test_no_with_a_new_day_looks_it_up_and_confirms_again(make_agent):
    agent, api = make_agent()
    play(agent, ONE_SHOT)
    reply = agent.handle("no, make it Wednesday")
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == ["find_slots"]
    assert agent.slots["day"] == "wednesday" and agent.slots["time"] == "10:00"


def test_plain_no_clears_the_time_and_offers_again(make_agent):
    agent, api = make_agent()
    play(agent, ONE_SHOT)
    reply = agent.handle("no")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == []
    assert agent.slots["time"] is None and agent.slots["day"] == "tuesday"


@pytest.mark.parametrize("reply_at_confirm", ["no", "nope", "no, make it two thirty", "NO THAT'S NOT RIGHT"])
def test_book_is_never_called_on_a_no(make_agent, reply_at_confirm):
    agent, api = make_agent()
    play(agent, ONE_SHOT)
    assert agent.handle(reply_at_confirm)["tool_calls"] == []
    assert api.bookings == []


def test_find_slots_timeouts_are_retried_with_backoff(make_agent, sleeps):
    agent, api = make_agent(plan={"find_slots": ["timeout", "timeout", "ok"]})
    reply = agent.handle("I'd like to book an appointment for Tuesday")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == ["find_slots"] * 3
    assert sleeps == [0.5, 1.0]


def test_max_retries_and_backoff_are_honoured(sleeps):
    api = ClinicAPI(plan={"find_slots": ["timeout"] * 5})
    agent = VoiceAgent(api, sleep=sleeps.append, max_retries=3, backoff=(0.1, 0.2, 0.4))
    reply = agent.handle("Book on Tuesday")
    assert reply["tool_calls"] == ["find_slots"] * 4 and sleeps == [0.1, 0.2, 0.4]
    assert reply["state"] == "HANDOFF" and agent.handoff["reason"] == "tool_failure"


def test_find_slots_refusal_hands_off_at_once(make_agent, sleeps):
    agent, _ = make_agent(plan={"find_slots": ["error"]})
    reply = agent.handle("Book on Tuesday")
    assert reply["state"] == "HANDOFF" and reply["tool_calls"] == ["find_slots"] and sleeps == []
    assert agent.handoff == {"reason": "tool_failure", "summary": {"day": "tuesday", "time": None, "name": None}}


def test_book_refused_for_another_reason_hands_off_without_resending(make_agent):
    agent, api = make_agent(plan={"book": ["error"]})
    play(agent, ONE_SHOT)
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and reply["tool_calls"] == ["book"]
    assert agent.handoff["reason"] == "tool_failure"


@pytest.mark.parametrize("at_turn", [0, 1, 2, 3])
def test_human_in_any_state_hands_off_with_the_summary(make_agent, at_turn):
    agent, _ = make_agent()
    play(agent, *["I'd like to book", "Tuesday", "ten a m", "Jamie"][:at_turn])
    reply = agent.handle("operator")
    assert reply["state"] == "HANDOFF" and reply["tool_calls"] == []
    expected = {"day": "tuesday" if at_turn > 1 else None, "time": "10:00" if at_turn > 2 else None,
                "name": None}
    assert agent.handoff == {"reason": "user_request", "summary": expected}


def test_unknown_twice_in_a_row_hands_off_but_understood_turns_reset(make_agent):
    agent, _ = make_agent()
    assert agent.handle("hmm")["state"] == "LISTEN"
    assert agent.handle("I'd like to book")["state"] == "ASK_DAY"
    assert agent.handle("blah blah")["state"] == "ASK_DAY"
    assert agent.handle("Tuesday")["state"] == "ASK_TIME"
    assert agent.handle("purple monkey")["state"] == "ASK_TIME"
    reply = agent.handle("la la la")
    assert reply["state"] == "HANDOFF"
    assert agent.handoff == {"reason": "not_understood", "summary": {"day": "tuesday", "time": None, "name": None}}


@pytest.mark.parametrize("silence", ["", "   ", None])
def test_silence_is_asked_again_never_answered_with_silence(make_agent, silence):
    agent, _ = make_agent()
    reply = agent.handle(silence)
    assert reply["state"] == "LISTEN" and reply["say"].strip()
    assert agent.handle(silence)["state"] == "HANDOFF"


@pytest.mark.parametrize("plan, turns, final", [
    ({}, [ONE_SHOT, "yes"], "DONE"),
    ({"book": ["timeout"]}, [ONE_SHOT, "yes"], "HANDOFF"),
    ({}, ["operator"], "HANDOFF"),
])
def test_after_the_end_no_tool_runs_and_the_state_stays(make_agent, plan, turns, final):
    agent, api = make_agent(plan=plan)
    play(agent, *turns)
    calls = len(api.calls)
    for more in ["yes", "Book me on Friday at ten, my name is Sam", "yes", "", "operator"]:
        reply = agent.handle(more)
        assert reply["state"] == final and reply["tool_calls"] == [] and reply["say"].strip()
    assert len(api.calls) == calls


def test_the_injected_sleep_is_the_only_one(monkeypatch, make_agent, sleeps):
    import time

    def forbidden(seconds):
        raise AssertionError("time.sleep was called instead of the injected sleep")

    monkeypatch.setattr(time, "sleep", forbidden)
    agent, _ = make_agent(plan={"find_slots": ["timeout", "timeout", "timeout"]})
    agent.handle("Book on Tuesday")
    assert sleeps == [0.5, 1.0]


def test_tool_calls_are_this_turns_entries_of_api_calls(make_agent):
    agent, api = make_agent(plan={"book": ["taken"]})
    play(agent, ONE_SHOT)
    reply = agent.handle("yes")
    assert reply["tool_calls"] == [c[0] for c in api.calls[1:]] == ["book", "find_slots"]


@pytest.mark.parametrize("api, words", [(object(), "find_slots"), (None, "find_slots")])
def test_a_wrong_api_is_a_type_error_that_names_the_fix(api, words):
    with pytest.raises(TypeError, match=words):
        VoiceAgent(api)


@pytest.mark.parametrize("checkpointer", ["postgresql://clinic", object(), 3])
def test_a_wrong_checkpointer_is_a_type_error_that_names_the_fix(checkpointer):
    with pytest.raises(TypeError, match="make_checkpointer"):
        VoiceAgent(ClinicAPI(), checkpointer=checkpointer)


@pytest.mark.parametrize("kwargs", [{"max_retries": -1}, {"backoff": ()}, {"backoff": ("x",)},
                                    {"sleep": "later"}])
def test_bad_retry_settings_raise(kwargs):
    with pytest.raises((ValueError, TypeError)):
        VoiceAgent(ClinicAPI(), **kwargs)


def test_handle_rejects_non_text_clearly(make_agent):
    agent, _ = make_agent()
    with pytest.raises(TypeError, match="str"):
        agent.handle(["yes"])


def test_two_agents_are_two_separate_calls():
    api = ClinicAPI()
    first, second = VoiceAgent(api, sleep=lambda s: None), VoiceAgent(api, sleep=lambda s: None)
    first.handle(ONE_SHOT)
    assert second.state == "LISTEN"
    assert second.handle("yes")["tool_calls"] == []
