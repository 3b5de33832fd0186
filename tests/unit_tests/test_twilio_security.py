"""Only Twilio gets in on the phone line (SPEC 6.4): signed webhooks, one-time stream tickets, quiet logs.

Each test is an attacker's request against ``phone.twilio``'s routes (FastAPI's test client, in process, no
network): an unsigned or mis-signed webhook, a forged X-Forwarded-Host, a media stream opened with a CallSid
that is not its own, a ticket replayed, expired or stolen, malformed stream messages. Signatures are computed
with ``twilio``'s own ``RequestValidator`` over recorded-style Twilio form bodies.
"""

import json
import logging
import multiprocessing
import re
import sqlite3
from urllib.parse import urlencode

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from twilio.request_validator import RequestValidator

import phone.twilio
from phone.logs import keep_caller_words_out_of_logs
from phone.tickets import MemoryTickets, Redeemed, SqliteTickets, caller_id
from phone.twilio import LineSettings, twilio_router
from phone.twilio_calls import CallAgent, LiveCalls

TOKEN = "0123456789abcdef0123456789abcdef"
ACCOUNT = "AC" + "a1" * 16
PUBLIC = "https://line.example.org"
VOICE = PUBLIC + "/twilio/voice"
CALL_SID = "CA" + "5e" * 16
HTTP_CALL_ID = "call-" + "0f" * 16  # an HTTP call's id (POST /calls), e.g. one that has ended
CALLER = "+16175550123"


def webhook_form(call_sid: str = CALL_SID, caller: str = CALLER, account: str = ACCOUNT) -> dict:
    """What Twilio posts to the voice URL when a call comes in (recorded-style fields)."""
    return {"AccountSid": account, "ApiVersion": "2010-04-01", "CallSid": call_sid, "CallStatus": "ringing",
            "CallToken": "%7B%22parentCallInfoToken%22%3A%22eyJhbGciOiJFUzI1NiJ9%22%7D", "Called": "+16175550100",
            "CalledCity": "BOSTON", "CalledCountry": "US", "CalledState": "MA", "CalledZip": "02108",
            "Caller": caller, "CallerCity": "BOSTON", "CallerCountry": "US", "CallerState": "MA",
            "CallerZip": "02108", "Direction": "inbound", "From": caller, "FromCity": "BOSTON",
            "FromCountry": "US", "FromState": "MA", "FromZip": "02108", "To": "+16175550100", "ToCity": "BOSTON",
            "ToCountry": "US", "ToState": "MA", "ToZip": "02108"}


def signature(form: dict, url: str = VOICE, token: str = TOKEN) -> str:
    return RequestValidator(token).compute_signature(url, form)


class Agents:
    """``agent_for_call`` that records what it was asked for and makes no agent (the stream closes 1011)."""

    def __init__(self):
        self.asked = []

    def __call__(self, call_id, caller_number):
        self.asked.append((call_id, caller_number))
        raise LookupError("no agents in these tests")


def line_app(agents=None, tickets=None, **line) -> FastAPI:
    settings = {"auth_token": TOKEN, "public_url": PUBLIC, "account_sid": ACCOUNT, **line}
    app = FastAPI()
    app.include_router(twilio_router(agents or Agents(), LineSettings(**settings),
                                     tickets=tickets or MemoryTickets(), calls=LiveCalls()))
    return app


def post_voice(client, form: dict, sig: str | None, **headers):
    if sig is not None:
        headers["X-Twilio-Signature"] = sig
    return client.post("/twilio/voice", content=urlencode(form),
                       headers={"Content-Type": "application/x-www-form-urlencoded", **headers})


def ticket_of(twiml: str) -> str:
    return re.search(r'<Parameter name="ticket" value="([^"]+)" />', twiml).group(1)


