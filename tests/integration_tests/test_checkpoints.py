"""Checkpointers from checkpoints/: a call on SQLite continues in a new agent (as after a restart)."""

import pytest

from agent import VoiceAgent
from checkpoints import make_checkpointer
from voicekit.clinic import ClinicAPI


def test_a_new_agent_on_the_same_sqlite_thread_continues_the_call(tmp_path):
    db, clinic = str(tmp_path / "calls.sqlite"), str(tmp_path / "clinic.sqlite")
    first = VoiceAgent(ClinicAPI(path=clinic), sleep=lambda s: None, thread_id="call-7",
                       checkpointer=make_checkpointer(db))
    first.handle("I'd like to book on Tuesday")
    assert first.handle("ten a m")["state"] == "ASK_NAME"

    api = ClinicAPI(path=clinic)
    again = VoiceAgent(api, sleep=lambda s: None, thread_id="call-7", checkpointer=make_checkpointer(db))
    assert again.state == "ASK_NAME" and again.slots == first.slots  # the date too
    assert {k: v for k, v in again.slots.items() if k != "date"} == {"task": "book", "day": "tuesday", "time": "10:00",
                                                                      "name": None}
    assert again.handle("Jamie")["state"] == "CONFIRM"
    assert again.handle("yes")["tool_calls"] == ["book"]
    assert [(b["day"], b["time"], b["name"]) for b in api.bookings] == [("tuesday", "10:00", "Jamie")]


def test_checkpointer_factory_names_its_problem(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        make_checkpointer(str(tmp_path / "missing" / "calls.sqlite"))
