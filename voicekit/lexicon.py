"""The words the rule parser listens for: one table per thing a caller may say.

Kept apart from the parser's logic (``voicekit.nlu``) so that adding a way of saying something is one
line here. Lower case; phrases are matched on word boundaries.
"""

from __future__ import annotations

from voicekit.clinic import WEEKDAYS
from voicekit.dates import MONTHS
from voicekit.names import NEVER_NAMES
from voicekit.spoken_time import MINUTE_WORDS, NUMBER_WORDS

DAY_FORMS = {d: d for d in WEEKDAYS} | {d + "s": d for d in WEEKDAYS} | {
    "tues": "tuesday", "weds": "wednesday", "thurs": "thursday",
}
FILLERS = {"uh", "um", "er", "erm", "oh", "well", "hmm", "so", "actually", "ah", "okay so", "like"}
YES_WORDS = {"yes", "yeah", "yep", "yup", "yea", "ya", "sure", "correct", "right", "ok", "okay", "absolutely",
             "definitely", "perfect", "great", "confirm", "confirmed", "exactly", "affirmative", "fine", "good",
             "certainly", "alright", "mm-hmm", "uh-huh", "mhm", "awesome", "excellent", "indeed", "proceed",
             "cool", "wonderful", "lovely", "fantastic", "brilliant", "splendid", "terrific", "super", "ideal", "nice",
             "ofcourse"}
# Said on the way out as much as in agreement: before a farewell ("okay, bye") they do not make a yes.
ACKNOWLEDGEMENTS = {"ok", "okay", "alright", "fine", "good", "cool", "right"}
YES_PHRASES = ("that works", "sounds good", "all correct", "go ahead", "please do", "sound good", "sounds better",
               "like a winner", "that's right", "that is right", "that's correct", "works for me", "of course",
               "agreeable", "i like that", "that's okay", "that is okay", "that's fine", "that is fine",
               "that will work", "that would work", "that would be great", "sounds fine", "sounds perfect",
               "sounds great", "i'd like that", "would like that", "that is correct", "i agree", "i like this",
               "i like it", "just what i", "exactly what i", "i think so", "go with this", "go with that",
               "go with him", "go with her", "go with them", "seems right", "sounds right", "looks right",
               "looks good", "i'll take it", "i will take it", "i'll take that", "suits me", "i assent",
               "that's perfect", "that is perfect", "would be okay", "will be ok", "will be okay", "would be ok",
               "that's great", "that is great", "i confirm", "that's ok", "that is ok", "would be fine",
               "will be fine", "one is fine", "is what i needed", "is what i want", "is what i am looking for",
               "is what i'm looking for", "that's what i needed", "that's what i want", "that's what i am looking for",
               "that's what i'm looking for", "like what i", "is my choice", "optimal choice", "most definitely",
               "sure would", "sure do", "sure thing", "like a plan", "can do that", "visit that one", "visit this one",
               "be the one", "that's the one", "is the one", "if you don't mind", "if you do not mind",
               "approval granted", "i'll go there", "i will go there", "i'd like to go there", "i want to choose",
               "i will choose", "i'll choose", "i will select", "i'll select", "take that appointment",
               "take this appointment", "is confirmed", "sound great", "sounds prefect", "indeed i do",
               "i certainly do", "that's good", "that is good", "looks nice")
# "Book it" agrees to what was read back; "book it on the 4th" asks for a booking (it names a value), as "do it
# for the 1st" or "try that again on the 12th" gives one.
YES_WITHOUT_VALUES = ("book it", "do it", "try it", "try that", "try this", "let's do that", "let's do it")
NO_WORDS = {"no", "nope", "nah", "incorrect", "wrong", "negative"}
NO_PHRASES = ("not right", "not correct", "isn't right", "not what i", "doesn't work", "does not work",
              "don't want", "can't make", "cannot make", "not that", "that's not", "that is not",
              # a yes word negated is a no: "absolutely not", "of course not", "don't book it"
              "absolutely not", "definitely not", "of course not", "certainly not", "not at all", "don't book",
              "do not book", "please don't", "i don't think so", "not at this time", "not just now", "not now",
              "not right now", "not yet", "not today", "i guess not", "i'll wait", "i will wait", "not good",
              "not okay", "not ok", "do not want", "don't need an", "do not need an", "don't need one",
              "do not need one", "don't wish", "do not wish", "not necessary", "no need", "won't work",
              "will not work", "wouldn't work", "would not work", "not going to work", "not thank", "not thanks",
              "not just yet", "i cannot make", "i cannot come", "i can't come", "i cannot do", "i can't do",
              "don't need to", "do not need to", "don't need you",
              "do not need you", "absolutely nothing")
