"""The call service: a telephony layer posts each caller transcript as a turn of a call.

    POST /calls                      {"plan"?: {...}}  -> 201 {"call_id"}
    POST /calls/{call_id}/turns      {"text": "..."}   -> {"say", "state", "tool_calls"}
    POST /calls/{call_id}/transfer   {"answered": false, "caller_number"?}  -> the same reply shape
    GET  /calls/{call_id}                              -> state, slots, handoff, transfer, turn history (masked)
    GET  /callbacks                                    -> the callback requests left for staff
    GET  /                                             -> the browser call simulator
    GET  /health, /openapi.json, /docs

Stateless workers: call state lives in the checkpointer (PostgreSQL or SQLite) and the call store;
two turns of one call are serialised by a per-call lock in the database; an ended call answers
with its final words and calls no tool.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import logging
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fastapi import BackgroundTasks, FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, field_validator

from checkpoints import keep_only_latest, make_checkpointer
from dialog.state import TERMINAL
from graph.voice_agent import VoiceAgent
from service.body_limit import BodyLimit
from service.simulator import router as simulator
from service.store import PostgresCallStore, SqliteCallStore, new_call_id
from voicekit.clinic import ClinicAPI, check_day, check_time
from voicekit.privacy import replace_lone_surrogates

# A transport limit, not a caller limit: every text a request can carry is answered as VoiceAgent.handle
# answers it (any length; values are read from its first 2,000 characters, the consent gate judges all of it).
MAX_BODY_BYTES = 2 * 1024 * 1024
log = logging.getLogger(__name__)


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
    """What time it is for the opening hours: None = the line counts as open (no hours gate), or a callable."""
    turns_at_once: int = 2
    """Caller turns a worker runs at the same time; later ones wait their turn, in order of arrival.

    Two was best on two cores with the database on the same machine (``benchmarks/load.py``); with a remote
    database, whose round trips leave the worker idle, more can pay."""

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the environment: DATABASE_URL, CLINIC_DB, CLINIC_SCHEDULE and the SERVICE_* knobs."""
        import json

        backoff = os.environ.get("SERVICE_BACKOFF")
        schedule = os.environ.get("CLINIC_SCHEDULE")
        return cls(
            database_url=os.environ.get("DATABASE_URL", cls.database_url),
            clinic_db=os.environ.get("CLINIC_DB", cls.clinic_db),
            schedule=json.loads(schedule) if schedule else None,
            backoff=tuple(float(s) for s in backoff.split(",")) if backoff else cls.backoff,
            pool_size=int(os.environ.get("SERVICE_DB_POOL", cls.pool_size)),
            trim_every=int(os.environ.get("SERVICE_TRIM_EVERY", cls.trim_every)),
            clock=_clock_from(os.environ.get("SERVICE_CLOCK")),
            turns_at_once=int(os.environ.get("SERVICE_TURNS_AT_ONCE", cls.turns_at_once)),
        )


def _clock_from(setting: str | None) -> Any:
    """SERVICE_CLOCK: unset = no hours gate; "real" = the machine's clock; an ISO time = frozen there (demos)."""
    if not setting:
        return None
    if setting == "real":
        return lambda: datetime.now(UTC)
    try:
        frozen = datetime.fromisoformat(setting)
    except ValueError:
        raise ValueError(f"SERVICE_CLOCK must be 'real' or an ISO time such as 2026-11-29T20:00:00-05:00, "
                         f"got {setting!r}") from None
    return lambda: frozen


class NewCall(BaseModel):
    """Body of POST /calls."""
    plan: dict[str, list[str]] | None = Field(default=None, description="scripted clinic failures for this call")


class Turn(BaseModel):
    """Body of POST /calls/{call_id}/turns."""

    text: str | None = Field(description="what the caller said (the speech recogniser's transcript); "
                                         "null or empty is silence, as for VoiceAgent.handle")

    @field_validator("text", mode="before")
    @classmethod
    def _valid_unicode(cls, text: object) -> object:
        # JSON may carry a lone surrogate ("\ud800"): replace it rather than lose the caller's turn.
        return replace_lone_surrogates(text) if isinstance(text, str) else text


class TransferReport(BaseModel):
    """Body of POST /calls/{call_id}/transfer: how the warm transfer of a hand-off went."""

    answered: bool = Field(description="whether staff picked up before the ring timeout")
    caller_number: str | None = Field(default=None, description="the caller id, if the line has one: staff "
                                                                "get it with the callback request")


