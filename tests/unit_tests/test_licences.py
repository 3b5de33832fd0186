"""GPL programs the project uses run as programs of their own, never imported.

Piper's speech, Radicale's CalDAV server and espeak-ng are started as separate processes by this Apache-2.0
project's tests and benchmarks.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GPL_MODULES = {"piper", "radicale"}
"""Python packages under the GPL (piper-tts, Radicale) that are run as ``python -m ...``, never imported."""


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_of_the_project_or_its_benchmarks_imports_a_gpl_package():
    sources = [p for p in ROOT.rglob("*.py") if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)
               and p.relative_to(ROOT).parts[0] != "tests"]
    assert len(sources) > 100
    importing = {str(p.relative_to(ROOT)): imported(p) & GPL_MODULES for p in sources}
    assert {path: gpl for path, gpl in importing.items() if gpl} == {}

