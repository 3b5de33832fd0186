"""The shapes a call's requests and records take: request bodies, the reply, and a turn as its history keeps it."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, field_validator

from voicekit.privacy import replace_lone_surrogates


class NewCall(BaseModel):
    """Body of POST /calls."""
    plan: dict[str, list[str]] | None = Field(default=None, description="scripted clinic failures for this call")


class Turn(BaseModel):
    """Body of POST /calls/{call_id}/turns."""

    text: str | None = Field(description="what the caller said (the speech recogniser's transcript); "
                                         "null or empty is silence, as for VoiceAgent.handle")

    @field_validator("text", mode="before")
    @classmethod
    def _valid_unicode(cls, text: object) -> object:
        # JSON may carry a lone surrogate ("\ud800"): replace it rather than lose the caller's turn.
        return replace_lone_surrogates(text) if isinstance(text, str) else text


class TransferReport(BaseModel):
    """Body of POST /calls/{call_id}/transfer: how the warm transfer of a hand-off went."""

    answered: bool = Field(description="whether staff picked up before the ring timeout")
    caller_number: str | None = Field(default=None, description="the caller id, if the line has one: staff "
                                                                "get it with the callback request")


class Reply(BaseModel):
    """What the agent says, the state it is in, and the tools it called this turn."""
    say: str
    state: str
    tool_calls: list[str]


AFTER_THE_END = 200
"""How many characters of a turn sent to an ended call its history keeps (nothing can happen on it any more)."""


def shortened(words: str) -> str:
    """A turn to an ended call as its history keeps it: its start, and how much was cut."""
    if len(words) <= AFTER_THE_END:
        return words
    return f"{words[:AFTER_THE_END]}... [{len(words) - AFTER_THE_END} more characters not kept]"


def close_clinic(api: Any) -> None:
    """Let go of a calendar's connection (a backend without ``close`` holds none)."""
    close = getattr(api, "close", None)
    if callable(close):
        close()


def tool_record(api: Any, waits: list[float]) -> dict:
    """A turn's tool calls for its record: outcomes (as before), each call with its arguments, the retry waits.

    The arguments are the clinic's own record, where a phone number shows only its last four digits.
    """
    return {"outcomes": [outcome for _, _, outcome in api.calls],
            "calls": [{"tool": tool, "args": args, "outcome": outcome} for tool, args, outcome in api.calls],
            "sleeps": list(waits)}


def reply_response(reply: dict) -> JSONResponse:
    """The reply as the Reply model shapes it, sent as it is (``handle()`` already gives these types)."""
    return JSONResponse({"say": reply["say"], "state": reply["state"], "tool_calls": reply["tool_calls"]})
