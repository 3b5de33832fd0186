"""Cancelling or moving an appointment needs the caller's number to match the booking's.

Reproduction: cancelling needed only a name and a day, and the reply to the name told anyone whether that
person is a patient ("Which day..." against "I couldn't find an appointment under..."). Each test below is an
attacker's try: someone else's name with their own number, a number that fits another booking of the same name,
a number said at the read-back, keypad digits, the last four digits only, a withheld caller id.

The backend here is a look-alike of a real calendar (``tests/unit_tests/phone_clinic.py``); bookings carrying the
number, and moving an appointment, are in ``test_reschedule_checks_the_callers_number.py``.
"""

import pytest

from agent import VoiceAgent
from tests.unit_tests.phone_clinic import ATTACKER, FRIDAY, VICTIM, PhoneClinic, call, cancelled, never_read_out, play
from voicekit.clinic import ClinicAPI

# -- the reply never tells whether a name has appointments before the number matched --------------------


@pytest.mark.parametrize("caller_number", [ATTACKER, None], ids=["own caller id", "withheld"])
def test_the_replies_are_the_same_whether_or_not_the_name_has_appointments(caller_number):
    turns = ("I'd like to cancel my appointment", "Jamie", "Friday", "617 555 0199")
    clinics = {"a patient": [FRIDAY], "nobody": [], "an old booking": [{**FRIDAY, "phone": None}],
               "a namesake": [{**FRIDAY, "name": "Sam"}]}
    heard = {}
    for who, bookings in clinics.items():
        agent, api = call(bookings, caller_number)
        replies = play(agent, *turns)
        heard[who] = [(r["say"], r["state"], r["tool_calls"]) for r in replies]
        assert cancelled(api) == [] and never_read_out(replies)
    assert len({str(v) for v in heard.values()}) == 1, heard
    name_reply = heard["a patient"][1]
    assert name_reply[1] == "ASK_DAY" and name_reply[2] == []  # nothing is even looked up on a name alone


def test_someone_elses_name_with_your_own_number_is_refused_like_no_appointment():
    replies = {}
    for who, bookings in {"victim": [FRIDAY], "nobody": []}.items():
        agent, api = call(bookings, ATTACKER)
        asked = agent.handle("cancel my Friday appointment, my name is Jamie")
        assert asked["state"] == "ASK_NAME" and "what phone number" in asked["say"].lower()
        refused = agent.handle("my number is 617 555 0199")
        assert refused["state"] == "HANDOFF" and "couldn't find an appointment matching" in refused["say"]
        assert cancelled(api) == [] and never_read_out([asked, refused])
        replies[who] = (asked, refused)
    assert replies["victim"] == replies["nobody"]


def test_a_matching_caller_id_cancels_after_the_read_back_and_a_yes():
    agent, api = call([FRIDAY], "+1 (617) 555-0123")
    reply = agent.handle("cancel my Friday appointment, my name is Jamie")
    assert reply["state"] == "CONFIRM" and "2:30 pm" in reply["say"] and reply["tool_calls"] == ["find_bookings"]
    assert cancelled(api) == []
    done = agent.handle("yes")
    assert (done["state"], done["tool_calls"]) == ("DONE", ["cancel"]) and api.bookings == []


def test_the_number_said_when_asked_verifies_the_caller():
    agent, api = call([FRIDAY])
    asked = agent.handle("cancel my Friday appointment, my name is Jamie")
    assert (asked["state"], asked["tool_calls"]) == ("ASK_NAME", [])
    assert "for your security" in asked["say"].lower()
    reply = agent.handle("it's 617 555 0123")
    assert reply["state"] == "CONFIRM" and "2:30 pm" in reply["say"]
    assert agent.handle("yes")["tool_calls"] == ["cancel"] and api.bookings == []


def test_a_caller_id_that_matches_nothing_asks_for_the_number_once():
    agent, api = call([FRIDAY], ATTACKER)
    asked = agent.handle("cancel my Friday appointment, my name is Jamie")
    assert asked["state"] == "ASK_NAME"
    assert agent.handle("617 555 0123")["state"] == "CONFIRM"  # the appointment's own number: the owner's call
    assert agent.handle("yes")["tool_calls"] == ["cancel"]


