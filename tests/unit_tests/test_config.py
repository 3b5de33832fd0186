"""SPEC 6.3: one file configures a clinic, and a bad file is refused at start with the key, the value and the fix."""

import sys
import types
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from dialog.config import (
    DEMO_CONFIG,
    CalendarConfig,
    ClinicConfig,
    ConfigError,
    SecurityConfig,
    demo_config,
    secret,
)
from dialog.config_file import config_from_env, load_config
from dialog.profile import ClinicProfile
from voicekit.clinic import DEFAULT_SCHEDULE, ClinicAPI, ToolTimeout
from voicekit.schedule import Schedule

ROOT = Path(__file__).resolve().parents[2]
NEW_YORK = ZoneInfo("America/New_York")
SUNDAY_NOON = datetime(2026, 11, 29, 12, 0, tzinfo=NEW_YORK)  # the coming Monday is 2026-11-30

BASE = """\
[clinic]
name = "Riverside Family Clinic"
address = "12 Harbour Street, Riverside"
phone = "+1 617 555 0100"
country = "US"
timezone = "America/New_York"
emergency_number = "911"
crisis_line = "988"

[hours]
monday = ["08:30", "17:00"]
tuesday = ["08:30", "17:00"]
wednesday = "closed"
thursday = ["08:30", "17:00"]
friday = ["08:30", "12:00"]
saturday = "closed"
sunday = "closed"

[booking]
slot_minutes = 30
days_ahead = 90
holidays = ["2026-12-25", "2027-01-01"]
"""
MONDAY_GRID = [f"{h:02d}:{m:02d}" for h in range(8, 17) for m in (0, 30)][1:]  # 08:30 ... 16:30


def write(tmp_path, text, name="clinic.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def changed(old, new, text=BASE):
    assert old in text, f"the test's base file has no {old!r}"
    return text.replace(old, new, 1)


def refused(tmp_path, text, *fragments):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'clinic.toml'}: "), message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


# -- a good file --------------------------------------------------------------------------------------------


def test_a_good_file_loads_into_the_profile_the_agent_uses(tmp_path):
    path = write(tmp_path, BASE)
    config = load_config(path)
    assert isinstance(config, ClinicConfig) and config.source == str(path)
    profile = config.profile
    assert profile.name == "Riverside Family Clinic" and profile.phone == "+16175550100"  # E.164
    assert profile.address == "12 Harbour Street, Riverside" and profile.country == "US"
    assert profile.hours["monday"] == ("08:30", "17:00") and profile.hours["wednesday"] is None
    assert profile.holidays == ("2026-12-25", "2027-01-01") and profile.booking_days_ahead == 90
    assert (profile.emergency_number, profile.crisis_line, profile.timezone) == ("911", "988", "America/New_York")
    assert profile.transfer_to is None and profile.ring_seconds == 30
    assert config.slot_minutes == 30
    assert config.calendar == CalendarConfig(kind="demo")
    assert config.security == SecurityConfig(http_callers="staff")  # a clinic's file: staff only unless it says
    assert config.security.public_url is None


def test_the_optional_clinic_keys(tmp_path):
    text = changed('crisis_line = "988"\n', 'crisis_line = "988"\ntransfer_number = "+1 617 555 0199"\n'
                   "ring_seconds = 20\nsilent_turns_to_end = 2\n")
    profile = load_config(write(tmp_path, text)).profile
    assert (profile.transfer_to, profile.ring_seconds, profile.silent_turns_to_end) == ("+16175550199", 20, 2)


def test_the_documented_template_loads():
    config = load_config(ROOT / "clinic.example.toml")
    assert config.calendar.kind == "demo"  # so `make serve` with it works out of the box
    assert config.security.public_url == "https://line.example.org"
    assert all(day in config.profile.hours for day in DEFAULT_SCHEDULE)
    assert any(config.weekly_times().values())


