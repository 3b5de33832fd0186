#!/usr/bin/env bash
# The PostgreSQL server binaries the tests start a throwaway cluster with (Debian's package).
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "PostgreSQL server binaries are missing: run 'sudo apt-get install postgresql'" >&2
  exit 1
fi
echo "installing PostgreSQL from Debian's packages (for the multi-worker tests)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
