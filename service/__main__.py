"""Run one worker: ``python -m service --port 8080 [--config clinic.toml] [--database-url URL] [--clinic-db PATH]``."""

import argparse
import gc
import logging
import os
import sys

import uvicorn

GC_THRESHOLD = (10_000, 10, 10)
"""A turn leaves ~250 objects in reference cycles (LangGraph's frames and runs): collecting every 700 new
objects cost a loaded worker ~0.75 ms a turn, every 10,000 (after ``gc.freeze``) ~0.25 ms (timed with
``gc.callbacks`` under ``benchmarks/load.py``'s load), for ~4 MB more resident memory."""


def settle_memory() -> None:
    """Freeze what the imports made (~140,000 objects that live as long as the worker) and collect less often.

    A full collection walked all of them: ~110 ms a time, a pause every few hundred turns that landed in the p99.
    Frozen, a collection walks only what turns made since.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def main() -> None:
    """Parse the command line into the environment and serve one worker."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--database-url", help="postgresql://... or a SQLite path (env DATABASE_URL)")
    parser.add_argument("--clinic-db", help="the demo clinic's SQLite file (env CLINIC_DB)")
    parser.add_argument("--backoff", help="read-retry waits, e.g. 0.5,1.0 (env SERVICE_BACKOFF)")
    parser.add_argument("--config", help="the clinic's configuration file (env CLINIC_CONFIG); see clinic.example.toml")
    args = parser.parse_args()
    for flag, env in (("database_url", "DATABASE_URL"), ("clinic_db", "CLINIC_DB"), ("backoff", "SERVICE_BACKOFF"),
                      ("config", "CLINIC_CONFIG")):
        if getattr(args, flag):
            os.environ[env] = getattr(args, flag)
    from dialog.config import DEMO_CONFIG
    from dialog.config_file import config_from_env
    from service.auth import new_token

    try:  # a bad file stops the line here, with the key and the fix, before any caller reaches it
        config = config_from_env() or DEMO_CONFIG
    except ValueError as bad:
        sys.exit(f"bad clinic configuration: {bad}")
    staff = config.security.staff_token_env
    if not os.environ.get(staff):  # never an open mode: a token for this run, and the link that signs staff in
        os.environ[staff] = new_token()
        print(f"Staff sign-in (the call simulator): http://{args.host}:{args.port}/?token={os.environ[staff]}",
              flush=True)
    import service.app  # noqa: F401  # everything a worker imports, before the freeze

    try:  # Pipecat logs every transcript at DEBUG (loguru's default sink): caller words never reach the logs
        from phone.logs import keep_caller_words_out_of_logs
    except ImportError:  # no voice extra, no Pipecat
        pass
    else:
        keep_caller_words_out_of_logs()
    logging.basicConfig(level=logging.INFO, format="%(message)s")  # the turn lines (service.turns), as JSON
    settle_memory()
    # Access lines are info: at "warning" uvicorn built each one (client address, path) only to drop it.
    uvicorn.run("service.app:create_app", factory=True, host=args.host, port=args.port, log_level="warning",
                access_log=False)


if __name__ == "__main__":
    main()