@pytest.mark.parametrize("variant", ["caldav", "sqlite"])
def test_the_templates_commented_calendar_variants_load(tmp_path, variant):
    # The template shows the other calendars as commented lines: uncommented, they must be valid too.
    lines = (ROOT / "clinic.example.toml").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"# -- kind = \"{variant}\" --")
    variant_lines = []
    for line in lines[start + 1:]:
        if not line.startswith("# "):
            break
        variant_lines.append(line[2:])
    text = "\n".join(lines).replace('kind = "demo"', "\n".join(variant_lines), 1)
    calendar = load_config(write(tmp_path, text)).calendar
    assert calendar.kind == variant
    assert (calendar.url is not None) == (variant == "caldav") and (calendar.path is not None) == (variant == "sqlite")


def test_native_toml_dates_and_times_are_taken_too(tmp_path):
    text = changed('holidays = ["2026-12-25", "2027-01-01"]', "holidays = [2026-12-25]")
    text = changed('monday = ["08:30", "17:00"]', "monday = [08:30:00, 17:00:00]", text)
    profile = load_config(write(tmp_path, text)).profile
    assert profile.holidays == ("2026-12-25",) and profile.hours["monday"] == ("08:30", "17:00")


@pytest.mark.parametrize(("key", "value"), [
    ("timezone", "EST5EDT"), ("timezone", "Europe/London"), ("emergency_number", "112"),
    ("emergency_number", "999"), ("crisis_line", "116 123"), ("country", "us"),
])
def test_good_values(tmp_path, key, value):
    text = "\n".join(f'{key} = "{value}"' if line.startswith(f"{key} =") else line for line in BASE.splitlines())
    load_config(write(tmp_path, text))


def test_a_number_is_read_in_the_clinics_country(tmp_path):
    text = changed('country = "US"', 'country = "GB"')
    text = changed('phone = "+1 617 555 0100"', 'phone = "020 7946 0018"', text)
    assert load_config(write(tmp_path, text)).profile.country == "GB"


def test_the_slot_length_bounds_are_inclusive(tmp_path):
    assert load_config(write(tmp_path, changed("slot_minutes = 30", "slot_minutes = 5"))).slot_minutes == 5
    text = changed('friday = ["08:30", "12:00"]', 'friday = ["08:00", "12:00"]')
    assert load_config(write(tmp_path, changed("slot_minutes = 30", "slot_minutes = 240", text))).slot_minutes == 240


def test_the_booking_and_calendar_and_security_tables_are_optional(tmp_path):
    config = load_config(write(tmp_path, BASE.split("[booking]")[0]))
    assert config.slot_minutes == 30 and config.profile.booking_days_ahead == 90 and config.profile.holidays == ()


# -- the slot grid ------------------------------------------------------------------------------------------


