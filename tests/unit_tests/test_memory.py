"""An agent's memory is freed with the agent: no cache may keep a call's checkpointer alive."""

import gc
import weakref

from agent import VoiceAgent
from checkpoints import memory_checkpointer
from voicekit.clinic import ClinicAPI

CALL = ["Book me on Tuesday at ten a m, my name is Jamie", "yes"]


def finished_call(**kwargs) -> tuple[weakref.ref, weakref.ref, weakref.ref]:
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, **kwargs)
    for text in CALL:
        agent.handle(text)
    assert agent.state == "DONE"
    return weakref.ref(agent), weakref.ref(agent._graph), weakref.ref(agent._graph.checkpointer)


def test_agents_without_a_checkpointer_are_freed_with_everything_they_made():
    refs = [finished_call() for _ in range(20)]
    gc.collect()
    alive = [name for trio in refs for name, ref in zip(("agent", "graph", "checkpointer"), trio, strict=True)
             if ref() is not None]
    assert alive == []


def test_a_shared_checkpointer_outlives_its_agents_but_their_graphs_do_not():
    saver = memory_checkpointer()
    refs = [finished_call(checkpointer=saver) for _ in range(5)]
    gc.collect()
    assert all(agent() is None and graph() is None for agent, graph, _ in refs)
    assert all(checkpointer() is saver for _, _, checkpointer in refs)  # the caller still holds it


def test_a_new_agent_on_a_shared_checkpointer_still_resumes_the_call():
    saver = memory_checkpointer()
    first = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver, thread_id="call-1")
    first.handle(CALL[0])
    del first
    gc.collect()
    api = ClinicAPI()
    again = VoiceAgent(api, sleep=lambda s: None, checkpointer=saver, thread_id="call-1")
    assert again.state == "CONFIRM" and again.handle("yes")["tool_calls"] == ["book"]