def start_message(call_sid: str = CALL_SID, ticket: str | None = None, account: str = ACCOUNT) -> dict:
    """Twilio's "start" as a stream sends it, with the TwiML's parameters echoed as customParameters."""
    start = {"accountSid": account, "streamSid": "MZ" + "7c" * 16, "callSid": call_sid, "tracks": ["inbound"],
             "mediaFormat": {"encoding": "audio/x-mulaw", "sampleRate": 8000, "channels": 1},
             "customParameters": {} if ticket is None else {"ticket": ticket}}
    return {"event": "start", "sequenceNumber": "1", "start": start, "streamSid": start["streamSid"]}


CONNECTED = {"event": "connected", "protocol": "Call", "version": "1.0.0"}


def stream_closes_with(client, *messages) -> int:
    """The close code the line answers ``messages`` with (text for dicts and str, binary for bytes)."""
    with client.websocket_connect("/twilio/stream") as ws:
        for message in messages:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message if isinstance(message, str) else json.dumps(message))
        closed = ws.receive()
    assert closed["type"] == "websocket.close"
    return closed["code"]


@pytest.fixture
def errors(caplog):
    """Records at ERROR from anywhere: an exception that escaped a handler is logged there by the server."""
    caplog.set_level(logging.INFO)
    yield lambda: [r for r in caplog.records if r.levelno >= logging.ERROR and "could not be made" not in r.message]


# -- 1. the webhook answers only Twilio -----------------------------------------------------------------------


def test_a_webhook_signed_with_the_auth_token_gets_twiml_with_a_ticket():
    answer = post_voice(TestClient(line_app()), webhook_form(), signature(webhook_form()))
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/xml")
    assert '<Stream url="wss://line.example.org/twilio/stream">' in answer.text
    assert len(ticket_of(answer.text)) >= 32


@pytest.mark.parametrize("sig", [None, "", "not-a-signature", signature(webhook_form(), token="a" * 32),
                                 signature(webhook_form(), url="https://evil.example/twilio/voice")])
def test_a_webhook_without_a_valid_signature_is_refused_without_detail(sig):
    answer = post_voice(TestClient(line_app()), webhook_form(), sig)
    assert answer.status_code == 403 and answer.content == b""


def test_a_signed_webhook_whose_fields_were_changed_is_refused():
    signed = signature(webhook_form())
    answer = post_voice(TestClient(line_app()), webhook_form(caller="+16175559999"), signed)
    assert answer.status_code == 403


def test_the_signature_is_checked_against_the_configured_address_not_the_host_header():
    """An attacker who points Host / X-Forwarded-Host at their own name and signs for it gets nothing."""
    form = webhook_form()
    forged = signature(form, url="https://evil.example/twilio/voice")
    client = TestClient(line_app(), base_url="https://evil.example")
    assert post_voice(client, form, forged, **{"X-Forwarded-Host": "evil.example"}).status_code == 403
    assert post_voice(client, form, signature(form), **{"X-Forwarded-Host": "evil.example"}).status_code == 200


def test_with_no_auth_token_every_webhook_is_refused_and_the_log_says_what_to_set(caplog):
    caplog.set_level(logging.WARNING, logger="phone.twilio")
    app = line_app(auth_token=None)
    assert "TWILIO_AUTH_TOKEN" in caplog.text
    form = webhook_form()
    for sig in (signature(form), signature(form, token=""), None):
        assert post_voice(TestClient(app), form, sig).status_code == 403


def test_the_line_settings_come_from_the_clinics_security_section(caplog):
    from dialog.config import SecurityConfig

    security = SecurityConfig(twilio_auth_token_env="LINE_TOKEN", twilio_account_sid_env="LINE_ACCOUNT",
                              public_url=PUBLIC)
    line = LineSettings.from_security(security, {"LINE_TOKEN": TOKEN, "LINE_ACCOUNT": ACCOUNT})
    assert line == LineSettings(auth_token=TOKEN, public_url=PUBLIC, account_sid=ACCOUNT, auth_token_env="LINE_TOKEN")
    caplog.set_level(logging.WARNING, logger="phone.twilio")
    twilio_router(Agents(), LineSettings.from_security(security, {}))
    assert "set LINE_TOKEN" in caplog.text