# "Thank you, but ...", "Ok, however ...": politeness or an acknowledgement that turns down what was offered.
BUT_AFTER_THANKS = ("thank you but", "thanks but", "thank you however", "thanks however", "ok but", "okay but",
                    "alright but")
# "No problem", "no worries": an acceptance, not a "no".
NOT_A_NO = ("no problem", "no problems", "no worries", "no worry")
# Turning down what was said and asking anew ("never mind, book the 13th", "I changed my mind. Look in San
# Jose"): a "no", with or without new values.
CHANGE_OF_MIND = ("changed my mind", "change my mind", "changed mind", "never mind", "nevermind",
                  "on second thought", "strike that", "scratch that")
# Changing what was said or booked (LABELLING.md's "change" marker): "change the appointment to the 14th",
# "can you change that?". A reschedule asked for this way still reaches its task (``heard.reschedule``).
CHANGE_REQUESTS = ("change it", "change that", "change this", "change the", "change to", "change my appointment",
                   "change my booking", "change my visit")
# Another provider, even in a booking request ("continue the reservation with another dentist"): a "no".
OTHER_PROVIDER = ("some other", "other doctor", "other dentist", "another dentist", "another doctor",
                  "the only one")
# Not "take care": "I need someone to take care of my tooth" is no goodbye.
FAREWELLS = ("bye", "goodbye", "good bye", "bye-bye", "see you later", "see ya", "talk to you later",
             "have a nice day", "have a good day")
STOP_PHRASES = (*FAREWELLS, "never mind", "nevermind", "forget it", "forget about it", "stop",
                "hang up", "changed my mind", "don't bother", "cancel that", "not anymore")
# These end the call only on their own: inside a yes or a request ("yes, that's all", "book Tuesday at 10,
# that's all", "no thanks, anything at twelve?") the caller is still talking about the booking.
THANKING_STOPS = ("thank you for your help", "thanks for your help", "thanks for the help", "thank you for the help")
SOFT_STOP_PHRASES = (*THANKING_STOPS, "that's all", "that is all", "no thanks", "no thank you", "that will be all",
                     "i'm all set", "that's everything", "that is everything", "i'm done", "i am done",
                     "don't need anything", "do not need anything", "nothing else", "i'm good for now",
                     "i am good for now", "that would be all", "have to go now", "got to go now", "gotta go",
                     "nothing more", "it is all", "do nothing", "questions have all been answered", "that'll be all",
                     "that was all", "that's gonna be it", "that does it", "that will do it", "that'll do it",
                     "takes care of everything", "all the information i", "covered everything", "it for now",
                     "i'm all good", "i am all good", "that's it for now", "that is it for now", "that's it thank",
                     "that is it thank", "that's it thanks", "that is it thanks")
# "That will be all for today": the end of the call, not a day asked for.
DONE_FOR_TODAY = ("need for today", "needed for today", "looking for today", "need today", "needed today",
                  "all for today", "everything for today", "all today", "it for today", "that's it today",
                  "good for today", "okay for today", "done for today", "all i need today", "that is it today")
# Thanks in the middle of a call ("Thank you so much."): answered, then the question asked again.
THANKS_WORDS = {"thanks", "thank", "thankyou", "appreciate", "cheers"}
# Thanks alone, however long ("Thank you so much for all of your help"): no yes, no no, nothing asked.
THANKS_VOCABULARY = THANKS_WORDS | {"you", "for", "your", "the", "all", "of", "help", "helping", "assistance", "so",
                                    "very", "much", "a", "lot", "again", "kind", "kindly", "really", "i", "it", "that",
                                    "time", "truly", "bunch", "ton", "many", "appreciated", "greatly"}