def test_the_weekly_times_are_the_grid_of_the_hours(tmp_path):
    times = load_config(write(tmp_path, BASE)).weekly_times()
    assert list(times) == list(DEFAULT_SCHEDULE)  # every weekday, so no default times leak into a closed day
    assert times["monday"] == MONDAY_GRID
    assert times["friday"] == ["08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]
    assert times["wednesday"] == times["saturday"] == times["sunday"] == []


def test_explicit_times_override_the_grid_per_weekday(tmp_path):
    text = BASE + '\n[booking.times]\nmonday = ["09:00", "10:00", "11:30", "14:30", "16:00"]\ntuesday = []\n'
    times = load_config(write(tmp_path, text)).weekly_times()
    assert times["monday"] == ["09:00", "10:00", "11:30", "14:30", "16:00"]
    assert times["tuesday"] == [] and times["thursday"] == MONDAY_GRID


def test_the_schedule_carries_the_clinics_rules(tmp_path):
    config = load_config(write(tmp_path, BASE))
    schedule = config.schedule(clock=lambda: SUNDAY_NOON)
    assert isinstance(schedule, Schedule)
    assert schedule.weekly["monday"] == tuple(MONDAY_GRID) and schedule.weekly["wednesday"] == ()
    assert schedule.holidays == {"2026-12-25", "2027-01-01"}
    assert (schedule.days_ahead, schedule.timezone, schedule.checks_now) == (90, "America/New_York", True)
    assert schedule.today().isoformat() == "2026-11-29"
    assert config.schedule(checks_now=False).checks_now is False


def test_the_demo_clinic_keeps_its_classic_times():
    assert demo_config() == DEMO_CONFIG and DEMO_CONFIG.source is None
    assert DEMO_CONFIG.profile == ClinicProfile()
    assert DEMO_CONFIG.weekly_times() == {day: list(times) for day, times in DEFAULT_SCHEDULE.items()}
    assert DEMO_CONFIG.calendar.kind == "demo"
    api = DEMO_CONFIG.open_calendar()
    assert isinstance(api, ClinicAPI) and api.find_slots("monday") == list(DEFAULT_SCHEDULE["monday"])


# -- the calendar -------------------------------------------------------------------------------------------


def test_the_demo_calendar_offers_the_configured_grid(tmp_path):
    api = load_config(write(tmp_path, BASE)).open_calendar(clock=lambda: SUNDAY_NOON)
    assert isinstance(api, ClinicAPI)
    assert api.find_slots("monday") == MONDAY_GRID
    assert api.find_slots("wednesday") == []


def test_the_demo_calendar_is_given_the_holidays(tmp_path):
    text = changed('holidays = ["2026-12-25", "2027-01-01"]', 'holidays = ["2026-11-30"]')
    api = load_config(write(tmp_path, text)).open_calendar(clock=lambda: SUNDAY_NOON)
    assert api.find_slots("monday") == [] and api.find_slots("tuesday") == MONDAY_GRID


def test_the_demo_calendar_is_given_the_horizon_and_the_time_zone(tmp_path):
    api = load_config(write(tmp_path, changed("days_ahead = 90", "days_ahead = 1"))).open_calendar(
        clock=lambda: SUNDAY_NOON)
    assert api.find_slots("monday") == MONDAY_GRID and api.find_slots("tuesday") == []  # Tuesday is 2 days ahead
    # Sunday noon in New York is already Monday in Auckland: "monday" there is the Monday after.
    text = changed('timezone = "America/New_York"', 'timezone = "Pacific/Auckland"')
    api = load_config(write(tmp_path, text)).open_calendar(clock=lambda: SUNDAY_NOON)
    assert api.book("monday", "08:30", "Jamie")["date"] == "2026-12-07"


def test_a_failure_plan_scripts_the_demo_calendar(tmp_path):
    api = load_config(write(tmp_path, BASE)).open_calendar(plan={"find_slots": ["timeout"]})
    with pytest.raises(ToolTimeout):
        api.find_slots("monday")


def test_the_sqlite_calendar_is_a_file_beside_the_config(tmp_path):
    text = BASE + '\n[calendar]\nkind = "sqlite"\npath = "data/clinic.sqlite"\n'
    config = load_config(write(tmp_path, text))
    assert config.calendar.path == str(tmp_path / "data" / "clinic.sqlite")
    first = config.open_calendar(clock=lambda: SUNDAY_NOON)
    assert (tmp_path / "data").is_dir() and first.find_slots("monday") == MONDAY_GRID
    first.book("monday", "08:30", "Jamie")
    first.close()
    again = config.open_calendar(clock=lambda: SUNDAY_NOON)
    assert again.find_slots("monday") == MONDAY_GRID[1:]  # the same file: the booking is still there
    again.close()


def test_the_demo_calendar_may_be_shared_through_a_file(tmp_path):
    # The service's workers share one demo clinic: it stays the demo (plans allowed), kept in a file.
    config = load_config(write(tmp_path, BASE))
    path = str(tmp_path / "shared" / "demo.sqlite")
    first = config.open_calendar(clock=lambda: SUNDAY_NOON, demo_path=path)
    first.book("monday", "08:30", "Jamie")
    first.close()
    other = config.open_calendar(clock=lambda: SUNDAY_NOON, plan={"book": ["taken"]}, demo_path=path)
    assert other.find_slots("monday") == MONDAY_GRID[1:]
    other.close()


CALDAV = BASE + """
[calendar]
kind = "caldav"
url = "https://calendar.example.org/clinic/appointments/"
username_env = "CLINIC_CALDAV_USER"
password_env = "CLINIC_CALDAV_PASSWORD"
"""


@pytest.fixture
def fake_caldav(monkeypatch):
    opened = []

    class CalDavCalendar:
        def __init__(self, url, **settings):
            opened.append({"url": url, **settings})

    module = types.ModuleType("voicekit.caldav_calendar")
    module.CalDavCalendar = CalDavCalendar  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "voicekit.caldav_calendar", module)
    return opened