def test_with_no_public_address_every_webhook_is_refused(caplog):
    caplog.set_level(logging.WARNING, logger="phone.twilio")
    app = line_app(public_url=None)
    assert "public_url" in caplog.text
    assert post_voice(TestClient(app), webhook_form(), signature(webhook_form())).status_code == 403


def test_a_call_of_another_twilio_account_is_refused():
    form = webhook_form(account="AC" + "99" * 16)
    assert post_voice(TestClient(line_app()), form, signature(form)).status_code == 403


def test_a_body_that_is_not_a_form_is_refused_without_an_exception(errors):
    client = TestClient(line_app())
    for body in (b"\xff\xfe\x00", b"&&&=", b"a=" + b"&a=".join([b"1"] * 500)):
        answer = client.post("/twilio/voice", content=body, headers={"X-Twilio-Signature": "x"})
        assert answer.status_code == 403
    assert errors() == []


# -- 2. the stream's address comes from configuration --------------------------------------------------------


def test_the_stream_url_never_reflects_x_forwarded_host():
    form = webhook_form()
    client = TestClient(line_app())
    answer = post_voice(client, form, signature(form), **{"X-Forwarded-Host": "evil.example", "Host": "evil.example"})
    assert answer.status_code == 200
    assert "evil" not in answer.text and 'url="wss://line.example.org/twilio/stream"' in answer.text


# -- 3. a stream only for a call the signed webhook started, once ----------------------------------------------


def issued_ticket(client, call_sid: str = CALL_SID, caller: str = CALLER) -> str:
    form = webhook_form(call_sid=call_sid, caller=caller)
    return ticket_of(post_voice(client, form, signature(form)).text)


def test_a_stream_with_the_webhooks_ticket_gets_a_fresh_call_id_and_the_caller_number(errors):
    agents = Agents()
    client = TestClient(line_app(agents))
    ticket = issued_ticket(client)
    assert stream_closes_with(client, CONNECTED, start_message(ticket=ticket)) == 1011  # the test's agent fails
    [(call_id, number)] = agents.asked
    assert re.fullmatch(r"call-[0-9a-f]{32}", call_id) and call_id != CALL_SID and number == CALLER
    assert errors() == []


@pytest.mark.parametrize("start", [
    start_message(),  # no ticket at all: any websocket client with a CallSid
    start_message(ticket="guessed-" + "0" * 35),
    start_message(call_sid=HTTP_CALL_ID),  # an HTTP call's id, e.g. one that has ended
    start_message(call_sid=HTTP_CALL_ID, ticket="x" * 43),
])
def test_a_stream_without_a_ticket_for_its_call_is_closed_before_any_agent(start, errors):
    agents = Agents()
    client = TestClient(line_app(agents))
    issued_ticket(client)  # a live call exists; its CallSid is no way in
    assert stream_closes_with(client, CONNECTED, start) == 1008
    assert agents.asked == [] and errors() == []


def test_a_ticket_is_used_once():
    agents = Agents()
    client = TestClient(line_app(agents))
    ticket = issued_ticket(client)
    assert stream_closes_with(client, CONNECTED, start_message(ticket=ticket)) == 1011
    assert stream_closes_with(client, CONNECTED, start_message(ticket=ticket)) == 1008
    assert len(agents.asked) == 1


def test_another_calls_ticket_does_not_open_a_stream_for_this_call():
    """A ticket seen for one call (or an HTTP call's id with it) does not attach to any other call."""
    agents = Agents()
    client = TestClient(line_app(agents))
    ticket = issued_ticket(client, call_sid="CA" + "11" * 16)
    for call_sid in (CALL_SID, HTTP_CALL_ID):
        assert stream_closes_with(client, CONNECTED, start_message(call_sid=call_sid, ticket=ticket)) == 1008
    assert agents.asked == []


