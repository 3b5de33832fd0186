"""What dialog nodes share: the waiting-node factory, the run's clinic, and read-tool calls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from dialog.context import Context
from dialog.language import hearing, phrases
from dialog.state import Asking, CallState, CallUpdate, DialogState, Prompt, TaskName
from dialog.turn import take_turn
from tools.retry import call_read_tool
from voicekit.backend import CallbackTaker, Canceller, ClinicBackend

Question = Callable[[CallState, Context], str]
"""What a waiting node asks, from the call and its dependencies."""
AnswerHook = Callable[[CallState, str, Context, RunnableConfig], CallUpdate]
"""Extra updates a waiting node makes from the caller's answer (CONFIRM's consent gate)."""
CALLBACK_TASKS: tuple[TaskName, ...] = ("callback", "transfer_callback")
"""Requests whose every question may be answered with a phone number (the one to call back on)."""
T = TypeVar("T")


def waiting_node(dialog_state: DialogState, question: Question, on_answer: AnswerHook | None = None,
                 asking: Asking | None = None, name: str | None = None) -> Callable[..., CallUpdate]:
    """A dialog node that asks one question, waits for the caller with ``interrupt()`` and understands the answer.

    Everything above ``interrupt()`` is pure: on resume LangGraph re-runs the node from the top.
    ``on_answer`` sees the answer first (CONFIRM's consent gate); unless it accepted a read-back, the answer
    is understood (``dialog.turn.take_turn``) in the same step and the graph routes on the result.
    ``asking="phone"``: the question is for a phone number (a callback's CONFIRM and ASK_NAME expect one too).
    """

    def node(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> CallUpdate:
        asked = (state.last_prompt or phrases.GREETING) if state.repeat else question(
            replace(state, dialog_state=dialog_state), runtime.context)
        say = asked if state.repeat else " ".join([*state.notes, asked])
        # A callback's read-back may hear a corrected number; a cancel's never does (a number said there is no check);
        # a booking's that asks for a contact number takes one at any of its questions (never "a card number").
        contact = state.contact_wanted and state.task in (None, "book")
        expects: Asking | None = "phone" if asking == "phone" or state.task in CALLBACK_TASKS or contact else None
        answer = interrupt(Prompt(say=say, state=dialog_state, expects=expects))
        text, phone = caller_answer(answer, expects)
        update: CallUpdate = {"utterance": hearing.masked(text), "dialog_state": dialog_state,
                                  "last_prompt": asked, "say": say, "notes": [], "repeat": False, "asking": asking,
                                  "phone_heard": phone, "unsure_words": unsure_of(answer)}
        if on_answer is not None:
            update |= on_answer(state, text, runtime.context, config)
        if update.get("confirmed"):
            return update  # the read-back was accepted: the write comes next, nothing else is heard
        # Understood in this same step (not a node of its own): one superstep less per caller turn.
        return update | take_turn(replace(state, **update), runtime.context)

    node.__name__ = name or dialog_state.lower()
    return node


def caller_answer(answer: object, expects: str | None) -> tuple[str, str | None]:
    """(the caller's words, a phone number they gave) from what ``interrupt()`` was resumed with.

    VoiceAgent resumes a prompt that expects a phone number with {"text", "phone"}, the number already
    taken out of the text; Studio resumes with the plain words, so the number is taken out here.
    """
    if isinstance(answer, dict):  # the phone comes whole only from VoiceAgent, which checked it is one
        phone = answer.get("phone")
        return str(answer.get("text") or ""), (str(phone) if phone else None)
    text = answer if isinstance(answer, str) else str(answer or "")
    return hearing.take_phone_number(text) if expects == "phone" else (text, None)


def unsure_of(answer: object) -> list[str]:
    """The words of the answer the recogniser was unsure of (VoiceAgent resumes with {"text", "unsure"})."""
    unsure = answer.get("unsure") if isinstance(answer, dict) else None
    return [str(word) for word in unsure] if isinstance(unsure, list) else []


def thread_id(config: RunnableConfig | None) -> str:
    """The call's thread id (what idempotency keys are made from)."""
    return str(((config or {}).get("configurable") or {}).get("thread_id") or "default")


def _lacks(api: object, capability: str) -> TypeError:
    return TypeError(f"the clinic backend {type(api).__name__} is no {capability}: it lacks the method")


# A write node narrows the backend inside its ``try``: one without the capability is a refusal, a person takes over.
def canceller(api: object) -> Canceller:
    """``api`` as a backend that cancels, or a TypeError naming what it lacks."""
    if not isinstance(api, Canceller):
        raise _lacks(api, "Canceller")
    return api


def callback_taker(api: object) -> CallbackTaker:
    """``api`` as a backend that takes callback requests, or a TypeError naming what it lacks."""
    if not isinstance(api, CallbackTaker):
        raise _lacks(api, "CallbackTaker")
    return api


def clinic(runtime: Runtime[Context]) -> ClinicBackend:
    """The run's clinic backend."""
    api = runtime.context.api
    if api is None:
        raise ValueError("the run's context has no clinic api: pass Context(api=...) as VoiceAgent does, "
                         "or build the graph with graph.demo.DemoClinics() as Studio's graph is")
    return api


def read_tool(runtime: Runtime[Context], tool: Callable[..., T], *args: object, **keywords: object) -> T:
    """Call a read tool with the run's retry policy; the last error propagates."""
    context = runtime.context
    return call_read_tool(tool, *args, sleep=context.sleep, max_retries=context.max_retries, backoff=context.backoff,
                          **keywords)
