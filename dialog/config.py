"""One clinic's configuration file (SPEC 6.3): its facts, hours, booking rules, calendar and security settings.

``CLINIC_CONFIG=clinic.toml`` names the file; ``clinic.example.toml`` is the documented template. Without
one the line is the demo clinic (``DEMO_CONFIG``). A bad file is refused at start, never half-used: a clinic
must not be silently always closed, always open, or booking into a calendar it did not mean.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from dialog.config_checks import ConfigError, Reader, shown
from dialog.profile import ClinicProfile
from voicekit.clinic import DEFAULT_SCHEDULE, ClinicAPI
from voicekit.schedule import WEEKDAYS, Schedule, minutes, slot_grid

__all__ = ["DEMO_CONFIG", "CalendarConfig", "ClinicConfig", "ConfigError", "SecurityConfig", "config_from_env",
           "demo_config", "load_config", "secret"]

CalendarKind = Literal["demo", "sqlite", "caldav"]
SECTIONS = ("clinic", "hours", "booking", "calendar", "security")
_CLINIC_REQUIRED = {
    "name": 'name = "Riverside Family Clinic"', "address": 'address = "12 Harbour Street, Riverside"',
    "phone": 'phone = "+1 617 555 0100"', "country": 'country = "US"', "timezone": 'timezone = "America/New_York"',
    "emergency_number": 'emergency_number = "911"', "crisis_line": 'crisis_line = "988"'}
_CLINIC_OPTIONAL = ("transfer_number", "ring_seconds", "silent_turns_to_end")
# Which calendar keys each kind uses: another kind's key is refused, as it means the kind line was not changed.
_CALENDAR_KEYS: dict[str, tuple[str, ...]] = {"demo": (), "sqlite": ("path",),
                                              "caldav": ("url", "username_env", "password_env")}
_ENV_KEYS = {"calendar": ("username_env", "password_env"),
             "security": ("staff_token_env", "twilio_auth_token_env", "twilio_account_sid_env")}


def secret(env_name: str, environ: Mapping[str, str] | None = None) -> str | None:
    """A secret's value from the environment variable the file names; None when unset or empty.

    Args:
        env_name: The variable's name, such as "CLINIC_STAFF_TOKEN".
        environ: The environment to read (default: this process's).
    """
    value = (os.environ if environ is None else environ).get(env_name)
    return value if value and value.strip() else None


@dataclass(frozen=True)
class CalendarConfig:
    """Where appointments are kept."""

    kind: CalendarKind = "demo"
    """"demo" (in memory), "sqlite" (a file on this machine) or "caldav" (the clinic's calendar server)."""
    path: str | None = None
    """The SQLite file of kind "sqlite", made absolute from the config file's folder."""
    url: str | None = None
    """The CalDAV calendar's address of kind "caldav"."""
    username_env: str | None = None
    """The environment variable holding the CalDAV user name (None: the server needs no sign-in)."""
    password_env: str | None = None
    """The environment variable holding the CalDAV password."""


@dataclass(frozen=True)
class SecurityConfig:
    """The service's security settings (SPEC 6.4): the names of its secrets' variables, and its public address."""

    staff_token_env: str = "CLINIC_STAFF_TOKEN"
    """The environment variable holding the staff's bearer token."""
    twilio_auth_token_env: str = "TWILIO_AUTH_TOKEN"
    """The environment variable holding Twilio's auth token, for checking webhook signatures."""
    twilio_account_sid_env: str = "TWILIO_ACCOUNT_SID"
    """The environment variable holding the Twilio account the line belongs to."""
    public_url: str | None = None
    """The line's public base address ("https://host", no trailing slash), for signatures and the stream URL."""

    def staff_token(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The staff's bearer token, or None when its variable is unset."""
        return secret(self.staff_token_env, environ)

    def twilio_auth_token(self, environ: Mapping[str, str] | None = None) -> str | None:
        """Twilio's auth token, or None when its variable is unset."""
        return secret(self.twilio_auth_token_env, environ)

    def twilio_account_sid(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The Twilio account SID, or None when its variable is unset."""
        return secret(self.twilio_account_sid_env, environ)


@dataclass(frozen=True)
class ClinicConfig:
    """Everything one clinic sets, checked; the console, the service, the phone line and Studio read it."""

    profile: ClinicProfile = field(default_factory=ClinicProfile)
    """The clinic's facts: name, hours, numbers, time zone, holidays, booking horizon."""
    slot_minutes: int = 30
    """The length of one appointment; the bookable times are the grid of the opening hours at this step."""
    calendar: CalendarConfig = field(default_factory=CalendarConfig)
    """Where appointments are kept."""
    security: SecurityConfig = field(default_factory=SecurityConfig)
    """The service's security settings."""
    source: str | None = None
    """The file this came from (None: the demo clinic)."""
    times: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Explicit slot times per weekday ([booking.times]), instead of the grid on those days."""

    def __post_init__(self) -> None:
        """Keep the explicit times as sorted tuples keyed by weekday."""
        for day in self.times:
            if day not in WEEKDAYS:
                raise ValueError(f"ClinicConfig.times keys must be weekday names such as 'monday', got {day!r}")
        object.__setattr__(self, "times", {day: tuple(sorted(times)) for day, times in self.times.items()})

    def weekly_times(self) -> dict[str, list[str]]:
        """The bookable times per weekday, every weekday listed ([] when closed), for ``ClinicAPI(schedule=)``."""
        weekly = {}
        for day in WEEKDAYS:
            span = self.profile.hours.get(day)
            grid = list(slot_grid(span[0], span[1], self.slot_minutes)) if span else []
            weekly[day] = list(self.times[day]) if day in self.times else grid
        return weekly

    def schedule(self, clock: Callable[[], datetime] | None = None, checks_now: bool = True) -> Schedule:
        """The clinic's bookable dates and times.

        Args:
            clock: Returns now (None: the real clock).
            checks_now: False: no "past" and no "beyond the horizon" refusals.
        """
        return Schedule(weekly={day: tuple(times) for day, times in self.weekly_times().items()},
                        holidays=frozenset(self.profile.holidays), days_ahead=self.profile.booking_days_ahead,
                        timezone=self.profile.timezone, clock=clock, checks_now=checks_now)

    def open_calendar(self, clock: Callable[[], datetime] | None = None, plan: Mapping[str, Any] | None = None,
                      environ: Mapping[str, str] | None = None, demo_path: str | None = None) -> Any:
        """The clinic's calendar backend, opened.

        Args:
            clock: Returns now (None: the real clock, or for the demo calendar no date checks of its own).
            plan: A failure plan such as ``{"book": ["taken"]}``: the demo calendar only.
            environ: Where the credentials' variables are read (default: this process's environment).
            demo_path: A SQLite file for the demo calendar, so several worker processes share one demo clinic
                (None: in memory). Ignored by the other kinds, which name their own storage.

        Returns:
            A ``ClinicAPI`` for "demo" and "sqlite", a ``CalDavCalendar`` for "caldav".

        Raises:
            ConfigError: A plan for another calendar, or a credential variable the file names that is not set.
        """
        kind = self.calendar.kind
        if plan and kind != "demo":
            self._reader().fail("calendar.kind", f"failure plans are a demo feature: calendar.kind is {kind!r}",
                                'rehearse failures with kind = "demo", never on a calendar with real appointments')
        if kind == "caldav":
            return self._open_caldav(clock, os.environ if environ is None else environ)
        path = self.calendar.path if kind == "sqlite" else demo_path
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return ClinicAPI(plan=plan, schedule=self.weekly_times(), path=path, holidays=self.profile.holidays,
                         days_ahead=self.profile.booking_days_ahead, timezone=self.profile.timezone, clock=clock)

    def _open_caldav(self, clock: Callable[[], datetime] | None, environ: Mapping[str, str]) -> Any:
        username, password = (self._credential(key, environ) for key in ("username_env", "password_env"))
        try:
            from voicekit.caldav_calendar import CalDavCalendar  # the caldav library loads only for a CalDAV clinic
        except ImportError as missing:
            self._reader().fail("calendar.kind", f"'caldav' needs the caldav library, not installed ({missing})",
                                "install the calendar extra: .venv/bin/pip install -e '.[calendar]' "
                                "(make serve and make test bring it along)")

        assert self.calendar.url is not None, "a caldav calendar is always loaded with its url"
        return CalDavCalendar(self.calendar.url, schedule=self.schedule(clock), slot_minutes=self.slot_minutes,
                              username=username, password=password)

    def _credential(self, key: str, environ: Mapping[str, str]) -> str | None:
        name = getattr(self.calendar, key)
        if name is None:
            return None
        value = secret(name, environ)
        if value is None:
            self._reader().fail(f"calendar.{key}", f"names {name}, which is not set in the environment",
                                f"set {name} for the line (export {name}=...), or remove {key} from the file")
        return value

    def _reader(self) -> Reader:
        return Reader(self.source or "the demo clinic")


def demo_config() -> ClinicConfig:
    """The demo clinic: ``ClinicProfile()``'s facts and the classic Monday-Friday times of ``ClinicAPI()``."""
    return ClinicConfig(profile=ClinicProfile(), slot_minutes=30, times=DEFAULT_SCHEDULE)


DEMO_CONFIG = demo_config()
"""The configuration without a file."""


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
    reader = Reader(source)
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


def _clinic(raw: dict[str, Any], reader: Reader, folder: Path) -> ClinicConfig:
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
    )
    return ClinicConfig(profile=profile, slot_minutes=slot, times=times, source=reader.source,
                        calendar=_calendar(raw.get("calendar"), reader, folder),
                        security=_security(raw.get("security", {}), reader))


def _calendar(value: object, reader: Reader, folder: Path) -> CalendarConfig:
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


def _security(value: object, reader: Reader) -> SecurityConfig:
    table = reader.table(value, "security", (*_ENV_KEYS["security"], "public_url"))
    names = {key: reader.env_name(f"security.{key}", table[key], f'{key} = "{getattr(SecurityConfig, key)}"')
             for key in _ENV_KEYS["security"] if key in table}
    public_url = reader.base_address("security.public_url", table["public_url"]) if "public_url" in table else None
    return SecurityConfig(**names, public_url=public_url)
