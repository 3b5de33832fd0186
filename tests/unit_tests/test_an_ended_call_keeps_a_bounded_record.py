"""Issue 36: an ended call keeps a bounded record; 1.9 MB sent to it are answered, and not kept whole."""

from agent import VoiceAgent
from checkpoints import make_checkpointer
from voicekit.clinic import ClinicAPI


def test_words_sent_to_an_ended_call_are_not_kept_whole_in_its_checkpoint(tmp_path):
    saver = make_checkpointer(str(tmp_path / "calls.sqlite"))
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="call-ended", checkpointer=saver)
    agent.handle("Book me on Tuesday at ten a m, my name is Jamie")
    assert agent.handle("yes")["state"] == "DONE"
    flood = "my card number is 4111 1111 1111 1111 " + "blah " * 380_000  # 1.9 MB after the goodbye
    reply = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="call-ended", checkpointer=saver,
                       continue_ended=True).handle(flood)
    assert reply["state"] == "DONE" and reply["tool_calls"] == []
    saved = saver.get_tuple({"configurable": {"thread_id": "call-ended"}})
    kept = saved.checkpoint["channel_values"].get("utterance", "")
    assert len(kept) <= 200 and "4111" not in kept
    assert len(repr(saved.checkpoint)) < 100_000
