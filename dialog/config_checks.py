"""The checks behind ``dialog.config``: each refuses one bad value with the file, the key, the value and the fix.

A clinic's file is written by hand by someone who is not a programmer, so a message says what was written,
what is wrong with it in the file's own terms (text, a whole number, a list) and what to write instead.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from typing import Any, NoReturn
from urllib.parse import SplitResult, urlsplit
from zoneinfo import ZoneInfo, available_timezones

import phonenumbers

from voicekit.schedule import WEEKDAYS, hhmm, minutes

HOURS_FIX = 'write it as ["08:30", "17:00"] or "closed"'
_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]*$")
_DIALLED = re.compile(r"^\+?\d(?:[ -]?\d)*$")
# A key naming a credential: its value belongs in the environment, and the file names the variable instead.
_SECRET_PARTS = ("password", "passwd", "secret", "token", "apikey", "api_key", "credential")
_SECRET_WORDS = {"pass", "pwd", "key"}
_PASSWORD_IN_ADDRESS = re.compile(r"(//[^/@:]*):[^/@]*@")  # never repeat a password in a message or a log
_THIS_MACHINE = {"localhost", "127.0.0.1", "::1"}


class ConfigError(ValueError):
    """A clinic file that cannot be used; the message names the file, the key path, the value and the fix."""

    def __init__(self, message: str, *, source: str, key: str = ""):
        super().__init__(message)
        self.source = source
        """The file (its path as given)."""
        self.key = key
        """The key path such as "hours.monday"; empty when the file as a whole is at fault."""


def shown(value: object) -> str:
    """A value as the file spells it (``true``, ``2026-12-25``, ``'8:30'``), for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(shown(item) for item in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return repr(_PASSWORD_IN_ADDRESS.sub(r"\1:***@", value)) if isinstance(value, str) else repr(value)


def described(value: object) -> str:
    """What kind of value the file holds, in the file's own terms."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a decimal point"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def is_secret_key(key: str) -> bool:
    """Whether a key's name says it holds a credential (``password``, ``auth_token``; never ``*_env``)."""
    lowered = key.lower()
    if lowered.endswith("_env"):
        return False
    return any(part in lowered for part in _SECRET_PARTS) or bool(_SECRET_WORDS & set(re.split(r"[_\-.]", lowered)))


@functools.cache
def _zones() -> dict[str, str]:
    return {zone.lower(): zone for zone in available_timezones()}


class Reader:
    """Reads one clinic file's values, refusing the first bad one with the file's name in front."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, problem: str, fix: str) -> NoReturn:
        """Refuse the file.

        Args:
            key: The key path, such as "hours.monday" ("" for the file as a whole).
            problem: What is wrong, naming the value as written.
            fix: What to write instead.

        Raises:
            ConfigError: Always.
        """
        where = f"{self.source}: {key}: " if key else f"{self.source}: "
        raise ConfigError(f"{where}{problem}; {fix}", source=self.source, key=key)

    def refuse_secrets(self, table: Mapping[str, Any], env_keys: Mapping[str, tuple[str, ...]], path: str = "") -> None:
        """Refuse a credential written anywhere in the file, never repeating its value.

        Args:
            table: The table to search, with the tables inside it.
            env_keys: Per section, its keys that name environment variables (the fix points at them).
            path: The table's key path ("" for the whole file).
        """
        for key, value in table.items():
            where = f"{path}.{key}" if path else key
            if isinstance(value, dict):
                self.refuse_secrets(value, env_keys, where)
            elif is_secret_key(key):
                names = env_keys.get(path.split(".")[0], ())
                closest = difflib.get_close_matches(f"{key}_env", names, n=1, cutoff=0.6)
                named = f"{key}_env" if f"{key}_env" in names else closest[0] if closest else " or ".join(names)
                fix = (f"put it in an environment variable and name it with {named}" if named else
                       "put it in an environment variable; the file only names variables, with the *_env keys of "
                       "[calendar] and [security]")
                self.fail(where, "a secret written in the file (its value is not shown here)", fix)

    def sections(self, raw: Mapping[str, Any], known: tuple[str, ...], required: Mapping[str, str]) -> None:
        """Refuse an unknown section, a key outside any section and a missing required section."""
        listed = ", ".join(f"[{name}]" for name in known)
        for key, value in raw.items():
            if key in known and not isinstance(value, dict):
                self.fail(key, f"{shown(value)} is {described(value)}, not a table",
                          f"write it as a section: [{key}] on its own line, with its keys below it")
            if key not in known and isinstance(value, dict):
                guess = difflib.get_close_matches(key, known, n=1)
                hint = f" (did you mean [{guess[0]}]?)" if guess else ""
                self.fail(key, f"unknown section [{key}]{hint}", f"the sections are {listed}")
            if key not in known:
                self.fail(key, f"{key} = {shown(value)} is outside any section",
                          f"put it under its section, such as [clinic]; the sections are {listed}")
        for key, example in required.items():
            if key not in raw:
                self.fail(key, f"the section [{key}] is missing", f"add it, such as {example}")

    def table(self, value: object, path: str, known: Iterable[str], required: Mapping[str, str] | None = None,
              ) -> dict[str, Any]:
        """A table with only known keys and every required one (``required``: key -> an example line)."""
        known = tuple(known)
        if not isinstance(value, dict):
            self.fail(path, f"{shown(value)} is {described(value)}, not a table",
                      f"write it as a section: [{path}] on its own line, with its keys below it")
        for key in value:
            if key not in known:
                guess = difflib.get_close_matches(key, known, n=1)
                hint = f" (did you mean {guess[0]!r}?)" if guess else ""
                self.fail(f"{path}.{key}", f"unknown key{hint}", f"the keys of [{path}] are {', '.join(known)}")
        for key, example in (required or {}).items():
            if key not in value:
                self.fail(f"{path}.{key}", "missing", f"add it, such as {example}")
        return value

    def text(self, key: str, value: object, example: str) -> str:
        """Non-empty text (stripped)."""
        if not isinstance(value, str):
            self.fail(key, f"{shown(value)} is {described(value)}, not text", f"write it in quotes, such as {example}")
        if not value.strip():
            self.fail(key, f"{shown(value)} is empty", f"write it, such as {example}")
        return value.strip()

    def whole(self, key: str, value: object, low: int, high: int, example: str) -> int:
        """A whole number from ``low`` to ``high``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"{shown(value)} is {described(value)}, not a whole number",
                      f"write a whole number without quotes, such as {example}")
        if not low <= value <= high:
            self.fail(key, f"{value} is outside {low} to {high}", f"write a whole number from {low} to {high}, "
                                                                   f"such as {example}")
        return value

    def listed(self, key: str, value: object, example: str) -> list[Any]:
        """A list (its items are checked by the caller)."""
        if not isinstance(value, list):
            self.fail(key, f"{shown(value)} is {described(value)}, not a list",
                      f"write it in brackets, such as {example}")
        return value

    def clock_time(self, key: str, value: object, fix: str) -> str:
        """24-hour "HH:MM" (a TOML local time such as 08:30:00 is taken too)."""
        if isinstance(value, time) and value.tzinfo is None and not value.second and not value.microsecond:
            return value.strftime("%H:%M")
        if not isinstance(value, str) or not _HHMM.match(value):
            self.fail(key, f"{shown(value)} is not HH:MM", fix)
        return value

    def day_hours(self, key: str, value: object) -> tuple[str, str] | None:
        """One weekday's hours: ("HH:MM", "HH:MM") with opening first, or None for "closed"."""
        if isinstance(value, str) and value.strip().lower() == "closed":
            return None
        if not isinstance(value, list):
            self.fail(key, f'{shown(value)} is neither two times nor "closed"', HOURS_FIX)
        if len(value) != 2:
            self.fail(key, f"{shown(value)} has {len(value)} times; a day's hours are two times, "
                           "opening and closing", HOURS_FIX)
        opens, closes = (self.clock_time(key, item, HOURS_FIX) for item in value)
        if opens >= closes:
            self.fail(key, f"{shown(value)} does not open before it closes",
                      'write the opening time first, such as ["08:30", "17:00"]')
        return opens, closes

    def day(self, key: str, value: object) -> str:
        """A date as "YYYY-MM-DD" (a TOML date such as 2026-12-25 is taken too)."""
        if isinstance(value, date) and not isinstance(value, datetime):
            return value.isoformat()
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
            try:
                return date.fromisoformat(value).isoformat()
            except ValueError:
                self.fail(key, f"{shown(value)} is not a day of the calendar (YYYY-MM-DD)",
                          "check the month and the day, such as \"2027-02-28\"")
        self.fail(key, f"{shown(value)} is not a date as YYYY-MM-DD", 'write it in quotes like "2026-12-25"')

    def timezone(self, key: str, value: object) -> str:
        """A time zone this machine knows (its zoneinfo database)."""
        name = self.text(key, value, 'timezone = "America/New_York"')
        try:
            ZoneInfo(name)
            return name
        except (KeyError, ValueError, OSError):  # not found, not a zone's name, a folder ("America") or no zone file
            guess = _zones().get(name.lower()) or next(iter(difflib.get_close_matches(name, _zones().values(), 1)),
                                                       None)
        hint = f" (did you mean {guess!r}?)" if guess else ""
        self.fail(key, f"{shown(value)} is not a time zone{hint}",
                  'use an IANA name such as "America/New_York" or "Europe/London"')

    def country(self, key: str, value: object) -> str:
        """A region the phonenumbers library reads numbers for ("US")."""
        region = self.text(key, value, 'country = "US"').upper()
        if region not in phonenumbers.SUPPORTED_REGIONS:
            self.fail(key, f"{shown(value)} is not a phone region",
                      'write the two-letter country code, such as "US", "CA" or "GB"')
        return region

    def phone(self, key: str, value: object, country: str) -> str:
        """A dialable phone number of ``country`` (or with its own +country code), as written."""
        sample = phonenumbers.example_number(country)
        example = (phonenumbers.format_number(sample, phonenumbers.PhoneNumberFormat.INTERNATIONAL) if sample
                   else "+1 617 555 0100")
        number = self.text(key, value, f'"{example}"')
        try:
            valid = phonenumbers.is_valid_number(phonenumbers.parse(number, country))
        except phonenumbers.NumberParseException:
            valid = False
        if not valid:
            self.fail(key, f"{shown(value)} is not a valid phone number in {country}",
                      f'write the whole number with its area code, such as "{example}"')
        return number

    def dialled(self, key: str, value: object, example: str) -> str:
        """An emergency or crisis number: 2 to 15 digits, short codes included ("911", "112", "116 123")."""
        number = self.text(key, value, example)
        if not _DIALLED.match(number) or not 2 <= sum(c.isdigit() for c in number) <= 15:
            self.fail(key, f"{shown(value)} is not a number to dial",
                      'write its digits in quotes (2 to 15 of them), such as "911", "112" or "988"')
        return number

    def env_name(self, key: str, value: object, example: str) -> str:
        """The name of an environment variable (the value itself is read at start, never from the file)."""
        name = self.text(key, value, example)
        if not _ENV_NAME.match(name):
            self.fail(key, f"{shown(value)} is not an environment variable name",
                      f"use capital letters, digits and _ (A-Z, 0-9, _), not starting with a digit, such as {example}")
        return name

    def web_address(self, key: str, value: object, example: str, sign_in_fix: str) -> SplitResult:
        """An http(s) address with a host and no sign-in in it (``sign_in_fix`` says where a sign-in goes)."""
        address = self.text(key, value, example)
        try:
            parts = urlsplit(address)
            parts.port  # noqa: B018 - a bad port only raises when it is read
        except ValueError:
            self.fail(key, f"{shown(value)} is not a web address", f"write it like {example}")
        if parts.password is not None or parts.username is not None:
            self.fail(key, f"{shown(address)} has a sign-in in it", sign_in_fix)
        if parts.scheme.lower() not in ("http", "https"):
            self.fail(key, f"{shown(value)} is not an http(s) address", f"write the whole address, such as {example}")
        if not parts.hostname:
            self.fail(key, f"{shown(value)} has no host", f"write the whole address, such as {example}")
        return parts

    def base_address(self, key: str, value: object) -> str:
        """The line's public base address: http(s)://host[:port] alone (a trailing slash is dropped)."""
        parts = self.web_address(key, value, 'public_url = "https://line.example.org"',
                                 "remove it; Twilio reaches the line at its bare address")
        base = f"{parts.scheme.lower()}://{parts.netloc}"
        query = parts.query or ("?" in str(value))
        for part, what in ((parts.path.rstrip("/"), "a path"), (query, "a query string"),
                           (parts.fragment, "a #fragment")):
            if part:
                self.fail(key, f"{shown(value)} has {what}", f"give the line's base address only, such as {base!r}")
        return base

    def on_this_machine(self, parts: SplitResult) -> bool:
        """Whether an address is a server on this machine (where plain http sends nothing over a network)."""
        return (parts.hostname or "") in _THIS_MACHINE

    def hours(self, value: object) -> dict[str, tuple[str, str] | None]:
        """[hours]: every weekday's opening hours, at least one day open."""
        table = self.table(value, "hours", WEEKDAYS, {day: f'{day} = ["08:30", "17:00"] or {day} = "closed"'
                                                     for day in WEEKDAYS})
        hours = {day: self.day_hours(f"hours.{day}", table[day]) for day in WEEKDAYS}
        if not any(hours.values()):
            self.fail("hours", "every weekday is closed",
                      'give at least one day its opening hours, such as monday = ["08:30", "17:00"]')
        return hours

    def slot_times(self, value: object, hours: Mapping[str, tuple[str, str] | None],
                   slot: int) -> dict[str, tuple[str, ...]]:
        """[booking.times]: explicit slot times, each a whole slot inside its day's hours, none overlapping."""
        times: dict[str, tuple[str, ...]] = {}
        fix = 'write each time as "HH:MM", such as monday = ["09:00", "10:00"]'
        for day, listed in self.table(value, "booking.times", WEEKDAYS).items():
            key, span, previous = f"booking.times.{day}", hours[day], None
            day_times = sorted(self.clock_time(key, at, fix) for at in self.listed(key, listed, f'{day} = ["09:00"]'))
            if day_times and span is None:
                self.fail(key, f"{shown(listed)} but hours.{day} is closed",
                          f"give {day} opening hours in [hours], or write {day} = []")
            for at in day_times:
                assert span is not None
                if at == previous:
                    self.fail(key, f"{at!r} is there twice", "list each time once")
                if minutes(at) < minutes(span[0]) or minutes(at) + slot > minutes(span[1]):
                    self.fail(key, f"{at!r} is outside hours.{day} ({span[0]} to {span[1]}) for a {slot}-minute slot",
                              f"list times from {span[0]} up to {hhmm(minutes(span[1]) - slot)}")
                if previous is not None and minutes(at) - minutes(previous) < slot:
                    self.fail(key, f"{at!r} starts inside the slot of {previous!r}",
                              f"space the times at least {slot} minutes apart (booking.slot_minutes)")
                previous = at
            times[day] = tuple(day_times)
        if not any(times.get(day) or (span and day not in times) for day, span in hours.items()):
            self.fail("booking.times", "no weekday has a bookable time",
                      "list at least one time, or remove [booking.times] to book the grid of the opening hours")
        return times
