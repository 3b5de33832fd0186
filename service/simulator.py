"""The browser call simulator: a page served by the service (``GET /``) and what it draws (``GET /simulator``).

A person plays the caller in the browser, typing, pressing keys or talking (a WebRTC voice call,
``service.voice_call``); the page talks to the same call API a caller uses, so what it shows is what a caller
gets. It draws the current request's flow as docs/flow.md does (``service.flow_picture``) with the step the
call is at lit, what was heard and what was understood, the read-back with its "Yes, book it", the slots,
each tool call with its outcome and retry waits, the hand-off record and the voice call's latency budgets.
Everything the page loads is served here (its script and style too): no CDN, no build step.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from evals.runner import lab_scenarios
from service.auth import signed_in, staff_only
from service.flow_picture import flow_pictures
from voicekit.clinic import OUTCOMES, TOOLS

STATIC = Path(__file__).with_name("static")
PAGE = STATIC / "simulator.html"
ASSETS = {"simulator.js": "text/javascript", "simulator.css": "text/css"}
"""The page's script and style: no secret in them, so served without sign-in (a script tag sends no token)."""
SIGN_IN = """<!doctype html><title>Sign in</title><p>Sign in with the link the call service printed when it started
(<code>/?token=...</code>), or set the staff token it reads (CLINIC_STAFF_TOKEN by default).</p>"""


def simulator_router(token: str, voice: bool = False) -> APIRouter:
    """The page and its setup, for staff only: the page takes the sign-in link's token and sends it as a header."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def simulator_page(request: Request) -> HTMLResponse:
        """The simulator: plain HTML and JavaScript, no build step."""
        if not signed_in(request, token, link=True):
            return HTMLResponse(SIGN_IN, status_code=401)
        return HTMLResponse(PAGE.read_text(), headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    for name, media_type in ASSETS.items():
        def asset(path: Path = STATIC / name, media_type: str = media_type) -> Response:
            return Response(path.read_text(), media_type=media_type, headers={"Cache-Control": "no-cache"})

        router.add_api_route(f"/{name}", asset, methods=["GET"], include_in_schema=False)

    @router.get("/simulator", dependencies=[Depends(staff_only(token))])
    def simulator_setup() -> dict:
        """What the page draws and offers: each request's flow, a plan's tools and outcomes, the lab's plans, voice."""
        presets = {spec["name"]: spec.get("plan") or {} for spec in lab_scenarios()}
        return {"flows": flow_pictures(), "tools": list(TOOLS), "outcomes": list(OUTCOMES), "presets": presets,
                "voice": voice}

    return router
