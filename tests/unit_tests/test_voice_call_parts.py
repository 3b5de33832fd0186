"""The browser voice call's parts that need no browser: the page's messages, the clinic watch, the budgets, the flow."""

import aioice.ice
import pytest

from evals.flow import render
from service.flow_picture import CHAR_WIDTH, END, START, flow_pictures, layout, read_flow_md
from service.voice_call import offer_host_addresses
from service.voice_call_budgets import MOST_SAMPLES, CallBudgets, latency_of, most_voice_calls, watch_tools
from service.voice_call_pipeline import MOST_TYPED_CHARACTERS, page_turn
from tools.writes import accepts_idempotency_key, takes_dates
from voicekit.clinic import ClinicAPI, ToolTimeout
from voicekit.clinics.backend import Canceller


@pytest.mark.parametrize(("message", "turn"), [
    ({"type": "text", "text": "Tuesday please"}, "Tuesday please"),
    ({"type": "key", "key": "1"}, "[DTMF] 1"),
    ({"type": "key", "key": "#"}, "[DTMF] #"),
    ({"type": "key", "key": "12"}, None),  # one key a message: "Yes, book it" is the 1 alone
    ({"type": "key", "key": "1 yes"}, None),
    ({"type": "key", "key": 1}, None),
    ({"type": "text", "text": 5}, None),
    ({"type": "yes"}, None),  # no message but a key or a text is a turn: nothing else on the page is consent
    ({"type": "stop"}, None),
    ("ping", None),
    (["text", "yes"], None),
])
def test_a_page_message_is_a_turn_only_as_a_typed_text_or_one_key(message, turn):
    assert page_turn(message) == turn


def test_a_typed_turn_is_cut_where_values_stop_being_read():
    assert len(page_turn({"type": "text", "text": "a" * 10_000})) == MOST_TYPED_CHARACTERS


def test_watched_tools_report_start_and_outcome_and_keep_the_backends_shape():
    api = ClinicAPI(plan={"find_slots": ["timeout"]})
    seen = []
    watched = watch_tools(api, lambda tool, outcome, seconds: seen.append((tool, outcome, seconds >= 0)))
    assert watched is api and isinstance(api, Canceller)
    assert takes_dates(api.find_slots) and accepts_idempotency_key(api.book)  # signatures read through the wrap
    with pytest.raises(ToolTimeout):
        api.find_slots("tuesday")
    assert api.find_slots("tuesday")
    assert seen == [("find_slots", None, True), ("find_slots", "timeout", True),
                    ("find_slots", None, True), ("find_slots", "ok", True)]


def test_budgets_take_only_plausible_page_figures_and_keep_a_bounded_record():
    budgets = CallBudgets()
    for bad in (True, -1, "12", None, 10**9, float("nan")):
        budgets.connected(bad)
    budgets.connected(812.34)
    for _ in range(MOST_SAMPLES + 5):
        budgets.answered(0.61)
    budgets.tool("find_slots", "ok", 0.004)
    budgets.barged_in(0.12)
    kept = budgets.record()
    assert kept["connect_ms"] == [812.3] and len(kept["answer_ms"]) == MOST_SAMPLES and kept["answer_ms"][0] == 610.0
    assert kept["tool_ms"] == [{"tool": "find_slots", "outcome": "ok", "ms": 4.0}] and kept["barge_in_ms"] == [120.0]
    assert latency_of([{"user": "hi"}, {"line": "ended", "latency": kept}, {"user": "later"}]) == kept
    assert latency_of([{"user": "hi"}]) is None


def test_voice_settings_name_the_key_and_the_fix(monkeypatch):
    assert most_voice_calls({"SERVICE_VOICE_CALLS": "0"}) == 0
    with pytest.raises(ValueError, match="SERVICE_VOICE_CALLS must be a whole number"):
        most_voice_calls({"SERVICE_VOICE_CALLS": "lots"})
    monkeypatch.setattr(aioice.ice, "get_host_addresses", aioice.ice.get_host_addresses)  # put back afterwards
    offer_host_addresses({"SERVICE_ICE_ADDRESSES": " 127.0.0.1 , ::1"})
    assert aioice.ice.get_host_addresses(True, True) == ["127.0.0.1", "::1"]


