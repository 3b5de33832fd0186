"""The warm transfer on Twilio: staff's number dialled over the REST API, the outcome reported back.

When a call hands off while staff are in, the agent says it is putting the caller through and the line,
instead of hanging up, updates the live call over Twilio's REST API with::

    <Response><Dial timeout="{ring_seconds}" action="{public_url}/twilio/dial?ticket=...">
      <Number>+1...</Number></Dial></Response>

Twilio rings staff; when the dial ends it posts ``DialCallStatus`` to the action address (signed, like every
webhook, and carrying a one-time ticket bound to the CallSid and the call's id). Answered ("completed"): the
agent notes it and Twilio hangs up when staff do. Unanswered (busy, no-answer, failed): the line takes the
call back on a new media stream of the same call, whose first words are the agent's question whether staff
should call the caller back (``VoiceAgent.transfer_unanswered``); nothing is left for staff unless the caller
says yes. A caller who hung up while it rang ("canceled") is not asked anything.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import quoteattr

from fastapi import APIRouter, Request
from fastapi.responses import Response

log = logging.getLogger(__name__)

DIAL_TWIML = ('<?xml version="1.0" encoding="UTF-8"?>\n<Response><Dial timeout="{seconds}" action={action} '
              'method="POST"><Number>{number}</Number></Dial></Response>')
HANG_UP_TWIML = '<?xml version="1.0" encoding="UTF-8"?>\n<Response><Hangup/></Response>'
ANSWERED = frozenset({"completed", "answered"})
"""Twilio's ``DialCallStatus`` when staff picked up (the others: busy, no-answer, failed, canceled)."""
CALLER_GONE = "canceled"
_E164 = re.compile(r"\+[1-9][0-9]{6,14}")
MAX_RING_SECONDS = 600
REPORT_SECONDS = 4 * 3600.0
"""How long the dial's report ticket waits: Twilio posts it when the dial ends, after the whole conversation
with staff when they answered (an unanswered dial reports after the ring)."""


def dial_twiml(number: str | None, ring_seconds: int, action_url: str) -> str | None:
    """The TwiML that puts the caller through to ``number``, or None when it is no number Twilio can dial."""
    if not number or not _E164.fullmatch(number.replace(" ", "")):
        return None
    seconds = min(max(int(ring_seconds), 5), MAX_RING_SECONDS)
    return DIAL_TWIML.format(seconds=seconds, action=quoteattr(action_url), number=number.replace(" ", ""))


async def update_call(endpoint: str, account_sid: str, auth_token: str, twiml: str) -> bool:
    """Give the live call new TwiML over Twilio's REST API (the stream then stops); whether Twilio took it."""
    import aiohttp

    try:
        async with aiohttp.ClientSession() as session, session.post(
                endpoint, auth=aiohttp.BasicAuth(account_sid, auth_token), data={"Twiml": twiml},
                timeout=aiohttp.ClientTimeout(total=10)) as response:
            if response.status == 200:
                return True
            log.error("Twilio refused the transfer (HTTP %s)", response.status)
    except (aiohttp.ClientError, TimeoutError) as failed:
        log.error("the transfer could not reach Twilio (%s)", type(failed).__name__)
    return False


def add_dial_route(router: APIRouter, *, checked_form: Callable[[Request, str], Any], issue: Callable[..., str],
                   redeem: Callable[[str, str], Any], agent_for_call: Callable[[str, str | None], Any],
                   stream_twiml: Callable[[str], str], dial_url: str, close: Callable[[Any], None]) -> None:
    """``POST /dial``: Twilio's report on the transfer's dial (see the module's docstring).

    ``checked_form(request, url)`` is the request's form when Twilio signed it for ``url`` (else None).
    """

    @router.post("/dial")
    async def dial(request: Request) -> Response:
        """What the call does after the transfer rang: hang up after staff, or back to the agent."""
        form = await checked_form(request, dial_url)
        ticket = request.query_params.get("ticket", "")
        call_sid = form.get("CallSid", "") if form is not None else ""
        redeemed = await asyncio.to_thread(redeem, call_sid, ticket) if form is not None else None
        if redeemed is None or not redeemed.continues:
            log.info("a Twilio dial report was refused: unsigned, or no valid ticket for its call")
            return Response(status_code=403)
        status = form.get("DialCallStatus", "")
        if status in ANSWERED or status == CALLER_GONE:
            if status in ANSWERED:
                await asyncio.to_thread(_report_answered, agent_for_call, redeemed, close)
            return Response(HANG_UP_TWIML, media_type="application/xml")
        ticket = await asyncio.to_thread(issue, call_sid, redeemed.caller_number, redeemed.call_id)
        return Response(stream_twiml(ticket), media_type="application/xml")


def _report_answered(agent_for_call: Callable[[str, str | None], Any], redeemed: Any,
                     close: Callable[[Any], None]) -> None:
    agent = agent_for_call(redeemed.call_id, redeemed.caller_number)
    try:
        agent.transfer_answered()
    finally:
        close(agent)