def test_the_caldav_calendar_gets_its_url_and_credentials_from_the_environment(tmp_path, fake_caldav):
    config = load_config(write(tmp_path, CALDAV))
    environ = {"CLINIC_CALDAV_USER": "desk", "CLINIC_CALDAV_PASSWORD": "s3cret"}
    config.open_calendar(clock=lambda: SUNDAY_NOON, environ=environ)
    [opened] = fake_caldav
    assert opened["url"] == "https://calendar.example.org/clinic/appointments/"
    assert (opened["username"], opened["password"], opened["slot_minutes"]) == ("desk", "s3cret", 30)
    assert isinstance(opened["schedule"], Schedule) and opened["schedule"].weekly["monday"] == tuple(MONDAY_GRID)
    assert opened["schedule"].today().isoformat() == "2026-11-29"  # the clock reached the schedule


def test_the_real_caldav_calendar_takes_what_the_config_gives(tmp_path):
    caldav_calendar = pytest.importorskip("voicekit.caldav_calendar")  # written alongside; its constructor does no I/O
    calendar = load_config(write(tmp_path, CALDAV)).open_calendar(
        environ={"CLINIC_CALDAV_USER": "desk", "CLINIC_CALDAV_PASSWORD": "s3cret"})
    assert isinstance(calendar, caldav_calendar.CalDavCalendar)
    assert calendar.url == "https://calendar.example.org/clinic/appointments/" and calendar.slot_minutes == 30


def test_a_caldav_calendar_without_credentials_named_opens_anonymously(tmp_path, fake_caldav):
    text = CALDAV.replace('username_env = "CLINIC_CALDAV_USER"\npassword_env = "CLINIC_CALDAV_PASSWORD"\n', "")
    load_config(write(tmp_path, text)).open_calendar(environ={})
    assert (fake_caldav[0]["username"], fake_caldav[0]["password"]) == (None, None)


def test_a_credential_the_file_names_must_be_set(tmp_path, fake_caldav):
    config = load_config(write(tmp_path, CALDAV))
    with pytest.raises(ConfigError, match="CLINIC_CALDAV_PASSWORD") as caught:
        config.open_calendar(environ={"CLINIC_CALDAV_USER": "desk"})
    assert "calendar.password_env" in str(caught.value) and not fake_caldav


@pytest.mark.parametrize("calendar", [CALDAV, BASE + '[calendar]\nkind = "sqlite"\npath = "c.sqlite"\n'])
def test_failure_plans_are_a_demo_feature(tmp_path, fake_caldav, calendar):
    config = load_config(write(tmp_path, calendar))
    environ = {"CLINIC_CALDAV_USER": "u", "CLINIC_CALDAV_PASSWORD": "p"}
    refusal = f"failure plans are a demo feature: calendar.kind is '{config.calendar.kind}'"
    with pytest.raises(ConfigError, match=refusal):
        config.open_calendar(plan={"book": ["taken"]}, environ=environ)
    assert not fake_caldav


