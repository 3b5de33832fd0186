"""Yes, no and the words around them: how a caller agrees, refuses, or hesitates."""

from __future__ import annotations

FILLERS = {"uh", "um", "er", "erm", "oh", "well", "hmm", "so", "actually", "ah", "like"}
# Said on the way out as much as in agreement: before a farewell ("okay, bye") they do not make a yes.
ACKNOWLEDGEMENTS = {"ok", "okay", "alright", "fine", "good", "cool", "right"}
YES_WORDS = ACKNOWLEDGEMENTS | {
    "yes", "yeah", "yep", "yup", "yea", "ya", "sure", "correct", "absolutely", "definitely", "perfect", "great",
    "confirm", "confirmed", "exactly", "affirmative", "certainly", "mm-hmm", "uh-huh", "mhm", "awesome", "excellent",
    "indeed", "proceed", "wonderful", "lovely", "fantastic", "brilliant", "splendid", "terrific", "super", "ideal",
    "nice", "ofcourse"}
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
               "take this appointment", "is confirmed", "sound great", "indeed i do",
               "i certainly do", "that's good", "that is good", "looks nice",
               # A transcription slip kept on purpose: "That sounds prefect." (SGD dialog 30_00055) is a yes.
               "sounds prefect")
# "Book it" agrees to what was read back; "book it on the 4th" asks for a booking (it names a value), as "do it
# for the 1st" or "try that again on the 12th" gives one.
YES_WITHOUT_VALUES = ("book it", "do it", "try it", "try that", "try this", "let's do that", "let's do it")
# "Uh-uh", "nuh-uh", "mm-mm": the spoken noes ("uh-huh" and "mm-hmm" are yeses).
NO_WORDS = {"no", "nope", "nah", "incorrect", "wrong", "negative", "uh-uh", "nuh-uh", "nuh", "mm-mm", "unh-unh",
            "uh-uhh", "nuh-uhh"}
# "Oh, leave it", "just leave it then": turning down what was asked, when nothing follows it.
LEAVE_IT = ("leave it",)
LEAVE_IT_ENDINGS = {"then", "for", "now", "thanks", "thank", "you", "please", "there", "be", "alone", "oh", "okay",
                    "ok", "actually", "it"}
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
# "No problem", "no worries": an acceptance, not a "no".
NOT_A_NO = ("no problem", "no problems", "no worries", "no worry")
# "Thank you, but ...", "Ok, however ...": politeness or an acknowledgement that turns down what was offered.
BUT_AFTER_THANKS = ("thank you but", "thanks but", "thank you however", "thanks however", "ok but", "okay but",
                    "alright but")
# Words that negate what follows them: "not Tuesday", "no chest pain".
NEGATORS = {"no", "not", "never", "without", "except", "excluding"}
