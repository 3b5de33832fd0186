"""A look-alike of a real calendar for the tests of verified cancels and reschedules (its own code, no voicekit inside).

``book`` takes ``phone=`` and ``find_bookings`` returns it, as a CalDAV calendar's do.
"""

from agent import VoiceAgent
from voicekit.clinic import ToolError, ToolTimeout

VICTIM = "+16175550123"
ATTACKER = "+16175550199"  # same area code and exchange: only the last four differ
FRIDAY = {"day": "friday", "time": "14:30", "name": "Jamie", "phone": VICTIM}
FRIDAY_SPOKEN = ("friday", "2:30", "14:30")


class PhoneClinic:
    """A calendar whose bookings carry the caller's phone (as a real one's do)."""

    OPEN = ["09:00", "10:00", "11:30", "14:30", "16:00"]

    def __init__(self, bookings=(), plan=None):
        self.calls: list[tuple[str, dict, str]] = []
        self.keys: list[tuple[str, str | None]] = []  # (write, idempotency key), in order
        self.booked = [dict(b, booking_id=f"b{n}") for n, b in enumerate(bookings, start=1)]
        self.plan = {k: list(v) for k, v in (plan or {}).items()}

    def _outcome(self, tool):
        queue = self.plan.get(tool) or []
        return queue.pop(0) if queue else "ok"

    def find_slots(self, day):
        self.calls.append(("find_slots", {"day": day}, "ok"))
        taken = {(b["day"], b["time"]) for b in self.booked}
        return [] if day in ("saturday", "sunday") else [t for t in self.OPEN if (day, t) not in taken]

    def book(self, day, time, name, idempotency_key=None, phone=None):
        outcome = self._outcome("book")
        self.calls.append(("book", {"day": day, "time": time, "name": name, "phone": phone}, outcome))
        self.keys.append(("book", idempotency_key))
        if outcome == "taken":
            raise ToolError("taken", "someone else got it")
        booking = {"booking_id": f"b{len(self.booked) + 1}", "day": day, "time": time, "name": name}
        if outcome in ("ok", "timeout"):  # a timeout loses the answer, not the booking
            self.booked.append(booking | ({"phone": phone} if phone else {}))
        if outcome == "timeout":
            raise ToolTimeout("no answer")
        if outcome != "ok":
            raise ToolError(outcome)
        return booking

    def find_bookings(self, name):
        outcome = self._outcome("find_bookings")
        self.calls.append(("find_bookings", {"name": name}, outcome))
        if outcome == "timeout":
            raise ToolTimeout("no answer")
        return [dict(b) for b in self.booked if b["name"].casefold() == name.casefold()]

    def cancel(self, booking_id, idempotency_key=None):
        outcome = self._outcome("cancel")
        self.calls.append(("cancel", {"booking_id": booking_id}, outcome))
        self.keys.append(("cancel", idempotency_key))
        found = next(b for b in self.booked if b["booking_id"] == booking_id)
        if outcome in ("ok", "timeout"):
            self.booked.remove(found)
        if outcome == "timeout":
            raise ToolTimeout("no answer")
        if outcome != "ok":
            raise ToolError(outcome)
        return {**found, "cancelled": True}

    @property
    def bookings(self):
        return [dict(b) for b in self.booked]


def call(bookings=(), caller_number=None, api=None, plan=None):
    """A call from ``caller_number`` (None: withheld) to a clinic with ``bookings`` (and a failure ``plan``)."""
    api = api if api is not None else PhoneClinic(bookings, plan)
    return VoiceAgent(api, sleep=lambda s: None, caller_number=caller_number), api


def play(agent, *turns):
    return [agent.handle(turn) for turn in turns]


def cancelled(api):
    return [c for c in api.calls if c[0] == "cancel"]


def never_read_out(replies):
    """No reply says the victim's appointment time."""
    return not any(word in r["say"].lower() for r in replies for word in FRIDAY_SPOKEN[1:])
