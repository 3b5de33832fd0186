"""Callback requests and the warm transfer.

A number is kept only when asked for, shown by its last four digits, recorded only after an explicit yes
(also when a transfer rings out), and never twice.
"""

from datetime import datetime

import pytest

from dialog.profile import ClinicProfile
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.privacy import take_phone_number

SUNDAY_EVENING = datetime(2026, 11, 29, 20, 0)  # the default profile: closed, back Monday 08:30
MONDAY_MORNING = datetime(2026, 11, 30, 11, 0)  # open


def agent_at(now: datetime, api=None, **kwargs) -> VoiceAgent:
    return VoiceAgent(api if api is not None else ClinicAPI(), sleep=lambda s: None, clock=lambda: now, **kwargs)


def play(agent: VoiceAgent, *turns: str) -> list[dict]:
    return [agent.handle(turn) for turn in turns]


@pytest.mark.parametrize(("said", "digits", "shown"), [
    ("555 0123", "5550123", "[phone ending 0123]"),
    ("it's 555-0123, thanks", "5550123", "it's [phone ending 0123], thanks"),
    ("five five five, oh one two three", "5550123", "[phone ending 0123]"),
    ("double five five zero one two three", "5550123", "[phone ending 0123]"),
    ("+1 (617) 555-0123", "+16175550123", "[phone ending 0123]"),
    ("[DTMF] 6175550199#", "6175550199", "[phone ending 0199]"),
])
def test_a_phone_number_is_taken_whole_and_shown_by_its_last_four(said, digits, shown):
    words, phone = take_phone_number(said)
    assert phone == digits
    assert words.strip() == shown


@pytest.mark.parametrize("said", ["Jamie", "at 10", "call me on 12", "4111 1111 1111 1111 2222", "one two"])
def test_no_phone_number_is_made_up(said):
    assert take_phone_number(said) == (said, None)


def test_closed_clinic_offers_a_callback_and_records_it_after_yes():
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    offer, *_ = replies = play(agent, "can I talk to a person", "yes please", "Jamie", "617 555 0123")
    assert "call you back" in offer["say"] and "put you through" not in offer["say"]
    assert [r["state"] for r in replies] == ["LISTEN", "ASK_NAME", "ASK_NAME", "CONFIRM"]
    assert api.calls == []  # nothing is written before the read-back is accepted
    assert agent.heard == "[phone ending 0123]"
    done = agent.handle("yes")
    assert (done["state"], done["tool_calls"]) == ("DONE", ["request_callback"])
    assert [(c["name"], c["phone"]) for c in api.callbacks] == [("Jamie", "+16175550123")]
    # The tool-call record is a log: it shows the number by its last four digits only.
    assert api.calls[0][1]["phone"] == "[phone ending 0123]"


def test_the_number_is_kept_out_of_every_stored_utterance():
    agent = agent_at(SUNDAY_EVENING)
    play(agent, "call me back please", "Jamie", "my number is 617 555 0123", "yes")
    history = list(agent._graph.get_state_history(agent._config))
    assert history and all("5550123" not in (s.values.get("utterance") or "").replace(" ", "") for s in history)


@pytest.mark.parametrize(("refusal", "then"), [("no", "LISTEN"), ("[DTMF] 2", "LISTEN"), ("no thanks", "DONE")])
def test_a_refused_callback_read_back_records_nothing(refusal, then):
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    *_, answer = play(agent, "call me back please", "Jamie", "617 555 0123", refusal)
    assert answer["state"] == then and api.callbacks == [] and api.calls == []  # "no thanks" ends the call


@pytest.mark.parametrize("unsure", ["yes?", "yes wait", "hmm", "leave it?"])
def test_anything_but_a_plain_yes_keeps_the_callback_gate_shut(unsure):
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    *_, answer = play(agent, "call me back please", "Jamie", "617 555 0123", unsure)
    assert answer["state"] == "CONFIRM" and api.calls == []


def test_declining_to_give_a_number_drops_the_request():
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    *_, answer = play(agent, "call me back please", "Jamie", "no, I'd rather not")
    assert answer["state"] == "LISTEN" and api.calls == []


def test_a_new_number_at_the_read_back_is_read_back_before_it_is_recorded():
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    *_, corrected = play(agent, "call me back please", "Jamie", "617 555 0123", "no, it's 555 0199")
    assert corrected["state"] == "CONFIRM" and "0 1 9 9" in corrected["say"] and api.calls == []
    agent.handle("yes")
    assert [c["phone"] for c in api.callbacks] == ["+16175550199"]


def test_a_backend_that_cannot_record_callbacks_is_never_offered_one():
    class PlainClinic(ClinicAPI):
        request_callback = None  # the SPEC's clinic: find_slots, book, calls

    api = PlainClinic()
    agent = agent_at(SUNDAY_EVENING, api)
    offer = agent.handle("can I talk to a person")
    assert offer["state"] == "LISTEN" and "call you back" not in offer["say"]
    asked = agent.handle("call me back please")  # heard as a request for a person: nobody is in
    assert asked["state"] == "LISTEN" and api.calls == []


def test_an_open_clinic_also_takes_a_callback_request():
    api = ClinicAPI()
    *_, done = play(agent_at(MONDAY_MORNING, api), "please have someone call me", "Jamie", "617 555 0123", "yes")
    assert done["state"] == "DONE" and "once we open" not in done["say"]
    assert len(api.callbacks) == 1