# A question for the line after a stop phrase ("I changed my mind. Can you look in San Jose?"): not an ending.
ASKS_THE_LINE = ("can you", "could you", "would you", "will you", "do you", "can i", "could i", "is there",
                 "are there", "where is", "where are", "what is", "what's")
# Asking for a different provider or option: a "no" to what was offered.
ALTERNATIVE_PHRASES = ("someone else", "some one else", "somebody else", "anyone else", "a different", "another one",
                       "something else", "other options", "any others", "anybody else", "more options", "there others",
                       "other possibilities", "any other", "another option", "other option", "another office",
                       "more results", "some more", "more options", "instead", "find anything else",
                       "anything else in")
# Asking for other ones: "another therapist", "other kinds of doctor", "more names", "any alternatives".
OTHER_WORDS = {"another", "other", "anyother", "different", "more"}
OTHER_ALONE = {"others", "alternatives", "alternative"}
OTHER_ONES = {"one", "ones", "options", "option", "names", "results", "choices", "places", "offices", "suggestions",
              "recommendations", "providers", "listings"}
# Turning down what was said for something else: a "no" (LABELLING.md's markers), before any yes word.
DIFFERENT_ONE = ("instead", "rather", "who else", "anyone else", "anybody else", "the only", "any more", "some more",
                 "anywhere else", "somewhere else", "something different", "keep searching",
                 "keep looking", "continue searching", "continue looking")
# Asking for something: "can you find another salon?", "is there another choice?", "give me another one".
ASKING_FOR_ONE = {"find", "search", "look", "give", "provide", "show", "suggest", "recommend", "there", "any", "get",
                  "locate", "want", "need", "prefer", "try"}
# "Another appointment", "other than that", "another question": not another one of what was offered.
NOT_OTHER_ONES = {"appointment", "appointments", "booking", "question", "questions", "thing", "things", "than",
                  "day", "days", "time", "times", "visit", "person", "people", "way", "hand", "side"}
# Wanting a kind of provider is wanting to be seen: "find me a dentist", "I need a psychologist".
_PROVIDERS = ("dentist", "doctor", "physician", "dermatologist", "pediatrician", "paediatrician", "gynecologist",
              "gynaecologist", "obstetrician", "optometrist", "ophthalmologist", "therapist", "psychotherapist",
              "psychologist", "psychiatrist", "counselor", "counsellor", "orthodontist", "periodontist",
              "endodontist", "cardiologist", "neurologist", "urologist", "oncologist", "allergist", "audiologist",
              "podiatrist", "chiropractor", "physiotherapist", "physio", "osteopath", "surgeon", "specialist",
              "practitioner", "hygienist", "nurse", "midwife", "clinician", "gp", "md", "dr")
PROVIDER_WORDS = {*_PROVIDERS, *(p + "s" for p in _PROVIDERS), "dentistry", "dental", "practice", "ob-gyn", "obgyn",
                  "counseling", "counselling", "therapy"}
# "Find me one in Palo Alto", "I need one in San Carlos": the provider said as "one", "something", "someone".
SOUGHT_ONES = {"one", "ones", "something", "someone", "somebody", "anyone", "anybody", "some", "place"}
FINDING_WORDS = {"find", "locate", "search", "searching", "look", "looking", "recommend", "suggest", "finding"}
WANTING_WORDS = {"need", "like", "want", "prefer"}
SEEKING_WORDS = {"find", "need", "want", "looking", "look", "search", "searching", "seeking", "locate", "recommend",
                 "visit", "see", "get", "go", "like", "book", "know", "require", "services", "help", "interested",
                 "wanna", "there", "recommendations", "list", "finding", "locating", "after", "meet", "prefer",
                 "suggest", "about", "necessity", "consult", "talk"}
# Revising what was said ("strike that, make it 3:30"): with a new day or time, a "no" that carries the values.
# "Actually" alone is no revision: "Actually, book it on the 2nd" asks for a booking (LABELLING.md).
REVISION_PHRASES = ("on second thought", "strike that", "scratch that", "changed my mind", "instead",
                    "change it", "change the time", "change the day", "change the date", "one more change",
                    "change the timing", "change that", "change the schedule")
