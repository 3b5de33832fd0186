"""The words around a day, a time or a name: which ones give a value, which ones only look like one."""

from __future__ import annotations

from voicekit.nlu.dates import MONTHS
from voicekit.nlu.lexicon.answers import FILLERS, NO_WORDS, YES_WORDS
from voicekit.nlu.lexicon.questions import REPEAT_ALONE
from voicekit.nlu.names import NEVER_NAMES
from voicekit.nlu.spoken_time import MINUTE_WORDS, NUMBER_WORDS
from voicekit.weekdays import WEEKDAYS

DAY_FORMS = {d: d for d in WEEKDAYS} | {d + "s": d for d in WEEKDAYS} | {
    "tues": "tuesday", "weds": "wednesday", "thurs": "thursday",
}
PARTS_OF_DAY = ("morning", "afternoon", "evening", "night")
MONTH_WORDS = tuple(MONTHS)
NUMBER_NAMES = tuple(NUMBER_WORDS)
NOT_NAMES = (set(NUMBER_WORDS) | set(MINUTE_WORDS) | set(DAY_FORMS) | YES_WORDS | NO_WORDS | FILLERS | REPEAT_ALONE
             | NEVER_NAMES | {"looking", "trying", "wondering", "hoping", "available", "free", "booked", "interested",
                             "ready", "done", "busy", "late", "early", "back", "sick", "ill", "hmm", "quarter", "half"})
# "the first one", "option 3": a choice among the times just offered (1-based; -1 = the last).
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "earliest": 1, "latest": -1}
CHOSEN = {"one", "option", "time", "slot", "available", "choice", "please", "availability", "opening"}
STREET = {"street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "drive", "dr", "boulevard", "blvd", "way",
          "court", "ct", "place", "pl", "highway", "hwy", "parkway", "pkwy", "terrace", "circle", "close"}
BUSY = {"busy", "meeting", "work", "working", "class", "school", "pickup"}
# "something"/"another" mean busy only when the caller has them: "I have something at 2", not "something at 2?".
HAD = {"something", "another"}
HAVE = {"have", "got", "i've", "i'd", "there's"}
# "Book one", "make one please", "some one else": "one" after these is a thing, not 1 o'clock.
ONE_AS_A_THING = {"book", "make", "schedule", "reserve", "get", "find", "want", "need", "try", "pick", "choose", "take",
                  "some", "any", "every", "no", "which", "another"}
# "one moment", "two people", "one more time": a bare number before these is not a time.
COUNTED = {"moment", "moments", "second", "seconds", "sec", "minute", "minutes", "more", "of", "person", "people",
           "thing", "things", "day", "days", "week", "weeks", "time", "times", "kids", "children"}
# "the Friday one", "that one", "the first one": a bare number after these points at a thing, not a time.
POINTING = set(DAY_FORMS) | set(ORDINALS) | {"the", "that", "this", "which", "other", "earlier", "later",
                                             "option", "number", "choice", "next", "another", "any", "each", "every",
                                             "good", "new", "same", "right", "closer", "nearer", "better"}
