"""Questions for the line: the hours, where the clinic is, "say that again", hold on, what it offers."""

from __future__ import annotations

HOURS_WORDS = {"hours", "closing"}
HOURS_PHRASES = ("opening hours", "opening times", "what time do you open", "when do you open")
OPEN_CLOSE = {"open", "close", "closed", "closes", "opens"}
# "there address" is heard as "their address" by the pattern of ``judgements.asks_where``.
ADDRESS_PHRASES = ("where are you", "your address", "the address", "directions", "how do i get", "whereabouts",
                   "direct line", "where is the clinic", "where's the clinic", "find you", "phone number",
                   "contact number", "telephone number", "their number", "your number", "their address",
                   "where are they", "where is this", "where is the office", "where is their", "where's their",
                   "address of", "reach them", "call them", "contact them", "their location", "the location",
                   "where that office", "where the office", "contact information", "contact info", "contact details",
                   "where is it", "where they are", "their information", "your location", "what is the location",
                   "what's the location", "is their location", "the number for", "their phone", "provide a location",
                   "number and location", "physical address", "where in", "rating and address", "rating and phone",
                   "address and rating", "phone and rating")
REPEAT_PHRASES = ("say that again", "say again", "repeat that", "repeat it", "repeat please", "please repeat",
                  "can you repeat", "could you repeat", "repeat yourself", "repeat the", "come again", "didn't catch",
                  "can't hear", "cannot hear", "couldn't hear", "could not hear",
                  "didn't hear", "did not catch", "did not hear", "one more time", "pardon",
                  "what was that", "what did you say")
# "What?", "sorry?" as the whole turn: the caller did not hear (and none of these is a name).
REPEAT_ALONE = {"what", "sorry", "huh", "pardon", "eh"}
# "Hello?" on its own: the caller checks the line is alive; the prompt is repeated, nothing counted.
# The greetings that make a turn of greeting words one ("Hello?", "Howdy!", "Hey there"), not "is anyone there".
GREETINGS = {"hello", "hi", "hey", "there", "hiya", "howdy", "yo", "heya", "hullo", "hallo", "greetings", "g'day",
             "gday"}
GREETING_WORDS = GREETINGS | {"anyone", "anybody", "is", "are", "you", "still"}
HOLD_PHRASES = ("hold on", "wait", "one moment", "one second", "just a sec", "just a second", "give me a second",
                "let me check", "hang on")
# Questions about the practice the line has no answer for (treatments offered, ratings, insurance):
# said plainly, then the pending question; they are understood turns, not misses.
SERVICE_WORDS = {"cosmetic", "services", "service", "rating", "ratings", "rated", "reviews", "review", "insurance",
                 "insured", "medicare", "medicaid", "accept", "whitening", "specialize", "specialise", "offer",
                 "offers"}
QUESTION_STARTS = {"do", "does", "can", "could", "are", "is", "what", "what's", "how", "which", "will", "would"}
# A medical question ("side effects" is heard as a phrase by the rule): staff answer it, not the line.
MEDICAL_WORDS = {"medicine", "medication", "dose", "dosage", "prescription", "symptom", "symptoms", "pill",
                 "pills", "antibiotic", "antibiotics", "ibuprofen", "paracetamol", "aspirin", "tylenol",
                 "diagnosis", "treat", "treatment", "contagious"}
MEDICAL_PHRASES = ("should i take", "is it safe", "side effects")
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
# Questions about the line itself, answered at any question and the question asked again (issue 38, item 7):
# what the clinic is called ...
CLINIC_NAME_PHRASES = ("name of the clinic", "name of your clinic", "clinic's name", "name of the practice",
                       "name of this clinic", "name of the office", "what clinic is this", "which clinic is this",
                       "what clinic have i", "which clinic have i", "what clinic am i", "which clinic am i",
                       "what practice is this", "what office is this", "what place is this", "who have i called",
                       "who have i reached", "what is this place", "what's this place", "who is this",
                       "what clinic is that", "what clinic this is", "what's the clinic called",
                       "what is the clinic called", "have i got the right number", "is this the right number")
# ... and whether it is a person (the automated-line disclosure).
AUTOMATED_PHRASES = ("are you a robot", "are you a bot", "r u a bot", "u a bot", "are you a machine",
                     "are you a computer", "are you an ai", "are you ai", "are you a real person", "are you real",
                     "are you human", "are you a human", "are you a person", "is this a robot", "is this a bot",
                     "is this a recording", "is this a machine", "is this automated", "is this an automated",
                     "are you automated", "is this a computer", "is this a real person", "is this a person",
                     "am i talking to a robot", "am i talking to a machine", "am i talking to a computer",
                     "am i talking to a real person", "am i talking to a person", "am i talking to a human",
                     "am i speaking to a robot", "am i speaking to a machine", "am i speaking to a real person",
                     "am i speaking to a person", "am i speaking to a human", "who am i speaking with",
                     "who am i speaking to", "who am i talking to", "who am i talking with", "is this an ai",
                     "talking to a robot", "talking to a machine", "is anyone real")
# "Is this the dental clinic?": words that name a clinic, so "is this ..." asks which one it is.
PLACE_WORDS = {"clinic", "practice", "surgery", "office", "medicine", "medical", "dental", "dentist", "dentistry",
               "health", "centre", "center", "doctors", "doctor's", "family"}
NOT_A_CLINIC = {"dr", "doctor", "it", "that", "this", "right", "correct", "true", "ok", "okay", "a", "an", "the", "for",
                "open", "available", "free", "possible", "urgent", "my", "your", "me", "you"}
# "Are you a robot? I want a person": a request for staff, not only a question about the line.
ASKING_FOR_STAFF = {"want", "need", "connect", "transfer", "put", "let", "give", "speak", "talk"}
