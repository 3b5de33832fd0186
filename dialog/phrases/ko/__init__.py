"""Every sentence the agent says, in Korean: the twin of ``dialog.phrases`` (the same names and signatures).

Polite 해요체, as a clinic's front desk speaks. ``tests/unit_tests/test_phrases_in_every_language.py`` checks that
no English sentence lacks its Korean twin; ``dialog.language`` picks the set by the call's language.
"""

from __future__ import annotations

from dialog.phrases.ko.callbacks import (
    CALLBACK_REFUSED,
    NAME_FOR_CALLBACK,
    NO_CALLBACK_LEFT,
    PHONE_FOR_CALLBACK,
    callback_left,
    callback_re_ask,
    callback_read_back,
    not_a_phone_number,
)
from dialog.phrases.ko.handoffs import (
    BOOKING_REFUSED,
    BROKEN,
    CANCELLING_REFUSED,
    HANDOFF_BECAUSE,
    HANDOFF_WHEN_CLOSED,
    MAY_HAVE_GONE_THROUGH,
    NO_LOOKUP_HERE,
    SAY_AGAIN,
    UNAVAILABLE,
    passed_on,
)
from dialog.phrases.ko.moves import (
    WHICH_DAY_TO_MOVE,
    WHICH_NEW_DAY,
    moved,
    moving_re_ask,
    moving_read_back,
    new_booked_old_stands,
    new_booked_old_unsure,
    old_still_stands,
    which_date_to_move,
    which_time_to_move,
)
from dialog.phrases.ko.notes import (
    ANOTHER_TIME,
    CANT_HEAR,
    LINE_PAUSED,
    NO_ADVICE,
    NO_SERVICE_INFO,
    NOTHING_CANCELLED,
    PRIVACY,
    REASON_NOTED,
    REMARK_HEARD,
    SILENT_GOODBYE,
    SORRY,
    START_OVER,
    TAKE_YOUR_TIME,
    YOU_ARE_WELCOME,
    address,
    automated_line,
    clinic_name,
    emergency,
    just_taken,
    line_paused,
    no_appointment_on,
    no_open_times,
    not_open,
    staff_back_at,
    staff_not_in,
    unknown_relative_day,
    welcome,
)
from dialog.phrases.ko.questions import (
    CANNOT_FIND_APPOINTMENT,
    CONTACT_NUMBER,
    GREETING,
    NAME_FOR_BOOKING,
    NAME_FOR_CANCELLING,
    OPEN_QUESTION,
    RE_ASK,
    WHICH_DAY,
    WHICH_DAY_TO_CANCEL,
    YES_OR_NO,
    open_times,
    which_date_to_cancel,
    which_day_of,
    which_time_of,
    which_time_to_cancel,
)
from dialog.phrases.ko.read_backs import (
    NOTHING_CHANGED,
    booked,
    booking_re_ask,
    booking_read_back,
    cancelled,
    cancelling_re_ask,
    cancelling_read_back,
)
from dialog.phrases.ko.spelling import (
    SORRY_ABOUT_THAT,
    SPELL_AGAIN,
    SPELL_LAST_NAME,
    SPELL_NAME,
    name_noted,
    spell_question,
    spelling_read_back,
    which_name,
)
from dialog.phrases.ko.time_wishes import (
    NOTHING_SOON,
    closed_at,
    closed_for,
    earliest_from_now,
    fell_back,
    fits_another_day,
    not_open_of,
    nothing_fits,
    spoken_wish,
    times_that_fit,
)
from dialog.phrases.ko.values import (
    KEY_WORDS,
    day_and_time,
    one_of,
    spoken_booking_number,
    spoken_day,
    spoken_phone,
    spoken_time,
)

__all__ = [
    "spoken_time", "spoken_day", "KEY_WORDS", "spoken_booking_number", "one_of", "day_and_time", "GREETING",
    "OPEN_QUESTION", "WHICH_DAY", "NAME_FOR_BOOKING", "NAME_FOR_CANCELLING", "YES_OR_NO", "RE_ASK", "which_day_of",
    "which_time_of", "open_times", "WHICH_DAY_TO_CANCEL", "which_time_to_cancel", "which_date_to_cancel",
    "CANNOT_FIND_APPOINTMENT", "CONTACT_NUMBER", "booking_read_back", "booking_re_ask", "cancelling_re_ask",
    "cancelling_read_back", "booked", "cancelled", "NOTHING_CHANGED", "SORRY", "PRIVACY", "NO_ADVICE",
    "TAKE_YOUR_TIME", "YOU_ARE_WELCOME", "CANT_HEAR", "SILENT_GOODBYE", "NO_SERVICE_INFO", "START_OVER",
    "ANOTHER_TIME", "NOTHING_CANCELLED", "emergency", "staff_back_at", "staff_not_in", "NAME_FOR_CALLBACK",
    "PHONE_FOR_CALLBACK", "not_a_phone_number", "NO_CALLBACK_LEFT", "CALLBACK_REFUSED", "callback_read_back",
    "callback_re_ask", "callback_left", "not_open", "no_open_times", "just_taken", "unknown_relative_day",
    "no_appointment_on", "spoken_phone", "address", "automated_line", "clinic_name", "UNAVAILABLE", "NO_LOOKUP_HERE",
    "MAY_HAVE_GONE_THROUGH", "BOOKING_REFUSED", "CANCELLING_REFUSED", "HANDOFF_WHEN_CLOSED", "HANDOFF_BECAUSE",
    "passed_on", "SAY_AGAIN", "BROKEN", "REASON_NOTED", "REMARK_HEARD", "LINE_PAUSED", "line_paused", "welcome",
    "NOTHING_SOON", "closed_at", "closed_for", "earliest_from_now", "fell_back", "fits_another_day", "not_open_of",
    "nothing_fits", "spoken_wish", "times_that_fit", "SORRY_ABOUT_THAT", "SPELL_AGAIN", "SPELL_LAST_NAME",
    "SPELL_NAME", "name_noted", "spell_question", "spelling_read_back", "which_name", "WHICH_DAY_TO_MOVE",
    "WHICH_NEW_DAY", "moved", "moving_re_ask", "moving_read_back", "new_booked_old_stands", "new_booked_old_unsure",
    "old_still_stands", "which_date_to_move", "which_time_to_move",
]
