"""The checks behind ``dialog.config``: each refuses one bad value with the file, the key, the value and the fix.

A clinic's file is written by hand by someone who is not a programmer, so a message says what was written,
what is wrong with it in the file's own terms (text, a whole number, a list) and what to write instead.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from datetime import date, time
from typing import Any, NoReturn

HOURS_FIX = 'write it as ["08:30", "17:00"] or "closed"'
_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]*$")
_DIALLED = re.compile(r"^\+?\d(?:[ -]?\d)*$")
# A key naming a credential: its value belongs in the environment, and the file names the variable instead.
_SECRET_PARTS = ("password", "passwd", "secret", "token", "apikey", "api_key", "credential")
_SECRET_WORDS = {"pass", "pwd", "key"}
# Never repeat a password in a message or a log: everything from the user's ":" to the last "@" goes (a password
# may hold "/" or "@" itself; hiding too much is the safe side).
_PASSWORD_IN_ADDRESS = re.compile(r"(//[^/@:]*):.*@")


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
    return repr(masked_address(value)) if isinstance(value, str) else repr(value)


def masked_address(text: str) -> str:
    """``text`` with any password written into a web address in it replaced by ``***``."""
    return _PASSWORD_IN_ADDRESS.sub(r"\1:***@", text)


def shape(value: str) -> str:
    """What a text looks like, never what it says: "text of 24 characters: letters, digits and symbols"."""
    kinds = [name for name, present in (("capitals", any(c.isupper() for c in value)),
                                        ("small letters", any(c.islower() for c in value)),
                                        ("digits", any(c.isdigit() for c in value)),
                                        ("symbols", any(not c.isalnum() and not c.isspace() for c in value)),
                                        ("spaces", any(c.isspace() for c in value))) if present]
    listed = ", ".join(kinds[:-1]) + (" and " if len(kinds) > 1 else "") + kinds[-1] if kinds else "nothing"
    return f"text of {len(value)} characters ({listed})"


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

    def env_name(self, key: str, value: object, example: str) -> str:
        """The name of an environment variable (the value itself is read at start, never from the file)."""
        name = self.text(key, value, example)
        if not _ENV_NAME.match(name):
            # Not shown: what lands in an *_env key by mistake is most often the secret itself, pasted.
            self.fail(key, f"{shape(name)} is not an environment variable name (its value is not shown here)",
                      f"use capital letters, digits and _ (A-Z, 0-9, _), not starting with a digit, such as {example}; "
                      "the secret itself goes in that variable, never in the file")
        return name
