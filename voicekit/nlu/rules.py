"""A rule of the parser as a named object, the turn it reads, and how an ordered list of rules decides.

A rule is a name, a test of the turn and what it gives when the test holds. The first rule of a list
whose test holds decides, so the order of the list is part of the meaning: the lists
(``voicekit.nlu.intent_rules.INTENT_RULES``, ``voicekit.nlu.act_rules.ACT_RULES``) say why a rule
stands where it does. ``analyse`` records the name of the rule that decided
(``Understanding.intent_rule`` and ``act_rule``), so a wrong parse names the rule to look at.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from voicekit.nlu.types import Understanding

T = TypeVar("T")


@dataclass(frozen=True)
class Rule(Generic[T]):
    """One named rule: when ``holds(turn)``, the turn ``gives`` this."""

    name: str
    holds: Callable[[Turn], bool]
    gives: T


class Turn:
    """One utterance as the rules read it: its words, the values already heard, and what they share.

    What more than one rule needs (the values, where the caller agreed) is worked out once, when a rule
    first asks for it, and only then: a rule further down the list costs nothing when an earlier one decides.
    """

    def __init__(self, lower: list[str], original: list[str], heard: Understanding, emergency: bool, stop: bool,
                 asked: bool) -> None:
        self.lower, self.original, self.heard = lower, original, heard
        self.emergency, self.stop, self.asked = emergency, stop, asked
        self.joined = " ".join(lower)
        self.words = set(lower)
        self.memo: dict[str, object] = {}

    @functools.cached_property
    def values(self) -> list[str]:
        """The days heard, else the times heard (empty when neither)."""
        return self.heard.days or self.heard.times


def once(judge: Callable[[Turn], T]) -> Callable[[Turn], T]:
    """A judgement of the turn that several rules share: made when first asked, then remembered for the turn."""
    key = judge.__qualname__

    @functools.wraps(judge)
    def remembered(turn: Turn) -> T:
        if key not in turn.memo:
            turn.memo[key] = judge(turn)
        return turn.memo[key]  # type: ignore[return-value]

    return remembered


def decide(rules: Sequence[Rule[T]], turn: Turn) -> tuple[T, str]:
    """What the first rule that holds gives, and its name (every list ends with a rule that always holds)."""
    for rule in rules:
        if rule.holds(turn):
            return rule.gives, rule.name
    raise AssertionError("a rule list must end with a rule that always holds")