# "I'm free on the 9th": when the caller can come, not a question whether a slot is free.
CALLER_IS = ("i'm", "i am", "i'll be", "i will be", "i'd be", "i would be", "we're", "we are")
CALLER_FREE = {"free", "available"}
# Values proposed, not a request: "how about an appointment on Saturday?", "the appointment is for the 11th".
PROPOSALS = ("how about", "what about", "appointment is", "appointment will be", "appointment would be",
             "appointment should be")
# "I'd like to visit the salon on the 7th", "I want to come in at 4:30": when the caller comes (values given).
VISIT_PHRASES = ("visit", "go to the", "go in", "be going to", "go on", "go at", "like to go", "want to go",
                 "need to go")
# "Someone in Petaluma", "somebody near Gilroy": a provider somewhere, not a member of staff.
SOMEONE_SOMEWHERE = ("someone in", "somebody in", "someone near", "somebody near", "someone around", "anyone in")
REQUEST_WORDS = {"anything", "available", "availability", "opening", "openings", "free", "earliest", "slots",
                 "anytime"}
# Asking whether a time can be had ("do you have 4:45?", "can I come the day after tomorrow?"): with a value,
# a booking request.
SLOT_QUESTIONS = ("do you have", "you have something", "will you have", "you will have", "can i come", "could i come")
# Ways of asking to be seen without a booking word ("I need to see someone about my knee").
BOOK_PHRASES = ("come in", "see the doctor", "see a doctor", "fit me in", "see someone", "see somebody",
                "see a dentist", "see the dentist", "see a nurse", "like to see", "want to see", "wish to see",
                "need to see", "repeat visit", "make one", "set something up", "set me up", "check-up", "check up",
                "checkup",
                "follow-up", "follow up", "a visit", "visiting a", "visit a", "visit the", "get seen", "be seen")
HUMAN_WORDS = {"person", "human", "operator", "receptionist", "representative", "someone", "somebody",
               "agent", "staff"}
HUMAN_VERBS = {"talk", "speak", "connect", "transfer", "put", "get", "want", "need", "real", "actual", "live"}
BOOK_WORDS = {"book", "booking", "appointment", "appt", "schedule", "reserve", "reservation", "slot", "appointments",
              "bookings", "reservations", "slots"}
CANCEL_WORDS = {"cancel", "cancellation", "unbook"}
# Moving an existing appointment: a booking request that also has an old appointment to cancel.
# Asking to be called back rather than to be put through now (a closed clinic offers it). Not "I'll call
# back" (the caller will ring again) nor "they call me Sam" (a name).
CALLBACK_PHRASES = ("call me back", "calls me back", "callback", "call-back", "ring me back", "phone me back",
                    "get back to me", "take a message", "leave a message", "have someone call me",
                    "have somebody call me", "someone call me", "somebody call me", "someone to call me",
                    "somebody to call me", "can they call me", "could they call me", "return my call")
RESCHEDULE_WORDS = {"reschedule", "rescheduling", "rebook", "re-book", "postpone"}
# ... or a moving verb with an appointment noun: "move my Friday appointment", "change the booking".
MOVE_VERBS = {"move", "change", "shift", "push", "bring"}
APPOINTMENT_NOUNS = {"appointment", "appointments", "booking", "visit", "appt"}
# Verbs that ask for a new booking; "my Friday appointment" alone only names one.
BOOK_VERBS = {"book", "schedule", "reserve", "make", "new", "another", "set", "arrange"}
HOURS_WORDS = {"hours", "closing"}
HOURS_PHRASES = ("opening hours", "opening times", "what time do you open", "when do you open")
OPEN_CLOSE = {"open", "close", "closed", "closes", "opens"}
ADDRESS_PHRASES = ("where are you", "your address", "the address", "directions", "how do i get", "whereabouts",
                   "direct line",
                   "where is the clinic", "where's the clinic", "find you", "phone number", "contact number",
                   "telephone number", "their number", "your number", "their address", "where are they",
                   "where is this", "where is the office", "where is their", "where's their", "address of",
                   "reach them", "call them", "contact them", "their location", "the location", "where that office",
                   "where the office", "contact information", "contact info", "contact details", "their address",
                   "there address", "where is it", "where they are", "their information", "your location",
                   "what is the location", "what's the location", "is their location", "the number for",
                   "their phone", "provide a location", "number and location", "physical address", "where in",
                   "rating and address", "rating and phone", "address and rating", "phone and rating")
