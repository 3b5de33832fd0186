#!/usr/bin/env bash
# The headless Chromium the simulator tests drive with Playwright (Debian's package: `playwright install`
# cannot download browsers here).
set -euo pipefail
if command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install chromium-headless-shell'" >&2
  exit 1
fi
echo "installing Chromium from Debian's packages (for the browser simulator tests)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
