"""The committed artifacts are exactly what the code produces (regenerate with `make artifacts`)."""

import json
from pathlib import Path

from evals.runner import lab_scenarios, run_scenario, write_traces
from tools.manifest import render

ROOT = Path(__file__).resolve().parents[2]


def test_tools_json_matches_the_code():
    committed = (ROOT / "tools.json").read_text()
    assert committed == render(), "tools.json is stale: run `make artifacts`"
    manifest = json.loads(committed)
    assert manifest["tools"]["book"] == {"irreversible": True}
    assert manifest["tools"]["find_slots"] == {"irreversible": False}
    assert manifest["retryable"] == ["ToolTimeout"]


def test_traces_jsonl_matches_a_fresh_run(tmp_path):
    fresh = tmp_path / "traces.jsonl"
    write_traces([run_scenario(spec) for spec in lab_scenarios()], fresh)
    assert (ROOT / "traces.jsonl").read_text() == fresh.read_text(), "traces.jsonl is stale: run `make artifacts`"


def test_traces_have_the_spec_shape():
    rows = [json.loads(line) for line in (ROOT / "traces.jsonl").read_text().splitlines()]
    assert len(rows) == 22  # the nine lab scenarios: 5+2+3+1+1+2+2+4+2 turns
    for row in rows:
        assert list(row) == ["scenario", "turn", "user", "state", "say", "tools", "outcomes"]
        assert len(row["tools"]) == len(row["outcomes"]) and row["say"]
