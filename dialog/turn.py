"""What one caller turn changes: hear it, apply the rules that override everything, then fill the slots.

Order matters and is the dialog policy: emergency and "a person" hand off at once, "stop" ends,
"repeat" re-asks, a side question is answered, two not-understood turns in a row hand off;
only then are day, time and name updated (see ``dialog.slots``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from dialog import line_callback
from dialog.calendar import month_refused
from dialog.consent import changes_read_back
from dialog.context import Context
from dialog.corrections import back_to_what_is_wrong
from dialog.handoff import handoff_update
from dialog.hearing import hear, today_or_none
from dialog.language import calendar_phrases, phrases
from dialog.names_heard import name_said_alone, names_to_ask_about, surname_added
from dialog.names_spelled import check_name, spelling_answer
from dialog.slots import fill_slots, start_over
from dialog.state import CallState, CallUpdate
from dialog.tasks import task_named
from voicekit.nlu import Understanding
from voicekit.nlu.reasons import LONGEST_REASON
from voicekit.phones import corrected, dialable, why_not_a_phone
from voicekit.privacy import PHONE_TOKEN_RE
from voicekit.schedule import weekday_of

UNHEARD = "[unheard]"
"""What the phone line hands the agent for speech its recogniser found no words in (a murmur, a cough, a word
lost to the line): the caller said something, so they hear "Sorry, I didn't catch that." and the question, not
"I can't hear you". Counted as the caller's silence is (it ends the call politely when it goes on)."""

# A number the waiting node took out, with the words that gave it: what is left is heard (a name, a time).
_WITHOUT_THE_NUMBER = re.compile(r"(?:,?\s*(?:and\s+)?(?:my\s+)?(?:phone\s+|contact\s+|cell\s+|mobile\s+)?"
                                 r"number(?:'s|\s+is)?\s+)?\(?\s*" + PHONE_TOKEN_RE.pattern, re.IGNORECASE)


def paused_line(state: CallState, context: Context, staff_in: bool, staff_back: Sequence[str] | None,
                said: dict) -> CallUpdate:
    """Staff paused automated booking: the caller is told, and put through to staff or offered a callback request.

    Nothing is written here: a callback request is read back and needs its yes, as always.
    """
    if not staff_in and context.takes_callbacks():
        return {"notes": [phrases.line_paused(staff_back)], "misunderstood": 0, "callback_offered": True}
    return handoff_update(state, "tool_failure", phrases.LINE_PAUSED, **said)


def _callback_under_way(state: CallState, heard: Understanding) -> bool:
    """A callback request is being made (asked for, or the offer taken): a paused line still takes it."""
    return state.task == "callback" or bool(heard.callback) or (state.callback_offered and heard.intent == "yes")


