"""Reading a clinic's file into a ``ClinicConfig``: ``load_config(path)``, ``config_from_env()`` (``CLINIC_CONFIG``).

A bad file is refused at start with the file, the key, the value and the fix (``ConfigError``).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dialog.config import HTTP_CALLERS, CalendarConfig, ClinicConfig, Limits, Retention, SecurityConfig
from dialog.config_checks import shown
from dialog.config_values import ClinicReader
from dialog.profile import ClinicProfile
from voicekit.schedule import minutes

SECTIONS = ("clinic", "hours", "booking", "calendar", "security", "limits", "retention")
_CLINIC_REQUIRED = {
    "name": 'name = "Riverside Family Clinic"', "address": 'address = "12 Harbour Street, Riverside"',
    "phone": 'phone = "+1 617 555 0100"', "country": 'country = "US"', "timezone": 'timezone = "America/New_York"',
    "emergency_number": 'emergency_number = "911"', "crisis_line": 'crisis_line = "988"'}
_CLINIC_OPTIONAL = ("transfer_number", "ring_seconds", "silent_turns_to_end", "language")
# Which calendar keys each kind uses: another kind's key is refused, as it means the kind line was not changed.
_CALENDAR_KEYS: dict[str, tuple[str, ...]] = {"demo": (), "sqlite": ("path",),
                                              "caldav": ("url", "username_env", "password_env")}
_ENV_KEYS = {"calendar": ("username_env", "password_env"),
             "security": ("staff_token_env", "twilio_auth_token_env", "twilio_account_sid_env")}


def config_from_env(environ: Mapping[str, str] = os.environ) -> ClinicConfig | None:
    """The clinic file ``CLINIC_CONFIG`` names, loaded; None without one (the caller uses the demo clinic).

    Raises:
        ConfigError: The file named cannot be read or is not a valid clinic.
    """
    path = environ.get("CLINIC_CONFIG", "").strip()
    return load_config(path) if path else None


def load_config(path: str | os.PathLike[str]) -> ClinicConfig:
    """Read and check a clinic file.

    Args:
        path: The TOML file.

    Raises:
        ConfigError: The file is missing, unreadable, not TOML, or a value in it is wrong (the message says
            which and how to fix it).
    """
    source = os.fspath(path)
    reader = ClinicReader(source)
    try:
        data = Path(source).read_bytes()
    except FileNotFoundError:
        reader.fail("", "no such file", "check CLINIC_CONFIG (or --config), or start from a copy of "
                                        "clinic.example.toml")
    except IsADirectoryError:
        reader.fail("", "is a folder, not a file", "name the clinic's .toml file itself")
    except OSError as error:
        reader.fail("", f"cannot be read ({error.strerror})", "check the path and that the line may read the file")
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        reader.fail("", f"is not UTF-8 text (byte {error.start})", "save the file as UTF-8")
    except tomllib.TOMLDecodeError as error:
        reader.fail("", f"is not valid TOML: {error}",
                    'fix that line (text needs "quotes", a section is [name] on its own line)')
    return _clinic(raw, reader, Path(source).absolute().parent)


def _clinic(raw: dict[str, Any], reader: ClinicReader, folder: Path) -> ClinicConfig:
    reader.refuse_secrets(raw, _ENV_KEYS)
    reader.sections(raw, SECTIONS, {"clinic": f"[clinic] with {_CLINIC_REQUIRED['name']}",
                                    "hours": '[hours] with every weekday, such as monday = ["08:30", "17:00"] '
                                             '... sunday = "closed"'})
    clinic = reader.table(raw["clinic"], "clinic", (*_CLINIC_REQUIRED, *_CLINIC_OPTIONAL), _CLINIC_REQUIRED)
    country = reader.country("clinic.country", clinic["country"])
    hours = reader.hours(raw["hours"])
    booking = reader.table(raw.get("booking", {}), "booking", ("slot_minutes", "days_ahead", "holidays", "times"))
    slot = reader.whole("booking.slot_minutes", booking.get("slot_minutes", 30), 5, 240, "slot_minutes = 30")
    holidays = reader.listed("booking.holidays", booking.get("holidays", []), 'holidays = ["2026-12-25"]')
    times = reader.slot_times(booking["times"], hours, slot) if "times" in booking else {}
    for day, span in hours.items():
        if span and day not in times and minutes(span[1]) - minutes(span[0]) < slot:
            length = minutes(span[1]) - minutes(span[0])
            reader.fail("booking.slot_minutes", f"{slot} is longer than hours.{day} ({span[0]} to {span[1]}, "
                        f"{length} minutes)", f"shorten the slot to at most {length} minutes or widen {day}'s hours")
    transfer = clinic.get("transfer_number")
    profile = ClinicProfile(
        name=reader.text("clinic.name", clinic["name"], _CLINIC_REQUIRED["name"]),
        address=reader.text("clinic.address", clinic["address"], _CLINIC_REQUIRED["address"]),
        phone=reader.phone("clinic.phone", clinic["phone"], country),
        emergency_number=reader.dialled("clinic.emergency_number", clinic["emergency_number"],
                                        _CLINIC_REQUIRED["emergency_number"]),
        crisis_line=reader.dialled("clinic.crisis_line", clinic["crisis_line"], _CLINIC_REQUIRED["crisis_line"]),
        timezone=reader.timezone("clinic.timezone", clinic["timezone"]),
        hours=hours,
        holidays=tuple(reader.day("booking.holidays", holiday) for holiday in holidays),
        booking_days_ahead=reader.whole("booking.days_ahead", booking.get("days_ahead", 90), 1, 730,
                                        "days_ahead = 90"),
        country=country,
        transfer_to=None if transfer is None else reader.phone("clinic.transfer_number", transfer, country),
        ring_seconds=reader.whole("clinic.ring_seconds", clinic.get("ring_seconds", 30), 5, 300, "ring_seconds = 30"),
        silent_turns_to_end=reader.whole("clinic.silent_turns_to_end", clinic.get("silent_turns_to_end", 3), 1, 10,
                                         "silent_turns_to_end = 3"),
        language=reader.language("clinic.language", clinic.get("language", "en")),
    )
    return ClinicConfig(profile=profile, slot_minutes=slot, times=times, source=reader.source,
                        calendar=_calendar(raw.get("calendar"), reader, folder),
                        security=_security(raw.get("security", {}), reader),
                        limits=_limits(raw.get("limits", {}), reader),
                        retention=_retention(raw.get("retention", {}), reader))


def _calendar(value: object, reader: ClinicReader, folder: Path) -> CalendarConfig:
    if value is None:
        return CalendarConfig()
    table = reader.table(value, "calendar", ("kind", *(k for keys in _CALENDAR_KEYS.values() for k in keys)),
                         {"kind": 'kind = "demo"'})
    kind = reader.text("calendar.kind", table["kind"], 'kind = "demo"')
    if kind not in _CALENDAR_KEYS:
        reader.fail("calendar.kind", f"{kind!r} is not a calendar kind", 'use "demo", "sqlite" or "caldav"')
    for key in table:
        owner = next((other for other, keys in _CALENDAR_KEYS.items() if key in keys), kind)
        if owner != kind:
            reader.fail(f"calendar.{key}", f"{shown(table[key])} is not used when kind = {kind!r}",
                        f"it belongs to kind = {owner!r}: remove it, or set kind = {owner!r}")
    if kind == "sqlite":
        if "path" not in table:
            reader.fail("calendar.path", "missing",
                        'a sqlite calendar needs its file, such as path = ".data/clinic.sqlite"')
        path = Path(reader.text("calendar.path", table["path"], 'path = ".data/clinic.sqlite"')).expanduser()
        return CalendarConfig(kind="sqlite", path=str(path if path.is_absolute() else folder / path))
    if kind == "demo":
        return CalendarConfig()
    example = 'url = "https://calendar.example.org/clinic/appointments/"'
    if "url" not in table:
        reader.fail("calendar.url", "missing", f"a caldav calendar needs its address, such as {example}")
    parts = reader.web_address("calendar.url", table["url"], example, "remove it from the address; put the user name "
                               "and the password in environment variables named by username_env and password_env")
    examples = {"username_env": 'username_env = "CLINIC_CALDAV_USER"',
                "password_env": 'password_env = "CLINIC_CALDAV_PASSWORD"'}
    names = {key: reader.env_name(f"calendar.{key}", table[key], line)
             for key, line in examples.items() if key in table}
    for key in ("username_env", "password_env"):
        if names and key not in names:
            reader.fail(f"calendar.{key}", "missing", "name both variables, username_env and password_env, or "
                                                      "neither for a calendar that needs no sign-in")
    if names and parts.scheme.lower() == "http" and not reader.on_this_machine(parts):
        reader.fail("calendar.url", f"{shown(table['url'])} would send the password unencrypted",
                    "use https:// (plain http:// is only for a calendar on this machine, such as localhost)")
    return CalendarConfig(kind="caldav", url=table["url"].strip(), username_env=names.get("username_env"),
                          password_env=names.get("password_env"))


def _security(value: object, reader: ClinicReader) -> SecurityConfig:
    table = reader.table(value, "security", (*_ENV_KEYS["security"], "public_url", "http_callers"))
    names = {key: reader.env_name(f"security.{key}", table[key], f'{key} = "{getattr(SecurityConfig, key)}"')
             for key in _ENV_KEYS["security"] if key in table}
    public_url = reader.base_address("security.public_url", table["public_url"]) if "public_url" in table else None
    callers = reader.text("security.http_callers", table.get("http_callers", "staff"), 'http_callers = "staff"')
    if callers not in HTTP_CALLERS:
        reader.fail("security.http_callers", f"{shown(callers)} is not a choice",
                    'write "off" (no calls over HTTP), "staff" (with the staff token) or "public" (anyone)')
    return SecurityConfig(**names, public_url=public_url, http_callers=callers)


def _limits(value: object, reader: ClinicReader) -> Limits:
    """[limits]: each a whole number of at least 1 (a limit of nothing would close the line)."""
    highest = {"new_calls_per_minute_per_address": 10_000, "new_calls_per_minute": 100_000,
               "turns_per_second_per_call": 100, "calls_at_once": 100_000}
    table = reader.table(value, "limits", highest)
    return Limits(**{key: reader.whole(f"limits.{key}", table[key], 1, top, f"{key} = {getattr(Limits, key)}")
                     for key, top in highest.items() if key in table})


def _retention(value: object, reader: ClinicReader) -> Retention:
    """[retention]: days, from 1 (a transcript is still needed while staff pick up a hand-off) to ten years."""
    keys = ("transcripts_days", "records_days")
    table = reader.table(value, "retention", keys)
    return Retention(**{key: reader.whole(f"retention.{key}", table[key], 1, 3650, f"{key} = {getattr(Retention, key)}")
                        for key in keys if key in table})
