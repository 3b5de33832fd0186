"""The call service: a telephony layer posts each caller transcript as a turn of a call.

    POST /calls                      {"plan"?: {...}}  -> 201 {"call_id"}
    POST /calls/{call_id}/turns      {"text": "..."}   -> {"say", "state", "tool_calls"}
    POST /calls/{call_id}/transfer   {"answered": false, "caller_number"?}  -> the same reply shape
    POST /calls/{call_id}/voice      {"sdp": "<WebRTC offer>"}  -> the answer; the call plays over it (voice_call)
    GET  /calls/{call_id}                              -> state, slots, handoff, transfer, turn history (masked)
    GET  /callbacks                                    -> the callback requests left for staff
    GET  /                                             -> the browser call simulator
    GET  /health, /openapi.json, /docs

Stateless workers: call state lives in the checkpointer (PostgreSQL or SQLite) and the call store;
two turns of one call are serialised by a per-call lock in the database; an ended call answers
with its final words and calls no tool.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import replace
from typing import Any

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from checkpoints import keep_only_latest, make_checkpointer
from dialog.state import TERMINAL
from graph.voice_agent import VoiceAgent
from service.auth import UNAUTHORIZED, check_token, new_token, signed_in, staff_only
from service.background import HeapTrimmer, Pruner, Purger
from service.body_limit import BodyLimit
from service.guards import KeysWritten, caller_words_detector, judge_writes, watch_writes
from service.limits import CallGate, Refused
from service.line_calls import RecordedAgent, line_tickets
from service.new_calls import NewCalls, too_many
from service.observe import Stopwatch, observe_turn
from service.operations import operations_router
from service.records import NewCall, Reply, TransferReport, Turn, close_clinic, reply_response, shortened, tool_record
from service.settings import Settings
from service.simulator import simulator_router
from service.store import SqliteCallStore
from service.turn_slots import TurnSlots
from service.voice_call_budgets import ToolWatch, latency_of, most_voice_calls, watch_tools
from voicekit.backend import ClinicBackend
from voicekit.clinic import ClinicAPI, check_day, check_time
from voicekit.phones import mask_read_out
from voicekit.privacy import replace_lone_surrogates

log = logging.getLogger(__name__)
# A transport limit, not a caller limit: every text a request can carry is answered as VoiceAgent.handle
# answers it (any length; values are read from its first 2,000 characters, the consent gate judges all of it).
MAX_BODY_BYTES = 2 * 1024 * 1024


def open_stores(settings: Settings) -> tuple[Any, Any]:
    """The call store and the checkpointer a worker with these settings uses."""
    url = settings.database_url
    if url.startswith(("postgres://", "postgresql://")):
        from psycopg_pool import ConnectionPool

        from service.postgres_store import PostgresCallStore

        # No prepared statements of psycopg's own on the turns' connections: after a ROLLBACK (a failed turn)
        # psycopg drops them all with DEALLOCATE ALL, and the call store's with them (postgres_turn).
        pool = ConnectionPool(url, kwargs={"autocommit": True, "prepare_threshold": None}, min_size=1,
                              max_size=settings.pool_size, open=True)
        checkpointer = make_checkpointer(url)
        return PostgresCallStore(pool, saver=checkpointer), checkpointer
    return SqliteCallStore(url + ".calls"), make_checkpointer(url)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The FastAPI app of one worker, wired to its stores."""
    settings = settings or Settings.from_env()
    for path in (settings.database_url, settings.clinic_db):
        if "://" not in path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    calls, checkpointer = open_stores(settings)
    trimmer = HeapTrimmer(settings.trim_every)
    # A few turns at a time, the rest queued in order of arrival (p99 0.8-1 s at 16 callers side by side on
    # PostgreSQL, near the time of a queue of turns this way); a retry's wait gives its slot up (turn_slots).
    slots = TurnSlots(settings.turns_at_once, settings.sleep, in_flight=settings.pool_size - 1)

    async def on_turn_thread(work: Callable[..., dict], *args: Any) -> dict:
        """Run a turn's blocking work on a turn thread: one hand-off from the event loop and one back.

        A plain (sync) endpoint made three: the endpoint, the reply's validation, a background task.
        """
        return await asyncio.get_running_loop().run_in_executor(slots.threads, slots.run, work, *args)

    clinic = settings.clinic
    if settings.schedule:  # CLINIC_SCHEDULE: the demo clinic's times per weekday, instead of the file's
        schedule = {check_day(d): tuple(check_time(t) for t in ts) for d, ts in settings.schedule.items()}
        clinic = replace(clinic, times={**clinic.times, **schedule})

    keys_written = KeysWritten()

    def open_clinic(plan: dict | None = None) -> Any:
        """The clinic's calendar for one turn (the demo's bookings in the worker's shared SQLite file)."""
        calendar = clinic.open_calendar(clock=settings.clock, plan=plan or None, demo_path=settings.clinic_db)
        watch_writes(calendar, keys_written)  # the guard on keys carried out twice
        return calendar

    close_clinic(open_clinic())  # create the clinic's tables (or check the calendar's settings) once, up front
    # An ended call needs only its final state: its history is pruned after its reply, in batches.
    pruner = Pruner(lambda call_ids: keep_only_latest(checkpointer, call_ids), settings.prune_gather_seconds)
    gate = CallGate(settings.limits or clinic.limits)
    new_calls = NewCalls(calls, gate, clinic.security.http_callers)
    detector = caller_words_detector()
    purger = Purger(calls, checkpointer, open_clinic, clinic.retention, every=settings.purge_every_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        slots.shutdown()  # a worker told to stop finishes the turns it took...
        pruner.close()  # ...and prunes the calls that ended in its last second
        purger.close()

    app = FastAPI(title="Clinic call service", version="0.1.0", lifespan=lifespan,
                  description="One caller transcript in, what to say out; books only after an explicit yes.")
    if settings.staff_token is None:  # never an open mode: a token of its own, and the link to sign in with
        app.state.staff_token = new_token()
        print(f"Staff sign-in (the call simulator): /?token={app.state.staff_token}", file=sys.stderr, flush=True)
    else:
        app.state.staff_token = check_token(settings.staff_token, clinic.security.staff_token_env)
    token: str = app.state.staff_token
    app.state.new_calls = new_calls  # the one place a call is created: routes outside this function use it too
    staff = [Depends(staff_only(token))]

    def call_agent(call_id: str, api: ClinicBackend, sleep: Any = settings.sleep,
                   caller_number: str | None = None, paused: Callable[[], bool] | None = None) -> VoiceAgent:
        """The agent of one call on this worker's checkpointer (an ended call answers with its final words).

        ``caller_number``: the phone line's caller id (the call keeps it from its first turn on); without one (HTTP,
        the browser, a withheld number) a booking asks for a number to reach the caller on (issue 38 item 11).
        ``paused()``: whether staff paused automated booking (the store's switch, read each turn).
        """
        return VoiceAgent(api, sleep=sleep, backoff=settings.backoff, thread_id=call_id, checkpointer=checkpointer,
                          continue_ended=True, clock=settings.clock, profile=clinic.profile,
                          caller_number=caller_number, ask_contact_number=True,  # a number on every booking
                          paused=paused)

    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)

    @app.exception_handler(RequestValidationError)
    def refuse_without_echo(request: Request, refused: RequestValidationError) -> JSONResponse:
        # FastAPI's default 422 repeats the input: it could be a card number a caller read out.
        detail = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")}
                  for e in refused.errors()]
        return JSONResponse(status_code=422, content={"detail": detail})

    @contextlib.contextmanager
    def agent_for(call_id: str, plan: dict | None, waits: list[float] | None = None, paused: bool = False,
                  watch: ToolWatch | None = None) -> Iterator[tuple[VoiceAgent, Any]]:
        # Each turn builds its agent. The clinic's connection is closed with the turn: left to the collector,
        # connections (and their page caches) piled up and the worker's memory grew with the clinic's database.
        api = open_clinic(plan)
        if watch is not None:  # a voice call's page shows a read running, and times it
            api = watch_tools(api, watch)

        def sleep(seconds: float) -> None:  # the retry waits go into the turn's record
            (waits if waits is not None else []).append(seconds)
            slots.sleep(seconds)

        try:
            yield call_agent(call_id, api, sleep, paused=lambda: paused), api
        finally:
            close_clinic(api)

    def known(call_id: str, found: dict | None) -> dict:
        """What was found of a call (its plan, or its record); None means there is no such call: a 404."""
        if found is None:
            raise HTTPException(status_code=404, detail=f"no call {call_id!r}; create one with POST /calls")
        return found

    def calendar_answers() -> None:
        """A bounded read of the clinic's calendar: its own check (CalDAV: one PROPFIND), else a day's open times."""
        calendar = open_clinic()
        try:
            check = getattr(calendar, "check", None)
            check() if callable(check) else calendar.find_slots("monday")
        finally:
            close_clinic(calendar)

    checks = {"calls": lambda: calls.get("call-health-check"),
              "checkpoints": lambda: checkpointer.get_tuple({"configurable": {"thread_id": "health-check"}}),
              "calendar": calendar_answers}
    app.include_router(operations_router(calls=calls, checks=checks, staff=staff))

    def open_call(plan: dict, source: str | None, staff_signed_in: bool) -> dict:
        if plan and clinic.calendar.kind != "demo":  # one "taken" would remove a real slot for every caller
            raise HTTPException(status_code=422, detail="failure plans are a demo feature; this line's calendar is "
                                                        f"{clinic.calendar.kind!r}")
        try:
            ClinicAPI(plan=plan)  # the same checks as the clinic: unknown tools or outcomes are refused
        except (TypeError, ValueError) as bad:
            raise HTTPException(status_code=422, detail=str(bad)) from None
        return {"call_id": new_calls.open("http", source=source, staff=staff_signed_in, plan=plan, admitted=True)}

    @app.post("/calls", status_code=201)
    async def create_call(request: Request, body: NewCall | None = None) -> dict:
        plan = (body.plan if body else None) or {}
        staff_signed_in = signed_in(request, token)
        if plan and not staff_signed_in:  # a failure plan rehearses the line: staff only
            raise UNAUTHORIZED
        # Who may call and the limits are checked here, on the event loop, before any work: a flood costs nothing.
        new_calls.may_call_over_http(staff_signed_in)
        source = request.client.host if request.client else None
        new_calls.admit(source, staff=staff_signed_in)
        return await on_turn_thread(open_call, plan, source, staff_signed_in)

    def answer_turn(call_id: str, text: str, watch: ToolWatch | None = None, seen: dict | None = None,
                    words: list[tuple[str, float]] | None = None) -> dict:
        """One caller turn; ``seen`` (a voice call's) gets what was heard, the step and the values understood.

        ``words``: a voice call's, the recogniser's ``[(word, probability), ...]`` (None for a typed turn).
        """
        stopwatch = Stopwatch()
        with calls.locked(call_id) as call:
            plan = known(call_id, call.plan())  # read under the lock: the previous turn may have used the plan
            waits: list[float] = []
            with agent_for(call_id, plan, waits, call.paused(), watch) as (agent, api), call.first_read():
                reply = agent.handle(text, words=words)
                # Stored like the caller's words: a number the reply read out shows its last four only.
                record = {"user": agent.heard, **reply, "say": mask_read_out(reply["say"]), **tool_record(api, waits)}
                new_handoff = reply["state"] == "HANDOFF" and not agent.handed_off_before
                handoff = agent.handoff if new_handoff else None
                if seen is not None:
                    seen.update(heard=record["user"], node=agent.node, slots=agent.slots)
            if agent.after_the_end:  # answered with the final words: kept short, however much is sent to it
                record["user"] = shortened(record["user"])
            call.save_turn(record, getattr(api, "plan", {}))
        detector.watch(agent.heard)
        judge_writes(agent.heard, api.calls, ended_before=agent.after_the_end, language=agent.language)
        observe_turn(call_id, reply, api.calls, stopwatch.seconds(), handoff["reason"] if handoff else None)
        if reply["state"] in TERMINAL:
            pruner.add(call_id)
            gate.ended(call_id)
        trimmer.turn_taken()
        return reply

    def answer_transfer(call_id: str, report: TransferReport) -> dict:
        with calls.locked(call_id) as call:
            plan = known(call_id, call.plan())
            with agent_for(call_id, plan) as (agent, api):
                if report.answered:
                    reply = agent.transfer_answered()
                else:
                    reply = agent.transfer_unanswered(replace_lone_surrogates(report.caller_number or "") or None)
            event = "transfer answered" if report.answered else "transfer unanswered"
            stored = {"line": event, **reply, "say": mask_read_out(reply["say"]), **tool_record(api, [])}
            call.save_turn(stored, getattr(api, "plan", {}))
        pruner.add(call_id)
        return reply

    @app.post("/calls/{call_id}/turns", response_model=Reply)
    async def take_turn(call_id: str, turn: Turn, request: Request) -> Response:
        if clinic.security.http_callers != "public":  # who may call over HTTP may take its turns, nobody else
            new_calls.may_call_over_http(signed_in(request, token))
        try:
            gate.turn(call_id)  # a call sending turns faster than a person talks: 429, before any work
        except Refused as refused:
            raise too_many(refused) from None
        return reply_response(await on_turn_thread(answer_turn, call_id, turn.text or ""))

    @app.post("/calls/{call_id}/transfer", response_model=Reply, dependencies=staff)
    async def report_transfer(call_id: str, report: TransferReport) -> Response:
        """The phone line's report on a hand-off's warm transfer; reported again, it changes nothing."""
        return reply_response(await on_turn_thread(answer_transfer, call_id, report))

    @app.get("/calls/{call_id}", dependencies=staff)
    def get_call(call_id: str) -> dict:
        row = known(call_id, calls.get(call_id))
        with agent_for(call_id, None) as (agent, _):
            slots, handoff = agent.slots, agent.handoff
            # Staff get the date with the hand-off's summary; agent.handoff keeps the lab's shape.
            # ...and the reason for the visit when the caller gave one.
            reason = {"reason": agent.reason} if agent.reason else {}
            dated = None if handoff is None else {**handoff["summary"], "date": slots["date"], **reason}
            for_staff = None if handoff is None else {**handoff, "summary": dated}
            return {"call_id": call_id, "state": agent.state, "node": agent.node, "slots": slots,
                    "handoff": for_staff, "transfer": agent.transfer, "turns": row["turns"],
                    "latency": (voice.latency(call_id) if voice else None) or latency_of(row["turns"])}

    @app.get("/callbacks", dependencies=staff)
    def callbacks() -> dict:
        """The callback requests left for staff, oldest first (with the whole number: staff ring it)."""
        calendar = open_clinic()
        try:
            return {"callbacks": list(getattr(calendar, "callbacks", []))}  # a calendar without them takes none
        finally:
            close_clinic(calendar)

    talks = all(importlib.util.find_spec(m) is not None for m in ("pipecat", "aiortc")) and most_voice_calls() > 0
    # GET /: staff play the caller in a browser, over this same API (typed, keyed, or a voice call)
    app.include_router(simulator_router(token, voice=talks))
    voice = None
    if talks:  # a voice call from the page, over WebRTC
        from service.voice_call import VoiceCalls, offer_host_addresses

        def voice_turn(call_id: str, text: str, watch: ToolWatch, words: list[tuple[str, float]] | None) -> dict:
            """A voice call's turn: the HTTP turn, in a turn slot like every turn (on the pipeline's thread)."""
            seen: dict = {}
            reply = slots.run(answer_turn, call_id, text, watch, seen, words)
            return {"reply": reply, **seen}

        def save_line(call_id: str, record: dict) -> None:
            """The line's own entry in a call's history (a voice call ended, with its latency budgets)."""
            with calls.locked(call_id) as call:
                call.save_turn(record, known(call_id, call.plan()))

        offer_host_addresses()
        voice = VoiceCalls(lambda call_id: calls.get(call_id) is not None, voice_turn, save_line, clinic.profile,
                           most=most_voice_calls())

        def may_talk(request: Request) -> None:
            """A voice call is a caller's call: on a staff-only line it needs the token, as its typed turns do."""
            if clinic.security.http_callers != "public":
                new_calls.may_call_over_http(signed_in(request, token))

        app.include_router(voice.router(), dependencies=[Depends(may_talk)])
    if importlib.util.find_spec("pipecat") is not None:  # the voice extra: a Twilio number can call in
        from phone.twilio import LineSettings, twilio_router

        def phone_call(call_id: str, caller_number: str | None) -> RecordedAgent:
            """A phone call's agent, recorded like an HTTP call's (admitted by its webhook's limits already)."""
            new_calls.open("phone", source=caller_number, call_id=call_id, admitted=True)
            agent = call_agent(call_id, open_clinic(), caller_number=caller_number, paused=calls.paused)
            return RecordedAgent(agent, calls, call_id, ended=gate.ended)

        app.include_router(twilio_router(phone_call, LineSettings.from_security(clinic.security),
                                         tickets=line_tickets(settings, calls), admit=new_calls.admit,
                                         ended=gate.ended))
    # Routes are matched in order, and FastAPI's own (/openapi.json, /docs...) came first: the turns, the
    # busiest, go before all (no other route matches their path).
    app.router.routes.sort(key=lambda route: getattr(route, "path", None) != "/calls/{call_id}/turns")
    return app
