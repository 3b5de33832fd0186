"""docs/flow.md is what the scenarios do, per request, and every step it draws is an edge of the graph."""

from pathlib import Path
from typing import get_args

import pytest

from dialog.state import TaskName
from evals.flow import END, START, TITLES, TOOLS, flow_edges, render
from evals.runner import lab_scenarios
from graph.graph import build_graph

ROOT = Path(__file__).resolve().parents[2]
WRITES = {name for name, irreversible in TOOLS.items() if irreversible}


@pytest.fixture(scope="module")
def drawn():
    return flow_edges()


def test_docs_flow_md_matches_the_scenarios(drawn):
    committed = (ROOT / "docs" / "flow.md").read_text()
    assert committed == render(drawn), "docs/flow.md is stale: run `make artifacts` (python -m evals.flow docs/flow.md)"


def test_every_drawn_step_is_an_edge_of_the_compiled_graph(drawn):
    graph = build_graph().compile().get_graph()
    edges = {(e.source, e.target) for e in graph.edges}
    for task, steps in drawn.items():
        assert set(steps) <= edges, f"{task}: {sorted(set(steps) - edges)} are no edges of the graph"


def test_a_write_is_drawn_only_after_confirm(drawn):
    into_writes = {(source, target) for steps in drawn.values() for source, target in steps if target in WRITES}
    # A move's cancel follows its booking under the same yes (SPEC 7.6): the only write after another write.
    assert into_writes and {source for source, _ in into_writes} == {"confirm", "book"}
    assert {target for source, target in into_writes if source == "book"} == {"cancel"}
    assert all(task == "reschedule" for task, steps in drawn.items() for step in steps if step == ("book", "cancel"))


def test_the_happy_booking_is_one_path_from_start_to_end():
    happy = flow_edges([spec for spec in lab_scenarios() if spec["name"] == "happy"])
    assert happy[None] == [(START, "understand")]
    assert happy["book"] == [("understand", "ask_day"), ("ask_day", "find_slots"), ("find_slots", "ask_time"),
                             ("ask_time", "ask_name"), ("ask_name", "confirm"), ("confirm", "book"), ("book", "done"),
                             ("done", END)]


def test_every_request_has_a_title():
    assert set(TITLES) == {*get_args(TaskName), None}
