"""The end of a call and thanks: farewells, "that's all", and a thank-you on its own."""

from __future__ import annotations

from voicekit.nlu.lexicon.turning_down import GIVING_UP

# Not "take care": "I need someone to take care of my tooth" is no goodbye.
FAREWELLS = ("bye", "goodbye", "good bye", "bye-bye", "see you later", "see ya", "talk to you later",
             "have a nice day", "have a good day")
STOP_PHRASES = (*FAREWELLS, *GIVING_UP, "forget it", "forget about it", "stop", "hang up", "don't bother",
                "cancel that", "not anymore")
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