def take_turn(state: CallState, context: Context) -> CallUpdate:
    """The updates of one caller turn (``state.utterance``); ``route`` then decides where the call goes.

    Run by the waiting node that heard the answer, in the same step, and by ``understand`` on a call's first turn.
    """
    if line_callback.asking(state):  # the call has ended but for the phone line's callback question
        return line_callback.answer(state, context)
    text = state.utterance
    unheard = text.strip() == UNHEARD
    if unheard:
        text = ""  # no words to understand: nothing in it is a name, a day or a yes
    said_phone = state.phone_heard  # taken out of the words by the waiting node: the parser hears the rest
    # The number an appointment is under is a check: whole numbers only, never completed from a number heard
    # earlier in the call ("555 0123" after a callback number with the victim's area code would otherwise match).
    checking = state.task in ("cancel", "reschedule") and state.asking == "phone"
    phone = None
    if said_phone:
        country = context.profile.country
        phone = dialable(said_phone, country) if checking else corrected(said_phone, state.phone, country)
    # The question asked stands until the caller's answer changes it: a side question, a name or a miss keeps
    # "Would you like 4 pm?" as the question asked again (``fill_slots`` decides for an answer with values).
    words = _WITHOUT_THE_NUMBER.sub(" ", text)  # "Jamie, my number is [phone ending 0123]": the name is heard
    heard = hear(words, state, context)
    turn: CallUpdate = {"notes": [], "repeat": False, "confirmed": False, "choices": state.choices, "silent": 0,
                  "phone_heard": None, "callback_offered": False, "unsure_words": []}
    if phone is not None and not checking:
        turn["phone_said"] = said_phone
    staff_in, staff_back = state.staff_in, state.staff_back
    if state.call_id is None:  # the call's first turn: mint its id, and see once whether staff are in
        turn["call_id"] = context.new_call_id()
        staff_in, staff_back = staff_in_now(context)
        turn |= {"staff_in": staff_in, "staff_back": staff_back, "reads_dates": context.clock is not None}
        state = replace(state, reads_dates=context.clock is not None)  # the first answer already asks by date
        if context.caller_number:  # kept with the call, so every later turn (on any worker) checks the same one
            turn["caller_id"] = context.caller_number
        elif context.ask_contact_number:  # no caller id: a booking asks for a number to reach the caller on
            turn["contact_wanted"] = True
    fresh = replace(state, notes=[], staff_in=staff_in, staff_back=staff_back)
    said = {"day": heard.day, "time": heard.time, "name": heard.name}

    if heard.act == "emergency":
        crisis_line = context.profile.crisis_line if heard.crisis else None
        warning = phrases.emergency(context.profile.emergency_number, crisis_line, staff_in)
        return turn | handoff_update(fresh, "user_request", warning, **said)
    if context.line_paused() and not _callback_under_way(state, heard):
        return turn | paused_line(fresh, context, staff_in, staff_back, said)
    if heard.callback and not context.takes_callbacks():
        heard = replace(heard, callback=False, intent="human")  # this backend cannot record one: a person can
    if heard.intent == "human" and not heard.callback:
        if not staff_in:  # nobody to put through: say when staff are back, offer a callback, keep helping
            offer = context.takes_callbacks()
            return turn | {"notes": [phrases.staff_not_in(staff_back, offer)], "misunderstood": 0,
                           "callback_offered": offer}
        return turn | handoff_update(fresh, "user_request", **said)
    if heard.act == "stop":
        return turn | {"ended": "stopped"}
    if heard.act == "repeat":
        if state.dialog_state == "CONFIRM":  # the whole read-back word for word, never its short re-ask (SPEC 4)
            return turn | {"repeat": True, "misunderstood": 0, "last_prompt": task_named(state.task).read_back(state)}
        return turn | {"repeat": True, "misunderstood": 0}
    if heard.act == "hold":  # the caller talks over us or needs a moment: stop, call nothing, wait
        return turn | {"notes": [phrases.TAKE_YOUR_TIME], "misunderstood": 0}
    if heard.act == "thanks":  # thanks mid-call: answered, the question asked again, nothing else changes
        return turn | {"notes": [phrases.YOU_ARE_WELCOME], "misunderstood": 0}
    if heard.act == "restart":
        return turn | start_over() | {"notes": [phrases.START_OVER], "misunderstood": 0}
    if state.asking == "spelling":  # the name spelled, its letters' yes or no, or which of two names
        spelling = spelling_answer(state, heard, text)
        if spelling is not None:
            return turn | spelling

    if not text.strip() and (unheard or not staff_in):  # silence or a murmur: ask again, then end politely
        silent = state.silent + 1
        if silent >= context.profile.silent_turns_to_end and unheard and staff_in:  # a person may hear them better
            return turn | {"silent": silent} | handoff_update(fresh, "not_understood")
        if silent >= context.profile.silent_turns_to_end:
            return turn | {"silent": silent, "ended": "stopped", "notes": [phrases.SILENT_GOODBYE]}
        return turn | {"silent": silent, "notes": [phrases.SORRY if unheard else phrases.CANT_HEAR]}

    notes: list[str] = []
    if said_phone and phone is None:  # seven digits, a card or a social security number: not a number to call
        notes.append(phrases.not_a_phone_number(why_not_a_phone(said_phone, context.profile.country)))
    if heard.sensitive:
        notes.append(phrases.PRIVACY)
    if heard.month and not (heard.day or heard.days or heard.date) and state.dialog_state != "ASK_NAME":
        refused = month_refused(heard.month, context)  # "sometime in June", past the horizon: said at once
        if refused:
            notes.append(refused)
    if heard.act == "medical":
        notes.append(phrases.NO_ADVICE)
    if heard.wrong:  # "that's not my name", "wrong day" (at the read-back, or after hearing a value said back)
        back = back_to_what_is_wrong(state, heard, said_phone)
        if back is not None:
            return turn | back | {"notes": [*notes, *back.get("notes", [])]}
    if heard.act == "services":
        return turn | {"notes": [*notes, phrases.NO_SERVICE_INFO], "misunderstood": 0}  # changes no slot
    if heard.intent == "hours" or heard.act in SIDE_QUESTIONS:
        notes.append(answer_question(heard, context))
        if not (heard.act in ABOUT_THE_LINE and _gives_values(heard)):
            return turn | {"notes": notes, "misunderstood": 0}  # a side question changes no slot
        # "Tuesday. Oh, and what's the address?": answered, and Tuesday is taken as well (an hours question's day
        # is what it asks about, so only these questions go on)
        heard = replace(heard, intent="inform" if heard.intent == "hours" else heard.intent, act=None)

    # At the read-back the consent gate decides alone: a reason or small talk there gets the short re-ask below.
    if state.dialog_state != "CONFIRM":
        if heard.act == "small_talk":  # praise, a remark: understood, and the question asked again
            return turn | {"notes": [*notes, phrases.REMARK_HEARD], "misunderstood": 0}
        if heard.reason and _only_a_reason(heard):  # a clinic wants it: kept, and never taken for a name
            return turn | {"reason": noted_reason(state.reason, heard.reason), "misunderstood": 0,
                           "notes": [*notes, phrases.REASON_NOTED]}

    spoken_name = None
    if phone is None or words.strip(" ,.;:!"):
        # People just say their name: the whole of it ("Sam Smith", "J A M I E", even "Monday Smith" at the
        # name question, which is then no day), at any open question; at the name question the lab's last word.
        # With a number: the words around it ("Jamie, my number is ...").
        spoken_name, heard = name_said_alone(words, heard, state)
        values = bool(heard.days or heard.times)
        both = names_to_ask_about(words, heard, spoken_name, state.name) if not values else []
        if both:  # "Rob", then "Robertson": "Was that Rob or Robertson?"
            return turn | {"name": None, "name_choices": both, "misunderstood": 0}
        whole = surname_added(words, heard, state.name) if not values else None
        if whole:  # "Rob", then "Rob Robertson" (even at the read-back): the whole name, read back again
            heard = replace(heard, name=whole, intent="inform" if heard.intent == "unknown" else heard.intent)
    understood = heard.intent != "unknown" or spoken_name or heard.act == "medical" or heard.sensitive \
        or heard.callback or said_phone or heard.provider or heard.wish
    if not understood:
        return turn | _ask_again(state, fresh, [*notes, phrases.SORRY])
    new_phone = phone is not None and phone != state.phone
    asks_for_another = heard.callback and state.task != "callback"  # "just have someone call me back"
    if state.dialog_state == "CONFIRM" and heard.intent != "no" and not new_phone and not asks_for_another \
            and not changes_read_back(heard, state.day, state.time, state.name) \
            and heard.provider in (None, state.provider):
        # The gate stayed shut and this is no "no" and no correction ("yes?", "yes wait", "I guess"):
        # one short re-ask, and a second such turn in a row goes to a person.
        return turn | _ask_again(state, fresh, notes)

    filled = fill_slots(state, heard, spoken_name, notes, None if checking else phone, today_or_none(context),
                        context.profile.hours)
    if not context.books_with_a_provider():
        filled.pop("provider", None)  # a doctor the clinic's booking cannot carry is never promised in the read-back
    if filled.get("task", state.task) == "cancel" and not context.finds_bookings():
        return turn | handoff_update(fresh, "tool_failure", phrases.NO_LOOKUP_HERE, **said)
    reason: CallUpdate = {"reason": noted_reason(state.reason, heard.reason)} if heard.reason else {}
    name = check_name(state, heard.name or spoken_name, filled["notes"])  # unsure, close to another, or thanked
    return turn | {"misunderstood": 0} | filled | name | ({"booking_phone": phone} if checking and phone else {}) \
        | reason


