"""The import picture reads one way: graph -> nodes -> dialog -> tools -> voicekit (read from the source)."""

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Higher layers may import lower ones, never the reverse. Apps (evals, the phone line) sit on top of the graph; the
# service above both serves the simulator's lab scenarios and the Twilio line. agent.py is the grader's entry point.
LAYER = {"voicekit": 0, "tools": 1, "checkpoints": 1, "dialog": 2, "nodes": 3, "graph": 4, "evals": 5, "phone": 5,
         "service": 6, "agent": 7}
# Top-level directories with Python in them that are not product code, so have no layer: the checks themselves, and
# the measuring tools, which drive the whole stack from outside and are not shipped (pyproject's packages.find).
NOT_PRODUCT = {"tests", "benchmarks"}


def packages_on_disk() -> set[str]:
    """Every top-level package, or module, with Python in it (hidden directories such as .venv and .git aside)."""
    folders = {d.name for d in ROOT.iterdir() if d.is_dir() and not d.name.startswith(".") and any(d.rglob("*.py"))}
    return folders | {f.stem for f in ROOT.glob("*.py")}


# From the disk, never from LAYER: a new package the table lacks must fail the test below, not drop out of it.
PACKAGES = packages_on_disk() - NOT_PRODUCT
PRODUCT = sorted(p for package in PACKAGES
                 for p in ((ROOT / package).rglob("*.py") if (ROOT / package).is_dir() else [ROOT / f"{package}.py"]))


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, as dotted names (lazy imports inside functions included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def module_name(path: Path) -> str:
    """``path``'s dotted module name (a package is its ``__init__.py``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PRODUCT}


def imported_on_load(path: Path) -> set[str]:
    """The product modules ``path`` imports when it is loaded: not inside functions, not under TYPE_CHECKING."""
    names: set[str] = set()
    pending = list(ast.parse(path.read_text()).body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue  # runs when called, after every module has loaded: the way a cycle is broken on purpose
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        pending.extend(ast.iter_child_nodes(node))
    return product_modules(names)


def product_modules(names: set[str]) -> set[str]:
    """The product modules among dotted import names: "dialog.state.CallState" is the module dialog.state."""
    found = set()
    for name in names:
        parts = name.split(".")
        prefixes = (".".join(parts[:n]) for n in range(len(parts), 0, -1))
        found |= {next((p for p in prefixes if p in MODULES), "")} - {""}
    return found


def import_cycle(edges: dict[str, set[str]]) -> list[str]:
    """One cycle of ``edges``, as the modules along it (the first repeated at the end), or [] when there is none."""
    finished: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module):], module]
        if module in finished:
            return []
        for following in sorted(edges.get(module, ())):
            if cycle := walk(following, [*path, module]):
                return cycle
        finished.add(module)
        return []

    return next((cycle for module in sorted(edges) if (cycle := walk(module, []))), [])


def test_the_layer_table_covers_every_product_package():
    missing, stale = sorted(PACKAGES - set(LAYER)), sorted(set(LAYER) - PACKAGES)
    assert not missing and not stale, f"packages without a layer: {missing}; layers of no package: {stale}"
    assert len(PRODUCT) > 30


def test_the_product_packages_are_the_ones_pyproject_ships():
    # NOT_PRODUCT cannot hide a shipped package; agent.py is a module run from the repository root, not installed.
    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    assert {name.rstrip("*") for name in find["include"]} == {p for p in PACKAGES if (ROOT / p).is_dir()}


@pytest.mark.parametrize("path", PRODUCT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_higher_layer(path):
    package = path.relative_to(ROOT).parts[0].removesuffix(".py")
    assert package in LAYER, f"{package} has no layer"
    upward = sorted(m for m in imported_modules(path) if LAYER.get(m.split(".")[0], -1) > LAYER[package])
    assert not upward, f"{path.relative_to(ROOT)} ({package}, layer {LAYER[package]}) imports {upward}"


@pytest.mark.parametrize("path", sorted((ROOT / "nodes").glob("*.py")), ids=lambda p: p.name)
def test_nodes_do_not_import_each_other(path):
    # Shared pieces live in nodes/common.py (the waiting-node helper) or in the dialog core below.
    others = sorted(m for m in imported_modules(path) if m.startswith("nodes.") and not m.startswith("nodes.common"))
    assert not others, f"nodes/{path.name} imports {others}"


def test_no_product_modules_import_each_other_on_load():
    # A cycle loads or not depending on which module is imported first; an import inside a function breaks one.
    cycle = import_cycle({name: imported_on_load(path) for name, path in MODULES.items()})
    assert not cycle, " -> ".join(cycle)


def test_no_product_modules_import_each_other_in_a_circle_even_when_called():
    # An import inside a function breaks a cycle at load time but still ties the two modules together.
    cycle = import_cycle({name: product_modules(imported_modules(path)) - {name} for name, path in MODULES.items()})
    assert not cycle, " -> ".join(cycle)


def test_the_cycle_finder_sees_a_cycle_and_no_false_one():
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_only_imports_made_on_load_count_for_cycles(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("from typing import TYPE_CHECKING\n\nimport dialog.state\nfrom dialog import phrases\n\n"
                      "if TYPE_CHECKING:\n    from graph.graph import build_graph\n\n\n"
                      "def f():\n    from nodes.book import book\n    return book\n")
    assert imported_on_load(module) == {"dialog", "dialog.state", "dialog.phrases"}


def test_the_checker_sees_an_upward_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from graph.graph import build_graph\n    return build_graph\n")
    assert "graph.graph" in imported_modules(sneaky)
