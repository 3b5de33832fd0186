"""Writes that cannot go wrong, and tests that kill the mutants the old suite let live."""

import re

import pytest

from agent import VoiceAgent
from checkpoints import make_checkpointer
from voicekit.clinic import ClinicAPI, ToolError
from voicekit.nlu import parse
from voicekit.privacy import mask_sensitive

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


# -- 1. a reused thread id must never confirm someone else's booking ---------------------------------

def test_a_reused_thread_id_books_the_new_caller_for_real(tmp_path):
    clinic = str(tmp_path / "clinic.sqlite")
    first = VoiceAgent(ClinicAPI(path=clinic), sleep=lambda s: None, thread_id="desk-1",
                       checkpointer=make_checkpointer("memory"))
    first.handle(ONE_SHOT)
    assert first.handle("yes")["state"] == "DONE"
    api = ClinicAPI(path=clinic)  # a new process: fresh checkpoints, the same thread id, the same clinic
    second = VoiceAgent(api, sleep=lambda s: None, thread_id="desk-1", checkpointer=make_checkpointer("memory"))
    second.handle("Book me on Wednesday at ten a m, my name is Sam")
    reply = second.handle("yes")
    assert reply["state"] == "DONE" and "Sam" in reply["say"]
    assert sorted((b["day"], b["name"]) for b in api.bookings) == [("tuesday", "Jamie"), ("wednesday", "Sam")]
    assert [outcome for tool, _, outcome in api.calls if tool == "book"] == ["ok"]  # not a replay


def test_a_known_key_with_different_arguments_is_refused_not_replayed():
    api = ClinicAPI()
    api.book("tuesday", "10:00", "Jamie", idempotency_key="k1")
    with pytest.raises(ToolError) as refused:
        api.book("wednesday", "10:00", "Sam", idempotency_key="k1")
    assert refused.value.code == "key_reused" and [b["name"] for b in api.bookings] == ["Jamie"]
    assert api.book("tuesday", "10:00", "Jamie", idempotency_key="k1")["booking_id"] == "bk_0001"  # true replay


def test_the_agent_hands_off_when_the_clinic_refuses_a_reused_key():
    class ReusedKeyClinic(ClinicAPI):
        def book(self, day, time, name, idempotency_key=None):
            raise ToolError("key_reused")

    api = ReusedKeyClinic()
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle(ONE_SHOT)
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and agent.handoff["reason"] == "tool_failure" and "booked" not in reply["say"]


def test_each_call_and_each_confirmation_has_its_own_key():
    keys = []

    class KeyRecorder(ClinicAPI):
        def book(self, day, time, name, idempotency_key=None):
            keys.append(idempotency_key)
            return super().book(day, time, name, idempotency_key=idempotency_key)

    for _ in range(2):  # two calls on the same thread id: different keys
        agent = VoiceAgent(KeyRecorder(plan={"book": ["taken"]}), sleep=lambda s: None, thread_id="same-thread")
        agent.handle(ONE_SHOT)
        agent.handle("yes")          # refused: taken
        agent.handle("two thirty")
        agent.handle("yes")          # a second confirmation in the same call
    assert len(keys) == 4 and len(set(keys)) == 4
    assert not any(key.startswith("same-thread") for key in keys)  # never derivable from the thread id


# -- 8. keypad keys index what the caller heard last; only ASCII digits are keys ---------------------

def test_a_keypad_choice_indexes_the_list_heard_last():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    assert "10 am or 11:30 am" in agent.handle("ten or eleven thirty")["say"]
    agent.handle("[DTMF] 2")  # the second of the two just offered, not of the day's five
    assert agent.slots["time"] == "11:30"


def test_the_last_offered_time_can_be_pressed():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    agent.handle("[DTMF] 5")
    assert agent.slots["time"] == "16:00"


