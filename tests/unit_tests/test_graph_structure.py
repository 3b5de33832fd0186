"""The compiled graph's shape: the seven states are nodes, and CONFIRM is the only door to a write.

A move (SPEC 7.6) has two writes on one yes: ``cancel``'s one other way in is ``book``, whose only way in is
CONFIRM, so both still have no way in but the read-back's yes.
"""

from graph.graph import build_graph, studio_graph
from voicekit.clinic import TOOLS

WRITES = [name for name, (irreversible, _) in TOOLS.items() if irreversible]


def edges():
    graph = build_graph().compile().get_graph()
    return [(e.source, e.target) for e in graph.edges]


def test_every_dialog_state_is_a_node():
    nodes = set(build_graph().compile().get_graph().nodes)
    assert {"listen", "ask_day", "ask_time", "ask_name", "confirm", "done", "handoff"} <= nodes
    assert {"understand", "find_slots", "book", "find_bookings", "cancel"} <= nodes


def test_the_only_way_into_a_write_tool_is_confirm():
    for write in WRITES:
        sources = {source for source, target in edges() if target == write}
        allowed = {"confirm", "book"} if write == "cancel" else {"confirm"}  # a move: book the new, cancel the old
        assert sources == allowed, f"{write} is reachable from {sources}"


def test_the_moves_second_write_follows_only_its_first():
    out = {}
    for source, target in edges():
        out.setdefault(source, set()).add(target)
    assert {source for source, target in edges() if target == "book"} == {"confirm"}
    assert out["book"] == {"cancel", "find_slots", "done", "handoff"}  # never back to a question between the two
    assert "book" not in out["cancel"]


def writes_reachable_without_confirm(drawn):
    adjacency = {}
    for source, target in drawn:
        if source != "confirm":  # cut CONFIRM out: no write may still be reachable
            adjacency.setdefault(source, set()).add(target)
    seen, todo = set(), ["__start__"]
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(adjacency.get(node, ()))
    return seen & set(WRITES)


def test_every_path_from_start_to_a_write_passes_confirm():
    assert not writes_reachable_without_confirm(edges())


def test_the_proof_finds_a_write_reachable_another_way():
    # A find_slots that could book (or a router whose Literal named a write) must fail the proof above.
    assert writes_reachable_without_confirm([*edges(), ("find_slots", "book")]) == {"book", "cancel"}
    assert writes_reachable_without_confirm([*edges(), ("understand", "cancel")]) == {"cancel"}


def test_done_and_handoff_are_terminal():
    out = {}
    for source, target in edges():
        out.setdefault(source, set()).add(target)
    assert out["done"] == {"__end__"} and out["handoff"] == {"__end__"}


def test_studio_graph_has_no_checkpointer_of_its_own():
    assert studio_graph.checkpointer is None  # langgraph dev refuses a graph with its own