# -- secrets stay in the environment ------------------------------------------------------------------------


def test_secrets_are_read_from_the_variables_the_file_names(tmp_path):
    text = BASE + '\n[security]\nstaff_token_env = "RIVERSIDE_STAFF"\n'
    security = load_config(write(tmp_path, text)).security
    assert security.staff_token_env == "RIVERSIDE_STAFF"
    assert security.staff_token({"RIVERSIDE_STAFF": "t0k"}) == "t0k"
    assert security.staff_token({"CLINIC_STAFF_TOKEN": "other"}) is None
    assert security.twilio_auth_token({"TWILIO_AUTH_TOKEN": "a"}) == "a"
    assert security.twilio_account_sid({"TWILIO_ACCOUNT_SID": "AC1"}) == "AC1"
    assert secret("X", {"X": ""}) is None and secret("X", {}) is None and secret("X", {"X": "v"}) == "v"


@pytest.mark.parametrize(("url", "expected"), [
    ("https://line.example.org", "https://line.example.org"),
    ("https://line.example.org/", "https://line.example.org"),
    ("http://localhost:8000", "http://localhost:8000"),
])
def test_the_public_url(tmp_path, url, expected):
    text = BASE + f'\n[security]\npublic_url = "{url}"\n'
    assert load_config(write(tmp_path, text)).security.public_url == expected


# -- the file is read or refused ----------------------------------------------------------------------------


def test_no_config_means_the_demo_clinic(tmp_path):
    assert config_from_env({}) is None
    assert config_from_env({"CLINIC_CONFIG": ""}) is None
    path = write(tmp_path, BASE)
    assert config_from_env({"CLINIC_CONFIG": str(path)}) == load_config(path)


def test_a_missing_file_is_refused_naming_it(tmp_path):
    with pytest.raises(ConfigError, match="nowhere.toml") as caught:
        config_from_env({"CLINIC_CONFIG": str(tmp_path / "nowhere.toml")})
    assert "clinic.example.toml" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_an_unreadable_file_is_refused_naming_it(tmp_path):
    with pytest.raises(ConfigError, match=str(tmp_path)):
        load_config(tmp_path)
    bad = tmp_path / "clinic.toml"
    bad.write_bytes(b'[clinic]\nname = "Caf\xe9"\n')
    with pytest.raises(ConfigError, match="UTF-8"):
        load_config(bad)


def test_a_toml_syntax_error_names_the_line(tmp_path):
    refused(tmp_path, changed('address = "12 Harbour Street, Riverside"', "address = 12 Harbour Street"),
            "line 3", "TOML")


def test_the_spec_example_message(tmp_path):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, changed('monday = ["08:30", "17:00"]', 'monday = ["8:30", "17:00"]')))
    assert str(caught.value) == (f"{tmp_path / 'clinic.toml'}: hours.monday: '8:30' is not HH:MM; "
                                 'write it as ["08:30", "17:00"] or "closed"')
    assert caught.value.key == "hours.monday"


ALL_CLOSED = "\n".join(f'{day} = "closed"' for day in DEFAULT_SCHEDULE)
HOURS = BASE[BASE.index("monday ="):BASE.index("\n\n[booking]")]


