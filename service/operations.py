"""What an operator and staff run the line with: readiness and liveness, metrics, the pause switch, recent calls.

GET  /health        readiness: a bounded read of the call store, the checkpoints and the calendar; 503 names
what failed. Also says whether automated booking is paused.
GET  /health/live   liveness: the process answers (no I/O)
GET  /metrics       (staff) Prometheus figures, the guard counters and the pause switch among them
POST /line/pause    (staff) stop automated booking on every worker, from each call's next turn
POST /line/resume   (staff) turn it back on
GET  /calls         (staff) the recent calls, newest first, with their channel and outcome
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as NotInTime
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import Gauge

from service.observe import metrics_text

log = logging.getLogger(__name__)

HEALTH_SECONDS = 4.0
"""The longest ``/health`` takes: a check not done by then has failed (a calendar that hangs is a calendar down)."""
PAUSED = Gauge("clinic_line_paused", "1 while staff have paused automated booking, else 0", multiprocess_mode="max")


def operations_router(*, calls: Any, checks: dict[str, Callable[[], object]], staff: list[Any]) -> APIRouter:
    """The routes above; ``checks`` are the readiness checks by name (each raises when its part is down)."""
    router = APIRouter()
    checking = ThreadPoolExecutor(len(checks) * 2, thread_name_prefix="health")

    def paused() -> bool | None:
        try:
            now = bool(calls.paused())
        except Exception:  # the store is down: /health says so under "calls"
            return None
        PAUSED.set(1 if now else 0)
        return now

    @router.get("/health")
    def health() -> Response:
        """Readiness: each part answers within HEALTH_SECONDS, or ``failed`` names it (503)."""
        running = {name: checking.submit(check) for name, check in checks.items()}
        failed = []
        for name, check in running.items():
            try:
                check.result(timeout=HEALTH_SECONDS)
            except NotInTime:
                log.error("health check %s did not answer within %g s", name, HEALTH_SECONDS)
                failed.append(name)
            except Exception as error:  # the reason goes to the log (without secrets), not to whoever asks
                log.error("health check %s failed: %s", name, error)
                failed.append(name)
        return JSONResponse({"ok": not failed, "failed": failed, "paused": paused()},
                            status_code=503 if failed else 200)

    @router.get("/health/live")
    def live() -> dict:
        """Liveness: the worker's event loop answers. No I/O, so a slow calendar never gets the worker restarted."""
        return {"ok": True}

    @router.get("/metrics", dependencies=staff)
    def metrics() -> Response:
        paused()
        return Response(metrics_text(), media_type="text/plain; version=0.0.4")

    @router.post("/line/pause", dependencies=staff)
    def pause() -> dict:
        """Stop automated booking: each call's next turn tells the caller and puts them through or offers a callback."""
        calls.set_paused(True)
        log.warning("automated booking paused by staff")
        return {"paused": paused()}

    @router.post("/line/resume", dependencies=staff)
    def resume() -> dict:
        """Turn automated booking back on, from each call's next turn."""
        calls.set_paused(False)
        log.warning("automated booking resumed by staff")
        return {"paused": paused()}

    @router.get("/calls", dependencies=staff)
    def recent_calls() -> dict:
        """The recent calls, newest first: id, channel (http, phone, browser), start, last turn, state and outcome."""
        return {"calls": calls.recent()}

    return router