def test_a_stream_from_another_account_is_closed():
    agents = Agents()
    client = TestClient(line_app(agents))
    ticket = issued_ticket(client)
    assert stream_closes_with(client, start_message(ticket=ticket, account="AC" + "99" * 16)) == 1008
    assert agents.asked == []


def test_an_expired_ticket_is_refused():
    now = [1000.0]
    agents = Agents()
    client = TestClient(line_app(agents, tickets=MemoryTickets(seconds=60, clock=lambda: now[0])))
    ticket = issued_ticket(client)
    now[0] += 61
    assert stream_closes_with(client, CONNECTED, start_message(ticket=ticket)) == 1008
    assert agents.asked == []


# -- 5. malformed stream messages are answered by a clean close --------------------------------------------------


@pytest.mark.parametrize("messages", [
    ["not json"],
    ["[1, 2, 3]"],
    ['"start"'],
    [b"\x00\x01binary"],
    [{"event": "start"}],  # no "start" object
    [{"event": "start", "start": "MZ1"}],
    [{"event": "start", "start": {"callSid": CALL_SID, "customParameters": {"ticket": "t"}}}],  # no streamSid
    [{"event": "start", "start": {**start_message()["start"], "customParameters": ["ticket", "t"]}}],
    [{"event": "start", "start": {**start_message()["start"], "callSid": ["CA"], "customParameters": {"ticket": 1}}}],
    [{"event": "media", "streamSid": "MZ1", "media": {"payload": "/w=="}}],  # media before start
    [CONNECTED, CONNECTED, CONNECTED, CONNECTED],
    ["x" * 100_000],
])
def test_malformed_stream_messages_close_the_stream_cleanly(messages, errors):
    agents = Agents()
    assert stream_closes_with(TestClient(line_app(agents)), *messages) == 1008
    assert agents.asked == [] and errors() == []


def test_a_client_that_leaves_before_start_costs_nothing(errors):
    agents = Agents()
    client = TestClient(line_app(agents))
    with client.websocket_connect("/twilio/stream") as ws:
        ws.send_text(json.dumps(CONNECTED))
        ws.close()
    with client.websocket_connect("/twilio/stream"):
        pass
    assert agents.asked == [] and errors() == []


def test_a_stream_that_never_starts_is_closed(monkeypatch):
    monkeypatch.setattr(phone.twilio, "START_SECONDS", 0.2)
    with TestClient(line_app()).websocket_connect("/twilio/stream") as ws:
        ws.send_text(json.dumps(CONNECTED))
        assert ws.receive()["code"] == 1008


# -- the ticket stores ------------------------------------------------------------------------------------


@pytest.fixture(params=["memory", "sqlite"])
def make_tickets(request, tmp_path):
    def make(**kwargs):
        return MemoryTickets(**kwargs) if request.param == "memory" else SqliteTickets(str(tmp_path / "t.db"), **kwargs)
    return make


def test_a_ticket_redeems_once_for_its_call_only(make_tickets):
    tickets = make_tickets()
    ticket = tickets.issue(CALL_SID, CALLER)
    assert tickets.redeem("CA" + "00" * 16, ticket) is None
    assert tickets.redeem(CALL_SID, ticket[:-1]) is None
    redeemed = tickets.redeem(CALL_SID, ticket)
    assert isinstance(redeemed, Redeemed) and redeemed.caller_number == CALLER
    assert tickets.redeem(CALL_SID, ticket) is None
    assert tickets.issue(CALL_SID, None) != ticket


def test_two_redemptions_of_one_ticket_give_two_different_call_ids_never(make_tickets):
    tickets = make_tickets()
    ids = {tickets.redeem(CALL_SID, tickets.issue(CALL_SID, None)).call_id for _ in range(20)}
    assert len(ids) == 20 and CALL_SID not in ids


