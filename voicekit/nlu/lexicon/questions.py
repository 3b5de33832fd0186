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
GREETING_WORDS = {"hello", "hi", "hey", "there", "anyone", "anybody", "is", "are", "you", "still"}
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
