"""The browser call simulator: a page served by the service (``GET /``) and what it draws (``GET /simulator``).

A person plays the caller in the browser; the page talks to the same call API a phone line uses, so what
it shows is what a caller gets. It draws the compiled graph (the one Studio draws) with the call's node
lit, the slots, each tool call with its outcome and retry waits, and the hand-off record.
"""

from __future__ import annotations

import functools
from pathlib import Path

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from evals.runner import lab_scenarios
from graph.graph import build_graph
from service.auth import signed_in, staff_only
from voicekit.clinic import OUTCOMES, TOOLS

PAGE = Path(__file__).with_name("static") / "simulator.html"
PER_LINE = 5
"""Most nodes the page draws side by side."""
SIGN_IN = """<!doctype html><title>Sign in</title><p>Sign in with the link the call service printed when it started
(<code>/?token=...</code>), or set the staff token it reads (CLINIC_STAFF_TOKEN by default).</p>"""


@functools.cache
def graph_layout() -> dict:
    """The compiled graph's nodes in rows (their distance from START) and its edges."""
    drawn = build_graph().compile().get_graph()
    edges: list[dict[str, str]] = [{"from": e.source, "to": e.target} for e in drawn.edges]
    conditional = [bool(e.conditional) for e in drawn.edges]
    rows: dict[str, int] = {"__start__": 0}
    frontier = ["__start__"]
    while frontier:
        following = []
        for node in frontier:
            for edge in edges:
                if edge["from"] == node and edge["to"] not in rows:
                    rows[edge["to"]] = rows[node] + 1
                    following.append(edge["to"])
        frontier = following
    drawn_edges = [edge | {"conditional": dashed} for edge, dashed in zip(edges, conditional, strict=True)]
    bottom = max(rows.values()) + 1
    rows["__end__"] = bottom  # the end below everything, however short its shortest path
    levels: dict[int, list[str]] = {}
    for node in drawn.nodes:  # in the order the graph adds them, so related nodes sit side by side
        levels.setdefault(rows.get(node, bottom), []).append(node)
    nodes: list[dict] = []
    line = 0
    for level in sorted(levels):
        members = levels[level]
        for start in range(0, len(members), PER_LINE):  # a crowded level takes several lines
            nodes += [{"id": node, "row": line, "col": col}
                      for col, node in enumerate(members[start:start + PER_LINE])]
            line += 1
    return {"nodes": nodes, "edges": drawn_edges}


def simulator_router(token: str) -> APIRouter:
    """The page and its setup, for staff only: the page takes the sign-in link's token and sends it as a header."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def simulator_page(request: Request) -> HTMLResponse:
        """The simulator: plain HTML and JavaScript, no build step."""
        if not signed_in(request, token, link=True):
            return HTMLResponse(SIGN_IN, status_code=401)
        return HTMLResponse(PAGE.read_text(), headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    @router.get("/simulator", dependencies=[Depends(staff_only(token))])
    def simulator_setup() -> dict:
        """What the page draws and offers: the graph, the tools and outcomes of a failure plan, the lab's plans."""
        presets = {spec["name"]: spec.get("plan") or {} for spec in lab_scenarios()}
        return {"graph": graph_layout(), "tools": list(TOOLS), "outcomes": list(OUTCOMES), "presets": presets}

    return router