# "A dermatologist located in Milpitas": where a provider should be, not a question about the clinic.
LOCATED_IN = ("located in", "located near", "based in")
REPEAT_PHRASES = ("say that again", "say again", "repeat that", "repeat it", "repeat please", "please repeat",
                  "can you repeat", "could you repeat", "repeat yourself", "repeat the", "come again", "didn't catch",
                  "can't hear", "cannot hear", "couldn't hear", "could not hear",
                  "didn't hear", "did not catch", "did not hear", "one more time", "pardon")
# "Hello?" on its own: the caller checks the line is alive; the prompt is repeated, nothing counted.
GREETING_WORDS = {"hello", "hi", "hey", "there", "anyone", "anybody", "is", "are", "you", "still"}
HOLD_PHRASES = ("hold on", "wait", "one moment", "one second", "just a sec", "just a second", "give me a second",
                "let me check", "hang on")
REPEAT_ALONE = {"what", "sorry", "huh", "pardon", "eh"}
# Thoughts of suicide: an emergency, and the crisis line is given too.
CRISIS_PHRASES = ("suicide", "suicidal", "kill myself", "want to die", "end my life", "hurt myself", "self harm",
                  "don't want to live", "take my own life")
# False alarms are the safe side: any of these (not negated) hands off at once with the emergency number.
EMERGENCY_PHRASES = CRISIS_PHRASES + (
    "chest pain", "chest pains", "chest hurts", "chest is hurting", "pain in my chest", "chest feels tight",
    "can't breathe", "cannot breathe", "can not breathe", "cant breathe", "trouble breathing", "difficulty breathing",
    "hard to breathe", "struggling to breathe", "shortness of breath", "short of breath", "not breathing",
    "stopped breathing", "isn't breathing", "ambulance", "emergency", "heart attack", "stroke", "seizure",
    "unconscious", "unresponsive", "collapsed", "passed out", "won't wake up", "choking", "bleeding a lot",
    "bleeding heavily", "bleeding badly", "won't stop bleeding", "lot of blood", "overdose", "overdosed",
    "too many pills", "swallowed bleach", "drank bleach", "swallowed poison", "poisoned", "been stabbed", "stabbed",
    "been shot", "got shot", "was shot", "gunshot", "allergic reaction", "anaphylaxis", "throat is closing")
NEGATORS = {"no", "not", "never", "without", "except", "excluding"}
NOT_PLACES = set(MONTHS) | {"the", "a", "an", "i", "my", "your", "person", "english", "spanish", "morning",
                             "afternoon", "evening", "pain", "mind"}
# Questions about the practice the line has no answer for (treatments offered, ratings, insurance):
# said plainly, then the pending question; they are understood turns, not misses.
SERVICE_WORDS = {"cosmetic", "services", "service", "rating", "ratings", "rated", "reviews", "review", "insurance",
                 "insured", "medicare", "medicaid", "accept", "whitening", "specialize", "specialise", "offer",
                 "offers"}
QUESTION_STARTS = {"do", "does", "can", "could", "are", "is", "what", "what's", "how", "which", "will", "would"}
# "in Fremont", "near Mountain View": a place said with a capital after these is somewhere the caller looks.
PLACE_CUES = {"in", "near", "around", "nearby", "close", "closer"}
MEDICAL_WORDS = {"medicine", "medication", "dose", "dosage", "prescription", "symptom", "symptoms", "pill",
                 "pills", "antibiotic", "antibiotics", "ibuprofen", "paracetamol", "aspirin", "tylenol",
                 "diagnosis", "treat", "treatment", "contagious", "side effects"}
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
PARTS_OF_DAY = ("morning", "afternoon", "evening", "night")
MONTH_WORDS = tuple(MONTHS)
NUMBER_NAMES = tuple(NUMBER_WORDS)
