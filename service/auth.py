"""Staff sign-in: one bearer token, from the environment variable the clinic's file names (SPEC 6.4).

Staff endpoints (a call's record, the callback list, the transfer report, the simulator, failure plans)
need ``Authorization: Bearer <token>``; anything else gets a bare 401. With no token configured the
service makes one at start and prints a sign-in link for the simulator, as Jupyter does, so no mode
is ever open: the demo included.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable

from fastapi import HTTPException, Request

MIN_TOKEN_LENGTH = 16
"""A shorter token is refused at start: it could be guessed."""


def new_token() -> str:
    """A fresh token (256 bits), for a service started without one."""
    return secrets.token_urlsafe(32)


def check_token(token: str, source: str) -> str:
    """``token`` if it is long enough to stand for staff, else a ValueError naming where it came from and the fix."""
    if len(token) < MIN_TOKEN_LENGTH:
        raise ValueError(f"{source}: the staff token must be at least {MIN_TOKEN_LENGTH} characters; "
                         f"make one with: python -c 'import secrets; print(secrets.token_urlsafe(32))'")
    return token


def _same(given: str, token: str) -> bool:
    # Digests of equal length, compared in constant time: neither the token nor its length leaks.
    return hmac.compare_digest(hashlib.sha256(given.encode()).digest(), hashlib.sha256(token.encode()).digest())


def signed_in(request: Request, token: str, *, link: bool = False) -> bool:
    """Whether the request carries the staff token (``link``: a sign-in link's ``?token=`` counts too)."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and _same(given.strip(), token):
        return True
    return link and _same(request.query_params.get("token", ""), token)


UNAUTHORIZED = HTTPException(status_code=401, detail="unauthorized", headers={"WWW-Authenticate": "Bearer"})
"""The same bare answer whatever was wrong: no token, another scheme, a wrong token."""


def staff_only(token: str) -> Callable[[Request], None]:
    """A FastAPI dependency that refuses every request without the staff token."""

    def require(request: Request) -> None:
        if not signed_in(request, token):
            raise UNAUTHORIZED

    return require
