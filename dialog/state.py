"""What the graph remembers about one call (checkpointed after every step), and the names it uses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict, get_args

from tools.writes import WriteResult
from voicekit.clinic import Booking
from voicekit.nlu.types import MovedFrom, TimeWish

DialogState = Literal["LISTEN", "ASK_DAY", "ASK_TIME", "ASK_NAME", "CONFIRM", "DONE", "HANDOFF"]
STATES: tuple[DialogState, ...] = get_args(DialogState)
TERMINAL: tuple[DialogState, ...] = ("DONE", "HANDOFF")

HandoffReason = Literal["user_request", "not_understood", "tool_failure"]
HANDOFF_REASONS: tuple[HandoffReason, ...] = get_args(HandoffReason)

TaskName = Literal["book", "reschedule", "cancel", "callback", "transfer_callback"]
Ending = Literal["booked", "cancelled", "moved", "callback_requested", "stopped"]

Step = Literal["listen", "ask_day", "ask_time", "ask_name", "ask_phone", "spell_name", "confirm", "find_slots",
               "find_bookings", "done", "handoff"]
"""The nodes a turn may go on to once the caller was understood or a read tool answered."""
WriteNode = Literal["book", "cancel", "request_callback"]
"""The writes: only CONFIRM's plain yes leads to them."""
NodeName = Literal["understand", Step, WriteNode, "no_answer", "closed"]
"""Every node of the graph."""
Asking = Literal["phone", "spelling"]
"""What a waiting node may ask for beyond its dialog state's own slot."""
NameCheck = Literal["spell", "letters", "which"]
"""What the caller's name still needs before a read-back: a spelling, the spelling's yes, or a choice of two."""
Transfer = Literal["answered", "unanswered", "reported"]
"""The phone line's report on the warm transfer, and "reported" once it was dealt with."""


class Summary(TypedDict):
    """What a person taking over needs: the slots filled so far (None where not)."""

    day: str | None
    time: str | None
    name: str | None


class Handoff(TypedDict):
    """The hand-off record the lab defines: why, and what was collected."""

    reason: HandoffReason
    summary: Summary


class CallbackRequest(TypedDict, total=False):
    """A request left for staff to call the caller back, as the clinic recorded it."""

    callback_id: str
    name: str | None
    phone: str | None
    reason: str
    summary: Summary


class MoveRecord(TypedDict):
    """What a move did, for staff: the new appointment, the old one, and whether each write went through."""

    new: Summary
    """The new appointment's day, time and name (as read back)."""
    date: str | None
    """The new appointment's date."""
    booking_id: str | None
    """The new booking's id once booked."""
    booked: bool | None
    """The new appointment was booked (None: the answer was lost, it may have been)."""
    old: Booking
    """The appointment the caller moves (as the clinic holds it)."""
    old_cancelled: bool | None
    """The old appointment was cancelled (False: it still stands; None: the answer was lost, staff check)."""


class Prompt(TypedDict):
    """What a waiting node hands to ``interrupt()``: the words to say and the state it waits in."""

    say: str
    state: DialogState
    expects: NotRequired[Asking | None]
    """"phone": the answer may hold a phone number, which the edge keeps instead of masking."""


