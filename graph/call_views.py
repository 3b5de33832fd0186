"""What the service, the phone line and staff read of a call beside the lab's ``state`` and ``handoff``.

``VoiceAgent`` has these views of its checkpoint: the values understood so far (apart from the transcript,
``VoiceAgent.heard``, SPEC 7.1), why the caller comes, what a move did, and the yes its writes are under.
"""

from __future__ import annotations

from typing import Any

from graph.speedups.three_channels import call_values


class CallViews:
    """Read-only views of one call's latest checkpoint (``_graph`` and ``_config`` are the agent's)."""

    _graph: Any
    _config: dict

    def _values(self) -> dict[str, Any]:
        return call_values(self._graph.get_state(self._config).values)

    @property
    def slots(self) -> dict:
        """The request and the values collected so far: task, day, date ("YYYY-MM-DD"), time, name."""
        values = self._values()
        return {k: values.get(k) for k in ("task", "day", "date", "time", "name")}

    @property
    def reason(self) -> str | None:
        """Why the caller comes, as they said it (masked), for staff; None until they say."""
        return self._values().get("reason")

    @property
    def move(self) -> dict | None:
        """A move's record for staff: the new appointment, the old one, and whether each write went through."""
        return self._values().get("move")

    @property
    def confirmation(self) -> dict:
        """The last yes a read-back accepted, ``{"number", "key"}`` (0 and None before any).

        The writes it covers carry ``key`` as their idempotency key (a move's two: ``key:book``, ``key:cancel``),
        so a write is covered when its key is the one of the yes its turn gave (the number went up by one).
        """
        values = self._values()
        return {"number": values.get("confirmations", 0), "key": values.get("write_key")}