def test_an_open_hand_off_is_a_warm_transfer_to_the_profiles_staff_number():
    profile = ClinicProfile(transfer_to="555 0199", ring_seconds=20)
    agent = agent_at(MONDAY_MORNING, profile=profile)
    assert agent.transfer is None
    agent.handle("operator")
    assert agent.transfer == {"to": "555 0199", "ring_seconds": 20}


@pytest.mark.parametrize("closing_turn", ["operator", "my husband collapsed"])
def test_nobody_is_transferred_to_when_the_clinic_is_closed(closing_turn):
    agent = agent_at(SUNDAY_EVENING)
    agent.handle("I'm so confused")
    agent.handle(closing_turn)
    if agent.state == "HANDOFF":
        assert agent.transfer is None
    api_calls_before = len(agent.api.calls)
    agent.transfer_unanswered("555 0123")
    assert len(agent.api.calls) == api_calls_before and agent.api.callbacks == []


def test_an_unanswered_transfer_leaves_one_callback_request_with_the_summary():
    api = ClinicAPI()
    agent = agent_at(MONDAY_MORNING, api)
    play(agent, "Book Tuesday at 10, my name is Jamie", "let me speak to a person")
    handoff = agent.handoff
    asked = agent.transfer_unanswered("617-555-0123")  # the line asks first, and writes only on a yes
    assert (asked["state"], asked["tool_calls"]) == ("CONFIRM", []) and api.callbacks == []
    reply = agent.handle("yes")
    assert (reply["state"], reply["tool_calls"]) == ("HANDOFF", ["request_callback"])
    assert agent.handoff == handoff  # the lab's record is untouched
    # Staff get the hand-off's summary and the date it is for (the coming Tuesday from Monday 30 November).
    assert api.callbacks == [{"callback_id": "cb_0001", "name": "Jamie", "phone": "+16175550123",
                              "reason": "user_request", "summary": {**handoff["summary"], "date": "2026-12-01"}}]
    again = agent.transfer_unanswered("617-555-0123")
    later = agent.handle("hello?")
    assert again["tool_calls"] == later["tool_calls"] == [] and later["say"] == reply["say"]
    assert len(api.callbacks) == 1 and agent.transfer is None


def test_an_unanswered_transfer_whose_request_fails_still_ends_politely():
    api = ClinicAPI(plan={"request_callback": ["error"]})
    agent = agent_at(MONDAY_MORNING, api)
    agent.handle("operator")
    assert agent.transfer_unanswered()["state"] == "ASK_NAME"  # no number from the line, so it asks
    assert agent.handle("617 555 0123")["state"] == "CONFIRM"
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and "call again" in reply["say"] and api.callbacks == []
    assert agent.transfer_unanswered()["tool_calls"] == []  # reported once: never re-sent


def test_transfer_unanswered_before_any_hand_off_changes_nothing():
    api = ClinicAPI()
    agent = agent_at(MONDAY_MORNING, api)
    agent.handle("I'd like to book Tuesday")
    state, before = agent.state, agent.slots
    assert agent.transfer_unanswered()["tool_calls"] == []
    assert (agent.state, agent.slots) == (state, before)


def test_wrong_arguments_name_the_fix():
    with pytest.raises(ValueError, match="ring_seconds"):
        ClinicProfile(ring_seconds=0)
    with pytest.raises(TypeError, match="caller_number"):
        agent_at(MONDAY_MORNING).transfer_unanswered(5550123)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="phone"):
        ClinicAPI().request_callback("Jamie", "no number", "user_request")


def test_a_replayed_callback_key_records_one_request():
    api = ClinicAPI()
    first = api.request_callback("Jamie", "5550123", "user_request", {}, idempotency_key="k1")
    again = api.request_callback("Jamie", "5550123", "user_request", {}, idempotency_key="k1")
    assert first == again and len(api.callbacks) == 1 and api.calls[-1][2] == "replay"


def test_a_callback_asked_for_at_a_booking_read_back_books_nothing_and_keeps_what_was_said():
    api = ClinicAPI()
    agent = agent_at(SUNDAY_EVENING, api)
    agent.handle("Book me on Tuesday at ten a m, my name is Jamie")
    switched = agent.handle("actually can you just have someone call me back")
    assert switched["state"] == "ASK_NAME" and "number" in switched["say"]
    read_back = agent.handle("617 555 0123")
    assert "Tuesday at 10 am" in read_back["say"]
    agent.handle("yes")
    assert api.bookings == [] and [c["summary"]["day"] for c in api.callbacks] == ["tuesday"]
    assert [c["summary"]["date"] for c in api.callbacks] == ["2026-12-01"]  # Sunday 29 November: the coming Tuesday


def test_a_hand_off_because_the_store_died_still_asks_for_the_transfer():
    from langgraph.checkpoint.memory import InMemorySaver

    class DiesAfterTheFirstTurn(InMemorySaver):
        dead = False

        def get_tuple(self, config):
            if DiesAfterTheFirstTurn.dead:
                raise OSError("the checkpoint store is gone")
            return super().get_tuple(config)

    agent = agent_at(MONDAY_MORNING, checkpointer=DiesAfterTheFirstTurn())
    agent.handle("I'd like to book on Tuesday")
    DiesAfterTheFirstTurn.dead = True
    assert agent.handle("ten a m")["state"] == "HANDOFF"  # "let me put you through to a member of staff"
    assert agent.transfer == {"to": "555 0100", "ring_seconds": 30}
    assert agent_at(SUNDAY_EVENING, checkpointer=DiesAfterTheFirstTurn()).transfer is None  # nothing handed off
