"""A node's update (``CallUpdate``) names exactly the call's fields (``CallState``), each with the same type."""

from dataclasses import fields
from typing import get_type_hints

from dialog.state import CallState, CallUpdate


def test_an_update_has_every_field_of_the_call_and_no_other():
    assert list(CallUpdate.__annotations__) == [f.name for f in fields(CallState)]


def test_each_field_of_an_update_has_the_calls_type():
    assert get_type_hints(CallUpdate) == get_type_hints(CallState)


def test_every_field_of_an_update_may_be_left_out():
    assert CallUpdate.__required_keys__ == frozenset()
