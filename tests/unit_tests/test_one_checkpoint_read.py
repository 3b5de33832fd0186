"""A caller turn reads its call's checkpoint from the store once, and the hand-over never serves stale data."""

from langgraph.checkpoint.memory import InMemorySaver

from graph.speedups.one_checkpoint_read import hand_over, serve_handed_over_reads
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI


class CountingSaver(InMemorySaver):
    """Counts the reads that reach the store."""

    def __init__(self):
        super().__init__()
        self.reads = 0

    def get_tuple(self, config):
        self.reads += 1
        return super().get_tuple(config)


def test_a_mid_call_turn_reads_the_store_once():
    saver = CountingSaver()
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
    agent.handle("I'd like to book an appointment")
    for text, state in [("Tuesday", "ASK_TIME"), ("ten a m", "ASK_NAME"), ("Jamie", "CONFIRM")]:
        saver.reads = 0
        assert agent.handle(text)["state"] == state
        assert saver.reads == 1, f"{text!r} read the checkpoint {saver.reads} times"
    assert agent.handle("yes")["tool_calls"] == ["book"]


def test_a_new_calls_first_turn_reads_the_store_once():
    # Nothing saved yet is an answer too: the run starts from it instead of asking the store twice more.
    saver = CountingSaver()
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
    assert agent.handle("I'd like to book an appointment")["state"] == "ASK_DAY"
    assert saver.reads == 1


def test_the_hand_over_serves_one_read_of_that_threads_latest_checkpoint_only():
    saver = CountingSaver()
    serve_handed_over_reads(saver)
    serve_handed_over_reads(saver)  # idempotent: still one layer
    config = {"configurable": {"thread_id": "call-1"}}
    handed = object()
    with hand_over("call-1", handed):
        assert saver.get_tuple({"configurable": {"thread_id": "call-2"}}) is None  # another call: the store
        assert saver.get_tuple({"configurable": {"thread_id": "call-1", "checkpoint_id": "x"}}) is None
        assert saver.reads == 2
        assert saver.get_tuple(config) is handed
        assert saver.get_tuple(config) is None and saver.reads == 3  # a second read goes to the store
    assert saver.get_tuple(config) is None and saver.reads == 4  # outside the block: the store


def test_a_resumed_turn_still_sees_what_another_agent_of_the_call_did():
    saver = InMemorySaver()
    first = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
    first.handle("I'd like to book on Tuesday")
    second = VoiceAgent(first.api, sleep=lambda s: None, checkpointer=saver, thread_id=first.thread_id)
    assert second.handle("ten a m")["state"] == "ASK_NAME"
    assert first.handle("Jamie")["state"] == "CONFIRM"  # first's next turn starts from second's checkpoint
    seen = {k: v for k, v in first.slots.items() if k != "date"}  # the date is the coming Tuesday's (test_dates)
    assert seen == {"task": "book", "day": "tuesday", "time": "10:00", "name": "Jamie"}


def test_installing_makes_no_reference_cycle():
    import gc
    import weakref

    gc.disable()
    try:
        saver = InMemorySaver()
        serve_handed_over_reads(saver)
        freed = weakref.ref(saver)
        del saver
        assert freed() is None  # freed at once, not left for the cycle collector
    finally:
        gc.enable()