def test_expired_tickets_are_refused_and_purged(make_tickets, tmp_path):
    now = [1000.0]
    tickets = make_tickets(seconds=60, clock=lambda: now[0])
    old = tickets.issue(CALL_SID, CALLER)
    now[0] += 60
    assert tickets.redeem(CALL_SID, old) is None
    tickets.issue("CA" + "22" * 16, None)
    if isinstance(tickets, SqliteTickets):
        assert sqlite3.connect(tmp_path / "t.db").execute("SELECT count(*) FROM line_tickets").fetchone() == (1,)
    else:
        assert len(tickets._tickets) == 1


def test_a_ticket_that_continues_a_call_gives_that_call_and_may_outlive_a_streams(make_tickets):
    now = [1000.0]
    tickets = make_tickets(seconds=60, clock=lambda: now[0])
    report = tickets.issue(CALL_SID, CALLER, "call-" + "ab" * 16, seconds=4 * 3600)  # a transfer's dial report
    now[0] += 3600  # staff talked to the caller for an hour
    assert tickets.redeem(CALL_SID, report) == Redeemed("call-" + "ab" * 16, CALLER, continues=True)
    fresh = tickets.redeem(CALL_SID, tickets.issue(CALL_SID, CALLER))
    assert fresh is not None and not fresh.continues and fresh.call_id != "call-" + "ab" * 16


def test_a_ticket_lets_in_only_what_it_was_issued_for(make_tickets):
    tickets = make_tickets()
    report = tickets.issue(CALL_SID, CALLER, "call-" + "ab" * 16, seconds=4 * 3600, purpose="dial")
    assert tickets.redeem(CALL_SID, report) is None  # a transfer's dial report opens no media stream
    stream = tickets.issue(CALL_SID, CALLER, "call-" + "ab" * 16)
    assert tickets.redeem(CALL_SID, stream, "dial") is None  # nor a stream's ticket a dial report
    assert tickets.redeem(CALL_SID, report, "dial") is not None and tickets.redeem(CALL_SID, stream) is not None


def test_the_store_keeps_no_ticket_that_could_be_redeemed_from_it(tmp_path):
    tickets = SqliteTickets(str(tmp_path / "t.db"))
    ticket = tickets.issue(CALL_SID, CALLER)
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("t.db*"))
    assert ticket.encode() not in stored and CALL_SID.encode() in stored


def _redeem_in_a_worker(path: str, ticket: str, go) -> str | None:
    go.wait()
    redeemed = SqliteTickets(path).redeem(CALL_SID, ticket)
    return redeemed and redeemed.call_id


def test_worker_processes_share_tickets_and_exactly_one_redeems_each(tmp_path):
    path = str(tmp_path / "t.db")
    ticket = SqliteTickets(path).issue(CALL_SID, CALLER)  # the webhook reached one worker...
    context = multiprocessing.get_context("fork")
    with context.Manager() as manager, context.Pool(6) as pool:
        go = manager.Event()
        racing = [pool.apply_async(_redeem_in_a_worker, (path, ticket, go)) for _ in range(6)]
        go.set()  # ...and six streams race for it, in six processes
        won = [result.get(timeout=30) for result in racing]
    assert len([w for w in won if w]) == 1


def test_a_stream_reaching_another_worker_is_let_in_and_only_once(tmp_path):
    """Two workers (two apps) on one machine: the webhook on one, the stream on the other."""
    agents = Agents()
    first = TestClient(line_app(tickets=SqliteTickets(str(tmp_path / "t.db"))))
    second = TestClient(line_app(agents, tickets=SqliteTickets(str(tmp_path / "t.db"))))
    ticket = issued_ticket(first)
    assert stream_closes_with(second, CONNECTED, start_message(ticket=ticket)) == 1011
    assert stream_closes_with(first, CONNECTED, start_message(ticket=ticket)) == 1008
    assert [number for _, number in agents.asked] == [CALLER]


