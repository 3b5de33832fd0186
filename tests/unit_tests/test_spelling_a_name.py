"""Issue 35 item 2 (SPEC 7.1): a name the recogniser is unsure of is spelled, read back letter by letter and used.

Reproduction: "Jamie Fraser" was booked as "Jamie Pracer" and as "Game"; a caller who answers "no, Fraser" is
heard the same wrong way again, and the line never asked anyone to spell. The recogniser's word probabilities
reach the agent as ``handle(text, words=[(word, probability), ...])`` (TEAM contract 1); typed turns pass none.
"""

import pytest

from agent import VoiceAgent
from dialog.names_spelled import UNSURE_BELOW
from evals.safety import explicit_consent
from voicekit.clinic import ClinicAPI

SPOKEN = "Book me on Tuesday at ten a m, my name is Jamie Pracer"
SPELL = "could you spell your last name for me?"


def heard(text, unsure=(), probability=0.95):
    """The recogniser's words for ``text``: every word sure but those in ``unsure``."""
    return [(f" {w}", UNSURE_BELOW / 2 if w.strip(".,").lower() in unsure else probability) for w in text.split()]


def call(caller_number=None):
    api = ClinicAPI()
    return VoiceAgent(api, sleep=lambda s: None, caller_number=caller_number), api


def test_the_threshold_is_a_named_probability():
    assert 0 < UNSURE_BELOW < 1


def test_a_name_heard_unsure_is_asked_to_be_spelled_before_the_read_back():
    agent, api = call()
    reply = agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    assert reply["state"] == "ASK_NAME" and SPELL in reply["say"].lower()  # the name first, then the rest
    spelled = agent.handle("F R A S E R", words=heard("F R A S E R"))
    assert spelled["state"] == "ASK_NAME" and "F, R, A, S, E, R: is that right?" in spelled["say"]
    read_back = agent.handle("yes", words=heard("yes"))
    assert read_back["state"] == "CONFIRM" and "Jamie Fraser" in read_back["say"]
    assert [c[0] for c in api.calls] == ["find_slots"]
    assert agent.handle("yes", words=heard("yes"))["tool_calls"] == ["book"]
    assert [b["name"] for b in api.bookings] == ["Jamie Fraser"]


def test_a_name_heard_sure_goes_straight_to_the_read_back():
    agent, api = call()
    reply = agent.handle(SPOKEN, words=heard(SPOKEN))
    assert reply["state"] == "CONFIRM" and "Jamie Pracer" in reply["say"]


def test_an_unsure_word_that_is_not_the_name_asks_nothing():
    agent, api = call()
    reply = agent.handle(SPOKEN, words=heard(SPOKEN, {"tuesday"}))
    assert reply["state"] == "CONFIRM"


def test_typed_turns_pass_no_words_and_are_never_unsure():
    agent, api = call()
    assert agent.handle(SPOKEN)["state"] == "CONFIRM"
    assert agent.handle(SPOKEN, words=None)["state"] == "CONFIRM"


def test_the_one_word_name_is_asked_as_the_name():
    agent, api = call()
    reply = agent.handle("Book me on Tuesday at ten a m, my name is Game", words=heard("... my name is Game", {"game"}))
    assert reply["state"] == "ASK_NAME" and "could you spell your name for me?" in reply["say"].lower()


def test_a_no_with_the_name_heard_unsure_again_is_spelled():
    agent, api = call()
    agent.handle(SPOKEN)
    reply = agent.handle("no, my name is Jamie Frazer", words=heard("no, my name is Jamie Frazer", {"frazer"}))
    assert reply["state"] == "ASK_NAME" and SPELL in reply["say"].lower()


def test_the_spelling_confirmation_is_never_consent_to_book():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    agent.handle("F R A S E R")
    assert explicit_consent("yes")  # a yes the evals' own list takes for consent, said to the letters
    reply = agent.handle("yes")
    assert "book" not in reply["tool_calls"] and reply["state"] == "CONFIRM" and api.bookings == []
    assert agent.handle("[DTMF] 1")["tool_calls"] == ["book"]  # the read-back's own yes books


