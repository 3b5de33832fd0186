"""``VoiceAgent``: one phone call. Each ``handle(text)`` is one caller turn = one resume of the graph.

The adapter branches on the thread's checkpoint, because LangGraph would silently restart a
waiting thread from START if it were sent plain input:

* no checkpoint yet        -> start the graph with the utterance;
* waiting at an interrupt  -> resume it with the utterance;
* a step left unfinished   -> (a process died mid-turn) finish that step first, then take the turn;
* ended (DONE / HANDOFF)   -> answer from the final state, call nothing.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.types import Durability

from checkpoints import memory_checkpointer, saves_may_wait
from dialog.context import Context, NluMode
from dialog.hearing import default_classifier
from dialog.language import Language, check_language, hearing, phrases, speaking
from dialog.names_spelled import unsure_words
from dialog.profile import ClinicProfile
from dialog.state import TERMINAL, Handoff, Summary
from dialog.turn import staff_in_now
from graph.call_views import CallViews
from graph.cut_off import never_resend_a_keyless_write
from graph.graph import RECURSION_LIMIT, compiled_for, write_triggers
from graph.speedups.one_checkpoint_read import NOT_READ, hand_over, question_waiting
from graph.speedups.saves_in_thread import allow_saves_in_thread, saves_in_thread
from graph.speedups.three_channels import call_values, stored_update
from graph.turn_input import turn_input
from graph.turn_lock import turn_lock
from voicekit.backend import ClinicBackend
from voicekit.phones import dialable
from voicekit.privacy import replace_lone_surrogates, take_phone_number

log = logging.getLogger(__name__)
allow_saves_in_thread()


def _check_api(api: Any) -> None:
    missing = [m for m in ("find_slots", "book") if not callable(getattr(api, m, None))]
    if missing or not isinstance(getattr(api, "calls", None), list):
        raise TypeError(
            "api must be a clinic backend with find_slots(day), book(day, time, name) and a `calls` list, "
            f"such as voicekit.clinic.ClinicAPI(); got {type(api).__name__} (missing: {missing or ['calls']})"
        )


AFTER_THE_END_KEPT = 200
"""How many characters of a turn sent to an ended call its checkpoint keeps (the call changes no more)."""


class VoiceAgent(CallViews):
    """A clinic booking call. ``api`` is the clinic backend; ``sleep`` waits between read retries."""

    def __init__(
        self,
        api: ClinicBackend,
        sleep: Callable[[float], Any] = time.sleep,
        max_retries: int = 2,
        backoff: tuple[float, ...] = (0.5, 1.0),
        *,
        nlu: NluMode = "rule",
        classify: Callable[[str], str] | None = None,
        clock: Callable[[], Any] | None = None,
        profile: ClinicProfile | None = None,
        llm_deadline: float = 3.0,
        thread_id: str | None = None,
        checkpointer: Any = None,
        continue_ended: bool = False,
        caller_number: str | None = None,
        ask_contact_number: bool = False,
        paused: Callable[[], bool] | None = None,
        language: Language | None = None,
    ):
        """``caller_number``: the line's caller id (Twilio's ``From``; no phone number = withheld), kept with the call.

        A booking carries it, and cancelling or moving one is checked against it (or a number the caller says).
        ``ask_contact_number``: without a caller id, a booking asks for a number to reach the caller on (the service
        turns it on for its lines; the lab's calls keep SPEC 3.2's turns).
        ``paused()``: whether staff have paused automated booking (asked each turn; the service's switch).
        ``language``: what the call speaks and hears ("en", "ko"); None: the clinic's (``profile.language``, which is
        English unless the clinic file says ``clinic.language``). The graph is the same in every language.
        """
        _check_api(api)
        profile = profile or ClinicProfile()
        if language is not None:
            profile = replace(profile, language=check_language(language))
        if nlu in ("llm", "hybrid") and classify is None:
            classify = default_classifier(nlu, llm_deadline)
        self.api = api
        self.context = Context(api=api, sleep=sleep, max_retries=max_retries, backoff=tuple(backoff),
                               clock=clock, profile=profile, nlu=nlu, classify=classify,
                               caller_number=caller_number, ask_contact_number=ask_contact_number,
                               paused=paused)
        if checkpointer is None:
            checkpointer = memory_checkpointer()
        elif not isinstance(checkpointer, BaseCheckpointSaver):
            raise TypeError(f"checkpointer must be a LangGraph checkpoint saver, such as "
                            f"checkpoints.make_checkpointer('calls.sqlite'); got {type(checkpointer).__name__}")
        self.thread_id = thread_id or f"call-{uuid.uuid4().hex}"
        self._graph = compiled_for(checkpointer)
        self._config = {"configurable": {"thread_id": self.thread_id}, "recursion_limit": RECURSION_LIMIT}
        self._broken_handoff: Handoff | None = None
        self.heard = ""
        """The caller's last utterance as it was stored: card numbers masked, a phone number to its last four."""
        self.after_the_end = False
        """The last turn came after the call had ended (answered with its final words, nothing run)."""
        self.handed_off_before = False
        """The call had been handed off before the last turn (so a HANDOFF now is no new hand-off)."""
        self._turns = turn_lock(self.thread_id)  # held for each turn (the service adds a cross-process lock)
        if thread_id is not None and not continue_ended:
            self._refuse_an_ended_call()

    def _refuse_an_ended_call(self) -> None:
        """A new agent on a thread whose call has ended would tell a new caller the old call's last words."""
        try:
            ended = self.state in TERMINAL
        except Exception:  # an unreachable store: handle() answers with a hand-off and says why in the log
            return
        if ended:
            raise ValueError(
                f"thread {self.thread_id!r} holds a call that has already ended ({self.state}): a new call needs a "
                "new thread_id (or none, and one is made up); to answer more turns of that ended call (rule 9), "
                "pass continue_ended=True")

    @property
    def language(self) -> Language:
        """The language the call speaks and hears ("en", "ko"): the phone line picks its recogniser and voice by it."""
        return self.context.language

    # -- what the grader reads ---------------------------------------------------------------
    @property
    def state(self) -> str:
        """The current dialog state (LISTEN until the first turn)."""
        if self._broken_handoff is not None:
            return "HANDOFF"
        snapshot = self._graph.get_state(self._config)
        if snapshot.interrupts:
            return snapshot.interrupts[0].value["state"]
        return (snapshot.values or {}).get("dialog_state", "LISTEN")  # a channel of its own (speedups.three_channels)

    @property
    def handoff(self) -> Handoff | None:
        """None until a hand-off, then {"reason", "summary": {"day", "time", "name"}}."""
        if self._broken_handoff is not None:
            return self._broken_handoff
        return call_values(self._graph.get_state(self._config).values).get("handoff")

    @property
    def node(self) -> str | None:
        """The graph node the call is at: the one waiting for the caller, or done/handoff; None before it starts."""
        snapshot = self._graph.get_state(self._config)
        if snapshot.next:
            return snapshot.next[0]
        state = (snapshot.values or {}).get("dialog_state")
        return state.lower() if state in TERMINAL else None

    @property
    def spelling_asked(self) -> bool:
        """Whether the call waits for the caller to spell their name (not for a yes to letters read back).

        The phone line hears letters there with its own settings (``phone.letters``): a spelling is said slowly,
        with pauses, and a recogniser writes letters only when told to expect them.
        """
        snapshot = self._graph.get_state(self._config)
        return bool(snapshot.next) and snapshot.next[0] == "spell_name" \
            and call_values(snapshot.values or {}).get("name_check") == "spell"

    # -- one caller turn ---------------------------------------------------------------------
    def handle(self, text: Any, words: Any = None) -> dict:
        """One caller utterance in, ``{"say", "state", "tool_calls"}`` out. Never raises on a string.

        ``words``: the turn's words as the speech recogniser heard them, in order, ``[(word, probability), ...]``
        (0..1; None for a typed turn): a name heard with a word under ``dialog.names_spelled.UNSURE_BELOW`` is
        spelled before it is read back.
        """
        if text is None:
            text = ""  # the speech recogniser heard nothing: a not-understood turn, never silence
        elif isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        elif not isinstance(text, str):
            raise TypeError(f"handle() takes the caller's utterance as a str, got {type(text).__name__}")
        raw = replace_lone_surrogates(text)
        with speaking(self.context.language):  # "구공공일공일 ..." is a number in Korean
            self.heard = hearing.masked(raw)
        unsure = unsure_words(words, self.heard)
        return self._taking_turn(lambda: self._turn(raw, unsure))

    def _taking_turn(self, turn: Callable[[], tuple[str, str]]) -> dict:
        """Run one turn under the call's lock; whatever fails, the caller hears something and a person takes over."""
        # one turn of this call at a time (its tools are this turn's entries of api.calls), in the call's language
        with self._turns.lock, speaking(self.context.language):
            before = len(self.api.calls)
            try:
                say, state = turn()
            except Exception:  # a bug or a dead checkpointer must not leave the caller in silence
                log.exception("turn failed on thread %s", self.thread_id)
                if self._broken_handoff is None:
                    self._broken_handoff = Handoff(reason="tool_failure", summary=self._summary())
                    self._record(self._broken_handoff)
                say, state = phrases.BROKEN, "HANDOFF"
            tool_calls = [call[0] for call in self.api.calls[before:]]
            return {"say": say or phrases.SAY_AGAIN, "state": state, "tool_calls": tool_calls}  # in its language

    def _turn(self, raw: str, unsure: list[str]) -> tuple[str, str]:
        self.after_the_end = self._broken_handoff is not None
        if self._broken_handoff is not None:
            return phrases.BROKEN, "HANDOFF"
        saved = self._graph.checkpointer.get_tuple(self._config)
        before = call_values(saved.checkpoint["channel_values"]) if saved is not None else {}
        self.handed_off_before = bool(before.get("handoff"))
        waiting = question_waiting(saved)
        if waiting is None and saved is not None:  # an ended call, or a turn cut off by a crash
            saved = NOT_READ  # get_state reads the checkpoint; the run reads it again after what it did
            snapshot = self._graph.get_state(self._config)
            if snapshot.tasks and not snapshot.interrupts:
                # A process died mid-turn and left a step unfinished: finish it first (a write it re-runs
                # replays by idempotency key). If that turn was this very utterance, re-sent by the phone
                # layer because it never got an answer, the finished turn's answer is the reply.
                cut_off = (snapshot.values or {}).get("utterance")
                never_resend_a_keyless_write(self._graph, self._config, self.api, snapshot)
                self._run(None)
                if cut_off in (hearing.masked(raw), hearing.masked(hearing.take_phone_number(raw)[0])):
                    return self._answer()
                snapshot = self._graph.get_state(self._config)
            waiting = snapshot.interrupts[0].value if snapshot.interrupts else None
            self.after_the_end = waiting is None
        # Only an answer to a read-back can lead to a write: that turn checkpoints every step. Any other
        # turn runs reads at most, so it is saved once, at its end: a process killed inside it loses only
        # that turn, which the phone line re-sends (the crash tests kill it at every step boundary).
        durability: Durability = "sync" if waiting and waiting.get("state") == "CONFIRM" else "exit"
        # An ended call keeps a bounded record: nothing reads a word sent after the end (its START closes it).
        kept = AFTER_THE_END_KEPT if self.after_the_end else None
        self.heard, payload = turn_input(raw, self.heard, waiting, unsure, self.context.profile.country, kept)
        return self._answer(self._run(payload, durability, saved))

    # -- the phone line's warm transfer ------------------------------------------------------
    @property
    def transfer(self) -> dict | None:
        """Where the phone line puts the caller through now, {"to", "ring_seconds"}; None unless staff are in.

        Set once the call has handed off while the clinic was open and the transfer has not been reported.
        """
        try:
            values = call_values(self._graph.get_state(self._config).values)
        except Exception:  # the store is down: the broken hand-off promised a person, if any is in
            broken = self._broken_handoff is not None
            values = {"dialog_state": "HANDOFF", "staff_in": staff_in_now(self.context)[0]} if broken else {}
        if values.get("dialog_state") != "HANDOFF" or not values.get("staff_in", True) or values.get("transfer"):
            return None
        profile = self.context.profile
        return {"to": profile.transfer_to or profile.phone, "ring_seconds": profile.ring_seconds}

    def transfer_unanswered(self, caller_number: str | None = None) -> dict:
        """The phone line reports that nobody answered the transfer: the caller is asked about a callback.

        "Nobody could answer. Shall I leave a request for staff to call you back on the number ending 0123?"
        (CONFIRM; ASK_NAME asks for a number first if the line has none): written only on a yes, and the call ends
        in HANDOFF, its hand-off record as it was. ``caller_number``: the caller id, if any. Reported again, or for
        a call never transferred, it changes nothing and calls no tool; no caller turn can start the question.
        """
        if caller_number is not None and not isinstance(caller_number, str):
            raise TypeError(f"caller_number must be the caller id as a str such as '+1 617 555 0123', "
                            f"got {type(caller_number).__name__}")
        _, said = take_phone_number(caller_number or "")
        phone = dialable(said, self.context.profile.country) if said else None  # a withheld number is None
        # The line's number, not the caller's words: read back by its last four (phone_said None).
        reported = {"transfer": "unanswered"} | ({"phone": phone, "phone_said": None} if phone else {})
        return self._taking_turn(lambda: self._report_transfer(reported))

    def transfer_answered(self) -> dict:
        """The phone line reports that staff picked up the transfer: nothing is left to do but note it."""
        return self._taking_turn(lambda: self._report_transfer({"transfer": "answered"}))

    def _report_transfer(self, update: dict) -> tuple[str, str]:
        if self._broken_handoff is None and self.transfer is not None:
            # START routes an ended call to "closed" (or to no_answer)
            self._run(stored_update({"utterance": ""} | update))
        return self._answer() if self._broken_handoff is None else (phrases.BROKEN, "HANDOFF")

    def _run(self, payload: Any, durability: Durability = "sync", saved: Any = NOT_READ) -> dict:
        """Run the graph; its output is the call's channels (``three_channels``), ``__interrupt__`` when it waits.

        ``saved``: the latest checkpoint just read by this turn (None: a new call, nothing saved yet); the run
        starts from it instead of reading again.
        """
        handed = hand_over(self.thread_id, saved)
        # A service turn may send its saves with its record, at its end: all of a run saved once, at its end
        # (it reaches no write); of a run saved step by step, all but a save after which a write may run.
        waits = saves_may_wait() if durability == "exit" else saves_may_wait(except_before=write_triggers())
        with saves_in_thread(), handed, waits:
            return self._graph.invoke(payload, self._config, context=self.context, durability=durability)

    def _answer(self, output: dict | None = None) -> tuple[str, str]:
        """What to say and the state: from a run's output, or else from the checkpoint."""
        if output is None:
            snapshot = self._graph.get_state(self._config)
            output = dict(snapshot.values or {})
            if snapshot.interrupts:
                output["__interrupt__"] = snapshot.interrupts
        if output.get("__interrupt__"):
            waiting = output["__interrupt__"][0].value
            return waiting["say"], waiting["state"]
        return call_values(output).get("say", ""), output.get("dialog_state", "LISTEN")

    def _record(self, handoff: Handoff) -> None:
        """Write the hand-off into the call's checkpoint, so a new agent (a new worker) sees it too."""
        try:
            broken = {"handoff": handoff, "dialog_state": "HANDOFF", "say": phrases.BROKEN, "notes": []}
            self._graph.update_state(self._config, stored_update(broken), as_node="handoff")
        except Exception:  # the store itself is down: this agent still answers HANDOFF, and says why in the log
            log.exception("could not record the hand-off of thread %s", self.thread_id)

    def _summary(self) -> Summary:
        try:
            values = call_values(self._graph.get_state(self._config).values)
        except Exception:
            values = {}
        return Summary(day=values.get("day"), time=values.get("time"), name=values.get("name"))
