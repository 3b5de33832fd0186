"""Small pieces every dialog node shares: the waiting-node factory, hand-off updates, spoken times."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from graph.context import Context
from graph.state import CallState
from voicekit.nlu import mask_sensitive

Prompt = Callable[[CallState, Context], str]


def spoken_time(hhmm: str) -> str:
    """ "14:30" -> "2:30 pm", "09:00" -> "9 am", "12:00" -> "noon": how a receptionist says it."""
    hour, minute = int(hhmm[:2]), int(hhmm[3:])
    if (hour, minute) == (12, 0):
        return "noon"
    suffix = "am" if hour < 12 else "pm"
    hour12 = hour % 12 or 12
    return f"{hour12} {suffix}" if minute == 0 else f"{hour12}:{minute:02d} {suffix}"


def spoken_day(day: str | None) -> str:
    return day.capitalize() if day else "an open day"


def one_of(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def summary(state: CallState, **heard) -> dict:
    """What a person taking over needs: the slots filled so far (None where not)."""
    slots = {"day": state.day, "time": state.time, "name": state.name}
    slots.update({k: v for k, v in heard.items() if v is not None})
    return slots


def handoff_update(state: CallState, reason: str, note: str | None = None, **heard) -> dict:
    """The update that sends the call to a person, with why and what was collected."""
    notes = [*state.notes, note] if note else list(state.notes)
    return {"handoff": {"reason": reason, "summary": summary(state, **heard)}, "notes": notes}


def thread_id(config: RunnableConfig | None) -> str:
    return str(((config or {}).get("configurable") or {}).get("thread_id") or "default")


def waiting_node(dialog_state: str, prompt: Prompt) -> Callable[..., dict]:
    """A dialog node that asks one question and waits for the caller with ``interrupt()``.

    Everything above ``interrupt()`` is pure: on resume LangGraph re-runs the node from the top.
    """

    def node(state: CallState, runtime: Runtime[Context]) -> dict:
        question = state.last_prompt if state.repeat else prompt(replace(state, dialog_state=dialog_state),
                                                                 runtime.context)
        say = question if state.repeat else " ".join([*state.notes, question])
        answer = interrupt({"say": say, "state": dialog_state})
        return {
            "utterance": mask_sensitive(answer if isinstance(answer, str) else str(answer or "")),
            "dialog_state": dialog_state,
            "last_prompt": question,
            "say": say,
            "notes": [],
            "repeat": False,
        }

    node.__name__ = dialog_state.lower()
    return node