def test_numbers_compare_as_e164():
    agent, api = call([{**FRIDAY, "phone": "(617) 555-0123"}], "+1 617 555 0123")
    assert agent.handle("cancel my Friday appointment, my name is Jamie")["state"] == "CONFIRM"


@pytest.mark.parametrize("withheld", ["anonymous", "", "+266696687", "client:alice", None])
def test_a_withheld_caller_id_means_the_number_is_asked_for(withheld):
    agent, api = call([FRIDAY], withheld)
    reply = agent.handle("cancel my Friday appointment, my name is Jamie")
    assert (reply["state"], reply["tool_calls"]) == ("ASK_NAME", []) and "phone number" in reply["say"]


# -- what an attacker would try ------------------------------------------------------------------------


def test_a_number_that_fits_another_booking_of_the_same_name_never_reaches_that_booking():
    own = {"day": "friday", "time": "09:00", "name": "Jamie", "phone": ATTACKER}
    agent, api = call([FRIDAY, own], ATTACKER)
    reply = agent.handle("cancel my Friday appointment, my name is Jamie")
    # Only the caller's own booking fits: no "you have more than one", and it is the 9 am one read back.
    assert reply["state"] == "CONFIRM" and "9 am" in reply["say"] and "more than one" not in reply["say"]
    assert agent.handle("no, the 2:30 one")["state"] != "CONFIRM"
    assert cancelled(api) == [] and FRIDAY in [{k: b[k] for k in FRIDAY} for b in api.bookings]


def test_the_victims_day_with_the_attackers_own_booking_elsewhere_reads_nothing_out():
    own = {"day": "tuesday", "time": "10:00", "name": "Jamie", "phone": ATTACKER}
    agent, api = call([FRIDAY, own], ATTACKER)
    replies = play(agent, "cancel my Friday appointment, my name is Jamie", "Friday", "yes")
    assert all(r["state"] != "CONFIRM" for r in replies) and never_read_out(replies)
    assert cancelled(api) == [] and len(api.bookings) == 2


def test_a_number_said_at_the_read_back_neither_cancels_nor_changes_whose_booking_it_is():
    own = {"day": "tuesday", "time": "10:00", "name": "Jamie", "phone": ATTACKER}
    agent, api = call([FRIDAY, own], ATTACKER)
    assert agent.handle("cancel my Tuesday appointment, my name is Jamie")["state"] == "CONFIRM"
    for turn in ("617 555 0123", "yes, 617 555 0123", "[DTMF] 6175550123#", "no, the Friday one, my number is "
                 "617 555 0123", "Friday"):
        reply = agent.handle(turn)
        assert reply["tool_calls"] in ([], ["find_bookings"]) and never_read_out([reply]), (turn, reply)
        if reply["state"] == "HANDOFF":
            break
    assert cancelled(api) == [] and len(api.bookings) == 2


def test_the_last_four_digits_or_a_number_without_its_area_code_are_not_enough():
    agent, api = call([FRIDAY], ATTACKER)  # the caller id's area code is the victim's too
    agent.handle("cancel my Friday appointment, my name is Jamie")
    for turn in ("0123", "555 0123", "five five five oh one two three"):
        reply = agent.handle(turn)
        assert reply["state"] != "CONFIRM" and never_read_out([reply]), (turn, reply)
        if reply["state"] == "HANDOFF":
            break
    assert cancelled(api) == []


def test_keypad_digits_are_a_number_only_at_the_number_question():
    agent, api = call([FRIDAY])
    assert agent.handle("cancel my appointment, my name is Jamie")["state"] == "ASK_DAY"
    typed = agent.handle("[DTMF] 6175550123#")  # at the day question: no day, and no number either
    assert typed["state"] != "CONFIRM" and typed["tool_calls"] == []
    agent, api = call([FRIDAY])
    agent.handle("cancel my Friday appointment, my name is Jamie")
    assert agent.handle("[DTMF] 6175550123#")["state"] == "CONFIRM"


