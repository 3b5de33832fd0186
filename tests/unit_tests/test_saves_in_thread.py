"""LangGraph's checkpoint saves run in the turn's own thread for the agent, and nowhere else."""

import threading

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.types import Command, interrupt
from typing_extensions import TypedDict

from graph.speedups.saves_in_thread import InlineExecutor, allow_saves_in_thread, saves_in_thread
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI


class ThreadRecordingSaver(InMemorySaver):
    """An in-memory checkpointer that notes which thread each save ran in."""

    def __init__(self):
        super().__init__()
        self.threads = []

    def put(self, *args, **kwargs):
        self.threads.append(threading.get_ident())
        return super().put(*args, **kwargs)

    def put_writes(self, *args, **kwargs):
        self.threads.append(threading.get_ident())
        return super().put_writes(*args, **kwargs)


class Heard(TypedDict):
    text: str


def waiting_graph(saver):
    def wait(state: Heard) -> Heard:
        return {"text": str(interrupt("?"))}

    builder = StateGraph(Heard)
    builder.add_node("wait", wait)
    builder.add_edge(START, "wait")
    builder.add_edge("wait", "wait")
    return builder.compile(checkpointer=saver)


def test_allowing_saves_in_thread_finds_langgraphs_hook():
    assert allow_saves_in_thread() is True  # False would mean a LangGraph upgrade moved it: saves went back to the pool


def test_an_agents_turns_save_in_the_callers_thread():
    saver = ThreadRecordingSaver()
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
    for text in ["I'd like to book an appointment", "Tuesday", "ten a m", "Jamie", "yes"]:
        agent.handle(text)
    assert agent.state == "DONE" and len(agent.api.calls) == 2
    assert saver.threads and set(saver.threads) == {threading.get_ident()}


def test_other_graphs_keep_langgraphs_thread_pool():
    allow_saves_in_thread()
    saver = ThreadRecordingSaver()
    graph = waiting_graph(saver)
    config = {"configurable": {"thread_id": "t"}}
    graph.invoke({"text": ""}, config)
    graph.invoke(Command(resume="hello"), config)
    assert saver.threads and threading.get_ident() not in saver.threads
    saver.threads.clear()
    with saves_in_thread():
        graph.invoke(Command(resume="again"), config)
    assert saver.threads and set(saver.threads) == {threading.get_ident()}


def test_the_inline_executor_hands_back_the_error_in_the_future():
    def broken():
        raise OSError("disk full")

    future = InlineExecutor().submit(broken)
    assert future.done()
    with pytest.raises(OSError, match="disk full"):
        future.result()
    assert InlineExecutor().submit(lambda a, b=0: a + b, 2, b=3).result() == 5


def test_a_failing_save_still_fails_the_turn_loudly():
    class FullDisk(InMemorySaver):
        def put(self, *args, **kwargs):
            raise OSError("disk full")

    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=FullDisk())
    reply = agent.handle("I'd like to book an appointment")
    assert reply["state"] == "HANDOFF" and reply["say"] and reply["tool_calls"] == []