@pytest.mark.parametrize(("old", "new", "fragments"), [
    # unknown sections and keys: typos are refused, listing what is known
    ('monday = ["08:30"', 'mondy = ["08:30"', ["hours.mondy", "unknown key", "tuesday", "did you mean 'monday'"]),
    ("[booking]", "[calender]\nkind = \"demo\"\n\n[booking]",
     ["calender", "unknown section", "[clinic], [hours], [booking], [calendar], [security]", "[calendar]"]),
    ('name = "Riverside', 'nmae = "Riverside', ["clinic.nmae", "unknown key", "did you mean 'name'"]),
    ("[clinic]", 'name = "Riverside"\n[clinic]', ["name", "outside any section", "[clinic]"]),
    ("days_ahead = 90", "days_ahead = 90\nhorizon = 30", ["booking.horizon", "unknown key", "slot_minutes"]),
    # wrong types
    ('name = "Riverside Family Clinic"', "name = 3", ["clinic.name", "3", "text", "quotes"]),
    ('name = "Riverside Family Clinic"', 'name = ""', ["clinic.name", "''", "empty"]),
    ("slot_minutes = 30", 'slot_minutes = "30"', ["booking.slot_minutes", "'30'", "whole number", "slot_minutes = 30"]),
    ("slot_minutes = 30", "slot_minutes = true", ["booking.slot_minutes", "true", "whole number"]),
    ("slot_minutes = 30", "slot_minutes = 30.5", ["booking.slot_minutes", "30.5", "whole number"]),
    ('holidays = ["2026-12-25", "2027-01-01"]', 'holidays = "2026-12-25"',
     ["booking.holidays", "'2026-12-25'", "list", 'holidays = ["2026-12-25"]']),
    ('emergency_number = "911"', "emergency_number = 911", ["clinic.emergency_number", "911", "quotes"]),
    # hours
    ('monday = ["08:30", "17:00"]', 'monday = ["08:30", "25:00"]', ["hours.monday", "'25:00'", "HH:MM"]),
    ('monday = ["08:30", "17:00"]', 'monday = ["17:00", "08:30"]', ["hours.monday", "before", '["08:30", "17:00"]']),
    ('monday = ["08:30", "17:00"]', 'monday = ["08:30", "08:30"]', ["hours.monday", "before"]),
    ('monday = ["08:30", "17:00"]', 'monday = "8:30-17:00"', ["hours.monday", "'8:30-17:00'", '"closed"']),
    ('monday = ["08:30", "17:00"]', 'monday = ["08:30", "12:00", "17:00"]', ["hours.monday", "two times"]),
    ('monday = ["08:30", "17:00"]', "monday = false", ["hours.monday", "false", '"closed"']),
    ('sunday = "closed"\n', "", ["hours.sunday", "missing", 'sunday = "closed"']),
    (HOURS, ALL_CLOSED, ["hours", "every weekday is closed", "at least one"]),
    ('friday = ["08:30", "12:00"]', 'friday = ["08:30", "08:50"]',
     ["booking.slot_minutes", "30", "hours.friday", "20 minutes"]),
    # booking
    ("slot_minutes = 30", "slot_minutes = 4", ["booking.slot_minutes", "4", "5", "240"]),
    ("slot_minutes = 30", "slot_minutes = 241", ["booking.slot_minutes", "241", "5", "240"]),
    ("days_ahead = 90", "days_ahead = 0", ["booking.days_ahead", "0", "1", "730"]),
    ("days_ahead = 90", "days_ahead = 731", ["booking.days_ahead", "731", "1", "730"]),
    ('"2027-01-01"]', '"2027-02-30"]', ["booking.holidays", "'2027-02-30'", "YYYY-MM-DD"]),
    ('"2027-01-01"]', '"25/12/2026"]', ["booking.holidays", "'25/12/2026'", "YYYY-MM-DD"]),
    ('"2027-01-01"]', "2027-01-01T09:00:00]", ["booking.holidays", "YYYY-MM-DD"]),
    # the clinic
    ('timezone = "America/New_York"', 'timezone = "Mars/Olympus"', ["clinic.timezone", "'Mars/Olympus'", "IANA"]),
    ('timezone = "America/New_York"', 'timezone = "america/new_york"',
     ["clinic.timezone", "did you mean 'America/New_York'"]),
    ('timezone = "America/New_York"', 'timezone = "../etc/passwd"', ["clinic.timezone", "'../etc/passwd'"]),
    ('timezone = "America/New_York"\n', "", ["clinic.timezone", "missing"]),
    ('country = "US"', 'country = "XX"', ["clinic.country", "'XX'", "region", '"US"']),
    ('phone = "+1 617 555 0100"', 'phone = "555 0100"', ["clinic.phone", "'555 0100'", "US", "+1 "]),
    ('crisis_line = "988"', 'crisis_line = "988"\ntransfer_number = "123"', ["clinic.transfer_number", "'123'"]),
    ('emergency_number = "911"', 'emergency_number = "1"', ["clinic.emergency_number", "'1'", "digits"]),
    ('emergency_number = "911"', 'emergency_number = "nine one one"', ["clinic.emergency_number", "digits"]),
    ('crisis_line = "988"', 'crisis_line = "9881234567890123"', ["clinic.crisis_line", "15"]),
    ('crisis_line = "988"', 'crisis_line = "988"\nring_seconds = 0', ["clinic.ring_seconds", "0"]),
    ("[hours]\n", "[hourz]\n", ["hourz", "unknown section"]),
])
def test_a_bad_file_is_refused_with_the_key_the_value_and_the_fix(tmp_path, old, new, fragments):
    refused(tmp_path, changed(old, new), *fragments)