BOOK = [("understand", "ask_day"), ("ask_day", "find_slots"), ("find_slots", "ask_time"), ("ask_time", "confirm"),
        ("confirm", "book"), ("book", "done"), ("done", END), ("confirm", "ask_time"), ("ask_time", "ask_time"),
        ("understand", "confirm"), (START, "understand")]


def test_the_flow_is_read_back_from_docs_flow_md_as_evals_flow_writes_it():
    written = render({"book": BOOK, "cancel": [("understand", "find_bookings")], None: [(START, "understand")]})
    read = read_flow_md(written)
    assert {task: edges for task, (_, edges) in read.items()} == {
        "book": BOOK, "cancel": [("understand", "find_bookings")], "none": [(START, "understand")]}
    assert read["book"][0] == "Booking a new appointment"


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


@pytest.mark.parametrize("task", ["book", "cancel", "callback", "none"])
def test_every_flow_is_laid_out_without_two_boxes_overlapping_and_inside_its_picture(task):
    picture = flow_pictures()[task]
    nodes = picture["nodes"]
    for node in nodes:
        assert node["w"] >= len(node["label"]) * CHAR_WIDTH
        assert node["x"] >= 0 and node["x"] + node["w"] <= picture["width"]
        assert node["y"] >= 0 and node["y"] + node["h"] <= picture["height"]
        assert not any(other is not node and overlap(node, other) for other in nodes), node["id"]
    drawn = {(edge["from"], edge["to"]) for edge in picture["edges"]}
    assert len(drawn) == len(picture["edges"]) and all(edge["path"].startswith("M") for edge in picture["edges"])


def test_a_step_down_goes_down_a_row_and_the_end_is_below_everything():
    picture = layout(BOOK)
    row = {node["id"]: node["y"] for node in picture["nodes"]}
    assert row[START] < row["understand"] < row["ask_day"] < row["find_slots"] < row["ask_time"] < row["confirm"]
    assert row[END] == max(row.values())
    writes = [edge for edge in picture["edges"] if edge["write"]]
    assert [(edge["from"], edge["to"]) for edge in writes] == [("confirm", "book")]


def test_the_browser_transport_s_complaint_about_a_message_never_quotes_it_in_the_logs():
    from loguru import logger

    from phone.logs import keep_caller_words_out_of_logs
    from tests.unit_tests.test_twilio_security import emit_as

    shown = []
    sink = keep_caller_words_out_of_logs(shown.append, remove_default=False)
    try:  # what Pipecat's SmallWebRTC connection logs for a data-channel message that is not JSON
        emit_as("pipecat.transports.smallwebrtc.connection", "ERROR", "Error parsing JSON message my name is Jamie")
        emit_as("pipecat.transports.smallwebrtc.connection", "WARNING", "Connection failed, closing peer connection.")
    finally:
        logger.remove(sink)
    assert shown == []


def test_a_voice_turn_reaches_the_service_s_turn_with_whisper_s_words_as_the_phone_line_plays_it():
    # The phone line's stages hand every heard turn to the agent as handle(text, words=[(word, probability)]):
    # a browser call whose agent took handle(text) alone raised on each of them, and the caller heard only the
    # idle prompts until a hand-off ("not_understood").
    from phone.twilio_calls import CallAgent
    from service.voice_call import PageCall

    taken, sent = [], []

    def take_turn(call_id, text, watch, words=None):
        taken.append((call_id, text, words))
        return {"reply": {"say": "Shall I book it?", "state": "CONFIRM", "tool_calls": []}, "heard": text,
                "node": "confirm", "slots": {}}

    call = CallAgent(PageCall("call-1", take_turn, None, sent.append, CallBudgets()))
    words = [("Tuesday", 0.98), ("Jamie", 0.4)]
    assert call.handle("Tuesday, Jamie", words=words)["state"] == "CONFIRM"
    assert call.handle("[DTMF] 1")["state"] == "CONFIRM"  # a key or a typed turn has no recogniser words
    assert taken == [("call-1", "Tuesday, Jamie", words), ("call-1", "[DTMF] 1", None)]
    assert [message["node"] for message in sent] == ["confirm", "confirm"]
