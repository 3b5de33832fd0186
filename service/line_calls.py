"""A phone (or browser voice) call's agent, recorded like an HTTP call's.

Each turn goes in the call store (the staff record ``GET /calls/{id}`` shows, masked), with one JSON log line a
turn, the guard counters and the pause switch.

The line plays one long-lived ``VoiceAgent`` per call; ``RecordedAgent`` stands in front of it with the same
methods (``handle``, the transfer reports) and attributes (``context``, ``node``, ``transfer``, ``api``...).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from service.guards import caller_words_detector, judge_writes
from service.observe import Stopwatch, observe_turn
from service.records import shortened, tool_record
from voicekit.phones import mask_read_out


class RecordedAgent:
    """``agent`` (a ``VoiceAgent``) whose turns are saved in ``store`` under ``call_id`` and logged (see above)."""

    def __init__(self, agent: Any, store: Any, call_id: str, ended: Callable[[str], None] | None = None):
        self._agent, self._store, self._call_id, self._ended = agent, store, call_id, ended
        self._state: str | None = None  # the state the last turn left the call in

    def __getattr__(self, name: str) -> Any:  # context, node, transfer, api, heard, slots...: the agent's own
        return getattr(self._agent, name)

    def handle(self, text: Any, *args: Any, **kwargs: Any) -> dict:
        """One caller turn (the recogniser's words too, if the line passes them), recorded."""
        return self._recorded(lambda: self._agent.handle(text, *args, **kwargs), caller_turn=True)

    def transfer_unanswered(self, caller_number: str | None = None) -> dict:
        """The line's report that nobody answered the transfer (recorded as a line event)."""
        return self._recorded(lambda: self._agent.transfer_unanswered(caller_number), event="transfer unanswered")

    def transfer_answered(self) -> dict:
        """The line's report that staff picked up (recorded as a line event)."""
        return self._recorded(self._agent.transfer_answered, event="transfer answered")

    def _recorded(self, turn: Callable[[], dict], caller_turn: bool = False, event: str = "") -> dict:
        stopwatch = Stopwatch()
        calls = self._agent.api.calls
        before = len(calls)
        reply = turn()
        made = list(calls[before:])
        record = ({"user": self._agent.heard} if caller_turn else {"line": event}) | reply
        record |= {"say": mask_read_out(reply["say"]), **tool_record(SimpleNamespace(calls=made), [])}
        if caller_turn and self._agent.after_the_end:
            record["user"] = shortened(record["user"])
        with self._store.locked(self._call_id) as call:
            call.save_turn(record, {})
        if caller_turn:
            caller_words_detector().watch(self._agent.heard)
            judge_writes(self._agent.heard, made, ended_before=self._agent.after_the_end,
                         language=getattr(self._agent, "language", "en"))
        else:
            judge_writes("", made, ended_before=False)
        handed_off, self._state = reply["state"] == "HANDOFF" and self._state != "HANDOFF", reply["state"]
        handoff = self._agent.handoff if handed_off else None
        observe_turn(self._call_id, reply, made, stopwatch.seconds(), handoff["reason"] if handoff else None)
        if reply["state"] in ("DONE", "HANDOFF") and self._ended is not None:
            self._ended(self._call_id)
        return reply


def line_tickets(settings: Any, calls: Any) -> Any:
    """Where the phone line's tickets wait: the call store's PostgreSQL (every machine), else a file per machine."""
    pool = getattr(calls, "pool", None)
    if pool is not None:
        from phone.tickets import PostgresTickets

        return PostgresTickets(pool)
    from phone.tickets import SqliteTickets

    data = os.path.dirname(os.path.abspath(settings.clinic_db))  # beside the clinic's file
    return SqliteTickets(os.path.join(data, "twilio-tickets.sqlite"))
