"""How much one worker takes on (SPEC 7.4): new calls per source and in all, turns per call, calls at once.

Every limit is a token bucket checked before any work is done for the request (no database, no agent), so a
flood costs the worker a dictionary look-up per request and an ordinary caller is never slowed by it: over a
limit the answer is at once a 429 with Retry-After, never a queue. Each source address has a bucket of its
own, so one address flooding uses up its own budget and nobody else's; the overall bucket bounds many
addresses together. Staff (the staff token: a telephony front, the simulator) are not limited per address.

``CallGate`` is per worker (several workers: each takes its share).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from dialog.config import Limits

IDLE_SECONDS = 300.0
"""A call with no turn for this long no longer counts as in progress (its caller has gone; a phone call that
really goes on that long while saying nothing is counted again at its next turn)."""
TURN_BURST_SECONDS = 3
"""A call may send this many seconds' worth of turns at once (a telephony front re-sending, keys pressed fast)."""
MAX_TRACKED = 10_000
"""Most sources, calls and buckets remembered; the oldest are forgotten (a forgotten bucket was full anyway)."""


@dataclass
class Bucket:
    """A token bucket: ``size`` tokens, refilled at ``rate`` a second."""

    size: float
    rate: float
    tokens: float
    at: float

    def take(self, now: float) -> float:
        """0 when a token was taken; else the seconds until one is there (nothing taken)."""
        self.tokens = min(self.size, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class Refused(Exception):
    """Over a limit: the caller may try again after ``retry_after`` seconds (a whole number, at least 1)."""

    def __init__(self, what: str, seconds: float):
        super().__init__(what)
        self.what = what
        """Which limit, for the 429's detail: "new calls from this address", "new calls", "turns", "calls at once"."""
        self.retry_after = max(1, math.ceil(seconds))


class CallGate:
    """One worker's limits on new calls, turns and calls in progress (see the module's docstring)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic):
        self.limits, self._clock = limits, clock
        self._lock = threading.Lock()
        per_minute = limits.new_calls_per_minute
        self._all = Bucket(per_minute, per_minute / 60, per_minute, clock())
        self._sources: OrderedDict[str, Bucket] = OrderedDict()
        self._turns: OrderedDict[str, Bucket] = OrderedDict()
        self._active: OrderedDict[str, float] = OrderedDict()  # call id -> when it last took a turn

    def new_call(self, source: str | None, *, staff: bool = False) -> None:
        """Let one new call start from ``source`` (an address, or the caller id on the phone line), or raise Refused."""
        with self._lock:
            now = self._clock()
            self._forget_idle(now)
            if len(self._active) >= self.limits.calls_at_once:
                raise Refused("calls at once", 5)
            if not staff and source is not None:
                size = self.limits.new_calls_per_minute_per_address
                bucket = self._bucket(self._sources, source, size, size / 60, now)
                if wait := bucket.take(now):
                    raise Refused("new calls from this address", wait)
            if wait := self._all.take(now):
                if not staff and source is not None:
                    self._sources[source].tokens += 1  # not started: the address keeps its token
                raise Refused("new calls", wait)

    def started(self, call_id: str) -> None:
        """A call admitted by ``new_call`` now exists: it counts as in progress until it ends or goes idle."""
        with self._lock:
            self._remember(self._active, call_id, self._clock())

    def turn(self, call_id: str) -> None:
        """Let one turn of ``call_id`` through, or raise Refused (too many turns a second)."""
        rate = self.limits.turns_per_second_per_call
        with self._lock:
            now = self._clock()
            if wait := self._bucket(self._turns, call_id, rate * TURN_BURST_SECONDS, rate, now).take(now):
                raise Refused("turns", wait)
            if call_id in self._active:
                self._remember(self._active, call_id, now)

    def ended(self, call_id: str) -> None:
        """The call is over (an HTTP call's last turn, a phone call hung up): it no longer counts as in progress."""
        with self._lock:
            self._active.pop(call_id, None)
            self._turns.pop(call_id, None)

    def in_progress(self) -> int:
        """Calls in progress on this worker now."""
        with self._lock:
            self._forget_idle(self._clock())
            return len(self._active)

    def _forget_idle(self, now: float) -> None:
        while self._active:
            call_id, last = next(iter(self._active.items()))
            if now - last < IDLE_SECONDS:
                break
            del self._active[call_id]

    @staticmethod
    def _remember(table: OrderedDict, key: str, value: object) -> None:
        table[key] = value
        table.move_to_end(key)
        while len(table) > MAX_TRACKED:
            table.popitem(last=False)

    def _bucket(self, table: OrderedDict[str, Bucket], key: str, size: float, rate: float, now: float) -> Bucket:
        bucket = table.get(key)
        if bucket is None:
            bucket = Bucket(size, rate, size, now)
        self._remember(table, key, bucket)
        return bucket
