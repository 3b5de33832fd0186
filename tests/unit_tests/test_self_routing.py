"""Nodes that route themselves: the router's Literal return type is the node's whole set of edges."""

from typing import Literal

import pytest
from langgraph.types import Command

from dialog.routing import after_confirm, route
from dialog.state import CallState
from graph.speedups.self_routing import router_targets, self_routing


def test_the_edges_are_the_routers_literal_members():
    assert set(router_targets(route)) == {"listen", "ask_day", "ask_time", "ask_name", "ask_phone", "spell_name",
                                          "confirm", "find_slots", "find_bookings", "done", "handoff"}
    assert {"book", "cancel", "request_callback"} <= set(router_targets(after_confirm))
    assert not {"book", "cancel", "request_callback"} & set(router_targets(route))


def test_the_router_sees_the_state_after_the_nodes_update():
    def name_taken(state: CallState) -> dict:
        return {"name": "Jamie", "time": "10:00", "day": "tuesday", "task": "book",
                "offered_day": "tuesday", "offered_times": ["10:00"]}

    command = self_routing(name_taken, route)({}, None, {})  # a call with nothing stored yet
    assert isinstance(command, Command) and command.goto == "confirm" and command.update["call"]["name"] == "Jamie"


def test_a_router_answering_outside_its_type_fails_loudly():
    def sneaky(state: CallState) -> Literal["done"]:
        return "book"  # type: ignore[return-value]

    with pytest.raises(ValueError, match="'book'"):
        self_routing(lambda state: {}, sneaky)({}, None, {})


def test_a_router_without_a_literal_type_is_refused():
    def untyped(state):
        return "done"

    with pytest.raises(TypeError, match="Literal"):
        self_routing(lambda state: {}, untyped)


def test_only_changed_fields_are_written():
    # LangGraph versions (and a checkpoint stores) every field written, equal value or not.
    def node(state: CallState) -> dict:
        return {"dialog_state": "ASK_DAY", "notes": [], "repeat": False, "day": "tuesday"}

    command = self_routing(node, route)({"dialog_state": "ASK_DAY", "call": {"task": "book"}}, None, {})
    assert command.update == {"call": {"day": "tuesday"}} and command.goto == "find_slots"


def test_a_node_sees_the_stored_call_as_a_call_state():
    seen = []

    def node(state: CallState) -> dict:
        seen.append(state)
        return {}

    self_routing(node, route)({"utterance": "Tuesday", "dialog_state": "ASK_DAY", "call": {"task": "book"}}, None, {})
    assert seen == [CallState(utterance="Tuesday", dialog_state="ASK_DAY", task="book")]
