"""What a caller asks the line for: a booking, a cancellation, a move, a call back, a person, a time."""

from __future__ import annotations

BOOK_WORDS = {"book", "booking", "appointment", "appt", "schedule", "reserve", "reservation", "slot", "appointments",
              "bookings", "reservations", "slots"}
# Verbs that ask for a new booking; "my Friday appointment" alone only names one.
BOOK_VERBS = {"book", "schedule", "reserve", "make", "new", "another", "set", "arrange"}
# Ways of asking to be seen without a booking word ("I need to see someone about my knee").
BOOK_PHRASES = ("come in", "see the doctor", "see a doctor", "fit me in", "see someone", "see somebody",
                "see a dentist", "see the dentist", "see a nurse", "like to see", "want to see", "wish to see",
                "need to see", "repeat visit", "make one", "set something up", "set me up", "check-up", "check up",
                "checkup", "follow-up", "follow up", "a visit", "visiting a", "visit a", "visit the", "get seen",
                "be seen", "can i get in", "could i get in", "can you get me in", "could you get me in",
                "squeeze me in")
CANCEL_WORDS = {"cancel", "cancellation", "unbook"}
# Moving an existing appointment: a booking request that also has an old appointment to cancel.
RESCHEDULE_WORDS = {"reschedule", "rescheduling", "rebook", "re-book", "postpone"}
# ... or a moving verb with an appointment noun: "move my Friday appointment", "change the booking".
MOVE_VERBS = {"move", "change", "shift", "push", "bring"}
APPOINTMENT_NOUNS = {"appointment", "appointments", "booking", "visit", "appt"}
# Asking to be called back rather than to be put through now (a closed clinic offers it). Not "I'll call
# back" (the caller will ring again) nor "they call me Sam" (a name).
CALLBACK_PHRASES = ("call me back", "calls me back", "callback", "call-back", "ring me back", "phone me back",
                    "get back to me", "take a message", "leave a message", "have someone call me",
                    "have somebody call me", "someone call me", "somebody call me", "someone to call me",
                    "somebody to call me", "can they call me", "could they call me", "return my call")
HUMAN_WORDS = {"person", "human", "operator", "receptionist", "representative", "someone", "somebody",
               "agent", "staff"}
HUMAN_VERBS = {"talk", "speak", "connect", "transfer", "put", "get", "want", "need", "real", "actual", "live"}
REQUEST_WORDS = {"anything", "available", "availability", "opening", "openings", "free", "earliest", "slots",
                 "anytime"}
# Asking whether a time can be had ("do you have 4:45?", "can I come the day after tomorrow?"): with a value,
# a booking request.
SLOT_QUESTIONS = ("do you have", "you have something", "will you have", "you will have", "can i come", "could i come")
# "I'm free on the 9th": when the caller can come, not a question whether a slot is free.
CALLER_IS = ("i'm", "i am", "i'll be", "i will be", "i'd be", "i would be", "we're", "we are")
CALLER_FREE = {"free", "available"}
# Values proposed, not a request: "how about an appointment on Saturday?", "the appointment is for the 11th".
PROPOSALS = ("how about", "what about", "appointment is", "appointment will be", "appointment would be",
             "appointment should be")
# "I'd like to visit the salon on the 7th", "I want to come in at 4:30": when the caller comes (values given).
VISIT_PHRASES = ("visit", "go to the", "go in", "be going to", "go on", "go at", "like to go", "want to go",
                 "need to go")
