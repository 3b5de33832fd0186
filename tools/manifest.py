"""``tools.json``: which tools are irreversible and which errors are worth retrying, derived from code.

Run ``python -m tools.manifest`` (or ``make artifacts``) to regenerate; a test fails if the committed
file differs from what this produces.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tools.retry import RETRYABLE
from voicekit.clinic import TOOLS

ROOT = Path(__file__).resolve().parent.parent


def manifest() -> dict:
    """``{"tools": {name: {"irreversible": bool}}, "retryable": [error names]}``."""
    return {
        "tools": {name: {"irreversible": irreversible} for name, (irreversible, _) in TOOLS.items()},
        "retryable": [error.__name__ for error in RETRYABLE],
    }


def render() -> str:
    """tools.json's text."""
    return json.dumps(manifest(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write tools.json (or the path given)."""
    target = Path((argv or sys.argv[1:] or [str(ROOT / "tools.json")])[0])
    target.write_text(render())
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
