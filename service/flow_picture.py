"""The simulator's picture of a call: the current request's flow as docs/flow.md draws it, laid out in layers.

docs/flow.md (``evals.flow``, checked fresh by a test) holds each request's steps as the scenarios take them;
this reads it (or runs the scenarios when the file is not there) and lays each request's steps out the way
mermaid's ``flowchart TD`` does, as a layered drawing: each step one row further down than the steps that lead
to it, a step back up (a question asked again, "no" at the read-back) routed along the right edge, each box as
wide as its label and side by side with gaps, so no two boxes and no two labels ever overlap. The page draws
what this returns and lights the step the call is at.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

Edge = tuple[str, str]
START, END = "__start__", "__end__"
FLOW_MD = Path(__file__).resolve().parent.parent / "docs" / "flow.md"
NO_REQUEST = "none"
"""The key of the flow before the caller names a request."""
CHAR_WIDTH = 7.4
"""Pixels a character of a label takes (12 px monospace), and a box's padding around its label."""
PADDING, BOX_HEIGHT, MIN_WIDTH = 22, 26, 60
NODE_GAP, RANK_GAP, LANE_GAP, MARGIN = 22, 44, 9, 12
DUMMY_WIDTH = 10
"""A long edge passes each row between its ends through a slot of its own this wide."""

_HEADING = re.compile(r"^## (?P<title>.*?)(?: \(`(?P<task>\w+)`\))?$")
_ARROW = re.compile(r"\s+(?:-->|==>\|[^|]*\|)\s+")


def _name(mermaid: str) -> str:
    """A node as flow.md writes it (``ask_day(["ask_day"])``, ``START(("start"))``) to its graph name."""
    plain = re.split(r"[\[(]", mermaid.strip(), maxsplit=1)[0]
    return {"START": START, "END": END}.get(plain, plain)


def read_flow_md(text: str) -> dict[str, tuple[str, list[Edge]]]:
    """Each request's title and steps in docs/flow.md's order, by request (``NO_REQUEST`` before one is named)."""
    flows: dict[str, tuple[str, list[Edge]]] = {}
    current: list[Edge] | None = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            current = []
            flows[heading.group("task") or NO_REQUEST] = (heading.group("title"), current)
            continue
        ends = _ARROW.split(line.strip())
        if current is not None and len(ends) == 2:
            current.append((_name(ends[0]), _name(ends[1])))
    return flows


@functools.cache
def flow_pictures() -> dict[str, dict]:
    """Every request's picture (``layout`` and its title), from docs/flow.md, or from the scenarios without it."""
    if FLOW_MD.exists():
        flows = read_flow_md(FLOW_MD.read_text())
    else:  # an installed package without the docs: the scenarios give the same steps (a few seconds)
        from evals.flow import TITLES, flow_edges

        flows = {task or NO_REQUEST: (TITLES[task], edges) for task, edges in flow_edges().items() if edges}
    return {task: {"title": title, **layout(edges)} for task, (title, edges) in flows.items()}


def kind_of(name: str) -> str:
    """How a node is drawn, as in docs/flow.md: a question, a read, a write, a step, or the start/end."""
    from tools.manifest import manifest

    tools = manifest()["tools"]
    if name in (START, END):
        return "terminal"
    if name in tools:
        return "write" if tools[name]["irreversible"] else "read"
    return "question" if name.startswith("ask_") or name in ("listen", "confirm") else "step"


def _ranks(nodes: list[str], edges: list[Edge]) -> tuple[dict[str, int], set[Edge]]:
    """Each node's row (the longest path to it, a step back up not counted) and the steps back up."""
    following: dict[str, list[str]] = {n: [] for n in nodes}
    for source, target in edges:
        if source != target:
            following[source].append(target)
    back: set[Edge] = set()
    state: dict[str, str] = {}

    def visit(node: str) -> None:  # depth first, in the file's order: an edge into the path is a step back
        state[node] = "open"
        for target in following[node]:
            if state.get(target) == "open":
                back.add((node, target))
            elif target not in state:
                visit(target)
        state[node] = "done"

    for root in ([START] if START in following else []) + nodes:
        if root not in state:
            visit(root)
    rank = dict.fromkeys(nodes, 0)
    for _ in nodes:  # longest path on what is left, a DAG: at most one pass per node
        moved = False
        for source, target in edges:
            if source != target and (source, target) not in back and rank[target] < rank[source] + 1:
                rank[target], moved = rank[source] + 1, True
        if not moved:
            break
    if END in rank:  # the end below everything, as mermaid draws it
        rank[END] = max((r for n, r in rank.items() if n != END), default=0) + 1
    return rank, back


