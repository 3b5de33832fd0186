#!/usr/bin/env bash
# flite: the phone line's text to speech (and the tests' synthetic callers). Debian's package, BSD-style licence.
set -euo pipefail
if command -v flite >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "flite is missing: run 'sudo apt-get install flite'" >&2
  exit 1
fi
echo "installing flite from Debian's packages (the phone line's voice)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq flite >/dev/null