@dataclass
class CallState:
    """One phone call. Nodes return partial updates; every field is plain JSON-able data.

    The checkpoint keeps it in three channels (``graph.speedups.three_channels``); nodes and routers see this.
    """

    utterance: str = ""
    """The caller's latest utterance, card and ID numbers masked on every write (by its channel in graph.speedups)."""
    dialog_state: DialogState = "LISTEN"
    """Which of the seven dialog states the call is in; this is what handle() reports."""
    task: TaskName | None = None
    """What the caller wants done (a key of ``dialog.tasks.TASKS``), or None until they say."""
    day: str | None = None
    """The weekday asked for, lower case (what the clinic API takes)."""
    date: str | None = None
    """The calendar date asked for ("YYYY-MM-DD"): the one named, else the coming `day`; what a dated backend gets."""
    date_named: bool = False
    """The caller named the date itself ("March 12th", "tomorrow"): the read-back says it with the weekday."""
    reads_dates: bool = False
    """The line has a clock of its own (a clinic's line): every read-back and offer names the weekday and its date.

    False only for the lab contract's ``VoiceAgent(api, sleep)``, whose traces keep a weekday said alone alone."""
    time: str | None = None
    """The time asked for, "HH:MM"; kept only once it is among the open times (or not yet checked)."""
    wanted_time: str | None = None
    """A time the caller asked for that was not open on their day: tried on the next day they name without a time."""
    time_wish: TimeWish | None = None
    """A constraint instead of a time ("after 3", "in the morning", "as soon as possible"), kept for a later day."""
    fallback_time: str | None = None
    """The time to take this turn if `time` is not open ("10 am, if not 11 am")."""
    name: str | None = None
    """The caller's name: a candidate (what was understood) until the read-back's yes confirms it (SPEC 7.1)."""
    name_choices: list[str] = field(default_factory=list)
    """Two names given, one a short form of the other ("Rob", then "Robertson"): asked about, never swapped."""
    name_check: NameCheck | None = None
    """What the name needs before any read-back ("spell": the recogniser was unsure, or the caller said it is wrong)."""
    spelled: str | None = None
    """The name as the caller spelled it ("Fraser"), read back letter by letter until they say it is right."""
    name_options: list[str] = field(default_factory=list)
    """Two close names heard for the caller ("Jamie Fraser", "Jamie Frazer"): the caller picks, never the line."""
    spell_misses: int = 0
    """Spellings the caller said were read back wrong; the third hands off (a person can take the name)."""
    unsure_words: list[str] = field(default_factory=list)
    """This turn's words the recogniser was unsure of (lower case, letters only; from ``handle(words=...)``)."""
    provider: str | None = None
    """The doctor the caller asked for ("Dr. Johnson"), if any: a backend whose ``book`` takes ``provider=`` gets it."""
    offered_day: str | None = None
    """The day whose open times were looked up; a different `day` needs a new find_slots."""
    offered_date: str | None = None
    """The date whose open times were looked up; another date on the same weekday needs a new find_slots too."""
    offered_times: list[str] = field(default_factory=list)
    """The open times find_slots returned for `offered_day`, in the order they were offered."""
    choices: list[str] = field(default_factory=list)
    """Two alternatives the caller gave ("ten or eleven"): the agent asks which, never picks."""
    misunderstood: int = 0
    """Not-understood turns in a row (or descriptions of an appointment that fit none); the second hands off."""
    notes: list[str] = field(default_factory=list)
    """Sentences to say this turn before the question (answers, apologies, news from a tool)."""
    say: str = ""
    """What the agent said when the call ended (waiting nodes say theirs through interrupt)."""
    last_prompt: str = ""
    """The last question asked, repeated word for word on "say that again" or keypad 0 (none yet: the greeting,
    in the call's language, which a default here could not know)."""
    repeat: bool = False
    """The caller asked to hear the last prompt again this turn."""
    confirmed: bool = False
    """The caller just said a plain yes to the read-back; the only way into book/cancel."""
    call_id: str | None = None
    """A random id minted when the call starts: with the confirmation number it keys each write, so a
    reused thread id can never replay (or be told of) another call's booking."""
    phone: str | None = None
    """The number to call the caller back on, E.164 ("+16175550123"); taken only when asked for, logged by its end."""
    extension: str | None = None
    """The extension the caller gave with that number ("45"): read back with it and passed on to staff."""
    caller_id: str | None = None
    """The caller id the phone line passed when the call started (E.164), None when withheld or not a number."""
    contact_wanted: bool = False
    """The line wants a number on every booking and has no caller id: asked after the name (issue 38 item 11)."""
    booking_phone: str | None = None
    """The number the caller said (when asked) their appointment is under, E.164: checked against the booking's."""
    phone_said: str | None = None
    """That number's digits as the caller said them, kept beside the dialable one for staff."""
    phone_heard: str | None = None
    """A phone number the caller gave this turn (set by the waiting node, used and cleared by understand)."""
    asking: Asking | None = None
    """What the last question asked for beyond its dialog state's slot (ASK_NAME asks a callback's "phone" too)."""
    callback_offered: bool = False
    """The closed clinic just offered to take a callback request: a plain yes next turn accepts it."""
    callback: CallbackRequest | None = None
    """The callback request left for staff in this call (after an accepted read-back, unanswered transfer or not)."""
    transfer: Transfer | None = None
    """The phone line's report on the warm transfer ("answered"/"unanswered"); "reported" once no_answer asked."""
    silent: int = 0
    """Silent turns in a row (counted while the clinic is closed, where they end the call instead of a hand-off)."""
    staff_in: bool = True
    """Whether staff were in when the call started (decided once, from the injected clock): hand-offs need them."""
    staff_back: list[str] | None = None
    """When staff are next in, [weekday, "HH:MM"], if they were not in when the call started."""
    confirmations: int = 0
    """How many read-backs the caller has accepted; numbers each write's idempotency key."""
    write_key: str | None = None
    """Idempotency key of the write the accepted read-back authorises."""
    bookings_looked_up: str | None = None
    """Cancel flow: the name whose bookings were fetched (another name needs a new lookup)."""
    bookings_found: list[Booking] = field(default_factory=list)
    """Cancel flow: the caller's appointments that find_bookings returned."""
    rebooked: Booking | None = None
    """Reschedule: the new appointment booked in this call; never taken for the one to move (nor cancelled)."""
    moving_from: MovedFrom | None = None
    """Reschedule: the appointment to move as the caller described it (day, date, time; only what they said)."""
    move: MoveRecord | None = None
    """Reschedule: what the move's two writes did, for the caller's last words and for staff."""
    reason: str | None = None
    """Why the caller comes, in their words and masked ("a runny nose, lack of energy"): for a backend whose book
    takes ``reason=`` and for staff's records of the call, never read back nor in the lab's hand-off summary."""
    result: WriteResult | None = None
    """The clinic's answer to the booking or cancellation that was made."""
    ended: Ending | None = None
    """Why the call ended without a person ("booked", "cancelled", "stopped"...), or how the line's question ended."""
    handoff: Handoff | None = None
    """{"reason", "summary": {"day", "time", "name"}} once the call went to a person."""


