"""The clinic's own values in its file: hours, days, time zones, countries, numbers, web addresses.

Each method refuses one bad value with the file, the key, the value and the fix (``Reader.fail``).
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping
from datetime import date, datetime, time
from urllib.parse import SplitResult, urlsplit
from zoneinfo import ZoneInfo, available_timezones

import phonenumbers

from dialog.config_checks import HOURS_FIX, Reader, masked_address, shown
from dialog.language import LANGUAGE_NAMES, LANGUAGES, Language, check_language
from voicekit.schedule import WEEKDAYS, hhmm, minutes

_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_DIALLED = re.compile(r"^\+?\d(?:[ -]?\d)*$")
_THIS_MACHINE = {"localhost", "127.0.0.1", "::1"}


@functools.cache
def _zones() -> dict[str, str]:
    return {zone.lower(): zone for zone in available_timezones()}


class ClinicReader(Reader):
    """A ``Reader`` that also knows a clinic's kinds of values."""

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

    def language(self, key: str, value: object) -> Language:
        """A language the line speaks: "en" or "ko" (its sentences, its parser and its consent gate)."""
        choices = " or ".join(f'"{code}" ({LANGUAGE_NAMES[code]})' for code in LANGUAGES)
        text = self.text(key, value, f"language = {choices}")
        if text not in LANGUAGES:
            self.fail(key, f"{shown(text)} is not a language of the line", f"write {choices}")
        return check_language(text)

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
        # Kept as E.164 ("+16175550199"), whichever way it was written: that is what a transfer dials.
        return phonenumbers.format_number(phonenumbers.parse(number, country), phonenumbers.PhoneNumberFormat.E164)

    def dialled(self, key: str, value: object, example: str) -> str:
        """An emergency or crisis number: 2 to 15 digits, short codes included ("911", "112", "116 123")."""
        number = self.text(key, value, example)
        if not _DIALLED.match(number) or not 2 <= sum(c.isdigit() for c in number) <= 15:
            self.fail(key, f"{shown(value)} is not a number to dial",
                      'write its digits in quotes (2 to 15 of them), such as "911", "112" or "988"')
        return number

    def web_address(self, key: str, value: object, example: str, sign_in_fix: str) -> SplitResult:
        """An http(s) address with a host and no sign-in in it (``sign_in_fix`` says where a sign-in goes)."""
        address = self.text(key, value, example)
        if masked_address(address) != address:  # a password in it, even one with "/" or "@" that breaks the parse
            self.fail(key, f"{shown(address)} has a sign-in in it", sign_in_fix)
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
        if parts.scheme.lower() == "http" and not self.on_this_machine(parts):
            # Twilio's signatures and the caller's audio would cross the internet in the clear.
            self.fail(key, f"{shown(value)} is plain http on a host that is not this machine",
                      f"use https://{parts.netloc} (plain http:// is only for a line on this machine, such as "
                      "http://127.0.0.1:8080)")
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
