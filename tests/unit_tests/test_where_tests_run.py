"""`make test` on two xdist workers: the files that play a call's audio share one, every other file keeps together."""

import re
from pathlib import Path

from tests.where_tests_run import AUDIO_GROUP, xdist_group

INTEGRATION = Path(__file__).resolve().parents[1] / "integration_tests"
PLAYS_AUDIO = re.compile(r"phone\.speech|phone\.pipeline|phone_audio|fake-audio-capture")
"""What a file that plays a call's audio reads: the phone line's speech or pipeline, the recorded caller, a fake mic."""


def test_every_file_that_plays_a_calls_audio_is_in_the_audio_group_and_no_other_file_is():
    files = sorted(INTEGRATION.glob("test_*.py"))
    audio = {p.name for p in files if PLAYS_AUDIO.search(p.read_text())}
    assert len(audio) >= 5 and len(files) - len(audio) >= 10
    groups = {p.name: xdist_group(f"tests/integration_tests/{p.name}::test_one[case]") for p in files}
    assert {name for name, group in groups.items() if group == AUDIO_GROUP} == audio
    assert all(group == f"tests/integration_tests/{name}" for name, group in groups.items() if name not in audio)


def test_unit_tests_are_spread_one_by_one():
    for nodeid in ("tests/unit_tests/test_nlu.py::test_a[one]", "tests/unit_tests/test_phone.py::test_b"):
        assert xdist_group(nodeid) == nodeid
