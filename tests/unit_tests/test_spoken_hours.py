"""Hours as people say them (SPEC 6.3): "8:30 am to 5 pm", closed weekdays, holidays by date."""

from datetime import datetime

import pytest

from agent import VoiceAgent
from dialog.profile import ClinicProfile
from voicekit.clinic import ClinicAPI

WEEKDAY = ("08:30", "17:00")
DEC_1 = datetime(2026, 12, 1, 9, 0)  # a Tuesday


def answer(profile, question="what are your opening hours?"):
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=lambda: DEC_1, profile=profile)
    return agent.handle(question)["say"]


def test_the_week_in_one_sentence():
    assert answer(ClinicProfile()).startswith("We're open Monday to Friday, 8:30 am to 5 pm.")


def test_a_closed_weekday_is_named():
    hours = {"monday": WEEKDAY, "tuesday": WEEKDAY, "wednesday": None, "thursday": WEEKDAY, "friday": WEEKDAY}
    said = answer(ClinicProfile(hours=hours))
    assert "We're open Monday, Tuesday, Thursday and Friday, 8:30 am to 5 pm." in said
    assert "We're closed on Wednesdays." in said


def test_days_with_other_hours_are_grouped():
    hours = {"monday": WEEKDAY, "tuesday": WEEKDAY, "wednesday": WEEKDAY, "thursday": WEEKDAY,
             "friday": ("08:30", "12:00"), "saturday": ("09:00", "13:30")}
    said = answer(ClinicProfile(hours=hours))
    assert "Monday to Thursday, 8:30 am to 5 pm; Friday, 8:30 am to noon; Saturday, 9 am to 1:30 pm." in said


def test_holidays_of_the_coming_month_are_named_by_date():
    said = answer(ClinicProfile(holidays=("2026-12-25", "2027-01-01", "2027-07-04")))
    assert "closed for the holiday on Friday, December 25 and Friday, January 1." in said and "July" not in said


@pytest.mark.parametrize("question, words", [
    ("are you open on Wednesday?", "We're closed on Wednesdays."),
    ("what time do you open on Monday?", "On Mondays we're open from 8:30 am to 5 pm."),
    ("are you open on December 25th?", "We're closed on Friday, December 25 for the holiday."),
    ("are you open today?", "On Tuesdays we're open from 8:30 am to 5 pm."),
])
def test_one_day_asked_about(question, words):
    hours = {"monday": WEEKDAY, "tuesday": WEEKDAY, "wednesday": None, "thursday": WEEKDAY, "friday": WEEKDAY}
    assert words in answer(ClinicProfile(hours=hours, holidays=("2026-12-25",)), question)


def test_today_a_holiday():
    assert "We're closed on Tuesday, December 1 for the holiday." in answer(
        ClinicProfile(holidays=("2026-12-01",)), "are you open today?")
