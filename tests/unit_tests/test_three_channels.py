"""The call as the checkpoint keeps it: three channels, read and written as a CallState."""

from dataclasses import fields

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from dialog.context import Context
from dialog.state import CallState
from graph.graph import build_graph
from graph.speedups.three_channels import as_call, call_values, stored_update
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def studio_like_graph():
    return build_graph().compile(checkpointer=InMemorySaver()), {"configurable": {"thread_id": "t"}}


def test_an_update_goes_to_the_words_the_dialog_state_and_the_call():
    update = {"utterance": "Tuesday", "dialog_state": "ASK_TIME", "day": "tuesday", "notes": []}
    assert stored_update(update) == {"utterance": "Tuesday", "dialog_state": "ASK_TIME",
                                     "call": {"day": "tuesday", "notes": []}}
    assert stored_update({"dialog_state": "DONE"}) == {"dialog_state": "DONE"}  # no empty write of the call


def test_a_field_callstate_does_not_have_is_refused_by_name():
    with pytest.raises(ValueError, match="'dya'"):
        stored_update({"dya": "tuesday"})


def test_a_call_read_back_is_the_call_written():
    call = CallState(utterance="yes", dialog_state="CONFIRM", task="book", day="tuesday", time="10:00",
                     name="Jamie", offered_times=["10:00", "11:00"], confirmations=1)
    written = {f.name: getattr(call, f.name) for f in fields(CallState)}
    assert as_call(stored_update(written)) == call
    assert call_values(stored_update(written)) == written
    assert as_call({}) == CallState()  # nothing stored yet: every field its default


def test_the_checkpoint_holds_three_state_channels():
    graph, config = studio_like_graph()
    context = Context(api=ClinicAPI(), sleep=lambda s: None)
    graph.invoke({"utterance": ONE_SHOT}, config, context=context)
    graph.invoke(Command(resume="yes"), config, context=context)
    saved = graph.checkpointer.get_tuple(config).checkpoint["channel_values"]
    assert {k for k in saved if not k.startswith(("branch:", "__"))} == {"utterance", "dialog_state", "call"}


def test_a_write_of_some_fields_keeps_the_others():
    graph, config = studio_like_graph()
    context = Context(api=ClinicAPI(), sleep=lambda s: None)
    graph.invoke({"utterance": "I'd like to book on Tuesday"}, config, context=context)
    graph.invoke(Command(resume="ten a m"), config, context=context)
    values = call_values(graph.get_state(config).values)
    assert (values["utterance"], values["task"], values["day"], values["time"]) == ("ten a m", "book", "tuesday",
                                                                                  "10:00")


def test_the_words_are_masked_whoever_writes_them():
    # Studio sends plain input straight to the graph: only the channel's reducer stands between it and the store.
    graph, config = studio_like_graph()
    context = Context(api=ClinicAPI(), sleep=lambda s: None)
    graph.invoke({"utterance": "my card is 4111 1111 1111 1111, book Tuesday"}, config, context=context)
    assert "4111" not in graph.get_state(config).values["utterance"]