def test_a_section_written_as_a_value_is_refused(tmp_path):
    refused(tmp_path, "booking = 30\n" + BASE.split("[booking]")[0], "booking", "30", "table", "[booking]")


def test_a_missing_hours_table_is_refused(tmp_path):
    refused(tmp_path, BASE.replace("[hours]\n" + HOURS, ""), "hours", "missing", 'monday = ["08:30", "17:00"]')


TIMES = BASE + "\n[booking.times]\n"


@pytest.mark.parametrize(("times", "fragments"), [
    ('mondays = ["09:00"]', ["booking.times.mondays", "unknown key", "did you mean 'monday'"]),
    ('monday = ["9:00"]', ["booking.times.monday", "'9:00'", "HH:MM"]),
    ('monday = "09:00"', ["booking.times.monday", "'09:00'", "list"]),
    ('monday = ["08:00"]', ["booking.times.monday", "'08:00'", "hours.monday", "08:30 to 17:00"]),
    ('monday = ["16:45"]', ["booking.times.monday", "'16:45'", "08:30 to 17:00"]),  # a 30-minute slot ends 17:15
    ('wednesday = ["09:00"]', ["booking.times.wednesday", "hours.wednesday", "closed"]),
    ('monday = ["09:00", "09:15"]', ["booking.times.monday", "'09:15'", "30 minutes"]),
    ('monday = ["09:00", "09:00"]', ["booking.times.monday", "'09:00'", "twice"]),
])
def test_bad_explicit_times_are_refused(tmp_path, times, fragments):
    refused(tmp_path, TIMES + times + "\n", *fragments)


def test_explicit_times_that_leave_no_bookable_day_are_refused(tmp_path):
    text = TIMES + "monday = []\ntuesday = []\nthursday = []\nfriday = []\n"
    refused(tmp_path, text, "booking.times", "no weekday")


@pytest.mark.parametrize(("calendar", "fragments"), [
    ('kind = "google"', ["calendar.kind", "'google'", '"demo"', '"sqlite"', '"caldav"']),
    ('url = "https://c.example.org/"', ["calendar.kind", "missing"]),
    ('kind = "caldav"', ["calendar.url", "missing", "https://"]),
    ('kind = "caldav"\nurl = "ftp://c.example.org/cal/"', ["calendar.url", "'ftp://c.example.org/cal/'", "https://"]),
    ('kind = "caldav"\nurl = "https:///cal/"', ["calendar.url", "host"]),
    ('kind = "sqlite"', ["calendar.path", "missing", "sqlite"]),
    ('kind = "sqlite"\npath = ""', ["calendar.path", "''"]),
    ('kind = "demo"\nurl = "https://c.example.org/"', ["calendar.url", "'demo'", "caldav"]),
    ('kind = "caldav"\nurl = "https://c.example.org/"\npath = "x.sqlite"', ["calendar.path", "sqlite"]),
    ('kind = "caldav"\nurl = "https://c.example.org/"\nusername_env = "U"', ["calendar.password_env", "missing"]),
    ('kind = "caldav"\nurl = "https://c.example.org/"\npassword_env = "P"', ["calendar.username_env", "missing"]),
    ('kind = "caldav"\nurl = "https://c.example.org/"\nusername_env = "clinic-user"\npassword_env = "P"',
     ["calendar.username_env", "text of 11 characters", "A-Z"]),
    ('kind = "caldav"\nurl = "http://calendar.example.org/cal/"\nusername_env = "U"\npassword_env = "P"',
     ["calendar.url", "http://", "https://"]),
])
def test_bad_calendars_are_refused(tmp_path, calendar, fragments):
    refused(tmp_path, BASE + "\n[calendar]\n" + calendar + "\n", *fragments)


