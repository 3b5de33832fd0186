"""The one place a call is created: an HTTP call (``POST /calls``), a phone call, a browser voice call.

``NewCalls.open`` checks who may call (``security.http_callers`` for HTTP callers) and the worker's limits
(``service.limits``), then records the call (its channel, for staff's list of recent calls) and returns its id.
Whatever the channel, a call over a limit is refused before anything is stored. (A paused line still takes
calls: each turn then tells the caller and puts them through, or offers a callback request.)
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import HTTPException

from service.auth import UNAUTHORIZED
from service.limits import CallGate, Refused
from service.store import new_call_id

Channel = Literal["http", "phone", "browser"]


def too_many(refused: Refused) -> HTTPException:
    """The 429 for a refusal: which limit, and when to try again (in Retry-After and in the detail)."""
    return HTTPException(status_code=429, headers={"Retry-After": str(refused.retry_after)},
                         detail=f"too many {refused.what}; try again in {refused.retry_after} s")


class NewCalls:
    """Creates calls for every channel, under one set of limits (see the module's docstring)."""

    def __init__(self, store: Any, gate: CallGate, http_callers: str):
        self.store, self.gate, self.http_callers = store, gate, http_callers

    def open(self, channel: Channel, *, source: str | None, staff: bool = False, plan: dict | None = None,
             call_id: str | None = None, admitted: bool = False) -> str:
        """A new call's id, recorded; raises HTTPException 401/403 (who may call) or 429 (a limit).

        Args:
            channel: How the caller reaches the line.
            source: The source address (HTTP, browser) or the caller id (phone): what one caller's limit counts.
            staff: The request carries the staff token (a telephony front, the simulator): no per-address limit.
            plan: The demo's failure plan (checked by the caller of this).
            call_id: The id to record (the phone line mints its own in the stream's ticket); None: a fresh one.
            admitted: ``may_call_over_http`` and ``admit`` were called already (on the event loop, before any work).
        """
        if not admitted:
            if channel == "http":
                self.may_call_over_http(staff)
            self.admit(source, staff=staff)
        call_id = call_id or new_call_id()
        self.store.create(call_id, plan or {}, channel=channel)
        self.gate.started(call_id)
        return call_id

    def admit(self, source: str | None, *, staff: bool = False) -> None:
        """The limits alone (the phone line's webhook, before any stream): raises HTTPException 429 when over one."""
        try:
            self.gate.new_call(source, staff=staff)
        except Refused as refused:
            raise too_many(refused) from None

    def may_call_over_http(self, staff: bool) -> None:
        """Refuse an HTTP call the clinic's ``security.http_callers`` does not let in."""
        if self.http_callers == "off":
            raise HTTPException(status_code=403, detail="this line takes no calls over HTTP "
                                                        "(security.http_callers = \"off\")")
        if self.http_callers == "staff" and not staff:
            raise UNAUTHORIZED
