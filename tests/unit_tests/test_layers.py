"""The import picture reads one way: graph -> nodes -> dialog -> tools -> voicekit (read from the source)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Higher layers may import lower ones, never the reverse. Apps (evals, service) sit on top of the graph.
LAYER = {"voicekit": 0, "tools": 1, "checkpoints": 1, "dialog": 2, "nodes": 3, "graph": 4, "evals": 5, "service": 5,
         "agent": 6}
PRODUCT = [p for package in LAYER if (ROOT / package).is_dir() for p in sorted((ROOT / package).rglob("*.py"))]


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, as dotted names (lazy imports inside functions included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_the_layer_table_covers_every_product_package():
    assert len(PRODUCT) > 30 and {p.relative_to(ROOT).parts[0] for p in PRODUCT} == set(LAYER) - {"agent"}


@pytest.mark.parametrize("path", PRODUCT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_higher_layer(path):
    package = path.relative_to(ROOT).parts[0]
    upward = sorted(m for m in imported_modules(path) if LAYER.get(m.split(".")[0], -1) > LAYER[package])
    assert not upward, f"{path.relative_to(ROOT)} ({package}, layer {LAYER[package]}) imports {upward}"


@pytest.mark.parametrize("path", sorted((ROOT / "nodes").glob("*.py")), ids=lambda p: p.name)
def test_nodes_do_not_import_each_other(path):
    # Shared pieces live in nodes/common.py (the waiting-node helper) or in the dialog core below.
    others = sorted(m for m in imported_modules(path) if m.startswith("nodes.") and not m.startswith("nodes.common"))
    assert not others, f"nodes/{path.name} imports {others}"


def test_the_checker_sees_an_upward_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from graph.graph import build_graph\n    return build_graph\n")
    assert "graph.graph" in imported_modules(sneaky)