def test_a_local_caldav_server_may_be_plain_http(tmp_path):
    text = BASE + ('\n[calendar]\nkind = "caldav"\nurl = "http://127.0.0.1:5232/clinic/"\n'
                   'username_env = "U"\npassword_env = "P"\n')
    assert load_config(write(tmp_path, text)).calendar.url == "http://127.0.0.1:5232/clinic/"


@pytest.mark.parametrize(("text", "fragments"), [
    ('[calendar]\nkind = "caldav"\nurl = "https://c.example.org/"\npassword = "hunter2"',
     ["calendar.password", "put it in an environment variable and name it with password_env"]),
    ('[calendar]\nkind = "caldav"\nurl = "https://c.example.org/"\ntoken = "hunter2"',
     ["calendar.token", "environment variable", "password_env"]),
    ('[security]\nstaff_token = "hunter2"', ["security.staff_token", "environment variable", "staff_token_env"]),
    ('[security]\nauth_token = "hunter2"', ["security.auth_token", "environment variable", "twilio_auth_token_env"]),
    ('[clinic2]\nsecret = "hunter2"', ["secret", "environment variable"]),
    ('[calendar]\nkind = "caldav"\nurl = "https://desk:hunter2@c.example.org/"',
     ["calendar.url", "username_env", "password_env", "desk:***@"]),
    ('[calendar]\nkind = "demo"\nurl = "https://desk:hunter2@c.example.org/"', ["calendar.url", "desk:***@"]),
    ('[security]\npublic_url = "https://desk:hunter2@line.example.org"', ["security.public_url", "sign-in"]),
])
def test_secrets_written_in_the_file_are_refused_and_never_echoed(tmp_path, text, fragments):
    message = refused(tmp_path, BASE + "\n" + text + "\n", *fragments)
    assert "hunter2" not in message


@pytest.mark.parametrize(("security", "fragments"), [
    ('public_url = "ftp://line.example.org"', ["security.public_url", "'ftp://line.example.org'", "https://"]),
    ('public_url = "line.example.org"', ["security.public_url", "https://"]),
    ('public_url = "https://"', ["security.public_url", "host"]),
    ('public_url = "https://line.example.org/voice"', ["security.public_url", "path", "https://line.example.org"]),
    ('public_url = "https://line.example.org?x=1"', ["security.public_url", "query", "https://line.example.org"]),
    ('public_url = "https://line.example.org#top"', ["security.public_url", "https://line.example.org"]),
    ('staff_token_env = "clinic_staff_token"', ["security.staff_token_env", "text of 18 characters", "A-Z"]),
    ('twilio_auth_token_env = "9TOKEN"', ["security.twilio_auth_token_env", "text of 6 characters"]),
    ('twilio_account_sid_env = ""', ["security.twilio_account_sid_env", "''"]),
    ("staff_token_env = 3", ["security.staff_token_env", "3", "text"]),
])
def test_bad_security_settings_are_refused(tmp_path, security, fragments):
    refused(tmp_path, BASE + "\n[security]\n" + security + "\n", *fragments)
