"""Run one worker: ``python -m service --port 8080 [--database-url URL] [--clinic-db PATH]``."""

import argparse
import os

import uvicorn


def main() -> None:
    """Parse the command line into the environment and serve one worker."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--database-url", help="postgresql://... or a SQLite path (env DATABASE_URL)")
    parser.add_argument("--clinic-db", help="the demo clinic's SQLite file (env CLINIC_DB)")
    parser.add_argument("--backoff", help="read-retry waits, e.g. 0.5,1.0 (env SERVICE_BACKOFF)")
    args = parser.parse_args()
    for flag, env in (("database_url", "DATABASE_URL"), ("clinic_db", "CLINIC_DB"), ("backoff", "SERVICE_BACKOFF")):
        if getattr(args, flag):
            os.environ[env] = getattr(args, flag)
    uvicorn.run("service.app:create_app", factory=True, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