@pytest.mark.parametrize("odd", ["[DTMF] １", "-1", "1.0", "<entered_dtmf_digits>１</entered_dtmf_digits>"])
def test_odd_digits_at_the_read_back_neither_book_nor_change_the_time(odd):
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle(ONE_SHOT)
    reply = agent.handle(odd)
    assert reply["state"] == "CONFIRM" and api.bookings == [] and agent.slots["time"] == "10:00"


# -- 4. card and ID numbers are masked whatever separates the digits ----------------------------------

@pytest.mark.parametrize("number", [
    "4111, 1111, 1111, 1111", "4111 - 1111 - 1111 - 1111", "4111–1111–1111–1111", "4111—1111—1111—1111",
    "4111/1111/1111/1111", "4111\t1111\t1111\t1111", "4111\n1111\n1111\n1111", "4111  1111  1111  1111",
    "4111\u00a01111\u00a01111\u00a01111", "4111_1111_1111_1111", "four. one. one. one. one. one. one.",
    "123-45-6789", "123 456", "1 2 3 4 5 6",
])
def test_numbers_are_masked_whatever_the_separators(number):
    masked = mask_sensitive(f"my card is {number} thanks")
    digits = [c for c in masked if c.isdigit()]
    assert "[redacted]" in masked and len(digits) < 6, masked
    assert "one. one" not in masked


# -- 9. the mutants the old unit suite let live ---------------------------------------------------

def test_maybe_is_not_a_yes():
    assert parse("maybe")["intent"] != "yes" and parse("maybe yes")["intent"] != "yes"


def test_quarter_to_one_is_a_quarter_to_one_in_the_afternoon():
    assert parse("quarter to one")["time"] == "12:45"


def test_a_find_bookings_failure_hands_off_as_a_tool_failure():
    api = ClinicAPI(plan={"find_bookings": ["error"]}, bookings=[{"day": "friday", "time": "09:00", "name": "Sam"}])
    agent = VoiceAgent(api, sleep=lambda s: None, caller_number="+16175550123")
    # The lookup waits until the appointment is described (and a number is known, here the caller id).
    agent.handle("I need to cancel my Friday appointment, my name is Sam")
    assert agent.state == "HANDOFF" and agent.handoff["reason"] == "tool_failure"


def test_handle_masks_before_anything_is_stored_or_said(tmp_path):
    saver = make_checkpointer(str(tmp_path / "calls.sqlite"))
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver, thread_id="t1")
    reply = agent.handle("my card number is 4111 1111 1111 1111, book Tuesday")
    assert "4111" not in reply["say"]
    queries = ("SELECT checkpoint FROM checkpoints", "SELECT value FROM writes")
    stored = [bytes(row[0]) if isinstance(row[0], bytes | memoryview) else str(row[0]).encode()
              for query in queries for row in saver.conn.execute(query)]
    # The card's first group standing alone, as the caller said it: random ids and channel versions in the same
    # blobs hold "4111" inside longer hex or digit runs by chance (about one run in a hundred failed on that).
    said = re.compile(rb"(?<![0-9a-f])4111(?![0-9a-f])")
    assert stored and not any(said.search(blob) for blob in stored)


def test_a_hold_resets_the_not_understood_count():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("hmm")
    agent.handle("wait")
    assert agent.handle("blah blah")["state"] == "LISTEN" and agent.handoff is None


def test_hours_today_answer_with_todays_hours_not_the_week():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    saturday = datetime(2026, 3, 14, 10, 0, tzinfo=ZoneInfo("America/New_York"))
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=lambda: saturday)
    say = agent.handle("are you open today")["say"]
    assert "closed on Saturday" in say and "Monday to Friday" not in say


# -- 3. the end of a call lives in the graph, and a crash hand-off is durable --------------------------

