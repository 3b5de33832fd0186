"""The service's Pruner: ended calls gathered into batches, every call pruned once, failures retried then logged."""

import logging
import threading

import pytest

from service.background import Pruner


def test_calls_that_end_together_are_pruned_in_one_batch():
    batches: list[list[str]] = []
    pruner = Pruner(batches.append, gather_seconds=0.5)
    for call in ("call-b", "call-a", "call-c"):
        pruner.add(call)
    pruner.close()
    assert batches == [["call-a", "call-b", "call-c"]]


def test_close_prunes_what_is_waiting_without_waiting_out_the_gathering():
    batches: list[list[str]] = []
    pruner = Pruner(batches.append, gather_seconds=60)
    pruner.add("call-1")
    pruner.close(timeout=10)
    assert batches == [["call-1"]]


def test_calls_after_a_batch_go_in_the_next_one():
    batches: list[list[str]] = []
    pruned = threading.Event()
    pruner = Pruner(lambda ids: (batches.append(ids), pruned.set()), gather_seconds=0)
    pruner.add("call-1")
    assert pruned.wait(10)
    pruner.add("call-2")
    pruner.close()
    assert batches == [["call-1"], ["call-2"]]


def test_a_refused_batch_is_tried_again_then_logged_and_later_batches_still_go(caplog):
    tries: list[list[str]] = []
    second_try = threading.Event()

    def prune(ids):
        tries.append(ids)
        if "call-1" in ids:
            if len(tries) == 2:
                second_try.set()
            raise RuntimeError("could not serialize access due to concurrent delete")

    pruner = Pruner(prune, gather_seconds=0)
    with caplog.at_level(logging.WARNING, logger="service.background"):
        pruner.add("call-1")
        assert second_try.wait(10)
        pruner.add("call-2")
        pruner.close()
    assert tries == [["call-1"], ["call-1"], ["call-2"]]
    assert [r.getMessage() for r in caplog.records if "could not prune" in r.getMessage()] == [
        "could not prune the history of ended calls call-1"]


def test_gathering_cannot_be_negative():
    with pytest.raises(ValueError, match="gather_seconds"):
        Pruner(lambda ids: None, gather_seconds=-1)
