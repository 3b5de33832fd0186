"""What the graph remembers about one call (checkpointed after every step)."""

from __future__ import annotations

from dataclasses import dataclass, field

STATES = ("LISTEN", "ASK_DAY", "ASK_TIME", "ASK_NAME", "CONFIRM", "DONE", "HANDOFF")
TERMINAL = ("DONE", "HANDOFF")
HANDOFF_REASONS = ("user_request", "not_understood", "tool_failure")


@dataclass
class CallState:
    """One phone call. Nodes return partial updates; every field is plain JSON-able data."""

    utterance: str = ""
    """The caller's latest utterance, card and ID numbers already masked."""
    dialog_state: str = "LISTEN"
    """Which of the seven dialog states the call is in; this is what handle() reports."""
    task: str | None = None
    """What the caller wants done: "book", "cancel", or None until they say."""
    day: str | None = None
    """The weekday asked for, lower case."""
    time: str | None = None
    """The time asked for, "HH:MM"; kept only once it is among the open times (or not yet checked)."""
    name: str | None = None
    """The caller's name."""
    offered_day: str | None = None
    """The day whose open times were looked up; a different `day` needs a new find_slots."""
    offered_times: list[str] = field(default_factory=list)
    """The open times find_slots returned for `offered_day`, in the order they were offered."""
    choices: list[str] = field(default_factory=list)
    """Two alternatives the caller gave ("ten or eleven"): the agent asks which, never picks."""
    misunderstood: int = 0
    """Not-understood turns in a row; the second one hands the call to a person."""
    notes: list[str] = field(default_factory=list)
    """Sentences to say this turn before the question (answers, apologies, news from a tool)."""
    say: str = ""
    """What the agent said when the call ended (waiting nodes say theirs through interrupt)."""
    last_prompt: str = "How can I help you today?"
    """The last question asked, repeated word for word on "say that again" or keypad 0."""
    repeat: bool = False
    """The caller asked to hear the last prompt again this turn."""
    confirmed: bool = False
    """The caller just said a plain yes to the read-back; the only way into book/cancel."""
    confirmations: int = 0
    """How many read-backs the caller has accepted; numbers each write's idempotency key."""
    write_key: str | None = None
    """Idempotency key of the write the accepted read-back authorises."""
    bookings_looked_up: str | None = None
    """Cancel flow: the "name|day" whose bookings were fetched (a change needs a new lookup)."""
    bookings_found: list[dict] = field(default_factory=list)
    """Cancel flow: the caller's appointments that find_bookings returned."""
    result: dict | None = None
    """The clinic's answer to the booking or cancellation that was made."""
    ended: str | None = None
    """Why the call ended without a person: "booked", "cancelled" or "stopped"."""
    handoff: dict | None = None
    """{"reason", "summary": {"day", "time", "name"}} once the call went to a person."""