@pytest.mark.parametrize(("from_", "number"), [
    ("+16175550123", "+16175550123"), ("anonymous", None), ("Anonymous", None), ("+266696687", None),
    ("+7378742833", None), ("", None), (None, None), ("client:alice", None), ("sip:bob@example.org", None),
    ("+1" + "9" * 40, None)])
def test_the_caller_number_is_the_webhooks_from_unless_withheld(from_, number):
    assert caller_id(from_) == number


def test_a_withheld_number_reaches_the_agent_as_none():
    agents = Agents()
    client = TestClient(line_app(agents))
    ticket = issued_ticket(client, caller="anonymous")
    stream_closes_with(client, CONNECTED, start_message(ticket=ticket))
    assert [number for _, number in agents.asked] == [None]


# -- 6. the call's clinic is closed after its last turn -----------------------------------------------------------


class Clinic:
    def __init__(self):
        self.closed = 0


class Agent:
    def __init__(self):
        self.api = Clinic()
        self.api.close = lambda: setattr(self.api, "closed", self.api.closed + 1)

    def handle(self, text):
        return {"say": "ok", "state": "LISTEN", "tool_calls": []}


def test_an_ended_call_closes_its_clinic_once_and_takes_no_more_turns():
    agent = Agent()
    call = CallAgent(agent)
    assert call.handle("hello")["say"] == "ok"
    call.end()
    call.end()
    assert agent.api.closed == 1
    assert call.handle("yes")["state"] == "DONE" and agent.api.closed == 1


def test_a_turn_still_running_when_the_caller_hangs_up_closes_the_clinic_when_it_is_done():
    agent = Agent()
    call = CallAgent(agent)
    seen = []

    def slow(text):
        call.end()  # the hang-up arrives while this turn is on its thread
        seen.append(agent.api.closed)
        return {"say": "ok", "state": "LISTEN", "tool_calls": []}

    agent.handle = slow
    call.handle("yes")
    assert seen == [0] and agent.api.closed == 1


# -- 7. Pipecat's records that carry callers' words stay out of the worker's log ------------------------------


def emit_as(name: str, level: str, message: str) -> None:
    from loguru import logger

    logger.patch(lambda record: record.update(name=name)).log(level, message)


def test_pipecats_quiet_levels_and_its_speech_services_warnings_are_kept_out():
    from loguru import logger

    shown = []
    sink = keep_caller_words_out_of_logs(shown.append, remove_default=False)
    try:
        emit_as("pipecat.services.whisper.stt", "DEBUG", "Transcription: [my name is Jamie]")
        emit_as("pipecat.services.tts_service", "WARNING", "FliteTTSService#0: not speaking [Thanks Jamie]")
        emit_as("pipecat.processors.frame_processor", "INFO", "heard Jamie")
        emit_as("pipecat.workers.runner", "WARNING", "dangling tasks detected")
        emit_as("pipecat.services.tts_service", "ERROR", "FliteTTSService#0 error")
        emit_as("phone.twilio", "INFO", "a Twilio webhook was refused: bad signature")
    finally:
        logger.remove(sink)
    assert [m.record["message"] for m in shown] == ["dangling tasks detected", "FliteTTSService#0 error",
                                                    "a Twilio webhook was refused: bad signature"]


def test_the_workers_log_setup_replaces_loguru_s_debug_sink():
    import sys

    from loguru import logger

    everything, shown = [], []
    logger.remove()
    logger.add(everything.append, level="DEBUG")  # stands for loguru's default sink: stderr, from DEBUG up
    try:
        keep_caller_words_out_of_logs(shown.append)
        emit_as("pipecat.services.whisper.stt", "DEBUG", "Transcription: [my name is Jamie]")
    finally:
        logger.remove()
        logger.add(sys.stderr)  # loguru's default again, for whatever runs next
    assert everything == [] and shown == []
