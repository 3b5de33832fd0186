"""How a service worker is wired: ``Settings``, each field from the environment or given by a test."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dialog.config import DEMO_CONFIG, ClinicConfig, Limits
from dialog.config_file import config_from_env


@dataclass
class Settings:
    """How a worker is wired; every field can come from the environment (see ``from_env``)."""

    database_url: str = ".data/service.sqlite"
    """postgresql://... for several workers, or a SQLite path for one machine."""
    clinic_db: str = ".data/clinic.sqlite"
    """The (demo) clinic's bookings, shared by all workers."""
    schedule: dict | None = None
    """Open times per weekday for the demo clinic; None = the default schedule."""
    backoff: tuple[float, ...] = (0.5, 1.0)
    """Waits between read-tool retries."""
    sleep: Any = field(default=time.sleep)
    """How a worker waits between retries."""
    pool_size: int = 32
    """Most database connections the call store opens (one is held per turn in progress)."""
    trim_every: int = 200
    """Hand freed heap memory back to the system every this many turns (glibc ``malloc_trim``; 0 = never)."""
    clock: Any = None
    """What time it is: a callable (``from_env``: the real clock); None, a test setting: no hours gate."""
    clinic: ClinicConfig = DEMO_CONFIG
    """The clinic: its facts, hours, calendar and security settings (``CLINIC_CONFIG``; without one the demo)."""
    staff_token: str | None = None
    """The staff sign-in token (from the variable the file names, CLINIC_STAFF_TOKEN); None: made at start."""
    prune_gather_seconds: float = 1.0
    """Ended calls' histories are pruned together, those of this many seconds in one statement."""
    turns_at_once: int = 2
    """Caller turns a worker runs at the same time; later ones wait their turn, in order of arrival.

    Two was best on two cores with the database on the same machine (``benchmarks/load.py``); with a remote
    database, whose round trips leave the worker idle, more can pay."""

    limits: Limits | None = None
    """The worker's limits instead of the clinic file's ``[limits]`` (``SERVICE_LIMITS``: JSON, for benchmarks)."""
    purge_every_seconds: float = 3600.0
    """How often the worker deletes transcripts and records past the clinic's retention (0: never, a test setting)."""

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the environment: CLINIC_CONFIG, DATABASE_URL, CLINIC_DB, CLINIC_SCHEDULE and SERVICE_*."""
        import json

        backoff = os.environ.get("SERVICE_BACKOFF")
        clinic = config_from_env() or DEMO_CONFIG
        schedule = os.environ.get("CLINIC_SCHEDULE")
        return cls(
            database_url=os.environ.get("DATABASE_URL", cls.database_url),
            clinic_db=os.environ.get("CLINIC_DB", cls.clinic_db),
            schedule=json.loads(schedule) if schedule else None,
            backoff=tuple(float(s) for s in backoff.split(",")) if backoff else cls.backoff,
            pool_size=int(os.environ.get("SERVICE_DB_POOL", cls.pool_size)),
            trim_every=int(os.environ.get("SERVICE_TRIM_EVERY", cls.trim_every)),
            clock=_clock_from(os.environ.get("SERVICE_CLOCK")),
            clinic=clinic,
            staff_token=clinic.security.staff_token(os.environ),
            turns_at_once=int(os.environ.get("SERVICE_TURNS_AT_ONCE", cls.turns_at_once)),
            prune_gather_seconds=float(os.environ.get("SERVICE_PRUNE_GATHER", cls.prune_gather_seconds)),
            limits=Limits(**json.loads(os.environ["SERVICE_LIMITS"])) if os.environ.get("SERVICE_LIMITS") else None,
        )


def real_clock() -> datetime:
    """Now, as an aware time (the clinic's time zone turns it into its wall clock)."""
    return datetime.now(UTC)


def _clock_from(setting: str | None) -> Any:
    """SERVICE_CLOCK: unset or "real" = the machine's clock; an ISO time = frozen there (demos and tests)."""
    if not setting or setting == "real":
        return real_clock
    try:
        frozen = datetime.fromisoformat(setting)
    except ValueError:
        raise ValueError(f"SERVICE_CLOCK must be 'real' or an ISO time such as 2026-11-29T20:00:00-05:00, "
                         f"got {setting!r}") from None
    return lambda: frozen
