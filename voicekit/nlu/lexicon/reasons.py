"""Why the caller comes (the visit's reason) and what they say beside the booking (small talk, praise)."""

from __future__ import annotations

# A complaint on its own ("a cough", "I feel sick"), unless negated or part of an idiom ("sick of waiting").
SYMPTOM_WORDS = {
    "cough", "coughs", "coughing", "fever", "feverish", "temperature", "headache", "headaches", "migraine",
    "migraines", "toothache", "earache", "stomachache", "backache", "bellyache", "ache", "aches", "aching", "achy",
    "sore", "pain", "pains", "painful", "hurt", "hurts", "hurting", "rash", "itchy", "itching", "swollen", "swelling",
    "bruise", "bruised", "sprain", "sprained", "fracture", "fractured", "infection", "infected", "allergy",
    "allergies", "asthma", "wheezing", "insomnia", "cramps", "cramping", "lump", "sick", "ill", "unwell", "flu",
    "covid", "nausea", "nauseous", "vomiting", "diarrhea", "diarrhoea", "constipation", "dizzy", "dizziness",
    "tired", "fatigue", "fatigued", "exhausted", "sneezing", "sneezes", "runny", "stuffy", "congested",
    "congestion", "pregnant", "pregnancy", "injury", "injured", "anxiety", "depression", "numb", "numbness",
    "tingling", "blister", "acne", "eczema", "sinusitis", "strep", "bronchitis", "pneumonia", "cavity", "cavities",
}
# "sick of waiting", "tired of this": a complaint word before "of" is an idiom, not a symptom.
IDIOM_BEFORE_OF = {"sick", "tired", "ill"}
# A part of the body is a reason only as the caller's own ("about my knee"), never in "call me back".
BODY_PARTS = {
    "knee", "knees", "back", "shoulder", "shoulders", "neck", "arm", "arms", "leg", "legs", "ankle", "ankles", "foot",
    "feet", "hip", "hips", "wrist", "wrists", "hand", "hands", "elbow", "elbows", "finger", "fingers", "toe", "toes",
    "eye", "eyes", "ear", "ears", "nose", "throat", "stomach", "belly", "tummy", "tooth", "teeth", "gum", "gums",
    "jaw", "head", "skin", "spine", "joint", "joints", "muscle", "muscles", "sinuses",
}
OWNERS = {"my", "his", "her", "their", "our"}
# Complaints in more than one word; said as they are, even with a "not" inside ("not feeling well").
REASON_PHRASES = ("lack of energy", "no energy", "low energy", "not feeling well", "not feeling good",
                  "not feeling great", "not feeling too good", "not well", "under the weather", "feeling unwell",
                  "throwing up", "threw up", "a cold", "bad cold", "head cold", "common cold", "blood pressure",
                  "can't sleep", "cannot sleep", "trouble sleeping")
# The word that leads into the reason inside a request: "I need to see someone about | my back pain".
REASON_LEADS = {"about", "regarding", "re", "for", "because", "since", "with"}

# Small talk: praise for the practice or a remark, which asks for nothing (the pending question is asked again).
PRAISE_WORDS = {"wonderful", "great", "lovely", "amazing", "awesome", "fantastic", "brilliant", "excellent",
                "terrific", "helpful", "kind", "nice", "sweet", "friendly", "best", "love", "loved", "adore", "glad",
                "marvellous", "marvelous", "superb", "caring", "gentle", "angel", "gem"}
REMARK_PHRASES = ("i better", "i'd better", "i had better", "better go", "helped my", "helped me", "how are you",
                  "stay safe", "good to know", "oh well", "what a relief", "that's a relief", "bless you")
# ...but a turn that asks for something is no small talk, however warm ("the 10th would be great", "I'd love
# to come in", "can you recommend one?"): a request the parser missed stays a miss, so it is asked again.
ASKING_WORDS = {"would", "could", "can", "will", "please", "want", "wanna", "need", "like", "looking", "find", "help",
                "recommend", "recommendation", "works", "work", "choose", "pick", "prefer", "interested"}
ASKING_PHRASES = ("love to", "i'd love", "would love")
