"""Looking for a provider: the kinds of clinician, the words of a search, and the places it names."""

from __future__ import annotations

from voicekit.nlu.dates import MONTHS

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
SEEKING_WORDS = FINDING_WORDS | WANTING_WORDS | {
    "seeking", "visit", "see", "get", "go", "book", "know", "require", "services", "help", "interested", "wanna",
    "there", "recommendations", "list", "locating", "after", "meet", "suggest", "about", "necessity", "consult",
    "talk"}
# "Someone in Petaluma", "somebody near Gilroy": a provider somewhere, not a member of staff.
SOMEONE_SOMEWHERE = ("someone in", "somebody in", "someone near", "somebody near", "someone around", "anyone in")
# "A dermatologist located in Milpitas": where a provider should be, not a question about the clinic.
LOCATED_IN = ("located in", "located near", "based in")
# "in Fremont", "near Mountain View": a place said with a capital after these is somewhere the caller looks.
PLACE_CUES = {"in", "near", "around", "nearby", "close", "closer"}
NOT_PLACES = set(MONTHS) | {"the", "a", "an", "i", "my", "your", "person", "english", "spanish", "morning",
                             "afternoon", "evening", "pain", "mind"}