def test_a_wrong_number_is_one_try_only():
    agent, api = call([FRIDAY])
    agent.handle("cancel my Friday appointment, my name is Jamie")
    assert agent.handle("617 555 0100")["state"] == "HANDOFF"
    assert agent.handle("617 555 0123")["tool_calls"] == [] and cancelled(api) == []


def test_an_old_booking_without_a_phone_goes_to_staff_and_the_caller_hears_so():
    old = {**FRIDAY, "phone": None}
    agent, api = call([old], VICTIM)
    replies = play(agent, "cancel my Friday appointment, my name is Jamie", "617 555 0123")
    assert replies[-1]["state"] == "HANDOFF" and agent.handoff["reason"] == "tool_failure"
    assert "without a phone number" in replies[-1]["say"] and "staff" in replies[-1]["say"]
    assert cancelled(api) == [] and never_read_out(replies)


def test_refusing_to_give_the_number_cancels_nothing():
    agent, api = call([FRIDAY])
    agent.handle("cancel my Friday appointment, my name is Jamie")
    reply = agent.handle("no, I'd rather not")
    assert reply["state"] == "LISTEN" and "haven't cancelled" in reply["say"] and cancelled(api) == []


def test_starting_over_forgets_the_number_given():
    agent, api = call([FRIDAY])
    play(agent, "cancel my appointment, my name is Jamie", "Friday")
    agent.handle("[DTMF] *")
    assert agent.handle("cancel my Friday appointment, my name is Jamie")["state"] == "ASK_NAME"


def test_a_name_changed_after_the_check_is_checked_again():
    sam = {"day": "friday", "time": "09:00", "name": "Sam", "phone": VICTIM}
    agent, api = call([{**FRIDAY, "phone": ATTACKER}, sam], ATTACKER)
    assert agent.handle("cancel my Friday appointment, my name is Jamie")["state"] == "CONFIRM"
    reply = agent.handle("no, my name is Sam")
    assert reply["state"] != "CONFIRM" and "9 am" not in reply["say"] and cancelled(api) == []


def test_a_lookup_that_times_out_is_retried_and_a_failure_hands_off():
    agent, api = call(api=PhoneClinic([FRIDAY], plan={"find_bookings": ["timeout", "timeout", "timeout"]}),
                      caller_number=VICTIM)
    reply = agent.handle("cancel my Friday appointment, my name is Jamie")
    assert reply["tool_calls"] == ["find_bookings"] * 3 and reply["state"] == "HANDOFF"


def test_the_caller_number_must_be_a_string():
    with pytest.raises(TypeError, match="caller_number"):
        VoiceAgent(PhoneClinic(), sleep=lambda s: None, caller_number=6175550123)  # type: ignore[arg-type]


def test_the_three_ways_of_not_matching_are_one_answer_in_the_scenarios():
    from evals.runner import SCENARIOS, load, run_scenario

    heard = {name: [(t["say"], t["state"], t["tools"]) for t in run_scenario(load(SCENARIOS / "line" / f"{name}.json"))
                    .traces] for name in ("cancel_none_found", "cancel_wrong_number", "cancel_old_booking")}
    assert heard["cancel_none_found"] == heard["cancel_wrong_number"] == heard["cancel_old_booking"]


def test_a_number_heard_earlier_never_completes_the_one_checked():
    agent, api = call(api=ClinicAPI(bookings=[FRIDAY]))  # a clinic that takes callback requests
    # A callback number given and then declined stays known to the call (with the victim's area code)...
    play(agent, "please have someone call me", "Jamie", "617 555 0199", "no")
    assert agent.handle("cancel my Friday appointment, my name is Jamie")["state"] == "ASK_NAME"
    # ...but the number an appointment is under must be said whole: seven digits are not completed from it.
    reply = agent.handle("555 0123")
    assert reply["state"] == "ASK_NAME" and "area code" in reply["say"] and cancelled(api) == []