class CallUpdate(TypedDict, total=False):
    """What a node (or a step of one) changes: any of ``CallState``'s fields, with its type; the rest stay.

    LangGraph merges the keys a node returns into the state, so a misspelt key or a wrong type would only
    surface as a later, stranger bug; a test keeps these fields the same as CallState's.
    """

    utterance: str
    dialog_state: DialogState
    task: TaskName | None
    day: str | None
    date: str | None
    date_named: bool
    reads_dates: bool
    time: str | None
    wanted_time: str | None
    time_wish: TimeWish | None
    fallback_time: str | None
    name: str | None
    name_choices: list[str]
    name_check: NameCheck | None
    spelled: str | None
    name_options: list[str]
    spell_misses: int
    unsure_words: list[str]
    provider: str | None
    offered_day: str | None
    offered_date: str | None
    offered_times: list[str]
    choices: list[str]
    misunderstood: int
    notes: list[str]
    say: str
    last_prompt: str
    repeat: bool
    confirmed: bool
    call_id: str | None
    phone: str | None
    extension: str | None
    caller_id: str | None
    contact_wanted: bool
    booking_phone: str | None
    phone_said: str | None
    phone_heard: str | None
    asking: Asking | None
    callback_offered: bool
    callback: CallbackRequest | None
    transfer: Transfer | None
    silent: int
    staff_in: bool
    staff_back: list[str] | None
    confirmations: int
    write_key: str | None
    bookings_looked_up: str | None
    bookings_found: list[Booking]
    rebooked: Booking | None
    moving_from: MovedFrom | None
    move: MoveRecord | None
    reason: str | None
    result: WriteResult | None
    ended: Ending | None
    handoff: Handoff | None
