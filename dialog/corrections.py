"""A "no" at the read-back that names what is wrong goes back to that value (issue 35 item 2).

At the read-back, or at any question once the call holds that value (a name thanked for, a number asked after).

"That's not my name" asks for its spelling (``dialog.names_spelled``), "wrong day" asks the day again (the time
is kept for it, as after a time that was not open), "the time is wrong" offers the day's times again, "the number
is wrong" asks the number again. Nothing else of the request changes. A "no" that names the value *and* gives the
new one ("no, the day is wrong, make it Wednesday") is a correction like any other.
"""

from __future__ import annotations

from dialog.language import phrases
from dialog.state import CallState, CallUpdate
from voicekit.nlu import Understanding


def back_to_what_is_wrong(state: CallState, heard: Understanding, said_phone: str | None) -> CallUpdate | None:
    """The update that asks again for the values ``heard`` says are wrong; None when it names none or gives them."""
    given = {"name": heard.name, "day": heard.day or heard.date or heard.days, "time": heard.time or heard.times,
             "number": said_phone}
    held = {"name": state.name, "day": state.day, "time": state.time, "number": state.phone}
    wrong = [value for value in heard.wrong if held.get(value) and not given.get(value)]
    if not wrong:
        return None
    update: CallUpdate = {"misunderstood": 0, "choices": []}
    if "number" in wrong:
        update |= {"phone": None, "phone_said": None}
    if "time" in wrong:
        update |= {"time": None, "wanted_time": None, "time_wish": None}
    if "day" in wrong:  # the time asked for is kept, and tried on the day the caller names next
        kept = None if "time" in wrong else state.time
        update |= {"day": None, "date": None, "date_named": False, "time": None, "wanted_time": kept, "time_wish": None}
    if "name" in wrong:
        update |= {"name_check": "spell", "spelled": None, "spell_misses": 0}
    say = phrases.ANOTHER_TIME if wrong == ["time"] else phrases.SORRY_ABOUT_THAT
    return update | {"notes": [say]}