def layout(edges: list[Edge]) -> dict[str, Any]:
    """Boxes (x, y, width, height: the box's top left) and edge paths for one request's steps, in pixels."""
    nodes = list(dict.fromkeys(n for edge in edges for n in edge))
    rank, back = _ranks(nodes, edges)
    rows: dict[int, list[str]] = {}
    for node in nodes:
        rows.setdefault(rank[node], []).append(node)
    chains: dict[Edge, list[str]] = {}  # a long step down passes each row between through a slot of its own
    for source, target in edges:  # (a step back up goes along the right instead)
        if (source, target) not in back and rank[target] - rank[source] > 1:
            between = range(rank[source] + 1, rank[target])
            chains[(source, target)] = [f"{source}>{target}#{r}" for r in between]
            for r, dummy in zip(between, chains[(source, target)], strict=True):
                rows[r].append(dummy)
    _order(rows, edges, chains, back)
    width_of = {n: max(MIN_WIDTH, round(len(_label(n)) * CHAR_WIDTH) + PADDING) for n in nodes}
    row_width = {r: sum(width_of.get(n, DUMMY_WIDTH) for n in members) + NODE_GAP * (len(members) - 1)
                 for r, members in rows.items()}
    inner = max(row_width.values(), default=0)
    box: dict[str, dict] = {}
    for r, members in sorted(rows.items()):
        x = MARGIN + (inner - row_width[r]) / 2
        for member in members:
            w = width_of.get(member, DUMMY_WIDTH)
            box[member] = {"x": round(x, 1), "y": MARGIN + r * (BOX_HEIGHT + RANK_GAP), "w": w, "h": BOX_HEIGHT}
            x += w + NODE_GAP
    lanes = MARGIN + inner + LANE_GAP
    drawn, lane = [], 0
    for source, target in edges:
        if source == target:
            path = _loop(box[source])
        elif (source, target) in back:
            lane += 1
            path = _back(box[source], box[target], lanes + lane * LANE_GAP)
        else:
            path = _down([box[source], *(box[d] for d in chains.get((source, target), [])), box[target]])
        drawn.append({"from": source, "to": target, "path": path, "write": kind_of(target) == "write"})
    return {"nodes": [{"id": n, "label": _label(n), "kind": kind_of(n), **box[n]} for n in nodes],
            "edges": drawn, "width": round(lanes + (lane + 1) * LANE_GAP + MARGIN),
            "height": MARGIN * 2 + (max(rows, default=0) + 1) * (BOX_HEIGHT + RANK_GAP) - RANK_GAP}


def _label(node: str) -> str:
    return node.strip("_") if node in (START, END) else node


def _order(rows: dict[int, list[str]], edges: list[Edge], chains: dict[Edge, list[str]], back: set[Edge]) -> None:
    """Order each row by its neighbours' places (barycentres, eight sweeps), so fewer steps cross."""
    links: list[Edge] = []
    for source, target in edges:
        if source == target:
            continue
        steps = [source, *chains.get((source, target), []), target]
        links += list(zip(steps, steps[1:], strict=False))
    def centre(node: str, place: dict[str, float]) -> float:
        near = [place[a if b == node else b] for a, b in links if node in (a, b) and a != b]
        return sum(near) / len(near) if near else place[node]

    for sweep in range(8):
        for r in sorted(rows, reverse=bool(sweep % 2)):
            place = {n: i - len(members) / 2 for members in rows.values() for i, n in enumerate(members)}
            rows[r].sort(key=functools.partial(centre, place=place))


def _down(boxes: list[dict]) -> str:
    """A step down: from the bottom of its box through its slots to the top of the next box."""
    first, *slots, last = boxes
    points = [(first["x"] + first["w"] / 2, first["y"] + first["h"])]
    for slot in slots:
        points += [(slot["x"] + slot["w"] / 2, slot["y"]), (slot["x"] + slot["w"] / 2, slot["y"] + slot["h"])]
    points.append((last["x"] + last["w"] / 2, last["y"]))
    path = f"M{points[0][0]:.1f},{points[0][1]:.1f}"
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):  # curves that leave and arrive upright
        middle = (y1 + y2) / 2
        path += f" C{x1:.1f},{middle:.1f} {x2:.1f},{middle:.1f} {x2:.1f},{y2:.1f}"
    return path


def _back(source: dict, target: dict, lane_x: float) -> str:
    """A step back up, along a lane right of every box: out below the source, in above the target."""
    sx, sy = source["x"] + source["w"] * 0.75, source["y"] + source["h"]
    tx, ty = target["x"] + target["w"] * 0.75, target["y"]
    below, above = sy + RANK_GAP * 0.35, ty - RANK_GAP * 0.35
    return f"M{sx:.1f},{sy:.1f} L{sx:.1f},{below:.1f} L{lane_x:.1f},{below:.1f} L{lane_x:.1f},{above:.1f} " \
           f"L{tx:.1f},{above:.1f} L{tx:.1f},{ty:.1f}"


def _loop(node: dict) -> str:
    """The same question asked again: a small loop on the box's right."""
    x, y = node["x"] + node["w"], node["y"] + node["h"] / 2
    return f"M{x:.1f},{y - 6:.1f} C{x + 16:.1f},{y - 14:.1f} {x + 16:.1f},{y + 14:.1f} {x:.1f},{y + 6:.1f}"