def test_the_graph_itself_answers_turns_after_the_end():
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    from dialog.context import Context
    from graph.graph import build_graph

    api = ClinicAPI()
    graph = build_graph().compile(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "studio-like"}}
    context = Context(api=api, sleep=lambda s: None)
    graph.invoke({"utterance": ONE_SHOT}, config, context=context)
    graph.invoke(Command(resume="yes"), config, context=context)
    assert graph.get_state(config).values["dialog_state"] == "DONE"
    calls = len(api.calls)
    graph.invoke({"utterance": "Book me on Friday at ten a m, my name is Sam"}, config, context=context)  # plain input
    values = graph.get_state(config).values
    assert values["dialog_state"] == "DONE" and values["call"]["name"] == "Jamie" and len(api.calls) == calls


def test_a_hand_off_after_a_checkpointer_failure_survives_a_new_agent(tmp_path):
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    class FailsOnce(SqliteSaver):
        armed = False

        def put(self, *args, **kwargs):
            if FailsOnce.armed:
                FailsOnce.armed = False
                raise sqlite3.OperationalError("disk I/O error")
            return super().put(*args, **kwargs)

    saver = FailsOnce(sqlite3.connect(str(tmp_path / "calls.sqlite"), check_same_thread=False))
    saver.setup()
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="t", checkpointer=saver)
    agent.handle(ONE_SHOT)
    FailsOnce.armed = True
    assert agent.handle("yes, but make it two thirty")["state"] == "HANDOFF"
    # The next turn's agent (a service worker makes one per turn) sees the hand-off...
    again = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="t", checkpointer=saver, continue_ended=True)
    assert again.state == "HANDOFF" and again.handoff["reason"] == "tool_failure"
    with pytest.raises(ValueError, match="new thread_id"):  # ...and a new call may not take that thread id
        VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="t", checkpointer=saver)
    assert again.handle("yes")["tool_calls"] == []


def test_a_thread_id_whose_call_ended_is_refused_for_a_new_call_and_never_replays_it(tmp_path):
    saver = make_checkpointer(str(tmp_path / "calls.sqlite"))
    api = ClinicAPI(path=str(tmp_path / "clinic.sqlite"))
    first = VoiceAgent(api, sleep=lambda s: None, thread_id="desk-1", checkpointer=saver)
    first.handle(ONE_SHOT)
    first.handle("yes")
    with pytest.raises(ValueError, match="new thread_id") as refused:
        VoiceAgent(api, sleep=lambda s: None, thread_id="desk-1", checkpointer=saver)
    assert "Jamie" not in str(refused.value)
    fresh = VoiceAgent(api, sleep=lambda s: None, checkpointer=saver)  # no thread id: a new one is made up
    fresh.handle("Book me on Wednesday at 9, my name is Sam")
    assert fresh.handle("yes")["state"] == "DONE" and len(api.bookings) == 2


# -- 2. turns of one call are serialised: two "yes" at once book once, even without idempotency keys ----

class SlowKeylessClinic(ClinicAPI):
    """The plain SPEC signature (no key), slow enough for two turns to overlap."""

    def book(self, day, time, name):
        import time as clock

        clock.sleep(0.05)
        return super().book(day, time, name)


@pytest.mark.parametrize("agents", ["one agent", "two agents on one thread"])
def test_two_concurrent_yes_turns_book_once_on_a_keyless_backend(agents):
    from concurrent.futures import ThreadPoolExecutor

    api = SlowKeylessClinic(schedule={"tuesday": ["10:00", "14:30"]})
    saver = make_checkpointer("memory")
    first = VoiceAgent(api, sleep=lambda s: None, thread_id="line-1", checkpointer=saver)
    first.handle(ONE_SHOT)
    second = first if agents == "one agent" else VoiceAgent(api, sleep=lambda s: None, thread_id="line-1",
                                                            checkpointer=saver)
    with ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(lambda agent: agent.handle("yes"), [first, second]))
    assert [b["time"] for b in api.bookings] == ["10:00"]
    assert sum(r["tool_calls"].count("book") for r in replies) == 1
    assert all(r["state"] == "DONE" for r in replies)
