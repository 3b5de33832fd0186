"""Turning down what was said or offered: a change of mind, a change asked for, another one wanted.

Each phrase is written once; a table that needs another's phrases is built from it.
"""

from __future__ import annotations

# Giving up on what was said: a change of mind that also ends the call when nothing follows.
GIVING_UP = ("changed my mind", "never mind", "nevermind")
# Turning down what was said and asking anew ("never mind, book the 13th", "I changed my mind. Look in San
# Jose"): a "no", with or without new values.
CHANGE_OF_MIND = (*GIVING_UP, "change my mind", "changed mind", "on second thought", "strike that", "scratch that")
# Changing what was said or booked (LABELLING.md's "change" marker): "change the appointment to the 14th",
# "can you change that?". A reschedule asked for this way still reaches its task (``heard.reschedule``).
CHANGE_REQUESTS = ("change it", "change that", "change this", "change the", "change to", "change my appointment",
                   "change my booking", "change my visit")
# Revising what was said with a new day or time ("one more change: 3:30"): a "no" that carries the values.
# "Strike that", "change the time", "instead" are revisions too: CHANGE_OF_MIND, CHANGE_REQUESTS and
# DIFFERENT_ONE hear them. "Actually" alone is no revision: "Actually, book it on the 2nd" asks for a booking.
REVISION_PHRASES = ("one more change",)
# Another provider, even in a booking request ("continue the reservation with another dentist"): a "no".
OTHER_PROVIDER = ("some other", "other doctor", "other dentist", "another dentist", "another doctor",
                  "the only one")
# Someone or something other than what was offered: both an alternative asked for and a different one.
SOMEONE_ELSE = ("anyone else", "anybody else", "instead", "some more")
# Asking for a different provider or option: a "no" to what was offered (and no request for a member of staff).
ALTERNATIVE_PHRASES = (*SOMEONE_ELSE, "someone else", "some one else", "somebody else", "a different", "another one",
                       "something else", "other options", "any others", "more options", "there others",
                       "other possibilities", "any other", "another option", "other option", "another office",
                       "more results", "find anything else", "anything else in")
# Turning down what was said for something else: a "no" (LABELLING.md's markers), before any yes word.
DIFFERENT_ONE = (*SOMEONE_ELSE, "rather", "who else", "the only", "any more", "anywhere else", "somewhere else",
                 "something different", "keep searching", "keep looking", "continue searching", "continue looking")
# Asking for other ones: "another therapist", "other kinds of doctor", "more names", "any alternatives".
OTHER_WORDS = {"another", "other", "anyother", "different", "more"}
OTHER_ALONE = {"others", "alternatives", "alternative"}
OTHER_ONES = {"one", "ones", "options", "option", "names", "results", "choices", "places", "offices", "suggestions",
              "recommendations", "providers", "listings"}
# Asking for something: "can you find another salon?", "is there another choice?", "give me another one".
ASKING_FOR_ONE = {"find", "search", "look", "give", "provide", "show", "suggest", "recommend", "there", "any", "get",
                  "locate", "want", "need", "prefer", "try"}
# "Another appointment", "other than that", "another question": not another one of what was offered.
NOT_OTHER_ONES = {"appointment", "appointments", "booking", "question", "questions", "thing", "things", "than",
                  "day", "days", "time", "times", "visit", "person", "people", "way", "hand", "side"}
