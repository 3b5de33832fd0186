"""Filling day, time and name from what was heard, including corrections at CONFIRM.

``fill_slots`` reads as the steps a receptionist takes: which request is this, what values did the
caller give, was it a plain "no" to the read-back, and can the request use those values.
"""

from __future__ import annotations

from datetime import date

from dialog import moving
from dialog.language import phrases
from dialog.profile import Hours
from dialog.state import CallState, CallUpdate, TaskName
from dialog.tasks import TASKS, said_date, task_named
from dialog.time_wishes import WISHING_TASKS, closed_then, offer_on, open_choices, wish_heard, with_fallback
from voicekit.nlu import Understanding
from voicekit.schedule import coming, weekday_of


def fill_slots(state: CallState, heard: Understanding, spoken_name: str | None, notes: list[str],
               phone: str | None = None, today: date | None = None, hours: Hours | None = None) -> CallUpdate:
    """The slot updates of an understood turn (``notes`` gets what the caller should be told).

    ``today``: the clinic's date, which a weekday said alone is resolved against (None: the clock failed);
    ``hours``: the clinic's opening hours, to say when a time asked is outside them.
    """
    task = requested_task(state, heard, spoken_name)
    same_request = task == state.task
    # A new request keeps who is calling, not the day or time of the old one; a callback request keeps
    # them too, as what staff are to call back about.
    keeps_values = same_request or task == "callback"
    update: CallUpdate = {} if same_request else start_over() | {"task": task}
    day, time = (state.day, state.time) if keeps_values else (None, None)
    if phone is not None:
        update["phone"], update["extension"] = phone, heard.extension  # a new number comes with its own extension
    elif heard.extension and (phone or state.phone):
        update["extension"] = heard.extension  # "extension 45" said after the number
    if task == "reschedule":  # the values may describe the appointment to move rather than the new one
        heard, described = moving.sort_heard(state, heard)
        update |= described
    day, time, update["choices"] = _take_heard_values(heard, day, time)
    if heard.ambiguous == "day":
        update["choices"] = day_choices(state, heard, today)
    elif same_request and not _says_when(heard) and heard.intent != "no":
        update["choices"] = state.choices  # "It's Priya." to "Would you like 4 pm?": the question still stands
    said_date = heard.date
    if heard.later_today and not heard.days and not heard.date and today is not None:
        day, said_date = weekday_of(today), today.isoformat()  # "this evening, around 7": today
    if heard.time and time == heard.time and not heard.am_pm_said:
        time = half_day_meant(state, heard.time)  # "7:00" after "7 pm": 7 pm
    if heard.time or heard.times:
        update["wanted_time"] = None  # a new time replaces one that was not open
    elif same_request and day != state.day and time is None and state.wanted_time:
        time = state.wanted_time  # "not open on Thursday" - "the 12th then": that time, on the new day
    # A named date comes with its weekday; another weekday said afterwards drops the old date.
    named_date, date_named = None, False
    if said_date:
        named_date, date_named = said_date, True
    elif same_request and day == state.day:
        named_date, date_named = state.date, state.date_named
    time = _narrowed(state, heard, task, day, time, update, notes)
    name = heard.name or spoken_name or state.name
    if name:
        update["name_choices"] = []
    if heard.provider:
        update["provider"] = heard.provider  # the doctor asked for: kept with the request, carried to the booking

    if phone is None and _plain_no_to_read_back(state, heard):
        plain_no = task_named(task).plain_no
        notes.append(plain_no.say())
        if plain_no.start_over:
            return update | start_over() | {"notes": notes}
        time, update["wanted_time"] = None, None
    closed = _closed_at_that_hour(state, task, day, time, hours)
    if closed is not None:
        notes.extend(closed.pop("notes"))
        time, update = None, update | closed
    if task is not None:
        checked = TASKS[task].check_values(state, day, time, notes)
        day, time, update = checked.pop("day"), checked.pop("time"), update | checked
    if heard.relative_day and not heard.day and not heard.days:
        notes.append(phrases.unknown_relative_day(heard.relative_day))
    return update | dated(day, named_date, date_named, today) | {"time": time, "name": name, "notes": notes}


def dated(day: str | None, named_date: str | None, date_named: bool, today: date | None) -> CallUpdate:
    """The day with the date it is for: the one named (if it is still that weekday's), else the coming one."""
    if day is None:
        return {"day": None, "date": None, "date_named": False}
    if named_date is not None and weekday_of(date.fromisoformat(named_date)) == day:
        return {"day": day, "date": named_date, "date_named": date_named}
    return {"day": day, "date": coming(day, today).isoformat() if today else None, "date_named": False}


def _narrowed(state: CallState, heard: Understanding, task: TaskName | None, day: str | None, time: str | None,
              update: CallUpdate, notes: list[str]) -> str | None:
    """The time after what the caller said to narrow the open times: a constraint, two alternatives, a fallback.

    On a day whose open times are known they are checked at once; otherwise ``find_slots`` checks them.
    """
    update["fallback_time"] = heard.fallback_time
    wish = wish_heard(heard, task)
    known = day is not None and day == state.offered_day and heard.date in (None, state.offered_date)
    if wish is not None:
        time, update["time_wish"] = None, wish
        resolved = offer_on(day, wish, state.offered_times, notes) if known else None
        if resolved is not None:
            time = resolved.pop("time")
            update.update(resolved)
        elif known:
            update["offered_day"] = None  # nothing fits on this day: find_slots looks at the days after it
    elif heard.time or heard.times:
        update["time_wish"] = None  # a time said replaces the constraint
    if known and heard.ambiguous == "time":
        update["choices"] = open_choices(day, update.get("choices", []), state.offered_times, notes)
    return with_fallback(day, time, heard.fallback_time, state.offered_times, notes) if known else time