SIDE_QUESTIONS = ("address", "hours", "clinic_name", "automated")
"""The acts of a question about the clinic, answered from its profile with the pending question asked again."""
ABOUT_THE_LINE = ("address", "clinic_name", "automated")
"""Side questions whose turn may also give values ("Book me at 10, and what's the street address?")."""


def _gives_values(heard: Understanding) -> bool:
    return bool(heard.day or heard.days or heard.date or heard.time or heard.times or heard.name or heard.wish
                or heard.booking_words)


def _only_a_reason(heard: Understanding) -> bool:
    """The turn says why the caller comes and nothing else the call could use (no request, no value)."""
    return heard.intent == "unknown" and not (heard.day or heard.days or heard.time or heard.times or heard.name
                                              or heard.relative_day or heard.callback)


def noted_reason(known: str | None, said: str | None) -> str | None:
    """The reason so far with what the caller just added ("a cough" then "and a fever"), said once each."""
    if not said or (known and said.lower() in known.lower()):
        return known or said
    return f"{known}; {said}"[:LONGEST_REASON] if known else said


def staff_in_now(context: Context) -> tuple[bool, list[str] | None]:
    """Whether staff are in now, and when they are back; a clock that fails counts as open (a person may be there)."""
    try:
        staff_in, back = context.staff_in()
    except Exception:
        return True, None
    return staff_in, (list(back) if back else None)


def _ask_again(state: CallState, fresh: CallState, notes: list[str]) -> CallUpdate:
    """The pending question once more; the second such turn in a row hands off (not understood)."""
    misunderstood = state.misunderstood + 1
    if misunderstood >= 2:
        return {"misunderstood": misunderstood} | handoff_update(fresh, "not_understood")
    return {"misunderstood": misunderstood, "notes": notes}


def answer_question(heard: Understanding, context: Context) -> str:
    """A side question answered from the clinic profile; the pending question follows it."""
    profile = context.profile
    if heard.act == "address":
        return phrases.address(profile.address, profile.phone)
    if heard.act == "clinic_name":
        return phrases.clinic_name(profile.name)
    if heard.act == "automated":  # the automated-line disclosure
        return phrases.automated_line(profile.name)
    today = today_or_none(context)
    if heard.date and heard.day and heard.date in profile.holidays:
        return calendar_phrases.holiday(heard.day, heard.date)
    if heard.day:
        return calendar_phrases.hours_on(heard.day, profile.hours.get(heard.day))
    if heard.relative_day == "today" and today is not None:
        if today.isoformat() in profile.holidays:
            return calendar_phrases.holiday(weekday_of(today), today.isoformat())
        return calendar_phrases.hours_on(weekday_of(today), profile.hours.get(weekday_of(today)))
    holidays = calendar_phrases.holidays_ahead(profile.holidays, today) if today is not None else ""
    return calendar_phrases.week_hours(profile.hours) + holidays
