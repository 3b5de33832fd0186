"""Twilio Media Streams on the call service: point a Twilio number's voice webhook at ``POST /twilio/voice``.

    POST /twilio/voice      -> TwiML that connects the call to the stream below
    WS   /twilio/stream     -> Twilio's media stream: 8 kHz mu-law audio and key presses in, speech out

Each call is one ``VoiceAgent`` whose thread id is Twilio's CallSid, on the service's checkpointer and
clinic. Hanging up through Twilio's REST API when the call ends needs credentials: set TWILIO_ACCOUNT_SID
and TWILIO_AUTH_TOKEN in the environment (never logged); without them the agent says goodbye and the
stream closes, and Twilio ends the call when the stream does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import quoteattr

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import Response

TWIML = """<?xml version="1.0" encoding="UTF-8"?>
<Response><Connect><Stream url={url} /></Connect></Response>"""


def twilio_router(agent_for_call: Callable[[str], Any]) -> APIRouter:
    """The two routes; ``agent_for_call(call_sid)`` makes the call's ``VoiceAgent``."""
    router = APIRouter(prefix="/twilio")

    @router.post("/voice")
    async def voice(request: Request) -> Response:
        """TwiML connecting the call to this service's media stream (behind a proxy: PUBLIC_HOST)."""
        host = os.environ.get("PUBLIC_HOST") or request.headers.get("x-forwarded-host") or request.url.netloc
        return Response(TWIML.format(url=quoteattr(f"wss://{host}/twilio/stream")), media_type="application/xml")

    @router.websocket("/stream")
    async def stream(websocket: WebSocket) -> None:
        """Play one call over Twilio's media stream until it ends."""
        from pipecat.pipeline.runner import PipelineRunner
        from pipecat.pipeline.task import PipelineParams, PipelineTask
        from pipecat.serializers.twilio import TwilioFrameSerializer
        from pipecat.transports.websocket.fastapi import FastAPIWebsocketParams, FastAPIWebsocketTransport

        from phone.pipeline import phone_pipeline

        await websocket.accept()
        start = await _start_message(websocket)
        stream_sid, call_sid = start["streamSid"], start.get("callSid") or start["streamSid"]
        account, token = os.environ.get("TWILIO_ACCOUNT_SID"), os.environ.get("TWILIO_AUTH_TOKEN")
        serializer = TwilioFrameSerializer(
            stream_sid, call_sid, account_sid=account, auth_token=token,
            params=TwilioFrameSerializer.InputParams(auto_hang_up=bool(account and token)))
        transport = FastAPIWebsocketTransport(websocket, FastAPIWebsocketParams(
            audio_in_enabled=True, audio_out_enabled=True, add_wav_header=False, serializer=serializer))
        task = PipelineTask(phone_pipeline(agent_for_call(call_sid), transport),
                            # Whisper and Silero listen at 16 kHz: the serializer resamples Twilio's 8 kHz up.
                            params=PipelineParams(audio_in_sample_rate=16000, audio_out_sample_rate=8000))
        runner = PipelineRunner(handle_sigint=False)
        await runner.add_workers(task)
        await runner.run()

    return router


async def _start_message(websocket: WebSocket) -> dict:
    """Twilio sends "connected", then "start" with the stream's and the call's ids."""
    while True:
        message = json.loads(await websocket.receive_text())
        if message.get("event") == "start":
            return {"streamSid": message.get("streamSid") or message["start"]["streamSid"],
                    "callSid": message.get("start", {}).get("callSid")}