class Reply(BaseModel):
    """What the agent says, the state it is in, and the tools it called this turn."""
    say: str
    state: str
    tool_calls: list[str]


class HeapTrimmer:
    """Gives freed heap back to the system now and then.

    Each turn allocates and frees a few hundred KB (a graph run, JSON, SQLite rows) and glibc keeps the
    freed pages in its arenas; trimming every 200 turns hands them back. (The worker's growth over many
    calls was something else: each turn's clinic connection, and its page cache, lived until the cycle
    collector ran; ``agent_for`` now closes it.) Elsewhere than glibc this does nothing.
    """

    def __init__(self, every: int):
        self.every, self.turns = every, 0
        self._lock = threading.Lock()
        try:
            self._trim = ctypes.CDLL("libc.so.6").malloc_trim if every > 0 else None
        except (OSError, AttributeError):
            self._trim = None

    def turn_taken(self) -> None:
        """Count one turn; every ``every`` turns, trim."""
        if self._trim is None:
            return
        with self._lock:
            self.turns += 1
            due = self.turns % self.every == 0
        if due:
            self._trim(0)


def tool_record(api: ClinicAPI, waits: list[float]) -> dict:
    """A turn's tool calls for its record: outcomes (as before), each call with its arguments, the retry waits.

    The arguments are the clinic's own record, where a phone number shows only its last four digits.
    """
    return {"outcomes": [outcome for _, _, outcome in api.calls],
            "calls": [{"tool": tool, "args": args, "outcome": outcome} for tool, args, outcome in api.calls],
            "sleeps": list(waits)}