def requested_task(state: CallState, heard: Understanding, spoken_name: str | None) -> TaskName | None:
    """The request this turn is about: a new one when asked for, else the call's (values alone mean booking)."""
    asked_for = next((task.name for task in TASKS.values() if task.requested_by(heard)), None)
    # Inside a reschedule, "book it for Tuesday" is the new appointment; inside a cancellation, "my Friday
    # appointment" only names the one to cancel; inside a booking, "change the appointment" changes it.
    if asked_for == "book" and (state.task == "reschedule" or (state.task == "cancel" and not heard.booking_verb)):
        return state.task
    if asked_for == "reschedule" and state.task == "book":  # "change the appointment to 5 pm": this booking
        return state.task
    if asked_for is not None:
        return asked_for
    gave_values = (heard.day or heard.time or heard.name or heard.days or heard.times or spoken_name or heard.provider
                   or heard.wish)
    if state.callback_offered and heard.intent == "yes" and not gave_values:  # "yes please" to the offer
        return "callback"
    if state.task is None and gave_values:
        return "book"
    return state.task


def _closed_at_that_hour(state: CallState, task: TaskName | None, day: str | None, time: str | None,
                         hours: Hours | None) -> CallUpdate | None:
    """A time asked on the day whose times were offered, outside the clinic's hours then (see ``closed_then``)."""
    if task not in WISHING_TASKS or time is None or day is None or day != state.offered_day or hours is None \
            or time in state.offered_times:
        return None
    return closed_then(day, said_date(state, state.offered_date), time, state.offered_times, hours.get(day))


def _says_when(heard: Understanding) -> bool:
    """The turn says something about the day or time (so the caller's last question no longer stands as it was)."""
    return bool(heard.day or heard.days or heard.date or heard.time or heard.times or heard.wish or heard.ambiguous
                or heard.relative_day or heard.later_today)


def half_day_meant(state: CallState, time: str) -> str:
    """A time said without a.m. or p.m. ("7:00") is the half of the day the call already has for it.

    The caller asked for 7 pm before (and it was not open, or is the time asked), was offered 7 pm, or asked
    for the evening: "7:00" is 7 pm. Otherwise it stays as heard (a bare 1-6 is already the afternoon).
    """
    hour = int(time[:2])
    twin = f"{(hour + 12) % 24:02d}{time[2:]}"
    if twin in (state.wanted_time, state.time):
        return twin
    if twin in state.offered_times and time not in state.offered_times:
        return twin
    evening = state.time_wish is not None and state.time_wish["kind"] == "evening"
    return twin if evening and hour < 12 and hour + 12 >= 17 else time


def day_choices(state: CallState, heard: Understanding, today: date | None) -> list[str]:
    """The days a caller asked to choose between: their dates ("the 10th or the 11th"), else the weekdays.

    On a clinic's line a weekday offered is its coming date, so the question names both ("Thursday the 10th or
    Friday the 11th?"); the lab's clockless line asks by weekday, as it always did.
    """
    if len(heard.dates) > 1:
        return list(dict.fromkeys(heard.dates))
    if state.reads_dates and today is not None:
        return [coming(d, today).isoformat() for d in dict.fromkeys(heard.days)]
    return list(dict.fromkeys(heard.days))


def _take_heard_values(heard: Understanding, day: str | None,
                       time: str | None) -> tuple[str | None, str | None, list[str]]:
    """Day and time after this turn; two alternatives clear the value and become the choices to ask about."""
    choices: list[str] = []
    if heard.ambiguous == "day":
        day, choices = None, list(dict.fromkeys(heard.days))
    elif heard.day:
        day = heard.day
    if heard.ambiguous == "time":
        time, choices = None, list(dict.fromkeys(heard.times))
    elif heard.time:
        time = heard.time
    return day, time, choices


def _plain_no_to_read_back(state: CallState, heard: Understanding) -> bool:
    """A "no" at CONFIRM (or to the callback number question) that gives no new value.

    A "no" with a value is a correction, applied as heard.
    """
    gave_nothing = not (heard.day or heard.time or heard.name or heard.ambiguous)
    asked = state.dialog_state == "CONFIRM" or state.asking == "phone"
    return asked and heard.intent == "no" and gave_nothing


def start_over() -> CallUpdate:
    """Forget the request (keypad *): the caller begins again from the open question."""
    return {"task": None, "day": None, "date": None, "date_named": False, "time": None, "wanted_time": None,
            "name": None, "name_choices": [],
            "offered_day": None, "offered_date": None, "offered_times": [], "bookings_looked_up": None,
            "bookings_found": [], "choices": [], "booking_phone": None, "time_wish": None, "fallback_time": None,
            "provider": None, "moving_from": None}
