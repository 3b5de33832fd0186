"""The phone line's own question, after a hand-off's warm transfer rang out: shall staff call the caller back?

Only ``VoiceAgent.transfer_unanswered`` starts it (``routing.after_start``: a caller's turn after HANDOFF never
can). The call has been handed off already and its record stays as the lab defines it; the request is written
like every other write, through CONFIRM's consent gate into ``request_callback``, with the hand-off's reason and
summary. A turn here can do little, because the call is over but for this one question: give or correct the
number, say yes (at CONFIRM), say no or stop, ask to hear it again. Anything else is asked once more, and a
second such turn ends the call with nothing written. No other request starts, and no other tool runs.
"""

from __future__ import annotations

from typing import Any

from dialog.context import Context
from dialog.handoff import CALLBACK_ASKED, for_staff, handoff_update
from dialog.hearing import hear
from dialog.language import phrases, security_phrases
from dialog.state import CallState, CallUpdate, Step, TaskName
from voicekit.phones import corrected, why_not_a_phone
from voicekit.privacy import PHONE_TOKEN_RE

TASK: TaskName = "transfer_callback"


def asking(state: CallState) -> bool:
    """Whether the call is at the line's callback question (its hand-off record must then stay untouched)."""
    return state.task == TASK


def start(state: CallState, context: Context) -> CallUpdate:
    """no_answer's update: ask, with the number the line has (read back) or for one (none); write nothing."""
    if not context.takes_callbacks():  # nothing to offer: the caller hears so, and the call ends
        return {"task": TASK, "transfer": "reported", "ended": "stopped", "notes": [security_phrases.NOBODY_ON_STAFF]}
    caller_id = state.caller_id or context.caller_number
    phone = state.phone or caller_id
    return {"task": TASK, "transfer": "reported", "phone": phone, "caller_id": caller_id,
            # A number the line gave is read back by its last four; one the caller said earlier, whole.
            "phone_said": state.phone_said if state.phone else None,
            "misunderstood": 0, "ended": None, "confirmed": False, "repeat": False, "asking": None, "choices": [],
            "notes": [security_phrases.NOBODY_COULD_ANSWER],
            # A call cut off before its first turn finished has no id: a shared "None" key would replay another's.
            "call_id": state.call_id or context.new_call_id()}


def step(state: CallState) -> Step:
    """Where the question goes next: ask for a number, read the request back, or end (at the hand-off node)."""
    if state.ended is not None:
        return "handoff"
    if state.repeat:
        return "ask_phone" if state.asking == "phone" else "confirm"
    return "ask_phone" if state.phone is None else "confirm"


def answer(state: CallState, context: Context) -> CallUpdate:
    """One caller turn at the question, that was not a plain yes to the read-back (CONFIRM's gate took that)."""
    turn: CallUpdate = {"notes": [], "repeat": False, "confirmed": False, "phone_heard": None}
    said = state.phone_heard
    if said:
        phone = corrected(said, state.phone, context.profile.country)  # "no, it's 555 0199": same area code
        if phone is not None:
            return turn | {"phone": phone, "phone_said": said, "misunderstood": 0}
        return turn | _once_more(state, phrases.not_a_phone_number(why_not_a_phone(said, context.profile.country)))
    heard = hear(PHONE_TOKEN_RE.sub(" ", state.utterance), state, context)
    if heard.act == "emergency":
        crisis_line = context.profile.crisis_line if heard.crisis else None
        warning = phrases.emergency(context.profile.emergency_number, crisis_line, staff_in=False)  # nobody answered
        return turn | {"notes": [warning], "ended": "stopped"}
    if heard.act == "repeat":
        return turn | {"repeat": True}
    if heard.act == "hold":
        return turn | {"notes": [phrases.TAKE_YOUR_TIME]}
    if heard.act == "stop" or heard.intent == "no":
        return turn | {"notes": [phrases.NO_CALLBACK_LEFT], "ended": "stopped"}
    return turn | _once_more(state, phrases.SORRY)


def _once_more(state: CallState, note: str) -> CallUpdate:
    missed = state.misunderstood + 1
    if missed >= 2:
        return {"misunderstood": missed, "notes": [security_phrases.NOT_LEFT_UNCLEAR], "ended": "stopped"}
    return {"misunderstood": missed, "notes": [note]}


def read_back(state: CallState) -> str:
    """CONFIRM's question here."""
    return security_phrases.transfer_callback_read_back(state.phone, whole=state.phone_said is not None)


def re_ask(state: CallState) -> str:
    """CONFIRM's short question again."""
    return security_phrases.transfer_callback_re_ask(state.phone, whole=state.phone_said is not None)


def ending(state: CallState) -> str:
    """The call's last words once the question is over: the request left, or why not."""
    left = state.ended == "callback_requested"
    last = (security_phrases.transfer_callback_left(state.phone, whole=state.phone_said is not None) if left
            else security_phrases.CALL_AGAIN_LATER)
    return " ".join([*state.notes, last])


def request_of(state: CallState) -> tuple[str | None, str, dict[str, Any]]:
    """(name, reason, summary for staff) of the callback request: the hand-off's here, the caller's otherwise."""
    if asking(state) and state.handoff is not None:
        ticket = state.handoff
        return ticket["summary"].get("name"), ticket["reason"], for_staff(state, ticket["summary"])
    return state.name, CALLBACK_ASKED, for_staff(state)


def write_failed(state: CallState, note: str) -> CallUpdate:
    """A write that failed goes to a person; here the call has gone to one already: say why, keep the record."""
    if asking(state):
        return {"notes": [*state.notes, note], "ended": "stopped"}
    return handoff_update(state, "tool_failure", note)
