"""Twilio Media Streams on the call service: point a Twilio number's voice webhook at ``POST /twilio/voice``.

    POST /twilio/voice      -> TwiML that connects the call to the stream below, with a one-time ticket
    WS   /twilio/stream     -> Twilio's media stream: 8 kHz mu-law audio and key presses in, speech out
    POST /twilio/dial       -> Twilio's report on a warm transfer's dial (``phone.transfer``)

Only Twilio gets in. The webhook is answered only when its ``X-Twilio-Signature`` is valid for the account's
auth token over the line's configured public address (never a request's Host or X-Forwarded-Host); without
a token or an address every webhook is refused (403). The TwiML's stream address comes from the same
configuration, and carries a ticket (``phone.tickets``) bound to the call's CallSid: a media stream is played
only when its ``start`` message brings an unused, unexpired ticket issued for its callSid, and it then gets a
fresh call id of its own (never the CallSid, never an HTTP call's id). Any other stream is closed (1008)
before an agent is made.

The service wires it as (see ``twilio_router``)::

    app.include_router(twilio_router(agent_for_call, LineSettings.from_security(clinic.security),
                                     tickets=SqliteTickets(path)))

Nothing a caller says or their number is logged here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import parse_qsl, urlsplit
from xml.sax.saxutils import quoteattr

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import Response
from starlette.datastructures import ImmutableMultiDict
from starlette.websockets import WebSocketDisconnect
from twilio.request_validator import RequestValidator, get_signature_algorithm

from phone import speech
from phone.tickets import MemoryTickets, StreamTickets, caller_id
from phone.transfer import REPORT_SECONDS, add_dial_route
from phone.twilio_calls import LiveCalls, close_clinic, play_call, twilio_message

log = logging.getLogger(__name__)

TWIML = """<?xml version="1.0" encoding="UTF-8"?>
<Response><Connect><Stream url={url}><Parameter name="ticket" value={ticket} /></Stream></Connect></Response>"""
POLICY_VIOLATION = 1008
"""The websocket close code for a stream that is not let in."""
INTERNAL_ERROR = 1011
START_SECONDS = 10.0
"""How long an opened stream has to send its ``start`` (Twilio sends it at once)."""
MESSAGES_BEFORE_START = 3
"""Twilio sends "connected", then "start"; a stream that sends more before starting is not Twilio."""
MAX_FORM_FIELDS = 200
_SID = re.compile(r"[A-Z]{2}[0-9a-fA-F]{32}")
"""A Twilio resource id (CallSid CA..., AccountSid AC..., StreamSid MZ...)."""


@dataclass(frozen=True)
class LineSettings:
    """What the Twilio line needs to know (the clinic configuration's ``[security]`` and the environment)."""

    auth_token: str | None = None
    """Twilio's auth token, which signs the webhooks (None: every webhook is refused)."""
    public_url: str | None = None
    """The line's base address as Twilio reaches it, such as "https://line.example.org" (None: refused)."""
    account_sid: str | None = None
    """The Twilio account the line belongs to: other accounts' calls are refused; with the token, the line
    hangs the call up over Twilio's REST API once the agent has said goodbye."""
    auth_token_env: str = "TWILIO_AUTH_TOKEN"
    """The environment variable the token comes from (named when it is missing)."""
    api_base: str | None = None
    """Twilio's REST API (None: https://api.twilio.com), which hangs calls up and puts them through."""

    @classmethod
    def from_security(cls, security: Any, environ: Mapping[str, str] | None = None) -> LineSettings:
        """The settings from ``ClinicConfig.security`` (a ``dialog.config.SecurityConfig``)."""
        return cls(auth_token=security.twilio_auth_token(environ), public_url=security.public_url,
                   account_sid=security.twilio_account_sid(environ), auth_token_env=security.twilio_auth_token_env)

    def missing(self) -> str | None:
        """Why the line refuses every call, or None when it can check Twilio's signatures."""
        if not self.auth_token:
            return f"set {self.auth_token_env} to the Twilio account's auth token (it signs Twilio's webhooks)"
        if not self.public_url:
            return ("set security.public_url in the clinic's configuration file to the address Twilio reaches "
                    "the line at, such as https://line.example.org")
        return None


@dataclass(frozen=True)
class StreamStart:
    """What a stream's ``start`` message says about itself."""

    stream_sid: str
    call_sid: str
    ticket: str
    account_sid: str | None


REJECT_BUSY = '<?xml version="1.0" encoding="UTF-8"?>\n<Response><Reject reason="busy"/></Response>'
"""The answer to a call over the line's limits, or a replayed webhook: the caller hears a busy tone, and no stream."""


def twilio_router(agent_for_call: Callable[[str, str | None], Any], line: LineSettings | None = None, *,
                  tickets: StreamTickets | None = None, calls: LiveCalls | None = None,
                  admit: Callable[[str | None], object] | None = None,
                  ended: Callable[[str], None] | None = None) -> APIRouter:
    """The two routes of the Twilio line.

    Args:
        agent_for_call: ``agent_for_call(call_id, caller_number)`` makes the call's ``VoiceAgent`` (its thread id
            ``call_id``, a fresh one); ``caller_number`` is the caller id from the signed webhook's ``From``, or
            None when withheld. It runs on a thread. The clinic connection of the agent's ``api`` is closed
            (``api.close()``, if it has one) when the call ends.
        line: The token, the public address and the account (without them, every call is refused).
        tickets: Where the webhook's tickets wait for their stream: ``SqliteTickets`` shared by the worker
            processes of a machine (the default, ``MemoryTickets``, serves a single worker).
        calls: The worker's live calls; the router's lifespan ends them when the app shuts down.
        admit: ``admit(caller_number)`` raises (any exception) when a new call is over the line's limits: the signed
            webhook is then answered with a busy tone (``service.limits``).
        ended: ``ended(call_id)`` after a played call is over (the service counts calls in progress).

    Returns:
        The router to include in the service's app (its lifespan is merged into the app's).
    """
    line = line or LineSettings()
    store: StreamTickets = tickets if tickets is not None else MemoryTickets()
    live = calls if calls is not None else LiveCalls()
    refused = line.missing()
    if refused:
        log.warning("Twilio calls will be refused until configured: %s", refused)
    validator = None if refused else RequestValidator(line.auth_token)
    base = urlsplit(line.public_url or "")
    voice_url = f"{line.public_url}/twilio/voice"
    stream_url = f"{'ws' if base.scheme == 'http' else 'wss'}://{base.netloc}/twilio/stream"

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await _load_whisper()
        yield
        await live.close_all()

    router = APIRouter(prefix="/twilio", lifespan=lifespan)

    async def checked_form(request: Request, url: str) -> ImmutableMultiDict | None:
        """The webhook's form if Twilio signed it for ``url``, for a call of this line's account; else None."""
        form = _form(await request.body())
        if validator is None or form is None or not _signed(validator, request, form, url):
            log.info("a Twilio webhook was refused: %s", "the line is not configured" if refused else "bad signature")
            return None
        account = form.get("AccountSid")
        if not _SID.fullmatch(form.get("CallSid", "")) or (line.account_sid and account != line.account_sid):
            log.info("a signed Twilio webhook was refused: not a call of this line's account")
            return None
        return form

    def stream_twiml(ticket: str) -> str:
        return TWIML.format(url=quoteattr(stream_url), ticket=quoteattr(ticket))

    @router.post("/voice")
    async def voice(request: Request) -> Response:
        """TwiML connecting a signed call to this line's media stream, with the call's one-time ticket."""
        form = await checked_form(request, voice_url)
        if form is None:
            return Response(status_code=403)
        number = caller_id(form.get("From"))
        if admit is not None:
            try:
                admit(number)
            except Exception:  # over a limit: no stream, no agent, nothing stored
                log.info("a signed Twilio call was turned away: over the line's limits")
                return Response(REJECT_BUSY, media_type="application/xml")
        if not await asyncio.to_thread(store.first_for, form["CallSid"]):
            log.warning("a signed Twilio voice webhook came again for a call already answered: no second stream")
            return Response(REJECT_BUSY, media_type="application/xml")
        ticket = await asyncio.to_thread(store.issue, form["CallSid"], number)
        return Response(stream_twiml(ticket), media_type="application/xml")

    add_dial_route(router, checked_form=checked_form, issue=store.issue,
                   redeem=lambda call_sid, ticket: store.redeem(call_sid, ticket, "dial"),
                   agent_for_call=agent_for_call, stream_twiml=stream_twiml, dial_url=f"{line.public_url}/twilio/dial",
                   close=close_clinic)

    @router.websocket("/stream")
    async def stream(websocket: WebSocket) -> None:
        """Play one call over Twilio's media stream until it ends, if the webhook let it in."""
        await websocket.accept()
        start = await _start_message(websocket)
        if start == "gone":
            return
        redeemed = None
        if isinstance(start, StreamStart) and (not line.account_sid or start.account_sid == line.account_sid):
            redeemed = await asyncio.to_thread(store.redeem, start.call_sid, start.ticket)
        if redeemed is None or not isinstance(start, StreamStart):
            log.info("a Twilio media stream was refused: no valid start with a ticket for its call")
            await _close(websocket, POLICY_VIOLATION)
            return
        try:
            agent = await asyncio.to_thread(agent_for_call, redeemed.call_id, redeemed.caller_number)
        except Exception as failed:  # the type only: a message could quote the caller's number
            log.error("a Twilio call's agent could not be made (%s)", type(failed).__name__)
            log.debug("the agent's failure", exc_info=True)
            await _close(websocket, INTERNAL_ERROR)
            return
        call_sid, call_id, number = start.call_sid, redeemed.call_id, redeemed.caller_number

        def dial_action() -> str:  # where Twilio reports the transfer's dial: a ticket that continues this call
            ticket = store.issue(call_sid, number, call_id, REPORT_SECONDS, "dial")  # no stream's
            return f"{line.public_url}/twilio/dial?ticket={ticket}"

        # Taken back after an unanswered transfer, the call opens with the agent's callback question.
        opening = (lambda taken_back: taken_back.transfer_unanswered(number)) if redeemed.continues else None
        try:
            await play_call(websocket, agent, stream_sid=start.stream_sid, call_sid=call_sid, calls=live,
                            account_sid=line.account_sid, auth_token=line.auth_token, api_base=line.api_base,
                            dial_action=dial_action, opening=opening)
        except Exception as failed:
            log.error("a Twilio call's pipeline failed (%s)", type(failed).__name__)
            log.debug("the pipeline's failure", exc_info=True)
            await _close(websocket, INTERNAL_ERROR)
        finally:
            if ended is not None:
                ended(call_id)

    return router


async def _load_whisper() -> None:
    # Loaded by the first call's websocket handler, it held the worker's event loop (every call on it) ~0.7 s.
    try:
        await asyncio.to_thread(speech.whisper_model)
    except (ImportError, OSError, ValueError) as missing:  # the line then refuses calls; the service still runs
        log.warning("Whisper could not be loaded (%s): phone calls will fail", type(missing).__name__)


def _form(body: bytes) -> ImmutableMultiDict | None:
    """The webhook's form fields (Twilio posts application/x-www-form-urlencoded), or None if it is not one."""
    try:
        return ImmutableMultiDict(parse_qsl(body.decode(), keep_blank_values=True, strict_parsing=bool(body),
                                            max_num_fields=MAX_FORM_FIELDS))
    except ValueError:  # not UTF-8, not a form, or too many fields
        return None


def _signed(validator: RequestValidator, request: Request, form: ImmutableMultiDict, url: str) -> bool:
    """Whether Twilio signed this request: over the configured address (and the query, which Twilio signs too)."""
    signature = request.headers.get("x-twilio-signature", "")
    if not signature:
        return False
    query = request.url.query
    algorithm = get_signature_algorithm(request.headers.get("x-twilio-webhooks-signature-settings"))
    return bool(validator.validate(f"{url}?{query}" if query else url, form, signature, algorithm))


async def _start_message(websocket: WebSocket) -> StreamStart | Literal["gone"] | None:
    """The stream's ``start`` (after Twilio's "connected"); "gone" if the client left; None for anything else."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_SECONDS
    for _ in range(MESSAGES_BEFORE_START):
        try:
            received = await asyncio.wait_for(websocket.receive(), timeout=max(0.0, deadline - loop.time()))
        except TimeoutError:
            return None
        if received["type"] == "websocket.disconnect":
            return "gone"
        message = twilio_message(received.get("text"))
        if message is None or message.get("event") not in ("connected", "start"):
            return None
        if message["event"] == "start":
            return _stream_start(message)
    return None


def _stream_start(message: dict) -> StreamStart | None:
    start = message.get("start")
    if not isinstance(start, dict):
        return None
    stream_sid = start.get("streamSid") or message.get("streamSid")
    call_sid, account_sid, parameters = start.get("callSid"), start.get("accountSid"), start.get("customParameters")
    ticket = parameters.get("ticket") if isinstance(parameters, dict) else None
    if not (isinstance(stream_sid, str) and _SID.fullmatch(stream_sid) and isinstance(call_sid, str)
            and isinstance(ticket, str)):
        return None
    return StreamStart(stream_sid, call_sid, ticket, account_sid if isinstance(account_sid, str) else None)


async def _close(websocket: WebSocket, code: int) -> None:
    # The client may have gone already: there is nobody left to tell.
    with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
        await websocket.close(code=code)