def test_a_refused_spelling_is_asked_again_and_a_second_refusal_hands_off():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    agent.handle("F R A Z E R")
    again = agent.handle("no")
    assert again["state"] == "ASK_NAME" and "one letter at a time" in again["say"].lower()
    corrected = agent.handle("F R A S E R")
    assert "F, R, A, S, E, R" in corrected["say"]
    assert agent.handle("no")["state"] == "ASK_NAME"
    agent.handle("F R A S E")
    handed = agent.handle("no")
    assert handed["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood" and api.bookings == []


def test_a_no_that_spells_again_is_read_back_again():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    agent.handle("F R A Z E R")
    reply = agent.handle("no, F R A S E R")
    assert reply["state"] == "ASK_NAME" and "F, R, A, S, E, R: is that right?" in reply["say"]


@pytest.mark.parametrize("spelling, name, read", [
    ("F as in Frank, R, A, S as in Sam, E, R", "Jamie Fraser", "F, R, A, S, E, R"),
    ("eff are ay ess ee are", "Jamie Fraser", "F, R, A, S, E, R"),
    ("O apostrophe B R I E N", "Jamie O'Brien", "O, apostrophe, B, R, I, E, N"),
    ("capital M, small c, capital D, O, N, A, L, D", "Jamie McDonald", "M, C, capital D, O, N, A, L, D"),
    ("M O double S", "Jamie Moss", "M, O, S, S"),
    ("FRASER", "Jamie Fraser", "F, R, A, S, E, R"),
])
def test_letters_as_people_say_them_are_read_back_and_used(spelling, name, read):
    agent, api = call()
    agent.handle("Book me on Tuesday at ten a m, my name is Jamie Pracer", words=heard("Jamie Pracer", {"pracer"}))
    letters = agent.handle(spelling)
    assert f"{read}: is that right?" in letters["say"]
    assert name in agent.handle("yes")["say"]


def test_what_is_no_spelling_is_asked_about_again():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    reply = agent.handle("I don't know")
    assert reply["state"] == "ASK_NAME" and "spell" in reply["say"].lower()


def test_a_question_at_the_spelling_is_answered_and_the_spelling_asked_again():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    reply = agent.handle("what time do you close on Tuesday?")
    assert reply["state"] == "ASK_NAME" and SPELL in reply["say"].lower()


def test_a_person_and_a_stop_still_win_at_the_spelling():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    assert agent.handle("can I talk to a person")["state"] == "HANDOFF"
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    assert agent.handle("never mind")["state"] == "DONE" and api.bookings == []


# -- two close candidates: never chosen between silently ---------------------------------------------------


def test_two_close_names_are_asked_about_never_swapped_silently():
    agent, api = call()
    agent.handle("I want to book Tuesday, my name is Jamie Fraser")
    reply = agent.handle("my name is Jamie Frazer")
    assert reply["state"] == "ASK_NAME" and "Was that Fraser or Frazer?" in reply["say"]
    chosen = agent.handle("Frazer")
    assert chosen["state"] == "ASK_TIME" and agent.slots["name"] == "Jamie Frazer"


@pytest.mark.parametrize("answer, name", [("the first one", "Jamie Fraser"), ("the second", "Jamie Frazer"),
                                          ("F R A S E R", "Jamie Fraser")])
def test_the_caller_picks_one_of_the_two_names(answer, name):
    agent, api = call()
    agent.handle("I want to book Tuesday, my name is Jamie Fraser")
    agent.handle("my name is Jamie Frazer")
    agent.handle(answer)
    assert agent.slots["name"] == name


# -- the words argument ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("words", ["Jamie", [("Jamie",)], [(1, 0.5)], [("Jamie", "high")], 5])
def test_words_of_the_wrong_shape_are_refused_with_the_shape(words):
    agent, api = call()
    with pytest.raises(TypeError, match=r"\(word, probability\)"):
        agent.handle("my name is Jamie", words=words)


def test_the_unsure_words_are_not_kept_after_their_turn():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer", "4111"}))
    values = agent._graph.get_state(agent._config).values["call"]
    assert not values.get("unsure_words")


def test_the_same_letters_said_again_at_their_read_back_are_a_yes_to_them():
    agent, api = call()
    agent.handle(SPOKEN, words=heard(SPOKEN, {"pracer"}))
    agent.handle("F R A S E R")
    reply = agent.handle("F R A S E R")
    assert reply["state"] == "CONFIRM" and "Jamie Fraser" in reply["say"]
