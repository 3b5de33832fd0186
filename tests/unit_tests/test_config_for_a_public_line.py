"""Issue 36, the clinic file of a line run for the public.

Numbers that dial, addresses that are safe, secrets never echoed, and the settings a public line needs (who may
call over HTTP, limits, retention).
"""

import pytest

from dialog.config import DEMO_CONFIG, Limits, Retention
from dialog.config_file import load_config
from phone.transfer import dial_twiml
from tests.unit_tests.test_config import BASE, changed, refused, write

CALDAV = BASE + '\n[calendar]\nkind = "caldav"\nurl = "{url}"\n'


@pytest.mark.parametrize("written", ["(617) 555-0199", "617.555.0199", "+1 (617) 555 0199", "1-617-555-0199",
                                     "6175550199"])
def test_a_transfer_number_written_the_clinics_way_dials(tmp_path, written):
    text = changed('crisis_line = "988"\n', f'crisis_line = "988"\ntransfer_number = "{written}"\n')
    profile = load_config(write(tmp_path, text)).profile
    assert profile.transfer_to == "+16175550199"
    twiml = dial_twiml(profile.transfer_to, profile.ring_seconds, "https://line.example.org/twilio/dial?ticket=t")
    assert twiml is not None and "<Number>+16175550199</Number>" in twiml


def test_the_front_desk_number_is_kept_as_e164_too(tmp_path):
    text = changed('phone = "+1 617 555 0100"', 'phone = "(617) 555-0100"')
    assert load_config(write(tmp_path, text)).profile.phone == "+16175550100"


def test_a_password_pasted_into_an_env_key_is_not_repeated(tmp_path):
    pasted = "hunter2-S3cret/with@odd:chars"
    text = BASE + f'\n[calendar]\nkind = "caldav"\nurl = "https://cal.example.org/c/"\nusername_env = "CAL_USER"\n' \
                  f'password_env = "{pasted}"\n'
    message = refused(tmp_path, text, "calendar.password_env", "environment variable name")
    assert pasted not in message and "hunter2" not in message and "S3cret" not in message
    assert "29 characters" in message  # its shape, so the operator sees what went wrong


@pytest.mark.parametrize("password", ["pa/ss", "p@ss", "a/b@c:d", "plain"])
def test_a_password_in_a_calendar_address_is_never_repeated(tmp_path, password):
    url = f"https://clinic:{password}@cal.example.org/clinic/appointments/"
    message = refused(tmp_path, CALDAV.format(url=url), "calendar.url", "sign-in")
    assert password not in message and "clinic:" + password[:2] not in message


def test_a_public_url_over_plain_http_is_refused_unless_on_this_machine(tmp_path):
    text = BASE + '\n[security]\npublic_url = "http://line.example.org"\n'
    refused(tmp_path, text, "security.public_url", "https://")
    for local in ("http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"):
        config = load_config(write(tmp_path, BASE + f'\n[security]\npublic_url = "{local}"\n'))
        assert config.security.public_url == local


def test_who_may_call_over_http_is_the_clinics_choice(tmp_path):
    assert DEMO_CONFIG.security.http_callers == "public"  # the demo stays usable as it is
    assert load_config(write(tmp_path, BASE)).security.http_callers == "staff"  # a clinic's line: not anyone
    for choice in ("off", "staff", "public"):
        text = BASE + f'\n[security]\nhttp_callers = "{choice}"\n'
        assert load_config(write(tmp_path, text)).security.http_callers == choice
    refused(tmp_path, BASE + '\n[security]\nhttp_callers = "everyone"\n', "security.http_callers", '"public"')


def test_limits_and_retention_have_defaults_and_are_checked(tmp_path):
    config = load_config(write(tmp_path, BASE))
    assert config.limits == Limits() and config.retention == Retention()
    text = BASE + ("\n[limits]\nnew_calls_per_minute_per_address = 3\nnew_calls_per_minute = 50\n"
                   "turns_per_second_per_call = 2\ncalls_at_once = 8\n"
                   "\n[retention]\ntranscripts_days = 7\nrecords_days = 30\n")
    config = load_config(write(tmp_path, text))
    assert config.limits == Limits(new_calls_per_minute_per_address=3, new_calls_per_minute=50,
                                   turns_per_second_per_call=2, calls_at_once=8)
    assert config.retention == Retention(transcripts_days=7, records_days=30)
    refused(tmp_path, BASE + "\n[limits]\ncalls_at_once = 0\n", "limits.calls_at_once", "outside")
    refused(tmp_path, BASE + "\n[retention]\ntranscripts_days = -1\n", "retention.transcripts_days")
