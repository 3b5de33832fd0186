"""What a failed CalDAV request becomes: ``ToolTimeout`` (retry a read; a write may have happened) or ``ToolError``.

No answer, no connection, a timeout or a 5xx is a timeout (a read may be retried by the agent; a write may or
may not have happened and is never re-sent); a refusal of access or a missing calendar is an error that names
the fix.
"""

from __future__ import annotations

import logging
import threading

from caldav.lib import error as dav_error
from caldav.lib.http_sync import requests
from lxml import etree

from voicekit.clinics.backend import ToolError, ToolTimeout

log = logging.getLogger("voicekit.caldav")
_SAID: set[tuple[str, str]] = set()
_SAYING = threading.Lock()

# What a request or a search can raise: no answer (niquests), a refusal (caldav), a reply that is not CalDAV.
FAILURES = (requests.exceptions.RequestException, dav_error.DAVError, etree.LxmlError, ValueError)


def said_once(url: str, kind: str, message: str) -> None:
    """Log a calendar that is set up wrong, once per process and kind of fault: the operator's fix, never a secret."""
    with _SAYING:
        first = (url, kind) not in _SAID
        _SAID.add((url, kind))
    if first:
        log.error("the clinic's calendar is not usable: %s", message)


def failure(tool: str, exc: Exception, *, url: str, timeout: float, read: bool, note: str = "",
            credentials: str = "") -> Exception:
    """The tool error for ``exc``, raised by ``tool`` against the calendar at ``url`` (raise it ``from exc``).

    A fault of the set-up (the sign-in refused, no such calendar, a TLS failure) is also logged once with its fix
    (``credentials`` names where the sign-in comes from, such as the environment variables; never their values).
    """
    status = getattr(exc, "status", None)
    if isinstance(exc, dav_error.AuthorizationError) or status in (401, 403):
        fix = note or (f"check the calendar's username and password{credentials}" if status != 403
                       else "the account needs read and write rights on this calendar")
        message = f"the calendar at {url} refused access ({status}): {fix}"
        said_once(url, "access", message)
        return ToolError("error", f"{tool}: {message}")
    if isinstance(exc, requests.exceptions.SSLError):
        message = (f"the calendar at {url} failed the TLS check ({type(exc).__name__}): check that the address names "
                   "the host its certificate is for, and for a private certificate authority set SSL_CERT_FILE to "
                   "its certificate")
        said_once(url, "tls", message)
        return ToolError("error", f"{tool}: {message}")
    effect = "" if read else "; it may or may not have been done, and is not sent again"
    if isinstance(exc, requests.exceptions.Timeout):
        return ToolTimeout(f"{tool}: no answer from the calendar at {url} within {timeout:g} s{effect}")
    if isinstance(exc, requests.exceptions.RequestException):
        return ToolTimeout(f"{tool}: could not reach the calendar at {url} ({type(exc).__name__}: is the "
                           f"server up, is the address right?){effect}")
    if isinstance(exc, dav_error.RateLimitError) or (status or 0) >= 500:
        return ToolTimeout(f"{tool}: the calendar server at {url} is failing or busy ({status}){effect}")
    if status in (404, 409):
        message = (f"there is no calendar at {url} ({status}): check the calendar URL, or create the calendar in "
                   "the server or app first")
        said_once(url, "missing", message)
        return ToolError("error", f"{tool}: {message}")
    return ToolError("error", f"{tool}: the calendar gave an unexpected answer: {exc}{note and '; ' + note}")
