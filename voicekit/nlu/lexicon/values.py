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
    # Typed or written short ("wed", "thu", "fri"); not "sat" or "sun", which are words ("I sat down").
    "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "thur": "thursday", "fri": "friday",
}
PARTS_OF_DAY = ("morning", "afternoon", "evening", "night")
MONTH_WORDS = tuple(MONTHS)
NUMBER_NAMES = tuple(NUMBER_WORDS)
NOT_NAMES = (set(NUMBER_WORDS) | set(MINUTE_WORDS) | set(DAY_FORMS) | YES_WORDS | NO_WORDS | FILLERS | REPEAT_ALONE
             | NEVER_NAMES | {"looking", "trying", "wondering", "hoping", "available", "free", "booked", "interested",
                             "ready", "done", "busy", "late", "early", "back", "sick", "ill", "hmm", "quarter", "half"})
# "the first one", "option 3": a choice among the times just offered (1-based; -1 = the last).
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "earliest": 1, "latest": -1}
# "the first", "your earliest", "I'll take the last", "yes, first": before an ordinal that ends the turn, a pick.
PICK_LEADS = FILLERS | YES_WORDS | {"the", "your", "that", "this", "take", "pick", "choose", "want", "like", "prefer",
                                    "book", "do", "with", "is", "it's", "one", "please", "just", "me", "go", "for",
                                    "very", "then", "maybe", "try", "how", "about"}
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
# -- days that are not the request (``voicekit.nlu.framing``) --
# Words that open a new clause even without punctuation: "since it's Monday today let's say Wednesday".
CLAUSE_OPENERS = {"so", "but", "and", "let's", "lets", "then", "i'd", "i", "i'll", "i'm", "can", "could", "would",
                  "please", "maybe", "how", "what", "isn't"}
# "Since it's Monday today", "as it is Friday", "now that it's Monday": a clause that says what day it is.
FRAMING_LEADS = {"since", "as", "because", "cause", "cos", "given", "considering"}
# "It's lovely out today, isn't it?": a remark about the day, not a day asked for.
REMARK_WORDS = {"lovely", "nice", "beautiful", "gorgeous", "sunny", "rainy", "raining", "cold", "freezing", "hot",
                "warm", "windy", "wet", "miserable", "horrible", "awful", "grey", "gray", "cloudy", "snowing",
                "snowy", "quiet", "hectic", "crazy", "mad", "busy", "weather"}
REMARKS_ON_THE_DAY = ("how are you", "how's your day", "how is your day", "how's it going", "how are things",
                      "hope you're well", "hope you are well")
# "I work on Friday", "I'm busy Friday", "I have a shift on Friday": a day the caller cannot come.
BUSY_ON = {"work", "working", "busy", "away", "unavailable", "travelling", "traveling", "meeting", "meetings",
           "school", "class", "classes", "shift"}
FIRST_PERSON = {"i", "i'm", "im", "i've", "ive", "i'll", "we", "we're", "we've", "my"}
# "Friday's no good", "Friday is out", "Friday, I'm busy": said right after a day, the caller cannot come then.
OBSTACLE_AFTER = (("no", "good"), ("not", "good"), ("bad",), ("out",), ("impossible",), ("busy",), ("full",),
                  ("doesn't", "work"), ("does", "not", "work"), ("won't", "work"), ("wouldn't", "work"),
                  ("isn't", "good"), ("not", "great"), ("a", "problem"), ("difficult",), ("tricky",), ("tough",),
                  ("doesn't", "suit"), ("won't", "suit"), ("i", "work"), ("i'm", "working"), ("i'm", "busy"),
                  ("i", "am", "busy"), ("i'm", "away"), ("i", "have", "work"), ("i've", "got", "work"))
# "Friday, I'm busy on Thursday": the obstacle has its own day, so the first is not it.
OBSTACLE_OBJECTS = {"on", "at", "in", "that", "this", "then", *DAY_FORMS}
# "not then", "not that one": a negation of what was just said, not of the value after it.
PRO_FORMS = {"then", "that", "this", "those", "these", "one"}
# "Actually Monday's better", "I'd rather Tuesday": the day settled on among alternatives.
PREFERENCE_BEFORE = {"actually", "rather", "prefer", "preferably", "ideally"}
PREFERENCE_AFTER = {"better", "best", "preferably", "ideally"}