def _stores(settings: Settings):
    url = settings.database_url
    if url.startswith(("postgres://", "postgresql://")):
        from psycopg_pool import ConnectionPool

        pool = ConnectionPool(url, kwargs={"autocommit": True}, min_size=1, max_size=settings.pool_size, open=True)
        return PostgresCallStore(pool), make_checkpointer(url)
    return SqliteCallStore(url + ".calls"), make_checkpointer(url)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The FastAPI app of one worker, wired to its stores."""
    settings = settings or Settings.from_env()
    for path in (settings.database_url, settings.clinic_db):
        if "://" not in path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    calls, checkpointer = _stores(settings)
    trimmer = HeapTrimmer(settings.trim_every)
    if settings.turns_at_once < 1:
        raise ValueError(f"turns_at_once (SERVICE_TURNS_AT_ONCE) must be at least 1, got {settings.turns_at_once}")
    # A worker is one Python process: sixteen turns run side by side each take sixteen times as long, and the
    # unluckiest callers waited longest (p99 0.8-1 s at 16 callers on PostgreSQL). A few at a time, the rest
    # queued in order of arrival, keeps the database busy and the p99 near the time of a queue of turns.
    turn_slots = threading.Semaphore(settings.turns_at_once)
    schedule = {check_day(d): [check_time(t) for t in ts] for d, ts in (settings.schedule or {}).items()}
    ClinicAPI(schedule=schedule, path=settings.clinic_db).close()  # create the clinic's tables once, up front
    app = FastAPI(title="Clinic call service", version="0.1.0",
                  description="One caller transcript in, what to say out; books only after an explicit yes.")

    def call_agent(call_id: str, api: ClinicAPI, sleep: Any = settings.sleep) -> VoiceAgent:
        """The agent of one call on this worker's checkpointer (an ended call answers with its final words)."""
        return VoiceAgent(api, sleep=sleep, backoff=settings.backoff, thread_id=call_id, checkpointer=checkpointer,
                          continue_ended=True, clock=settings.clock)

    app.include_router(simulator)  # GET /: a person plays the caller in a browser, over this same API
    if importlib.util.find_spec("pipecat") is not None:  # the voice extra: a Twilio number can call in
        from phone.twilio import twilio_router

        app.include_router(twilio_router(
            lambda call_sid: call_agent(call_sid, ClinicAPI(schedule=schedule, path=settings.clinic_db))))

    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)

    @app.exception_handler(RequestValidationError)
    def refuse_without_echo(request: Request, refused: RequestValidationError) -> JSONResponse:
        # FastAPI's default 422 repeats the input: it could be a card number a caller read out.
        detail = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")}
                  for e in refused.errors()]
        return JSONResponse(status_code=422, content={"detail": detail})

    @contextlib.contextmanager
    def agent_for(call_id: str, plan: dict | None, waits: list[float] | None = None,
                  ) -> Iterator[tuple[VoiceAgent, ClinicAPI]]:
        # Each turn builds its agent. The clinic's connection is closed with the turn: left to the collector,
        # connections (and their page caches) piled up and the worker's memory grew with the clinic's database.
        api = ClinicAPI(plan=plan or None, schedule=schedule, path=settings.clinic_db)

        def sleep(seconds: float) -> None:  # the retry waits go into the turn's record
            (waits if waits is not None else []).append(seconds)
            settings.sleep(seconds)

        try:
            yield call_agent(call_id, api, sleep), api
        finally:
            api.close()

    def prune(call_id: str) -> None:
        """Keep only an ended call's final checkpoint; run after the reply is sent, outside the call's lock.

        Two prunes of one call at once (two workers answering turns of an ended call) may make PostgreSQL
        refuse one (a serialization failure): it is tried once more, then left to the other, and logged.
        """
        for attempt in (1, 2):
            try:
                keep_only_latest(checkpointer, call_id)
                return
            except Exception:
                if attempt == 2:
                    log.warning("could not prune the history of ended call %s", call_id, exc_info=True)

    def known(call_id: str, row: dict | None) -> dict:
        if row is None:
            raise HTTPException(status_code=404, detail=f"no call {call_id!r}; create one with POST /calls")
        return row

    @app.get("/health")
    def health() -> dict:
        return {"ok": True}

    @app.post("/calls", status_code=201)
    def create_call(body: NewCall | None = None) -> dict:
        plan = (body.plan if body else None) or {}
        try:
            ClinicAPI(plan=plan)  # the same checks as the clinic: unknown tools or outcomes are refused
        except (TypeError, ValueError) as bad:
            raise HTTPException(status_code=422, detail=str(bad)) from None
        call_id = new_call_id()
        calls.create(call_id, plan)
        return {"call_id": call_id}

    @app.post("/calls/{call_id}/turns", response_model=Reply)
    def take_turn(call_id: str, turn: Turn, after_reply: BackgroundTasks) -> dict:
        with turn_slots, calls.locked(call_id) as call:
            row = known(call_id, call.get())  # read under the lock: the previous turn may have used the plan
            waits: list[float] = []
            with agent_for(call_id, row["plan"], waits) as (agent, api):
                reply = agent.handle(turn.text or "")
                record = {"user": agent.heard, **reply, **tool_record(api, waits)}
            call.save_turn(record, api.plan)
            if reply["state"] in TERMINAL:  # an ended call needs only its final state: pruned once it is answered
                after_reply.add_task(prune, call_id)
        trimmer.turn_taken()
        return reply

    @app.post("/calls/{call_id}/transfer", response_model=Reply)
    def report_transfer(call_id: str, report: TransferReport, after_reply: BackgroundTasks) -> dict:
        """The phone line's report on a hand-off's warm transfer; reported again, it changes nothing."""
        with calls.locked(call_id) as call:
            row = known(call_id, call.get())
            with agent_for(call_id, row["plan"]) as (agent, api):
                if report.answered:
                    reply = agent.transfer_answered()
                else:
                    reply = agent.transfer_unanswered(replace_lone_surrogates(report.caller_number or "") or None)
            event = "transfer answered" if report.answered else "transfer unanswered"
            call.save_turn({"line": event, **reply, **tool_record(api, [])}, api.plan)
            after_reply.add_task(prune, call_id)
        return reply

    @app.get("/calls/{call_id}")
    def get_call(call_id: str) -> dict:
        row = known(call_id, calls.get(call_id))
        with agent_for(call_id, None) as (agent, _):
            return {"call_id": call_id, "state": agent.state, "node": agent.node, "slots": agent.slots,
                    "handoff": agent.handoff, "transfer": agent.transfer, "turns": row["turns"]}

    @app.get("/callbacks")
    def callbacks() -> dict:
        """The callback requests left for staff, oldest first (with the whole number: staff ring it)."""
        clinic = ClinicAPI(schedule=schedule, path=settings.clinic_db)
        try:
            return {"callbacks": clinic.callbacks}
        finally:
            clinic.close()

    return app
