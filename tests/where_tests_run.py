"""Which tests share an xdist worker (`make test` runs pytest on two: ``-n 2``); ``tests/conftest.py`` hands this out.

The files that play a call's audio through Whisper in real time make one group, so one worker runs them one after
another: on two cores two such calls at once would starve each other's turn-taking waits. The group is handed out
first (it is the longest). Every other integration file (the LLM's, the typed simulator's among them) is a group of
its own, so its module-scoped server (a service worker, Radicale, PostgreSQL, the LLM, Chromium) starts once. Unit
tests are spread test by test. The groups are given to xdist as its scheduler: pytest 9 keeps a node's id where
xdist 3.8's own ``xdist_group`` mark cannot add to it.
"""

from __future__ import annotations

AUDIO_GROUP = "audio"
AUDIO = ("test_browser_voice_call", "test_korean_phone_line", "test_phone_", "test_short_replies", "test_twilio_",
         "test_two_machines")
"""The integration files that play audio (tests/unit_tests/test_where_tests_run.py finds them by what they read)."""


def xdist_group(nodeid: str) -> str:
    """The work unit a test belongs to: the audio group, an integration test's file, or the unit test itself."""
    path = nodeid.split("::", 1)[0]
    folder, _, name = path.rpartition("/")
    if not folder.endswith("integration_tests"):
        return nodeid
    return AUDIO_GROUP if name.startswith(AUDIO) else path


def scheduler(config, log):
    """The scope scheduler of xdist, its scopes being these groups, handed out in collection order."""
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

    config.option.loadscopereorder = False  # by test count instead, the audio group could start last
    return Grouped(config, log)
