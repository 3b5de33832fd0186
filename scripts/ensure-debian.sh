#!/usr/bin/env bash
# Install a Debian package a command or a test needs, when it is missing.
#   scripts/ensure-debian.sh PACKAGE WHY CHECK     (CHECK: shell code that succeeds when it is already there)
# make test uses it for PostgreSQL (the multi-worker tests), Chromium (the simulator) and flite (the phone line).
set -euo pipefail
package=$1 why=$2 check=$3
if bash -c "$check" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "$package is missing ($why): run 'sudo apt-get install $package'" >&2
  exit 1
fi
echo "installing $package from Debian's packages ($why)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
