"""Which saves of a service turn may wait for its end (``checkpoints.save_may_wait``): never one before a write."""

import pytest

from checkpoints import save_may_wait, saves_may_wait
from graph.graph import write_triggers

BEFORE_BOOK = {"updated_channels": ["branch:to:book", "call"]}
AFTER_BOOK = {"updated_channels": ["branch:to:done", "call"]}


def test_outside_the_block_every_save_goes_at_once():
    assert not save_may_wait(AFTER_BOOK)


def test_a_run_that_reaches_no_write_lets_every_save_wait():
    with saves_may_wait():
        assert save_may_wait(AFTER_BOOK) and save_may_wait({"updated_channels": None})
    assert not save_may_wait(AFTER_BOOK), "the block's setting outlived it"


def test_the_save_before_a_write_goes_at_once_the_others_wait():
    with saves_may_wait(except_before=write_triggers()):
        assert not save_may_wait(BEFORE_BOOK)
        for write in ("cancel", "request_callback"):
            assert not save_may_wait({"updated_channels": [f"branch:to:{write}"]})
        assert save_may_wait(AFTER_BOOK)
        # unknown updates, or a Send() (it can start any node): at once
        assert not save_may_wait({"updated_channels": None}) and not save_may_wait({})
        assert not save_may_wait({"updated_channels": ["__pregel_tasks"]})


def test_the_write_triggers_are_the_graphs_own():
    # Read from the compiled graph: the channel a conditional edge writes to start each write node.
    assert write_triggers() == {"branch:to:book", "branch:to:cancel", "branch:to:request_callback"}


def test_channel_names_are_asked_for_as_a_collection():
    with pytest.raises(TypeError, match=r"pass \['branch:to:book'\]"), saves_may_wait(except_before="branch:to:book"):
        pass
